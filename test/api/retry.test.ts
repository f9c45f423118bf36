import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { ApiError, type ApiErrorDetails } from '../../src/api/errors.ts';
import { withRetries, type Clock, type RetryPolicy } from '../../src/api/retry.ts';
import { RUNS } from '../support/runs.ts';

/** A clock that only moves when slept on (or when a send takes time), with a fixed draw for the jitter. */
class FakeClock implements Clock {
  time = 0;
  readonly sleeps: number[] = [];
  readonly draw: number;

  constructor(draw = 0.5) {
    this.draw = draw;
  }

  now(): number {
    return this.time;
  }

  sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.time += ms;
    return Promise.resolve();
  }

  random(): number {
    return this.draw;
  }
}

function policy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  return { maxRetries: 5, baseDelayMs: 500, maxDelayMs: 20_000, deadline: 1e12, ...overrides };
}

function apiError(details: Partial<ApiErrorDetails> = {}): ApiError {
  return new ApiError('HTTP 503: Service Unavailable', {
    kind: 'http',
    status: 503,
    retryable: true,
    ...details,
  });
}

/** A send that fails with `errors()` the first `failures` times, then answers 200. */
function flaky(failures: number, errors: () => ApiError = () => apiError()) {
  let calls = 0;
  const send = (): Promise<{ status: number }> => {
    calls++;
    return calls <= failures ? Promise.reject(errors()) : Promise.resolve({ status: 200 });
  };
  return { send, calls: () => calls };
}

describe('withRetries: attempt counts', () => {
  it('sends a call that fails with a non-retryable error exactly once', async () => {
    const refused = apiError({ status: 401, retryable: false });
    const { send, calls } = flaky(Infinity, () => refused);
    const clock = new FakeClock();
    const result = await withRetries(send, policy({ maxRetries: 10 }), clock);
    expect(calls()).toBe(1);
    expect(result).toMatchObject({ ok: false, error: refused });
    expect(result.attempts).toEqual([
      { startedAt: 0, durationMs: 0, status: 401, kind: 'http', error: refused.message },
    ]);
    expect(clock.sleeps).toEqual([]);
  });

  it('sends a call that always fails with a retryable error 1 + maxRetries times', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 10 }), async (maxRetries) => {
        const { send, calls } = flaky(Infinity);
        const clock = new FakeClock();
        const result = await withRetries(send, policy({ maxRetries }), clock);
        expect(calls()).toBe(1 + maxRetries);
        expect(result.ok).toBe(false);
        expect(result.attempts).toHaveLength(1 + maxRetries);
        expect(clock.sleeps).toHaveLength(maxRetries);
        expect(result.attempts.at(-1)?.waitMs).toBeUndefined();
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
          const { send, calls } = flaky(failures);
          const result = await withRetries(send, policy({ maxRetries }), new FakeClock());
          expect(result).toMatchObject({ ok: true, value: { status: 200 } });
          expect(calls()).toBe(failures + 1);
          expect(result.attempts).toHaveLength(failures + 1);
          expect(result.attempts.at(-1)).toMatchObject({ status: 200 });
          for (const attempt of result.attempts.slice(0, -1)) expect(attempt).toMatchObject({ status: 503 });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('fails with the last error once the retries are spent', async () => {
    let count = 0;
    const send = (): Promise<{ status: number }> => Promise.reject(apiError({ status: 500 + count++ }));
    const result = await withRetries(send, policy({ maxRetries: 2 }), new FakeClock());
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.status).toBe(502);
  });

  it('stops at once on an error that is not an ApiError, as an unexpected network failure', async () => {
    let calls = 0;
    const send = (): Promise<{ status: number }> => {
      calls++;
      return Promise.reject(new TypeError('boom'));
    };
    const result = await withRetries(send, policy(), new FakeClock());
    expect(calls).toBe(1);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toBeInstanceOf(ApiError);
      expect(result.error.message).toBe('unexpected failure: boom');
      expect(result.error.retryable).toBe(false);
    }
  });

  it('records how long each attempt took on the clock', async () => {
    const clock = new FakeClock(0);
    let calls = 0;
    const send = (): Promise<{ status: number }> => {
      calls++;
      clock.time += 40;
      return calls === 1 ? Promise.reject(apiError()) : Promise.resolve({ status: 204 });
    };
    const result = await withRetries(send, policy(), clock);
    expect(result.attempts).toEqual([
      {
        startedAt: 0,
        durationMs: 40,
        status: 503,
        kind: 'http',
        error: 'HTTP 503: Service Unavailable',
        waitMs: 0,
      },
      { startedAt: 40, durationMs: 40, status: 204 },
    ]);
  });
});

describe('withRetries: waits', () => {
  const ceiling = (base: number, max: number, retry: number): number => Math.min(max, base * 2 ** retry);

  it('waits below the doubling ceiling min(maxDelay, base * 2^n), near it for a draw of 0.999', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 60_000 }),
        fc.integer({ min: 1, max: 10 }),
        async (baseDelayMs, maxDelayMs, maxRetries) => {
          const clock = new FakeClock(0.999);
          const result = await withRetries(
            flaky(Infinity).send,
            policy({ baseDelayMs, maxDelayMs, maxRetries }),
            clock,
          );
          expect(clock.sleeps).toHaveLength(maxRetries);
          clock.sleeps.forEach((wait, retry) => {
            const top = ceiling(baseDelayMs, maxDelayMs, retry);
            expect(wait).toBeLessThanOrEqual(top);
            expect(wait).toBeGreaterThanOrEqual(Math.floor(top * 0.999));
          });
          expect(result.attempts.slice(0, -1).map((attempt) => attempt.waitMs)).toEqual(clock.sleeps);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('waits nothing for a draw of 0', async () => {
    const clock = new FakeClock(0);
    await withRetries(flaky(Infinity).send, policy({ maxRetries: 6 }), clock);
    expect(clock.sleeps).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("waits exactly the server's Retry-After, even above the backoff ceiling", async () => {
    const clock = new FakeClock(0.999);
    const { send, calls } = flaky(2, () => apiError({ status: 429, retryAfterMs: 45_000 }));
    const result = await withRetries(send, policy({ maxDelayMs: 1_000 }), clock);
    expect(result.ok).toBe(true);
    expect(calls()).toBe(3);
    expect(clock.sleeps).toEqual([45_000, 45_000]);
  });

  it('makes a wait that ends exactly at the deadline', async () => {
    const clock = new FakeClock();
    const { send } = flaky(1, () => apiError({ retryAfterMs: 1_000 }));
    const result = await withRetries(send, policy({ deadline: 1_000 }), clock);
    expect(result.ok).toBe(true);
    expect(clock.sleeps).toEqual([1_000]);
  });
});

describe('withRetries: deadline', () => {
  it('does not make a wait that would pass the deadline, and says so in the error', async () => {
    const clock = new FakeClock(0.5);
    const { send, calls } = flaky(Infinity);
    // Half of each ceiling: waits of 250 (to 250) and 500 (to 750) fit before 1000; the third, 1000, would not.
    const result = await withRetries(send, policy({ maxRetries: 10, deadline: 1_000 }), clock);
    expect(calls()).toBe(3);
    expect(clock.sleeps).toEqual([250, 500]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toBe(
        "HTTP 503: Service Unavailable (not retried: the next retry would end after the run's retry deadline)",
      );
      expect(result.error.status).toBe(503);
    }
  });

  it('stops at once when the Retry-After would end past the deadline', async () => {
    const clock = new FakeClock();
    const { send, calls } = flaky(Infinity, () => apiError({ status: 429, retryAfterMs: 120_000 }));
    const result = await withRetries(send, policy({ maxRetries: 10, deadline: 60_000 }), clock);
    expect(calls()).toBe(1);
    expect(clock.sleeps).toEqual([]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toContain("the server's Retry-After (120 s)");
      expect(result.error.message).toContain('deadline');
    }
  });

  it('never lets a wait end past the deadline', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 30_000 }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        fc.option(fc.integer({ min: 0, max: 40_000 }), { nil: undefined }),
        async (deadline, draw, retryAfterMs) => {
          const clock = new FakeClock(draw);
          const error = (): ApiError => apiError(retryAfterMs === undefined ? {} : { retryAfterMs });
          await withRetries(flaky(Infinity, error).send, policy({ maxRetries: 10, deadline }), clock);
          expect(clock.time).toBeLessThanOrEqual(deadline);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
