/**
 * `npm run fuzz`: the property tests with 10,000 runs per property (FUZZ_RUNS) instead of the suite's few; the
 * scheduler's model (test/execute/model.test.ts), whose runs go over HTTP, takes at most 5,000.
 * A script rather than `FUZZ_RUNS=10000 vitest ...` in package.json, which only a POSIX shell understands.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const files = [
  'test/e2e/reliability/fuzz.test.ts',
  'test/api',
  'test/assets',
  'test/run/summary',
  'test/execute/model.test.ts',
  'test/inputs',
  'test/redact',
  'test/settings',
  'test/urls',
  'test/shown',
  'test/changes/select-map',
  'test/rewrite',
];
const run = spawnSync(process.execPath, [vitest, 'run', ...files, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '10000' },
});
process.exitCode = run.status ?? 1;
