/**
 * The scheduler where its parts meet, measured at the emulator: the calls in flight while a refused batch is halved,
 * and the calls in flight after a rate limit's pause.
 */
import { Agent } from 'undici';
import { describe, expect, it } from 'vitest';
import { sendCall } from '../../src/api/client.ts';
import { planRun } from '../../src/plan.ts';
import { execute, type ExecuteOptions, type RunResult } from '../../src/run/execute.ts';
import type { Target } from '../../src/settings.ts';
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
      expect(result.assets.filter((asset) => asset.outcome === 'failed')).toHaveLength(4);
      expect(emulator().maxInFlight).toBe(8);
    } finally {
      emulator().setOptions({ foreignHosts: [], latencyMs: 0 });
    }
  });
});

describe('a rate limit met while other calls were in flight', () => {
  it('halves the calls in flight once, and the answers to calls sent before it do not raise them back', async () => {
    // The 429 comes back first, once all 16 have arrived; the 15 sent with it succeed later, during the pause.
    emulator().setOptions({ latencyMs: 100 });
    emulator().inject(
      'invalidate/assets',
      { status: 429, retryAfter: '2' },
      ...Array.from({ length: 15 }, () => ({ latencyMs: 400 })),
    );
    const result = await run({ scope: 'assets', assets: imageUrls(6_000) }, { concurrency: 16 }).finally(
      () => {
        emulator().setOptions({ latencyMs: 0 });
      },
    );
    expect(result.assets.every((asset) => asset.outcome === 'invalidated')).toBe(true);
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
