import type { Doubt, ImageVersions } from '../compare/compare.ts';
import type { Delivered } from './fetch.ts';

/**
 * What one answer of the image host proves about one image:
 * - `fresh`: it shows the new version (a deleted file: the host answers 404 or 410);
 * - `stale`: it shows the previous version;
 * - `cannot-tell`: it shows neither, or the two versions look alike (`doubt` says which);
 * - `failed`: no image to judge, for the reason `failure` names.
 */
export type Finding =
  | { readonly state: 'fresh' | 'stale' }
  | { readonly state: 'cannot-tell'; readonly doubt: Doubt; readonly detail?: string | undefined }
  | { readonly state: 'failed'; readonly failure: Failure };

export type Failure =
  /** No answer: a network error or a timeout. */
  | 'no-answer'
  /** A 3xx: the host sent the browser elsewhere. */
  | 'redirect'
  /** A 4xx or 5xx. */
  | 'error-page'
  /** The service's placeholder for an image its origin could not serve. */
  | 'placeholder'
  /** A 2xx that is no image: an HTML page, JSON, text, or bytes that cannot be decoded. */
  | 'not-image'
  /** A body longer than any image of its kind: not read on. */
  | 'too-large';

export async function judgeDelivered(
  answer: Delivered,
  versions: ImageVersions,
  signal?: AbortSignal,
): Promise<Finding> {
  const { status } = answer;
  if (status === undefined || answer.error !== undefined) return failed('no-answer');
  if (versions.current === undefined && (status === 404 || status === 410)) return { state: 'fresh' };
  if (status >= 300 && status < 400) return failed('redirect');
  if (status >= 400 || status < 200) return failed('error-page');
  if (answer.placeholder === true) return failed('placeholder');
  if (answer.cut === true) return failed('too-large');
  if (answer.body === undefined || !isImageType(answer.contentType)) return failed('not-image');
  // The comparison's own chunk, shared with the origin check's (origin/verdict.ts loads it by the same name): a
  // static import would copy it into the proof's chunk as well.
  const { compareImage } = await import(/* webpackChunkName: "compare" */ '../compare/compare.ts');
  const comparison = await compareImage(answer.body, versions, { signal });
  switch (comparison.shows) {
    case 'new':
      return versions.current === undefined ? { state: 'cannot-tell', doubt: 'neither' } : { state: 'fresh' };
    case 'previous':
      return { state: 'stale' };
    case 'cannot-tell':
      if (comparison.doubt === 'undecodable') return failed('not-image');
      return {
        state: 'cannot-tell',
        doubt: comparison.doubt,
        detail: comparison.detail,
      };
    default: {
      const unhandled: never = comparison;
      return unhandled;
    }
  }
}

function failed(failure: Failure): Finding {
  return { state: 'failed', failure };
}

/** An image type, or none said (the bytes tell then); `text/html`, `application/json` and the like are not. */
function isImageType(contentType: string | undefined): boolean {
  if (contentType === undefined) return true;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type.startsWith('image/') || type === 'application/octet-stream' || type === 'binary/octet-stream';
}
