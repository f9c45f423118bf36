/**
 * One image comparison: does an image that a server delivered show the new version of a file, the previous one, or
 * can it not be told? Re-encoding, another quality, another format and resizing are seen through; a crop, a change
 * of shape, or a picture near neither version is "cannot tell", never "new".
 */
import { createHash } from 'node:crypto';
import { decodeImage, type Decoded } from './decode.ts';
import { distance, shrink, thumbnailOf, type Thumbnail } from './thumbnail.ts';

/** Both versions of a file: absent where there is none (an added file has no previous, a deleted one no new). */
export interface ImageVersions {
  readonly current?: Uint8Array;
  readonly previous?: Uint8Array;
}

export type Shows = 'new' | 'previous' | 'cannot-tell';

export type Doubt =
  /** The two versions look alike, within what re-encoding changes. */
  | 'alike'
  /** Near neither version: another picture, a crop, an edit. */
  | 'neither'
  /** Its shape (width to height) is neither version's: a crop or a distortion. */
  | 'other-shape'
  /** Too few pixels a side to tell pictures apart. */
  | 'too-small'
  /** An SVG against a raster image, or the reverse. */
  | 'other-kind'
  /** It, or a version, could not be decoded. */
  | 'undecodable';

export type Comparison =
  | { readonly shows: 'new' | 'previous'; readonly distances?: Distances }
  | {
      readonly shows: 'cannot-tell';
      readonly doubt: Doubt;
      readonly detail?: string;
      readonly distances?: Distances;
    };

/** Root mean square differences of the thumbnails, 0 to 255 (see thumbnail.ts). */
export interface Distances {
  readonly toNew?: number;
  readonly toPrevious?: number;
  readonly between?: number;
}

/**
 * The largest distance that re-encoding, quality, format and resizing made on the measured set, with a margin:
 * at most this far from a version, an image shows it. Measured by scripts/bench/compare.ts (BENCHMARKS.md).
 */
export const SAME_PICTURE = 7;
/**
 * Versions nearer than this cannot be told apart. Twice SAME_PICTURE, so that (the distance being a metric) an
 * image within SAME_PICTURE of one version is always farther than SAME_PICTURE from the other.
 */
export const TELLS_APART = 2 * SAME_PICTURE;

/** Pixels a side of the thumbnails compared; fewer when the image delivered is smaller. */
export const THUMBNAIL_SIDE = 32;
/** Below this many pixels a side, pictures are not told apart. */
export const SMALLEST_SIDE = 8;

export async function compareImage(delivered: Uint8Array, versions: ImageVersions): Promise<Comparison> {
  const { current, previous } = versions;
  if (current === undefined && previous === undefined) return { shows: 'cannot-tell', doubt: 'neither' };
  // The common case costs no decoding: the server delivers a version's very bytes.
  if (current !== undefined && previous !== undefined && equal(current, previous))
    return { shows: 'cannot-tell', doubt: 'alike', distances: { between: 0 } };
  if (current !== undefined && equal(delivered, current)) return { shows: 'new' };
  if (previous !== undefined && equal(delivered, previous)) return { shows: 'previous' };
  const seen = await decodeImage(delivered);
  if (seen.kind === 'undecodable') return { shows: 'cannot-tell', doubt: 'undecodable', detail: seen.reason };
  const [next, before] = await Promise.all([lookOf(current), lookOf(previous)]);
  if (next?.kind === 'undecodable')
    return { shows: 'cannot-tell', doubt: 'undecodable', detail: `the new version is ${next.reason}` };
  if (before?.kind === 'undecodable')
    return { shows: 'cannot-tell', doubt: 'undecodable', detail: `the previous version is ${before.reason}` };
  if (seen.kind === 'svg') return compareSvg(seen.text, next, before);
  if (next?.kind === 'svg' || before?.kind === 'svg') return { shows: 'cannot-tell', doubt: 'other-kind' };
  return compareRasters(seen, next, before);
}

/** What is kept of a version: its size and thumbnail, not its pixels. */
type Look =
  | {
      readonly kind: 'raster';
      readonly width: number;
      readonly height: number;
      readonly thumbnail: Thumbnail;
    }
  | Exclude<Decoded, { kind: 'raster' }>;

function compareRasters(
  seen: Extract<Decoded, { kind: 'raster' }>,
  next: Extract<Look, { kind: 'raster' }> | undefined,
  before: Extract<Look, { kind: 'raster' }> | undefined,
): Comparison {
  const { width, height } = seen.raster;
  const side = Math.min(THUMBNAIL_SIDE, width, height);
  if (side < SMALLEST_SIDE) return { shows: 'cannot-tell', doubt: 'too-small' };
  const thumb = thumbnailOf(seen.raster, side);
  const nextThumb = next === undefined ? undefined : shrink(next.thumbnail, side);
  const beforeThumb = before === undefined ? undefined : shrink(before.thumbnail, side);
  const distances: { toNew?: number; toPrevious?: number; between?: number } = {};
  if (nextThumb !== undefined && beforeThumb !== undefined) {
    distances.between = distance(nextThumb, beforeThumb);
    if (distances.between < TELLS_APART) return { shows: 'cannot-tell', doubt: 'alike', distances };
  }
  const nextShaped = next !== undefined && sameShape(seen.raster, next);
  const beforeShaped = before !== undefined && sameShape(seen.raster, before);
  if (!nextShaped && !beforeShaped) return { shows: 'cannot-tell', doubt: 'other-shape', distances };
  if (nextShaped && nextThumb !== undefined) distances.toNew = distance(thumb, nextThumb);
  if (beforeShaped && beforeThumb !== undefined) distances.toPrevious = distance(thumb, beforeThumb);
  if (distances.toNew !== undefined && distances.toNew <= SAME_PICTURE) return { shows: 'new', distances };
  if (distances.toPrevious !== undefined && distances.toPrevious <= SAME_PICTURE)
    return { shows: 'previous', distances };
  return { shows: 'cannot-tell', doubt: 'neither', distances };
}

/**
 * Width to height within what rounding each side to a whole pixel explains (a service resizing to `w:100` rounds
 * the height), and a hundredth more.
 */
function sameShape(seen: Size, version: Size): boolean {
  const { width, height } = seen;
  const ratio = width / height / (version.width / version.height);
  return Math.abs(Math.log(ratio)) <= 0.01 + 1 / width + 1 / height;
}

/** SVG is text: the same drawing is the same text once comments, the XML declaration and spacing are set aside. */
interface Size {
  readonly width: number;
  readonly height: number;
}

function compareSvg(seen: string, next: Look | undefined, before: Look | undefined): Comparison {
  if ((next !== undefined && next.kind !== 'svg') || (before !== undefined && before.kind !== 'svg'))
    return { shows: 'cannot-tell', doubt: 'other-kind' };
  const text = normalSvg(seen);
  const nextText = next?.kind === 'svg' ? normalSvg(next.text) : undefined;
  const beforeText = before?.kind === 'svg' ? normalSvg(before.text) : undefined;
  if (nextText !== undefined && nextText === beforeText) return { shows: 'cannot-tell', doubt: 'alike' };
  if (text === nextText) return { shows: 'new' };
  if (text === beforeText) return { shows: 'previous' };
  return { shows: 'cannot-tell', doubt: 'neither' };
}

export function normalSvg(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .replace(/\s*(\/?>)/g, '$1')
    .trim();
}

/**
 * A version's look, kept for the process by its digest: the origin check asks about the same file again and again
 * while it waits, and its versions do not change. Thumbnails only: a few KiB each, where the pixels can be 200 MB.
 */
const looks = new Map<string, Promise<Look>>();
const LOOKS_KEPT = 256;

function lookOf(bytes: Uint8Array | undefined): Promise<Look | undefined> {
  if (bytes === undefined) return Promise.resolve(undefined);
  const key = createHash('sha256').update(bytes).digest('base64');
  let look = looks.get(key);
  if (look === undefined) {
    look = decodeImage(bytes).then((decoded) =>
      decoded.kind === 'raster'
        ? {
            kind: 'raster',
            width: decoded.raster.width,
            height: decoded.raster.height,
            thumbnail: thumbnailOf(decoded.raster, THUMBNAIL_SIDE),
          }
        : decoded,
    );
    if (looks.size >= LOOKS_KEPT) looks.delete(looks.keys().next().value ?? '');
    looks.set(key, look);
  }
  return look;
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}
