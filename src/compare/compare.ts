/**
 * One image comparison: does an image that a server delivered show the new version of a file, the previous one, or
 * can it not be told? Re-encoding, another quality, another format and resizing are seen through; a crop, a change
 * of shape, or a picture near neither version is "cannot tell", never "new". A photo with an orientation tag is
 * matched as stored and as shown turned by it: some hosts deliver the pixels as they are, most turn them and drop
 * the tag. The image delivered is seen as a browser shows it, turned by its own tag.
 */
import { createHash } from 'node:crypto';
import { decodeImage, MAX_VERSION_PIXELS, type Decoded } from './decode.ts';
import { turnsAQuarter, type Orientation } from './orientation.ts';
import { distance, shrink, thumbnailOf, turned, type Thumbnail } from './thumbnail.ts';

/** Both versions of a file: absent where there is none (an added file has no previous, a deleted one no new). */
export interface ImageVersions {
  readonly current?: Uint8Array | undefined;
  readonly previous?: Uint8Array | undefined;
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
  /** The image delivered could not be decoded: it is no image, or none this can read. */
  | 'undecodable'
  /**
   * A version of the file could not be decoded (`detail` says why: a size over MAX_VERSION_PIXELS, say): the image
   * delivered may well be right, but it cannot be told.
   */
  | 'version-undecodable'
  /** The run's cancel came before the pictures were compared. */
  | 'cancelled';

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

export interface CompareOptions {
  /** The run's cancel: a decode under way is ended, and the comparison is `cancelled`. */
  readonly signal?: AbortSignal | undefined;
}

export async function compareImage(
  delivered: Uint8Array,
  versions: ImageVersions,
  options: CompareOptions = {},
): Promise<Comparison> {
  const { signal } = options;
  const { current, previous } = versions;
  if (current === undefined && previous === undefined) return { shows: 'cannot-tell', doubt: 'neither' };
  // The common case costs no decoding: the server delivers a version's very bytes.
  if (current !== undefined && previous !== undefined && equal(current, previous))
    return { shows: 'cannot-tell', doubt: 'alike', distances: { between: 0 } };
  if (current !== undefined && equal(delivered, current)) return { shows: 'new' };
  if (previous !== undefined && equal(delivered, previous)) return { shows: 'previous' };
  const seen = await decodeImage(delivered, { signal });
  if (seen.kind === 'cancelled') return { shows: 'cannot-tell', doubt: 'cancelled' };
  if (seen.kind === 'undecodable') return { shows: 'cannot-tell', doubt: 'undecodable', detail: seen.reason };
  const [next, before] = await Promise.all([lookOf(current, signal), lookOf(previous, signal)]);
  if (next?.kind === 'cancelled' || before?.kind === 'cancelled')
    return { shows: 'cannot-tell', doubt: 'cancelled' };
  if (next?.kind === 'undecodable')
    return {
      shows: 'cannot-tell',
      doubt: 'version-undecodable',
      detail: `the new version is ${next.reason}`,
    };
  if (before?.kind === 'undecodable')
    return {
      shows: 'cannot-tell',
      doubt: 'version-undecodable',
      detail: `the previous version is ${before.reason}`,
    };
  if (seen.kind === 'svg') return compareSvg(seen.text, next, before);
  if (next?.kind === 'svg' || before?.kind === 'svg') return { shows: 'cannot-tell', doubt: 'other-kind' };
  return compareRasters(seen, next, before);
}

/** A picture's size and thumbnail, as stored or as shown. */
interface View extends Size {
  readonly thumbnail: Thumbnail;
}

/** What is kept of a version: its views, not its pixels. */
type Look =
  | {
      readonly kind: 'raster';
      /** As stored, then as shown when its orientation tag turns it: a host may deliver either. */
      readonly views: readonly View[];
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
  const shown = shownAs({ width, height, thumbnail: thumbnailOf(seen.raster, side) }, seen.orientation);
  const nextViews = next?.views.map((view) => shrunk(view, side)) ?? [];
  const beforeViews = before?.views.map((view) => shrunk(view, side)) ?? [];
  const distances: { toNew?: number; toPrevious?: number; between?: number } = {};
  if (nextViews.length > 0 && beforeViews.length > 0) {
    // Nearest over every pair: an image within SAME_PICTURE of a view of one version is then farther than that
    // from every view of the other.
    distances.between = Math.min(
      ...nextViews.flatMap((a) => beforeViews.map((b) => distance(a.thumbnail, b.thumbnail))),
    );
    if (distances.between < TELLS_APART) return { shows: 'cannot-tell', doubt: 'alike', distances };
  }
  const nextShaped = nextViews.filter((view) => sameShape(shown, view));
  const beforeShaped = beforeViews.filter((view) => sameShape(shown, view));
  if (nextShaped.length === 0 && beforeShaped.length === 0)
    return { shows: 'cannot-tell', doubt: 'other-shape', distances };
  if (nextShaped.length > 0) distances.toNew = nearest(shown, nextShaped);
  if (beforeShaped.length > 0) distances.toPrevious = nearest(shown, beforeShaped);
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

interface Size {
  readonly width: number;
  readonly height: number;
}

/** A view as its orientation tag shows it: turning commutes with the averaging that made the thumbnail. */
function shownAs(stored: View, orientation: Orientation): View {
  const quarter = turnsAQuarter(orientation);
  return {
    width: quarter ? stored.height : stored.width,
    height: quarter ? stored.width : stored.height,
    thumbnail: turned(stored.thumbnail, orientation),
  };
}

function shrunk(view: View, side: number): View {
  return { ...view, thumbnail: shrink(view.thumbnail, side) };
}

function nearest(shown: View, views: readonly View[]): number {
  return Math.min(...views.map((view) => distance(shown.thumbnail, view.thumbnail)));
}

/** SVG is text: the same drawing is the same text once comments, the XML declaration and spacing are set aside. */
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
  const bare = text.startsWith('\uFEFF') ? text.slice(1) : text;
  // Once the spaces are one each, `>\s+<` is `> <` and `\s*(\/?>)` is ` ?(\/?>)`: nothing left to rescan.
  return without(without(bare, '<?xml', '?>'), '<!--', '-->')
    .replace(/\s+/g, ' ')
    .replaceAll('> <', '><')
    .replace(/ ?(\/?>)/g, '$1')
    .trim();
}

/**
 * `text` without each span from `open` to the first `close` after it, read forwards once: a lazy expression
 * (`<!--[\s\S]*?-->`) would read to the end from every `<!--` that has no `-->` after it, quadratic in their number.
 */
function without(text: string, open: string, close: string): string {
  const kept: string[] = [];
  let at = 0;
  for (;;) {
    const start = text.indexOf(open, at);
    if (start < 0) break;
    const end = text.indexOf(close, start + open.length);
    // No span ends after this one starts: none that starts later can.
    if (end < 0) break;
    kept.push(text.slice(at, start));
    at = end + close.length;
  }
  kept.push(text.slice(at));
  return kept.join('');
}

/**
 * A version's look, kept for the process by its digest: the origin check asks about the same file again and again
 * while it waits, and its versions do not change. Thumbnails only: a few KiB each, where the pixels can be 200 MB.
 */
const looks = new Map<string, Promise<Look>>();
const LOOKS_KEPT = 256;

function lookOf(bytes: Uint8Array | undefined, signal: AbortSignal | undefined): Promise<Look | undefined> {
  if (bytes === undefined) return Promise.resolve(undefined);
  const key = createHash('sha256').update(bytes).digest('base64');
  let look = looks.get(key);
  if (look === undefined) {
    // A version is the repository's own file: a camera's original is decoded, up to MAX_VERSION_PIXELS.
    look = decodeImage(bytes, { maxPixels: MAX_VERSION_PIXELS, signal }).then((decoded): Look => {
      if (decoded.kind !== 'raster') return decoded;
      const { raster, orientation } = decoded;
      const stored = {
        width: raster.width,
        height: raster.height,
        thumbnail: thumbnailOf(raster, THUMBNAIL_SIDE),
      };
      return { kind: 'raster', views: orientation === 1 ? [stored] : [stored, shownAs(stored, orientation)] };
    });
    if (looks.size >= LOOKS_KEPT) looks.delete(looks.keys().next().value ?? '');
    looks.set(key, look);
    // A look the cancel cut short is no look: the next ask decodes it again.
    const cut = look;
    void cut.then((done) => {
      if (done.kind === 'cancelled' && looks.get(key) === cut) looks.delete(key);
    });
  }
  return look;
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}
