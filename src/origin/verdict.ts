import type { Shows } from '../compare/compare.ts';
import { etagShown, quote } from '../shown/shown.ts';
import type { CacheSeen } from './cache.ts';
import { standsFor, type Page } from './page.ts';

/**
 * What an origin's answer says about one image: `verdictOf` from its bytes alone, pure, so that every case is a
 * table row in a test; `judge` looks at the picture when the bytes are neither version.
 *
 * `ready`: the origin serves the new version (a deleted file: it is gone, or a page stands in its place). `previous`:
 * it still serves the old one, or not yet the new one (an added file's 404, an error, a 5xx, a page such as a
 * fallback `index.html` or a "deploying" page), or could not be read within the run's byte budget: worth asking
 * again, never invalidated on a guess. `other`: a picture that is neither version or cannot be told
 * (the versions look alike, a crop), an answer that cannot be compared, or a redirect to another origin: nothing
 * tells when it would change.
 */
export type Verdict = 'ready' | 'previous' | 'other';

/** What one request to an origin saw; every text field is the origin's, to be shown only through shown.ts. */
export interface OriginAnswer {
  /** Absent when no answer came (`error` says why). */
  readonly status?: number | undefined;
  /** The body, when it was read whole within its limit. */
  readonly body?: Uint8Array;
  /** The body was longer than any re-encoding of either version (bodyLimit), or the run's byte budget was spent. */
  readonly cut?: 'too-long' | 'budget';
  /** Content-Length, else the bytes read. */
  readonly length?: number;
  readonly etag?: string | undefined;
  readonly lastModified?: string | undefined;
  /** Requests this answer took: redirect hops within the origin count each. */
  readonly requests?: number;
  /** The host name does not resolve: no deploy will make it answer. */
  readonly unresolved?: true | undefined;
  /** A redirect to another origin (scheme, host or port): where it pointed. */
  readonly offsite?: string;
  /** A network error or a timeout. */
  readonly error?: string | undefined;
  /** The ask got no whole answer within its own timeout: the origin accepted it and kept it waiting. */
  readonly stalled?: true | undefined;
  /** A 2xx whose type or first bytes say it is a page (HTML, JSON, XML, text), not an image. */
  readonly page?: Page;
  /** A cache in front of the origin, as the answer's headers name it. */
  readonly cache?: CacheSeen;
}

/** The image's bytes now (absent: the file was deleted) and before (absent: added, or git cannot tell). */
export interface Versions {
  readonly current?: Uint8Array | undefined;
  readonly previous?: Uint8Array | undefined;
}

export function verdictOf(answer: OriginAnswer, versions: Versions): Verdict {
  const { status } = answer;
  if (answer.offsite !== undefined) return 'other';
  // Unread is not unchanged: with the budget spent the image stays held, and is reported not ready at the timeout.
  if (answer.cut === 'budget') return 'previous';
  if (answer.error !== undefined) return 'previous';
  if (status === undefined || status >= 500) return 'previous';
  // Not modified since the answer whose validators were sent, which was the previous version: only such asks send them.
  if (status === 304) return 'previous';
  const gone = status === 404 || status === 410;
  // A bucket that does not let its key be listed answers a missing key with 403 (S3, GCS): for a deleted image, gone.
  const refused = status === 401 || status === 403;
  if (versions.current === undefined) {
    if (gone || refused) return 'ready';
    if (isOk(status) && sameBytes(answer.body, versions.previous)) return 'previous';
    // A page where the deleted image was (a single-page app's fallback): the image is no longer served.
    return isPageFor(answer, versions) ? 'ready' : 'other';
  }
  // A file that is there but not yet at its origin: an added image before its deploy, or a deploy half done.
  // Nor is any other answer that is not the image (a refusal, a 3xx without a place): never taken for a version.
  if (gone || !isOk(status)) return 'previous';
  if (sameBytes(answer.body, versions.current)) return 'ready';
  if (sameBytes(answer.body, versions.previous)) return 'previous';
  // A page where the image should be (a fallback index.html, a "deploying" page): the image is not served yet.
  return isPageFor(answer, versions) ? 'previous' : 'other';
}

/**
 * A page, served for an image known not to be itself such a text (a file of text is told by its bytes alone, and a
 * file of which no version is known yet by nothing).
 */
export function isPageFor(answer: OriginAnswer, versions: Versions): boolean {
  const file = versions.current ?? versions.previous;
  if (answer.page === undefined || file === undefined || !standsFor(answer.page, file)) return false;
  return !sameBytes(answer.body, versions.current) && !sameBytes(answer.body, versions.previous);
}

/**
 * The verdict of an answer, with the picture looked at when its bytes are neither version: an origin that
 * recompresses or re-encodes its images (an image build step, a CDN in front) serves the new version in other
 * bytes, and is told ready, or still previous, as one that serves the files as they are.
 */
export async function judge(
  answer: OriginAnswer,
  versions: Versions,
  signal?: AbortSignal,
): Promise<Verdict> {
  const byBytes = verdictOf(answer, versions);
  if (byBytes !== 'other' || answer.body === undefined || answer.status === undefined || !isOk(answer.status))
    return byBytes;
  // Loaded here, by the first answer whose picture is looked at: a run that compares no picture (a dry run, a run
  // whose origins serve the files as they are) never opens the comparison's code. Named, as the proof names it
  // (proof/judge.ts): one chunk for both, though what their own chunks already hold differs.
  const { compareImage } = await import(/* webpackChunkName: "compare" */ '../compare/compare.ts');
  const comparison = await compareImage(answer.body, versions, { signal });
  // Not looked at is not unchanged: as an answer not read, worth asking again, never invalidated on a guess.
  if (comparison.shows === 'cannot-tell' && comparison.doubt === 'cancelled') return 'previous';
  return fromPicture(comparison.shows, versions);
}

function fromPicture(shows: Shows, versions: Versions): Verdict {
  switch (shows) {
    // A deleted file is ready when it is gone, not when it looks like anything.
    case 'new':
      return versions.current === undefined ? 'other' : 'ready';
    case 'previous':
      return 'previous';
    case 'cannot-tell':
      return 'other';
    default: {
      const unhandled: never = shows;
      return unhandled;
    }
  }
}

/**
 * The longest body worth reading: twice the longer version and 64 KiB more. An origin that re-encodes serves other
 * lengths (a PNG as a larger PNG, a JPEG at a higher quality); a body longer than that is no re-encoding of either.
 */
export function bodyLimit(versions: Versions): number {
  return 2 * Math.max(versions.current?.length ?? 0, versions.previous?.length ?? 0) + 64 * 1024;
}

function isOk(status: number): boolean {
  return status >= 200 && status < 300;
}

function sameBytes(body: Uint8Array | undefined, version: Uint8Array | undefined): boolean {
  return body !== undefined && version !== undefined && Buffer.from(body).equals(version);
}

/** What the origin serves, in a few words: `200, 5,120 bytes, ETag "abc"`. The ETag is the origin's text. */
/** An ask the run's byte budget stopped: not read, or not sent at all. */
const BUDGET_SPENT = "not read: the run's origin byte budget (256 MiB) is spent";

export function seenWords(answer: OriginAnswer): string {
  if (answer.status === undefined)
    return answer.error ?? (answer.cut === 'budget' ? BUDGET_SPENT : 'no answer');
  const parts = [String(answer.status)];
  if (answer.page?.type !== undefined) parts.push(typeShown(answer.page.type));
  if (answer.length !== undefined) parts.push(`${answer.length.toLocaleString('en-US')} bytes`);
  if (answer.etag !== undefined) parts.push(`ETag ${etagShown(answer.etag)}`);
  if (answer.offsite !== undefined)
    parts.push(`redirected to ${JSON.stringify(answer.offsite.slice(0, 200))}`);
  if (answer.cut === 'too-long') parts.push('longer than any re-encoding of either version');
  if (answer.cut === 'budget') parts.push(BUDGET_SPENT);
  if (answer.page !== undefined) parts.push(pageWords(answer.page));
  return parts.join(', ');
}

/** A page as the report names it: `a page titled "Acme"`, or `a page that reads "Deploying…"`. Its text is quoted. */
function pageWords(page: Page): string {
  if (page.title !== undefined) return `a page titled ${quote(page.title)}`;
  return page.words === undefined || page.words === ''
    ? 'an empty page'
    : `a page that reads ${quote(page.words)}`;
}

/** A media type as sent, when it is one (`text/html`); anything else the origin wrote there is quoted. */
function typeShown(type: string): string {
  return /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/.test(type) ? type : quote(type);
}
