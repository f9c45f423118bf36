import { setTimeout as sleep } from 'node:timers/promises';
import type { AssetRef } from '../domain/refs.ts';
import { InFlightLimit } from '../mechanics/in-flight.ts';
import { hostOf, sampleByHost } from '../domain/hosts.ts';
import { OriginWatch } from './watch.ts';
import type { AwaitOptions, OriginCheck, OriginImage } from './check.ts';
import { watchHost, type HostRequests } from './host-watch.ts';
import { ORIGIN_CONCURRENCY } from './pace.ts';

export { ORIGIN_CONCURRENCY } from './pace.ts';

/**
 * Images checked one by one. Past it, each origin host is checked on a sample (see sampleByHost), and its other
 * images follow their host's sample: a deploy publishes a site's files together.
 */
export const MAX_CHECKED_IMAGES = 1_000;

/** How often a wait that goes on is told: often enough for a person watching the log to see it move. */
export const PROGRESS_EVERY_MS = 10_000;

export type { AwaitOptions, CachedImage, OriginCheck, OriginImage, OriginState } from './check.ts';

/** Every image's check, in input order, and the requests made to each origin host. */
export interface OriginChecks {
  readonly checks: OriginCheck[];
  readonly requests: HostRequests[];
}

/**
 * Waits until each image's origin serves its new version, or the timeout: each origin host watched apart, at its own
 * pace (host-watch.ts), with ORIGIN_CONCURRENCY requests in flight in all.
 */
export async function awaitOrigins(
  images: readonly OriginImage[],
  options: AwaitOptions,
): Promise<OriginChecks> {
  const deadline = options.clock.now() + options.timeoutMs;
  // The whole check, first asks included, ends within the timeout and one ask's own.
  const lastEnd = deadline + (options.requestTimeoutMs ?? Infinity);
  const slots = new InFlightLimit(options.concurrency ?? ORIGIN_CONCURRENCY);
  const toldHosts = new Set<string>();
  const { checked, followers } = sampleByHost(images, options.maxChecked ?? MAX_CHECKED_IMAGES);
  const byHost = new Map<string, OriginImage[]>();
  for (const image of checked)
    byHost.set(hostOf(image.ref), [...(byHost.get(hostOf(image.ref)) ?? []), image]);
  const witnesses = new Map<string, OriginImage>();
  for (const witness of options.witnesses ?? [])
    if (!witnesses.has(hostOf(witness.ref))) witnesses.set(hostOf(witness.ref), witness);
  const results = new Map<AssetRef, OriginCheck>();
  const counts = new Map([...byHost].map(([host, list]) => [host, list.length]));
  const watch = new OriginWatch(images.length, counts, options.onMistake);
  const settle = (check: OriginCheck): void => {
    results.set(check.ref, check);
    watch.settled(check.ref, check.state === 'ready' || check.state === 'cannot-tell');
    if (check.state === 'cannot-tell') {
      const host = hostOf(check.ref);
      if (!toldHosts.has(host)) {
        toldHosts.add(host);
        options.onCannotTell?.(host, check);
      }
    }
    if (check.state === 'ready' || check.state === 'cannot-tell') options.onSettled(check);
  };
  // A host's followers go with its sample: released when every sampled image of the host may be invalidated.
  const followSample = (host: string, checks: readonly OriginCheck[]): void => {
    const blocker = checks.find((check) => check.state !== 'ready' && check.state !== 'cannot-tell');
    for (const follower of followers.get(host) ?? []) {
      settle({
        ...follower,
        state: blocker === undefined ? 'ready' : blocker.state,
        settledAt: blocker === undefined ? options.clock.now() : undefined,
        mistake: blocker?.mistake,
        askedMs: 0,
        asks: 0,
        followed: true,
        seen: blocker?.seen,
      });
    }
  };
  const ended = new AbortController();
  const telling = tellProgress(watch, deadline, options, ended.signal);
  const requests: HostRequests[] = [];
  try {
    await Promise.all(
      [...byHost].map(async ([host, list]) => {
        const context = { deadline, lastEnd, slots, watch, options, settle };
        const watched = await watchHost(host, list, witnesses.get(host), context);
        requests.push(watched.requests);
        followSample(host, watched.checks);
      }),
    );
  } finally {
    // Whatever ends the checks: a progress timer left running would hold the process open.
    ended.abort();
    await telling;
  }
  return {
    checks: images.map(
      (image) => results.get(image.ref) ?? { ...image, state: 'cancelled', askedMs: 0, asks: 0 },
    ),
    requests,
  };
}

/**
 * Where the wait stands, every PROGRESS_EVERY_MS of real time until the checks end: a person reads it in real time,
 * and a timer of its own never moves the run's clock (which tests drive by the run's own sleeps).
 */
async function tellProgress(
  watch: OriginWatch,
  deadline: number,
  options: AwaitOptions,
  ended: AbortSignal,
): Promise<void> {
  const { onProgress, clock, signal } = options;
  if (onProgress === undefined) return;
  const stop = signal === undefined ? ended : AbortSignal.any([ended, signal]);
  for (;;) {
    await abortable(sleep(PROGRESS_EVERY_MS, undefined, { signal: stop }), stop);
    if (stop.aborted) return;
    onProgress(watch.progress(deadline - clock.now()));
  }
}

/** A sleep that ends (without error) when the run is cancelled. */
function abortable(sleeping: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  return sleeping.catch(() => {
    if (signal?.aborted !== true) throw new Error('sleep failed');
  });
}
