/**
 * The pull-request preview: a dry run over a real git repository, through the built action as the runner spawns it.
 * Each image is listed once, with the change of its file; the files `paths` left out are named; and the same Markdown
 * is written to the file the `summary-file` output names, for a later workflow to post as a comment.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUrlMap } from '../../src/settings/url-map.ts';
import { planRun, PREVIEW_ROWS } from '../../src/plan/plan.ts';
import { summaryMarkdown } from '../../src/report/summary.ts';
import { createOrigin, pushPayload, writeEvent, type Origin, type Sha } from '../support/git-repo.ts';
import { runAction, type ActionRun } from '../support/runner.ts';
import { reportFrom } from '../support/fixtures.ts';

const URL_MAP = 'public/images => https://www.example.com/images';
const IMAGES = 'https://www.example.com/images';

let origin: Origin;
let run: ActionRun;

beforeAll(async () => {
  origin = createOrigin('preview-');
  const work = origin.work;
  work
    .write('public/images/kept.png')
    .write('public/images/edited.png')
    .write('public/images/gone.png')
    .write('public/images/old-name.png', 'the same bytes before and after the rename\n');
  const base: Sha = work.commit('root');
  work.write('public/images/new.png');
  work.write('public/images/edited.png', 'edited\n');
  work.remove('public/images/gone.png');
  work.move('public/images/old-name.png', 'public/images/new-name.png');
  work.write('public/images/notes.txt');
  const head: Sha = work.commit('images');
  work.push('main');
  run = await runAction(
    {
      'base-url': 'https://dashboard.example.com',
      'service-key': 'svc',
      'url-map': URL_MAP,
      'dry-run': 'true',
      'image-host': 'img.example.net',
    },
    {
      GITHUB_EVENT_NAME: 'push',
      GITHUB_EVENT_PATH: writeEvent(origin.root, pushPayload(base, head)),
      GITHUB_WORKSPACE: work.dir,
      GITHUB_SHA: head,
      GITHUB_REPOSITORY: 'octo-org/octo-repo',
      GITHUB_API_URL: 'http://127.0.0.1:9',
    },
  );
});
afterAll(() => {
  origin.dispose();
});

/** The lines of the Markdown that name this URL. */
const linesOf = (markdown: string, url: string): string[] =>
  markdown.split('\n').filter((line) => line.includes(url));

describe('the preview of a dry run over changed files', () => {
  it('succeeds', () => {
    expect(run.exitCode, run.stderr).toBe(0);
  });

  it.each([
    ['new.png', 'added'],
    ['edited.png', 'changed'],
    ['gone.png', 'deleted'],
    ['new-name.png', 'renamed from public/images/old-name.png'],
  ])('lists %s once, with its change: %s', (name, change) => {
    const lines = linesOf(run.summary, `${IMAGES}/${name}`);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.replace(/\\/g, '')).toContain(change);
  });

  it('lists the old path of a renamed file once, as renamed to its new path', () => {
    const lines = linesOf(run.summary, `${IMAGES}/old-name.png`);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.replace(/\\/g, '')).toContain('renamed to public/images/new-name.png');
  });

  it('names the file that paths left out', () => {
    const summary = run.summary.replace(/\\/g, '');
    expect(summary).toMatch(/left out by `paths`/);
    expect(summary).toContain('public/images/notes.txt');
    expect(linesOf(run.summary, `${IMAGES}/kept.png`)).toEqual([]);
  });

  it('writes the same Markdown to the file named by the summary-file output', () => {
    const path = run.outputs['summary-file'] ?? '';
    expect(path).not.toBe('');
    expect(run.summaryFile).toBe(run.summary);
    expect(existsSync(path)).toBe(false); // under RUNNER_TEMP, which the runner empties after the job
  });
});

describe('the preview, at any size', () => {
  const urlMap = parseUrlMap(URL_MAP);
  const many = (count: number, name: (i: number) => string): string[] =>
    Array.from({ length: count }, (_, i) => name(i));

  async function previewOf(files: string[]): Promise<string> {
    const plan = planRun(
      { target: { scope: 'assets', assets: [], changes: { patterns: ['**/*.png'], urlMap } }, token: false },
      { files, changes: files.map(() => ({ status: 'added' })), source: 'test' },
    );
    return summaryMarkdown(await reportFrom({ plan }));
  }

  it(`lists the first ${PREVIEW_ROWS} images and counts the rest, each image once`, async () => {
    const images = many(PREVIEW_ROWS + 50, (i) => `public/images/${i}.png`);
    const markdown = await previewOf(images);
    const rows = markdown.split('\n').filter((line) => line.startsWith(`| [${IMAGES}/`));
    expect(rows).toHaveLength(PREVIEW_ROWS);
    expect(markdown).toContain('… and 50 more: the JSON report');
    expect(markdown).not.toContain('### Assets that would be invalidated');
  });

  it(`names the first ${PREVIEW_ROWS} files that paths left out and counts the rest`, async () => {
    const markdown = await previewOf([
      'public/images/a.png',
      ...many(PREVIEW_ROWS + 7, (i) => `docs/${i}.md`),
    ]);
    expect(markdown.split('\n').filter((line) => line.startsWith('- docs/'))).toHaveLength(PREVIEW_ROWS);
    expect(markdown).toContain(`left out by \`paths\` (not images by its patterns): ${PREVIEW_ROWS + 7}.`);
    expect(markdown).toContain('- … and 7 more files');
  });
});
