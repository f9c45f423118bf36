/**
 * The shared pace: a rate limit pauses every worker and halves the calls in flight, which grow back with each
 * success. On a fake clock, then against the emulator's token bucket through execute() with the real client.
 */
import { describe, expect, it } from 'vitest';
import { sendCall } from '../../src/api/client.ts';
import type { Clock } from '../../src/api/retry.ts';
import { planRun } from '../../src/plan.ts';
import { execute } from '../../src/run/execute.ts';
import { Pace } from '../../src/run/pace.ts';
import { clientFor, ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import { imageUrls } from '../support/fixtures.ts';

class FakeClock implements Clock {
  time = 0;
  now(): number {
    return this.time;
  }
  sleep(ms: number): Promise<void> {
    this.time += ms;
    return Promise.resolve();
  }
  random(): number {
    return 0.5;
  }
}

describe('Pace', () => {
  it('after a rate limit, every worker waits until the time the service named', async () => {
    const clock = new FakeClock();
    const pace = new Pace(4, clock, 60_000);
    pace.rateLimited(2_000);
    await pace.acquire();
    expect(clock.time).toBe(2_000);
    expect(pace.pauses).toBe(1);
  });

  it('does not pause for a wait past the run retry deadline, which no retry will make', async () => {
    const clock = new FakeClock();
    const pace = new Pace(4, clock, 500);
    pace.rateLimited(10_000);
    await pace.acquire();
    expect(clock.time).toBe(0);
    expect(pace.pauses).toBe(0);
  });

  it('halves the calls in flight, and lets one more fly with each success', async () => {
    const clock = new FakeClock();
    const pace = new Pace(8, clock, 60_000);
    pace.rateLimited(undefined);
    for (let i = 0; i < 4; i++) await pace.acquire();
    let fifth = false;
    void pace.acquire().then(() => (fifth = true));
    await Promise.resolve();
    expect(fifth).toBe(false); // 4 of 8 in flight: the limit is 4
    pace.release(true); // a success: the limit is 5, and a place is free
    await new Promise((resolve) => setImmediate(resolve));
    expect(fifth).toBe(true);
  });
});

describe('a rate-limited service (token bucket: 40 calls a second, bursts of 8)', () => {
  const emulator = useEmulator({ rateLimit: { perSecond: 40, burst: 8 } });

  it('at concurrency 16, every asset lands, with few refused calls per limit window', async () => {
    const assets = imageUrls(4_000); // 40 calls: 1 s at 40 a second
    const client = clientFor(emulator(), ROOT_KEY, { timeoutMs: 5_000 });
    const started = performance.now();
    let result;
    try {
      result = await execute(planRun({ target: { scope: 'assets', assets }, token: false }), {
        send: (call) => sendCall(call, client),
        concurrency: 16,
        maxRetries: 10,
        retryWindowMs: 120_000,
        baseDelayMs: 50,
        maxDelayMs: 2_000,
      });
    } finally {
      await client.dispatcher.close();
    }
    const seconds = (performance.now() - started) / 1000;
    expect(result.assets.every((asset) => asset.outcome === 'invalidated')).toBe(true);
    expect(emulator().invalidated.assets).toHaveLength(4_000);
    console.log(
      `rate limit: 40 calls at concurrency 16 in ${seconds.toFixed(1)} s, ${emulator().rateLimited} refused, ` +
        `${result.pauses ?? 0} pauses`,
    );
    // Once a pause begins no new call starts until it ends: a limit window costs at most the calls then in flight.
    expect(result.pauses).toBeGreaterThan(0);
    expect(emulator().rateLimited).toBeLessThanOrEqual(16 * ((result.pauses ?? 0) + 1));
  }, 60_000);
});
