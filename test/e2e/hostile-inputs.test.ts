/**
 * Inputs made to leak, climb out or make things up, through the built action and the built command: each is
 * refused before anything is sent, naming the input the user set, with nothing secret in any output.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { runCommand, shellQuote, spawnProcess } from '../support/command.ts';
import { useEmulator } from '../support/emulator.ts';
import { parseOutputFile, runAction, runnerInputs, type ActionRun } from '../support/runner.ts';

const emulator = useEmulator();
const SECRET = 'hunter2-in-the-url';
const URL_MAP = 'public/images => https://www.example.com/images';

/** Runs the action in a workspace holding `list.txt` with these bytes. */
async function withList(
  bytes: string | Buffer,
  inputs: Record<string, string>,
  env: Record<string, string> = {},
): Promise<ActionRun> {
  const workspace = mkdtempSync(join(tmpdir(), 'hostile-list-'));
  try {
    writeFileSync(join(workspace, 'list.txt'), bytes);
    return await action(inputs, { GITHUB_WORKSPACE: workspace, ...env });
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

function action(inputs: Record<string, string>, env: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({ 'api-key': ROOT_KEY, 'base-url': emulator().url, 'service-key': 'svc', ...inputs }, env);
}

/** Everything a run leaves for a reader: its log, outputs, summary, report and list files. */
function everything(run: ActionRun): string {
  return [run.stdout, run.stderr, JSON.stringify(run.outputs), run.summary, run.report, run.summaryFile]
    .concat(Object.values(run.lists))
    .join('\n');
}

/** The step failed with this error annotation, and nothing reached the service. */
function expectRefused(run: ActionRun, error: string): void {
  expect(run.exitCode).toBe(1);
  expect(emulator().requests).toEqual([]);
  expect(run.stdout).toContain(`::error::${error}`);
}

describe('no credential in any URL input: refused, shown with *** for them', () => {
  it.each([
    [
      'user:password@',
      `https://deploy:${SECRET}@www.example.com/images`,
      'https://***@www.example.com/images',
    ],
    ['token@', `https://${SECRET}@www.example.com/images`, 'https://***@www.example.com/images'],
    [
      'user:password@ without slashes',
      `https:deploy:${SECRET}@www.example.com/images`,
      '***@www.example.com/images',
    ],
  ])('a url-map URL prefix with %s', async (_, prefix, shown) => {
    const run = await action({ files: 'public/images/a.png', 'url-map': `public/images => ${prefix}` });
    expectRefused(run, `url-map: "public/images => ${shown}" holds a user name or password`);
    expect(everything(run)).not.toContain(SECRET);
  });

  it('a url-map URL prefix that is not http, with a password', async () => {
    const run = await action({
      files: 'public/images/a.png',
      'url-map': `public/images => ftp://u:${SECRET}@h/i`,
    });
    expectRefused(run, 'url-map: "public/images => ftp://***@h/i" holds a user name or password');
    expect(everything(run)).not.toContain(SECRET);
  });

  it.each([
    [
      'image-host',
      { scope: 'all', token: 'true', 'image-host': `u:${SECRET}@img.example.net` },
      '***@img.example.net',
    ],
    [
      'domain',
      { scope: 'domain', domain: `https://u:${SECRET}@www.example.com` },
      'https://***@www.example.com',
    ],
    ['domain', { scope: 'domain', domain: `u:${SECRET}@www.example.com` }, '***@www.example.com'],
    [
      'base-url',
      { scope: 'all', 'base-url': `https://u:${SECRET}@api.example.com` },
      'https://***@api.example.com',
    ],
  ])('%s with a password', async (input, inputs, shown) => {
    const run = await action(inputs);
    expectRefused(run, `${input}: "${shown}" holds a user name or password`);
    expect(everything(run)).not.toContain(SECRET);
  });
});

describe('the command never prints an argument it could not parse in full', () => {
  const env = (): Record<string, string> => ({
    IMAGE_CACHE_API_KEY: ROOT_KEY,
    IMAGE_CACHE_BASE_URL: emulator().url,
    IMAGE_CACHE_SERVICE_KEY: 'svc',
  });

  it.each([
    ['after a flag that takes no value', ['--scope', 'all', '--token', ROOT_KEY], 4],
    ['alone', ['--scope', 'all', ROOT_KEY], 3],
  ])('a stray argument %s: shown by its position and length', async (_, args, position) => {
    const run = await runCommand(args, { env: env() });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(
      `error: argument ${position} (${ROOT_KEY.length} characters, not shown) is not a flag of this command;`,
    );
    expect(run.stderr + run.stdout).not.toContain(ROOT_KEY);
    expect(emulator().requests).toEqual([]);
  });

  it('--api-key-file given the key instead of a path: shown by its position and length', async () => {
    const run = await runCommand(['--scope', 'all', '--api-key-file', ROOT_KEY], {
      env: { IMAGE_CACHE_BASE_URL: emulator().url, IMAGE_CACHE_SERVICE_KEY: 'svc' },
    });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(
      `--api-key-file: cannot read argument 4 (${ROOT_KEY.length} characters, not shown) (ENOENT)`,
    );
    expect(run.stderr + run.stdout).not.toContain(ROOT_KEY);
  });
});

describe('nothing maps outside its url-map rule', () => {
  it.each([
    ['/', 'public/images/../../admin/secret.png'],
    ['\\', 'public\\images\\..\\..\\admin\\secret.png'],
    ['/ and a . segment', 'public/images/./a.png'],
  ])('a path with dot segments (%s) is refused, naming the entry', async (_, path) => {
    const run = await action({ files: `public/images/a.png\n${path}`, 'url-map': URL_MAP });
    expectRefused(run, `files: ${JSON.stringify(path)} has a '.' or '..' segment`);
    expect(everything(run)).not.toContain('https://www.example.com/admin');
  });

  it('an oversized line in files-from is refused while read, in bounded memory, stating the limit', async () => {
    const line = `public/images/${'a'.repeat(50 * 2 ** 20)}.png`;
    // A heap far below what reading the line whole and parsing it took (831 MB at its peak).
    const run = await withList(
      `public/images/a.png\n${line}\n`,
      { 'files-from': 'list.txt', 'url-map': URL_MAP },
      { NODE_OPTIONS: '--max-old-space-size=96' },
    );
    expectRefused(run, 'files-from "list.txt": line 2 holds an entry longer than 16 KiB');
  }, 60_000);
});

describe('nothing made up', () => {
  it('a name that is not UTF-8 in files-from is refused, its bytes shown escaped', async () => {
    const list = Buffer.concat([
      Buffer.from('public/images/a.png\npublic/images/caf'),
      Buffer.from([0xe9]),
      Buffer.from('.png\n'),
    ]);
    const run = await withList(list, { 'files-from': 'list.txt', 'url-map': URL_MAP });
    expectRefused(run, 'files-from "list.txt": line 2, "public/images/caf\\xE9.png", is not UTF-8');
    expect(everything(run)).not.toContain('%EF%BF%BD');
    expect(everything(run)).not.toContain('\uFFFD');
  });

  it('an empty files-from is an empty list, said as such: nothing sent, no change detected instead', async () => {
    const run = await withList('', { 'files-from': 'list.txt', 'url-map': URL_MAP });
    expect(run.exitCode).toBe(0);
    expect(emulator().requests).toEqual([]);
    expect(run.stdout).toContain(
      'Nothing to invalidate: no file changed (files-from "list.txt", which is empty).',
    );
  });

  it('an empty assets-from is a list given: the changed files are not detected in its place', async () => {
    const run = await withList('', { 'assets-from': 'list.txt', 'url-map': URL_MAP });
    expectRefused(
      run,
      'url-map: is set, but changed files are detected only when assets-from and files are both empty.',
    );
  });

  it('a token of 2,000 characters, longer than the tokens GitHub issues, is taken and published', async () => {
    const token = 'a'.repeat(2_000);
    emulator().inject('token', { body: JSON.stringify({ success: true, data: { token } }) });
    const run = await action({ scope: 'none', token: 'true', 'image-host': 'img.example.net' });
    expect(run.exitCode).toBe(0);
    expect(run.outputs.token).toBe(token);
    expect(run.outputs['image-url-prefix']).toBe(`https://img.example.net/cb:${token}`);
  });

  it('a token past the bound is refused, naming the bound and why', async () => {
    emulator().inject('token', {
      body: JSON.stringify({ success: true, data: { token: 'a'.repeat(4_097) } }),
    });
    const run = await action({ scope: 'none', token: 'true' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.token).toBe('');
    expect(run.stdout).toContain(
      'but the token is 4,097 characters long, more than the 4,096 a cache buster may hold: an image URL holds it ' +
        'beside the origin URL, and past 8 KiB',
    );
  });

  it("a token longer than a URL segment and an output can hold is refused as the service's fault", async () => {
    emulator().inject('token', {
      body: JSON.stringify({ success: true, data: { token: 'a'.repeat(1_000_000) } }),
    });
    const run = await action({ scope: 'none', token: 'true' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.token).toBe('');
    expect(run.stdout).toContain('but the token is 1,000,000 characters long');
    expect(run.stdout.length).toBeLessThan(100_000);
  });
});

describe('the command holds its lists to the same rules', () => {
  const env = (): Record<string, string> => ({
    IMAGE_CACHE_API_KEY: ROOT_KEY,
    IMAGE_CACHE_BASE_URL: emulator().url,
    IMAGE_CACHE_SERVICE_KEY: 'svc',
  });

  it('a name that is not UTF-8 on standard input is refused, its bytes shown escaped', async () => {
    const stdin = Buffer.concat([
      Buffer.from('public/images/caf'),
      Buffer.from([0xe9]),
      Buffer.from('.png\n'),
    ]);
    const run = await runCommand(['--files', '-', '--url-map', URL_MAP], { env: env(), stdin });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('files: line 1, "public/images/caf\\xE9.png", is not UTF-8');
    expect(emulator().requests).toEqual([]);
  });

  it('an oversized line in --files-from is refused while read, in bounded memory', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'hostile-cli-'));
    try {
      writeFileSync(join(cwd, 'list.txt'), `public/images/a.png\n${'a'.repeat(50 * 2 ** 20)}\n`);
      const run = await runCommand(['--files-from', 'list.txt', '--url-map', URL_MAP], {
        env: { ...env(), NODE_OPTIONS: '--max-old-space-size=96' },
        cwd,
      });
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain('files-from "list.txt": line 2 holds an entry longer than 16 KiB');
      expect(emulator().requests).toEqual([]);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  }, 60_000);

  it('a path with dot segments is refused, naming the entry', async () => {
    const run = await runCommand(['--files', 'public/images/../../admin/a.png', '--url-map', URL_MAP], {
      env: env(),
    });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(`files: "public/images/../../admin/a.png" has a '.' or '..' segment`);
  });
});

describe('an output never points at a file that was not written in full', () => {
  it('with room for the outputs but not the summary or the report: their outputs empty, each named', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hostile-full-'));
    try {
      const files = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STEP_SUMMARY: join(dir, 'summary') };
      writeFileSync(files.GITHUB_OUTPUT, '');
      writeFileSync(files.GITHUB_STEP_SUMMARY, '');
      const assets = Array.from({ length: 150 }, (_, i) => `https://www.example.com/images/${i}.png`);
      const env = {
        ...runnerInputs({
          'api-key': ROOT_KEY,
          'base-url': emulator().url,
          'service-key': 'svc',
          'dry-run': 'true',
          assets: assets.join('\n'),
        }),
        ...files,
        RUNNER_TEMP: dir,
      };
      // Each file may hold 5 KiB (the dry run's summary of 150 assets takes 6, its report 13, the outputs 2), as a
      // disk that fills up mid-write: a write past that is cut short without an error, and the next one fails
      // (EFBIG, as ENOSPC would).
      const node = shellQuote(process.execPath);
      const run = await spawnProcess('bash', ['-c', `ulimit -f 5 && exec ${node} dist/index.js`], { env });
      const outputs = parseOutputFile(readFileSync(files.GITHUB_OUTPUT, 'utf8'));
      expect(outputs['summary-file']).toBe('');
      expect(outputs['report-path']).toBe('');
      expect(run.stdout).toMatch(/::error::The summary file could not be written to /);
      expect(run.stdout).toMatch(/::error::The JSON report could not be written to /);
      // What fits is written whole, and named; nothing cut short is left behind.
      expect(readFileSync(outputs['invalidated-file'] ?? '', 'utf8')).toBe('[]\n');
      expect(
        readdirSync(dir)
          .filter((name) => /\.(json|md)$/.test(name))
          .sort(),
      ).toEqual([basename(outputs['failed-file'] ?? ''), basename(outputs['invalidated-file'] ?? '')].sort());
      expect(run.exitCode).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the wrong host caught before anything is sent', () => {
  it('image-host set to the site that url-map serves the files from is refused, blaming image-host', async () => {
    const run = await action({
      files: 'public/images/a.png',
      'image-host': 'www.example.com',
      'url-map': 'public/images => https://www.example.com/images',
    });
    expectRefused(
      run,
      'image-host: www.example.com is the site that url-map serves the files from ' +
        '("public/images => https://www.example.com/images"), not the image delivery host',
    );
    expect(run.stdout).toContain('e.g. img.example.net');
  });

  it('image-host set to the host of an asset given by its origin URL is refused, blaming image-host', async () => {
    const run = await action({
      assets: 'https://www.example.com/images/a.png',
      'image-host': 'www.example.com',
    });
    expectRefused(
      run,
      'image-host: www.example.com is the site that assets serves the images from ' +
        '("https://www.example.com/images/a.png"), not the image delivery host',
    );
  });

  it('a url-map target that is a delivery URL is refused, naming the origin URL prefix to write', async () => {
    const run = await action({
      files: 'public/images/a.png',
      'url-map': 'public/images => https://img.example.net/w:640/https://www.example.com/images',
    });
    expectRefused(
      run,
      'url-map: "public/images => https://img.example.net/w:640/https://www.example.com/images" is an image ' +
        'delivery URL',
    );
    expect(run.stdout).toContain('public/images => https://www.example.com/images');
  });
});

describe('every input error names the input the user set', () => {
  it('assets-from with scope all blames assets-from, not assets', async () => {
    const run = await withList('https://www.example.com/a.png\n', {
      scope: 'all',
      'assets-from': 'list.txt',
    });
    expectRefused(run, "assets-from: is set, but scope 'all' does not use it");
    expect(run.stdout).not.toContain('::error::assets:');
    expect(run.stdout).not.toMatch(/%0Aassets: /);
  });

  it('files-from without url-map blames files-from, not files', async () => {
    const run = await withList('public/images/a.png\n', { 'files-from': 'list.txt' });
    expectRefused(run, 'files-from "list.txt": needs url-map');
  });
});
