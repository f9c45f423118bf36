/**
 * The decision for a failed attempt (policy.ts), from the facts alone; then the same policy as execute() carries it
 * out, with a sender that fails on cue and a clock that only moves when slept on.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../src/service/client.ts';
import { ApiError, type ApiErrorDetails } from '../../src/domain/api-error.ts';
import { decide, DEFAULT_POLICY, type AttemptContext } from '../../src/domain/policy.ts';
import type { Clock } from '../../src/mechanics/clock.ts';
import { execute, type RunResult } from '../../src/service/execute.ts';
import type { Plan } from '../../src/plan/plan.ts';
import { RUNS } from '../support/runs.ts';

function failure(
  details: Partial<ApiErrorDetails> = {},
  message = 'HTTP 503: Service Unavailable.',
): ApiError {
  return new ApiError(message, { kind: 'http', status: 503, ...details });
}

function context(overrides: Partial<AttemptContext> = {}): AttemptContext {
  return {
    retries: 0,
    maxRetries: 5,
    now: 0,
    deadline: 1e12,
    random: 0.5,
    assets: 100,
    bisectionCallsLeft: 100,
    ...overrides,
  };
}

describe('retried: the same request may succeed later', () => {
  it.each([408, 500, 502, 503, 504])('HTTP %i is retried after the backoff', (status) => {
    expect(decide(failure({ status }), context())).toEqual({ action: 'retry', waitMs: 250, slowDown: false });
  });

  it.each(['ECONNRESET', 'ECONNREFUSED', 'UND_ERR_SOCKET', 'EAI_AGAIN', undefined])(
    'a network failure %s is retried',
    (code) => {
      const error = failure({ kind: 'network', status: undefined, code });
      expect(decide(error, context()).action).toBe('retry');
    },
  );

  it('a timeout is retried', () => {
    expect(decide(failure({ kind: 'timeout', status: undefined }), context()).action).toBe('retry');
  });

  it('a 429 without Retry-After is retried after the backoff, and slows the run down', () => {
    expect(decide(failure({ status: 429 }), context())).toEqual({
      action: 'retry',
      waitMs: 250,
      slowDown: true,
    });
  });

  it.each([400, 409, 422, 501])('HTTP %i is not retried', (status) => {
    expect(decide(failure({ status }), context({ assets: 1 })).action).toBe('give-up');
  });

  it.each(['response', 'unexpected'] as const)('a failure of kind %s is not retried', (kind) => {
    expect(decide(failure({ kind }), context()).action).toBe('give-up');
  });

  it('is not retried once the retries are spent', () => {
    expect(decide(failure(), context({ retries: 5, maxRetries: 5 }))).toEqual({
      action: 'give-up',
      slowDown: false,
    });
  });
});

describe('waits', () => {
  const ceiling = (base: number, max: number, retry: number): number => Math.min(max, base * 2 ** retry);

  it('waits below the doubling ceiling min(maxDelay, base * 2^n): full jitter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 60_000 }),
        fc.integer({ min: 0, max: 9 }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (baseDelayMs, maxDelayMs, retries, random) => {
          const policy = { ...DEFAULT_POLICY, baseDelayMs, maxDelayMs };
          const decision = decide(failure(), context({ retries, maxRetries: 10, random }), policy);
          const top = ceiling(baseDelayMs, maxDelayMs, retries);
          expect(decision).toEqual({ action: 'retry', waitMs: Math.round(random * top), slowDown: false });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('the default backoff: the first retry waits up to 0.5 s, the sixth up to 16 s, none over 20 s', () => {
    const waits = [0, 5, 9].map((retries) =>
      decide(failure(), context({ retries, maxRetries: 10, random: 0.999 })),
    );
    expect(waits.map((decision) => (decision.action === 'retry' ? decision.waitMs : -1))).toEqual([
      500, 15_984, 19_980,
    ]);
  });

  it("a 503 with Retry-After pauses every call for exactly the server's wait, even above the backoff ceiling", () => {
    const decision = decide(failure({ retryAfterMs: 45_000 }), context());
    expect(decision).toEqual({ action: 'pause', waitMs: 45_000, retry: true });
  });

  it('a 429 with Retry-After pauses every call too', () => {
    expect(decide(failure({ status: 429, retryAfterMs: 3_000 }), context())).toEqual({
      action: 'pause',
      waitMs: 3_000,
      retry: true,
    });
  });

  it("a 500 with Retry-After waits the server's time, without pausing the others", () => {
    expect(decide(failure({ status: 500, retryAfterMs: 2_000 }), context())).toEqual({
      action: 'retry',
      waitMs: 2_000,
      slowDown: false,
    });
  });

  it('a rate limit with Retry-After still pauses the others when this call is out of retries', () => {
    const decision = decide(failure({ status: 429, retryAfterMs: 1_000 }), context({ retries: 5 }));
    expect(decision).toEqual({ action: 'pause', waitMs: 1_000, retry: false });
  });
});

describe('the retry deadline', () => {
  it('makes a wait that ends exactly at the deadline', () => {
    const decision = decide(failure({ retryAfterMs: 1_000 }), context({ deadline: 1_000 }));
    expect(decision).toMatchObject({ action: 'pause', waitMs: 1_000 });
  });

  it('does not make a backoff wait that would pass the deadline, and says so', () => {
    expect(decide(failure(), context({ now: 900, deadline: 1_000 }))).toEqual({
      action: 'give-up',
      reason: "not retried: the next retry would end after the run's retry deadline",
      slowDown: false,
    });
  });

  it('does not wait for a Retry-After past the deadline, and names it', () => {
    const decision = decide(failure({ status: 429, retryAfterMs: 120_000 }), context({ deadline: 60_000 }));
    expect(decision).toEqual({
      action: 'give-up',
      reason: "not retried: the server's Retry-After (120 s) would end after the run's retry deadline",
      slowDown: true,
    });
  });

  it('never decides on a wait that ends past the deadline', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 0, max: 30_000 }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        fc.option(fc.integer({ min: 0, max: 40_000 }), { nil: undefined }),
        fc.constantFrom(408, 429, 500, 503),
        (now, deadline, random, retryAfterMs, status) => {
          const decision = decide(failure({ status, retryAfterMs }), context({ now, deadline, random }));
          if (decision.action === 'retry' || decision.action === 'pause') {
            expect(now + decision.waitMs).toBeLessThanOrEqual(deadline);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('the run stops when every other call would fail the same way', () => {
  const stop = (reason: string, keyRefused = false) => ({ action: 'stop', reason, keyRefused });
  const refused = stop('the service refused the key', true);
  const unreachable = stop('the service could not be reached at base-url');

  it.each([401, 403])('HTTP %i: the key is refused, never retried', (status) => {
    expect(decide(failure({ status }), context())).toEqual(refused);
  });

  it.each(['User not found', 'User not active'])('"%s", whatever the status: the key is refused', (text) => {
    expect(decide(failure({ status: 500, serverMessage: text }), context())).toEqual(refused);
  });

  it('rest_no_route: the address is wrong', () => {
    expect(decide(failure({ status: 404, code: 'rest_no_route' }), context())).toEqual(unreachable);
  });

  it('a redirect: the address is wrong', () => {
    expect(decide(failure({ kind: 'redirect', status: 307 }), context())).toEqual(unreachable);
  });

  it('a certificate that does not verify, never retried', () => {
    const error = failure({ kind: 'network', status: undefined, code: 'CERT_HAS_EXPIRED' });
    expect(decide(error, context())).toEqual(stop("the certificate of base-url's host does not verify"));
  });

  it('a host that does not exist is retried by one call while the others wait, then stops the run', () => {
    const error = failure({ kind: 'network', status: undefined, code: 'ENOTFOUND' });
    expect(decide(error, context())).toMatchObject({ action: 'pause', retry: true, alone: true });
    expect(decide(error, context({ retries: 5 }))).toEqual(unreachable);
  });

  it('a server message that only mentions ENOTFOUND does not stop the run', () => {
    const error = failure({ status: 400, serverMessage: 'upstream said ENOTFOUND' });
    expect(decide(error, context()).action).not.toBe('stop');
  });
});

describe('a batch halved', () => {
  it('"Too many assets to invalidate", whatever its status, is split for size, never retried', () => {
    const error = failure({ status: 500, serverMessage: 'Too many assets to invalidate' });
    expect(decide(error, context())).toEqual({ action: 'split' });
  });

  it('a 4xx naming no shared cause is bisected for its content', () => {
    expect(decide(failure({ status: 400, code: 'rest_invalid_param' }), context())).toEqual({
      action: 'bisect',
    });
  });

  it.each([404, 405, 407, 408, 429])('a %i names a cause every call shares: never bisected', (status) => {
    const decision = decide(failure({ status, code: 'rest_other' }), context({ retries: 5 }));
    expect(decision.action).not.toBe('bisect');
  });

  it('a single entry, or a spent bisection budget, is not halved: the call fails', () => {
    const error = failure({ status: 400 });
    expect(decide(error, context({ assets: 1 })).action).toBe('give-up');
    expect(decide(error, context({ bisectionCallsLeft: 1 })).action).toBe('give-up');
  });
});

/** A clock that only moves when slept on. */
class VirtualClock implements Clock {
  time = 0;
  readonly sleeps: number[] = [];
  now(): number {
    return this.time;
  }
  sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.time += ms;
    return Promise.resolve();
  }
  random(): number {
    return 0.5;
  }
}

const ALL: Plan = { scope: 'all', calls: [{ route: 'invalidate/all' }], token: false };

/** Runs `invalidate/all` with a sender that fails `failures` times with `error`, then answers 200. */
async function flaky(
  failures: number,
  maxRetries: number,
  error: () => unknown = () => failure(),
): Promise<{ result: RunResult; sent: number; clock: VirtualClock }> {
  let sent = 0;
  const clock = new VirtualClock();
  const send = async (): Promise<ApiAnswer> => {
    sent += 1;
    await Promise.resolve();
    if (sent <= failures) throw error();
    return { status: 200 };
  };
  const result = await execute(ALL, { send, concurrency: 1, maxRetries, clock });
  return { result, sent, clock };
}

describe('the policy carried out', () => {
  it('a call that always fails with a retryable error is sent 1 + maxRetries times', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 10 }), async (maxRetries) => {
        const { result, sent, clock } = await flaky(Infinity, maxRetries);
        expect(sent).toBe(1 + maxRetries);
        expect(result.calls[0]?.outcome).toBe('failed');
        expect(result.calls[0]?.attempts).toHaveLength(1 + maxRetries);
        expect(clock.sleeps).toHaveLength(maxRetries);
        expect(result.calls[0]?.attempts.at(-1)?.waitMs).toBeUndefined();
      }),
      { numRuns: RUNS },
    );
  });

  it('succeeds after k retryable failures when k <= maxRetries, with k + 1 attempts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 0, max: 10 })
          .chain((maxRetries) => fc.tuple(fc.constant(maxRetries), fc.integer({ min: 0, max: maxRetries }))),
        async ([maxRetries, failures]) => {
          const { result, sent } = await flaky(failures, maxRetries);
          expect(result.calls[0]?.outcome).toBe('confirmed');
          expect(sent).toBe(failures + 1);
          expect(result.calls[0]?.attempts.map((attempt) => attempt.status)).toEqual([
            ...Array.from({ length: failures }, () => 503),
            200,
          ]);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('a refused key is sent exactly once', async () => {
    const { sent, clock } = await flaky(Infinity, 10, () => failure({ status: 401 }));
    expect(sent).toBe(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('a throw that is not an ApiError fails the call at once, as an unexpected failure', async () => {
    const { result, sent } = await flaky(Infinity, 5, () => new TypeError('boom'));
    expect(sent).toBe(1);
    expect(result.calls[0]?.error).toMatchObject({ kind: 'unexpected', message: 'unexpected failure: boom' });
  });

  it('records each wait on the attempt before it, and the reason a retry was not made on the call', async () => {
    const { result, clock } = await flaky(Infinity, 40, () => failure());
    // Waits of half the ceiling: 250, 500, 1000, ... until one would end past the 5-minute retry window.
    expect(clock.sleeps.slice(0, 3)).toEqual([250, 500, 1_000]);
    expect(clock.time).toBeLessThanOrEqual(DEFAULT_POLICY.retryWindowMs);
    expect(result.calls[0]?.attempts.slice(0, -1).map((attempt) => attempt.waitMs)).toEqual(clock.sleeps);
    expect(result.calls[0]?.error?.message).toBe(
      "HTTP 503: Service Unavailable. (not retried: the next retry would end after the run's retry deadline)",
    );
  });
});
