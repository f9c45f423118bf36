import { decoderFor, type Raster } from './codecs.ts';
import { sniff, type ImageFormat } from './format.ts';
import { orientationOf, type Orientation } from './orientation.ts';

/**
 * Most pixels decoded from one image: 25 megapixels (100 MB of RGBA, twice that while the decoder hands it over),
 * more than a 6000×4000 camera photograph and than any image a page shows.
 */
export const MAX_PIXELS = 25_000_000;

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
  | { readonly kind: 'undecodable'; readonly reason: string };

export async function decodeImage(bytes: Uint8Array): Promise<Decoded> {
  const sniffed = sniff(bytes);
  if (sniffed === undefined) return { kind: 'undecodable', reason: 'not an image of a known format' };
  const { format, size } = sniffed;
  if (format === 'svg') return { kind: 'svg', text: new TextDecoder().decode(bytes) };
  // A size the header does not give is no size at all: decoding it could allocate without bound.
  if (size === undefined)
    return { kind: 'undecodable', reason: `${format} whose size its header does not give` };
  if (size.width * size.height > MAX_PIXELS)
    return {
      kind: 'undecodable',
      reason: `${format} of ${size.width}×${size.height} pixels, too many to decode`,
    };
  try {
    const raster = await (await decoderFor(format))(bytes);
    if (raster.width * raster.height === 0)
      return { kind: 'undecodable', reason: `${format} with no pixels` };
    return { kind: 'raster', format, raster, orientation: orientationOf(bytes, format) };
  } catch (error) {
    return { kind: 'undecodable', reason: `${format} that its decoder refused (${String(error)})` };
  }
}
