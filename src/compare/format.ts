/**
 * What an image's bytes are, read from their first bytes and never from a name or a Content-Type, which a server
 * or a repository may state wrongly; and how many pixels they hold, read from the header before anything is
 * decoded, so that a bomb (a few KiB that decode to gigabytes) is refused unread.
 *
 * The bytes come from outside. Every reader here walks them once, forwards, each step past at least one byte, so its
 * time is at most proportional to their length; none uses a regular expression that could backtrack. A size is read
 * as the decoder will read it (the same markers, chunks and boxes, in the same order), and where the header could
 * say two things the larger is taken: a size that is wrong must only ever be too large, which refuses the image,
 * never too small, which would let the decoder allocate what the size check did not count.
 */
import { ascii } from './bytes.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'svg';

export interface Size {
  readonly width: number;
  readonly height: number;
}

export interface Sniffed {
  readonly format: ImageFormat;
  /** The size of the picture decoded; absent where the header does not say (SVG) or could not be read. */
  readonly size?: Size;
  /**
   * The most pixels decoding it allocates or walks: the size's, and more for a GIF whose frame is larger than its
   * screen (the GIF reader decodes the frame whole before it places it).
   */
  readonly pixels?: number;
}

export function sniff(bytes: Uint8Array): Sniffed | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return withSize('jpeg', jpegSize(bytes));
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return withSize('png', pngSize(bytes));
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return gif(bytes);
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
    return withSize('webp', webpSize(bytes));
  if (ascii(bytes, 4, 4) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 4)))
    return withSize('avif', avifSize(bytes));
  if (looksLikeSvg(bytes)) return { format: 'svg' };
  return undefined;
}

function withSize(format: ImageFormat, size: Size | undefined, pixels?: number): Sniffed {
  if (size === undefined || size.width === 0 || size.height === 0) return { format };
  return { format, size, pixels: Math.max(pixels ?? 0, size.width * size.height) };
}

/**
 * A JPEG's size as libjpeg (the decoder's) reads it: after SOI, each marker in turn, bytes that are not a marker
 * skipped as it skips them (a stuffed FF 00 too), fill bytes (FF FF…) skipped; markers that stand alone (RSTn, TEM)
 * have no length; the first start-of-frame marker (SOF0 to SOF15, less DHT, JPG and DAC) gives the size, wherever it
 * is. Anything libjpeg refuses before a frame (a second SOI, a scan or the end before a frame, a reserved marker, a
 * segment cut short or of a length below 2) gives no size: such a file is not decoded.
 */
function jpegSize(bytes: Uint8Array): Size | undefined {
  let at = 2;
  for (;;) {
    // Skip to the next FF, then past fill bytes: the byte after them names the marker.
    while (at < bytes.length && bytes[at] !== 0xff) at++;
    while (at < bytes.length && bytes[at] === 0xff) at++;
    if (at >= bytes.length) return undefined;
    const marker = bytes[at] ?? 0;
    at++;
    // FF 00 is a stuffed byte of entropy-coded data, not a marker.
    if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (isStartOfFrame(marker)) {
      if (at + 7 > bytes.length) return undefined;
      return { height: u16be(bytes, at + 3), width: u16be(bytes, at + 5) };
    }
    if (!hasLength(marker)) return undefined;
    const length = u16be(bytes, at);
    if (length < 2 || at + length > bytes.length) return undefined;
    at += length;
  }
}

function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** DHT, DAC, DQT, DNL, DRI, APPn, COM: the segments libjpeg reads or skips by their length before a frame. */
function hasLength(marker: number): boolean {
  return (
    marker === 0xc4 ||
    marker === 0xcc ||
    marker === 0xdb ||
    marker === 0xdc ||
    marker === 0xdd ||
    (marker >= 0xe0 && marker <= 0xef) ||
    marker === 0xfe
  );
}

/** IHDR, which must be the first chunk (13 bytes long): anything else is refused by the decoder too. */
function pngSize(bytes: Uint8Array): Size | undefined {
  if (u32be(bytes, 8) !== 13 || ascii(bytes, 12, 4) !== 'IHDR' || bytes.length < 33) return undefined;
  return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

/**
 * A GIF's logical screen (the size of the picture decoded) and every frame's size: the reader decodes a frame
 * whole, then places it on the screen, so a frame of 65535×65535 on a screen of 16×16 is 4 billion pixels of work.
 * The blocks are walked as the reader walks them: extensions and image data are chains of sub-blocks.
 */
function gif(bytes: Uint8Array): Sniffed {
  const screen = { width: u16le(bytes, 6), height: u16le(bytes, 8) };
  const flags = bytes[10] ?? 0;
  let at = 13 + (flags & 0x80 ? 3 << ((flags & 0x07) + 1) : 0);
  let largest = 0;
  let frames = 0;
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x3b) break;
    if (block === 0x21) {
      at = afterSubBlocks(bytes, at + 2);
    } else if (block === 0x2c) {
      const frame = { width: u16le(bytes, at + 5), height: u16le(bytes, at + 7) };
      largest = Math.max(largest, frame.width * frame.height);
      frames++;
      const local = bytes[at + 9] ?? 0;
      at += 10 + (local & 0x80 ? 3 << ((local & 0x07) + 1) : 0);
      // The LZW minimum code size, then the data's sub-blocks.
      at = afterSubBlocks(bytes, at + 1);
    } else {
      break;
    }
  }
  // The reader finds no frame to decode in a file without one: no size, so it is not decoded.
  if (frames === 0) return { format: 'gif' };
  return withSize('gif', screen, largest);
}

/** Past a chain of sub-blocks (each a length byte and that many bytes) and its empty terminator. */
function afterSubBlocks(bytes: Uint8Array, from: number): number {
  let at = from;
  while (at < bytes.length) {
    const length = bytes[at] ?? 0;
    at += 1 + length;
    if (length === 0) break;
  }
  return at;
}

/**
 * A WebP's size: a simple file's from its VP8 or VP8L bitstream header (each checked by its signature), an extended
 * one's (VP8X) from its canvas, and from the first bitstream after it, the larger if they differ (the decoder refuses
 * a still image whose two differ; an animation, which it does not decode, has no single bitstream).
 */
function webpSize(bytes: Uint8Array): Size | undefined {
  const first = ascii(bytes, 12, 4);
  if (first !== 'VP8X') return bitstreamSize(bytes, 12);
  if (bytes.length < 30) return undefined;
  const canvas = { width: 1 + u24le(bytes, 24), height: 1 + u24le(bytes, 27) };
  let at = 12 + 8 + u32le(bytes, 16);
  while (at + 8 <= bytes.length) {
    const type = ascii(bytes, at, 4);
    if (type === 'VP8 ' || type === 'VP8L') {
      const inner = bitstreamSize(bytes, at);
      if (inner === undefined) return undefined;
      return { width: Math.max(canvas.width, inner.width), height: Math.max(canvas.height, inner.height) };
    }
    const size = u32le(bytes, at + 4);
    at += 8 + size + (size % 2);
  }
  return canvas;
}

/** The size in a `VP8 ` (lossy) or `VP8L` (lossless) chunk that starts at `at`. */
function bitstreamSize(bytes: Uint8Array, at: number): Size | undefined {
  const type = ascii(bytes, at, 4);
  if (type === 'VP8 ') {
    // A key frame's tag (3 bytes), then its start code 9D 01 2A, then 14 bits of width and of height each.
    if (bytes[at + 11] !== 0x9d || bytes[at + 12] !== 0x01 || bytes[at + 13] !== 0x2a) return undefined;
    return { width: u16le(bytes, at + 14) & 0x3fff, height: u16le(bytes, at + 16) & 0x3fff };
  }
  if (type === 'VP8L') {
    if (bytes[at + 8] !== 0x2f || at + 13 > bytes.length) return undefined;
    const bits = u32le(bytes, at + 9);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  return undefined;
}

/**
 * An AVIF's size: its boxes walked as the ISO base media format lays them out (`meta` > `iprp` > `ipco`), and of the
 * image spatial extents (`ispe`) there, the largest width and the largest height: the primary image's, its grid's,
 * its alpha's, whichever the decoder meets. A byte search for `ispe` would take a string inside another box.
 */
function avifSize(bytes: Uint8Array): Size | undefined {
  let width = 0;
  let height = 0;
  const walk = (from: number, to: number, path: string): void => {
    let at = from;
    while (at + 8 <= to) {
      let size = u32be(bytes, at);
      const type = ascii(bytes, at + 4, 4);
      let header = 8;
      if (size === 1) {
        // A 64-bit size: more than 4 GiB is more than any buffer here holds.
        if (u32be(bytes, at + 8) !== 0) return;
        size = u32be(bytes, at + 12);
        header = 16;
      } else if (size === 0) {
        size = to - at;
      }
      if (size < header || at + size > to) return;
      const inside = `${path}/${type}`;
      if (inside === '/meta') walk(at + header + 4, at + size, inside);
      else if (inside === '/meta/iprp') walk(at + header, at + size, inside);
      else if (inside === '/meta/iprp/ipco') walk(at + header, at + size, inside);
      else if (inside === '/meta/iprp/ipco/ispe' && size >= header + 12) {
        width = Math.max(width, u32be(bytes, at + header + 4));
        height = Math.max(height, u32be(bytes, at + header + 8));
      }
      at += size;
    }
  };
  walk(0, bytes.length, '');
  return width === 0 || height === 0 ? undefined : { width, height };
}

/**
 * SVG, as a browser would take it: spaces, an XML declaration, comments and a DOCTYPE, then an `<svg` element,
 * within the first 4 KiB. Read forwards once: a comment ends at its first `-->`, and one that does not end is no SVG.
 */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  // A byte-order mark is a space to `\s`.
  let at = afterSpaces(head, 0);
  if (startsWithText(head, at, '<?xml')) {
    const end = head.indexOf('>', at);
    if (end < 0) return false;
    at = afterSpaces(head, end + 1);
  }
  for (;;) {
    let end: number;
    if (head.startsWith('<!--', at)) {
      end = head.indexOf('-->', at + 4);
      if (end >= 0) end += 2;
    } else if (startsWithText(head, at, '<!doctype')) {
      end = head.indexOf('>', at);
    } else {
      break;
    }
    if (end < 0) return false;
    at = afterSpaces(head, end + 1);
  }
  return startsWithText(head, at, '<svg') && (head.charAt(at + 4) === '>' || isSpace(head.charAt(at + 4)));
}

function afterSpaces(text: string, from: number): number {
  let at = from;
  while (at < text.length && isSpace(text.charAt(at))) at++;
  return at;
}

function isSpace(character: string): boolean {
  return character !== '' && /\s/.test(character);
}

/** `text` has `prefix` at `at`, letters in either case. */
function startsWithText(text: string, at: number, prefix: string): boolean {
  return text.slice(at, at + prefix.length).toLowerCase() === prefix;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function u16be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

function u16le(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

function u24le(bytes: Uint8Array, at: number): number {
  return u16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
}

function u32be(bytes: Uint8Array, at: number): number {
  return (u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2)) >>> 0;
}

function u32le(bytes: Uint8Array, at: number): number {
  return (u16le(bytes, at) + u16le(bytes, at + 2) * 0x10000) >>> 0;
}
