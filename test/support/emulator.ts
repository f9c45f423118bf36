import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startEmulator, type Emulator, type EmulatorOptions } from '../emulator/server.ts';

/**
 * One emulator for the enclosing suite: started before its tests, reset before each, closed after them all.
 * Call the returned function in a test to reach it.
 */
export function useEmulator(options?: EmulatorOptions): () => Emulator {
  let emulator: Emulator | undefined;
  beforeAll(async () => {
    emulator = await startEmulator(options);
  });
  afterAll(async () => {
    await emulator?.close();
  });
  beforeEach(() => {
    emulator?.reset();
  });
  return () => emulator ?? assertStarted();
}

function assertStarted(): never {
  throw new Error('the emulator is reached before its suite started it');
}
