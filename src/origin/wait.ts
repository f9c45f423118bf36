import { setTimeout as sleep } from 'node:timers/promises';
import type { AssetRef } from '../domain/refs.ts';
import type { Clock } from '../mechanics/clock.ts';
import { InFlightLimit } from '../mechanics/in-flight.ts';
import { hostOf, sampleByHost } from '../domain/hosts.ts';
import { isOtherHost, OriginWatch, type OriginMistake, type OriginProgress } from './watch.ts';

import type { FetchOrigin } from './fetch.ts';
import type { ReadVersions } from '../compare/versions.ts';
import { bodyLimit, judge, verdictOf, type OriginAnswer, type Verdict, type Versions } from './verdict.ts';

/** Origin requests in flight at once: an origin is a site, often a small one, not an API made for bursts. */
export const ORIGIN_CONCURRENCY = 8;

/**
 * Images checked one by one. Past it, each origin host is checked on a sample (see sampleByHost), and its other
 * images follow their host's sample: a deploy publishes a site's files together.
 */
export const MAX_CHECKED_IMAGES = 1_000;

/** How often a wait that goes on is told: often enough for a person watching the log to see it move. */
export const PROGRESS_EVERY_MS = 10_000;

/** The first wait between two asks of one image, and the longest. */
export const FIRST_WAIT_MS = 1_000;
export const LONGEST_WAIT_MS = 15_000;

/** An image that url-map made from a changed file: its origin URL and its path in the repository. */
export interface OriginImage {
  readonly ref: AssetRef;
  readonly path: string;
}

export type OriginState =
  /** Its origin serves the new version: invalidated. */
  | 'ready'
  /** Its origin serves bytes that are neither version: invalidated at once, with a notice. */
  | 'cannot-tell'
  /** Its origin still served the previous version at the timeout: not invalidated. */
  | 'not-ready'
  /** The run was cancelled while it waited. */
  | 'cancelled'
  /** Its origin URL redirects to another host: url-map names the wrong host. Not invalidated, a failure. */
  | 'redirected';

/** What became of one image's check. `seen`: the last answer, without its body. */
export interface OriginCheck {
  readonly ref: AssetRef;
  readonly path: string;
  readonly state: OriginState;
  /** On the run's clock, when its origin was found ready (or could not be told). */
  readonly settledAt?: number;
  /** From its first ask to its last. */
  readonly askedMs: number;
  readonly asks: number;
  readonly seen?: Omit<OriginAnswer, 'body'> | undefined;
  /** Not asked itself: it followed the sample of its host. */
  readonly followed?: true;
}

export interface AwaitOptions {
  readonly fetch: FetchOrigin;
  readonly versions: ReadVersions;
  readonly clock: Clock;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
  readonly concurrency?: number;
  readonly maxChecked?: number;
  /** Told of each image as soon as it may be invalidated (ready, or cannot be told). */
  readonly onSettled: (check: OriginCheck) => void;
  /** Told once per origin host of a mapping mistake, as soon as it shows (watch.ts). */
  readonly onMistake?: (mistake: OriginMistake) => void;
  /** Told every PROGRESS_EVERY_MS of where the wait stands. */
  readonly onProgress?: (progress: OriginProgress) => void;
  /** Told once per origin host of the first image whose origin serves bytes that are neither version. */
  readonly onCannotTell?: (host: string, check: OriginCheck) => void;
}

/** Waits until each image's origin serves its new version, or the timeout; every image's check, in input order. */
export async function awaitOrigins(
  images: readonly OriginImage[],
  options: AwaitOptions,
): Promise<OriginCheck[]> {
  const started = options.clock.now();
  const deadline = started + options.timeoutMs;
  const slots = new InFlightLimit(options.concurrency ?? ORIGIN_CONCURRENCY);
  const toldHosts = new Set<string>();
  const { checked, followers } = sampleByHost(images, options.maxChecked ?? MAX_CHECKED_IMAGES);
  const results = new Map<AssetRef, OriginCheck>();
  const pending = new Map<string, number>();
  for (const image of checked) pending.set(hostOf(image.ref), (pending.get(hostOf(image.ref)) ?? 0) + 1);
  const watch = new OriginWatch(images.length, new Map(pending), options.onMistake);
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
  const blocked = new Map<string, OriginCheck>();
  const sampleDone = (check: OriginCheck): void => {
    const host = hostOf(check.ref);
    if (check.state !== 'ready' && check.state !== 'cannot-tell') blocked.set(host, check);
    const left = (pending.get(host) ?? 1) - 1;
    pending.set(host, left);
    if (left > 0) return;
    const blocker = blocked.get(host);
    for (const follower of followers.get(host) ?? []) {
      settle({
        ...follower,
        state: blocker === undefined ? 'ready' : blocker.state,
        ...(blocker === undefined ? { settledAt: options.clock.now() } : {}),
        askedMs: 0,
        asks: 0,
        followed: true,
        seen: blocker?.seen,
      });
    }
  };
  const ended = new AbortController();
  const telling = tellProgress(watch, deadline, options, ended.signal);
  try {
    await Promise.all(
      checked.map(async (image) => {
        const check = await checkOne(image, deadline, slots, watch, options);
        settle(check);
        sampleDone(check);
      }),
    );
  } finally {
    // Whatever ends the checks: a progress timer left running would hold the process open.
    ended.abort();
    await telling;
  }
  return images.map(
    (image) => results.get(image.ref) ?? { ...image, state: 'cancelled', askedMs: 0, asks: 0 },
  );
}

async function checkOne(
  image: OriginImage,
  deadline: number,
  slots: InFlightLimit,
  watch: OriginWatch,
  options: AwaitOptions,
): Promise<OriginCheck> {
  const { clock, signal } = options;
  let first: number | undefined;
  let asks = 0;
  let seen: Omit<OriginAnswer, 'body'> | undefined;
  for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 1.6, LONGEST_WAIT_MS)) {
    if (signal?.aborted === true) return result(image, 'cancelled', first, asks, clock, seen);
    const verdict = await slots.run(async () => {
      // An ask that waited for its slot past the cancel or the deadline is not made: nothing bounds a queue of them.
      if (isAborted(signal) || (asks > 0 && clock.now() >= deadline)) return undefined;
      first ??= clock.now();
      asks++;
      const answered = await ask(image, options, askEnds(asks, deadline, options));
      // An ask cut by the deadline saw nothing: what the origin last answered still stands.
      const cut = answered.seen?.status === undefined && clock.now() >= deadline && seen !== undefined;
      if (!cut) seen = answered.seen;
      watch.asked(image, asks === 1, answered.verdict, seen, answered.modified);
      return answered.verdict;
    });
    if (verdict === undefined) {
      const state = isAborted(signal) ? 'cancelled' : 'not-ready';
      return result(image, state, first, asks, clock, seen);
    }
    // Another host, not another version: asking again would not change it, and invalidating would miss the site.
    if (seen?.offsite !== undefined && isOtherHost(image.ref, seen.offsite))
      return result(image, 'redirected', first, asks, clock, seen);
    if (verdict === 'ready') return result(image, 'ready', first, asks, clock, seen, true);
    if (verdict === 'other') return result(image, 'cannot-tell', first, asks, clock, seen, true);
    const left = deadline - clock.now();
    if (left <= 0) return result(image, 'not-ready', first, asks, clock, seen);
    // Full of jitter's upper half: images that became due together do not all ask again at the same moment.
    const pause = Math.min(left, wait * (0.5 + clock.random() / 2));
    await abortable(clock.sleep(pause, signal), signal);
  }
}

/**
 * Bodies a little longer than the new version are still read whole on the first request: the previous version is
 * not known yet, and is often about as long.
 */
const FIRST_READ_MARGIN = 64 * 1024;

/** One ask: the origin's answer against the new version, and against the previous one only when it is not ready. */
async function ask(
  image: OriginImage,
  options: AwaitOptions,
  ends: AbortSignal | undefined,
): Promise<{ verdict: Verdict; seen?: Omit<OriginAnswer, 'body'>; modified: boolean }> {
  const current = await options.versions.current(image.path);
  if (current === 'unreadable') return { verdict: 'other', modified: false };
  const now: Versions = { current };
  const limit = (current?.length ?? 0) + 1 + FIRST_READ_MARGIN;
  let answer = await options.fetch(image.ref, limit, ends);
  if (verdictOf(answer, now) === 'ready')
    return { verdict: 'ready', seen: withoutBody(answer), modified: false };
  const previous = await options.versions.previous(image.path);
  const both: Versions = previous === undefined ? now : { ...now, previous };
  // A body cut before the end of a previous version longer than the new one is asked for again, whole.
  if (answer.cut === 'too-long' && previous !== undefined && bodyLimit(both) > limit)
    answer = await options.fetch(image.ref, bodyLimit(both), ends);
  return {
    verdict: await judge(answer, both, ends),
    seen: withoutBody(answer),
    modified: current !== undefined && previous !== undefined,
  };
}

/**
 * When an ask must end besides its own timeout: at the run's cancel, and, for every ask after an image's first, at the
 * check's deadline (the first is always made: `origin-timeout: 0` asks once).
 */
function askEnds(asks: number, deadline: number, options: AwaitOptions): AbortSignal | undefined {
  const { signal, clock } = options;
  if (asks <= 1) return signal;
  // On the run's clock; each ask's own timeout (timeout-seconds) bounds it too.
  const atDeadline = AbortSignal.timeout(Math.max(0, Math.ceil(deadline - clock.now())));
  return signal === undefined ? atDeadline : AbortSignal.any([signal, atDeadline]);
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

function result(
  image: OriginImage,
  state: OriginState,
  first: number | undefined,
  asks: number,
  clock: Clock,
  seen: Omit<OriginAnswer, 'body'> | undefined,
  settled = false,
): OriginCheck {
  const now = clock.now();
  return {
    ...image,
    state,
    ...(settled ? { settledAt: now } : {}),
    askedMs: first === undefined ? 0 : now - first,
    asks,
    seen,
  };
}

function withoutBody(answer: OriginAnswer): Omit<OriginAnswer, 'body'> {
  const seen: { -readonly [K in keyof OriginAnswer]?: OriginAnswer[K] } = { ...answer };
  delete seen.body;
  return seen;
}

/** A sleep that ends (without error) when the run is cancelled. */
function abortable(sleeping: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  return sleeping.catch(() => {
    if (signal?.aborted !== true) throw new Error('sleep failed');
  });
}

/** Read afresh each time: a cancel may come while an ask waits for its slot. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
