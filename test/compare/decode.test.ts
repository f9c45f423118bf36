/**
 * Decoding bytes from outside: real images in every format, and the same damaged (cut short, bytes flipped, random
 * bytes): never a throw, never a line printed on the run's log, and the decoders still work afterwards.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeImage } from '../../src/compare/decode.ts';
import { sniff } from '../../src/compare/format.ts';
import { ROOT } from '../support/command.ts';

const CAT = readFileSync(join(ROOT, 'test', 'fixtures', 'images', 'chelsea.jpg'));
const FORMATS = ['jpeg', 'png', 'webp', 'avif', 'gif'] as const;
const ENCODED = new Map(
  await Promise.all(
    FORMATS.map(
      async (format) => [format, await sharp(CAT).resize(120).toFormat(format).toBuffer()] as const,
    ),
  ),
);
const encoded = (format: (typeof FORMATS)[number]): Buffer => ENCODED.get(format) ?? Buffer.alloc(0);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sniff', () => {
  it.each(FORMATS)(
    'reads the size of a %s with transparency from its header as its decoder does',
    async (format) => {
      const logo = readFileSync(join(ROOT, 'test', 'fixtures', 'images', 'logo.png'));
      const bytes = await sharp(logo).resize(90, 70, { fit: 'fill' }).toFormat(format).toBuffer();
      expect(sniff(bytes)).toEqual({ format, size: { width: 90, height: 70 }, pixels: 90 * 70 });
      expect(await decodeImage(bytes)).toMatchObject({ raster: { width: 90, height: 70 } });
    },
  );
});

describe('decodeImage', () => {
  it.each(FORMATS)('decodes %s, and reads its size from the header alike', async (format) => {
    const decoded = await decodeImage(encoded(format));
    expect(decoded).toMatchObject({ kind: 'raster', format, raster: { width: 120, height: 80 } });
    expect(sniff(encoded(format))).toEqual({ format, size: { width: 120, height: 80 }, pixels: 120 * 80 });
  });

  it('never throws nor prints on damaged bytes, and decodes whole images after them (property)', async () => {
    const printed = [
      vi.spyOn(console, 'error').mockImplementation(() => undefined),
      vi.spyOn(console, 'warn').mockImplementation(() => undefined),
      vi.spyOn(console, 'log').mockImplementation(() => undefined),
      vi.spyOn(process.stderr, 'write').mockImplementation(() => true),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FORMATS),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.nat(), { maxLength: 20 }),
        async (format, keep, flips) => {
          const bytes = Buffer.from(encoded(format).subarray(0, Math.floor(encoded(format).length * keep)));
          for (const at of flips)
            if (bytes.length > 0) bytes[at % bytes.length] = (bytes[at % bytes.length] ?? 0) ^ 0x5a;
          const decoded = await decodeImage(bytes);
          expect(['raster', 'undecodable']).toContain(decoded.kind);
        },
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 512 }), async (bytes) => {
        expect(['raster', 'svg', 'undecodable']).toContain((await decodeImage(bytes)).kind);
      }),
      { numRuns: 100 },
    );
    for (const spy of printed) expect(spy).not.toHaveBeenCalled();
    for (const format of FORMATS) expect((await decodeImage(encoded(format))).kind).toBe('raster');
  });
});
