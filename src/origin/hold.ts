import type { AssetRef } from '../domain/refs.ts';
import type { HeldAssets } from '../service/execute.ts';
import { ReadyBatches } from './release.ts';
import { ruleFor, ruleLine, type UrlMapRule } from '../settings/url-map.ts';
import { quote } from '../shown/shown.ts';
import { seconds } from '../shown/format.ts';
import { mistakeWords } from './mistakes.ts';
import { cacheWords, keptForS, type CacheSeen } from './cache.ts';
import { seenWords } from './verdict.ts';
import type { AwaitOptions, OriginCheck, OriginImage } from './wait.ts';
import type { HostRequests } from './host-watch.ts';

/** What the origin check did, for the report: each image's check, and how long the run waited. */
export interface OriginReport {
  readonly checks: readonly OriginCheck[];
  /** From the first ask to the last image settled (or the timeout). */
  readonly waitedMs: number;
  readonly timeoutMs: number;
  /** The requests made to each origin host, and how many were answered 304. */
  readonly requests: readonly HostRequests[];
  /** Each cache in front of an origin host that answered the previous version, as first seen (one a host). */
  readonly caches: readonly CacheNamed[];
}

/** A cache in front of an origin host that answered the previous version of an image, in words. */
export interface CacheNamed {
  readonly host: string;
  /** `Cloudflare (cf-cache-status: a hit), its copy 57 s old, kept 3 s more` (cache.ts). */
  readonly cache: string;
  /** It lets its copy go before origin-timeout ends; undefined: it does not say when. */
  readonly fits: boolean | undefined;
}

/**
 * The images of `fileOf`, held back until their origin serves their new version, then released to the scheduler in
 * batches; `report` resolves with what the checks saw once they have all ended, before `held.run` resolves.
 */
export function holdForOrigins(
  fileOf: ReadonlyMap<AssetRef, string>,
  options: Omit<AwaitOptions, 'onSettled'> & {
    readonly lingerMs?: number;
    /** The rules that made the images, named beside a mapping mistake. */
    readonly urlMap?: readonly UrlMapRule[];
  },
): { held: HeldAssets; report: Promise<OriginReport> } {
  const images: OriginImage[] = [...fileOf].map(([ref, path]) => ({ ref, path }));
  let settle: (report: OriginReport) => void = () => undefined;
  const report = new Promise<OriginReport>((resolve) => {
    settle = resolve;
  });
  return {
    report,
    held: {
      refs: new Set(fileOf.keys()),
      run: async (release, stop) => {
        const batches = new ReadyBatches(release, options.lingerMs);
        const started = options.clock.now();
        // Loaded as the origin stage loads its fetcher: only by a run that asks an origin (a static import here
        // would put the watch, and the image comparison it calls, in the code every run opens at start-up).
        const { awaitOrigins } = await import('./wait.ts');
        const caches: CacheNamed[] = [];
        const { checks, requests } = await awaitOrigins(images, {
          ...options,
          onCache: (host, cached) => {
            caches.push({ host, cache: cacheWords(cached.cache), fits: cached.fits });
            options.onCache?.(host, cached);
          },
          signal: options.signal === undefined ? stop : AbortSignal.any([options.signal, stop]),
          onSettled: (check) => {
            batches.push(check.ref);
          },
        });
        batches.flush();
        const waitedMs = options.clock.now() - started;
        settle({ checks, waitedMs, timeoutMs: options.timeoutMs, requests, caches });
        return new Map(
          checks
            .filter((check) => check.state !== 'ready' && check.state !== 'cannot-tell')
            .map((check) => [check.ref, notReadyReason(check, options.timeoutMs, options.urlMap ?? [])]),
        );
      },
    },
  };
}

/** Why an image was not invalidated, with what its origin still served; the origin's text as it came. */
export function notReadyReason(
  check: OriginCheck,
  timeoutMs: number,
  urlMap: readonly UrlMapRule[] = [],
): string {
  if (check.state === 'cancelled') return 'not sent: the run was cancelled while its origin was checked';
  if (check.state === 'mismapped' && check.mistake !== undefined)
    return `not invalidated: ${mistakeWords(check.mistake, urlMap)}`;
  const { seen: last } = check;
  if (check.state === 'redirected' && last?.offsite !== undefined)
    return `not invalidated: ${mistakeWords({ kind: 'redirected', image: check, seen: last, to: new URL(last.offsite, check.ref).href }, urlMap)}`;
  const seen = last === undefined ? 'no answer' : seenWords(last);
  if (check.followed === true)
    return `not invalidated: another image of its origin host was still not deployed after ${seconds(timeoutMs)} s (it served ${seen})`;
  if (check.asks === 0 && last?.stalled === true)
    return `not invalidated: not asked, since its origin host gave ${seen} to the images asked before it, until the timeout`;
  if (check.asks === 0 && last === undefined)
    return `not invalidated: not asked: origin-timeout (${seconds(timeoutMs)} s) ended before its turn`;
  if (last?.stalled === true && last.status !== undefined)
    return `not invalidated: its origin answered ${last.status} but did not end its answer within timeout-seconds (${asks(check.asks)}), so its new version was never seen`;
  if (last?.cut === 'budget' && last.status === undefined)
    return `not invalidated: ${seen} by the images asked before it, so its new version was never seen: a push of fewer changed images checks it, or origin-check: off for one this large`;
  if (last !== undefined && last.status === undefined)
    return `not invalidated: its origin did not answer (${seen}) in ${seconds(check.askedMs)} s (${asks(check.asks)}), so its new version was never seen`;
  if (last?.cache?.hit === true && last.page === undefined && last.status !== undefined && last.status < 300)
    return `not invalidated: a cache in front of its origin, ${cacheWords(last.cache)}, still served the previous version after ${seconds(check.askedMs)} s (${asks(check.asks)}): ${cacheRemedy(last.cache)}`;
  if (last?.page !== undefined)
    return `not invalidated: its origin served a page, not the image, for ${seconds(check.askedMs)} s (${asks(check.asks)}): ${seen}; not ${check.path} as committed`;
  const reason = `not invalidated: its origin still served ${seen} after ${seconds(check.askedMs)} s (${asks(check.asks)}), not ${check.path} as committed`;
  if (last?.status === 401 || last?.status === 403)
    return `${reason}; a host that refuses the check itself (bot protection, a private bucket) needs origin-check: off`;
  // A 404 to the end is more often a URL that url-map got wrong than a deploy that never came.
  if (last?.status !== 404 && last?.status !== 410) return reason;
  const rule = ruleFor(check.path, urlMap);
  return `${reason}; ${quote(check.ref)} is where ${rule === undefined ? 'url-map' : `the url-map rule ${quote(ruleLine(rule))}`} maps it: check url-map`;
}

/** What to do about a cache that held the previous version: purge it, or wait for it. */
export function cacheRemedy(cache: CacheSeen): string {
  const wait =
    keptForS(cache) === undefined
      ? 'it does not say when it lets its copy go'
      : 'or wait until its copy expires';
  return `purge the site's CDN first, then the image service (the recipe "Purge the site's CDN first"); ${wait}`;
}

function asks(count: number): string {
  return `${count} ${count === 1 ? 'ask' : 'asks'}`;
}
