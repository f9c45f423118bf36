import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { requireNode24 } from './test/setup/require-node-24.ts';

// Checked here, as the config loads: on an older Node, vitest fails in ways that do not say why.
requireNode24();

/**
 * Suites that share their workers (unit-pure): each tests pure functions with fast-check over any text (`unit:
 * 'binary'`, `'grapheme'`, `fc.webUrl`), and none mocks a module, changes the environment or starts a server, so
 * nothing one leaves behind reaches the next.
 */
export const PURE_PROPERTIES = [
  'test/settings/status-context.test.ts',
  'test/settings/inputs.test.ts',
  'test/settings/credentials.test.ts',
  'test/settings/select-map.test.ts',
  'test/report/summary.test.ts',
  'test/shown/bytes.test.ts',
  'test/service/server-message.test.ts',
  'test/service/asset-results.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    // Every file's random inputs from one seed, named by each failure (TEST_SEED replays them).
    setupFiles: ['test/setup/seed.ts'],
    // A worker per core, and two at least: vitest's own default leaves one core idle (a single worker on two cores),
    // and most suites spend their time waiting on sockets, timers and child processes rather than computing.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        // The in-process suites (`npm run test:unit`, with unit-pure): nothing built, nothing spawned but git.
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/setup/**', ...PURE_PROPERTIES],
        },
      },
      {
        // Properties of pure functions over any text, in workers that run one file after another without a fresh
        // process each: fast-check builds its table of every Unicode code point (about 2 s) the first time a
        // process draws such text, once per worker here rather than once per file.
        extends: true,
        test: {
          name: 'unit-pure',
          include: PURE_PROPERTIES,
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
