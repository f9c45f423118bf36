/**
 * The origin race, end to end: a push changes a.png, adds n.png and deletes d.png; the site that serves them as
 * their origin deploys the push later. The built action runs on the pushed checkout against the API emulator, a
 * real local origin, and an image host stand-in that caches what the origin served until the emulator records an
 * invalidation, with visitors requesting the images all along.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_KEY, SUB_KEY } from '../support/client.ts';
import { ROOT } from '../support/command.ts';
import { useEmulator } from '../support/emulator.ts';
import { createOrigin, pushPayload, writeEvent, type Origin, type Sha } from '../support/git-repo.ts';
import { startImageHost } from '../support/image-host.ts';
import { ImageHost, startOriginSite, type OriginSite, type Served } from '../support/origin-site.ts';
import { makeTestCa, type TestCa } from '../support/tls.ts';
import { startProxy } from '../support/proxy.ts';
import { runAction, WORKFLOW_TOKEN, type ActionRun } from '../support/runner.ts';

const emulator = useEmulator();

const BYTES = {
  a1: Buffer.from('a.png, the previous version\n'),
  a2: Buffer.from('a.png, the new version, longer\n'),
  n: Buffer.from('n.png, added\n'),
  d: Buffer.from('d.png, deleted by the push\n'),
};

let repo: Origin;
let base: Sha;
let head: Sha;
beforeAll(() => {
  repo = createOrigin('origin-race-');
  const work = repo.work;
  work.write('public/images/a.png', BYTES.a1.toString());
  work.write('public/images/d.png', BYTES.d.toString());
  base = work.commit('images');
  work.write('public/images/a.png', BYTES.a2.toString());
  work.write('public/images/n.png', BYTES.n.toString());
  work.remove('public/images/d.png');
  head = work.commit('a changed, n added, d deleted');
  work.push('main');
});
afterAll(() => {
  repo.dispose();
});

let site: OriginSite;
let other: OriginSite | undefined;
afterEach(async () => {
  await site.close();
  await other?.close();
  other = undefined;
});

/** The origin before and after the deploy of the push. */
async function originSite(tls?: TestCa): Promise<OriginSite> {
  const started = await startOriginSite(tls?.server);
  started.files.previous.set('/images/a.png', BYTES.a1).set('/images/d.png', BYTES.d);
  started.files.new.set('/images/a.png', BYTES.a2).set('/images/n.png', BYTES.n);
  return started;
}

const IMAGES = ['a.png', 'n.png', 'd.png'];
const urlOf = (name: string): string => `${site.url}/images/${name}`;

function deploy(
  extra: Record<string, string> = {},
  env: Record<string, string> = {},
  started?: (child: ChildProcess) => void,
): Promise<ActionRun> {
  return runAction(
    {
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      'url-map': `public/images => ${site.url}/images`,
      'origin-check': 'content',
      ...extra,
    },
    {
      GITHUB_EVENT_NAME: 'push',
      GITHUB_EVENT_PATH: writeEvent(repo.root, pushPayload(base, head)),
      GITHUB_WORKSPACE: repo.clone().dir,
      GITHUB_SHA: head,
      ...env,
    },
    started,
  );
}

/**
 * Runs the action while visitors request every image through the image host, and the deploy lands once the run
 * has gone on for `deployAfterMs` and, when an image was invalidated before that, a visitor has had the image host
 * fetch it again (the slow deploy of the race). Resolves with the run and what visitors get after it.
 */
async function race(
  extra: Record<string, string>,
  deployAfterMs: number,
): Promise<{ run: ActionRun; after: Map<string, Served> }> {
  const host = new ImageHost(emulator);
  const started = Date.now();
  const visiting = { on: true };
  const visitors = (async () => {
    while (visiting.on) {
      for (const name of IMAGES) await host.visit(urlOf(name));
      // The deploy lands once the race has been run, whatever the machine's speed: once every invalidated image was
      // re-fetched by the image host, or, for an action that asks the origin first, once it has asked (it waits).
      const invalidated = emulator().invalidated.assets;
      const asked = site.requests.some((request) =>
        (request.headers['user-agent'] ?? '').startsWith('image-cache-invalidate'),
      );
      const raced =
        (invalidated.length > 0 && invalidated.every((ref) => host.refetched.has(ref))) ||
        (asked && invalidated.length === 0);
      if (site.deployed === 'previous' && Date.now() - started >= deployAfterMs && raced)
        site.deployed = 'new';
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const run = await deploy(extra);
  // The visitors stop before anything else visits: a visit of theirs still in flight when the deploy below lands would
  // be answered with the new file, and the image host would end fresh although the race was run.
  visiting.on = false;
  await visitors;
  // A slow deploy lands after the run at the latest.
  while (site.deployed === 'previous' && deployAfterMs >= 0) {
    for (const name of IMAGES) await host.visit(urlOf(name));
    if (emulator().invalidated.assets.every((ref) => host.refetched.has(ref))) site.deployed = 'new';
  }
  const after = new Map<string, Served>();
  for (const name of IMAGES) after.set(name, await host.visit(urlOf(name)));
  return { run, after };
}

const FRESH = new Map<string, Served>([
  ['a.png', BYTES.a2],
  ['n.png', BYTES.n],
  ['d.png', 404],
]);

describe('the origin race', () => {
  it('with origin-check off, an invalidation sent before the deploy leaves the image host stale', async () => {
    site = await originSite();
    const { run, after } = await race({ 'origin-check': 'off' }, 2_500);
    expect(run.exitCode).toBe(0);
    expect(after.get('a.png')).toEqual(BYTES.a1);
    expect(after.get('n.png')).toBe(404);
    expect(after.get('d.png')).toEqual(BYTES.d);
  });

  it('by default, each image is invalidated once its origin serves the new file: the image host ends fresh', async () => {
    site = await originSite();
    const { run, after } = await race({ 'origin-timeout': '60' }, 2_500);
    expect(run.exitCode, run.stdout).toBe(0);
    expect(after).toEqual(FRESH);
    expect(emulator().invalidated.assets.toSorted()).toEqual(IMAGES.map(urlOf).toSorted());
    const report = JSON.parse(run.report) as {
      assets: { ref: string; origin: string; originReadyAt: number; invalidatedAt: number }[];
    };
    for (const asset of report.assets) {
      expect(asset.origin).toBe('ready');
      expect(asset.invalidatedAt).toBeGreaterThanOrEqual(asset.originReadyAt);
    }
    expect(Number(run.outputs['origin-waited-seconds'])).toBeGreaterThan(0);
  });
});

describe('a deploy that never lands', () => {
  it('fails the step naming each image with what its origin serves, and sends none of them', async () => {
    site = await originSite();
    const run = await deploy({ 'origin-timeout': '1.5' });
    expect(run.exitCode).toBe(1);
    expect(emulator().invalidated.assets).toEqual([]);
    for (const name of IMAGES) {
      expect(run.stdout).toContain(`::error::${urlOf(name)}: not invalidated: its origin still served`);
      expect(run.summary).toContain(name);
    }
    expect(run.stdout).toContain(
      `${urlOf('a.png')}: not invalidated: its origin still served 200, ${BYTES.a1.length} bytes, ETag`,
    );
    expect(run.stdout).toContain(`${urlOf('n.png')}: not invalidated: its origin still served 404`);
    expect(JSON.parse(run.outputs.failed ?? '[]')).toEqual(expect.arrayContaining(IMAGES.map(urlOf)));
    const report = JSON.parse(run.report) as {
      assets: { ref: string; outcome: string; originServed?: object }[];
    };
    expect(report.assets.map((asset) => asset.outcome)).toEqual(['not-ready', 'not-ready', 'not-ready']);
  });
});

describe('origins that cannot be told', () => {
  it('an origin that serves other bytes: invalidated at once, with one notice for its host', async () => {
    site = await originSite();
    site.deployed = 'new';
    site.files.new
      .set('/images/a.png', Buffer.from('recompressed a'))
      .set('/images/n.png', Buffer.from('recompressed n'));
    const run = await deploy({ 'origin-timeout': '60' });
    expect(run.exitCode, run.stdout).toBe(0);
    // a and n: bytes that are neither version; d.png is gone (404): ready.
    expect(emulator().invalidated.assets.toSorted()).toEqual(IMAGES.map(urlOf).toSorted());
    const notices = run.stdout.split('\n').filter((line) => line.includes('serves other bytes'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^::notice::/);
  }, 30_000);

  it('a redirect to another port of the same host is a url-map mistake: not invalidated, the step fails naming it', async () => {
    site = await originSite();
    other = await startOriginSite();
    other.files.previous.set('/a.png', BYTES.a2);
    site.deployed = 'new';
    site.overrides.set('/images/a.png', (_request, respond) => {
      respond(302, { location: `${other?.url ?? ''}/a.png` });
    });
    const run = await deploy({ 'origin-timeout': '60' });
    expect(run.exitCode, run.stdout).toBe(1);
    expect(emulator().invalidated.assets).not.toContain(urlOf('a.png'));
    expect(emulator().invalidated.assets.toSorted()).toEqual(
      IMAGES.filter((name) => name !== 'a.png')
        .map(urlOf)
        .toSorted(),
    );
    expect(run.stdout).toContain(`redirects to "${other.url}/a.png", on another host`);
    expect(other.requests).toEqual([]);
  });
});

describe('an https origin', () => {
  it('is reached with NODE_EXTRA_CA_CERTS, and is sent no API key, cookie or GitHub token', async () => {
    const ca = makeTestCa(['localhost']);
    try {
      site = await originSite(ca);
      site.deployed = 'new';
      const run = await deploy(
        { 'origin-timeout': '60', 'github-token': WORKFLOW_TOKEN },
        { NODE_EXTRA_CA_CERTS: ca.caFile },
      );
      expect(run.exitCode, run.stdout).toBe(0);
      expect(emulator().invalidated.assets.toSorted()).toEqual(IMAGES.map(urlOf).toSorted());
      expect(site.requests.length).toBeGreaterThanOrEqual(3);
      for (const { headers } of site.requests) {
        expect(Object.keys(headers).toSorted()).toEqual(['accept', 'connection', 'host', 'user-agent']);
        const all = JSON.stringify(headers);
        expect(all).not.toContain(ROOT_KEY);
        expect(all).not.toContain(WORKFLOW_TOKEN);
      }
    } finally {
      ca.dispose();
    }
  });
});

describe('an https origin behind a proxy', () => {
  it('is reached through HTTPS_PROXY, in a CONNECT tunnel, as the API would be', async () => {
    const ca = makeTestCa(['origin.test']);
    const proxy = await startProxy({ 'origin.test': '127.0.0.1' });
    try {
      site = await originSite(ca);
      site.deployed = 'new';
      const named = site.url.replace('127.0.0.1', 'origin.test');
      const run = await deploy(
        { 'url-map': `public/images => ${named}/images`, 'origin-timeout': '60' },
        { NODE_EXTRA_CA_CERTS: ca.caFile, HTTPS_PROXY: proxy.url },
      );
      expect(run.exitCode, run.stdout).toBe(0);
      expect(emulator().invalidated.assets.toSorted()).toEqual(
        IMAGES.map((name) => `${named}/images/${name}`).toSorted(),
      );
      expect(proxy.connects).toContain(new URL(named).host);
      expect(proxy.tunnelled().includes(Buffer.from('GET /images/'))).toBe(false);
    } finally {
      await proxy.close();
      ca.dispose();
    }
  });
});

describe('a refused key', () => {
  it('ends the wait for the other origins: what is still held is reported not sent, at once', async () => {
    site = await originSite();
    site.files.previous.set('/images/a.png', BYTES.a2);
    const run = await deploy({ 'api-key': SUB_KEY, 'origin-timeout': '600' });
    expect(run.exitCode).toBe(1);
    const report = JSON.parse(run.report) as { assets: { ref: string; outcome: string }[] };
    const outcomes = Object.fromEntries(report.assets.map((asset) => [asset.ref, asset.outcome]));
    expect(outcomes).toEqual({
      [urlOf('a.png')]: 'failed',
      [urlOf('n.png')]: 'not-sent',
      [urlOf('d.png')]: 'not-sent',
    });
  });
});

describe('1,000 changed images', () => {
  it('are each checked at their origin, and each invalidated once it serves the new file', async () => {
    const many = createOrigin('origin-many-');
    try {
      const paths = Array.from({ length: 1_000 }, (_, i) => `public/images/${i}.png`);
      const before = many.work.commitPaths(paths, 'images', 'the previous image\n');
      const after = many.work.commitPaths(paths, 'new images', 'the new image, deployed\n');
      many.work.push('main');
      site = await startOriginSite();
      site.deployed = 'new';
      for (const path of paths)
        site.files.new.set(path.replace('public', ''), Buffer.from('the new image, deployed\n'));
      const run = await runAction(
        {
          'api-key': ROOT_KEY,
          'base-url': emulator().url,
          'service-key': 'svc',
          'url-map': `public/images => ${site.url}/images`,
          'origin-check': 'content',
          concurrency: '8',
        },
        {
          GITHUB_EVENT_NAME: 'push',
          GITHUB_EVENT_PATH: writeEvent(many.root, pushPayload(before, after)),
          GITHUB_WORKSPACE: many.clone().dir,
          GITHUB_SHA: after,
        },
      );
      expect(run.exitCode, run.stdout).toBe(0);
      expect(new Set(site.requests.map((request) => request.path)).size).toBe(1_000);
      expect(new Set(emulator().invalidated.assets).size).toBe(1_000);
      expect(run.stdout).toContain('Origin check: 1,000 served the new files');
    } finally {
      many.dispose();
    }
  });
});

describe('a cancelled step', () => {
  it('on SIGINT stops waiting for origins: the images still held are reported not sent, cancelled', async () => {
    site = await originSite();
    const run = await deploy({ 'origin-timeout': '600' }, {}, (child) => {
      const timer = setInterval(() => {
        if (site.requests.length >= 3) {
          clearInterval(timer);
          child.kill('SIGINT');
        }
      }, 10);
      child.once('exit', () => {
        clearInterval(timer);
      });
    });
    expect(run.exitCode).not.toBe(0);
    expect(emulator().invalidated.assets).toEqual([]);
    const report = JSON.parse(run.report) as { cancelled?: boolean; assets: { outcome: string }[] };
    expect(report.cancelled).toBe(true);
    expect(report.assets.map((asset) => asset.outcome)).toEqual(['not-sent', 'not-sent', 'not-sent']);
  });
});

describe('a dry run', () => {
  it('asks no origin, and says what it would check', async () => {
    site = await originSite();
    const run = await deploy({ 'dry-run': 'true' });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(site.requests).toEqual([]);
    expect(run.stdout).toContain(
      'Origin check: would wait until the origin URL of each of 3 images mapped from a file serves',
    );
  });
});

describe('an origin that recompresses its images', () => {
  const fixture = (name: string): Buffer => readFileSync(join(ROOT, 'test', 'fixtures', 'images', name));
  /** What an image build step serves in place of the repository's file. */
  const recompressed = (bytes: Buffer): Promise<Buffer> => sharp(bytes).jpeg({ quality: 55 }).toBuffer();

  it('is told new from old: the image waits for the deploy, and visitors end with the new picture', async () => {
    const cat = fixture('chelsea.jpg');
    const cup = await sharp(fixture('coffee.jpg')).resize(451, 300, { fit: 'fill' }).jpeg().toBuffer();
    site = await startOriginSite();
    const photos = createOrigin('origin-recompress-');
    const host = await startImageHost(emulator);
    try {
      mkdirSync(join(photos.work.dir, 'public/images'), { recursive: true });
      writeFileSync(join(photos.work.dir, 'public/images/photo.jpg'), cup);
      const before = photos.work.commit('the cup');
      writeFileSync(join(photos.work.dir, 'public/images/photo.jpg'), cat);
      const after = photos.work.commit('the cat');
      photos.work.push('main');
      site.files.previous.set('/images/photo.jpg', await recompressed(cup));
      site.files.new.set('/images/photo.jpg', await recompressed(cat));
      const photo = `${site.url}/images/photo.jpg`;
      const visit = async (): Promise<Buffer> =>
        Buffer.from(await (await fetch(`${host.url}/w:200/${photo}`)).arrayBuffer());
      const stale = await visit();
      // The deploy lands once the action has asked the origin twice: it is waiting for it, not invalidating.
      const landing = setInterval(() => {
        const asked = site.requests.filter((request) =>
          (request.headers['user-agent'] ?? '').startsWith('image-cache-invalidate'),
        );
        if (asked.length >= 2) site.deployed = 'new';
        visit().catch(() => undefined);
      }, 50);
      const run = await runAction(
        {
          'api-key': ROOT_KEY,
          'base-url': emulator().url,
          'service-key': 'svc',
          'url-map': `public/images => ${site.url}/images`,
          'origin-check': 'content',
          'origin-timeout': '60',
        },
        {
          GITHUB_EVENT_NAME: 'push',
          GITHUB_EVENT_PATH: writeEvent(photos.root, pushPayload(before, after)),
          GITHUB_WORKSPACE: photos.clone().dir,
          GITHUB_SHA: after,
        },
      ).finally(() => {
        clearInterval(landing);
      });
      expect(run.exitCode, run.stdout).toBe(0);
      expect(run.stdout).not.toContain('serves other bytes');
      const report = JSON.parse(run.report) as {
        assets: { ref: string; origin: string; originReadyAt: number; invalidatedAt: number }[];
      };
      expect(report.assets).toEqual([expect.objectContaining({ ref: photo, origin: 'ready' })]);
      const [asset] = report.assets;
      expect(asset?.invalidatedAt).toBeGreaterThanOrEqual(asset?.originReadyAt ?? Infinity);
      const expected = await sharp(await recompressed(cat))
        .resize({ width: 200 })
        .jpeg({ quality: 80 })
        .toBuffer();
      const seen = await visit();
      expect(seen.equals(stale)).toBe(false);
      expect(seen.equals(expected)).toBe(true);
    } finally {
      await host.close();
      photos.dispose();
    }
  }, 60_000);
});
