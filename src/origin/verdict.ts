import type { Shows } from '../compare/compare.ts';
import { etagShown } from '../shown/shown.ts';

/**
 * What an origin's answer says about one image: `verdictOf` from its bytes alone, pure, so that every case is a
 * table row in a test; `judge` looks at the picture when the bytes are neither version.
 *
 * `ready`: the origin serves the new version (a deleted file: it is gone). `previous`: it still serves the old one,
 * or not yet the new one (an added file's 404, an error, a 5xx), or could not be read within the run's byte budget:
 * worth asking again, never invalidated on a guess. `other`: a picture that is neither version or cannot be told
 * (the versions look alike, a crop), an answer that cannot be compared, or a redirect to another origin: nothing
 * tells when it would change.
 */
export type Verdict = 'ready' | 'previous' | 'other';

/** What one request to an origin saw; every text field is the origin's, to be shown only through shown.ts. */
export interface OriginAnswer {
  /** Absent when no answer came (`error` says why). */
  readonly status?: number;
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
  readonly unresolved?: true;
  /** A redirect to another origin (scheme, host or port): where it pointed. */
  readonly offsite?: string;
  /** A network error or a timeout. */
  readonly error?: string;
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
  if (versions.current === undefined) {
    if (gone) return 'ready';
    return isOk(status) && sameBytes(answer.body, versions.previous) ? 'previous' : 'other';
  }
  // A file that is there but not yet at its origin: an added image before its deploy, or a deploy half done.
  if (gone) return 'previous';
  if (!isOk(status)) return 'other';
  if (sameBytes(answer.body, versions.current)) return 'ready';
  return sameBytes(answer.body, versions.previous) ? 'previous' : 'other';
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
  // whose origins serve the files as they are) never opens the comparison's code.
  const { compareImage } = await import('../compare/compare.ts');
  const comparison = await compareImage(answer.body, versions, signal === undefined ? {} : { signal });
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
export function seenWords(answer: OriginAnswer): string {
  if (answer.status === undefined) return answer.error ?? 'no answer';
  const parts = [String(answer.status)];
  if (answer.length !== undefined) parts.push(`${answer.length.toLocaleString('en-US')} bytes`);
  if (answer.etag !== undefined) parts.push(`ETag ${etagShown(answer.etag)}`);
  if (answer.offsite !== undefined)
    parts.push(`redirected to ${JSON.stringify(answer.offsite.slice(0, 200))}`);
  if (answer.cut === 'too-long') parts.push('longer than any re-encoding of either version');
  if (answer.cut === 'budget') parts.push("not read: the run's origin byte budget is spent");
  return parts.join(', ');
}
