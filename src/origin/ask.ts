import type { ReadVersions } from '../compare/versions.ts';
import type { Clock } from '../mechanics/clock.ts';
import type { FetchOrigin, Validators } from './fetch.ts';
import {
  bodyLimit,
  isPageFor,
  judge,
  verdictOf,
  type OriginAnswer,
  type Verdict,
  type Versions,
} from './verdict.ts';
import type { SeenAnswer } from './watch.ts';

/** An image that url-map made from a file: its origin URL and its path in the repository. */
export interface AskedImage {
  readonly ref: string;
  readonly path: string;
}

/** What one ask found: the verdict, the answer without its body (absent: a 304, nothing new), and its cost. */
export interface Asked {
  readonly verdict: Verdict;
  readonly seen?: SeenAnswer;
  /** Git knows the image's previous version, which its origin should serve until the deploy. */
  readonly modified: boolean;
  /** Requests the ask took: a redirect hop, or a body asked again whole, counts each. */
  readonly requests: number;
  /** The origin answered 304 to the validators sent: still what it served before. */
  readonly notModified: boolean;
}

/**
 * Bodies a little longer than the new version are still read whole on the first request: the previous version is
 * not known yet, and is often about as long.
 */
const FIRST_READ_MARGIN = 64 * 1024;

/**
 * One ask: the origin's answer against the new version, and against the previous one only when it is not ready.
 * `validators` (of an earlier answer that was the previous version) make it a conditional request.
 */
export async function ask(
  image: AskedImage,
  sources: { readonly fetch: FetchOrigin; readonly versions: ReadVersions },
  ends: AbortSignal | undefined,
  validators?: Validators,
): Promise<Asked> {
  const current = await sources.versions.current(image.path);
  if (current === 'unreadable') return { verdict: 'other', modified: false, requests: 0, notModified: false };
  const now: Versions = { current };
  const limit = (current?.length ?? 0) + 1 + FIRST_READ_MARGIN;
  let answer = await sources.fetch(image.ref, limit, ends, validators);
  let requests = answer.requests ?? 1;
  if (validators !== undefined && answer.status === 304)
    return { verdict: 'previous', modified: false, requests, notModified: true };
  if (verdictOf(answer, now) === 'ready')
    return {
      verdict: 'ready',
      seen: withoutBody(answer, now),
      modified: false,
      requests,
      notModified: false,
    };
  const previous = await sources.versions.previous(image.path);
  const both: Versions = previous === undefined ? now : { ...now, previous };
  // A body cut before the end of a previous version longer than the new one is asked for again, whole.
  if (answer.cut === 'too-long' && previous !== undefined && bodyLimit(both) > limit) {
    answer = await sources.fetch(image.ref, bodyLimit(both), ends);
    requests += answer.requests ?? 1;
  }
  return {
    verdict: await judge(answer, both, ends),
    seen: withoutBody(answer, both),
    modified: current !== undefined && previous !== undefined,
    requests,
    notModified: false,
  };
}

/**
 * What to send back on the next ask: the validator of an answer that served a body. The ETag alone when there is one
 * (a server that has it ignores the date); the date otherwise, good to the second only, but a deploy comes later than
 * the version it replaces.
 */
export function validatorsOf(seen: SeenAnswer | undefined): Validators | undefined {
  if (seen?.status === undefined || seen.status < 200 || seen.status >= 300) return undefined;
  if (seen.etag !== undefined) return { etag: seen.etag };
  return seen.lastModified === undefined ? undefined : { lastModified: seen.lastModified };
}

/**
 * When an ask must end besides its own timeout: at the run's cancel; for every ask after an image's first, at the
 * check's deadline; and for a first ask, at `lastEnd` (the deadline and one ask's timeout): the first is always made
 * when it can start in time (`origin-timeout: 0` asks once), but one that waited for its turn ends with the others.
 */
export function askEnds(
  asks: number,
  ends: { readonly deadline: number; readonly lastEnd: number },
  clock: Clock,
  signal: AbortSignal | undefined,
): AbortSignal | undefined {
  const end = asks <= 1 ? ends.lastEnd : ends.deadline;
  if (!Number.isFinite(end)) return signal;
  // On the run's clock; each ask's own timeout (timeout-seconds) bounds it too.
  const atEnd = AbortSignal.timeout(Math.max(0, Math.ceil(end - clock.now())));
  return signal === undefined ? atEnd : AbortSignal.any([signal, atEnd]);
}

/** The answer as it is kept: without its body, and named a page only where it stood for the image (verdict.ts). */
export function withoutBody(answer: OriginAnswer, versions: Versions): SeenAnswer {
  const seen: { -readonly [K in keyof OriginAnswer]?: OriginAnswer[K] } = { ...answer };
  delete seen.body;
  if (!isPageFor(answer, versions)) delete seen.page;
  return seen;
}
