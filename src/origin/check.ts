import type { ReadVersions } from '../compare/versions.ts';
import type { AssetRef } from '../domain/refs.ts';
import type { Clock } from '../mechanics/clock.ts';
import type { FetchOrigin } from './fetch.ts';
import type { CacheSeen } from './cache.ts';
import type { OriginAnswer } from './verdict.ts';
import type { OriginMistake, OriginProgress } from './watch.ts';

/** An image whose previous version a cache in front of its origin served from its copy. */
export interface CachedImage {
  readonly ref: AssetRef;
  readonly cache: CacheSeen;
  /** The cache lets its copy go before the deadline; undefined: it does not say when. */
  readonly fits: boolean | undefined;
}

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
  | 'redirected'
  /** url-map names a host that does not resolve, or a place where the site is not: not invalidated, a failure. */
  | 'mismapped';

/** What became of one image's check. `seen`: the last answer, without its body. */
export interface OriginCheck {
  readonly ref: AssetRef;
  readonly path: string;
  readonly state: OriginState;
  /** On the run's clock, when its origin was found ready (or could not be told). */
  readonly settledAt?: number | undefined;
  /** On the run's clock, when the last ask that found it not ready started: its origin flipped after that. */
  readonly previousAt?: number | undefined;
  /** Why it is `mismapped`. */
  readonly mistake?: OriginMistake | undefined;
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
  /**
   * One ask's own timeout (timeout-seconds): no ask goes past the deadline and this, so the whole check ends within
   * them. Absent: first asks are bounded by their own timeout alone.
   */
  readonly requestTimeoutMs?: number | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly concurrency?: number;
  readonly maxChecked?: number;
  /** Told of each image as soon as it may be invalidated (ready, or cannot be told). */
  readonly onSettled: (check: OriginCheck) => void;
  /** Told once per origin host of a mapping mistake, as soon as it shows (watch.ts). */
  readonly onMistake?: (mistake: OriginMistake) => void;
  /** Told every PROGRESS_EVERY_MS of where the wait stands. */
  readonly onProgress?: (progress: OriginProgress) => void;
  /**
   * Told once per origin host that kept an ask waiting past its own timeout (no answer, or a body that never ended):
   * its images not yet asked are then asked one at a time, at its pace, rather than a wave of timeouts at once.
   */
  readonly onStalled?: (host: string, seen: Omit<OriginAnswer, 'body'>) => void;
  /**
   * Told once per origin host of the first image a cache in front of it answered from its copy of the previous
   * version: `fits` whether the cache lets the copy go before the deadline (undefined: it does not say when).
   */
  readonly onCache?: (host: string, cached: CachedImage) => void;
  /** Told once per origin host of the first image whose origin serves bytes that are neither version. */
  readonly onCannotTell?: (host: string, check: OriginCheck) => void;
  /** Images unchanged by the push, which their site must serve: the first of each host is asked before the wait. */
  readonly witnesses?: readonly OriginImage[];
}
