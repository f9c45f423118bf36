/**
 * Lists at any size, inside the runner's limits: `assets-from` and `files-from` carry what no input can (an input
 * is one environment string, refused over 128 KiB), and the built action's outputs, summary and annotations stay
 * within what the runner accepts, which the runner stand-in enforces on every run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseList } from '../src/list-files.ts';
import { ROOT_KEY } from './support/client.ts';
import { runCommand } from './support/command.ts';
import { useEmulator } from './support/emulator.ts';
import { RUNNER_LIMITS, runAction, type ActionRun } from './support/runner.ts';
import { runnerCommands } from './support/runner-commands.ts';

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
    expect(parseList('files-from', 'x', 'a.png\r\nb c.png\n\n')).toEqual(['a.png', 'b c.png']);
    expect(parseList('files-from', 'x', 'a\nb.png\0c.png\0')).toEqual(['a\nb.png', 'c.png']);
    expect(parseList('files-from', 'x', '["a.png", " b.png"]')).toEqual(['a.png', ' b.png']);
  });

  it('names the file and the entry of a JSON array that is not a string', () => {
    expect(() => parseList('files-from', 'changed.json', '["a.png", 3]')).toThrow(
      'files-from: "changed.json" is a JSON array whose entry 2 is "3", not a string.',
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
    expect(run.stdout).toContain('assets-from: "empty.txt" holds no asset');
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
    const fromFile = await runCommand(['--assets-from', join(workspace, assets)], { env });
    expect(fromFile.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual([
      'https://www.example.com/images/a.png',
      'https://www.example.com/images/b.png',
      'https://www.example.com/c.png',
    ]);
  });
});

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
