/**
 * Vitest setup of every test file: its random inputs come from one seed (support/seed.ts), fast-check's properties
 * included, and each failure says which, so that the failure can be replayed.
 */
import fc from 'fast-check';
import { beforeEach, onTestFailed } from 'vitest';
import { replayWords, TEST_SEED } from '../support/seed.ts';

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: TEST_SEED });

beforeEach(() => {
  onTestFailed(({ task }) => {
    for (const error of task.result?.errors ?? []) error.message = `${error.message}\n(${replayWords()})`;
  });
});
