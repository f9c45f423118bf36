import type { Dispatcher } from 'undici';
import { httpGet } from '../mechanics/http-get.ts';
import { eachInFlight } from '../mechanics/in-flight.ts';
import type { WarmRequest } from '../domain/variants.ts';
import { errorMessage } from '../mechanics/error-message.ts';

/** Warm-up requests in flight at once: a handful of browsers, not a load test of the image host. */
export const WARM_CONCURRENCY = 8;

/** Bytes of one answer read (and discarded) at most: enough for the image host to finish a large image. */
export const WARM_BODY_CAP = 32 * 1024 * 1024;

/** What asking a browser's `Accept` gets: the service may then make and cache its AVIF or WebP variant. */
export const WARM_ACCEPT = 'image/avif,image/webp,image/*,*/*;q=0.8';

/**
 * The whole warm-up ends this long after it starts, whatever is left: it only spares the first visitors a wait,
 * and the invalidation has landed all the same. Requests in flight then are cut, and those not made are counted.
 */
export const WARM_DEADLINE_MS = 120_000;

/**
 * Requests in a row that got no answer at all (no connection, a timeout) before the image host is taken for dead
 * and the warm-up stops. The first wave of this many goes alone, so a host dead from the start costs one request
 * timeout, not one per wave.
 */
export const DEAD_HOST_AFTER = WARM_CONCURRENCY;

/** Why a warm-up stopped before it had made every request. */
export type WarmStop = 'cancelled' | 'deadline' | 'dead-host';

/** How the warm-up went: statuses counted (`error` for no answer), the first failure, how long it took. */
export interface WarmReport {
  readonly requested: number;
  readonly statuses: Readonly<Record<string, number>>;
  readonly failed: number;
  readonly overLimit: number;
  readonly ms: number;
  readonly firstFailure?: { readonly url: string; readonly reason: string } | undefined;
  /** Set when it stopped early; `notRequested` planned requests were then not made. */
  readonly stopped?: WarmStop | undefined;
  readonly notRequested?: number | undefined;
}

export interface WarmOptions {
  readonly dispatcher: Dispatcher;
  readonly timeoutMs: number;
  readonly userAgent: string;
  readonly signal?: AbortSignal | undefined;
  readonly now?: () => number;
  /** WARM_DEADLINE_MS unless a test says otherwise. */
  readonly deadlineMs?: number;
}

/**
 * Requests each URL as a browser would, WARM_CONCURRENCY at a time, reading and discarding the answers; stops at the
 * run's cancel, at its deadline, or once the image host has not answered DEAD_HOST_AFTER requests in a row.
 */
export async function warm(
  requests: readonly WarmRequest[],
  overLimit: number,
  options: WarmOptions,
): Promise<WarmReport> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const deadline = AbortSignal.timeout(options.deadlineMs ?? WARM_DEADLINE_MS);
  const dead = new AbortController();
  const end = AbortSignal.any([
    deadline,
    dead.signal,
    ...(options.signal === undefined ? [] : [options.signal]),
  ]);
  const statuses: Record<string, number> = {};
  let failed = 0;
  let firstFailure: WarmReport['firstFailure'];
  let unansweredInARow = 0;
  const warmOne = async ({ url }: WarmRequest): Promise<void> => {
    const answer = await requestImage(url, options, end);
    // A request cut by the end of the warm-up says nothing of the host: not counted, not a failure.
    if (!('status' in answer) && end.aborted) return;
    const key = 'status' in answer ? String(answer.status) : 'error';
    statuses[key] = (statuses[key] ?? 0) + 1;
    unansweredInARow = 'status' in answer ? 0 : unansweredInARow + 1;
    if (unansweredInARow >= DEAD_HOST_AFTER) dead.abort();
    // Only a 2xx put the image in the image host's cache: a redirect warmed nothing.
    if ('status' in answer && answer.status >= 200 && answer.status < 300) return;
    failed += 1;
    firstFailure ??= { url, reason: 'status' in answer ? `HTTP ${answer.status}` : answer.error };
  };
  // The first wave alone, then the rest: a host that answers none of it is dead, and costs one request timeout.
  const stop = (): boolean => end.aborted;
  await eachInFlight(requests.slice(0, DEAD_HOST_AFTER), WARM_CONCURRENCY, warmOne, stop);
  await eachInFlight(requests.slice(DEAD_HOST_AFTER), WARM_CONCURRENCY, warmOne, stop);
  const stopped = stopOf(options.signal, deadline, dead.signal);
  const answered = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  return {
    requested: answered,
    statuses,
    failed,
    overLimit,
    ms: Math.round(now() - started),
    firstFailure,
    stopped,
    notRequested: stopped === undefined ? undefined : requests.length - answered,
  };
}

function stopOf(
  cancel: AbortSignal | undefined,
  deadline: AbortSignal,
  dead: AbortSignal,
): WarmStop | undefined {
  if (cancel?.aborted === true) return 'cancelled';
  if (dead.aborted) return 'dead-host';
  return deadline.aborted ? 'deadline' : undefined;
}

async function requestImage(
  url: string,
  options: WarmOptions,
  end: AbortSignal,
): Promise<{ status: number } | { error: string }> {
  const got = await httpGet(url, {
    dispatcher: options.dispatcher,
    // Only these headers: the image host gets no API key, cookie or GitHub token, as from a visitor's browser.
    headers: { 'user-agent': options.userAgent, accept: WARM_ACCEPT },
    timeoutMs: options.timeoutMs,
    signal: end,
    // Read and dropped: the host finishes the image, whatever became of its bytes here.
    maxBytes: WARM_BODY_CAP,
    keep: false,
  });
  return got.kind === 'answer' ? { status: got.status } : { error: errorMessage(got.error) };
}

/** Why the warm-up stopped early, as the log says it. */
export function stoppedWords(stop: Exclude<WarmStop, 'cancelled'>, imageHost: string): string {
  switch (stop) {
    case 'dead-host':
      return `stopped: ${imageHost} answered none of ${DEAD_HOST_AFTER} requests in a row`;
    case 'deadline':
      return `stopped at its deadline of ${WARM_DEADLINE_MS / 1000} s`;
    default:
      return stop satisfies never;
  }
}
