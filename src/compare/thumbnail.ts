import type { Raster } from './codecs.ts';
import type { Orientation } from './orientation.ts';

/**
 * An image brought down to a few pixels a side, each the average of the area it covers, with its colour
 * premultiplied by its opacity: what survives re-encoding, a change of quality or format and resizing, and what a
 * different picture does not share.
 */
export interface Thumbnail {
  readonly side: number;
  /** side × side pixels, RGBA premultiplied, 0 to 255 a channel. */
  readonly pixels: Float32Array;
  /** Every pixel fully opaque. */
  readonly opaque: boolean;
}

export function thumbnailOf(raster: Raster, side: number): Thumbnail {
  const { width, height, data } = raster;
  // Rows first, straight from the bytes: never a copy of the whole image (50 megapixels would take 800 MB as floats).
  const rows = new Float32Array(side * height * 4);
  const spans = areaSpans(width, side);
  let opaque = true;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < side; x++) {
      const target = (y * side + x) * 4;
      for (const [index, weight] of spans[x] ?? []) {
        const at = (y * width + index) * 4;
        const alpha = data[at + 3] ?? 255;
        if (alpha !== 255) opaque = false;
        const scale = (alpha / 255) * weight;
        rows[target] = (rows[target] ?? 0) + (data[at] ?? 0) * scale;
        rows[target + 1] = (rows[target + 1] ?? 0) + (data[at + 1] ?? 0) * scale;
        rows[target + 2] = (rows[target + 2] ?? 0) + (data[at + 2] ?? 0) * scale;
        rows[target + 3] = (rows[target + 3] ?? 0) + alpha * weight;
      }
    }
  return { side, pixels: resampleColumns(rows, side, height, side), opaque };
}

/** A thumbnail brought down to fewer pixels a side, as if made at that size from the image. */
export function shrink(thumbnail: Thumbnail, side: number): Thumbnail {
  if (side === thumbnail.side) return thumbnail;
  const pixels = resample(thumbnail.pixels, thumbnail.side, thumbnail.side, side);
  return { side, pixels, opaque: thumbnail.opaque };
}

/**
 * A thumbnail as its image is shown once turned by its orientation tag. The thumbnail is square and each of its
 * pixels the mean of an area, so turning it is the thumbnail of the turned image: the full pixels are never turned.
 */
export function turned(thumbnail: Thumbnail, orientation: Orientation): Thumbnail {
  if (orientation === 1) return thumbnail;
  const { side, pixels: from } = thumbnail;
  const last = side - 1;
  const pixels = new Float32Array(from.length);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const [storedX, storedY] = storedAt(orientation, x, y, last);
      const at = (storedY * side + storedX) * 4;
      pixels.set(from.subarray(at, at + 4), (y * side + x) * 4);
    }
  return { side, pixels, opaque: thumbnail.opaque };
}

/** Where the pixel shown at (x, y) is stored, in a square whose last index is `last`. */
function storedAt(orientation: Orientation, x: number, y: number, last: number): readonly [number, number] {
  switch (orientation) {
    case 1:
      return [x, y];
    case 2:
      return [last - x, y];
    case 3:
      return [last - x, last - y];
    case 4:
      return [x, last - y];
    case 5:
      return [y, x];
    case 6:
      return [y, last - x];
    case 7:
      return [last - y, last - x];
    case 8:
      return [last - y, x];
    default: {
      const unhandled: never = orientation;
      return unhandled;
    }
  }
}

function resample(pixels: Float32Array, width: number, height: number, side: number): Float32Array {
  return resampleColumns(resampleRows(pixels, width, height, side), side, height, side);
}

/**
 * The root mean square of the channels' differences, 0 (the same) to 255. A thumbnail with transparency compared
 * with an opaque one is laid on white and on black first, and the nearer counts: a service that delivers a
 * transparent image as JPEG flattens it on one of the two.
 */
export function distance(a: Thumbnail, b: Thumbnail): number {
  if (a.opaque === b.opaque) return rms(a.pixels, b.pixels);
  const [opaque, translucent] = a.opaque ? [a, b] : [b, a];
  return Math.min(
    rms(opaque.pixels, flattened(translucent.pixels, 255)),
    rms(opaque.pixels, flattened(translucent.pixels, 0)),
  );
}

function rms(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let at = 0; at < a.length; at++) {
    const difference = (a[at] ?? 0) - (b[at] ?? 0);
    sum += difference * difference;
  }
  return Math.sqrt(sum / a.length);
}

function flattened(pixels: Float32Array, background: number): Float32Array {
  const out = new Float32Array(pixels.length);
  for (let at = 0; at < pixels.length; at += 4) {
    const uncovered = 1 - (pixels[at + 3] ?? 0) / 255;
    for (let channel = 0; channel < 3; channel++)
      out[at + channel] = (pixels[at + channel] ?? 0) + uncovered * background;
    out[at + 3] = 255;
  }
  return out;
}

/** Each row from `width` pixels to `side`, each output pixel the area-weighted mean of the input it covers. */
function resampleRows(pixels: Float32Array, width: number, height: number, side: number): Float32Array {
  const out = new Float32Array(side * height * 4);
  const spans = areaSpans(width, side);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < side; x++)
      mix(pixels, out, spans[x] ?? [], (from) => (y * width + from) * 4, (y * side + x) * 4);
  return out;
}

/** Each column from `height` pixels to `side`. */
function resampleColumns(pixels: Float32Array, width: number, height: number, side: number): Float32Array {
  const out = new Float32Array(side * side * 4);
  const spans = areaSpans(height, side);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < width; x++)
      mix(pixels, out, spans[y] ?? [], (from) => (from * width + x) * 4, (y * side + x) * 4);
  return out;
}

type Span = readonly (readonly [index: number, weight: number])[];

/** For each of `to` output pixels, the input pixels it covers and how much of each, weights adding up to 1. */
function areaSpans(from: number, to: number): Span[] {
  const scale = from / to;
  return Array.from({ length: to }, (_, index) => {
    const start = index * scale;
    const end = start + scale;
    const span: [number, number][] = [];
    for (let at = Math.floor(start); at < Math.min(Math.ceil(end), from); at++) {
      const covered = Math.min(end, at + 1) - Math.max(start, at);
      if (covered > 0) span.push([at, covered / scale]);
    }
    return span;
  });
}

function mix(
  input: Float32Array,
  output: Float32Array,
  span: Span,
  offsetOf: (index: number) => number,
  target: number,
): void {
  for (const [index, weight] of span) {
    const offset = offsetOf(index);
    for (let channel = 0; channel < 4; channel++)
      output[target + channel] = (output[target + channel] ?? 0) + (input[offset + channel] ?? 0) * weight;
  }
}
