/**
 * Parsers of outside bytes, given bytes made to hurt them: each reads in time proportional to its input, reads an
 * image's size as its decoder will, and refuses what is too large before decoding it. Times are bounds for what used
 * to take minutes, generous enough for a loaded machine; sizes and counts are asserted exactly.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compareImage, normalSvg } from '../../src/compare/compare.ts';
import { decodeImage, MAX_VERSION_PIXELS } from '../../src/compare/decode.ts';
import { sniff } from '../../src/compare/format.ts';
import { judgeDelivered } from '../../src/proof/judge.ts';
import { ROOT } from '../support/command.ts';

const CAT = readFileSync(join(ROOT, 'test', 'fixtures', 'images', 'chelsea.jpg'));

/** Milliseconds `work` takes. */
async function timed<T>(work: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

/** The SVG normalisation as it was written with lazy expressions: the reference for what the scan must keep. */
function regexNormalSvg(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .replace(/\s*(\/?>)/g, '$1')
    .trim();
}

describe('SVG, read forwards once', () => {
  it('sniffs 44 empty comments and no <svg> (312 bytes) as no image, at once', async () => {
    const answer = Buffer.from(`${'<!---->'.repeat(44)}<sv>`);
    const { value, ms } = await timed(() => sniff(answer));
    expect(value).toBeUndefined();
    expect(ms).toBeLessThan(2000);
  });

  it('still sniffs an SVG after a BOM, spaces, an XML declaration, comments and a DOCTYPE, in any case', () => {
    const svg = `\uFEFF \n<?XML version="1.0"?>\n<!-- a -- b -->\n<!DocType svg>\n<!---->${'<!-- x -->'.repeat(200)}<SVG\nviewBox="0 0 1 1"></SVG>`;
    expect(sniff(Buffer.from(svg))).toEqual({ format: 'svg' });
    expect(sniff(Buffer.from('<!-- never ends <svg>'))).toBeUndefined();
    expect(sniff(Buffer.from('<svgx>'))).toBeUndefined();
  });

  it('normalises <svg> and 1 MB of "<!--" in linear time', async () => {
    const { value, ms } = await timed(() => normalSvg(`<svg>${'<!--'.repeat(250_000)}`));
    expect(value.length).toBe(5 + 1_000_000);
    expect(ms).toBeLessThan(2000);
    const declarations = await timed(() => normalSvg(`<svg>${'<?xml'.repeat(200_000)}`));
    expect(declarations.ms).toBeLessThan(2000);
  });

  it('normalises as the expressions it replaces did (property)', () => {
    const piece = fc.constantFrom(
      '<',
      '>',
      '!',
      '-',
      '?',
      '/',
      ' ',
      '\n',
      '\t',
      'x',
      '<!--',
      '-->',
      '<?xml',
      '?>',
      '\uFEFF',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        expect(normalSvg(text)).toBe(regexNormalSvg(text));
      }),
      { numRuns: 3000 },
    );
  });
});

/** A JPEG's bytes with its first SOF's size set to `width`×`height`. */
function withJpegSize(jpeg: Buffer, width: number, height: number): Buffer {
  const bytes = Buffer.from(jpeg);
  for (let at = 2; at + 9 < bytes.length;) {
    const marker = bytes[at + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc2) {
      bytes.writeUInt16BE(height, at + 5);
      bytes.writeUInt16BE(width, at + 7);
      return bytes;
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no SOF');
}

describe('JPEG: every marker read as the decoder reads it', () => {
  it('reads the frame after a TEM marker (no length) right after SOI, not a decoy 64 KiB further', async () => {
    const small = await sharp(CAT).resize(120).jpeg().toBuffer();
    const huge = withJpegSize(small, 12_000, 12_000);
    // FF D8, TEM, then the real segments: read as a length, TEM's next two bytes (FF Ex) jump about 65,500 bytes on.
    const hostile = Buffer.alloc(66 * 1024);
    Buffer.from([0xff, 0xd8, 0xff, 0x01]).copy(hostile, 0);
    huge.copy(hostile, 4, 2);
    const decoy = 4 + hostile.readUInt16BE(4 + 2 - 2);
    Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03]).copy(hostile, decoy);
    expect(sniff(hostile)).toMatchObject({ format: 'jpeg', size: { width: 12_000, height: 12_000 } });
    const { value, ms } = await timed(() => decodeImage(hostile));
    expect(value).toMatchObject({
      kind: 'undecodable',
      reason: expect.stringContaining('too many') as unknown,
    });
    expect(ms).toBeLessThan(2000);
  });

  it('skips restart markers, fill bytes and bytes that are no marker, as libjpeg does, and reads SOF wherever it is', async () => {
    const small = withJpegSize(await sharp(CAT).resize(120).jpeg().toBuffer(), 7000, 5000);
    const body = small.subarray(2);
    const noisy = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xd0, 0xff, 0xff, 0xff, 0x01, 0x12, 0x34, 0xff, 0x00, 0x56]),
      body,
    ]);
    expect(sniff(noisy)).toMatchObject({ size: { width: 7000, height: 5000 } });
  });

  it('gives no size where libjpeg refuses before a frame: a second SOI, a scan first, a length below 2, a cut segment', () => {
    const soi = [0xff, 0xd8];
    const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x10, 0x00, 0x10, 0x00, 0x03];
    for (const bytes of [
      [...soi, 0xff, 0xd8, ...sof],
      [...soi, 0xff, 0xda, 0x00, 0x08, ...sof],
      [...soi, 0xff, 0xe0, 0x00, 0x01, ...sof],
      [...soi, 0xff, 0xe0, 0x40, 0x00, ...sof],
      [...soi, 0xff, 0xd9, ...sof],
    ])
      expect(sniff(Buffer.from(bytes))).toEqual({ format: 'jpeg' });
    expect(sniff(Buffer.from([...soi, ...sof]))).toMatchObject({ size: { width: 4096, height: 4096 } });
  });
});

/** A GIF of a `screen` with one frame of `frame`, LZW data of a few bytes. */
function gif(screen: [number, number], frame: [number, number], extra: number[] = []): Buffer {
  const u16 = (n: number): number[] => [n & 0xff, n >> 8];
  return Buffer.from([
    ...Buffer.from('GIF89a'),
    ...u16(screen[0]),
    ...u16(screen[1]),
    0x80,
    0,
    0,
    ...[0, 0, 0, 255, 255, 255],
    ...extra,
    0x2c,
    ...u16(0),
    ...u16(0),
    ...u16(frame[0]),
    ...u16(frame[1]),
    0,
    2,
    2,
    0x4c,
    0x01,
    0,
    0x3b,
  ]);
}

describe('GIF: every frame against the cap', () => {
  it('refuses a 16×16 screen whose frame is 65535×65535 before decoding it (35 bytes, once 90 s deaf to the cancel)', async () => {
    const bomb = gif([16, 16], [65535, 65535]);
    expect(bomb.length).toBe(35);
    expect(sniff(bomb)).toEqual({ format: 'gif', size: { width: 16, height: 16 }, pixels: 65535 * 65535 });
    const { value, ms } = await timed(() => decodeImage(bomb));
    expect(value).toMatchObject({ kind: 'undecodable', reason: expect.stringContaining('frame') as unknown });
    expect(ms).toBeLessThan(2000);
  });

  it('walks extensions and every frame: a later frame counts too', () => {
    const comment = [0x21, 0xfe, 3, 0x61, 0x62, 0x63, 0];
    const second = gif([16, 16], [16, 16], comment);
    const twoFrames = Buffer.concat([second.subarray(0, -1), gif([1, 1], [9000, 9000]).subarray(19)]);
    expect(sniff(twoFrames)).toMatchObject({ size: { width: 16, height: 16 }, pixels: 81_000_000 });
    expect(sniff(gif([16, 16], [8, 8]))).toMatchObject({ pixels: 256 });
  });
});

describe('PNG, WebP and AVIF: the size the decoder reads', () => {
  it('PNG: only from an IHDR that is the first chunk', async () => {
    const png = Buffer.from(await sharp(CAT).resize(64).png().toBuffer());
    png.write('tEXt', 12, 'latin1');
    expect(sniff(png)).toEqual({ format: 'png' });
  });

  it('WebP: an extended file whose bitstream is larger than its canvas is as large as its bitstream', async () => {
    const lossless = await sharp(CAT).resize(100).webp({ lossless: true }).toBuffer();
    // VP8X (canvas 10×10) before the VP8L chunk of the 100-pixel image.
    const vp8x = Buffer.from([0x56, 0x50, 0x38, 0x58, 10, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 9, 0, 0]);
    const body = Buffer.concat([Buffer.from('WEBP'), vp8x, lossless.subarray(12)]);
    const riff = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), body]);
    riff.writeUInt32LE(body.length, 4);
    expect(sniff(riff)).toMatchObject({ format: 'webp', size: { width: 100, height: 67 } });
    const lossy = Buffer.from(await sharp(CAT).resize(100).webp().toBuffer());
    lossy[23] = 0;
    expect(sniff(lossy)).toEqual({ format: 'webp' });
  });

  it('AVIF: the ispe properties in meta/iprp/ipco, not the string "ispe" met first', async () => {
    const avif = await sharp(CAT).resize(200).avif({ effort: 0 }).toBuffer();
    const ftypSize = avif.readUInt32BE(0);
    // A `free` box right after ftyp, holding what reads as a 16×16 ispe.
    const decoy = Buffer.alloc(28);
    decoy.writeUInt32BE(28, 0);
    decoy.write('free', 4, 'latin1');
    decoy.writeUInt32BE(20, 8);
    decoy.write('ispe', 12, 'latin1');
    decoy.writeUInt32BE(16, 20);
    decoy.writeUInt32BE(16, 24);
    const hostile = Buffer.concat([avif.subarray(0, ftypSize), decoy, avif.subarray(ftypSize)]);
    expect(sniff(hostile)).toMatchObject({ format: 'avif', size: { width: 200, height: 133 } });
  });
});

describe('a version larger than an image delivered may be', () => {
  it('says why it cannot tell of a version past the cap: its size and the cap, never "not an image"', async () => {
    const small = await sharp(CAT).resize(120).jpeg().toBuffer();
    const huge = withJpegSize(small, 10_000, 8_000);
    expect(10_000 * 8_000).toBeGreaterThan(MAX_VERSION_PIXELS);
    const delivered = await sharp(CAT).resize(640).webp().toBuffer();
    const comparison = await compareImage(delivered, { current: huge });
    expect(comparison).toMatchObject({
      shows: 'cannot-tell',
      doubt: 'version-undecodable',
      detail: expect.stringMatching(
        /new version is jpeg of 10000×8000 pixels.*more than 64,000,000/,
      ) as unknown,
    });
    const finding = await judgeDelivered(
      { status: 200, contentType: 'image/webp', body: delivered },
      { current: huge },
    );
    expect(finding).toMatchObject({ state: 'cannot-tell', doubt: 'version-undecodable' });
  });
});
