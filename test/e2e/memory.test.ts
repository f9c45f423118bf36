/**
 * What a large run holds in memory: the built action, started as the runner starts it (no flag given to node, nothing
 * in V8 tuned), over a list of 300,000 changed paths, peaks under a bound that it passed by 10 to 30 MiB when it kept
 * the list's text and every path through the calls, planned through a Set and a copy of the list at each step, made
 * a URL object for each path, gave undici each body as a string, and wrote its report from an object for each asset
 * (BENCHMARKS.md, sections 0 and 0.1).
 *
 * A probe loaded before the action (`--import` through NODE_OPTIONS, a measurement only) writes the process's peak
 * resident memory when it exits. Memory, not time: the bound does not move with the machine's load.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import { runAction } from '../support/runner.ts';

const ASSETS = 300_000;
const URL_MAP = 'public/images => https://www.example.com/images';

/** Peak RSS in MiB: about 295 at this size on Node 24 (Linux, x64); 330 to 350 before. */
const PEAK_MIB = 320;

// Plain JavaScript: a TypeScript probe would load Node's type stripper into the measured process.
const PROBE = `
import { writeFileSync } from 'node:fs';
process.on('exit', () => {
  writeFileSync(process.env.PEAK_PROBE_FILE, String(process.resourceUsage().maxRSS));
});
`;

const emulator = useEmulator();
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'memory-'));
  writeFileSync(join(dir, 'probe.mjs'), PROBE);
  const paths = Array.from(
    { length: ASSETS },
    (_, i) => `public/images/${Math.floor(i / 1000)}/photo-${i}.jpg`,
  );
  writeFileSync(join(dir, 'changed.txt'), `${paths.join('\n')}\n`);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('a run of 300,000 assets', () => {
  it(`peaks under ${PEAK_MIB} MiB of memory`, { timeout: 120_000 }, async () => {
    const peakFile = join(dir, 'peak');
    const run = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': emulator().url,
        'service-key': emulator().serviceKey,
        'files-from': 'changed.txt',
        'url-map': URL_MAP,
        concurrency: '16',
      },
      {
        GITHUB_WORKSPACE: dir,
        NODE_OPTIONS: `--import ${join(dir, 'probe.mjs')}`,
        PEAK_PROBE_FILE: peakFile,
      },
    );
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.outputs.requests).toBe(String(ASSETS / 100));
    expect(new Set(emulator().invalidated.assets).size).toBe(ASSETS);
    const peakMiB = Number(readFileSync(peakFile, 'utf8')) / 1024;
    expect(peakMiB, `peak RSS ${peakMiB.toFixed(1)} MiB`).toBeLessThan(PEAK_MIB);
  });
});
