import { CERTIFICATE_CODES, type ApiError } from './api-error.ts';

/**
 * What a failed attempt means for the run: the whole policy, in this file. The client reports facts (status, the
 * service's code and message, Retry-After, the network error code); `decide` turns them into one decision; the
 * scheduler carries it out. A retryable status added, or a stop rule changed, is a change here and nowhere else.
 *
 * Every call this action makes is idempotent: invalidating an image twice leaves the cache as invalidating it once,
 * and a second token simply replaces the first. So a POST that may or may not have reached the service (a reset, a
 * timeout) is safe to send again, which undici's RetryAgent would not do for a POST by default.
 */
export interface CallPolicy {
  /** Statuses that say "not now" rather than "no": the same request may succeed later. */
  readonly retryableStatuses: ReadonlySet<number>;
  /** Connection-level failures worth another try. A network failure with no code at all is retried too. */
  readonly retryableNetworkCodes: ReadonlySet<string>;
  /** The backoff's first ceiling; it doubles with each retry ("full jitter": the wait is random below it). */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** No retry starts, and no Retry-After is waited for, past this long after the run starts. */
  readonly retryWindowMs: number;
  /** "Not now, too many": these statuses always; `rateLimitStatusesWithRetryAfter` when they say when. */
  readonly rateLimitStatuses: ReadonlySet<number>;
  readonly rateLimitStatusesWithRetryAfter: ReadonlySet<number>;
  /** The key or its account refused: every other call would be refused too. Never retried. */
  readonly keyRefusedStatuses: ReadonlySet<number>;
  /** The spec's account errors (part 7), whatever status they come with. */
  readonly accountErrors: readonly string[];
  /** Server codes that say the address is wrong (API spec, part 4.1: a wrong path). */
  readonly noRouteCodes: ReadonlySet<string>;
  /** Network codes that say the host does not exist: the run stops once the call's retries are spent. */
  readonly unknownHostCodes: ReadonlySet<string>;
  /** The service's answer to a batch over its limit (API spec, part 7): halved, never sent again as it was. */
  readonly tooManyAssetsMessage: string;
  /**
   * 4xx statuses that name a cause every call shares (the address, the method, a proxy, the pace), so that halving
   * the batch would not help. Any other 4xx refuses the call's own content, perhaps for one entry.
   */
  readonly sharedCauseStatuses: ReadonlySet<number>;
  /**
   * Extra calls a run may spend finding the entries the service refuses. Halving a refused batch of n assets down to
   * its k refused entries sends at most 2·k·⌈log2 n⌉ calls: for one bad entry in 100, at most 14. Past this budget,
   * a refused batch is reported failed as it is.
   */
  readonly maxBisectionCalls: number;
}

/** The policy of a run. Backoff: the first retry waits up to 0.5 s, the fifth up to 8 s, none over 20 s. */
export const DEFAULT_POLICY: CallPolicy = {
  retryableStatuses: new Set([408, 429, 500, 502, 503, 504]),
  retryableNetworkCodes: new Set([
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
  ]),
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  retryWindowMs: 5 * 60_000,
  rateLimitStatuses: new Set([429]),
  rateLimitStatusesWithRetryAfter: new Set([503]),
  keyRefusedStatuses: new Set([401, 403]),
  accountErrors: ['User not found', 'User not active'],
  noRouteCodes: new Set(['rest_no_route']),
  unknownHostCodes: new Set(['ENOTFOUND']),
  tooManyAssetsMessage: 'Too many assets to invalidate',
  sharedCauseStatuses: new Set([404, 405, 407, 408, 429]),
  maxBisectionCalls: 100,
};

/** Where the failed attempt stands: its call's retries, the run's clock and budgets. */
export interface AttemptContext {
  /** Retries already made of this call. */
  readonly retries: number;
  readonly maxRetries: number;
  readonly now: number;
  /** `now` of the run's start plus the retry window. */
  readonly deadline: number;
  /** A draw in [0, 1), for the jitter. */
  readonly random: number;
  /** Entries the call carries (0 for a call that is not a batch). */
  readonly assets: number;
  /** Extra calls left for halving refused batches. */
  readonly bisectionCallsLeft: number;
}

/**
 * - retry: send the call again after `waitMs`; `slowDown`: it met a rate limit, so fewer calls fly at once.
 * - pause: a rate limit that says when: every worker waits `waitMs`, fewer calls fly at once, and this call goes
 *   again after the pause when `retry`. Also a host that may not exist (`alone`): every call waits, and then one
 *   at a time, so that one call's retries settle it rather than each call's.
 * - split: too many assets: send the halves instead, and cut later batches to the smaller size.
 * - bisect: the call's content was refused: send the halves, down to the refused entries.
 * - stop: every other call would fail the same way: no new call starts.
 * - give-up: this call failed; `reason` says why it was not sent again, when retries were left.
 */
export type Decision =
  | { readonly action: 'retry'; readonly waitMs: number; readonly slowDown: boolean }
  | {
      readonly action: 'pause';
      readonly waitMs: number;
      readonly retry: boolean;
      /** Then one call flies at a time, so that one call's retries settle what every call met (an unknown host). */
      readonly alone?: true;
    }
  | { readonly action: 'split' }
  | { readonly action: 'bisect' }
  | { readonly action: 'stop'; readonly reason: string; readonly keyRefused: boolean }
  | { readonly action: 'give-up'; readonly reason?: string; readonly slowDown: boolean };

/** The one decision for a failed attempt. */
export function decide(
  failure: ApiError,
  context: AttemptContext,
  policy: CallPolicy = DEFAULT_POLICY,
): Decision {
  if (isKeyRefusal(failure.status, failure.serverMessage, policy)) {
    return { action: 'stop', reason: 'the service refused the key', keyRefused: true };
  }
  const wrongAddress = wrongAddressReason(failure, policy);
  if (wrongAddress !== undefined) return { action: 'stop', reason: wrongAddress, keyRefused: false };
  if (mentions(failure.serverMessage, policy.tooManyAssetsMessage)) {
    return context.assets > 1 ? { action: 'split' } : { action: 'give-up', slowDown: false };
  }
  const rateLimit = isRateLimit(failure, policy);
  const pause = rateLimit && failure.retryAfterMs !== undefined;
  const withinDeadline = (wait: number): boolean => context.now + wait <= context.deadline;
  const unknownHost =
    failure.kind === 'network' && failure.code !== undefined && policy.unknownHostCodes.has(failure.code);
  let reason: string | undefined;
  if (isRetryable(failure, policy) && context.retries < context.maxRetries) {
    const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** context.retries);
    const wait = failure.retryAfterMs ?? Math.round(context.random * ceiling);
    if (withinDeadline(wait)) {
      if (unknownHost) return { action: 'pause', waitMs: wait, retry: true, alone: true };
      return pause
        ? { action: 'pause', waitMs: wait, retry: true }
        : { action: 'retry', waitMs: wait, slowDown: rateLimit };
    }
    const asked =
      failure.retryAfterMs === undefined ? 'the next retry' : `the server's Retry-After (${wait / 1000} s)`;
    reason = `not retried: ${asked} would end after the run's retry deadline`;
  }
  // A host that does not exist may be a passing fault of the resolver: it stops the run once the retries of the call
  // that asks alone for it are spent.
  if (unknownHost) {
    return { action: 'stop', reason: 'the service could not be reached at base-url', keyRefused: false };
  }
  if (reason !== undefined) return { action: 'give-up', reason, slowDown: rateLimit };
  // Out of retries, the service still asked every worker to wait: the others honour it.
  if (pause && withinDeadline(failure.retryAfterMs)) {
    return { action: 'pause', waitMs: failure.retryAfterMs, retry: false };
  }
  if (refusedForContent(failure, policy) && context.assets > 1 && context.bisectionCallsLeft >= 2) {
    return { action: 'bisect' };
  }
  return { action: 'give-up', slowDown: rateLimit };
}

/** A 401 or 403, or the spec's account errors, whatever status they come with. */
export function isKeyRefusal(
  status: number | undefined,
  serverMessage: string | undefined,
  policy: CallPolicy = DEFAULT_POLICY,
): boolean {
  return (
    (status !== undefined && policy.keyRefusedStatuses.has(status)) ||
    policy.accountErrors.some((text) => mentions(serverMessage, text))
  );
}

/** A wrong address, which every call meets: a redirect, no such route, a certificate that does not verify. */
function wrongAddressReason(failure: ApiError, policy: CallPolicy): string | undefined {
  if (failure.kind === 'network' && failure.code !== undefined && CERTIFICATE_CODES.has(failure.code)) {
    return "the certificate of base-url's host does not verify";
  }
  const noRoute =
    failure.kind !== 'network' && failure.code !== undefined && policy.noRouteCodes.has(failure.code);
  return failure.kind === 'redirect' || noRoute ? 'the service could not be reached at base-url' : undefined;
}

function isRetryable(failure: ApiError, policy: CallPolicy): boolean {
  switch (failure.kind) {
    case 'timeout':
      return true;
    case 'network':
      return failure.code === undefined || policy.retryableNetworkCodes.has(failure.code);
    case 'http':
      return failure.status !== undefined && policy.retryableStatuses.has(failure.status);
    case 'redirect':
    case 'response':
    case 'unexpected':
      return false;
  }
}

function isRateLimit(failure: ApiError, policy: CallPolicy): boolean {
  const status = failure.status;
  if (failure.kind !== 'http' || status === undefined) return false;
  return (
    policy.rateLimitStatuses.has(status) ||
    (policy.rateLimitStatusesWithRetryAfter.has(status) && failure.retryAfterMs !== undefined)
  );
}

function refusedForContent(failure: ApiError, policy: CallPolicy): boolean {
  const status = failure.status ?? 0;
  return failure.kind === 'http' && status >= 400 && status < 500 && !policy.sharedCauseStatuses.has(status);
}

function mentions(message: string | undefined, text: string): boolean {
  return message?.toLowerCase().includes(text.toLowerCase()) === true;
}
