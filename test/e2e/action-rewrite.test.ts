/**
 * `token: true` with `image-host` and `rewrite`, end to end: the built action (dist/index.js) spawned as the runner
 * spawns it, on a workspace of built files, against the emulator; and the same through the built command.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../emulator/server.ts';
import { ROOT_KEY } from '../support/client.ts';
import { runCommand } from '../support/command.ts';
import { runAction, type ActionRun } from '../support/runner.ts';

const HOST = 'img.example.net';
const BUILT: Record<string, string> = {
  'build/index.html':
    '<img src="https://img.example.net/w:640/https://www.example.com/a.png">\n' +
    '<img srcset="https://img.example.net/cb:old/w:320/https://www.example.com/b.png 1x">\n',
  'build/app.css': '.hero { background: url(https://img.example.net/https://www.example.com/bg.png); }\n',
  'build/about.html': '<img src="https://cdn.example.org/w:640/https://www.example.com/a.png">\n',
};
const PATTERNS = 'build/**/*.html\nbuild/**/*.css';
const LONG_AGO = new Date('2020-01-02T03:04:05Z');

let emulator: Emulator;
let root: string;
let workspace: string;
beforeAll(async () => {
  emulator = await startEmulator();
  root = mkdtempSync(join(tmpdir(), 'rewrite-e2e-'));
});
afterAll(async () => {
  await emulator.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  emulator.reset();
  workspace = mkdtempSync(join(root, 'workspace-'));
  mkdirSync(join(workspace, 'build'));
  for (const [path, text] of Object.entries(BUILT)) {
    writeFileSync(join(workspace, path), text);
    // As an earlier build step left them: a write now would show in the times.
    utimesSync(join(workspace, path), LONG_AGO, LONG_AGO);
  }
});

function action(inputs: Record<string, string>): Promise<ActionRun> {
  return runAction(
    { 'api-key': ROOT_KEY, 'base-url': emulator.url, 'service-key': emulator.serviceKey, ...inputs },
    { GITHUB_WORKSPACE: workspace },
  );
}

const read = (path: string): string => readFileSync(join(workspace, path), 'utf8');
const identity = (path: string): { ino: number; mtimeMs: number } => {
  const { ino, mtimeMs } = statSync(join(workspace, path));
  return { ino, mtimeMs };
};

describe('the action with token, image-host and rewrite', () => {
  it('outputs image-url-prefix as https://<image-host>/cb:<the token the service issued>', async () => {
    const run = await action({ scope: 'none', token: 'true', 'image-host': HOST });
    expect(run.exitCode).toBe(0);
    expect(emulator.tokens).toHaveLength(1);
    expect(run.outputs['image-url-prefix']).toBe(`https://${HOST}/cb:${emulator.tokens[0] ?? '?'}`);
  });

  it('sets cb:<the issued token> in every image URL of the selected files, adding it where there was none', async () => {
    const run = await action({ scope: 'none', token: 'true', 'image-host': HOST, rewrite: PATTERNS });
    expect(run.exitCode).toBe(0);
    const [token = '?'] = emulator.tokens;
    expect(read('build/index.html')).toBe(
      `<img src="https://img.example.net/cb:${token}/w:640/https://www.example.com/a.png">\n` +
        `<img srcset="https://img.example.net/cb:${token}/w:320/https://www.example.com/b.png 1x">\n`,
    );
    expect(read('build/app.css')).toBe(
      `.hero { background: url(https://img.example.net/cb:${token}/https://www.example.com/bg.png); }\n`,
    );
  });

  it('leaves a file without image URLs untouched: same inode, same modification time', async () => {
    const before = identity('build/about.html');
    const run = await action({ scope: 'none', token: 'true', 'image-host': HOST, rewrite: PATTERNS });
    expect(run.exitCode).toBe(0);
    expect(identity('build/about.html')).toEqual(before);
    expect(before.mtimeMs).toBe(LONG_AGO.getTime());
    expect(read('build/about.html')).toBe(BUILT['build/about.html']);
  });

  it('replaces a rewritten file by a rename (a new inode), never writing it in place', async () => {
    const before = identity('build/app.css');
    await action({ scope: 'none', token: 'true', 'image-host': HOST, rewrite: PATTERNS });
    expect(identity('build/app.css').ino).not.toBe(before.ino);
  });

  it('lists the rewritten files, with their URL counts, in the summary\'s "Rewritten files" section', async () => {
    const run = await action({ scope: 'none', token: 'true', 'image-host': HOST, rewrite: PATTERNS });
    const section = run.summary.slice(run.summary.indexOf('### Rewritten files'));
    expect(section).toContain('Set the cache buster of 3 image URLs in 2 files (of 3 scanned).');
    expect(section).toContain('| build/app.css | 1 |\n| build/index.html | 2 |');
    expect(section).not.toContain('about.html');
  });

  it('with dry-run: nothing is sent or written, and the summary says what it would set', async () => {
    const before = Object.keys(BUILT).map(identity);
    const run = await action({
      scope: 'none',
      token: 'true',
      'image-host': HOST,
      rewrite: PATTERNS,
      'dry-run': 'true',
    });
    expect(run.exitCode).toBe(0);
    expect(emulator.requests).toEqual([]);
    expect(Object.keys(BUILT).map(identity)).toEqual(before);
    for (const [path, text] of Object.entries(BUILT)) expect(read(path)).toBe(text);
    expect(run.summary).toContain('### Rewritten files');
    expect(run.summary).toContain('Would set the cache buster of 3 image URLs in 2 files (of 3 scanned).');
    expect(run.outputs['image-url-prefix']).toBe('');
  });

  it('fails for rewrite without image-host, saying what it needs, sending and writing nothing', async () => {
    const run = await action({ scope: 'none', token: 'true', rewrite: PATTERNS });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('::error::rewrite: needs image-host');
    expect(emulator.requests).toEqual([]);
    expect(read('build/index.html')).toBe(BUILT['build/index.html']);
  });

  it('fails for rewrite without token: true, sending nothing', async () => {
    const run = await action({ scope: 'all', 'image-host': HOST, rewrite: PATTERNS });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(
      '::error::rewrite: sets the new token in image URLs, so it needs token: true.',
    );
    expect(emulator.requests).toEqual([]);
  });
});

describe('the command with --token, --image-host and --rewrite', () => {
  it('rewrites the built files of the directory it runs in, and prints how many', async () => {
    const run = await runCommand(
      ['--scope', 'none', '--token', '--image-host', HOST, '--rewrite', PATTERNS],
      {
        cwd: workspace,
        env: {
          IMAGE_CACHE_API_KEY: ROOT_KEY,
          IMAGE_CACHE_BASE_URL: emulator.url,
          IMAGE_CACHE_SERVICE_KEY: emulator.serviceKey,
        },
      },
    );
    expect(run.exitCode).toBe(0);
    const [token = '?'] = emulator.tokens;
    expect(run.stdout).toBe(`Token: ${token}\nCache buster: cb:${token}\nRewrote 3 image URLs in 2 files.\n`);
    expect(read('build/app.css')).toContain(
      `https://img.example.net/cb:${token}/https://www.example.com/bg.png`,
    );
  });
});
