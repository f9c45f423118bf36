/**
 * The scheduler where its parts meet, measured at the emulator: the calls in flight while a refused batch is halved,
 * and the calls in flight after a rate limit's pause.
 */
import { Agent } from 'undici';
import { describe, expect, it } from 'vitest';
import { sendCall } from '../../src/service/client.ts';
import { planRun } from '../../src/plan/plan.ts';
import { DEFAULT_POLICY } from '../../src/domain/policy.ts';
import { systemClock } from '../../src/mechanics/clock.ts';
import { Scheduler } from '../../src/service/scheduler.ts';
import { execute, type ExecuteOptions, type RunResult } from '../../src/service/execute.ts';
import type { Target } from '../../src/settings/settings.ts';
import { clientFor, ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import { imageUrls } from '../support/fixtures.ts';

const emulator = useEmulator();

async function run(
  target: Target,
  options: Partial<ExecuteOptions> & { concurrency: number },
): Promise<RunResult> {
  const client = clientFor(emulator(), ROOT_KEY, {
    timeoutMs: 10_000,
    dispatcher: new Agent({ connections: options.concurrency }),
  });
  try {
    return await execute(planRun({ target, token: false }), {
      send: (call) => sendCall(call, client),
      maxRetries: 5,
      policy: { baseDelayMs: 2, maxDelayMs: 10 },
      ...options,
    });
  } finally {
    await client.dispatcher.close();
  }
}

describe('a refused batch halved down to its refused entries', () => {
  it('keeps the concurrency in flight while the halves allow it, not one call at a time', async () => {
    // Four entries the service refuses, one in each quarter: the third level of halving has eight calls to send.
    const assets = imageUrls(100);
    for (const position of [5, 30, 55, 80]) assets[position] = `https://other.example/${position}.png`;
    emulator().setOptions({ foreignHosts: ['other.example'], latencyMs: 250 });
    try {
      const result = await run({ scope: 'assets', assets }, { concurrency: 8 });
      expect([...result.assets].filter((asset) => asset.outcome === 'failed')).toHaveLength(4);
      expect(emulator().maxInFlight).toBe(8);
    } finally {
      emulator().setOptions({ foreignHosts: [], latencyMs: 0 });
    }
  });
});

describe('a rate limit met while other calls were in flight', () => {
  it('halves the calls in flight once, and the answers to calls sent before it do not raise them back', async () => {
    // The 429 comes back first, once all 16 have arrived; the 15 sent with it succeed later, during the pause.
    emulator().setOptions({ latencyMs: 200 });
    emulator().inject(
      'invalidate/assets',
      { status: 429, retryAfter: '2' },
      ...Array.from({ length: 15 }, () => ({ latencyMs: 600 })),
    );
    const result = await run({ scope: 'assets', assets: imageUrls(6_000) }, { concurrency: 16 }).finally(
      () => {
        emulator().setOptions({ latencyMs: 0 });
      },
    );
    expect([...result.assets].every((asset) => asset.outcome === 'invalidated')).toBe(true);
    const requests = emulator().requests;
    // The first 16 went out together; every later one waited for the pause to end.
    expect(requests.slice(0, 16).every((request) => request.answeredBefore === 0)).toBe(true);
    const [firstAfter] = requests.slice(16);
    const firstWave = requests
      .slice(16)
      .filter((request) => request.answeredBefore === firstAfter?.answeredBefore);
    expect(firstWave.length).toBeLessThanOrEqual(8);
  }, 30_000);
});

describe('cancellation', () => {
  it('starts no call after the signal; the calls in flight end and are recorded; the rest is not sent', async () => {
    emulator().setOptions({ latencyMs: 50 });
    const cancel = new AbortController();
    const result = await run(
      { scope: 'assets', assets: imageUrls(1_000) },
      {
        concurrency: 2,
        observer: (event) => {
          if (event.type === 'send' && event.index === 2) cancel.abort();
        },
        signal: cancel.signal,
      },
    ).finally(() => {
      emulator().setOptions({ latencyMs: 0 });
    });
    expect(emulator().requests).toHaveLength(2);
    expect(result.cancelled).toBe(true);
    expect(result.calls.map((call) => call.outcome)).toEqual(['confirmed', 'confirmed']);
    const notSent = [...result.assets].filter((asset) => asset.outcome === 'not-sent');
    expect(notSent).toHaveLength(800);
    expect(new Set(notSent.map((asset) => asset.error))).toEqual(
      new Set(['not sent: the run was cancelled']),
    );
  });

  it('starts no retry: a call waiting out its backoff fails at once, saying why', async () => {
    emulator().inject('invalidate/all', { status: 503 });
    const cancel = new AbortController();
    const result = await run(
      { scope: 'all' },
      {
        concurrency: 1,
        // A backoff of 198 s: the run ends only because the cancel ends the wait.
        policy: { baseDelayMs: 200_000, maxDelayMs: 200_000 },
        clock: { ...systemClock, random: () => 0.99 },
        onRetry: () => {
          cancel.abort();
        },
        signal: cancel.signal,
      },
    );
    expect(emulator().requests).toHaveLength(1);
    expect(result.cancelled).toBe(true);
    expect(result.calls[0]?.error?.message).toMatch(/\(not retried: the run was cancelled\)$/);
  });

  it('requests no token once cancelled', async () => {
    const cancel = new AbortController();
    cancel.abort();
    const client = clientFor(emulator(), ROOT_KEY);
    try {
      const result = await execute(planRun({ target: { scope: 'all' }, token: true }), {
        send: (call) => sendCall(call, client),
        concurrency: 1,
        maxRetries: 0,
        signal: cancel.signal,
      });
      expect(emulator().requests).toHaveLength(0);
      expect(result).toMatchObject({ cancelled: true, calls: [] });
      expect(result.token).toBeUndefined();
    } finally {
      await client.dispatcher.close();
    }
  });
});

describe('work added while the scheduler runs', () => {
  it('sends calls added after others ended, and ends once closed and drained', async () => {
    const client = clientFor(emulator(), ROOT_KEY);
    const scheduler = new Scheduler({
      send: (call) => sendCall(call, client),
      concurrency: 4,
      maxRetries: 0,
      policy: DEFAULT_POLICY,
      clock: systemClock,
    });
    const batches = [imageUrls(300).slice(0, 100), imageUrls(300).slice(100, 200), imageUrls(300).slice(200)];
    try {
      await scheduler.add({ route: 'invalidate/assets', assets: batches[0] ?? [] }, 0);
      // Added once the first has landed, as batches arrive whose images are ready.
      const later = [
        scheduler.add({ route: 'invalidate/assets', assets: batches[1] ?? [] }, 100),
        scheduler.add({ route: 'invalidate/assets', assets: batches[2] ?? [] }, 200),
      ];
      await scheduler.close();
      expect(await Promise.all(later)).toEqual([{ status: 200 }, { status: 200 }]);
      expect(emulator().invalidated.assets).toEqual(imageUrls(300));
      expect(scheduler.settled.map(({ record }) => record.outcome)).toEqual([
        'confirmed',
        'confirmed',
        'confirmed',
      ]);
    } finally {
      await client.dispatcher.close();
    }
  });
});
