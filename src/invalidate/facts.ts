/**
 * The facts every renderer of a run shows (the log's closing lines, the summary, the outputs, the JSON report and the
 * command's text), each counted once and phrased once here, so that no two of them can say it differently.
 */
import { count, plural } from '../shown/format.ts';
import { quote } from '../shown/shown.ts';
import type { CacheNamed, OriginReport } from '../origin/hold.ts';
import { seconds } from '../shown/format.ts';
import type { HostRequests } from '../origin/host-watch.ts';
import type { OriginState } from '../origin/wait.ts';
import type { AssetRef } from '../domain/refs.ts';
import { stalenessFigures, type StalenessFigures } from './staleness.ts';

/** How many of each, as every renderer shows them. */
export interface Counts {
  readonly assets: number;
  readonly invalidated: number;
  /** Sent, and refused or never confirmed. */
  readonly failed: number;
  /** Never sent: the run stopped before them (a refused key, a cancel). */
  readonly notSent: number;
  /** Held back, never sent: their origin did not serve the new file in time (`origin-check`). */
  readonly notReady: number;
  /** Failed, not sent and not deployed at origin together: what the `failed` outputs list and count. */
  readonly notInvalidated: number;
  /** Invalidation calls sent (a retry is not a new call; the token call is not one): the `requests` output. */
  readonly requests: number;
  /** Attempts of those calls. */
  readonly attempts: number;
  /** The token call, when it went out (0 or 1): it is counted apart from the invalidation calls. */
  readonly tokenCalls: number;
  /**
   * Changed images that `paths` selected and no url-map rule maps: not invalidated, and not among the assets. A run
   * that skipped some never reads as one that had nothing to invalidate (freshWords).
   */
  readonly skipped: number;
}

/**
 * The assets the run did not invalidate, with why: `9 (2 failed, 7 not deployed at origin)`. The same number as the
 * `failed-count` output, which lists all three kinds.
 */
export function notInvalidatedWords(counts: Counts): string {
  const parts: string[] = [];
  if (counts.failed > 0) parts.push(`${count(counts.failed)} failed`);
  if (counts.notReady > 0) parts.push(`${count(counts.notReady)} not deployed at origin`);
  if (counts.notSent > 0) parts.push(`${count(counts.notSent)} not sent`);
  return `${count(counts.notInvalidated)}${parts.length === 0 ? '' : ` (${parts.join(', ')})`}`;
}

/**
 * What the call count counts: `3 calls`, or `3 invalidation calls and the token call` when a token was requested, so
 * that the token call is never counted among the invalidations without saying so.
 */
export function callsWords(counts: Counts, withAttempts: boolean): string {
  if (counts.requests === 0) return counts.tokenCalls === 0 ? 'no call' : 'the token call';
  const attempts = withAttempts ? ` (${plural(counts.attempts, 'attempt')})` : '';
  if (counts.tokenCalls === 0) return `${plural(counts.requests, 'call')}${attempts}`;
  return `${plural(counts.requests, 'invalidation call')}${attempts} and the token call`;
}

/** How many images ended in each state of the origin check. */
export type OriginStates = Readonly<Record<OriginState, number>>;

/** What the origin check found, counted once: the log, the summary, the report and the command read it. */
export interface OriginFacts {
  readonly states: OriginStates;
  readonly waitedMs: number;
  readonly timeoutMs: number;
  /** How stale each image seen to flip during the wait stayed, at most, by ref (staleness.ts). */
  readonly stalenessOf: ReadonlyMap<AssetRef, number>;
  /** The same at p50, p95 and the worst. */
  readonly staleness?: StalenessFigures | undefined;
  /** The requests made to each origin host, most first. */
  readonly requests: readonly HostRequests[];
  /** The caches in front of origin hosts that answered a previous version, one a host. */
  readonly caches: readonly CacheNamed[];
}

export function originFacts(
  report: OriginReport,
  stalenessOf: ReadonlyMap<AssetRef, number> = new Map(),
): OriginFacts {
  const states = { ready: 0, 'cannot-tell': 0, 'not-ready': 0, redirected: 0, mismapped: 0, cancelled: 0 };
  for (const check of report.checks) states[check.state]++;
  const requests = report.requests.toSorted((a, b) => b.requests - a.requests);
  const { waitedMs, timeoutMs } = report;
  const staleness = stalenessFigures(stalenessOf);
  return { states, waitedMs, timeoutMs, stalenessOf, staleness, requests, caches: report.caches };
}

/** Origin hosts named by the words of the check; the others are counted. */
const HOSTS_NAMED = 3;

/**
 * `3 served the new files, 1 could not be told (invalidated at once), 2 still not deployed (not invalidated); waited
 * 12 s`: the states with images, in the order of the check.
 */
export function originWords(origin: OriginFacts): string {
  const parts = [`${count(origin.states.ready)} served the new files`];
  for (const state of ['cannot-tell', 'not-ready', 'redirected', 'mismapped', 'cancelled'] as const) {
    const n = origin.states[state];
    if (n > 0) parts.push(`${count(n)} ${originStateWords(state)}`);
  }
  return `${parts.join(', ')}; waited ${seconds(origin.waitedMs)} s${stalenessWords(origin.staleness)}${requestWords(origin.requests)}${cachesWords(origin.caches)}`;
}

/** `; a cache in front of "www.example.com" answered the previous version: Cloudflare (…), its copy 57 s old, …`. */
function cachesWords(caches: readonly CacheNamed[]): string {
  const named = caches
    .slice(0, HOSTS_NAMED)
    .map(({ host, cache }) => `; a cache in front of ${quote(host)} answered the previous version: ${cache}`);
  const rest = caches.length - HOSTS_NAMED;
  return `${named.join('')}${rest > 0 ? ` (and ${plural(rest, 'other host')})` : ''}`;
}

/**
 * Each image seen to flip with its staleness bound, the stalest first, `  1.2 s  <ref>` a line: the first `limit`,
 * and how many more there are (the JSON report gives each one).
 */
export function stalenessLines(
  stalenessOf: ReadonlyMap<AssetRef, number>,
  limit: number,
): { readonly lines: string[]; readonly more: number } {
  const stalest = [...stalenessOf].toSorted(([, a], [, b]) => b - a);
  return {
    lines: stalest.slice(0, limit).map(([ref, ms]) => `  ${(Math.round(ms) / 1000).toFixed(1)} s  ${ref}`),
    more: Math.max(0, stalest.length - limit),
  };
}

/** `; invalidated at most 0.8 s after its origin served it (p50), 1.1 s (p95), 1.3 s (worst), 10 images`. */
function stalenessWords(staleness: StalenessFigures | undefined): string {
  if (staleness === undefined) return '';
  const { images, p50Ms, p95Ms, maxMs } = staleness;
  const most = `at most ${seconds(maxMs)} s after`;
  if (images === 1) return `; the image seen to flip was invalidated ${most} its origin served it`;
  return (
    `; the ${count(images)} images seen to flip were each invalidated ${most} their origin served them ` +
    `(p50 ${seconds(p50Ms)} s, p95 ${seconds(p95Ms)} s)`
  );
}

/** `; 42 requests to "127.0.0.1:4000" (30 answered 304)`, each host named through shown.ts. */
function requestWords(requests: readonly HostRequests[]): string {
  if (requests.length === 0) return '';
  const named = requests.slice(0, HOSTS_NAMED).map((host) => {
    const notModified = host.notModified > 0 ? ` (${count(host.notModified)} answered 304)` : '';
    return `${plural(host.requests, 'request')} to ${quote(host.host)}${notModified}`;
  });
  const rest = requests.slice(HOSTS_NAMED);
  if (rest.length > 0)
    named.push(
      `${plural(
        rest.reduce((sum, host) => sum + host.requests, 0),
        'request',
      )} to ${plural(rest.length, 'other host')}`,
    );
  return `; ${named.join(', ')}`;
}

function originStateWords(state: Exclude<OriginState, 'ready'>): string {
  switch (state) {
    case 'cannot-tell':
      return 'could not be told (invalidated at once)';
    case 'not-ready':
      return 'still not deployed (not invalidated)';
    case 'redirected':
      return 'redirected to another host or scheme (not invalidated)';
    case 'mismapped':
      return 'mapped by url-map where the site is not (not invalidated)';
    case 'cancelled':
      return 'not asked to the end, since the run was cancelled (not sent)';
    default:
      return state satisfies never;
  }
}
