/**
 * What the job summary, the log and the JSON report say about changed files: where the list came from (a git
 * range, the files input; the GitHub API is in github-api.test.ts) and how many files were found, selected,
 * mapped and skipped. Spawned as the runner spawns the action, against the emulator.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rendered } from '../support/markdown.ts';
import { startEmulator, type Emulator } from '../emulator/server.ts';
import { ROOT_KEY } from '../support/client.ts';
import {
  createOrigin,
  pushPayload,
  webhookExample,
  writeEvent,
  type Origin,
  type Sha,
} from '../support/git-repo.ts';
import { runAction, type ActionRun } from '../support/runner.ts';

const URL_MAP = 'public/images => https://www.example.com/images';

let origin: Origin;
let emulator: Emulator;
let base: Sha;
let head: Sha;
let docsOnly: Sha;
let otherOnly: Sha;
let events = 0;

beforeAll(async () => {
  emulator = await startEmulator();
  origin = createOrigin('changes-summary-');
  const work = origin.work;
  work.write('README.md').write('public/images/old.png');
  base = work.commit('root');
  work.write('public/images/a.png').write('public/images/b.gif').write('other/c.png').write('docs/d.md');
  work.remove('public/images/old.png');
  head = work.commit('images');
  work.write('docs/e.md').write('docs/f.txt');
  docsOnly = work.commit('docs only');
  work.write('other/x.png').write('other/y.png');
  otherOnly = work.commit('images outside url-map');
  work.push('main');
});
afterAll(async () => {
  await emulator.close();
  origin.dispose();
});
beforeEach(() => {
  emulator.reset();
});

function run(
  eventName: string,
  payload: unknown,
  sha: Sha,
  inputs: Record<string, string> = {},
): Promise<ActionRun> {
  return runAction(
    { 'api-key': ROOT_KEY, 'base-url': emulator.url, 'service-key': 'svc', 'url-map': URL_MAP, ...inputs },
    {
      GITHUB_EVENT_NAME: eventName,
      GITHUB_EVENT_PATH: writeEvent(origin.root, payload, `event-${++events}.json`),
      GITHUB_WORKSPACE: origin.work.dir,
      GITHUB_SHA: sha,
      GITHUB_REPOSITORY: 'octo-org/octo-repo',
      GITHUB_API_URL: 'http://127.0.0.1:9',
    },
  );
}

interface FilesReport {
  files?: { source: string; found: number; selected: number; mapped: number; unmapped: string[] };
}

const short = (sha: Sha): string => sha.slice(0, 7);

describe('a push detected with git', () => {
  let result: ActionRun;
  let invalidated: string[];
  beforeAll(async () => {
    result = await run('push', pushPayload(base, head), head);
    invalidated = [...emulator.invalidated.assets];
  });

  it('invalidates the mapped images, the deleted one too', () => {
    expect(result.exitCode).toBe(0);
    expect([...invalidated].sort()).toEqual([
      'https://www.example.com/images/a.png',
      'https://www.example.com/images/b.gif',
      'https://www.example.com/images/old.png',
    ]);
  });

  it('the summary names the git range and counts found, selected, mapped and skipped, and names the skipped', () => {
    const summary = rendered(result.summary);
    expect(summary).toContain('### Changed files');
    expect(summary).toContain(
      `From git diff ${short(base)} ${short(head)} (push): 5 found, 4 selected by \`paths\`, ` +
        '3 mapped to URLs by `url-map`, 1 skipped.',
    );
    expect(summary).toContain('Skipped, since no `url-map` rule maps them:\n\n- other/c.png\n');
  });

  it('the log says the same, and warns about the skipped file', () => {
    expect(result.stdout).toContain(`Changed files: git diff ${short(base)} ${short(head)} (push)\n`);
    expect(result.stdout).toContain(
      '5 files found, 4 selected by paths, 3 mapped to URLs by url-map, 1 skipped.',
    );
    expect(result.stdout).toContain(
      '::warning::1 changed image was skipped: no url-map rule maps it ("other/c.png").',
    );
  });

  it('the report holds the source and the counts', () => {
    expect((JSON.parse(result.report) as FilesReport).files).toEqual({
      source: `git diff ${short(base)} ${short(head)} (push)`,
      found: 5,
      selected: 4,
      patterns: ['**/*.{apng,avif,bmp,gif,heic,heif,ico,jfif,jpeg,jpg,jxl,pjp,pjpeg,png,svg,tif,tiff,webp}'],
      mapped: 3,
      urlMap: [{ pathPrefix: 'public/images', urlPrefix: 'https://www.example.com/images/' }],
      unmapped: ['other/c.png'],
    });
  });
});

describe('the files input', () => {
  it('is named as the source, with its counts, and nothing is detected', async () => {
    const result = await run('workflow_dispatch', webhookExample('workflow_dispatch'), head, {
      files: '["public/images/x.png", "public/images/y.md", "z/w.png"]',
      'dry-run': 'true',
    });
    expect(result.exitCode).toBe(0);
    expect(rendered(result.summary)).toContain(
      'From the files input: 3 found, 2 selected by `paths`, 1 mapped to URLs by `url-map`, 1 skipped.',
    );
    expect((JSON.parse(result.report) as FilesReport).files?.source).toBe('the files input');
  });
});

describe('nothing to invalidate', () => {
  it('a push of documents alone stays green, and the notice names paths, its patterns and the source', async () => {
    const result = await run('push', pushPayload(head, docsOnly), docsOnly, { paths: '**/*.png\n**/*.gif' });
    expect(result.exitCode).toBe(0);
    expect(emulator.requests).toHaveLength(0);
    const notice =
      `Nothing to invalidate: 2 files changed (git diff ${short(head)} ${short(docsOnly)} (push)), and paths ` +
      'selects none of them (paths: "**/*.png", "**/*.gif").';
    expect(result.stdout).toContain(`::notice::${notice}`);
    expect(rendered(result.summary)).toContain('2 found, none selected by `paths`.');
    expect(rendered(result.summary)).toContain(notice);
  });

  it('a push of images outside url-map stays green, and the notice names url-map, its rules and a path', async () => {
    const result = await run('push', pushPayload(docsOnly, otherOnly), otherOnly);
    expect(result.exitCode).toBe(0);
    expect(emulator.requests).toHaveLength(0);
    expect(result.stdout).toContain(
      `::notice::Nothing to invalidate: paths selects 2 of the 2 changed files (git diff ${short(docsOnly)} ` +
        `${short(otherOnly)} (push)), and url-map maps none of them (url-map: "public/images => ` +
        'https://www.example.com/images/"); for example "other/x.png" is under none of its path prefixes.',
    );
    // On each file, so that a pull request shows it on the diff.
    for (const file of ['other/x.png', 'other/y.png']) {
      expect(result.stdout).toContain(
        `::warning file=${file}::No url-map rule maps this image, so it is not invalidated.`,
      );
    }
  });

  it('a workflow_dispatch without since fails before sending anything, and says since is needed', async () => {
    const result = await run('workflow_dispatch', webhookExample('workflow_dispatch'), head);
    expect(result.exitCode).toBe(1);
    expect(emulator.requests).toHaveLength(0);
    expect(result.stdout).toMatch(/^::error::since: the workflow was triggered by 'workflow_dispatch'/m);
    expect(result.summary).toContain('Nothing was sent');
  });

  it('a workflow_dispatch with since compares since with GITHUB_SHA', async () => {
    const result = await run('workflow_dispatch', webhookExample('workflow_dispatch'), head, {
      since: base,
      'dry-run': 'true',
    });
    expect(result.exitCode).toBe(0);
    expect((JSON.parse(result.report) as FilesReport).files).toMatchObject({
      source: `git diff ${short(base)} ${short(head)} (since ${base})`,
      found: 5,
      mapped: 3,
    });
  });
});
