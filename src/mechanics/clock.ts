import { setTimeout as sleep } from 'node:timers/promises';

/** Time and chance, injected so that tests run on virtual time. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`; may reject, or never resolve, once `signal` is aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A draw in [0, 1). */
  random(): number;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms, signal) => sleep(ms, undefined, { signal }),
  random: () => Math.random(),
};
