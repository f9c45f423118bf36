/**
 * `verify: true`, end to end: a push changes public/images/photo.jpg; the built action invalidates it against the API
 * emulator, rewrites a built page that names it, and asks for each variant the page uses through the image host
 * stand-in (test/support/image-host.ts: https on 127.0.0.1 with a test CA, re-encoding what a real local origin
 * serves with sharp and caching it until the emulator records an invalidation), comparing what it shows with the
 * file in the workspace and with its previous version from git.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { get } from 'node:https';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { ROOT, runCommand } from '../support/command.ts';
import { useEmulator } from '../support/emulator.ts';
import { createOrigin, pushPayload, writeEvent, type Origin } from '../support/git-repo.ts';
import { startImageHost, type ImageHostStandIn } from '../support/image-host.ts';
import { startOriginSite, type OriginSite } from '../support/origin-site.ts';
import { makeTestCa, type TestCa } from '../support/tls.ts';
import { runAction, type ActionRun } from '../support/runner.ts';

const emulator = useEmulator();
const fixture = (name: string): Buffer => readFileSync(join(ROOT, 'test', 'fixtures', 'images', name));
const CAT = fixture('chelsea.jpg');
const CUP = await sharp(fixture('coffee.jpg'))
  .resize(451, 300, { fit: 'fill' })
  .jpeg({ quality: 90 })
  .toBuffer();

const FILE = 'public/images/photo.jpg';

let ca: TestCa;
let repo: Origin | undefined;
let site: OriginSite;
let host: ImageHostStandIn;
/** The checkout the last run was given. */
let workspace = '';
beforeAll(() => {
  ca = makeTestCa(['localhost']);
});
afterAll(() => {
  ca.dispose();
});
beforeEach(async () => {
  site = await startOriginSite();
  host = await startImageHost(emulator, ca.server);
});
afterEach(async () => {
  await site.close();
  await host.close();
  repo?.dispose();
  repo = undefined;
});

const photoUrl = (): string => `${site.url}/images/photo.jpg`;

interface Scenario {
  readonly previous: Buffer;
  readonly next: Buffer;
  /** The variants the built page names (each a set of segments); none: no page, the plain URL is asked. */
  readonly variants?: readonly string[];
  /** What the origin serves during the run. */
  readonly deployed?: 'previous' | 'new';
  readonly inputs?: Record<string, string>;
  /** How the run learns the page's variants: `rewrite` (the default) writes it, `pages` only reads it. */
  readonly through?: 'rewrite' | 'pages';
}

/** A push that changes the image from `previous` to `next`, and its origin; the push's two commits. */
function push(scenario: Scenario): { base: string; head: string } {
  repo = createOrigin('verify-');
  const work = repo.work;
  const write = (path: string, bytes: Buffer | string): void => {
    mkdirSync(dirname(join(work.dir, path)), { recursive: true });
    writeFileSync(join(work.dir, path), bytes);
  };
  write(FILE, scenario.previous);
  const base = work.commit('the photo');
  write(FILE, scenario.next);
  const variants = scenario.variants ?? [];
  if (variants.length > 0)
    write(
      'build/index.html',
      variants.map((segments) => `<img src="https://${host.host}/${segments}/${photoUrl()}">`).join('\n'),
    );
  const head = work.commit('a new photo');
  work.push('main');
  site.files.previous.set('/images/photo.jpg', scenario.previous);
  site.files.new.set('/images/photo.jpg', scenario.next);
  site.deployed = scenario.deployed ?? 'new';
  return { base, head };
}

/** The built action, run on the push's checkout; `started` is told of its process. */
async function deploy(scenario: Scenario, started?: (child: ChildProcess) => void): Promise<ActionRun> {
  const { base, head } = push(scenario);
  if (repo === undefined) throw new Error('no repository');
  const variants = scenario.variants ?? [];
  return runAction(
    {
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      'url-map': `public/images => ${site.url}/images`,
      'image-host': host.host,
      verify: 'true',
      ...(variants.length === 0
        ? {}
        : scenario.through === 'pages'
          ? { pages: 'build/**/*.html' }
          : { token: 'true', rewrite: 'build/**/*.html' }),
      ...scenario.inputs,
    },
    {
      GITHUB_EVENT_NAME: 'push',
      GITHUB_EVENT_PATH: writeEvent(repo.root, pushPayload(base, head)),
      GITHUB_WORKSPACE: (workspace = repo.clone().dir),
      GITHUB_SHA: head,
      NODE_EXTRA_CA_CERTS: ca.caFile,
    },
    started,
  );
}

/** What the proof asks as each class of browsers: a current one, one without AVIF, and any other. */
const ACCEPT = {
  avif: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  webp: 'image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  plain: 'image/*,*/*;q=0.8',
};

interface ProofJson {
  images: number;
  verified: number;
  failed: { ref: string; url: string; accept: string; shows: string; seen?: Record<string, unknown> }[];
  byAccept: { accept: string; answered: number; fresh: number }[];
  cannotTell: { ref: string; url: string; shows: string }[];
  invalidatedAgain: { confirmed: string[]; failed: { ref: string; path: string; error: string }[] };
  checked: { invalidatedAgain: boolean; variants: { state: string; why?: string }[] }[];
}

function proofOf(run: ActionRun): ProofJson {
  const report = JSON.parse(run.report) as { proof?: ProofJson };
  if (report.proof === undefined) throw new Error(`no proof in the report:\n${run.stdout}`);
  return report.proof;
}

/** A visitor's browser asking the host, which trusts the test CA. */
function visit(url: string, accept = 'image/avif'): Promise<void> {
  return new Promise((resolve, reject) => {
    get(url, { ca: readFileSync(ca.caFile), headers: { accept } }, (response) => {
      response.resume().on('end', resolve);
    }).on('error', reject);
  });
}

/** What the host was asked by the proof: a browser's Accept, after the warm-up's and visitors' requests. */
const asked = (): string[] => host.requests.map((request) => request.path);

describe('verify: true', () => {
  it('is green when the host serves the new image, re-encoded as AVIF at each width the page uses', async () => {
    const run = await deploy({ previous: CUP, next: CAT, variants: ['w:320', 'w:640'] });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(proofOf(run)).toMatchObject({ images: 1, verified: 1, failed: [], cannotTell: [] });
    expect(run.outputs['verified-count']).toBe('1');
    expect(run.outputs.unverified).toBe('[]');
    // Asked as each class of browsers the host keeps a copy for: AVIF, WebP, and the original's JPEG.
    const formats = new Set(host.requests.map((request) => request.format));
    expect(formats).toEqual(new Set(['avif', 'webp', 'jpeg']));
    expect(proofOf(run).byAccept).toEqual([
      { accept: ACCEPT.avif, answered: 2, fresh: 2 },
      { accept: ACCEPT.webp, answered: 2, fresh: 2 },
      { accept: ACCEPT.plain, answered: 2, fresh: 2 },
    ]);
    expect(asked().filter((path) => path.includes('/w:320/')).length).toBeGreaterThan(0);
    expect(asked().filter((path) => path.includes('/w:640/')).length).toBeGreaterThan(0);
    expect(run.summary).toContain('proven fresh');
  });

  it('fails naming the image when the host kept its old copy, after invalidating it once more', async () => {
    const old = await sharp(CUP).resize(320).webp({ quality: 70 }).toBuffer();
    host.overrides.set(photoUrl(), (_request, response) => {
      response
        .writeHead(200, {
          'content-type': 'image/webp',
          'content-length': String(old.length),
          age: '86400',
          'x-cache': 'HIT',
        })
        .end(old);
    });
    const run = await deploy({ previous: CUP, next: CAT, variants: ['w:320'] });
    expect(run.exitCode, run.stdout).toBe(1);
    expect(emulator().invalidated.assets).toEqual([photoUrl(), photoUrl()]);
    const [failure] = proofOf(run).failed;
    expect(failure).toMatchObject({
      ref: photoUrl(),
      shows: 'its previous version after one more invalidation',
      seen: { status: 200, contentType: 'image/webp', length: old.length, age: '86400', cacheStatus: 'HIT' },
    });
    expect(failure?.url).toContain('/w:320/');
    expect(JSON.parse(run.outputs.unverified ?? '')).toEqual([photoUrl()]);
    expect(run.outputs['verified-count']).toBe('0');
    const line =
      run.stdout.split('\n').find((text) => text.startsWith('::error::The proof of freshness failed:')) ?? '';
    expect(line).toContain(photoUrl());
    expect(line).toContain('Age 86400');
    expect(line).toContain('cache HIT');
    expect(run.summary).toContain('its previous version after one more invalidation');
  });

  it('fails naming each Accept whose copy stayed old when the host (Vary: Accept) refreshed its AVIF copy alone', async () => {
    // Visitors of each class cached the old image; the invalidation then reaches the AVIF copy and not the others.
    site.files.previous.set('/images/photo.jpg', CUP);
    for (const accept of ['image/avif', 'image/webp', 'image/jpeg'])
      await visit(`${host.url}/${photoUrl()}`, accept);
    host.keepsOld.add('webp').add('jpeg');
    const run = await deploy({ previous: CUP, next: CAT });
    expect(run.exitCode, run.stdout).toBe(1);
    const proof = proofOf(run);
    expect(proof.failed.map((failure) => [failure.accept, failure.shows, failure.seen?.contentType])).toEqual(
      [
        [ACCEPT.webp, 'its previous version after one more invalidation', 'image/webp'],
        [ACCEPT.plain, 'its previous version after one more invalidation', 'image/jpeg'],
      ],
    );
    expect(proof.byAccept).toEqual([
      { accept: ACCEPT.avif, answered: 1, fresh: 1 },
      { accept: ACCEPT.webp, answered: 1, fresh: 0 },
      { accept: ACCEPT.plain, answered: 1, fresh: 0 },
    ]);
    expect(run.outputs['verified-count']).toBe('0');
    const line =
      run.stdout.split('\n').find((text) => text.startsWith('::error::The proof of freshness failed:')) ?? '';
    expect(line).toContain(`asked with Accept ${ACCEPT.webp}, showed its previous version`);
  });

  it('asks a host that gives every browser the same copy (no Vary: Accept) once per variant', async () => {
    host.varies = false;
    const run = await deploy({ previous: CUP, next: CAT });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(host.requests.map((request) => request.accept)).toEqual([ACCEPT.avif]);
    expect(proofOf(run)).toMatchObject({
      verified: 1,
      byAccept: [{ answered: 1, fresh: 1 }, { answered: 0 }, { answered: 0 }],
    });
  });

  it('fails when the host re-fetched the old file from an origin that has not deployed yet', async () => {
    const run = await deploy({ previous: CUP, next: CAT, deployed: 'previous' });
    expect(run.exitCode, run.stdout).toBe(1);
    expect(host.refetched.has(photoUrl())).toBe(true);
    const stale = {
      ref: photoUrl(),
      shows: 'its previous version after one more invalidation',
      seen: { cacheStatus: 'MISS' },
    };
    // Every class of browsers gets the old picture: each is named with the Accept that got it.
    expect(proofOf(run).failed).toMatchObject([
      { ...stale, accept: ACCEPT.avif },
      { ...stale, accept: ACCEPT.webp },
      { ...stale, accept: ACCEPT.plain },
    ]);
  });

  it('is green when a lagging origin deploys before the second ask: one more invalidation made it fresh', async () => {
    // A visitor cached the old image before the deploy; the origin lands the new file only once the proof's first
    // ask has had the host fetch the old one again.
    site.files.previous.set('/images/photo.jpg', CUP);
    await visit(`${host.url}/${photoUrl()}`);
    const watching = { on: true };
    const deployer = (async () => {
      // The host records a request once it has answered it: the second miss was served from the old file.
      const misses = (): number => host.requests.filter((request) => request.cache === 'miss').length;
      while (watching.on && misses() < 2) await new Promise((r) => setTimeout(r, 20));
      site.deployed = 'new';
    })();
    const run = await deploy({ previous: CUP, next: CAT, deployed: 'previous' }).finally(() => {
      watching.on = false;
    });
    await deployer;
    expect(run.exitCode, run.stdout).toBe(0);
    expect(emulator().invalidated.assets).toEqual([photoUrl(), photoUrl()]);
    expect(proofOf(run)).toMatchObject({ verified: 1, failed: [], checked: [{ invalidatedAgain: true }] });
  });

  it('retries the second invalidation as every call: a 503 and a 429, each after its Retry-After, then green', async () => {
    host.varies = false; // one copy for every browser: the test is about what that copy shows
    // The origin deploys late: the first ask has the host fetch the old file again, and cache it. The first
    // invalidation lands; the second meets a 503, then a 429, then lands, and the host then fetches the new file.
    emulator().inject(
      'invalidate/assets',
      {},
      { status: 503, retryAfter: '1' },
      { status: 429, retryAfter: '1' },
    );
    const watching = { on: true };
    const deployer = (async () => {
      while (watching.on && !host.requests.some((request) => request.cache === 'miss'))
        await new Promise((r) => setTimeout(r, 20));
      site.deployed = 'new';
    })();
    const run = await deploy({ previous: CUP, next: CAT, deployed: 'previous' }).finally(() => {
      watching.on = false;
    });
    await deployer;
    expect(run.exitCode, run.stdout).toBe(0);
    expect(emulator().requests.filter((request) => request.route === 'invalidate/assets')).toHaveLength(4);
    expect(emulator().invalidated.assets).toEqual([photoUrl(), photoUrl()]);
    expect(run.stdout).toMatch(
      /^verify, second invalidation: Call 1 \(.*\): HTTP 503.*; retrying in 1\.0 s \(attempt 2 of /m,
    );
    expect(run.stdout).toMatch(
      /^verify, second invalidation: Call 1 \(.*\): HTTP 429.*; retrying in 1\.0 s \(attempt 3 of /m,
    );
    expect(proofOf(run)).toMatchObject({
      verified: 1,
      failed: [],
      invalidatedAgain: { confirmed: [photoUrl()], failed: [] },
      checked: [{ invalidatedAgain: true, variants: [{ state: 'fresh', asks: 2 }] }],
    });
    expect(run.stdout).toContain('verify: the service confirmed the second invalidation of 1 image.');
    expect(run.summary).toContain(
      'Invalidated once more, having shown their previous version: 1 of 1 image confirmed by the service.',
    );
  });

  it('is green for a changed phone photo (orientation 6) that the host delivers turned, as real services do', async () => {
    host.orients = true;
    const phone = (picture: Buffer): Promise<Buffer> =>
      sharp(picture).withMetadata({ orientation: 6 }).jpeg({ quality: 90 }).toBuffer();
    const run = await deploy({ previous: await phone(CUP), next: await phone(CAT), variants: ['w:240'] });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(proofOf(run)).toMatchObject({ images: 1, verified: 1, failed: [], cannotTell: [] });
    expect(run.outputs['verified-count']).toBe('1');
    const delivered = host.requests.filter((request) => request.path.includes('/w:240/'));
    expect(delivered.length).toBeGreaterThan(0);
  });

  it('is green with a notice when the two versions look alike', async () => {
    host.varies = false; // one copy for every browser: the test is about what that copy shows
    const recompressed = await sharp(CAT).jpeg({ quality: 60 }).toBuffer();
    const run = await deploy({ previous: CAT, next: recompressed });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(proofOf(run)).toMatchObject({ verified: 0, failed: [], cannotTell: [{ ref: photoUrl() }] });
    expect(run.stdout).toMatch(/^::notice::verify: 1 variant could not be told new from old/m);
  });

  it('cannot tell a crop variant, and never counts it fresh', async () => {
    host.varies = false; // one copy for every browser: the test is about what that copy shows
    const run = await deploy({ previous: CUP, next: CAT, variants: ['w:120/h:120'] });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(proofOf(run)).toMatchObject({
      verified: 0,
      cannotTell: [{ shows: 'a picture of another shape than either version (a crop)' }],
    });
    expect(run.outputs['verified-count']).toBe('0');
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
    const run = await deploy({ previous: await gif('#00ff00'), next: await gif('#ff0000') });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(proofOf(run)).toMatchObject({ verified: 1, failed: [] });
  });

  it('proves an SVG, which the host delivers as it is', async () => {
    const run = await deploy({
      previous: fixture('bluetooth-symbolic.svg'),
      next: fixture('camera-photo-symbolic.svg'),
    });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(proofOf(run)).toMatchObject({ verified: 1, failed: [] });
    expect(host.requests.some((request) => request.format === 'svg')).toBe(true);
  });

  it.each<[string, (response: ServerResponse) => void, string]>([
    [
      'a placeholder',
      (response) => response.writeHead(200, { 'content-type': 'image/png', 'x-not-found-o': '1' }).end(CAT),
      "the service's placeholder, not the image",
    ],
    [
      'a 404',
      (response) => response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>'),
      'an error page',
    ],
    [
      'an endless body',
      (response) => {
        const write = (): void => {
          if (!response.destroyed && response.write(Buffer.alloc(256 * 1024))) setImmediate(write);
          else if (!response.destroyed) response.once('drain', write);
        };
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        write();
      },
      'a body larger than any image (not read on)',
    ],
  ])('fails the image the host answers with %s, said as such', async (_name, answer, shows) => {
    host.overrides.set(photoUrl(), (_request, response) => {
      answer(response);
    });
    const run = await deploy({ previous: CUP, next: CAT });
    expect(run.exitCode, run.stdout).toBe(1);
    expect(proofOf(run).failed).toMatchObject([{ ref: photoUrl(), shows }]);
    expect(emulator().invalidated.assets).toEqual([photoUrl()]);
    expect(run.stdout).toContain(`showed ${shows}`);
  });

  it('withholds the key from what the host answered, in the log, the summary, the report and the outputs', async () => {
    host.overrides.set(photoUrl(), (_request, response) => {
      response
        .writeHead(502, {
          'content-type': `text/html; x=${ROOT_KEY}`,
          'x-cache': `MISS ##[warning]${ROOT_KEY}`,
        })
        .end(ROOT_KEY);
    });
    const run = await deploy({ previous: CUP, next: CAT });
    expect(run.exitCode, run.stdout).toBe(1);
    expect(proofOf(run).failed).toMatchObject([{ ref: photoUrl(), shows: 'an error page' }]);
    // The ::add-mask:: lines are the runner's to hide the key with: everything else is what it shows.
    const shown = `${run.stdout}\n${run.stderr}`.replace(/^::add-mask::.*$/gm, '');
    for (const text of [shown, run.summary, run.report, JSON.stringify(run.outputs)])
      expect(text).not.toContain(ROOT_KEY);
    expect(run.report).toContain('"cacheStatus": "MISS ##[warning]***"');
  });

  it('on SIGINT while the host is silent, ends the proof at once: not asked because cancelled, never a failure', async () => {
    host.overrides.set(photoUrl(), () => undefined); // and never answers
    const run = await deploy({ previous: CUP, next: CAT, inputs: { 'timeout-seconds': '60' } }, (child) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(kill);
      });
      const poll = setInterval(() => {
        if (!host.requests.some((request) => request.cache === 'override')) return;
        clearInterval(poll);
        child.kill('SIGINT');
      }, 20);
      child.once('exit', () => {
        clearInterval(poll);
      });
    });
    const report = JSON.parse(run.report) as { cancelled?: boolean; failures: string[] };
    expect(report.cancelled).toBe(true);
    expect(proofOf(run)).toMatchObject({
      failed: [],
      checked: [{ variants: [{ state: 'not-checked', why: 'cancelled' }] }],
    });
    expect(report.failures.filter((failure) => failure.includes('proof'))).toEqual([]);
  }, 30_000);

  it('on a dry run, says how many images and variants it would ask for, and asks for none', async () => {
    const run = await deploy({
      previous: CUP,
      next: CAT,
      variants: ['w:320', 'w:640'],
      inputs: { 'dry-run': 'true' },
    });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.stdout).toContain('verify: would ask for 1 image (2 variant URLs)');
    expect(host.requests).toEqual([]);
    expect(emulator().invalidated.assets).toEqual([]);
  });

  it("the command's --verify fails naming an image the host still serves old, exit code 1", async () => {
    host.overrides.set(photoUrl(), (_request, response) => {
      void sharp(CUP)
        .webp()
        .toBuffer()
        .then((old) => response.writeHead(200, { 'content-type': 'image/webp' }).end(old));
    });
    const { base } = push({ previous: CUP, next: CAT });
    if (repo === undefined) throw new Error('no repository');
    const run = await runCommand(
      [
        '--since',
        base,
        '--url-map',
        `public/images => ${site.url}/images`,
        '--image-host',
        host.host,
        '--verify',
      ],
      {
        cwd: repo.clone().dir,
        env: {
          IMAGE_CACHE_API_KEY: ROOT_KEY,
          IMAGE_CACHE_BASE_URL: emulator().url,
          IMAGE_CACHE_SERVICE_KEY: 'svc',
          NODE_EXTRA_CA_CERTS: ca.caFile,
        },
      },
    );
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    expect(emulator().invalidated.assets).toEqual([photoUrl(), photoUrl()]);
    expect(run.stdout).toContain(
      'Verify: 0 of 1 image proven fresh through the image host; 2 variants failed.',
    );
    expect(`${run.stdout}${run.stderr}`).toContain(`${photoUrl()} (public/images/photo.jpg) at ${host.url}/`);
  });

  it('asks for the variants the built pages use, read through pages, and writes nothing', async () => {
    const run = await deploy({
      previous: CUP,
      next: CAT,
      variants: ['w:320', 'f:webp/w:640'],
      through: 'pages',
    });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(asked().filter((path) => path.startsWith('/w:320/')).length).toBeGreaterThan(0);
    expect(asked().filter((path) => path.startsWith('/f:webp/w:640/')).length).toBeGreaterThan(0);
    // Not the plain delivery URL, which no page uses.
    expect(asked()).not.toContain(`/${photoUrl()}`);
    expect(proofOf(run)).toMatchObject({ images: 1, verified: 1, failed: [] });
    expect(readFileSync(join(workspace, 'build/index.html'), 'utf8')).toBe(
      `<img src="https://${host.host}/w:320/${photoUrl()}">\n<img src="https://${host.host}/f:webp/w:640/${photoUrl()}">`,
    );
    expect(run.stdout).toContain('pages: read 1 page');
    expect(JSON.parse(run.report)).toMatchObject({ pages: { read: 1, variants: 2, skipped: [] } });
  });

  it('warms the variants the built pages use, read through pages', async () => {
    const run = await deploy({
      previous: CUP,
      next: CAT,
      variants: ['w:480'],
      through: 'pages',
      inputs: { verify: 'false', warm: 'true' },
    });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(asked()).toEqual([`/w:480/${photoUrl()}`]);
  });

  it('refuses a pages pattern that matches no page, before anything is sent', async () => {
    const run = await deploy({
      previous: CUP,
      next: CAT,
      variants: ['w:320'],
      through: 'pages',
      inputs: { pages: '_site/**/*.html' },
    });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('::error::pages: "_site/**/*.html" matches no file in the workspace');
    expect(emulator().requests).toEqual([]);
    expect(host.requests).toEqual([]);
  });

  it('is refused without image-host, before anything is sent', async () => {
    const run = await runAction({
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      assets: 'https://www.example.com/a.jpg',
      verify: 'true',
    });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('verify: true asks for the invalidated images through the image host');
    expect(emulator().requests).toEqual([]);
  });
});
