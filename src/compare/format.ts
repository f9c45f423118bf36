/**
 * What an image's bytes are, read from their first bytes and never from a name or a Content-Type, which a server
 * or a repository may state wrongly; and how many pixels they hold, read from the header before anything is
 * decoded, so that a bomb (a few KiB that decode to gigabytes) is refused unread.
 */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'svg';

export interface Sniffed {
  readonly format: ImageFormat;
  /** Read from the header; absent where the header does not say (SVG) or could not be found. */
  readonly size?: { readonly width: number; readonly height: number };
}

export function sniff(bytes: Uint8Array): Sniffed | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return withSize('jpeg', jpegSize(bytes));
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return withSize('png', { width: u32be(bytes, 16), height: u32be(bytes, 20) });
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')
    return withSize('gif', { width: u16le(bytes, 6), height: u16le(bytes, 8) });
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
    return withSize('webp', webpSize(bytes));
  if (ascii(bytes, 4, 4) === 'ftyp' && /^avi[fs]$/.test(ascii(bytes, 8, 4)))
    return withSize('avif', avifSize(bytes));
  if (looksLikeSvg(bytes)) return { format: 'svg' };
  return undefined;
}

function withSize(format: ImageFormat, size: { width: number; height: number } | undefined): Sniffed {
  return size === undefined || size.width === 0 || size.height === 0 ? { format } : { format, size };
}

/** The first start-of-frame marker's dimensions (SOF0 to SOF15, less DHT, JPG and DAC). */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = u16be(bytes, at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: u16be(bytes, at + 5), width: u16be(bytes, at + 7) };
    at += 2 + length;
  }
  return undefined;
}

function webpSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8X') return { width: 1 + u24le(bytes, 24), height: 1 + u24le(bytes, 27) };
  if (chunk === 'VP8 ') return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = u32le(bytes, 21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  return undefined;
}

/** The first `ispe` (image spatial extent) property: the primary image's size in every encoder seen. */
function avifSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const end = Math.min(bytes.length - 16, 64 * 1024);
  for (let at = 0; at < end; at++) {
    if (bytes[at] === 0x69 && ascii(bytes, at, 4) === 'ispe')
      return { width: u32be(bytes, at + 8), height: u32be(bytes, at + 12) };
  }
  return undefined;
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  return /^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head);
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
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
