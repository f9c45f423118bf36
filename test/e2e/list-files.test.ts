/**
 * Lists at any size, inside the runner's limits: `assets-from` and `files-from` carry what no input can (an input
 * is one environment string, refused over 128 KiB), and the built action's outputs, summary and annotations stay
 * within what the runner accepts, which the runner stand-in enforces on every run.
 */
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseList } from '../../src/domain/list-syntax.ts';
import { ROOT_KEY } from '../support/client.ts';
import { ROOT, runCommand, runShell, shellQuote, spawnProcess, type CommandRun } from '../support/command.ts';
import { useEmulator } from '../support/emulator.ts';
import { RUNNER_LIMITS, runAction, runnerInputs, type ActionRun } from '../support/runner.ts';
import { runnerCommands } from '../support/runner-commands.ts';

const emulator = useEmulator();
let workspace: string;
beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'list-files-'));
});
afterAll(() => {
  rmSync(workspace, { recursive: true, force: true });
});

const paths = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `public/images/${Math.floor(i / 1000)}/image ${i}.png`);

function action(inputs: Record<string, string>): Promise<ActionRun> {
  return runAction(
    { 'api-key': ROOT_KEY, 'base-url': emulator().url, 'service-key': 'svc', ...inputs },
    { GITHUB_WORKSPACE: workspace },
  );
}

function write(name: string, content: string): string {
  writeFileSync(join(workspace, name), content);
  return name;
}

const URL_MAP = 'public/images => https://www.example.com/images';

describe('parseList', () => {
  it('tells one per line, NUL-separated and a JSON array apart by the content', () => {
    expect(parseList('a.png\r\nb c.png\n\n', 'files', 'files')).toEqual(['a.png', 'b c.png']);
    expect(parseList('a\nb.png\0c.png\0', 'files', 'files')).toEqual(['a\nb.png', 'c.png']);
    expect(parseList('["a.png", " b.png"]', 'files', 'files')).toEqual(['a.png', ' b.png']);
  });

  it('names the file and the entry of a JSON array that is not a string', () => {
    expect(() => parseList('["a.png", 3]', 'files', 'files-from "changed.json"')).toThrow(
      'files-from "changed.json": is a JSON array whose entry 2 is "3", not a string;',
    );
  });
});

describe('lists from files', () => {
  it('an input of 200 KiB cannot reach the action at all: the runner fails to start it (E2BIG)', async () => {
    const list = JSON.stringify(paths(3_000).slice(0, 3_000)).padEnd(200 * 1024, ' ');
    await expect(action({ files: list, 'url-map': URL_MAP })).rejects.toMatchObject({ code: 'E2BIG' });
  });

  it('files-from carries 100,000 changed paths: all invalidated, every limit of the runner kept', async () => {
    const list = write('changed.txt', `${paths(100_000).join('\n')}\n`);
    const run = await action({ 'files-from': list, 'url-map': URL_MAP, concurrency: '16' });
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toHaveLength(100_000);
    expect(run.outputs['invalidated-count']).toBe('100000');
    expect(run.outputs.invalidated).toMatch(/^not listed here: 100,000 references/);
    const whole = JSON.parse(run.lists['invalidated-file'] ?? '') as string[];
    expect(whole).toHaveLength(100_000);
    expect(run.stdout).toContain('::warning::invalidated: 100,000 references are too many for an output');
  });

  it('files-from carries 1,000,000 paths, NUL-separated, in a dry run within every limit', async () => {
    const list = write('changed.bin', paths(1_000_000).join('\0'));
    const run = await action({ 'files-from': list, 'url-map': URL_MAP, 'dry-run': 'true' });
    expect(run.exitCode).toBe(0);
    expect(run.summary).toContain('1,000,000 found');
    expect(Buffer.byteLength(run.summary)).toBeLessThan(RUNNER_LIMITS.summaryBytes);
  }, 60_000);

  it('assets-from reads a JSON array of asset references', async () => {
    const assets = write(
      'assets.json',
      JSON.stringify(['https://www.example.com/a.png', '0123456789abcdef0123456789abcdef']),
    );
    const run = await action({ 'assets-from': assets });
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual([
      'https://www.example.com/a.png',
      '0123456789abcdef0123456789abcdef',
    ]);
  });

  it('a missing file is an error naming the input and the path, before anything is sent', async () => {
    const run = await action({ 'files-from': 'nowhere/changed.txt', 'url-map': URL_MAP });
    expect(run.exitCode).toBe(1);
    expect(emulator().requests).toHaveLength(0);
    expect(run.stdout).toContain('files-from: cannot read "nowhere/changed.txt" (ENOENT)');
  });

  it('an empty assets-from with nothing else to go on is an error naming it', async () => {
    const run = await action({ 'assets-from': write('empty.txt', '') });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('assets-from "empty.txt": holds no asset');
  });

  it('the command refuses a line of several paths on standard input, naming files-from "-"', async () => {
    const env = {
      IMAGE_CACHE_API_KEY: ROOT_KEY,
      IMAGE_CACHE_BASE_URL: emulator().url,
      IMAGE_CACHE_SERVICE_KEY: 'svc',
    };
    const run = await runCommand(['--files-from', '-', '--url-map', URL_MAP], {
      env,
      stdin: 'public/images/a.png public/images/b c.png\n',
    });
    expect(run.exitCode).toBe(2);
    expect(emulator().requests).toHaveLength(0);
    expect(run.stderr).toContain(
      'files-from "-": line 1, "public/images/a.png public/images/b c.png", holds several',
    );
  });

  it('the command reads --files-from - from standard input, and --assets-from FILE', async () => {
    const env = {
      IMAGE_CACHE_API_KEY: ROOT_KEY,
      IMAGE_CACHE_BASE_URL: emulator().url,
      IMAGE_CACHE_SERVICE_KEY: 'svc',
    };
    const fromStdin = await runCommand(['--files-from', '-', '--url-map', URL_MAP], {
      env,
      stdin: 'public/images/a.png\0public/images/b.png\0',
    });
    expect(fromStdin.exitCode).toBe(0);
    const assets = write('command-assets.txt', 'https://www.example.com/c.png\n');
    const fromFile = await runCommand(['--assets-from', assets], { env, cwd: workspace });
    expect(fromFile.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual([
      'https://www.example.com/images/a.png',
      'https://www.example.com/images/b.png',
      'https://www.example.com/c.png',
    ]);
  });
});

describe('list files that are not plain files of the workspace', () => {
  // What a pull request cannot commit but a runner holds: a file of credentials, outside the checkout.
  const SECRET = 'ghs_secretTokenOfTheRunner0123456789';
  const OUTSIDE = "leads outside the workspace and the runner's temporary folder;";
  let outside: string;
  const fifos: string[] = [];
  beforeAll(() => {
    outside = mkdtempSync(join(tmpdir(), 'list-files-outside-'));
    writeFileSync(
      join(outside, '.git-credentials'),
      `https://x-access-token:${SECRET}@github.com\nroot:x:0:0:root:/root:/bin/bash\n`,
    );
  });
  afterAll(() => {
    rmSync(outside, { recursive: true, force: true });
  });
  // A reader blocked on a FIFO is released (a writer opens and closes it), so that no run outlives its test.
  afterEach(() => {
    for (const fifo of fifos.splice(0)) {
      try {
        closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // No reader: nothing to release.
      }
    }
  });

  function link(name: string, target: string): string {
    symlinkSync(target, join(workspace, name));
    return name;
  }

  it('a link to a file outside the workspace is refused, naming assets-from, and nothing of the file is shown', async () => {
    const name = link('credentials-link.txt', join(outside, '.git-credentials'));
    const run = await action({ 'assets-from': name, 'dry-run': 'true' });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(`assets-from: "credentials-link.txt" is a symbolic link that ${OUTSIDE}`);
    const everything = `${run.stdout}${run.stderr}${run.summary}${run.report}${JSON.stringify(run.outputs)}`;
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain('x-access-token');
    expect(everything).not.toContain('root:x:0:0');
    expect(emulator().requests).toHaveLength(0);
  });

  it('a link in a folder that leads outside is refused too, and a link that stays inside is read', async () => {
    mkdirSync(join(workspace, 'lists'));
    symlinkSync(outside, join(workspace, 'lists', 'away'));
    const away = await action({ 'files-from': 'lists/away/.git-credentials', 'url-map': URL_MAP });
    expect(away.stdout).toContain(
      `files-from: "lists/away/.git-credentials" is a symbolic link that ${OUTSIDE}`,
    );
    write('real-assets.txt', 'https://www.example.com/inside.png\n');
    const inside = await action({ 'assets-from': link('inside-link.txt', 'real-assets.txt') });
    expect(inside.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual(['https://www.example.com/inside.png']);
  });

  it("a list in the runner's temporary folder, where earlier steps write lists, is read", async () => {
    writeFileSync(join(outside, 'assets.txt'), 'https://www.example.com/from-temp.png\n');
    const run = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': emulator().url,
        'service-key': 'svc',
        'assets-from': join(outside, 'assets.txt'),
      },
      { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: outside },
    );
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual(['https://www.example.com/from-temp.png']);
  });

  it('a link to /dev/zero is refused before anything is read, in a process allowed 1 GiB of memory', async () => {
    const name = link('zero.txt', '/dev/zero');
    const run = await boundedAction({ 'assets-from': name, 'dry-run': 'true' }, 1024 * 1024);
    expect(run.stdout).toContain(`assets-from: "zero.txt" is a symbolic link that ${OUTSIDE}`);
    expect(run.exitCode).toBe(1);
  });

  it('a FIFO is refused at once, without waiting for a writer', async () => {
    const fifo = join(workspace, 'changed.fifo');
    execFileSync('mkfifo', [fifo]);
    fifos.push(fifo);
    const run = await action({ 'files-from': 'changed.fifo', 'url-map': URL_MAP });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('files-from: "changed.fifo" is a FIFO (a named pipe), not a regular file;');
  }, 20_000);

  it('a folder is refused, naming what it is', async () => {
    mkdirSync(join(workspace, 'a-folder'));
    const run = await action({ 'assets-from': 'a-folder' });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('assets-from: "a-folder" is a folder, not a regular file;');
  });

  it('the command refuses a list file outside its current folder, and a FIFO', async () => {
    const env = {
      IMAGE_CACHE_API_KEY: ROOT_KEY,
      IMAGE_CACHE_BASE_URL: emulator().url,
      IMAGE_CACHE_SERVICE_KEY: 'svc',
    };
    const away = await runCommand(['--assets-from', join(outside, '.git-credentials'), '--dry-run'], {
      env,
      cwd: workspace,
    });
    expect(away.exitCode).toBe(2);
    expect(away.stderr).toContain('is outside the current folder;');
    expect(away.stdout + away.stderr).not.toContain(SECRET);
    const fifo = join(workspace, 'command.fifo');
    execFileSync('mkfifo', [fifo]);
    fifos.push(fifo);
    const piped = await runCommand(['--files-from', 'command.fifo', '--url-map', URL_MAP], {
      env,
      cwd: workspace,
    });
    expect(piped.exitCode).toBe(2);
    expect(piped.stderr).toContain(
      'files-from: "command.fifo" is a FIFO (a named pipe), not a regular file;',
    );
  }, 20_000);

  it('the command reads a list from standard input in a shell pipeline, which needs no file', async () => {
    const run = await runShell(`printf 'https://www.example.com/piped.png\\n' | CLI --assets-from -`, {
      env: {
        IMAGE_CACHE_API_KEY: ROOT_KEY,
        IMAGE_CACHE_BASE_URL: emulator().url,
        IMAGE_CACHE_SERVICE_KEY: 'svc',
      },
      cwd: workspace,
    });
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual(['https://www.example.com/piped.png']);
  });
});

/**
 * The built action, spawned as the runner spawns it, in a process whose data segment (heap and buffers) is
 * limited: a run that reads without bound fails there instead of filling the machine.
 */
async function boundedAction(inputs: Record<string, string>, dataKiB: number): Promise<CommandRun> {
  const dir = mkdtempSync(join(tmpdir(), 'bounded-run-'));
  try {
    const files = {
      GITHUB_OUTPUT: join(dir, 'output'),
      GITHUB_STEP_SUMMARY: join(dir, 'summary'),
      RUNNER_TEMP: dir,
    };
    writeFileSync(files.GITHUB_OUTPUT, '');
    writeFileSync(files.GITHUB_STEP_SUMMARY, '');
    const env = {
      ...runnerInputs({ 'api-key': ROOT_KEY, 'base-url': emulator().url, 'service-key': 'svc', ...inputs }),
      ...files,
      GITHUB_WORKSPACE: workspace,
    };
    return await spawnProcess(
      'bash',
      ['-c', `ulimit -d ${dataKiB} && exec ${shellQuote(process.execPath)} dist/index.js`],
      { env, cwd: ROOT },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('annotations within the runner limit', () => {
  it('thirty failed calls make ten errors, the last counting the rest, and no warning of their own', async () => {
    emulator().inject(
      'invalidate/assets',
      ...Array.from({ length: 30 }, () => ({
        body: JSON.stringify({ success: false, message: 'Bad batch' }),
      })),
    );
    const list = write('thirty.txt', paths(3_000).join('\n'));
    const run = await action({ 'files-from': list, 'url-map': URL_MAP, concurrency: '1' });
    expect(run.exitCode).toBe(1);
    const annotations = (kind: string): string[] =>
      runnerCommands(run.stdout)
        .filter((command) => command.name === kind)
        .map((command) => command.data);
    expect(annotations('warning').filter((line) => line.startsWith('Call '))).toEqual([]);
    expect(annotations('error')).toHaveLength(10);
    expect(annotations('error').at(-1)).toMatch(/^21 more errors, shown in the log/);
    expect(run.stdout).toContain(
      'error: Call 30 (invalidate 100 assets) failed: HTTP 200 with "success": false: Bad batch',
    );
  });
});
