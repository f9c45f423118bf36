/**
 * A cache in front of the origin, through the built action: a local caching proxy that answers as each named CDN does
 * keeps the previous deploy's copy of an image while the origin behind it already serves the new one. The check names
 * the cache, how old its copy is and how long it keeps it, and never invalidates an image the cache still holds old.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCachingProxy, type Cdn, type CachingProxy } from '../support/caching-proxy.ts';
import { ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import { createOrigin, pushPayload, writeEvent, type Origin, type Sha } from '../support/git-repo.ts';
import { startOriginSite, type OriginSite } from '../support/origin-site.ts';
import { runAction, type ActionRun } from '../support/runner.ts';
import { runnerCommands } from '../support/runner-commands.ts';

const emulator = useEmulator();

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const OLD = Buffer.from('hero.png, the previous version\n');
const NEW = Buffer.from('hero.png, the new version, longer\n');
const PATH = '/images/hero.png';

/** The origin, already deployed, and a cache in front of it holding the previous version, `ageS` old. */
async function behindCache(
  cdn: Cdn,
  ttlS: number,
  ageS: number,
  deployed = true,
): Promise<{ origin: OriginSite; cache: CachingProxy }> {
  const origin = await startOriginSite();
  cleanups.push(() => origin.close());
  origin.files.previous.set(PATH, OLD);
  origin.files.new.set(PATH, NEW);
  origin.deployed = deployed ? 'new' : 'previous';
  const cache = await startCachingProxy(origin.url, cdn, ttlS);
  cleanups.push(() => cache.close());
  cache.seed(PATH, OLD, ageS);
  return { origin, cache };
}

let repo: Origin;
let base: Sha;
let head: Sha;
beforeAll(() => {
  repo = createOrigin('origin-cache-');
  repo.work.write('public/images/hero.png', OLD.toString());
  base = repo.work.commit('hero');
  repo.work.write('public/images/hero.png', NEW.toString());
  head = repo.work.commit('a new hero');
  repo.work.push('main');
});
afterAll(() => {
  repo.dispose();
});

/** The action on the push that changed hero.png, its url-map pointing at the cache. */
function check(cache: CachingProxy, originTimeout: string): Promise<ActionRun> {
  return runAction(
    {
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      'url-map': `public/images => ${cache.url}/images`,
      'origin-check': 'content',
      'origin-timeout': originTimeout,
    },
    {
      GITHUB_EVENT_NAME: 'push',
      GITHUB_EVENT_PATH: writeEvent(repo.root, pushPayload(base, head)),
      GITHUB_WORKSPACE: repo.clone().dir,
      GITHUB_SHA: head,
    },
  );
}

const warnings = (run: ActionRun): string =>
  runnerCommands(run.stdout)
    .filter((command) => command.name === 'warning')
    .map((command) => command.line)
    .join('\n');

interface Report {
  failures: string[];
  assets: { originServed?: { cache?: { name: string; hit: boolean } } }[];
}

describe('a cache that keeps the previous version longer than origin-timeout', () => {
  it("is named with its copy's age and how long it keeps it, within seconds: the image is not invalidated and the step fails", async () => {
    const { cache } = await behindCache('cloudflare', 14_400, 3_600);
    const run = await check(cache, '20');
    expect(run.exitCode).toBe(1);
    expect(emulator().invalidated.assets).toEqual([]);
    // Within seconds, not at the end of origin-timeout.
    expect(Number(run.outputs['origin-waited-seconds'])).toBeLessThan(5);
    expect(warnings(run)).toContain(
      'Cloudflare (cf-cache-status: a hit), its copy 3,600 s old, kept 10,800 s more',
    );
    const report = JSON.parse(run.report) as Report;
    expect(report.failures.join('\n')).toContain('a cache in front of its origin, Cloudflare');
    expect(report.failures.join('\n')).toContain("purge the site's CDN first");
    expect(report.assets[0]?.originServed?.cache).toMatchObject({ name: 'Cloudflare', hit: true });
    expect(run.summary).toContain('Cloudflare');
  }, 40_000);

  it.each<[Cdn, string]>([
    ['fastly', 'Fastly (x-cache: a hit)'],
    ['cloudfront', 'CloudFront (x-cache: a hit)'],
  ])(
    '%s is named by its own headers',
    async (cdn, named) => {
      const { cache } = await behindCache(cdn, 86_400, 60);
      const run = await check(cache, '20');
      expect(run.exitCode).toBe(1);
      expect(emulator().invalidated.assets).toEqual([]);
      expect(Number(run.outputs['origin-waited-seconds'])).toBeLessThan(5);
      expect(warnings(run)).toContain(named);
    },
    40_000,
  );
});

describe("a host's edge that does not say how long it keeps its copy", () => {
  it.each<[Cdn, string]>([
    ['vercel', 'Vercel (x-vercel-cache: a hit)'],
    ['netlify', 'Netlify (cache-status: a hit)'],
  ])(
    '%s is named with the remedy at once, and asked until origin-timeout',
    async (cdn, named) => {
      const { cache } = await behindCache(cdn, 86_400, 60);
      const run = await check(cache, '2');
      expect(run.exitCode).toBe(1);
      expect(emulator().invalidated.assets).toEqual([]);
      const told = warnings(run);
      expect(told).toContain(`${named}, its copy 60 s old, for how long it keeps it not stated`);
      expect(told).toContain('it does not say when it lets its copy go');
    },
    40_000,
  );
});

describe('a cache whose copy expires within origin-timeout', () => {
  it('is waited for: the image is invalidated as soon as the new version comes through, never before', async () => {
    const { cache } = await behindCache('cloudflare', 60, 57);
    const run = await check(cache, '20');
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual([`${cache.url}${PATH}`]);
    const newServedAt = cache.missedAt.get(PATH);
    const sentAt = emulator().requests.find((request) => request.route === 'invalidate/assets')?.receivedAt;
    expect(newServedAt).toBeDefined();
    expect(sentAt).toBeGreaterThan(newServedAt ?? Infinity);
    expect(warnings(run)).toContain('the check keeps asking');
    // Said where a green run is read: the summary and the report, not only among the log's warnings.
    expect(run.summary).toMatch(
      /a cache in front of .*Cloudflare \(cf-cache-status: a hit\), its copy 57 s old/,
    );
    const { origin } = JSON.parse(run.report) as { origin: { caches: { host: string; cache: string }[] } };
    expect(origin.caches).toEqual([
      { host: new URL(cache.url).host, cache: expect.stringContaining('Cloudflare') as unknown, fits: true },
    ]);
  }, 40_000);
});

describe('a cache purged during the wait', () => {
  it('is asked on after it was named: the image is invalidated once the purge lets the new version through, never before', async () => {
    const { cache } = await behindCache('vercel', 86_400, 60);
    let purgedAt: number | undefined;
    const purge = setTimeout(() => {
      purgedAt = performance.now();
      cache.purge();
    }, 2_000);
    cleanups.push(() => {
      clearTimeout(purge);
    });
    const run = await check(cache, '20');
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual([`${cache.url}${PATH}`]);
    expect(warnings(run)).toContain('Vercel (x-vercel-cache: a hit)');
    const sentAt = emulator().requests.find((request) => request.route === 'invalidate/assets')?.receivedAt;
    expect(purgedAt).toBeDefined();
    expect(sentAt).toBeGreaterThan(cache.missedAt.get(PATH) ?? Infinity);
    expect(cache.missedAt.get(PATH)).toBeGreaterThan(purgedAt ?? Infinity);
  }, 40_000);
});

describe('a cache that says miss while the old bytes come', () => {
  it('is not blamed: the origin itself is not deployed', async () => {
    const { cache } = await behindCache('cloudflare', 0, 0, false);
    const run = await check(cache, '1');
    expect(run.exitCode).toBe(1);
    const failures = (JSON.parse(run.report) as Report).failures.join('\n');
    expect(failures).toContain('its origin still served 200');
    expect(failures).not.toMatch(/Cloudflare|cache/);
  }, 40_000);
});
