/**
 * The action and the command keep V8's young generation at the size their code left it once loaded, through a run
 * of many assets. Left to itself, V8 doubles it (up to 32 MiB a semi-space, with pages that stay resident)
 * whenever as many bytes have survived its collections as it holds, which a run of 100,000 assets does several
 * times over; that growth was most of the distance between the action's peak memory and the floor process's
 * (BENCHMARKS.md, 0.1).
 *
 * A probe loaded before the process's own code (`--import` through NODE_OPTIONS, a diagnosis only: the runner
 * passes nothing) reads the size of V8's new space after every collection and at exit, and when the process first
 * writes to its output, by which time its code is loaded.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { runCommand } from '../support/command.ts';
import { useEmulator } from '../support/emulator.ts';
import { runAction } from '../support/runner.ts';

const ASSETS = 20_000;
const URL_MAP = 'public/images => https://www.example.com/images';

// Plain JavaScript: a TypeScript probe would load Node's type stripper into the measured process.
const PROBE = `
import { writeFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
const young = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
let atFirstOutput;
let largest = young();
new PerformanceObserver(() => {
  largest = Math.max(largest, young());
}).observe({ entryTypes: ['gc'] });
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream);
  stream.write = (...args) => {
    atFirstOutput ??= young();
    return write(...args);
  };
}
process.on('exit', () => {
  largest = Math.max(largest, young());
  writeFileSync(process.env.YOUNG_PROBE_FILE, JSON.stringify({ atFirstOutput, largest }));
});
`;

/** The new space's size, in bytes: the largest seen, and when the process first wrote to its output. */
interface Young {
  readonly atFirstOutput: number;
  readonly largest: number;
}

/** V8 starts the new space at 1 MiB a semi-space; loading the action's code takes it to a few. */
const LARGEST_YOUNG = 8 * 1024 * 1024;

const emulator = useEmulator();
let dir = '';
let list = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'memory-'));
  writeFileSync(join(dir, 'probe.mjs'), PROBE);
  list = join(dir, 'changed.txt');
  const paths = Array.from({ length: ASSETS }, (_, i) => `public/images/${i % 100}/photo-${i}.jpg`);
  writeFileSync(list, `${paths.join('\n')}\n`);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function probed(name: string): { env: Record<string, string>; read: () => Young } {
  const file = join(dir, `${name}.json`);
  return {
    env: { NODE_OPTIONS: `--import ${join(dir, 'probe.mjs')}`, YOUNG_PROBE_FILE: file },
    read: () => JSON.parse(readFileSync(file, 'utf8')) as Young,
  };
}

/**
 * V8 grows the new space by doubling it; what it commits moves by a page or two besides (256 KiB each), so a new
 * space that did not grow stays under twice its size.
 */
function expectKeptSmall(young: Young): void {
  expect(young.largest, 'the new space grew after the first output').toBeLessThan(2 * young.atFirstOutput);
  expect(young.largest).toBeLessThanOrEqual(LARGEST_YOUNG);
}

describe("V8's young generation, through a run of 20,000 assets", () => {
  it('grows no more once the action is loaded', async () => {
    const probe = probed('action');
    const run = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': emulator().url,
        'service-key': emulator().serviceKey,
        'files-from': list,
        'url-map': URL_MAP,
        concurrency: '16',
      },
      { ...probe.env, GITHUB_WORKSPACE: dir },
    );
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.outputs.requests).toBe(String(ASSETS / 100));
    expectKeptSmall(probe.read());
  });

  it('grows no more once the command is loaded', async () => {
    const probe = probed('command');
    const run = await runCommand(
      ['--files-from', 'changed.txt', '--url-map', URL_MAP, '--concurrency', '16'],
      {
        cwd: dir,
        env: {
          ...probe.env,
          IMAGE_CACHE_API_KEY: ROOT_KEY,
          IMAGE_CACHE_BASE_URL: emulator().url,
          IMAGE_CACHE_SERVICE_KEY: emulator().serviceKey,
          IMAGE_CACHE_ORIGIN_CHECK: 'off',
        },
      },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(new Set(emulator().invalidated.assets).size).toBe(ASSETS);
    expectKeptSmall(probe.read());
  });
});
