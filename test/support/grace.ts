/**
 * The grace a cancelled run gives its calls in flight (CANCEL_GRACE_MS, src/service/cut-off.ts) is a timer of its own,
 * not the run's clock: a test of a cancel, or of the proof's time running out, against a service that never answers
 * would wait it out in real time. Here it passes on fake time, as test/service/cut-off.test.ts has it, while everything
 * else (the emulator, the client's sockets, AbortSignal.timeout, the run's clock) keeps the real one.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { vi } from 'vitest';

/**
 * `work` with setTimeout on fake time that moves on 50 ms every 5 ms of real time until `work` settles: ten times
 * faster, so a 3 s grace passes in 0.3 s. Only timers set with the global setTimeout move faster.
 */
export async function withGraceOnFakeTime<T>(work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const done = work();
    const settled = done.then(
      () => true,
      () => true,
    );
    const tick = async (): Promise<boolean> => {
      await vi.advanceTimersByTimeAsync(50);
      await sleep(5);
      return false;
    };
    let ticking = tick();
    while (!(await Promise.race([settled, ticking]))) ticking = tick();
    // The last tick ends on the fake clock before the real one is back.
    await ticking;
    return await done;
  } finally {
    vi.useRealTimers();
  }
}
