/**
 * The shared pace: a rate limit halves the window of calls in flight once per congestion event, successes after it
 * grow it back by one a window, and a Retry-After pauses every call. The state alone, then against the emulator's
 * token bucket through execute() with the real client.
 */
import { describe, expect, it } from 'vitest';
import { sendCall } from '../../src/service/client.ts';
import { planRun } from '../../src/plan/plan.ts';
import { execute } from '../../src/service/execute.ts';
import { Pace } from '../../src/service/pace.ts';
import { clientFor, ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import { imageUrls } from '../support/fixtures.ts';

describe('Pace: the window of calls in flight (AIMD)', () => {
  it('halves the window once for the rate limits of calls that were in flight together', () => {
    const pace = new Pace(16);
    const wave = Array.from({ length: 16 }, () => pace.sending());
    expect(wave.map((attempt) => pace.rateLimited(attempt)).filter(Boolean)).toHaveLength(1);
    expect(pace.window).toBe(8);
  });

  it('halves it again for a rate limit met by a call sent after the decrease', () => {
    const pace = new Pace(16);
    pace.rateLimited(pace.sending());
    pace.rateLimited(pace.sending());
    expect(pace.window).toBe(4);
  });

  it('never below one call', () => {
    const pace = new Pace(2);
    for (let i = 0; i < 5; i++) pace.rateLimited(pace.sending());
    expect(pace.window).toBe(1);
  });

  it('does not grow back on answers to calls sent before the decrease', () => {
    const pace = new Pace(16);
    const wave = Array.from({ length: 16 }, () => pace.sending());
    pace.rateLimited(wave[0] ?? 0);
    for (const attempt of wave.slice(1)) pace.succeeded(attempt);
    expect(pace.window).toBe(8);
  });

  it('grows by one for each window of successes to calls sent after the decrease, up to the concurrency', () => {
    const pace = new Pace(10);
    pace.rateLimited(pace.sending());
    const windows: number[] = [];
    for (let i = 0; i < 40; i++) {
      pace.succeeded(pace.sending());
      windows.push(pace.window);
    }
    // 5 successes make it 6, 6 more make it 7, then 7, 8, 9: 35 in all to reach 10, and never past it.
    expect(windows.indexOf(6)).toBe(4);
    expect(windows.indexOf(7)).toBe(10);
    expect(windows.indexOf(10)).toBe(34);
    expect(Math.max(...windows)).toBe(10);
  });
});

describe('Pace: pauses', () => {
  it('counts a pause once while it lasts, extended by a later wait, not shortened by an earlier one', () => {
    const pace = new Pace(4);
    const first = pace.pause(0, 2_000);
    expect(pace.pause(100, 500)).toBeUndefined();
    const longer = pace.pause(100, 3_000);
    expect(pace.pauses).toBe(1);
    if (first !== undefined) pace.resume(first);
    expect(pace.isPaused).toBe(true);
    if (longer !== undefined) pace.resume(longer);
    expect(pace.isPaused).toBe(false);
    pace.pause(4_000, 1_000);
    expect(pace.pauses).toBe(2);
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
        policy: { retryWindowMs: 120_000, baseDelayMs: 50, maxDelayMs: 2_000 },
      });
    } finally {
      await client.dispatcher.close();
    }
    const seconds = (performance.now() - started) / 1000;
    expect([...result.assets].every((asset) => asset.outcome === 'invalidated')).toBe(true);
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
