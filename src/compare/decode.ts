import type { Raster } from './codecs.ts';
import { CANCELLED, decodeOffThread } from './decode-thread.ts';
import { sniff, type ImageFormat } from './format.ts';
import { orientationOf, type Orientation } from './orientation.ts';
import { count } from '../shown/format.ts';

/**
 * Most pixels decoded from an image a server delivered: 25 megapixels (100 MB of RGBA, twice that while the decoder
 * hands it over), more than a 6000×4000 camera photograph and than any image a page shows.
 */
export const MAX_PIXELS = 25_000_000;

/**
 * Most pixels decoded from a version of a file in the repository: 64 megapixels, so that a camera's original (a
 * 27-megapixel 6000×4500 photo, a 50-megapixel 8688×5792 one, up to 61 megapixels) is compared with what a host
 * delivers of it. A decode holds about 15 bytes a pixel at its peak (the decoder's memory, its RGBA, the copy handed
 * over): about 1 GB at the cap (a 50-megapixel JPEG and its previous version, compared: 0.73 GB, 3.6 s), in a worker
 * that is ended afterwards, which gives its memory back. Larger is "cannot tell", with its size and this cap.
 */
export const MAX_VERSION_PIXELS = 64_000_000;

export type Decoded =
  | {
      readonly kind: 'raster';
      readonly format: Exclude<ImageFormat, 'svg'>;
      readonly raster: Raster;
      /** How it is shown: the raster is its pixels as stored. */
      readonly orientation: Orientation;
    }
  | { readonly kind: 'svg'; readonly text: string }
  /** Why it could not be decoded, in a few words. */
  | { readonly kind: 'undecodable'; readonly reason: string }
  /** The cancel came first. */
  | { readonly kind: 'cancelled' };

export interface DecodeOptions {
  /** Most pixels to decode (MAX_PIXELS by default). */
  readonly maxPixels?: number;
  /** The run's cancel: a decode under way is ended (its worker with it). */
  readonly signal?: AbortSignal | undefined;
}

export async function decodeImage(bytes: Uint8Array, options: DecodeOptions = {}): Promise<Decoded> {
  const { maxPixels = MAX_PIXELS, signal } = options;
  const sniffed = sniff(bytes);
  if (sniffed === undefined) return { kind: 'undecodable', reason: 'not an image of a known format' };
  const { format, size, pixels } = sniffed;
  if (format === 'svg') return { kind: 'svg', text: new TextDecoder().decode(bytes) };
  // A size the header does not give is no size at all: decoding it could allocate without bound.
  if (size === undefined || pixels === undefined)
    return { kind: 'undecodable', reason: `${format} whose size its header does not give` };
  if (pixels > maxPixels)
    return { kind: 'undecodable', reason: tooManyWords(format, size, pixels, maxPixels) };
  try {
    const raster = await decodeOffThread({ format, bytes, pixels }, signal);
    if (raster === CANCELLED) return { kind: 'cancelled' };
    if (raster.width * raster.height === 0)
      return { kind: 'undecodable', reason: `${format} with no pixels` };
    // The header's size is what was checked: a decoder that made more of it is not trusted.
    if (raster.width !== size.width || raster.height !== size.height)
      return {
        kind: 'undecodable',
        reason: `${format} whose header says ${size.width}×${size.height} pixels and whose decoder made ${raster.width}×${raster.height}`,
      };
    return { kind: 'raster', format, raster, orientation: orientationOf(bytes, format) };
  } catch (error) {
    return { kind: 'undecodable', reason: `${format} that its decoder refused (${String(error)})` };
  }
}

function tooManyWords(
  format: string,
  size: { width: number; height: number },
  pixels: number,
  maxPixels: number,
): string {
  const frame = pixels > size.width * size.height ? `, with a frame of ${count(pixels)} pixels,` : '';
  return (
    `${format} of ${size.width}×${size.height} pixels${frame} too many to decode ` +
    `(more than ${count(maxPixels)})`
  );
}
