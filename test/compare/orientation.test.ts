/**
 * The orientation tag, read from images that sharp (the tests' own image library) tags, from EXIF blocks written
 * byte by byte in both byte orders, and from damaged and random bytes, which never throw.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniff } from '../../src/compare/format.ts';
import { orientationOf } from '../../src/compare/orientation.ts';
import { ROOT } from '../support/command.ts';

const CAT = readFileSync(join(ROOT, 'test', 'fixtures', 'images', 'chelsea.jpg'));
const SMALL = await sharp(CAT).resize(48).jpeg().toBuffer();
const ORIENTATIONS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const TAGGED_FORMATS = ['jpeg', 'webp', 'png'] as const;

const tagged = (format: (typeof TAGGED_FORMATS)[number], orientation: number): Promise<Buffer> =>
  sharp(SMALL).withMetadata({ orientation }).toFormat(format).toBuffer();

const read = (bytes: Uint8Array): number => {
  const format = sniff(bytes)?.format;
  return format === undefined ? 1 : orientationOf(bytes, format);
};

/** A TIFF block with IFD0 holding `entries` (tag, type, count, value), in either byte order. */
function tiff(order: 'II' | 'MM', entries: readonly (readonly [number, number, number, number])[]): Buffer {
  const little = order === 'II';
  const block = Buffer.alloc(8 + 2 + entries.length * 12 + 4);
  block.write(order, 0, 'latin1');
  const u16 = (value: number, at: number): number =>
    little ? block.writeUInt16LE(value, at) : block.writeUInt16BE(value, at);
  const u32 = (value: number, at: number): number =>
    little ? block.writeUInt32LE(value, at) : block.writeUInt32BE(value, at);
  u16(42, 2);
  u32(8, 4);
  u16(entries.length, 8);
  entries.forEach(([tag, type, count, value], index) => {
    const at = 10 + index * 12;
    u16(tag, at);
    u16(type, at + 2);
    u32(count, at + 4);
    // A SHORT sits in the first two bytes of the value field, whatever the byte order.
    if (type === 3) u16(value, at + 8);
    else u32(value, at + 8);
  });
  return block;
}

/** A JPEG with an APP1 Exif segment holding `block`, put after its SOI marker. */
function jpegWith(block: Buffer): Buffer {
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), block]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([SMALL.subarray(0, 2), header, payload, SMALL.subarray(2)]);
}

/** The first bytes of each kind of container, so that random bytes reach the reading of its chunks and IFD. */
const HEADS = [
  Buffer.alloc(0),
  Buffer.from('ffd8ffe10100457869660000', 'hex'),
  Buffer.from('ffd8ffe101004578696600004d4d002a', 'hex'),
  Buffer.from('89504e470d0a1a0a', 'hex'),
  Buffer.from('89504e470d0a1a0a00000010655849664949', 'hex'),
  Buffer.from(`52494646ffffffff57454250565038580a000000${'00'.repeat(10)}`, 'hex'),
  Buffer.from(`52494646ffffffff57454250565038580a000000${'00'.repeat(10)}45584946`, 'hex'),
];

const ORIENTATION = 0x0112;
const SHORT = 3;

describe('orientationOf', () => {
  it.each(TAGGED_FORMATS)('reads each orientation from a %s that sharp tagged', async (format) => {
    for (const orientation of ORIENTATIONS) expect(read(await tagged(format, orientation))).toBe(orientation);
  });

  it.each(['II', 'MM'] as const)('reads the tag in the %s byte order, after other tags', (order) => {
    const block = tiff(order, [
      [0x010f, 2, 4, 0x41424300],
      [ORIENTATION, SHORT, 1, 6],
    ]);
    expect(read(jpegWith(block))).toBe(6);
  });

  it('takes an image without the tag, with a value out of 1 to 8, or of another type as stored', async () => {
    expect(read(SMALL)).toBe(1);
    expect(read(await sharp(SMALL).png().toBuffer())).toBe(1);
    expect(read(await sharp(SMALL).webp().toBuffer())).toBe(1);
    expect(read(jpegWith(tiff('II', [[ORIENTATION, SHORT, 1, 9]])))).toBe(1);
    expect(read(jpegWith(tiff('MM', [[ORIENTATION, SHORT, 1, 0]])))).toBe(1);
    expect(read(jpegWith(tiff('II', [[ORIENTATION, 4, 1, 6]])))).toBe(1);
  });

  it('takes a tag past the end of its segment or an IFD offset past the block as no orientation', () => {
    const block = tiff('II', [[ORIENTATION, SHORT, 1, 8]]);
    const farOffset = Buffer.from(block);
    farOffset.writeUInt32LE(0xfffffff0, 4);
    expect(read(jpegWith(farOffset))).toBe(1);
    const manyEntries = Buffer.from(block);
    manyEntries.writeUInt16LE(0xffff, 8);
    manyEntries.writeUInt16LE(0x0100, 10); // the first entry is no longer the orientation
    expect(read(jpegWith(manyEntries))).toBe(1);
    const cut = jpegWith(block);
    expect(read(cut.subarray(0, 2 + 4 + 6 + 12))).toBe(1);
  });

  it('never throws on random or damaged bytes, and says 1 to 8 (property)', async () => {
    const sources = await Promise.all(
      TAGGED_FORMATS.flatMap((format) => [tagged(format, 6), tagged(format, 3)]),
    );
    sources.push(jpegWith(tiff('MM', [[ORIENTATION, SHORT, 1, 8]])));
    fc.assert(
      fc.property(
        fc.constantFrom(...sources),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { maxLength: 24 }),
        (source, keep, flips) => {
          const bytes = Buffer.from(source.subarray(0, Math.floor(source.length * keep)));
          for (const [at, mask] of flips)
            if (bytes.length > 0) bytes[at % bytes.length] = (bytes[at % bytes.length] ?? 0) ^ mask;
          for (const format of TAGGED_FORMATS) expect(ORIENTATIONS).toContain(orientationOf(bytes, format));
        },
      ),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...HEADS),
        fc.uint8Array({ maxLength: 600 }),
        fc.constantFrom(...TAGGED_FORMATS),
        (head, tail, format) => {
          expect(ORIENTATIONS).toContain(orientationOf(Buffer.concat([head, tail]), format));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
