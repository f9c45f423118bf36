/**
 * The proof step's second invalidation, against the API emulator and the image host stand-in: a real repository holds
 * each image's two versions, the host caches what it served until the emulator records an invalidation, and the
 * second invalidation goes out as every call of the run does (the plan's call policy, its concurrency, its cancel).
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AssetResults } from '../../src/service/asset-results.ts';
import type { Clock } from '../../src/mechanics/clock.ts';
import { outcomeOf } from '../../src/invalidate/outcome.ts';
import type { Plan } from '../../src/plan/plan.ts';
import type { CallPlan, ProofPlan } from '../../src/plan/run-plan.ts';
import { proofStage, type ProofReport } from '../../src/proof/stage.ts';
import { makeRedactor } from '../../src/shown/redact.ts';
import { ROOT_KEY } from '../support/client.ts';
import { ROOT } from '../support/command.ts';
import { useEmulator } from '../support/emulator.ts';
import { createOrigin, type Origin } from '../support/git-repo.ts';
import { startImageHost, type ImageHostStandIn } from '../support/image-host.ts';
import { startOriginSite, type OriginSite } from '../support/origin-site.ts';
import { makeTestCa, type TestCa } from '../support/tls.ts';
import { keptLog } from '../support/kept-log.ts';
import { withGraceOnFakeTime } from '../support/grace.ts';

const emulator = useEmulator();
const fixture = (name: string): Buffer => readFileSync(join(ROOT, 'test', 'fixtures', 'images', name));
// Small, so that a hundred of them are judged quickly; far apart, so that each is told new from old.
const CAT = await sharp(fixture('chelsea.jpg')).resize(96, 64, { fit: 'fill' }).jpeg().toBuffer();
const CUP = await sharp(fixture('coffee.jpg')).resize(96, 64, { fit: 'fill' }).jpeg().toBuffer();

let site: OriginSite;
/** Over https, as the image host is asked: with a CA of this run's own, trusted as NODE_EXTRA_CA_CERTS is. */
let host: ImageHostStandIn;
let ca: TestCa;
let repo: Origin;
/** The commit of the images' previous versions. */
let base: string;
beforeAll(async () => {
  ca = makeTestCa(['localhost']);
  setDefaultCACertificates([...getCACertificates('default'), readFileSync(ca.caFile, 'utf8')]);
  host = await startImageHost(emulator, ca.server);
});
afterAll(async () => {
  setDefaultCACertificates(getCACertificates('bundled'));
  await host.close();
  ca.dispose();
});
beforeEach(async () => {
  site = await startOriginSite();
  host.overrides.clear();
  host.requests.length = 0;
  // One copy for every browser: these tests are about the second invalidation of that copy.
  host.varies = false;
});
afterEach(async () => {
  emulator().setOptions({ foreignHosts: [], latencyMs: 0 });
  await site.close();
  repo.dispose();
});

/** The run's calls as the plan sets them out by default. */
const CALLS: CallPlan = { concurrency: 4, timeoutMs: 5_000, maxRetries: 5, policy: {} };

/** `count` images pushed from their previous version (CUP) to their new one (CAT): each ref and its path. */
function pushed(count: number): Map<string, string> {
  repo = createOrigin('proof-step-');
  const images = new Map<string, string>();
  for (let n = 0; n < count; n++) images.set(`${site.url}/images/${n}.jpg`, `public/images/${n}.jpg`);
  const write = (bytes: Buffer): void => {
    for (const path of images.values()) {
      const full = join(repo.work.dir, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, bytes);
    }
  };
  write(CUP);
  base = repo.work.commit('the previous images');
  write(CAT);
  repo.work.commit('new images');
  for (const ref of images.keys()) {
    const path = new URL(ref).pathname;
    site.files.previous.set(path, CUP);
    site.files.new.set(path, CAT);
  }
  return images;
}

/** A visitor's request before the deploy: the host caches the previous version. */
async function visitedBefore(refs: Iterable<string>): Promise<void> {
  site.deployed = 'previous';
  for (const ref of refs) await fetch(`${host.url}/${ref}`, { headers: { accept: 'image/avif' } });
  site.deployed = 'new';
}

/** Time that passes only when the step sleeps, each sleep kept. */
function virtualClock(sleeps: number[]): Clock {
  let now = 0;
  return {
    now: () => now,
    random: () => 0.5,
    sleep: (ms) => {
      sleeps.push(ms);
      now += ms;
      return new Promise<void>((resolve) => setImmediate(resolve));
    },
  };
}

/** The proof step after a run whose first invalidation the service confirmed for every image. */
async function prove(
  images: ReadonlyMap<string, string>,
  options: { clock?: Clock; signal?: AbortSignal; calls?: CallPlan; log?: string[] } = {},
): Promise<ProofReport> {
  const refs = [...images.keys()];
  const plan: Plan = { scope: 'assets', calls: [{ route: 'invalidate/assets', assets: refs }], token: false };
  const outcome = outcomeOf(plan, {
    calls: [],
    assets: AssetResults.of(refs.map((ref) => ({ ref, outcome: 'invalidated' }))),
  });
  const proof: ProofPlan = {
    preview: false,
    imageHost: host.host,
    images,
    base,
    requestTimeoutMs: 10_000,
    service: {
      endpoint: new URL(`${emulator().url}/api/${emulator().serviceKey}/v2/cache`),
      apiKey: ROOT_KEY,
    },
    calls: options.calls ?? CALLS,
  };
  const report = await proofStage.run(
    proof,
    { invalidate: { outcome }, pages: { variants: [] } },
    {
      log: keptLog(options.log ?? []),
      redact: makeRedactor([ROOT_KEY]),
      workspace: () => Promise.resolve(repo.work.dir),
      clock: options.clock ?? virtualClock([]),
      signal: options.signal,
    },
  );
  if (report === undefined) throw new Error('the proof step proved nothing');
  return report;
}

const invalidateCalls = (): number =>
  emulator().requests.filter((request) => request.route === 'invalidate/assets').length;

describe('the second invalidation, sent as every call of the run is', () => {
  it('retries a 503 and a 429, each after its Retry-After, then lands: the image is proved fresh on the second ask', async () => {
    const images = pushed(1);
    await visitedBefore(images.keys());
    emulator().inject(
      'invalidate/assets',
      { status: 503, retryAfter: '7' },
      { status: 429, retryAfter: '11' },
    );
    const sleeps: number[] = [];
    const report = await prove(images, { clock: virtualClock(sleeps) });
    expect(invalidateCalls()).toBe(3);
    expect(sleeps).toEqual(expect.arrayContaining([7_000, 11_000]));
    expect(report.images).toMatchObject([
      { invalidatedAgain: true, variants: [{ state: 'fresh', asks: 2, seen: { cacheStatus: 'MISS' } }] },
    ]);
    expect(report.images[0]?.invalidateAgainFailed).toBeUndefined();
  });

  it('sends every batch whatever another batch met, and names each image whose second invalidation failed', async () => {
    // 101 images: two batches. The first holds an image on a host the account does not own, which the service
    // refuses; the host keeps serving every image's previous version.
    const images = pushed(100);
    const foreign = 'http://images.elsewhere.test/images/0.jpg';
    const all = new Map([[foreign, 'public/images/0.jpg'], ...images]);
    emulator().setOptions({ foreignHosts: ['images.elsewhere.test'] });
    for (const ref of all.keys())
      host.overrides.set(ref, (_request, response) => {
        response.writeHead(200, { 'content-type': 'image/jpeg' }).end(CUP);
      });
    const log: string[] = [];
    const report = await prove(all, { log });
    const last = [...images.keys()].at(-1) ?? '';
    // The second batch (its one image, the last) was sent although the first was refused.
    expect(emulator().invalidated.assets).toContain(last);
    const again = new Map(report.images.map((image) => [image.ref, image]));
    expect(again.get(foreign)).toMatchObject({
      invalidatedAgain: false,
      invalidateAgainFailed: expect.stringContaining('is not on a domain of this account') as unknown,
      variants: [{ state: 'stale', asks: 1 }],
    });
    expect(report.images.filter((image) => image.invalidatedAgain)).toHaveLength(100);
    expect(again.get(last)).toMatchObject({
      invalidatedAgain: true,
      variants: [{ state: 'stale', asks: 2 }],
    });
    expect(
      log.some((line) => line.includes(foreign) && line.includes('not on a domain of this account')),
    ).toBe(true);
  });

  it("sends its batches side by side, as many at once as the plan's concurrency", async () => {
    const images = pushed(101);
    for (const ref of images.keys())
      host.overrides.set(ref, (_request, response) => {
        response.writeHead(200, { 'content-type': 'image/jpeg' }).end(CUP);
      });
    // Each answer takes a while, so that calls sent together are seen together.
    emulator().setOptions({ latencyMs: 200 });
    const report = await prove(images, { calls: { ...CALLS, concurrency: 2 } });
    expect(report.images.filter((image) => image.invalidatedAgain)).toHaveLength(101);
    expect(emulator().maxInFlight).toBe(2);
  });

  it('a cancel while the service is silent ends the step, the image named as not invalidated again: cancelled', async () => {
    const images = pushed(1);
    await visitedBefore(images.keys());
    emulator().inject('invalidate/assets', { hang: true });
    const cancel = new AbortController();
    const poll = setInterval(() => {
      if (emulator().inFlight > 0) cancel.abort();
    }, 10);
    const report = await withGraceOnFakeTime(() => prove(images, { signal: cancel.signal })).finally(() => {
      clearInterval(poll);
    });
    expect(report.images).toMatchObject([
      {
        invalidatedAgain: false,
        invalidateAgainFailed: expect.stringContaining('cancelled') as unknown,
        variants: [{ state: 'stale', asks: 1 }],
      },
    ]);
  });
});
