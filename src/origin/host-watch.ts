import type { AssetRef } from '../domain/refs.ts';
import type { Clock } from '../mechanics/clock.ts';
import type { InFlightLimit } from '../mechanics/in-flight.ts';
import { ask, askEnds, validatorsOf, type AskedImage } from './ask.ts';
import type { Validators } from './fetch.ts';
import { keptForS, type CacheSeen } from './cache.ts';
import { mappingMistake } from './mapping.ts';
import { HostPace, ORIGIN_CONCURRENCY } from './pace.ts';
import { isOtherHost, type OriginMistake, type OriginWatch, type SeenAnswer } from './watch.ts';
import type { AwaitOptions, OriginCheck, OriginImage, OriginState } from './check.ts';

/** What the watch of one host shares with the others: the deadline, the requests in flight, the log's view. */
export interface HostContext {
  readonly deadline: number;
  /** No ask goes past it: the deadline and one ask's own timeout (askEnds). */
  readonly lastEnd: number;
  readonly slots: InFlightLimit;
  readonly watch: OriginWatch;
  readonly options: AwaitOptions;
  /** Told of each image's check as soon as it ends. */
  readonly settle: (check: OriginCheck) => void;
}

/** Requests made to one origin host, and how many of them were answered 304. */
export interface HostRequests {
  readonly host: string;
  readonly requests: number;
  readonly notModified: number;
}

/** An image still waiting for its origin. */
interface Waiting {
  readonly image: OriginImage;
  asks: number;
  firstAt?: number;
  lastAskAt: number;
  /** When the last ask that found it not ready started: it flipped after that. */
  previousAt?: number;
  seen?: SeenAnswer | undefined;
  validators?: Validators | undefined;
}

/** Of an image's asks after its first, every this many is sent without validators. */
export const UNCONDITIONAL_EVERY = 5;

/**
 * Watches the images of one origin host until each is ready, or the deadline or the cancel: a witness (an image
 * unchanged by the push, which the site must serve) and every image asked once, a url-map mistake failed at once, then
 * the host asked at the pace of pace.ts. Each image's check is settled as it ends; the checks, in the end.
 */
export async function watchHost(
  host: string,
  images: readonly OriginImage[],
  witness: AskedImage | undefined,
  context: HostContext,
): Promise<{ checks: OriginCheck[]; requests: HostRequests }> {
  const { options, slots, deadline } = context;
  const { clock, signal } = options;
  const pace = new HostPace(images.length, clock.now());
  const waiting = new Map<AssetRef, Waiting>(
    images.map((image) => [image.ref, { image, asks: 0, lastAskAt: -Infinity }]),
  );
  const checks: OriginCheck[] = [];
  /** What each image's first ask saw: with the witness, what tells a url-map mistake. */
  const firsts: { image: AskedImage; seen: SeenAnswer | undefined }[] = [];
  let notModified = 0;
  /** The answer of the first ask the host kept waiting past its own timeout: told once, and its unasked wait. */
  let stalled: SeenAnswer | undefined;

  const end = (entry: Waiting, state: OriginState, mistake?: OriginMistake): void => {
    if (!waiting.delete(entry.image.ref)) return;
    pace.confirmed();
    const now = clock.now();
    const settled = state === 'ready' || state === 'cannot-tell';
    const check: OriginCheck = {
      ...entry.image,
      state,
      settledAt: settled ? now : undefined,
      previousAt: entry.previousAt,
      askedMs: entry.firstAt === undefined ? 0 : now - entry.firstAt,
      asks: entry.asks,
      // Never asked, behind an ask its host kept waiting: that answer is what the host gave.
      seen: entry.seen ?? (entry.asks === 0 ? stalled : undefined),
      mistake,
    };
    checks.push(check);
    context.settle(check);
  };

  /**
   * One ask of an image; true when it found the image flipped (ready, or other bytes than before). In the first round
   * (`firstRound`), an image of a host that has kept an ask waiting past its timeout is left for the wait, which asks
   * one at a time: a wave of asks that each wait their whole timeout would hold the check for waves on end.
   */
  const askOnce = (entry: Waiting, firstRound = false): Promise<boolean> =>
    slots.run(async () => {
      // An ask that waited for its slot past the cancel or the deadline is not made: nothing bounds a queue of them.
      const late = clock.now() >= (entry.asks > 0 ? deadline : context.lastEnd);
      if (isAborted(signal) || !waiting.has(entry.image.ref) || late || (firstRound && stalled !== undefined))
        return false;
      const at = clock.now();
      entry.firstAt ??= at;
      entry.lastAskAt = at;
      entry.asks++;
      pace.asked();
      const ends = askEnds(entry.asks, context, clock, signal);
      // Every UNCONDITIONAL_EVERY-th ask is plain: a server whose validator does not change with the bytes (an ETag of
      // mtime and size, with mtimes fixed by the build) would answer 304 for ever to a new version.
      const conditional = entry.asks > 1 && entry.asks % UNCONDITIONAL_EVERY !== 0;
      const answered = await ask(entry.image, options, ends, conditional ? entry.validators : undefined);
      pace.asked(Math.max(0, answered.requests - 1));
      if (answered.notModified) notModified++;
      // An ask cut by the deadline saw nothing: what the origin last answered still stands.
      const cut = answered.seen?.status === undefined && clock.now() >= deadline && entry.seen !== undefined;
      if (answered.seen !== undefined && !cut) entry.seen = answered.seen;
      if (answered.seen?.stalled === true && stalled === undefined) {
        stalled = answered.seen;
        options.onStalled?.(host, answered.seen);
      }
      if (entry.asks === 1) firsts.push({ image: entry.image, seen: entry.seen });
      context.watch.asked(entry.image, entry.asks === 1, answered.verdict, entry.seen, answered.modified);
      // Another host, not another version: asking again would not change it, and invalidating would miss the site.
      if (entry.seen?.offsite !== undefined && isOtherHost(entry.image.ref, entry.seen.offsite)) {
        end(entry, 'redirected');
        return false;
      }
      if (answered.verdict !== 'previous') {
        end(entry, answered.verdict === 'ready' ? 'ready' : 'cannot-tell');
        // Only a new version shows the host moving: a picture that is neither version says nothing of a deploy.
        return answered.verdict === 'ready';
      }
      entry.previousAt = at;
      if (!answered.notModified) entry.validators = validatorsOf(entry.seen);
      // A cache in front that keeps the previous version past the deadline: no wait makes it serve the new one. Read
      // from a body's answer only: a 304 repeats the age of the answer before it.
      if (!answered.notModified && heldByCache(entry)) end(entry, 'not-ready');
      return false;
    });

  /** The previous version came from a cache's copy: told once per host, and true when it outlasts the deadline. */
  let cacheTold = false;
  const heldByCache = (entry: Waiting): boolean => {
    const cache = cachedPrevious(entry.seen);
    if (cache === undefined) return false;
    const kept = keptForS(cache);
    const fits = kept === undefined ? undefined : clock.now() + kept * 1000 <= deadline;
    if (!cacheTold) {
      cacheTold = true;
      options.onCache?.(host, { ref: entry.image.ref, cache, fits });
    }
    return fits === false;
  };

  // 1. The witness first in line, then every image once: before any wait.
  const witnessSeen = witness === undefined ? undefined : await askWitness(witness, context, pace);
  if (witnessSeen?.stalled === true) {
    stalled = witnessSeen;
    options.onStalled?.(host, witnessSeen);
  }
  const firstFound = await Promise.all([...waiting.values()].map((entry) => askOnce(entry, true)));
  // A cancel in the first round leaves images unasked: what was seen proves nothing about the mapping.
  const mistake = isAborted(signal)
    ? undefined
    : mappingMistake(
        witness === undefined || witnessSeen === undefined
          ? undefined
          : { image: witness, seen: witnessSeen },
        firsts,
      );
  if (mistake !== undefined) {
    context.watch.mistaken(host, mistake);
    for (const entry of [...waiting.values()]) end(entry, 'mismapped', mistake);
  }

  // 2. The wait, at the host's pace.
  let moving = firstFound.some(Boolean);
  let sweep = false;
  let lastAskAt = clock.now();
  while (waiting.size > 0) {
    if (isAborted(signal)) {
      for (const entry of [...waiting.values()]) end(entry, 'cancelled');
      break;
    }
    const now = clock.now();
    if (now >= deadline) {
      for (const entry of [...waiting.values()]) end(entry, 'not-ready');
      break;
    }
    if (sweep) {
      sweep = false;
      await sweepHost(longestUnasked(waiting), askOnce, options.concurrency);
      lastAskAt = clock.now();
      continue;
    }
    const at = Math.min(pace.nextAt(lastAskAt, moving, waiting.size), deadline);
    if (at > now) {
      await sleepUntil(clock, at - now, signal);
      continue;
    }
    const next = longestUnasked(waiting)[0];
    if (next === undefined) break;
    lastAskAt = now;
    if (await askOnce(next)) {
      moving = true;
      sweep = waiting.size > 0;
    }
  }
  return { checks, requests: { host, requests: pace.requests, notModified } };
}

/**
 * A deploy has begun: the images still waiting are asked now, one, then two, four… up to `concurrency` at a time,
 * while every image of the last round was found flipped (an atomic deploy: all of them, each ask the one its image
 * was owed). A round that finds one not flipped ends it (a deploy image by image: the rest are found at the host's
 * pace), so the sweep costs the budget one round at most.
 */
async function sweepHost(
  order: readonly Waiting[],
  askOnce: (entry: Waiting) => Promise<boolean>,
  concurrency = ORIGIN_CONCURRENCY,
): Promise<void> {
  for (let start = 0, size = 1; start < order.length; start += size, size = Math.min(size * 2, concurrency)) {
    const found = await Promise.all(order.slice(start, start + size).map((entry) => askOnce(entry)));
    if (!found.every(Boolean)) return;
  }
}

/** The witness, asked once: its status and whether its host resolves are all that is read of it. */
async function askWitness(
  witness: AskedImage,
  context: HostContext,
  pace: HostPace,
): Promise<SeenAnswer | undefined> {
  const { fetch, signal, clock } = context.options;
  return context.slots.run(async () => {
    if (isAborted(signal)) return undefined;
    pace.asked();
    const answer = await fetch(witness.ref, 1, askEnds(1, context, clock, signal));
    pace.asked(Math.max(0, (answer.requests ?? 1) - 1));
    const { status, error, unresolved, stalled } = answer;
    return { status, error, unresolved, stalled };
  });
}

/** The cache that answered a body of the previous version from its copy (a hit); a miss or a bypass is the origin's. */
function cachedPrevious(seen: SeenAnswer | undefined): CacheSeen | undefined {
  if (seen?.cache?.hit !== true || seen.page !== undefined || seen.error !== undefined) return undefined;
  return seen.status !== undefined && seen.status >= 200 && seen.status < 300 ? seen.cache : undefined;
}

/** The images waiting, the one asked longest ago first (the order they came in, among those never asked again). */
function longestUnasked(waiting: ReadonlyMap<AssetRef, Waiting>): Waiting[] {
  return [...waiting.values()].toSorted((a, b) =>
    a.lastAskAt === b.lastAskAt ? 0 : a.lastAskAt < b.lastAskAt ? -1 : 1,
  );
}

/** A sleep that ends (without error) when the run is cancelled. */
async function sleepUntil(clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  await clock.sleep(ms, signal).catch(() => {
    if (signal?.aborted !== true) throw new Error('sleep failed');
  });
}

/** Read afresh each time: a cancel may come while an ask waits for its slot. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
