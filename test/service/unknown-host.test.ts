/**
 * A base-url host that does not exist, met by every call in flight: one call's retries settle it (policy.ts), the
 * others wait for that call rather than each asking the resolver again, and then the run stops.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/domain/api-error.ts';
import { execute } from '../../src/service/execute.ts';
import { planRun } from '../../src/plan/plan.ts';
import { imageUrls } from '../support/fixtures.ts';
import type { Clock } from '../../src/mechanics/clock.ts';

/** Time that passes only when the run sleeps. */
function virtualClock(): Clock {
  let now = 0;
  return {
    now: () => now,
    random: () => 0.5,
    sleep: (ms) => {
      now += ms;
      return new Promise<void>((resolve) => setImmediate(resolve));
    },
  };
}

const notFound = (): ApiError =>
  new ApiError('getaddrinfo ENOTFOUND no-such-host.invalid', { kind: 'network', code: 'ENOTFOUND' });

describe('a host that does not exist', () => {
  for (const maxRetries of [0, 1, 2, 5]) {
    it(`with max-retries ${maxRetries}, is asked for by the first calls in flight and then by one call's retries only, and stops the run`, async () => {
      let lookups = 0;
      // 3 batches and the token call, 4 in flight at most: the first three go out together.
      const plan = planRun({ target: { scope: 'assets', assets: imageUrls(250) }, token: true });
      const result = await execute(plan, {
        send: () => {
          lookups++;
          return Promise.reject(notFound());
        },
        concurrency: 4,
        maxRetries,
        clock: virtualClock(),
      });
      expect(result.stoppedBy?.reason).toBe('the service could not be reached at base-url');
      expect(lookups).toBe(3 + maxRetries);
      expect(result.token).toBeUndefined();
      expect([...result.assets].every((asset) => asset.outcome !== 'invalidated')).toBe(true);
    });
  }

  it('that a retry then reaches after all (a passing fault of the resolver) sends every call', async () => {
    let lookups = 0;
    const plan = planRun({ target: { scope: 'assets', assets: imageUrls(250) }, token: true });
    const result = await execute(plan, {
      send: (call) => {
        lookups++;
        if (lookups <= 3) return Promise.reject(notFound());
        return Promise.resolve(call.route === 'token' ? { status: 200, token: 'tok' } : { status: 200 });
      },
      concurrency: 4,
      maxRetries: 2,
      clock: virtualClock(),
    });
    expect(result.stoppedBy).toBeUndefined();
    expect([...result.assets].every((asset) => asset.outcome === 'invalidated')).toBe(true);
    expect(result.token).toBe('tok');
  });
});
