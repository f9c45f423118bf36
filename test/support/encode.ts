import type { Sharp } from 'sharp';

/** The formats the tests have sharp write, as an image host delivers them. */
export type Encoding = 'jpeg' | 'webp' | 'avif' | 'png' | 'gif';

/**
 * `image` written as `format`, by sharp at its least effort where the effort is a search for fewer bytes: at its
 * default, AVIF takes about a second for a 400-pixel photo on these machines and GIF's palette search as long, against
 * tens of milliseconds at the least. What the tests check (which picture an image shows, its size, its format, its
 * tag) does not depend on how small the file came out. `quality` is left to sharp's default where not given; PNG and
 * GIF take none.
 */
export function encodeAs(image: Sharp, format: Encoding, quality?: number): Promise<Buffer> {
  const lossy = quality === undefined ? {} : { quality };
  switch (format) {
    case 'avif':
      return image.avif({ ...lossy, effort: 0 }).toBuffer();
    case 'gif':
      return image.gif({ effort: 1 }).toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'jpeg':
      return image.jpeg(lossy).toBuffer();
    case 'webp':
      return image.webp(lossy).toBuffer();
    default: {
      const unhandled: never = format;
      return unhandled;
    }
  }
}
