/**
 * The image comparison on real images (test/fixtures/images/), re-encoded, resized, cropped and edited by sharp:
 * an image library of the tests' own, not the decoders under test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { compareImage, normalSvg } from '../../src/compare/compare.ts';
import { ROOT } from '../support/command.ts';
import { encodeAs, type Encoding } from '../support/encode.ts';

const image = (name: string): Buffer => readFileSync(join(ROOT, 'test', 'fixtures', 'images', name));
const CAT = image('chelsea.jpg');
const CUP = image('coffee.jpg');
const LOGO = image('logo.png');
const SCREENSHOT = image('shell-appts.png');

const encode = (source: Buffer, format: Encoding, quality: number, width?: number): Promise<Buffer> => {
  let pipeline: Sharp = sharp(source);
  if (width !== undefined) pipeline = pipeline.resize({ width });
  return encodeAs(pipeline, format, quality);
};

/** The cup, brought to the cat's size: another picture of the same shape, as the previous version. */
const CUP_AS_CAT = await sharp(CUP).resize(451, 300, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
const versions = { current: CAT, previous: CUP_AS_CAT };

describe('compareImage', () => {
  it.each<[Encoding, number, number | undefined]>([
    ['avif', 50, 120],
    ['webp', 60, 200],
    ['jpeg', 40, undefined],
    ['png', 100, 300],
    ['gif', 100, undefined],
  ])('tells the new version re-encoded as %s (quality %i, width %s)', async (format, quality, width) => {
    const delivered = await encode(CAT, format, quality, width);
    expect((await compareImage(delivered, versions)).shows).toBe('new');
  });

  it('tells the previous version re-encoded and resized', async () => {
    const delivered = await encode(CUP_AS_CAT, 'avif', 45, 160);
    expect((await compareImage(delivered, versions)).shows).toBe('previous');
  });

  it('cannot tell a crop that keeps the shape: never "new"', async () => {
    const crop = await sharp(CAT)
      .extract({ left: 45, top: 30, width: 361, height: 240 })
      .resize({ width: 451 })
      .webp({ quality: 80 })
      .toBuffer();
    expect(await compareImage(crop, versions)).toMatchObject({ shows: 'cannot-tell', doubt: 'neither' });
  });

  it('cannot tell a crop to another shape', async () => {
    const square = await sharp(CAT).extract({ left: 75, top: 0, width: 300, height: 300 }).webp().toBuffer();
    expect(await compareImage(square, versions)).toMatchObject({
      shows: 'cannot-tell',
      doubt: 'other-shape',
    });
  });

  it('cannot tell a mirror image', async () => {
    const mirrored = await sharp(CAT).flop().webp({ quality: 80 }).toBuffer();
    expect((await compareImage(mirrored, versions)).shows).toBe('cannot-tell');
  });

  it('cannot tell two versions alike (a small edit), whichever is delivered re-encoded', async () => {
    const patch = await sharp({ create: { width: 30, height: 20, channels: 4, background: '#e0205f' } })
      .png()
      .toBuffer();
    const edited = await sharp(SCREENSHOT)
      .composite([{ input: patch, left: 150, top: 150 }])
      .png()
      .toBuffer();
    const delivered = await encode(SCREENSHOT, 'webp', 80);
    expect(await compareImage(delivered, { current: edited, previous: SCREENSHOT })).toMatchObject({
      shows: 'cannot-tell',
      doubt: 'alike',
    });
  });

  it('tells a transparent logo that the service flattened into a JPEG', async () => {
    const flattened = await sharp(LOGO).flatten({ background: '#ffffff' }).jpeg({ quality: 70 }).toBuffer();
    expect((await compareImage(flattened, { current: LOGO, previous: CUP_AS_CAT })).shows).toBe('new');
  });

  it('tells the first frame of an animated GIF', async () => {
    const frame = (colour: string): Promise<Buffer> =>
      sharp({ create: { width: 40, height: 40, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const animation = async (first: string, second: string): Promise<Buffer> =>
      sharp([await frame(first), await frame(second)], { join: { animated: true } })
        .gif()
        .toBuffer();
    const next = await animation('#ff0000', '#0000ff');
    const previous = await animation('#00ff00', '#0000ff');
    const delivered = await sharp(await frame('#ff0000'))
      .webp()
      .toBuffer();
    expect((await compareImage(delivered, { current: next, previous })).shows).toBe('new');
  });

  it('says a page that is not an image cannot be decoded', async () => {
    const page = Buffer.from('<!doctype html><title>Not found</title>');
    expect(await compareImage(page, versions)).toMatchObject({ shows: 'cannot-tell', doubt: 'undecodable' });
  });

  it('refuses an image whose header claims more pixels than it may decode, without decoding it', async () => {
    const header = await encode(CAT, 'png', 100);
    const bomb = Buffer.from(header);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    expect(await compareImage(bomb, versions)).toMatchObject({
      shows: 'cannot-tell',
      doubt: 'undecodable',
      detail: expect.stringContaining('too many') as unknown,
    });
  });

  it('compares SVG as text: the same drawing with other spacing and comments is the new version', async () => {
    const svg = image('camera-photo-symbolic.svg').toString('utf8');
    // What an optimiser does to an SVG: no XML declaration, no spacing between elements, a comment of its own.
    const respaced = Buffer.from(
      `<!-- optimised -->${svg.replace(/<\?xml[^>]*>\s*/, '').replace(/>\s+</g, '><')}`,
    );
    const other = image('bluetooth-symbolic.svg');
    expect((await compareImage(respaced, { current: Buffer.from(svg), previous: other })).shows).toBe('new');
    expect((await compareImage(respaced, { current: other, previous: Buffer.from(svg) })).shows).toBe(
      'previous',
    );
    expect(normalSvg(' <svg a="1" >\n <g/> </svg>')).toBe('<svg a="1"><g/></svg>');
  });

  it('cannot tell an SVG against raster versions', async () => {
    expect(await compareImage(image('bluetooth-symbolic.svg'), versions)).toMatchObject({
      shows: 'cannot-tell',
      doubt: 'other-kind',
    });
  });

  it('never takes a crop of a tenth of each side or more for the new version, whatever its size (property)', async () => {
    const pictures = [
      'chelsea.jpg',
      'coffee.jpg',
      'astronaut.jpg',
      'text.png',
      'logo.png',
      'shell-appts.png',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pictures),
        fc.double({ min: 0.5, max: 0.9, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 120, max: 480 }),
        async (name, kept, across, down, width) => {
          const bytes = image(name);
          const { width: w, height: h } = await sharp(bytes).metadata();
          const cropWidth = Math.round(w * kept);
          const cropHeight = Math.round(h * kept);
          const crop = await sharp(bytes)
            .extract({
              left: Math.round((w - cropWidth) * across),
              top: Math.round((h - cropHeight) * down),
              width: cropWidth,
              height: cropHeight,
            })
            .resize({ width })
            .webp({ quality: 75 })
            .toBuffer();
          expect((await compareImage(crop, { current: bytes })).shows).not.toBe('new');
        },
      ),
      { numRuns: 25 },
    );
  });

  it('never takes one picture for another, whatever the encoding and size (property)', async () => {
    const pictures = [
      'chelsea.jpg',
      'coffee.jpg',
      'astronaut.jpg',
      'horse.png',
      'logo.png',
      'nautilus-icons.png',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pictures),
        fc.constantFrom(...pictures),
        fc.constantFrom<Encoding>('jpeg', 'webp', 'avif', 'png', 'gif'),
        fc.integer({ min: 30, max: 95 }),
        fc.integer({ min: 120, max: 500 }),
        async (shown, other, format, quality, width) => {
          fc.pre(shown !== other);
          const shownBytes = image(shown);
          const { width: w, height: h } = await sharp(shownBytes).metadata();
          const otherBytes = await sharp(image(other)).resize(w, h, { fit: 'fill' }).png().toBuffer();
          const delivered = await encode(shownBytes, format, quality, width);
          const asNew = await compareImage(delivered, { current: otherBytes, previous: shownBytes });
          expect(asNew.shows).not.toBe('new');
          const asPrevious = await compareImage(delivered, { current: shownBytes, previous: otherBytes });
          expect(asPrevious.shows).not.toBe('previous');
        },
      ),
      { numRuns: 25 },
    );
    // CPU-bound (about 4 s alone): room for a machine whose cores the e2e suites keep busy beside it.
  }, 60_000);
});

/**
 * Photos stored as the camera saw them, with an EXIF orientation tag: the same picture shown turned (by a browser, by
 * a service that applies the tag) or as stored (by a service that keeps the pixels) is the same version.
 */
describe('compareImage on photos with an orientation tag', () => {
  type Tagged = 'jpeg' | 'webp' | 'png';
  const tag = (source: Buffer, orientation: number, format: Tagged = 'jpeg'): Promise<Buffer> =>
    encodeAs(sharp(source).withMetadata({ orientation }), format);
  /** What a service that applies the tag delivers: the picture turned, no tag. */
  const turned = (source: Buffer, format: Encoding, width?: number): Promise<Buffer> => {
    const upright = sharp(source).rotate();
    return encodeAs(width === undefined ? upright : upright.resize({ width }), format);
  };
  /** What a service that keeps the pixels delivers: the picture as stored, no tag. */
  const asStored = (source: Buffer, format: Encoding): Promise<Buffer> => encodeAs(sharp(source), format);

  it.each([2, 3, 4, 5, 6, 7, 8])(
    'tells the new version of orientation %i delivered turned, and as stored',
    async (orientation) => {
      const tagged = { current: await tag(CAT, orientation), previous: await tag(CUP_AS_CAT, orientation) };
      expect((await compareImage(await turned(tagged.current, 'avif', 200), tagged)).shows).toBe('new');
      expect((await compareImage(await turned(tagged.current, 'webp'), tagged)).shows).toBe('new');
      expect((await compareImage(await asStored(tagged.current, 'webp'), tagged)).shows).toBe('new');
    },
  );

  it.each([3, 6, 8])(
    'tells the previous version (another photo) of orientation %i delivered turned',
    async (orientation) => {
      const tagged = { current: await tag(CAT, orientation), previous: await tag(CUP_AS_CAT, orientation) };
      expect((await compareImage(await turned(tagged.previous, 'avif', 160), tagged)).shows).toBe('previous');
    },
  );

  it('tells the new version when only it carries a tag, and the previous one as stored', async () => {
    const tagged = { current: await tag(CAT, 6), previous: CUP_AS_CAT };
    expect((await compareImage(await turned(tagged.current, 'jpeg'), tagged)).shows).toBe('new');
    expect((await compareImage(await asStored(CUP_AS_CAT, 'webp'), tagged)).shows).toBe('previous');
  });

  it.each<Tagged>(['webp', 'png'])('tells a %s with the tag delivered turned', async (format) => {
    const tagged = { current: await tag(CAT, 6, format), previous: await tag(CUP_AS_CAT, 6, format) };
    expect((await compareImage(await turned(tagged.current, 'avif', 240), tagged)).shows).toBe('new');
    expect((await compareImage(await turned(tagged.previous, 'jpeg'), tagged)).shows).toBe('previous');
  });

  it('applies the tag of the image delivered: a host that keeps the tag shows the picture turned', async () => {
    // Pixels stored a quarter turn back, tagged to be turned a quarter forward: shown, the cat as it is.
    const stored = await sharp(CAT).rotate(-90).toBuffer();
    const delivered = await tag(stored, 6, 'webp');
    expect((await compareImage(delivered, versions)).shows).toBe('new');
  });

  it.each([3, 6, 8])(
    'never takes a crop of a turned photo of orientation %i for the new version',
    async (o) => {
      const tagged = { current: await tag(CAT, o), previous: await tag(CUP_AS_CAT, o) };
      const upright = await sharp(tagged.current).rotate().toBuffer();
      const { width, height } = await sharp(upright).metadata();
      const keep = (size: number): number => Math.round(size * 0.8);
      const crop = await sharp(upright)
        .extract({ left: 10, top: 10, width: keep(width), height: keep(height) })
        .resize(width, height, { fit: 'fill' })
        .webp({ quality: 80 })
        .toBuffer();
      expect((await compareImage(crop, tagged)).shows).toBe('cannot-tell');
      const square = await sharp(upright)
        .extract({ left: 0, top: 0, width: 200, height: 200 })
        .webp()
        .toBuffer();
      expect((await compareImage(square, tagged)).shows).toBe('cannot-tell');
    },
  );

  it('cannot tell a mirror image of a tagged photo turned', async () => {
    const tagged = { current: await tag(CAT, 6), previous: await tag(CUP_AS_CAT, 6) };
    const mirrored = await sharp(tagged.current).rotate().flop().webp({ quality: 80 }).toBuffer();
    expect((await compareImage(mirrored, tagged)).shows).toBe('cannot-tell');
  });
});

describe('compareImage on tagged photos, whatever the tag (property)', () => {
  const pictures = ['chelsea.jpg', 'coffee.jpg', 'astronaut.jpg', 'horse.png'];

  it('tells each turned delivery new, and never a crop of it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pictures),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom<Encoding>('jpeg', 'webp', 'avif'),
        fc.integer({ min: 120, max: 400 }),
        fc.double({ min: 0.5, max: 0.9, noNaN: true }),
        async (name, orientation, format, width, kept) => {
          const current = await sharp(image(name)).withMetadata({ orientation }).jpeg().toBuffer();
          const upright = await sharp(current).rotate().toBuffer();
          const delivered = await encode(upright, format, 75, width);
          expect((await compareImage(delivered, { current })).shows).toBe('new');
          const { width: w, height: h } = await sharp(upright).metadata();
          const crop = await sharp(upright)
            .extract({ left: 0, top: 0, width: Math.round(w * kept), height: Math.round(h * kept) })
            .resize({ width })
            .webp({ quality: 75 })
            .toBuffer();
          expect((await compareImage(crop, { current })).shows).not.toBe('new');
        },
      ),
      { numRuns: 20 },
    );
  });
});
