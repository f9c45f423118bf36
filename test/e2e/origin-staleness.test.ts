/**
 * Fresh within seconds of the deploy, through the built action: local origins flip to the pushed images at a time the
 * action cannot know, all at once or image by image in an order nobody knows. Each image's staleness is measured from
 * the moment its origin first served the new version to the moment its invalidation reached the service (the API
 * emulator), both on this process's clock; the origin counts every request it got.
 */
import { UNCONDITIONAL_EVERY } from '../../src/origin/host-watch.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import { createOrigin, pushEnv, type Origin, type Sha } from '../support/git-repo.ts';
import { startOriginSite, type OriginSite } from '../support/origin-site.ts';
import { runAction, type ActionRun } from '../support/runner.ts';
import { seededRandom } from '../support/seed.ts';

const emulator = useEmulator();

const IMAGES = 10;
const names = Array.from({ length: IMAGES }, (_, i) => `${i}.png`);
const version = (name: string, which: string): Buffer => Buffer.from(`${name}, the ${which} version\n`);

let repo: Origin;
let base: Sha;
let head: Sha;
beforeAll(() => {
  repo = createOrigin('origin-staleness-');
  repo.work.write('public/images/kept.png', 'kept.png, unchanged by the push\n');
  for (const name of names) repo.work.write(`public/images/${name}`, version(name, 'previous').toString());
  base = repo.work.commit('images');
  for (const name of names) repo.work.write(`public/images/${name}`, version(name, 'new').toString());
  head = repo.work.commit(`${IMAGES} images changed`);
  repo.work.push('main');
});
afterAll(() => {
  repo.dispose();
});

let site: OriginSite;
beforeAll(async () => {
  site = await startOriginSite();
});
afterAll(async () => {
  await site.close();
});
afterEach(() => {
  site.requests.length = 0;
  site.flipAt.clear();
});

function serveBoth(): void {
  site.files.previous.set('/images/kept.png', Buffer.from('kept.png, unchanged by the push\n'));
  site.files.new.set('/images/kept.png', Buffer.from('kept.png, unchanged by the push\n'));
  for (const name of names) {
    site.files.previous.set(`/images/${name}`, version(name, 'previous'));
    site.files.new.set(`/images/${name}`, version(name, 'new'));
  }
}

function deploy(): Promise<ActionRun> {
  return runAction(
    {
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      'url-map': `public/images => ${site.url}/images`,
      'origin-check': 'content',
    },
    pushEnv(repo, base, head),
  );
}

/** When each image's invalidations reached the service (performance.now()). */
function arrivals(): Map<string, number[]> {
  const byRef = new Map<string, number[]>(names.map((name) => [`${site.url}/images/${name}`, []]));
  for (const request of emulator().requests) {
    if (request.route !== 'invalidate/assets') continue;
    for (const [ref, times] of byRef)
      if (request.body.includes(JSON.stringify(ref))) times.push(request.receivedAt);
  }
  return byRef;
}

/** Each image's staleness in ms: from its flip to its invalidation's arrival; every image invalidated exactly once. */
function staleness(): number[] {
  return [...arrivals()].map(([ref, times]) => {
    expect(times, ref).toHaveLength(1);
    const flip = site.flipAt.get(new URL(ref).pathname) ?? Number.NaN;
    return (times[0] ?? Number.NaN) - flip;
  });
}

/**
 * The origin's budget during the wait: 2 requests a second on average plus 2 an image, the wait being from the
 * action's first request to its last.
 */
function expectPolite(): void {
  const asked = site.requests.filter((request) =>
    request.headers['user-agent']?.startsWith('image-cache-invalidate'),
  );
  const first = asked[0]?.at ?? 0;
  const last = asked.at(-1)?.at ?? 0;
  const budget = (2 * (last - first)) / 1000 + 2 * IMAGES;
  expect(asked.length, `${asked.length} requests in ${Math.round(last - first)} ms`).toBeLessThanOrEqual(
    Math.floor(budget) + 1,
  );
}

/**
 * Bounds of real time, five times what was measured on two shared cores under a load of 10 or more: an atomic deploy's
 * worst staleness 420 ms, image by image 3.3 s (p50 1.6 s). The targets themselves (atomic: p95 within 2 s, max within
 * 3 s; image by image: p50 within 2 s, max within 8 s) are the benchmark's (`npm run bench`, section 5.1), measured
 * there on 10, 100 and 1,000 images beside the schedule they replaced.
 */
const ATOMIC_MAX_MS = 3_000;
const IMAGE_BY_IMAGE_MAX_MS = 20_000;

/** The flips' moments and order: seeded, so that a failure (which names the seed) can be replayed. */
const random = seededRandom();

/** A moment in the next few seconds that the action cannot know. */
const someMomentSoon = (): number => performance.now() + 5_000 + random() * 3_000;

describe('an origin that flips every image at once', () => {
  it('each image is invalidated within seconds of the flip, once, never before, within the budget', async () => {
    serveBoth();
    const flip = someMomentSoon();
    for (const name of names) site.flipAt.set(`/images/${name}`, flip);
    const run = await deploy();
    expect(run.exitCode, run.stdout).toBe(0);
    const lags = staleness();
    for (const lag of lags) expect(lag).toBeGreaterThanOrEqual(0);
    expect(Math.max(...lags)).toBeLessThanOrEqual(ATOMIC_MAX_MS);
    expectPolite();
  }, 60_000);
});

describe('an origin that flips image by image, in an order nobody knows', () => {
  it('each image is invalidated within seconds of its flip, once, never before, within the budget', async () => {
    serveBoth();
    const start = someMomentSoon();
    const order = names
      .map((name) => ({ name, key: random() }))
      .toSorted((a, b) => a.key - b.key)
      .map(({ name }) => name);
    order.forEach((name, i) => site.flipAt.set(`/images/${name}`, start + i * 1_000));
    const run = await deploy();
    expect(run.exitCode, run.stdout).toBe(0);
    const lags = staleness();
    for (const lag of lags) expect(lag).toBeGreaterThanOrEqual(0);
    expect(Math.max(...lags)).toBeLessThanOrEqual(IMAGE_BY_IMAGE_MAX_MS);
    expectPolite();
  }, 60_000);
});

describe('asking again', () => {
  it('is a conditional request: an origin that still serves what it served answers 304, with no body', async () => {
    serveBoth();
    const flip = someMomentSoon();
    for (const name of names) site.flipAt.set(`/images/${name}`, flip);
    const run = await deploy();
    expect(run.exitCode, run.stdout).toBe(0);
    const before = site.requests.filter(
      (request) => request.at < flip && request.path !== '/images/kept.png',
    );
    // Each path's asks in order; all but the first and every UNCONDITIONAL_EVERY-th are conditional.
    const nth = before.map(
      (request, i) => before.slice(0, i + 1).filter((r) => r.path === request.path).length,
    );
    const again = before.filter(
      (_request, i) => (nth[i] ?? 1) > 1 && (nth[i] ?? 1) % UNCONDITIONAL_EVERY !== 0,
    );
    expect(again.length).toBeGreaterThan(0);
    for (const request of again) {
      expect(request.headers['if-none-match']).toBeDefined();
      expect(request.status).toBe(304);
    }
  }, 60_000);
});

describe('what the run says of it', () => {
  it("the log, the summary and the report tell each image's staleness (an upper bound) and the requests to each origin", async () => {
    serveBoth();
    const flip = someMomentSoon();
    for (const name of names) site.flipAt.set(`/images/${name}`, flip);
    const run = await deploy();
    expect(run.exitCode, run.stdout).toBe(0);
    const lags = new Map([...arrivals()].map(([ref, times]) => [ref, (times[0] ?? Number.NaN) - flip]));
    const report = JSON.parse(run.report) as {
      assets: { ref: string; staleAtMostMs?: number }[];
      origin: {
        staleness: { images: number; maxMs: number };
        requests: { host: string; requests: number }[];
      };
    };
    for (const asset of report.assets) {
      // Measured from the action's asks, it bounds the staleness measured here from above.
      expect(asset.staleAtMostMs, asset.ref).toBeGreaterThanOrEqual(
        Math.floor(lags.get(asset.ref) ?? Infinity),
      );
    }
    const host = new URL(site.url).host;
    const asked = site.requests.filter((request) =>
      request.headers['user-agent']?.startsWith('image-cache-invalidate'),
    );
    const answered304 = asked.filter((request) => request.status === 304).length;
    expect(report.origin.requests).toEqual([{ host, requests: asked.length, notModified: answered304 }]);
    expect(report.origin.staleness.images).toBe(IMAGES);
    const words = `the ${IMAGES} images seen to flip were each invalidated at most`;
    expect(run.stdout).toContain(words);
    expect(run.summary).toContain(words);
    expect(run.stdout).toContain(`${asked.length} requests to "${host}"`);
    // Each image's own bound, in the log as in the report, the stalest first.
    for (const asset of report.assets)
      expect(run.stdout).toContain(`  ${((asset.staleAtMostMs ?? 0) / 1000).toFixed(1)} s  ${asset.ref}\n`);
  }, 60_000);
});
