/**
 * The proof of freshness against the image host stand-in (test/support/image-host.ts), which really re-encodes
 * what a real local origin serves and caches it until the API emulator records an invalidation.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/mechanics/clock.ts';
import { deliveredFetcher, type FetchDelivered } from '../../src/proof/fetch.ts';
import { prove, type ImageProof, type ProofBounds, type ProofImage } from '../../src/proof/proof.ts';
import { ROOT_KEY } from '../support/client.ts';
import { ROOT } from '../support/command.ts';
import { useEmulator } from '../support/emulator.ts';
import { startImageHost, type ImageHostStandIn } from '../support/image-host.ts';
import { startOriginSite, type OriginSite } from '../support/origin-site.ts';

const emulator = useEmulator();
const fixture = (name: string): Buffer => readFileSync(join(ROOT, 'test', 'fixtures', 'images', name));
const CAT = fixture('chelsea.jpg');
const CUP = await sharp(fixture('coffee.jpg'))
  .resize(451, 300, { fit: 'fill' })
  .jpeg({ quality: 90 })
  .toBuffer();

let site: OriginSite;
let host: ImageHostStandIn;
const dispatcher = new Agent({ connections: 8 });
beforeAll(async () => {
  host = await startImageHost(emulator);
});
afterAll(async () => {
  await host.close();
  await dispatcher.close();
});
beforeEach(async () => {
  site = await startOriginSite();
  host.overrides.clear();
  // One copy for every browser, unless a test says otherwise: most tests here are about what that copy shows.
  host.varies = false;
});
afterEach(async () => {
  await site.close();
});

const BOUNDS: ProofBounds = {
  concurrency: 4,
  maxImages: 1_000,
  maxBytes: 4 * 1024 * 1024,
  timeoutMs: 30_000,
  retryWaitMs: 10,
};

/** Files of the repository: the new version of each path, and the previous one. */
function repository(files: Record<string, { current?: Buffer; previous?: Buffer }>): {
  current: (path: string) => Promise<Buffer | undefined>;
  previous: (path: string) => Promise<Buffer | undefined>;
} {
  return {
    current: (path) => Promise.resolve(files[path]?.current),
    previous: (path) => Promise.resolve(files[path]?.previous),
  };
}

/** Invalidates through the emulator, as the run's client would: every image confirmed, or none. */
async function invalidate(refs: readonly string[]): Promise<ReadonlyMap<string, string>> {
  const answer = await fetch(`${emulator().url}/api/${emulator().serviceKey}/v2/cache/invalidate/assets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ROOT_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ assets: refs }),
  });
  if (!answer.ok) throw new Error(`the emulator refused the invalidation: ${answer.status}`);
  return new Map();
}

function photo(variants: readonly string[] = ['w:200', 'w:320']): ProofImage {
  const ref = `${site.url}/images/photo.jpg`;
  return { ref, path: 'public/images/photo.jpg', urls: variants.map((v) => `${host.url}/${v}/${ref}`) };
}

async function proveOne(
  image: ProofImage,
  files: { current?: Buffer; previous?: Buffer },
  options: { again?: boolean; bounds?: Partial<ProofBounds>; signal?: AbortSignal } = {},
): Promise<ImageProof> {
  const {
    images: [proof],
  } = await prove({
    images: [image],
    versions: repository({ [image.path]: files }),
    fetch: deliveredFetcher({ dispatcher, timeoutMs: 10_000, userAgent: 'test' }),
    ...(options.again === false ? {} : { invalidateAgain: invalidate }),
    clock: systemClock,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    bounds: { ...BOUNDS, ...options.bounds },
  });
  if (proof === undefined) throw new Error('no proof');
  return proof;
}

const states = (proof: ImageProof): string[] => proof.variants.map((variant) => variant.state);

describe('prove', () => {
  it('finds fresh an image the host serves new at each width the pages use, as AVIF, WebP and JPEG browsers', async () => {
    host.varies = true;
    site.deployed = 'new';
    site.files.new.set('/images/photo.jpg', CAT);
    const proof = await proveOne(photo(), { current: CAT, previous: CUP });
    expect(
      proof.variants.map((variant) => [
        variant.state,
        variant.accept,
        'seen' in variant && variant.seen.contentType,
      ]),
    ).toEqual(
      ['w:200', 'w:320'].flatMap(() => [
        ['fresh', 'avif', 'image/avif'],
        ['fresh', 'webp', 'image/webp'],
        ['fresh', 'plain', 'image/jpeg'],
      ]),
    );
  });

  it('invalidates once more an image whose host kept its old copy, and finds it fresh then', async () => {
    site.files.previous.set('/images/photo.jpg', CUP);
    const image = photo(['w:240']);
    await fetch(image.urls[0] ?? '', { headers: { accept: 'image/avif' } });
    site.deployed = 'new';
    site.files.new.set('/images/photo.jpg', CAT);
    const proof = await proveOne(image, { current: CAT, previous: CUP });
    expect(proof).toMatchObject({ invalidatedAgain: true, variants: [{ state: 'fresh', asks: 2 }] });
    expect(emulator().invalidated.assets).toEqual([image.ref]);
  });

  it('finds stale an image the host re-fetched from an origin that still serves the old file', async () => {
    site.files.previous.set('/images/photo.jpg', CUP);
    const proof = await proveOne(photo(['w:240']), { current: CAT, previous: CUP });
    expect(proof).toMatchObject({ invalidatedAgain: true, variants: [{ state: 'stale', asks: 2 }] });
    expect(proof.variants[0]).toMatchObject({ seen: { status: 200, cacheStatus: 'MISS' } });
  });

  it('says stale after one ask an image whose second invalidation the service refused, and why', async () => {
    site.files.previous.set('/images/photo.jpg', CUP);
    const image = photo(['w:240']);
    const result = await prove({
      images: [image],
      versions: repository({ [image.path]: { current: CAT, previous: CUP } }),
      fetch: deliveredFetcher({ dispatcher, timeoutMs: 10_000, userAgent: 'test' }),
      invalidateAgain: (refs) => Promise.resolve(new Map(refs.map((ref) => [ref, 'HTTP 400: refused']))),
      clock: systemClock,
      bounds: BOUNDS,
    });
    expect(result.images).toMatchObject([
      {
        invalidatedAgain: false,
        invalidateAgainFailed: 'HTTP 400: refused',
        variants: [{ state: 'stale', asks: 1 }],
      },
    ]);
  });

  it('says each image failed again with the error when sending the second invalidation itself fails', async () => {
    site.files.previous.set('/images/photo.jpg', CUP);
    const image = photo(['w:240']);
    const result = await prove({
      images: [image],
      versions: repository({ [image.path]: { current: CAT, previous: CUP } }),
      fetch: deliveredFetcher({ dispatcher, timeoutMs: 10_000, userAgent: 'test' }),
      invalidateAgain: () => Promise.reject(new Error('no dispatcher')),
      clock: systemClock,
      bounds: BOUNDS,
    });
    expect(result.images).toMatchObject([
      {
        invalidatedAgain: false,
        invalidateAgainFailed: 'no dispatcher',
        variants: [{ state: 'stale', asks: 1 }],
      },
    ]);
  });

  it("asks again only the images whose second invalidation the service confirmed, with the proof's time left", async () => {
    site.files.previous.set('/images/a.jpg', CUP).set('/images/b.jpg', CUP);
    const images = ['a', 'b'].map((name): ProofImage => {
      const ref = `${site.url}/images/${name}.jpg`;
      return { ref, path: `public/images/${name}.jpg`, urls: [`${host.url}/w:240/${ref}`] };
    });
    const [a, b] = images.map((image) => image.ref);
    const within: number[] = [];
    const result = await prove({
      images,
      versions: { current: () => Promise.resolve(CAT), previous: () => Promise.resolve(CUP) },
      fetch: deliveredFetcher({ dispatcher, timeoutMs: 10_000, userAgent: 'test' }),
      invalidateAgain: (_refs, withinMs) => {
        within.push(withinMs);
        return Promise.resolve(new Map([[b ?? '', 'refused']]));
      },
      clock: systemClock,
      bounds: BOUNDS,
    });
    expect(
      result.images.map((proof) => [proof.ref, proof.invalidatedAgain, proof.variants[0]]),
    ).toMatchObject([
      [a, true, { state: 'stale', asks: 2 }],
      [b, false, { state: 'stale', asks: 1 }],
    ]);
    expect(within).toHaveLength(1);
    // Half of what is left once the wait before the second asks is set aside: the rest is for those asks.
    const half = (BOUNDS.timeoutMs - BOUNDS.retryWaitMs) / 2;
    expect(within[0]).toBeGreaterThan(half - 5_000);
    expect(within[0]).toBeLessThanOrEqual(half);
  });

  it('over any images, concurrency and refusals: asks again exactly those the service confirmed, names the others', async () => {
    const small = await sharp(CAT).resize(48, 32, { fit: 'fill' }).jpeg().toBuffer();
    const smallOld = await sharp(CUP).resize(48, 32, { fit: 'fill' }).jpeg().toBuffer();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        async (count, concurrency, refused) => {
          const images = Array.from({ length: count }, (_, n): ProofImage => {
            const ref = `https://origin.test/${n}.jpg`;
            return { ref, path: `${n}.jpg`, urls: [`https://host.test/w:48/${ref}`] };
          });
          // The host serves each image's previous version until its second invalidation lands.
          const landed = new Set<string>();
          const fetchOne: FetchDelivered = (url) => {
            const fresh = [...landed].some((ref) => url.endsWith(ref));
            const body = fresh ? small : smallOld;
            return Promise.resolve({
              status: 200,
              contentType: 'image/jpeg',
              length: body.length,
              body,
            });
          };
          const result = await prove({
            images,
            versions: { current: () => Promise.resolve(small), previous: () => Promise.resolve(smallOld) },
            fetch: fetchOne,
            invalidateAgain: (refs) => {
              const failures = new Map<string, string>();
              refs.forEach((ref, n) => {
                if (refused[n] === true) failures.set(ref, `refused ${ref}`);
                else landed.add(ref);
              });
              return Promise.resolve(failures);
            },
            clock: systemClock,
            bounds: { ...BOUNDS, concurrency },
          });
          for (const [n, proof] of result.images.entries()) {
            expect(proof).toMatchObject(
              refused[n] === true
                ? {
                    invalidatedAgain: false,
                    invalidateAgainFailed: `refused ${proof.ref}`,
                    variants: [{ state: 'stale', asks: 1 }],
                  }
                : { invalidatedAgain: true, variants: [{ state: 'fresh', asks: 2 }] },
            );
            if (refused[n] !== true) expect(proof.invalidateAgainFailed).toBeUndefined();
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it('without a second invalidation, says stale after one ask', async () => {
    site.files.previous.set('/images/photo.jpg', CUP);
    const proof = await proveOne(photo(['w:240']), { current: CAT, previous: CUP }, { again: false });
    expect(proof).toMatchObject({ invalidatedAgain: false, variants: [{ state: 'stale', asks: 1 }] });
  });

  it('cannot tell two versions that look alike', async () => {
    const touched = await sharp(CAT).modulate({ brightness: 1.01 }).jpeg({ quality: 92 }).toBuffer();
    site.deployed = 'new';
    site.files.new.set('/images/photo.jpg', CAT);
    const proof = await proveOne(photo(['w:300']), { current: CAT, previous: touched });
    expect(proof.variants[0]).toMatchObject({ state: 'cannot-tell', doubt: 'alike' });
  });

  it('cannot tell a crop variant (w: and h: of another shape), never fresh', async () => {
    site.deployed = 'new';
    site.files.new.set('/images/photo.jpg', CAT);
    const proof = await proveOne(photo(['w:120/h:120']), { current: CAT, previous: CUP });
    expect(proof.variants[0]).toMatchObject({ state: 'cannot-tell', doubt: 'other-shape' });
  });

  it('judges an animated GIF by its first frame', async () => {
    const frame = (colour: string): Promise<Buffer> =>
      sharp({ create: { width: 60, height: 40, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const gif = async (first: string): Promise<Buffer> =>
      sharp([await frame(first), await frame('#0000ff')], { join: { animated: true } })
        .gif()
        .toBuffer();
    const next = await gif('#ff0000');
    site.deployed = 'new';
    site.files.new.set('/images/photo.jpg', next);
    const proof = await proveOne(photo(['w:60']), { current: next, previous: await gif('#00ff00') });
    expect(states(proof)).toEqual(['fresh']);
  });

  it('compares an SVG as text', async () => {
    const svg = fixture('camera-photo-symbolic.svg');
    site.deployed = 'new';
    site.files.new.set('/images/photo.jpg', svg);
    const proof = await proveOne(photo(['w:64']), {
      current: svg,
      previous: fixture('bluetooth-symbolic.svg'),
    });
    expect(states(proof)).toEqual(['fresh']);
  });

  it.each<[string, (response: ServerResponse) => void, string]>([
    [
      'a placeholder',
      (response) => response.writeHead(200, { 'content-type': 'image/png', 'x-not-found-o': '1' }).end(CAT),
      'placeholder',
    ],
    [
      'a redirect elsewhere',
      (response) => response.writeHead(302, { location: 'https://elsewhere.test/' }).end(),
      'redirect',
    ],
    [
      'an error page',
      (response) => response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>502</h1>'),
      'error-page',
    ],
    [
      'a page that is no image',
      (response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>'),
      'not-image',
    ],
    [
      'bytes that are no image',
      (response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end('nope'),
      'not-image',
    ],
    [
      'an endless body',
      (response) => {
        const write = (): void => {
          if (!response.destroyed && response.write(Buffer.alloc(64 * 1024))) setImmediate(write);
          else if (!response.destroyed) response.once('drain', write);
        };
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        write();
      },
      'too-large',
    ],
  ])('says %s is a failure of that image', async (_name, answer, failure) => {
    const image = photo(['w:200']);
    host.overrides.set(image.ref, (_request, response) => {
      answer(response);
    });
    const proof = await proveOne(
      image,
      { current: CAT, previous: CUP },
      { bounds: { maxBytes: 1024 * 1024 } },
    );
    expect(proof.variants[0]).toMatchObject({ state: 'failed', failure });
  });

  it("counts an ask the proof's time cut short as not checked, never as a failure of the image", async () => {
    const image = photo(['w:200']);
    // A host that never answers: the ask is still in flight when the proof's 300 ms run out.
    host.overrides.set(image.ref, () => undefined);
    const proof = await proveOne(image, { current: CAT, previous: CUP }, { bounds: { timeoutMs: 300 } });
    expect(proof.variants).toEqual([
      { url: image.urls[0], accept: 'avif', state: 'not-checked', why: 'timeout' },
    ]);
  });

  it('says a 404 for an image the origin does not have is an error page, with its status', async () => {
    const proof = await proveOne(photo(['w:200']), { current: CAT, previous: CUP });
    expect(proof.variants[0]).toMatchObject({
      state: 'failed',
      failure: 'error-page',
      seen: { status: 404 },
    });
  });

  it('finds a deleted image fresh when the host no longer has it', async () => {
    const proof = await proveOne(photo(['w:200']), { previous: CUP });
    expect(states(proof)).toEqual(['fresh']);
  });

  it('asks nothing once cancelled: each variant is reported not checked, cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const proof = await proveOne(photo(), { current: CAT, previous: CUP }, { signal: controller.signal });
    expect(proof.variants).toEqual([
      expect.objectContaining({ state: 'not-checked', why: 'cancelled' }),
      expect.objectContaining({ state: 'not-checked', why: 'cancelled' }),
    ]);
  });

  it('sends no second invalidation once cancelled: a picture the cancel kept from being compared is not checked, nothing said to be invalidated', async () => {
    site.files.previous.set('/images/photo.jpg', CUP);
    const image = photo(['w:240']);
    const controller = new AbortController();
    let sent = 0;
    const {
      images: [proof],
    } = await prove({
      images: [image],
      versions: repository({ [image.path]: { current: CAT, previous: CUP } }),
      // The cancel comes with the first answer, as the runner's signal may come at any moment.
      fetch: async (url, maxBytes, ends, accept) => {
        const answer = await deliveredFetcher({ dispatcher, timeoutMs: 10_000, userAgent: 'test' })(
          url,
          maxBytes,
          ends,
          accept,
        );
        controller.abort();
        return answer;
      },
      invalidateAgain: (refs) => {
        sent += refs.length;
        return Promise.resolve(new Map());
      },
      clock: systemClock,
      signal: controller.signal,
      bounds: BOUNDS,
    });
    expect(sent).toBe(0);
    // Its decode would outlast the cancel (a large image takes seconds): it is not started, and nothing is told of it.
    expect(proof).toMatchObject({
      invalidatedAgain: false,
      variants: [{ state: 'not-checked', why: 'cancelled' }],
    });
    expect(proof?.invalidateAgainFailed).toBeUndefined();
  });

  it('checks each host on a sample past maxImages, and says which were not checked', async () => {
    site.deployed = 'new';
    const images: ProofImage[] = Array.from({ length: 6 }, (_, n) => {
      site.files.new.set(`/images/${n}.jpg`, CAT);
      const ref = `${site.url}/images/${n}.jpg`;
      return { ref, path: `public/images/${n}.jpg`, urls: [`${host.url}/w:100/${ref}`] };
    });
    const { images: proofs } = await prove({
      images,
      versions: { current: () => Promise.resolve(CAT), previous: () => Promise.resolve(CUP) },
      fetch: deliveredFetcher({ dispatcher, timeoutMs: 10_000, userAgent: 'test' }),
      clock: systemClock,
      bounds: { ...BOUNDS, maxImages: 2 },
    });
    const found = proofs.flatMap((proof) => proof.variants.map((variant) => variant.state));
    expect(found.filter((state) => state === 'fresh')).toHaveLength(2);
    expect(
      proofs.flatMap((p) => p.variants).filter((v) => v.state === 'not-checked' && v.why === 'sampled'),
    ).toHaveLength(4);
  });
});
