import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, type FailureKind } from './errors.ts';

/**
 * When to send a failed call again.
 *
 * Every call this action makes is idempotent: invalidating an image twice leaves the cache as invalidating it once,
 * and a second token simply replaces the first. So a POST that may or may not have reached the service (a reset, a
 * timeout) is safe to send again, which undici's RetryAgent would not do for a POST by default.
 *
 * Retried: the statuses and network failures below. Anything else fails at once: a refused key (401) is sent
 * exactly once. The whole policy is in this file: what is retried, how long to wait, and until when.
 */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  readonly maxRetries: number;
  /** The backoff's first ceiling; it doubles with each retry ("full jitter": the wait is random below it). */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** No retry starts, and no Retry-After is waited for, past this time on the clock. */
  readonly deadline: number;
}

/** Time and chance, swappable so that tests run without waiting. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
  random(): number;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => sleep(ms),
  random: () => Math.random(),
};

/** One try of a call, as the report shows it. Times are milliseconds on the run's clock. */
export interface Attempt {
  readonly startedAt: number;
  readonly durationMs: number;
  /** The HTTP status, when the service answered. */
  readonly status?: number;
  /** What kind of failure, when it failed. */
  readonly kind?: FailureKind;
  /** The server's error code, or the system's for a network failure (`ECONNRESET`). */
  readonly code?: string;
  readonly error?: string;
  /** The wait before the next attempt, when there was one. */
  readonly waitMs?: number;
}

export type CallResult<T> =
  | { readonly ok: true; readonly value: T; readonly attempts: readonly Attempt[] }
  | { readonly ok: false; readonly error: ApiError; readonly attempts: readonly Attempt[] };

/** Sends until success, a failure that is not retryable, the retry budget, or the deadline. */
export async function withRetries<T extends { status: number }>(
  send: () => Promise<T>,
  policy: RetryPolicy,
  clock: Clock,
  onRetry?: (error: ApiError, waitMs: number, attempt: number) => void,
): Promise<CallResult<T>> {
  const attempts: Attempt[] = [];
  for (let retry = 0; ; retry++) {
    const startedAt = clock.now();
    try {
      const value = await send();
      attempts.push({ startedAt, durationMs: clock.now() - startedAt, status: value.status });
      return { ok: true, value, attempts };
    } catch (thrown) {
      const error = thrown instanceof ApiError ? thrown : unexpected(thrown);
      const tried: Attempt = {
        startedAt,
        durationMs: clock.now() - startedAt,
        ...(error.status === undefined ? {} : { status: error.status }),
        kind: error.kind,
        ...(error.code === undefined ? {} : { code: error.code }),
        error: error.message,
      };
      const wait =
        error.retryable && retry < policy.maxRetries ? nextWait(retry, error, policy, clock) : undefined;
      if (wait === undefined || typeof wait === 'string') {
        attempts.push(tried);
        const reason = typeof wait === 'string' ? wait : undefined;
        return { ok: false, error: reason === undefined ? error : withReason(error, reason), attempts };
      }
      attempts.push({ ...tried, waitMs: wait });
      onRetry?.(error, wait, retry + 2);
      await clock.sleep(wait);
    }
  }
}

/** The wait before retry number `retry` + 1, or why there is none. */
function nextWait(retry: number, error: ApiError, policy: RetryPolicy, clock: Clock): number | string {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  const wait = error.retryAfterMs ?? Math.round(clock.random() * ceiling);
  if (clock.now() + wait <= policy.deadline) return wait;
  const asked =
    error.retryAfterMs === undefined ? 'the next retry' : `the server's Retry-After (${wait / 1000} s)`;
  return `not retried: ${asked} would end after the run's retry deadline`;
}

function withReason(error: ApiError, reason: string): ApiError {
  return new ApiError(`${error.message} (${reason})`, error, { cause: error });
}

function unexpected(thrown: unknown): ApiError {
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return new ApiError(
    `unexpected failure: ${message}`,
    { kind: 'network', retryable: false },
    { cause: thrown },
  );
}

/** Statuses that say "not now" rather than "no": the same request may succeed later. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/** Connection-level failures worth another try: resets, refusals, DNS, and timeouts. */
export const RETRYABLE_NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Backoff of a run: the first retry waits up to 0.5 s, the fifth up to 8 s, none over 20 s. */
export const BACKOFF = { baseDelayMs: 500, maxDelayMs: 20_000 } as const;

/** Retries (and Retry-After waits) may begin up to 5 minutes after the run starts, not later. */
export const RETRY_WINDOW_MS = 5 * 60_000;
