/** Executing a plan against the emulator(): retries, concurrency, splitting, and nothing lost or sent twice. */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator.ts';
import { sendCall } from '../../src/service/client.ts';
import { DEFAULT_POLICY } from '../../src/domain/policy.ts';
import type { Clock } from '../../src/mechanics/clock.ts';
import { assetsIn, planRun } from '../../src/plan/plan.ts';
import { execute, type ExecuteOptions, type RunResult } from '../../src/service/execute.ts';
import type { Target } from '../../src/settings/settings.ts';
import { clientFor, ROOT_KEY, SUB_KEY } from '../support/client.ts';
import { imageUrls as urls } from '../support/fixtures.ts';

const emulator = useEmulator();

/** Real HTTP, real time, but backoff waits of a few milliseconds so that retries run quickly. */
async function run(
  target: Target,
  options: Partial<ExecuteOptions> & { key?: string; timeoutMs?: number } = {},
  token = false,
): Promise<RunResult> {
  const client = clientFor(emulator(), options.key ?? ROOT_KEY, { timeoutMs: options.timeoutMs ?? 2_000 });
  try {
    return await execute(planRun({ target, token }), {
      send: (call) => sendCall(call, client),
      concurrency: 4,
      maxRetries: 5,
      ...options,
      policy: { retryWindowMs: 60_000, baseDelayMs: 2, maxDelayMs: 10, ...options.policy },
    });
  } finally {
    await client.dispatcher.close();
  }
}

const assetsRequests = (): number =>
  emulator().requests.filter((r) => r.route === 'invalidate/assets').length;

describe('retries', () => {
  it('a 401 is sent exactly once, and no other batch is sent with the refused key', async () => {
    const result = await run({ scope: 'assets', assets: urls(500) }, { key: SUB_KEY, concurrency: 1 }, true);
    expect(emulator().requests).toHaveLength(1);
    expect([...result.assets].filter((asset) => asset.outcome === 'not-sent')).toHaveLength(400);
    expect(result.stoppedBy).toMatchObject({
      call: { index: 1 },
      reason: 'the service refused the key',
      keyRefused: true,
    });
  });

  it('a 503 that never ends is sent 1 + max-retries times', async () => {
    emulator().inject('invalidate/all', ...Array.from({ length: 10 }, () => ({ status: 503 })));
    const result = await run({ scope: 'all' }, { maxRetries: 3 });
    expect(emulator().requests).toHaveLength(4);
    expect(result.calls[0]?.outcome).toBe('failed');
    expect(result.calls[0]?.attempts.map((attempt) => attempt.status)).toEqual([503, 503, 503, 503]);
  });

  it('max-retries 0 sends a failing call once', async () => {
    emulator().inject('invalidate/all', { status: 503 }, { status: 503 });
    await run({ scope: 'all' }, { maxRetries: 0 });
    expect(emulator().requests).toHaveLength(1);
  });

  it('a call that succeeds after two 502s is confirmed on its third attempt', async () => {
    emulator().inject('invalidate/domain', { status: 502 }, { status: 502 });
    const result = await run({ scope: 'domain', domain: 'www.example.com' });
    expect(emulator().requests).toHaveLength(3);
    expect(result.calls[0]?.outcome).toBe('confirmed');
    expect(emulator().invalidated.domains).toEqual(['www.example.com']);
  });

  it('a connection reset and a hang are retried', async () => {
    emulator().inject('invalidate/assets', { reset: true }, { hang: true });
    const result = await run({ scope: 'assets', assets: urls(3) }, { timeoutMs: 200 });
    expect(assetsRequests()).toBe(3);
    expect([...result.assets].every((asset) => asset.outcome === 'invalidated')).toBe(true);
  });

  it('tells of each retry before its wait, with the number of the attempt to come', async () => {
    emulator().inject('invalidate/all', { status: 503 }, { status: 502 });
    const retries: string[] = [];
    await run(
      { scope: 'all' },
      {
        onRetry: (call, error, _wait, attempt) =>
          retries.push(`${call.index} ${error.status ?? ''} ${attempt}`),
      },
    );
    expect(retries).toEqual(['1 503 2', '1 502 3']);
  });

  it("waits exactly the server's Retry-After", async () => {
    const waits: number[] = [];
    let slept = 0; // time passes when the run sleeps, without the test waiting for it
    const clock: Clock = {
      now: () => performance.now() + slept,
      sleep: (ms: number) => {
        waits.push(ms);
        slept += ms;
        return Promise.resolve();
      },
      random: () => 0.5,
    };
    emulator().inject('token', { status: 429, retryAfter: '3' });
    const result = await run({ scope: 'none' }, { clock }, true);
    expect(waits).toEqual([3_000]);
    expect(result.token).toBe(emulator().tokens[0]);
  });

  it('a Retry-After past the retry deadline ends the call at once, saying so', async () => {
    emulator().inject('invalidate/all', { status: 503, retryAfter: '99999' });
    const result = await run({ scope: 'all' }, { policy: { retryWindowMs: 10_000 } });
    expect(emulator().requests).toHaveLength(1);
    expect(result.calls[0]?.error?.message).toContain("after the run's retry deadline");
  });
});

describe('batches', () => {
  it('every asset is sent exactly once in calls of at most 100', async () => {
    const assets = urls(1_050);
    const result = await run({ scope: 'assets', assets });
    const sizes = emulator().requests.map((request) => (request.json as { assets: string[] }).assets.length);
    expect(Math.max(...sizes)).toBe(100);
    expect(sizes).toHaveLength(11);
    expect(emulator().invalidated.assets.toSorted()).toEqual(assets.toSorted());
    expect([...result.assets].map((asset) => asset.ref)).toEqual(assets);
  });

  it('"Too many assets" halves the batch and keeps the smaller size, so every asset lands', async () => {
    emulator().setOptions({ assetLimit: 30 });
    const assets = urls(250);
    const result = await run({ scope: 'assets', assets }, { concurrency: 1 });
    expect([...result.assets].every((asset) => asset.outcome === 'invalidated')).toBe(true);
    expect(emulator().invalidated.assets.toSorted()).toEqual(assets.toSorted());
    const split = result.calls.filter((call) => call.outcome === 'split');
    expect(split.map((call) => assetsIn(call.call).length)).toEqual([100, 50]);
    // After the second split, no call is larger than 25: the smaller size was kept.
    const later = result.calls.slice(result.calls.findLastIndex((call) => call.outcome === 'split') + 1);
    expect(Math.max(...later.map((call) => assetsIn(call.call).length))).toBe(25);
  });

  it('a failed batch does not stop the others, and the result says which assets failed', async () => {
    emulator().inject('invalidate/assets', {
      body: JSON.stringify({ success: false, message: 'Bad batch' }),
    });
    const result = await run({ scope: 'assets', assets: urls(300) }, { concurrency: 1 });
    const failed = [...result.assets].filter((asset) => asset.outcome === 'failed');
    expect(failed.map((asset) => asset.ref)).toEqual(urls(100));
    expect(failed[0]?.error).toContain('Bad batch');
    expect(emulator().invalidated.assets).toHaveLength(200);
  });

  it('an empty asset list sends nothing', async () => {
    const result = await run({ scope: 'assets', assets: [] });
    expect(emulator().requests).toHaveLength(0);
    expect(result.calls).toHaveLength(0);
  });
});

describe('concurrency', () => {
  it.each([1, 4, 8])('never more than %i calls in flight, and that many are used', async (concurrency) => {
    emulator().setOptions({ latencyMs: 20 });
    await run({ scope: 'assets', assets: urls(2_000) }, { concurrency });
    expect(emulator().maxInFlight).toBe(concurrency);
  });

  it('the token is requested after the invalidation, never alongside it', async () => {
    emulator().setOptions({ latencyMs: 10 });
    await run({ scope: 'assets', assets: urls(400) }, {}, true);
    expect(emulator().requests.at(-1)?.route).toBe('token');
  });
});

describe('a batch refused for its content', () => {
  const foreign = (count: number): string[] =>
    Array.from({ length: count }, (_, i) => `https://other.example/${i}.png`);
  const withForeignHost = async <T>(test: () => Promise<T>): Promise<T> => {
    // The service's own limit and pace: earlier tests of this file change them.
    emulator().setOptions({ foreignHosts: ['other.example'], assetLimit: 100, latencyMs: 0 });
    try {
      return await test();
    } finally {
      emulator().setOptions({ foreignHosts: [] });
    }
  };

  it('is halved down to its one refused entry: the other 99 land, within 2·⌈log2 100⌉ extra calls', async () => {
    const assets = [...urls(99)];
    assets.splice(63, 0, ...foreign(1));
    const result = await withForeignHost(() => run({ scope: 'assets', assets }, { concurrency: 1 }));
    expect([...result.assets].filter((asset) => asset.outcome === 'invalidated')).toHaveLength(99);
    const failed = [...result.assets].filter((asset) => asset.outcome === 'failed');
    expect(failed.map((asset) => asset.ref)).toEqual(foreign(1));
    expect(failed[0]?.error).toContain('not on a domain of this account');
    expect(assetsRequests() - 1).toBeLessThanOrEqual(14);
  });

  it('spends at most 100 extra calls a run, and reports the rest failed as refused', async () => {
    const result = await withForeignHost(() =>
      run({ scope: 'assets', assets: foreign(300) }, { concurrency: 1 }),
    );
    expect(assetsRequests()).toBeLessThanOrEqual(3 + DEFAULT_POLICY.maxBisectionCalls);
    expect([...result.assets].every((asset) => asset.outcome === 'failed')).toBe(true);
    expect([...result.assets].every((asset) => asset.error?.includes('not on a domain') === true)).toBe(true);
  });

  // Codes of their own: a 404 `rest_no_route` (the emulator's default) stops the run before halving is considered.
  it.each([404, 405])('is not halved for a %i, which names the address, not the content', async (status) => {
    emulator().inject('invalidate/assets', { status, code: 'rest_other' });
    const result = await run({ scope: 'assets', assets: urls(100) }, { concurrency: 1 });
    expect(assetsRequests()).toBe(1);
    expect([...result.assets].every((asset) => asset.outcome === 'failed')).toBe(true);
  });

  it('is not halved when the cause is shared by every call: a Sub key is refused once', async () => {
    await run({ scope: 'assets', assets: urls(100) }, { key: SUB_KEY });
    expect(assetsRequests()).toBe(1);
  });
});
