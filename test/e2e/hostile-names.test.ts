/**
 * Hostile file names, committed to a real repository and detected end to end by the spawned action: shell
 * syntax, workflow commands, Markdown and HTML, line breaks, non-ASCII. Each is committed twice: under
 * images/ (which url-map maps) and at the top (which it does not, so that the name is skipped, and shown in the
 * log's warning and the summary's list).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rendered } from '../support/markdown.ts';
import { parse } from 'yaml';
import { startEmulator, type Emulator } from '../emulator/server.ts';
import { ROOT_KEY } from '../support/client.ts';
import { createOrigin, pushPayload, writeEvent, type Origin, type Sha } from '../support/git-repo.ts';
import { runAction, type ActionRun } from '../support/runner.ts';
import { runnerCommands } from '../support/runner-commands.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Names without a line break, mapped exactly today. */
const NAMES = [
  'with space.png',
  `"double" and 'single' quotes.png`,
  '$(touch pwned).png',
  '`touch pwned`.png',
  '-rf --version.png',
  '::set-output name=x::y.png',
  '::error::boom.png',
  '%0A::error::percent.png',
  'café.png',
  '日本.png',
  '<img src=x onerror=alert(1)>.png',
  '|pipe|.png',
  '[link](javascript:alert(1)).png',
  '#hash?query&x=1.png',
  '* star _under_ ~tilde~.png',
];
/** A file name cannot hold '/': `[link](http://e).png` is a path, [link](http: / e).png, as git stores it. */
const LINK_PATH = '[link](http:/e).png';
const BREAKS = ['line\nbreak.png', 'carriage\rreturn.png', 'new\n::error::line.png'];
const ALL = [...NAMES, ...BREAKS];

/** The workflow commands the action may print: the runner acts on these, so no name may start one. */
const ACTION_COMMANDS = new Set(['add-mask', 'group', 'endgroup', 'debug', 'warning', 'error', 'notice']);

let origin: Origin;
let emulator: Emulator;
let result: ActionRun;
let invalidated: string[];
let workspace: string;
let head: Sha;

/** The path of an invalidated URL, decoded: the repository path it stands for, under images/. */
const decodedPath = (url: string): string => decodeURIComponent(new URL(url).pathname);

interface FilesReport {
  files: { found: number; selected: number; mapped: number; unmapped: string[] };
}

// Windows refuses these names (any of " * : < > ? | and line breaks) in its file systems, so a checkout there
// cannot hold such files: the names exist only in repositories made on Linux or macOS.
const NAMES_CANNOT_EXIST = process.platform === 'win32';

describe.skipIf(NAMES_CANNOT_EXIST)('hostile file names, end to end', () => {
  beforeAll(async () => {
    origin = createOrigin('changes-hostile-');
    emulator = await startEmulator();
    const work = origin.work;
    work.write('README.md');
    const base = work.commit('root');
    for (const name of ALL) work.write(`images/${name}`).write(name);
    work.write(`images/${LINK_PATH}`);
    head = work.commit('hostile names');
    work.push('main');
    workspace = origin.clone().dir;
    result = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': emulator.url,
        'service-key': 'svc',
        'url-map': 'images => https://www.example.com/images',
      },
      {
        GITHUB_EVENT_NAME: 'push',
        GITHUB_EVENT_PATH: writeEvent(origin.root, pushPayload(base, head)),
        GITHUB_WORKSPACE: workspace,
        GITHUB_SHA: head,
        GITHUB_REPOSITORY: 'octo-org/octo-repo',
        GITHUB_API_URL: 'http://127.0.0.1:9',
      },
    );
    invalidated = [...emulator.invalidated.assets];
  });

  afterAll(async () => {
    await emulator.close();
    origin.dispose();
  });

  it('are all detected, byte for byte, the skipped ones named in the report', () => {
    expect(result.exitCode).toBe(0);
    const files = (JSON.parse(result.report) as FilesReport).files;
    expect(files).toMatchObject({ found: 2 * ALL.length + 1, selected: 2 * ALL.length + 1 });
    expect([...files.unmapped].sort()).toEqual([...ALL].sort());
  });

  it('are mapped like any other name: each reaches the service as its own URL, with no query or fragment', () => {
    for (const url of invalidated) {
      expect(new URL(url).search, url).toBe('');
      expect(new URL(url).hash, url).toBe('');
    }
    const paths = invalidated.map(decodedPath);
    for (const name of [...NAMES, LINK_PATH]) expect(paths, name).toContain(`/images/${name}`);
  });

  // The URL parser would delete tab, LF and CR, and so invalidate another image: they are percent-encoded first.
  it('a name with a line break reaches the service as its own URL, the break as %0A or %0D', () => {
    const paths = invalidated.map(decodedPath);
    for (const name of BREAKS) expect(paths, JSON.stringify(name)).toContain(`/images/${name}`);
  });

  it('runs no shell: no file pwned appears anywhere', () => {
    const everywhere = [workspace, origin.root, root, tmpdir(), process.cwd()];
    for (const dir of everywhere) expect(existsSync(join(dir, 'pwned')), dir).toBe(false);
    const underRoot = readdirSync(origin.root, { recursive: true, encoding: 'utf8' });
    expect(underRoot.filter((path) => basename(path) === 'pwned')).toEqual([]);
  });

  it('starts no workflow command: every stdout line starting with :: is one of the action own', () => {
    const commands = result.stdout
      .split('\n')
      .filter((line) => line.startsWith('::'))
      .map((line) => /^::([a-z-]+)/.exec(line)?.[1] ?? line);
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.filter((command) => !ACTION_COMMANDS.has(command))).toEqual([]);
    expect(result.stdout).not.toMatch(/^::set-output/m);
    expect(result.stdout).not.toMatch(/^::error::(boom|line|percent)/m);
    expect(result.stdout).not.toMatch(/^::error::/m); // a run that succeeds reports no error at all
  });

  it('names the skipped files in one warning, each on the warning line itself', () => {
    const warnings = result.stdout.split('\n').filter((line) => line.startsWith('::warning::'));
    const skipped = warnings.filter((line) => line.includes('skipped: no url-map rule maps'));
    expect(skipped).toHaveLength(1);
    // The runner decodes %0A and %0D back to line breaks inside the message, where they start nothing.
    expect(skipped[0]).toContain('"::error::boom.png"');
    expect(skipped[0]).toContain('line\\nbreak.png');
  });

  it('writes only the outputs action.yml declares', () => {
    const declared = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as {
      outputs: Record<string, unknown>;
    };
    expect(Object.keys(result.outputs).sort()).toEqual(Object.keys(declared.outputs).sort());
    expect(JSON.parse(result.outputs.invalidated ?? '')).toEqual(invalidated);
  });

  it('shows no raw HTML from a name in the summary', () => {
    expect(result.summary).not.toContain('<img');
    expect(result.summary).not.toContain('onerror=alert(1)>');
  });

  it('keeps every table row of the summary to its columns: no | from a name', () => {
    // Each table's rows are consecutive lines starting with |; its first row is its header.
    const tables = result.summary
      .split(/\n(?!\|)/)
      .map((block) => block.split('\n').filter((line) => line.startsWith('|')))
      .filter((rows) => rows.length > 0);
    expect(tables.length).toBeGreaterThan(0);
    const cells = (row: string): number => row.split(/(?<!\\)\|/).length;
    for (const rows of tables) {
      const header = rows[0] ?? '';
      for (const row of rows) expect(cells(row), row).toBe(cells(header));
    }
    expect(result.summary).not.toMatch(/(?<!\\)\|pipe/);
  });

  it('lists each skipped name as one list item: no line break splits one, no name starts a new one', () => {
    const lines = result.summary.split('\n');
    const start = lines.findIndex((line) => line.startsWith('Skipped, since no `url-map` rule maps them'));
    expect(start).toBeGreaterThan(0);
    const items: string[] = [];
    for (let i = start + 2; i < lines.length && lines[i] !== ''; i++) items.push(lines[i] ?? '');
    expect(items).toHaveLength(ALL.length);
    for (const item of items) {
      expect(item).toMatch(/^- /);
      expect(item.slice(2)).not.toMatch(/^([-*+]|\d+[.)])\s/); // not a nested list marker
    }
    // As a reader sees them: each name whole, a line break shown as a space.
    const shown = items.map((item) => rendered(item.slice(2))).sort();
    expect(shown).toEqual(ALL.map((name) => name.replace(/[\r\n]+/g, ' ')).sort());
  });
});

describe.skipIf(NAMES_CANNOT_EXIST)('an annotation on a hostile file name', () => {
  // Names the runner's property escapes must carry: a line break, both command forms, the property separators.
  const SKIPPED = [
    'other/line\nbreak.png',
    'other/a##[error]b.png',
    'other/x,file=y.png',
    'other/::c%0A.png',
  ];

  it('lands on that very file: its file property reads back, as the runner reads it, as the exact path', async () => {
    const run = await runAction({
      'dry-run': 'true',
      'api-key': '',
      'base-url': 'https://api.example.com',
      'service-key': 'svc',
      files: JSON.stringify(SKIPPED),
      'url-map': 'images => https://www.example.com/images',
    });
    expect(run.exitCode).toBe(0);
    const files = runnerCommands(run.stdout)
      .filter((command) => command.name === 'warning' && command.properties?.file !== undefined)
      .map((command) => command.properties?.file);
    expect(files.sort()).toEqual([...SKIPPED].sort());
  });
});
