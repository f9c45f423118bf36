import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { requireNode24 } from './test/setup/require-node-24.ts';

// Checked here, as the config loads: on an older Node, vitest fails in ways that do not say why.
requireNode24();

/**
 * Suites that share their workers (unit-pure): each tests pure functions, and none mocks or spies, reads or changes
 * the environment, starts a server or a process, or touches globals (test/architecture.test.ts checks it), so nothing
 * one leaves behind reaches the next. A fresh process per file costs about 0.2 s of CPU, and fast-check builds a table
 * of every Unicode code point (about 2 s) the first time a process draws any text (`unit: 'binary'`, `fc.webUrl`):
 * once per worker here, not once per file.
 */
export const PURE_SUITES = [
  'test/ci/deploy-events.test.ts',
  'test/cli/text.test.ts',
  'test/invalidate/zero-counts.test.ts',
  'test/domain/batches.test.ts',
  'test/domain/hosts.test.ts',
  'test/domain/list-syntax.test.ts',
  'test/domain/memory.test.ts',
  'test/domain/page-urls.test.ts',
  'test/domain/policy.test.ts',
  'test/domain/record-proof.test.ts',
  'test/domain/refs.test.ts',
  'test/domain/unique.test.ts',
  'test/domain/urls.test.ts',
  'test/domain/variants.test.ts',
  'test/invalidate/facts.test.ts',
  'test/invalidate/narration.test.ts',
  'test/invalidate/skipped.test.ts',
  'test/invalidate/words.test.ts',
  'test/mechanics/abortable.test.ts',
  'test/mechanics/in-flight.test.ts',
  'test/origin/host-watch.test.ts',
  'test/origin/mapping.test.ts',
  'test/origin/mistakes.test.ts',
  'test/origin/watch.test.ts',
  'test/plan/run-plan.test.ts',
  'test/plan/learned.test.ts',
  'test/learn/tree.test.ts',
  'test/invalidate/learned.test.ts',
  'test/proof/accepts.test.ts',
  'test/report/agreement.test.ts',
  'test/report/github-markdown.test.ts',
  'test/report/report.test.ts',
  'test/report/summary.test.ts',
  'test/rewrite/cache-buster.test.ts',
  'test/rewrite/golden.test.ts',
  'test/service/asset-results.test.ts',
  'test/service/server-message.test.ts',
  'test/service/unknown-host.test.ts',
  'test/settings/credentials.test.ts',
  'test/settings/glob-github.test.ts',
  'test/settings/glob.test.ts',
  'test/settings/inputs.test.ts',
  'test/settings/list-entries.test.ts',
  'test/settings/select-map.test.ts',
  'test/settings/settings.test.ts',
  'test/settings/record-name.test.ts',
  'test/settings/site.test.ts',
  'test/shown/code-block.test.ts',
  'test/shown/bytes.test.ts',
  'test/shown/log.test.ts',
  'test/shown/redact.test.ts',
  'test/version.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    // Every file's random inputs from one seed, named by each failure (TEST_SEED replays them).
    setupFiles: ['test/setup/seed.ts'],
    // Two workers more than the cores: most suites spend their time waiting on sockets, timers and child processes
    // rather than computing. On two cores the whole suite took 296 s with a worker per core and about 190 s with four;
    // on many cores, a worker per core is already more than the waits need.
    maxWorkers: availableParallelism() + 2,
    projects: [
      {
        // The in-process suites (`npm run test:unit`, with unit-pure): nothing built, nothing spawned but git.
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/setup/**', ...PURE_SUITES],
        },
      },
      {
        // Suites of pure functions, in workers that run one file after another without a fresh process each.
        extends: true,
        test: {
          name: 'unit-pure',
          include: PURE_SUITES,
          isolate: false,
        },
      },
      {
        // The suites that spawn the built action or the packed command, after the build they spawn.
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts', 'test/setup/**/*.test.ts'],
          globalSetup: ['test/setup/build.ts'],
        },
      },
    ],
  },
});
