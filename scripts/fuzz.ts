/**
 * `npm run fuzz`: the property tests with 10,000 runs per property (FUZZ_RUNS) instead of the suite's few; the
 * scheduler's model (test/service/model.test.ts) and the renderers' agreement (test/report/agreement.test.ts),
 * whose runs go over HTTP, take at most 5,000.
 * A script rather than `FUZZ_RUNS=10000 vitest ...` in package.json, which only a POSIX shell understands.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
// Every suite that reads RUNS (test/support/runs.ts) but the leak checks, which spawn the built action.
const files = [
  'test/e2e/reliability/fuzz.test.ts',
  'test/e2e/shown.test.ts',
  'test/domain',
  'test/report',
  'test/rewrite/cache-buster.test.ts',
  'test/service/asset-results.test.ts',
  'test/service/model.test.ts',
  'test/service/server-message.test.ts',
  'test/settings',
  'test/shown',
];
// vitest takes each as a filter, and a filter that matches nothing is silently no test at all.
const missing = files.filter((file) => !existsSync(file));
if (missing.length > 0) throw new Error(`npm run fuzz: no such test file or folder: ${missing.join(', ')}`);
const run = spawnSync(process.execPath, [vitest, 'run', ...files, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '10000' },
});
process.exitCode = run.status ?? 1;
