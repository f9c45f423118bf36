import { defineConfig } from 'vitest/config';
import { requireNode24 } from './test/setup/require-node-24.ts';

// Checked here, as the config loads: on an older Node, vitest fails in ways that do not say why.
requireNode24();

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/build.ts'],
    testTimeout: 20_000,
  },
});
