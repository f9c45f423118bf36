import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { requireNode24 } from './test/setup/require-node-24.ts';

// Checked here, as the config loads: on an older Node, vitest fails in ways that do not say why.
requireNode24();

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
        // The in-process suites (`npm run test:unit`): nothing built, nothing spawned but git.
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/setup/**'],
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
