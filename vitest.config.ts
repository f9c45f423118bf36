import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['test/setup/require-node-24.ts'],
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
