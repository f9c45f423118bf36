/**
 * The image comparison's section of BENCHMARKS.md: the distances that re-encoding, resizing, crops, edits and other
 * pictures make on the images of test/fixtures/images/ (real photographs, screenshots, line art, a logo with
 * transparency), the thresholds chosen from them, what the comparison says of each case, and what the decoders
 * cost (bundle size, loading, decoding per megapixel).
 *
 * `npm run bench -- --only compare` measures it alone and prints it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';
import {
  compareImage,
  SAME_PICTURE,
  TELLS_APART,
  THUMBNAIL_SIDE,
  type Comparison,
} from '../../src/compare/compare.ts';
import { decodeImage } from '../../src/compare/decode.ts';
import type { ImageFormat } from '../../src/compare/format.ts';
import { thumbnailOf, distance, shrink } from '../../src/compare/thumbnail.ts';
import { Agent } from 'undici';
import { systemClock } from '../../src/mechanics/clock.ts';
import { deliveredFetcher } from '../../src/proof/fetch.ts';
import { ACCEPTS } from '../../src/proof/accepts.ts';
import { prove, type ProofImage } from '../../src/proof/proof.ts';
import { startEmulator } from '../../test/emulator/server.ts';
import { startImageHost } from '../../test/support/image-host.ts';
import { startOriginSite } from '../../test/support/origin-site.ts';
import { count, markdownTable, median, ms } from './format.ts';
import type { Section } from './section.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const IMAGES = join(ROOT, 'test', 'fixtures', 'images');
const HEADING = '## 7. Image comparison';

/** The measured set: each image and what it stands for. */
export const MEASURED_SET = [
  { file: 'chelsea.jpg', kind: 'photograph' },
  { file: 'coffee.jpg', kind: 'photograph' },
  { file: 'astronaut.jpg', kind: 'photograph' },
  { file: 'nautilus-icons.png', kind: 'screenshot' },
  { file: 'shell-appts.png', kind: 'screenshot' },
  { file: 'text.png', kind: 'line art (text)' },
  { file: 'horse.png', kind: 'line art (silhouette)' },
  { file: 'logo.png', kind: 'logo with transparency' },
] as const;

type Encode = (image: Sharp) => Sharp;

/** What an image service does to an image without changing the picture: format, quality. */
const ENCODINGS: readonly (readonly [string, Encode])[] = [
  ['JPEG q85', (image) => image.jpeg({ quality: 85 })],
  ['JPEG q60', (image) => image.jpeg({ quality: 60 })],
  ['JPEG q35', (image) => image.jpeg({ quality: 35 })],
  ['WebP q80', (image) => image.webp({ quality: 80 })],
  ['WebP q50', (image) => image.webp({ quality: 50 })],
  ['AVIF q60', (image) => image.avif({ quality: 60 })],
  ['AVIF q35', (image) => image.avif({ quality: 35 })],
  ['PNG', (image) => image.png()],
  ['GIF', (image) => image.gif()],
];

/** ...and sizes (`w:` segments): the original's width, half of it, 120 pixels, 48 pixels. */
const WIDTHS: readonly (readonly [string, (width: number) => number])[] = [
  ['full size', (width) => width],
  ['half width', (width) => Math.round(width / 2)],
  ['w:120', () => 120],
  ['w:48', () => 48],
];

interface Case {
  readonly name: string;
  readonly bytes: Buffer;
}

interface ImageRow {
  readonly file: string;
  readonly kind: string;
  readonly width: number;
  readonly height: number;
  /** The largest distance of a re-encoded copy 120 pixels wide or more, and which. */
  readonly worstSame: { readonly distance: number; readonly name: string };
  /** The same at 48 pixels wide. */
  readonly worstSmall: number;
  readonly sameCases: number;
  readonly crops: readonly { readonly name: string; readonly distance: number | undefined }[];
  readonly edits: readonly { readonly name: string; readonly distance: number }[];
  readonly nearestOther: { readonly distance: number; readonly name: string };
  /** What compareImage said of each case, by what it should say. */
  readonly verdicts: {
    readonly same: Comparison[];
    readonly notNew: Comparison[];
    readonly alike: Comparison[];
  };
}

async function measureImage(file: string, kind: string, others: readonly string[]): Promise<ImageRow> {
  const original = readFileSync(join(IMAGES, file));
  const { width, height } = await sharp(original).metadata();
  const same: Case[] = [];
  for (const [sizeName, sized] of WIDTHS)
    for (const [encodingName, encode] of ENCODINGS)
      same.push({
        name: `${encodingName}, ${sizeName}`,
        bytes: await encode(sharp(original).resize({ width: sized(width) })).toBuffer(),
      });
  const crop = (fraction: number, toWidth: number): Promise<Buffer> => {
    const w = Math.round(width * fraction);
    const h = Math.round(height * fraction);
    return sharp(original)
      .extract({ left: Math.round((width - w) / 2), top: Math.round((height - h) / 2), width: w, height: h })
      .resize({ width: toWidth })
      .webp({ quality: 80 })
      .toBuffer();
  };
  const twoThirds = Math.round((height * 2) / 3);
  const crops: Case[] = [
    { name: 'centre 90%', bytes: await crop(0.9, width) },
    { name: 'centre 90%, w:120', bytes: await crop(0.9, 120) },
    { name: 'centre 80%', bytes: await crop(0.8, width) },
    {
      name: 'top two thirds (other shape)',
      bytes: await sharp(original)
        .extract({ left: 0, top: 0, width, height: twoThirds })
        .webp({ quality: 80 })
        .toBuffer(),
    },
    { name: 'mirrored', bytes: await sharp(original).flop().webp({ quality: 80 }).toBuffer() },
  ];
  const edit = async (fraction: number): Promise<Buffer> => {
    const w = Math.max(1, Math.round(width * Math.sqrt(fraction)));
    const h = Math.max(1, Math.round(height * Math.sqrt(fraction)));
    const patch = await sharp({ create: { width: w, height: h, channels: 4, background: '#e0205f' } })
      .png()
      .toBuffer();
    return sharp(original)
      .composite([{ input: patch, left: Math.round(width / 3), top: Math.round(height / 3) }])
      .png()
      .toBuffer();
  };
  const edits: Case[] = [
    { name: '1% of the area painted', bytes: await edit(0.01) },
    { name: '4% of the area painted', bytes: await edit(0.04) },
  ];
  const otherPictures: Case[] = await Promise.all(
    others.map(async (other) => ({
      name: other,
      bytes: await sharp(readFileSync(join(IMAGES, other)))
        .resize(width, height, { fit: 'fill' })
        .webp({ quality: 80 })
        .toBuffer(),
    })),
  );
  const near = async (bytes: Buffer): Promise<number | undefined> => thumbnailDistance(bytes, original);
  const sameDistances = await Promise.all(
    same.map(async (c) => ({ name: c.name, distance: (await near(c.bytes)) ?? 0 })),
  );
  const small = (name: string): boolean => name.endsWith('w:48');
  const worstSame = sameDistances
    .filter((c) => !small(c.name))
    .reduce((a, b) => (b.distance > a.distance ? b : a));
  const worstSmall = Math.max(...sameDistances.filter((c) => small(c.name)).map((c) => c.distance));
  const otherDistances = await Promise.all(
    otherPictures.map(async (c) => ({ name: c.name, distance: (await near(c.bytes)) ?? Infinity })),
  );
  const nearestOther = otherDistances.reduce((a, b) => (b.distance < a.distance ? b : a));
  const previous = otherPictures[0]?.bytes ?? original;
  return {
    file,
    kind,
    width,
    height,
    worstSame,
    worstSmall,
    sameCases: same.length,
    crops: await Promise.all(
      crops.map(async (c) => ({
        name: c.name,
        distance: c.name.includes('other shape') ? undefined : await near(c.bytes),
      })),
    ),
    edits: await Promise.all(
      edits.map(async (c) => ({ name: c.name, distance: (await near(c.bytes)) ?? 0 })),
    ),
    nearestOther,
    verdicts: {
      // Each re-encoded copy against the original as the new version and another picture as the previous one.
      same: await Promise.all(same.map((c) => compareImage(c.bytes, { current: original, previous }))),
      // A crop, a mirror image: never the new version.
      notNew: await Promise.all(crops.map((c) => compareImage(c.bytes, { current: original, previous }))),
      // A re-encoded copy, the previous version an edit of the new one: the two versions alike.
      alike: await Promise.all(
        edits.map(async (c) =>
          compareImage(await sharp(original).webp({ quality: 80 }).toBuffer(), {
            current: original,
            previous: c.bytes,
          }),
        ),
      ),
    },
  };
}

/** The distance compareImage measures between two images, at the side it would use for the first. */
async function thumbnailDistance(delivered: Buffer, version: Buffer): Promise<number | undefined> {
  const [a, b] = await Promise.all([decodeImage(delivered), decodeImage(version)]);
  if (a.kind !== 'raster' || b.kind !== 'raster') return undefined;
  const side = Math.min(THUMBNAIL_SIDE, a.raster.width, a.raster.height);
  return distance(thumbnailOf(a.raster, side), shrink(thumbnailOf(b.raster, THUMBNAIL_SIDE), side));
}

interface DecodeCost {
  readonly format: ImageFormat;
  readonly bytes: number;
  readonly msPerMegapixel: number;
  /** Importing the decoder and compiling its WebAssembly, in a fresh process, before its first image. */
  readonly loadMs: number;
}

const DECODE_RUNS = 5;

/** Decoding a 2-megapixel photograph in each format, and loading each decoder in a process of its own. */
async function measureDecoding(): Promise<DecodeCost[]> {
  const photo = sharp(readFileSync(join(IMAGES, 'coffee.jpg'))).resize(1732, 1155);
  const megapixels = (1732 * 1155) / 1e6;
  const formats: readonly (readonly [ImageFormat, Encode])[] = [
    ['jpeg', (image) => image.jpeg({ quality: 80 })],
    ['png', (image) => image.png()],
    ['webp', (image) => image.webp({ quality: 80 })],
    ['avif', (image) => image.avif({ quality: 50 })],
    ['gif', (image) => image.gif()],
  ];
  const costs: DecodeCost[] = [];
  for (const [name, encode] of formats) {
    const bytes = await encode(photo.clone()).toBuffer();
    await decodeImage(bytes);
    const times: number[] = [];
    for (let run = 0; run < DECODE_RUNS; run++) {
      const started = performance.now();
      await decodeImage(bytes);
      times.push(performance.now() - started);
    }
    costs.push({
      format: name,
      bytes: bytes.length,
      msPerMegapixel: median(times) / megapixels,
      loadMs: loadTime(name),
    });
  }
  return costs;
}

const LOAD_RUNS = 3;

/** Median of a few fresh processes: the time from the import of the decoder to the end of a 1-pixel decode. */
function loadTime(name: ImageFormat): number {
  const script = `
    import { decodeImage } from ${JSON.stringify(join(ROOT, 'src/compare/decode.ts'))};
    import sharp from 'sharp';
    const pixel = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#808080' } }).toFormat(${JSON.stringify(name)}).toBuffer();
    const started = performance.now();
    await decodeImage(pixel);
    process.stdout.write(String(performance.now() - started));`;
  const times = Array.from({ length: LOAD_RUNS }, () =>
    Number(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }),
    ),
  );
  return median(times);
}

/**
 * What the decoders add to dist/: their WebAssembly and the chunks that hold their JavaScript; and the chunk of the
 * comparison's own code (compare.ts and its thumbnails), told by its own function.
 */
function bundleCost(): { wasm: number; chunks: number; comparison: number } | undefined {
  const dist = join(ROOT, 'dist');
  if (!existsSync(join(dist, 'wasm'))) return undefined;
  const wasm = readdirSync(join(dist, 'wasm')).reduce(
    (sum, name) => sum + statSync(join(dist, 'wasm', name)).size,
    0,
  );
  const chunks = readdirSync(dist)
    .filter((name) => name.endsWith('.js') && name !== 'index.js')
    .filter((name) =>
      /mozjpeg|squoosh_png|webp_dec|avif_dec|GifReader/.test(readFileSync(join(dist, name), 'utf8')),
    )
    .reduce((sum, name) => sum + statSync(join(dist, name)).size, 0);
  const comparison = readdirSync(dist)
    .filter((name) => name.endsWith('.js'))
    .filter((name) => readFileSync(join(dist, name), 'utf8').includes('function compareRasters('))
    .reduce((sum, name) => sum + statSync(join(dist, name)).size, 0);
  return { wasm, chunks, comparison };
}

interface ProofCost {
  readonly images: number;
  readonly ms: number;
  readonly fresh: number;
}

/**
 * The whole proof of `count` images, each a different picture (the cat with a patch of its own), one variant each
 * (w:120, delivered as AVIF by the image host stand-in, which has them cached as after a warm-up), against the
 * real emulator and a local origin; the versions are 320 pixels wide.
 */
async function measureProof(count: number): Promise<ProofCost> {
  const emulator = await startEmulator();
  const site = await startOriginSite();
  const host = await startImageHost(() => emulator);
  const dispatcher = new Agent({ connections: 8 });
  try {
    site.deployed = 'new';
    const base = sharp(readFileSync(join(IMAGES, 'chelsea.jpg'))).resize(320);
    const before = await sharp(readFileSync(join(IMAGES, 'coffee.jpg')))
      .resize(320, 213, { fit: 'fill' })
      .jpeg()
      .toBuffer();
    const files = new Map<string, Buffer>();
    const images: ProofImage[] = [];
    for (let n = 0; n < count; n++) {
      const patch = await sharp({
        create: { width: 24, height: 24, channels: 3, background: { r: n % 256, g: (n * 7) % 256, b: 90 } },
      })
        .png()
        .toBuffer();
      const bytes = await base
        .clone()
        .composite([{ input: patch, left: (n * 13) % 290, top: (n * 5) % 180 }])
        .jpeg({ quality: 85 })
        .toBuffer();
      const path = `public/images/${n}.jpg`;
      files.set(path, bytes);
      site.files.new.set(`/images/${n}.jpg`, bytes);
      const ref = `${site.url}/images/${n}.jpg`;
      images.push({ ref, path, urls: [`${host.url}/w:120/${ref}`] });
    }
    // The warm-up's work, not the proof's: the image host makes and caches each variant, in each format the proof
    // asks for (one per class of browsers).
    for (const image of images)
      for (const accept of Object.values(ACCEPTS))
        await fetch(image.urls[0] ?? '', { headers: { accept } }).then((answer) => answer.arrayBuffer());
    const started = performance.now();
    const { images: proofs } = await prove({
      images,
      versions: {
        current: (path) => Promise.resolve(files.get(path)),
        previous: () => Promise.resolve(before),
      },
      fetch: deliveredFetcher({ dispatcher, timeoutMs: 30_000, userAgent: 'bench' }),
      clock: systemClock,
      bounds: {
        concurrency: 8,
        maxImages: 1_000,
        maxBytes: 4 * 1024 * 1024,
        timeoutMs: 600_000,
        retryWaitMs: 1_000,
      },
    });
    const ms = performance.now() - started;
    const fresh = proofs.filter((proof) =>
      proof.variants.every((variant) => variant.state === 'fresh'),
    ).length;
    return { images: count, ms, fresh };
  } finally {
    await dispatcher.close();
    await host.close();
    await site.close();
    await emulator.close();
  }
}

const fixed = (value: number | undefined): string => (value === undefined ? '—' : value.toFixed(1));
const kib = (bytes: number): string => `${count(Math.round(bytes / 1024))} KiB`;

/** The image comparison's section: its measured set, thresholds and costs; it has no memory target. */
export const compareSection: Section = {
  name: 'compare',
  memory: false,
  measure: async () => ({ markdown: await compareMarkdown(), failures: [], problems: [], headline: [] }),
};

async function compareMarkdown(): Promise<string> {
  const files = MEASURED_SET.map((image) => image.file);
  const rows: ImageRow[] = [];
  for (const { file, kind } of MEASURED_SET)
    rows.push(
      await measureImage(
        file,
        kind,
        files.filter((other) => other !== file),
      ),
    );
  const decoding = await measureDecoding();
  const bundle = bundleCost();
  const proofs = [await measureProof(100), await measureProof(1_000)];

  const worstSame = Math.max(...rows.map((row) => row.worstSame.distance));
  const cropDistances = rows.flatMap((row) =>
    row.crops.flatMap((c) => (c.distance === undefined ? [] : [c.distance])),
  );
  const nearestCrop = Math.min(...cropDistances);
  const nearestOther = Math.min(...rows.map((row) => row.nearestOther.distance));
  const verdicts = rows.flatMap((row) => row.verdicts.same);
  const sameTold = verdicts.filter((v) => v.shows === 'new').length;
  const smallUntold = rows
    .flatMap((row) => row.verdicts.same.slice(-ENCODINGS.length))
    .filter((v) => v.shows !== 'new').length;
  const falseNew = rows.flatMap((row) => row.verdicts.notNew).filter((v) => v.shows === 'new').length;
  const notNewCases = rows.flatMap((row) => row.verdicts.notNew).length;
  const alikeTold = rows.flatMap((row) => row.verdicts.alike).filter((v) => v.shows === 'cannot-tell').length;
  const alikeCases = rows.flatMap((row) => row.verdicts.alike).length;

  const distances = markdownTable({
    headers: [
      'Image',
      'What',
      'Size',
      'Re-encoded, 120 px wide or more: largest',
      'Worst copy',
      'Re-encoded, w:48: largest',
      ...(rows[0]?.crops.map((c) => (c.name === 'mirrored' ? 'Mirrored' : `Crop: ${c.name}`)) ?? []),
      ...(rows[0]?.edits.map((c) => `Edit: ${c.name}`) ?? []),
      'Nearest other picture',
      'Told new',
    ],
    align: ['left', 'left', 'right', 'right', 'left', ...Array<'right'>(10).fill('right')],
    rows: rows.map((row) => [
      `\`${row.file}\``,
      row.kind,
      `${row.width}×${row.height}`,
      fixed(row.worstSame.distance),
      row.worstSame.name,
      fixed(row.worstSmall),
      ...row.crops.map((c) => (c.distance === undefined ? 'other shape' : fixed(c.distance))),
      ...row.edits.map((c) => fixed(c.distance)),
      `${fixed(row.nearestOther.distance)} (\`${row.nearestOther.name}\`)`,
      `${row.verdicts.same.filter((v) => v.shows === 'new').length} of ${row.sameCases}`,
    ]),
  });
  const costs = markdownTable({
    headers: ['Format', '2-MP photograph', 'Decode per megapixel', 'Load (import + compile), first image'],
    align: ['left', 'right', 'right', 'right'],
    rows: decoding.map((cost) => [
      cost.format.toUpperCase(),
      kib(cost.bytes),
      ms(cost.msPerMegapixel),
      ms(cost.loadMs),
    ]),
  });
  const bundleLine =
    bundle === undefined
      ? 'dist/ was not built with the decoders: run `npm run build` first for the bundle sizes.'
      : `In dist/: ${kib(bundle.wasm)} of WebAssembly (dist/wasm/) and ${kib(bundle.chunks)} of JavaScript in the ` +
        `chunks that hold the decoders, and ${kib(bundle.comparison)} in the chunk of the comparison's own code, ` +
        'each loaded by a run only when it compares an image, so a run that compares nothing starts as before ' +
        '(section 3: a dry run loads none of them).';
  const proofTable = markdownTable({
    headers: ['Images', 'Whole proof', 'Per image', 'Found fresh'],
    align: ['right', 'right', 'right', 'right'],
    rows: proofs.map((proof) => [
      count(proof.images),
      ms(proof.ms),
      ms(proof.ms / proof.images),
      `${count(proof.fresh)} of ${count(proof.images)}`,
    ]),
  });
  return [
    HEADING,
    `Each image of \`test/fixtures/images/\` (sources and licences in its README) was re-encoded ${ENCODINGS.length} ` +
      `ways (${ENCODINGS.map(([name]) => name).join(', ')}) at ${WIDTHS.length} widths ` +
      `(${WIDTHS.map(([name]) => name).join(', ')}), by sharp (libvips), as an image service does; then cropped, ` +
      'mirrored, edited, and replaced by each other image of the set brought to its size. Each figure is the ' +
      `distance that \`src/compare/\` measures: the root mean square difference, 0 to 255, of ${THUMBNAIL_SIDE}×` +
      `${THUMBNAIL_SIDE} area-averaged, premultiplied RGBA thumbnails (fewer pixels a side for a smaller image), a ` +
      'transparent image against an opaque one laid on white and on black, the nearer kept.',
    distances,
    `**Thresholds.** Re-encoding and resizing to 120 pixels wide or more moved an image by at most ` +
      `${fixed(worstSame)} (to 48 pixels wide, by up to ${fixed(Math.max(...rows.map((row) => row.worstSmall)))}: ` +
      'such copies are mostly "cannot tell"); a crop that keeps the ' +
      `shape, or a mirror image, by at least ${fixed(nearestCrop)}; another picture by at least ` +
      `${fixed(nearestOther)}. An image within **${SAME_PICTURE}** of a version shows it (\`SAME_PICTURE\`); two ` +
      `versions nearer than **${TELLS_APART}** to each other cannot be told apart (\`TELLS_APART\`, twice the ` +
      'first: the distance is a metric, so an image within the first of one version is then farther than it from ' +
      'the other). A crop that changes the shape (width to height beyond rounding) is "cannot tell" whatever its ' +
      'distance.',
    `**What the comparison said.** Of ${count(verdicts.length)} re-encoded or resized copies, ${count(sameTold)} ` +
      `were told to be the new version, the others "cannot tell" (${count(smallUntold)} of them at 48 pixels wide, ` +
      `where a thumbnail keeps little); of ${notNewCases} crops and mirror images, ${falseNew} were told to be the ` +
      `new version (must be 0); of ${alikeCases} pairs of versions that differ by an edit of 1% or 4% of the ` +
      `area, ${alikeTold} were "cannot tell" (the two versions alike), the others told apart.`,
    '**Cost of the decoders.** ' + bundleLine,
    costs,
    `Measured under a load average of ${loadavg()
      .map((value) => value.toFixed(1))
      .join(', ')} (1, 5, 15 minutes), on the machine of the header: the times scale with the load, the ` +
      'distances do not. Decoding: the median of 5 decodes of the same photograph (1732×1155, made from `coffee.jpg`) after one to warm ' +
      'up, per megapixel. Load: the median of 3 fresh processes, from the first decode of a 1-pixel image of the ' +
      'format to its end (the import of the decoder and the compilation of its WebAssembly); a run pays it once ' +
      'per format it meets.',
    '**The whole proof** (`src/proof/`), through the image host stand-in (`test/support/image-host.ts`) with each ' +
      'image a different 320-pixel photograph and one variant each (`w:120`, delivered as AVIF, cached by the host ' +
      'as after a warm-up), 8 requests in flight, the versions decoded once each:',
    proofTable,
  ].join('\n\n');
}
