/**
 * The EXIF orientation tag (TIFF tag 0x0112): how a camera that stored its picture as the sensor saw it says to turn
 * it for showing. Browsers apply it (`image-orientation: from-image` is the default), and image services mostly
 * deliver the picture turned and without the tag. Read from JPEG (an APP1 `Exif` segment), WebP (the `EXIF` chunk
 * of an extended file) and PNG (the `eXIf` chunk). Not read: AVIF and HEIF carry theirs as `irot` and `imir`
 * properties, which the AVIF decoder does not apply either, so such a file is seen as stored; GIF and SVG have none.
 *
 * The bytes come from outside: every read is bounded by the buffer, and whatever is malformed, cut short or out of
 * range is "as stored" (1), never an error.
 */
import { ascii } from './bytes.ts';
import type { ImageFormat } from './format.ts';

/**
 * 1: as stored; 2: mirrored left to right; 3: turned 180°; 4: mirrored top to bottom; 5: mirrored along the
 * main diagonal; 6: turned 90° clockwise; 7: mirrored along the other diagonal; 8: turned 90° anticlockwise.
 */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export const AS_STORED: Orientation = 1;

export function orientationOf(bytes: Uint8Array, format: ImageFormat): Orientation {
  switch (format) {
    case 'jpeg':
      return fromTiff(jpegExif(bytes));
    case 'webp':
      return fromTiff(webpExif(bytes));
    case 'png':
      return fromTiff(pngExif(bytes));
    case 'avif':
    case 'gif':
    case 'svg':
      return AS_STORED;
    default: {
      const unhandled: never = format;
      return unhandled;
    }
  }
}

/** Orientations 5 to 8 turn a quarter: the picture shown is as wide as the stored one is high. */
export function turnsAQuarter(orientation: Orientation): boolean {
  return orientation >= 5;
}

const EXIF_HEADER = 'Exif\0\0';

/** The TIFF block of the first APP1 `Exif` segment before the image data. */
function jpegExif(bytes: Uint8Array): Uint8Array | undefined {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes, and markers that stand alone (TEM, RSTn) with no length after them.
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // Start of scan or end of image: the metadata is all before.
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = u16(bytes, at + 2, false);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return undefined;
    if (marker === 0xe1 && ascii(bytes, at + 4, EXIF_HEADER.length) === EXIF_HEADER)
      return bytes.subarray(at + 4 + EXIF_HEADER.length, end);
    at = end;
  }
  return undefined;
}

/** The `EXIF` chunk of an extended (VP8X) WebP; some writers put JPEG's `Exif\0\0` before its TIFF block. */
function webpExif(bytes: Uint8Array): Uint8Array | undefined {
  if (ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP' || ascii(bytes, 12, 4) !== 'VP8X')
    return undefined;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const size = u32(bytes, at + 4, true);
    const end = at + 8 + size;
    if (end > bytes.length) return undefined;
    if (ascii(bytes, at, 4) === 'EXIF') {
      const block = bytes.subarray(at + 8, end);
      return ascii(block, 0, EXIF_HEADER.length) === EXIF_HEADER ? block.subarray(EXIF_HEADER.length) : block;
    }
    // Chunks are padded to an even length.
    at = end + (size % 2);
  }
  return undefined;
}

/** The `eXIf` chunk of a PNG, wherever it is before IEND. */
function pngExif(bytes: Uint8Array): Uint8Array | undefined {
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = u32(bytes, at, false);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 8 + length;
    if (type === 'IEND' || end > bytes.length) return undefined;
    if (type === 'eXIf') return bytes.subarray(at + 8, end);
    at = end + 4; // and its CRC
  }
  return undefined;
}

const ORIENTATION_TAG = 0x0112;
const SHORT = 3;
const ENTRY = 12;

/** The orientation entry of IFD0, as browsers read it: a single SHORT of 1 to 8. */
function fromTiff(tiff: Uint8Array | undefined): Orientation {
  if (tiff === undefined || tiff.length < 8) return AS_STORED;
  const order = ascii(tiff, 0, 2);
  if (order !== 'II' && order !== 'MM') return AS_STORED;
  const little = order === 'II';
  if (u16(tiff, 2, little) !== 42) return AS_STORED;
  const ifd = u32(tiff, 4, little);
  if (ifd + 2 > tiff.length) return AS_STORED;
  const entries = u16(tiff, ifd, little);
  for (let index = 0; index < entries; index++) {
    const at = ifd + 2 + index * ENTRY;
    if (at + ENTRY > tiff.length) return AS_STORED;
    if (u16(tiff, at, little) !== ORIENTATION_TAG) continue;
    if (u16(tiff, at + 2, little) !== SHORT || u32(tiff, at + 4, little) !== 1) return AS_STORED;
    const value = u16(tiff, at + 8, little);
    return isOrientation(value) ? value : AS_STORED;
  }
  return AS_STORED;
}

function isOrientation(value: number): value is Orientation {
  return Number.isInteger(value) && value >= 1 && value <= 8;
}

/** Reads past the end give zeros, never an error; every caller checks its bounds before it trusts a value. */
function u16(bytes: Uint8Array, at: number, little: boolean): number {
  const [a, b] = [bytes[at] ?? 0, bytes[at + 1] ?? 0];
  return little ? a | (b << 8) : (a << 8) | b;
}

function u32(bytes: Uint8Array, at: number, little: boolean): number {
  const [high, low] = little
    ? [u16(bytes, at + 2, true), u16(bytes, at, true)]
    : [u16(bytes, at, false), u16(bytes, at + 2, false)];
  return high * 0x10000 + low;
}
