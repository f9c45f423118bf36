/**
 * The recipe fed by tj-actions/changed-files (docs/recipes/changed-files-action.md), as written: its settings of that
 * action produce the list in that action's exact output format (test/support/changed-files-action.ts), for names
 * that shells and JSON find hostile, a deletion and a rename; the built action reads it through the recipe's
 * `files-from` and invalidates every image the push touched, the deleted one and both names of the renamed one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { changedFilesAction, type ChangedFilesWith } from '../support/changed-files-action.ts';
import { readPage } from '../support/docs.ts';
import { useEmulator } from '../support/emulator.ts';
import { createOrigin, pushPayload, writeEvent, type Origin, type Sha } from '../support/git-repo.ts';
import { codeBlocks, parseYaml } from '../support/readme-blocks.ts';
import { runAction } from '../support/runner.ts';

const PAGE = 'docs/recipes/changed-files-action.md';

interface Step {
  readonly uses?: string;
  readonly with?: Record<string, unknown>;
}

/** The recipe's step of tj-actions/changed-files and its step of this action. */
function recipe(): { changed: ChangedFilesWith; ours: Record<string, unknown> } {
  for (const block of codeBlocks(readPage(PAGE).text).filter((b) => b.language === 'yaml')) {
    const data = parseYaml(block.text).data as { jobs?: Record<string, { steps: Step[] }> };
    const steps = Object.values(data.jobs ?? {}).flatMap((job) => job.steps);
    const changed = steps.find((step) => step.uses?.startsWith('tj-actions/changed-files@'));
    const ours = steps.find((step) => step.uses?.startsWith('image-cache-invalidate/'));
    if (changed !== undefined && ours !== undefined)
      return { changed: changed.with ?? {}, ours: ours.with ?? {} };
  }
  throw new Error(`${PAGE}: no workflow with a step of tj-actions/changed-files and one of this action`);
}

/** Names with each character tj-actions' safe_output escapes, and letters outside ASCII. */
const HOSTILE = ['hero (1).png', 'a&b!$.png', 'x:y;z.png', 'café.png', '日本の写真.jpg', 'Ünïcödé.webp'];
const IMAGES = 'public/images';
const url = (name: string): string => new URL(`https://www.example.com/images/${name}`).href;

describe('the recipe fed by tj-actions/changed-files', () => {
  const emulator = useEmulator({ serviceKey: 'my-service' });
  let origin: Origin;
  let base: Sha;
  let head: Sha;

  beforeAll(() => {
    origin = createOrigin('changed-files-recipe-');
    const work = origin.work;
    work
      .write(`${IMAGES}/kept.png`)
      .write(`${IMAGES}/gone.png`)
      .write(`${IMAGES}/old name.png`, 'a picture\n');
    work.write('README.md');
    base = work.commit('first');
    work.write(`${IMAGES}/kept.png`, 'new bytes\n').remove(`${IMAGES}/gone.png`);
    work.move(`${IMAGES}/old name.png`, `${IMAGES}/new name.png`);
    for (const name of HOSTILE) work.write(`${IMAGES}/${name}`);
    work.write('docs/page.md');
    head = work.commit('second');
  });
  afterAll(() => {
    origin.dispose();
  });

  it('invalidates every image the push touched: hostile names, the deleted one, both names of the renamed one', async () => {
    const { changed, ours } = recipe();
    changedFilesAction(origin.work.dir, base, head, changed);
    const run = await runAction(
      {
        ...Object.fromEntries(Object.entries(ours).map(([name, value]) => [name, String(value)])),
        'api-key': ROOT_KEY,
        'service-key': 'my-service',
        'base-url': emulator().url,
      },
      {
        GITHUB_EVENT_NAME: 'push',
        GITHUB_EVENT_PATH: writeEvent(origin.root, pushPayload(base, head)),
        GITHUB_WORKSPACE: origin.work.dir,
        GITHUB_SHA: head,
        GITHUB_REPOSITORY: 'octo-org/site',
        GITHUB_API_URL: 'http://127.0.0.1:9',
      },
    );
    expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect([...emulator().invalidated.assets].sort()).toEqual(
      ['kept.png', 'gone.png', 'old name.png', 'new name.png', ...HOSTILE].map(url).sort(),
    );
  });

  it("writes no JSON with tj-actions' defaults, which the recipe changes: safe_output escapes the names", () => {
    const values = changedFilesAction(origin.work.dir, base, head, { json: true });
    expect(() => JSON.parse(values.all_changed_files ?? '') as unknown).toThrow();
    expect(values.all_changed_files).toContain('hero \\(1\\).png');
  });

  it('leaves deletions and the old name of a rename out of all_changed_files, which the recipe does not read', () => {
    const values = changedFilesAction(origin.work.dir, base, head, {
      json: true,
      safe_output: false,
      escape_json: false,
    });
    const listed = JSON.parse(values.all_changed_files ?? '[]') as string[];
    expect(listed).not.toContain(`${IMAGES}/gone.png`);
    expect(listed).not.toContain(`${IMAGES}/old name.png`);
    expect(recipe().ours['files-from']).not.toMatch(/all_changed_files/);
  });
});
