/**
 * The url-map learned from `site`, through the built action, against local sites laid out as hosts serve a
 * repository: each folder of changed images is found where the site serves it (its previous version, before the
 * deploy lands), its images are invalidated once served new, and the rules are printed to paste. Nothing is guessed:
 * a page, two candidates alike, a fingerprinting bundler's sources or a folder served nowhere invalidate nothing.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { runCommand } from '../support/command.ts';
import { useEmulator } from '../support/emulator.ts';
import { encodeAs } from '../support/encode.ts';
import {
  createOrigin,
  pushEnv,
  setAt,
  webhookExample,
  writeEvent,
  type Origin,
} from '../support/git-repo.ts';
import { startOriginSite, type OriginSite } from '../support/origin-site.ts';
import { runAction, type ActionRun } from '../support/runner.ts';

const emulator = useEmulator();

let repo: Origin | undefined;
let site: OriginSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
  repo?.dispose();
  repo = undefined;
});

/** Bytes of a version, told apart by their text: the site serves the files as they are. */
const v = (name: string, version: string): Buffer => Buffer.from(`${name}, ${version}\n`);

/**
 * A repository whose first commit holds `before` and whose push changes it to `after` (a value of undefined deletes
 * the path); the site serves `served(path)` of each deploy.
 */
function pushed(
  before: Readonly<Record<string, Buffer>>,
  after: Readonly<Record<string, Buffer | undefined>>,
): { origin: Origin; base: string; head: string } {
  const origin = createOrigin('learned-map-');
  const write = (path: string, bytes: Buffer): void => {
    mkdirSync(dirname(join(origin.work.dir, path)), { recursive: true });
    writeFileSync(join(origin.work.dir, path), bytes);
  };
  for (const [path, bytes] of Object.entries(before)) write(path, bytes);
  const base = origin.work.commit('before');
  for (const [path, bytes] of Object.entries(after)) {
    if (bytes === undefined) origin.work.remove(path);
    else write(path, bytes);
  }
  const head = origin.work.commit('the push');
  origin.work.push('main');
  repo = origin;
  return { origin, base, head };
}

/** The deploy lands once the action has asked for `path` (so, after it learned the map), a moment later. */
function landsAfterAsked(live: OriginSite, path: string, afterMs = 1_000): void {
  const landing = setInterval(() => {
    if (live.requests.some((request) => request.path === path)) {
      clearInterval(landing);
      setTimeout(() => (live.deployed = 'new'), afterMs);
    }
  }, 20);
  landing.unref();
}

async function run(
  pushedTo: { origin: Origin; base: string; head: string },
  inputs: Record<string, string>,
): Promise<ActionRun> {
  return runAction(
    {
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      'origin-check': 'content',
      'origin-timeout': '60',
      ...inputs,
    },
    pushEnv(pushedTo.origin, pushedTo.base, pushedTo.head),
  );
}

describe('the map learned from the site', () => {
  it('Netlify or Vite: public/ is served at the root; the image is invalidated once served new, the rule printed', async () => {
    const pushedTo = pushed(
      { 'public/images/a.png': v('a', 'previous'), 'public/images/kept.png': v('kept', 'kept') },
      { 'public/images/a.png': v('a', 'new') },
    );
    site = await startOriginSite();
    site.files.previous.set('/images/a.png', v('a', 'previous')).set('/images/kept.png', v('kept', 'kept'));
    site.files.new.set('/images/a.png', v('a', 'new')).set('/images/kept.png', v('kept', 'kept'));
    landsAfterAsked(site, '/images/a.png');
    const done = await run(pushedTo, { site: `${site.url}/` });
    expect(done.exitCode, done.stdout).toBe(0);
    expect(emulator().invalidated.assets).toEqual([`${site.url}/images/a.png`]);
    // Learned from the previous version, before the deploy landed: the first answer at /images/a.png was it.
    const asked = site.requests.filter((request) => request.path === '/images/a.png');
    expect(asked[0]?.status).toBe(200);
    expect(done.stdout).toContain(`public => ${site.url}`);
    expect(done.stdout).toContain('# 1 changed image, 1 folder (one image of each seen served)');
    // The summary holds the rules as a block to paste; the JSON report, each rule with its count.
    expect(done.summary).toContain(
      [
        '```text',
        '# 1 changed image, 1 folder (one image of each seen served)',
        `public => ${site.url}`,
        '```',
      ].join('\n'),
    );
    const report = JSON.parse(done.report) as {
      files: { learned: { rules: unknown[]; folders: { folder: string; state: string }[] } };
    };
    expect(report.files.learned.rules).toEqual([{ rule: `public => ${site.url}`, images: 1, folders: 1 }]);
    expect(report.files.learned.folders).toMatchObject([{ folder: 'public/images', state: 'learned' }]);
    // One ask per candidate: /public/images/a.png, /images/a.png, /a.png.
    expect(site.requests.filter((request) => request.path === '/public/images/a.png')).toHaveLength(1);
    expect(site.requests.filter((request) => request.path === '/a.png')).toHaveLength(1);
  }, 60_000);

  it('a GitHub Pages project site: the folders are served under /<repository>/', async () => {
    const pushedTo = pushed(
      { 'docs/assets/a.png': v('a', 'previous') },
      { 'docs/assets/a.png': v('a', 'new') },
    );
    site = await startOriginSite();
    site.files.previous.set('/octo-repo/assets/a.png', v('a', 'previous'));
    site.files.new.set('/octo-repo/assets/a.png', v('a', 'new'));
    landsAfterAsked(site, '/octo-repo/assets/a.png');
    const done = await run(pushedTo, { site: `${site.url}/octo-repo` });
    expect(done.exitCode, done.stdout).toBe(0);
    expect(emulator().invalidated.assets).toEqual([`${site.url}/octo-repo/assets/a.png`]);
    expect(done.stdout).toContain(`docs => ${site.url}/octo-repo`);
    // Only under the site's path.
    expect(site.requests.every((request) => request.path.startsWith('/octo-repo/'))).toBe(true);
  }, 60_000);

  it("Hugo: static/ and a page bundle's content/ are two rules", async () => {
    const pushedTo = pushed(
      {
        'static/images/logo.png': v('logo', 'previous'),
        'content/posts/first/cover.png': v('cover', 'previous'),
      },
      { 'static/images/logo.png': v('logo', 'new'), 'content/posts/first/cover.png': v('cover', 'new') },
    );
    site = await startOriginSite();
    site.files.previous
      .set('/images/logo.png', v('logo', 'previous'))
      .set('/posts/first/cover.png', v('cover', 'previous'));
    site.files.new.set('/images/logo.png', v('logo', 'new')).set('/posts/first/cover.png', v('cover', 'new'));
    landsAfterAsked(site, '/posts/first/cover.png');
    const done = await run(pushedTo, { site: `${site.url}/` });
    expect(done.exitCode, done.stdout).toBe(0);
    expect([...emulator().invalidated.assets].sort()).toEqual([
      `${site.url}/images/logo.png`,
      `${site.url}/posts/first/cover.png`,
    ]);
    expect(done.stdout).toContain(`content => ${site.url}`);
    expect(done.stdout).toContain(`static => ${site.url}`);
  }, 60_000);

  it('a monorepo: apps/web/public is served at the root', async () => {
    const pushedTo = pushed(
      { 'apps/web/public/img/a.png': v('a', 'previous'), 'apps/docs/public/img/b.png': v('b', 'docs') },
      { 'apps/web/public/img/a.png': v('a', 'new') },
    );
    site = await startOriginSite();
    site.files.previous.set('/img/a.png', v('a', 'previous'));
    site.files.new.set('/img/a.png', v('a', 'new'));
    landsAfterAsked(site, '/img/a.png');
    const done = await run(pushedTo, { site: `${site.url}/` });
    expect(done.exitCode, done.stdout).toBe(0);
    expect(emulator().invalidated.assets).toEqual([`${site.url}/img/a.png`]);
    expect(done.stdout).toContain(`apps/web/public => ${site.url}`);
  }, 60_000);

  it('a bundler that fingerprints: its sources need no invalidation, and the run is green', async () => {
    const pushedTo = pushed(
      { 'vite.config.ts': v('config', 'vite'), 'src/assets/hero.png': v('hero', 'previous') },
      { 'src/assets/hero.png': v('hero', 'new') },
    );
    site = await startOriginSite();
    site.files.previous.set('/assets/hero-3f2a1b9c.png', v('hero', 'previous'));
    site.files.new.set('/assets/hero-9d8e7f60.png', v('hero', 'new'));
    // The site's own page is served: the site is there, and its 404s are a bundler's sources not served as they are.
    site.fallback = (request, respond) => {
      if (request.url === '/')
        respond(200, { 'content-type': 'text/html' }, Buffer.from('<title>Shop</title>'));
      else respond(404, { 'content-type': 'text/plain' }, Buffer.from('Not found'));
    };
    const done = await run(pushedTo, { site: `${site.url}/` });
    expect(done.exitCode, done.stdout).toBe(0);
    expect(emulator().invalidated.assets).toEqual([]);
    expect(done.stdout).toContain('"src/assets": sources of Vite');
    expect(done.stdout).toContain('nothing to invalidate');
  }, 60_000);

  it("a bundler's folder on a site that is not there (every URL 404, its own page too) is unmapped: check site", async () => {
    const pushedTo = pushed(
      { 'webpack.config.js': v('config', 'webpack'), 'docs/images/a.png': v('a', 'previous') },
      { 'docs/images/a.png': v('a', 'new') },
    );
    site = await startOriginSite();
    const done = await run(pushedTo, { site: `${site.url}/missing-repository-path/` });
    expect(emulator().invalidated.assets).toEqual([]);
    expect(done.stdout).not.toContain('sources of webpack');
    expect(done.stdout).toContain('"docs/images": not mapped, every candidate answered 404');
    expect(done.stdout).toContain('check site');
  }, 60_000);

  it('one candidate serving while another gives no answer (a 503) is no proof: the folder is unmapped, saying why', async () => {
    const pushedTo = pushed(
      { 'public/images/a.png': v('a', 'previous') },
      { 'public/images/a.png': v('a', 'new') },
    );
    site = await startOriginSite();
    site.files.previous.set('/public/images/a.png', v('a', 'previous'));
    site.files.new.set('/public/images/a.png', v('a', 'new'));
    site.fallback = (request, respond) => {
      if (request.url === '/images/a.png')
        respond(503, { 'content-type': 'text/plain' }, Buffer.from('Busy'));
      else respond(404, { 'content-type': 'text/plain' }, Buffer.from('Not found'));
    };
    const done = await run(pushedTo, { site: `${site.url}/` });
    expect(emulator().invalidated.assets).toEqual([]);
    expect(done.stdout).toContain('"public/images": not mapped, one candidate serves its image, but');
    expect(done.stdout).toContain(`"${site.url}/images/a.png" gave 503`);
  }, 60_000);

  it('a folder whose images were all deleted once the deploy landed says no run can learn it, and the remedy', async () => {
    const pushedTo = pushed(
      { 'public/old/a.png': v('a', 'previous'), 'public/images/b.png': v('b', 'kept') },
      { 'public/old/a.png': undefined },
    );
    site = await startOriginSite();
    site.deployed = 'new';
    site.files.new.set('/images/b.png', v('b', 'kept'));
    const done = await run(pushedTo, { site: `${site.url}/` });
    expect(emulator().invalidated.assets).toEqual([]);
    expect(done.stdout).toContain(
      '"public/old": not mapped, its images were deleted and no candidate serves them',
    );
    expect(done.stdout).toContain("leave them out of paths with a '!' line");
  }, 60_000);

  it("a bundler's folder on a site that refuses every ask is unmapped, not taken for fingerprinted sources", async () => {
    const pushedTo = pushed(
      { 'vite.config.ts': v('config', 'vite'), 'src/assets/hero.png': v('hero', 'previous') },
      { 'src/assets/hero.png': v('hero', 'new') },
    );
    site = await startOriginSite();
    site.fallback = (_request, respond) => {
      respond(403, { 'content-type': 'text/plain' }, Buffer.from('Forbidden'));
    };
    const done = await run(pushedTo, { site: `${site.url}/` });
    expect(emulator().invalidated.assets).toEqual([]);
    expect(done.stdout).not.toContain('sources of Vite');
    expect(done.stdout).toContain('"src/assets": not mapped');
  }, 60_000);

  it("a single-page app's fallback page is no match: the folder is unmapped, named with what each candidate answered", async () => {
    const pushedTo = pushed(
      { 'src/images/a.png': v('a', 'previous') },
      { 'src/images/a.png': v('a', 'new') },
    );
    site = await startOriginSite();
    site.fallback = (_request, respond) => {
      respond(200, { 'content-type': 'text/html' }, Buffer.from('<!doctype html><title>Acme app</title>'));
    };
    const done = await run(pushedTo, { site: `${site.url}/` });
    expect(done.exitCode, done.stdout).toBe(0);
    expect(emulator().invalidated.assets).toEqual([]);
    expect(done.stdout).toContain('"src/images": not mapped, no candidate serves its image');
    expect(done.stdout).toContain(`"${site.url}/images/a.png": 200, text/html`);
    expect(done.stdout).toContain('a page titled "Acme app"');
    expect(done.stdout).toContain('write url-map for them');
  }, 60_000);

  it('an origin that re-encodes: the previous version is recognised by its picture', async () => {
    const fixtures = join(import.meta.dirname, '../fixtures/images');
    const previous = readFileSync(join(fixtures, 'horse.png'));
    const next = readFileSync(join(fixtures, 'logo.png'));
    const pushedTo = pushed({ 'public/photos/p.png': previous }, { 'public/photos/p.png': next });
    site = await startOriginSite();
    site.files.previous.set('/photos/p.png', await encodeAs(sharp(previous), 'jpeg', 80));
    site.files.new.set('/photos/p.png', await encodeAs(sharp(next), 'jpeg', 80));
    landsAfterAsked(site, '/photos/p.png');
    const done = await run(pushedTo, { site: `${site.url}/` });
    expect(done.exitCode, done.stdout).toBe(0);
    expect(emulator().invalidated.assets).toEqual([`${site.url}/photos/p.png`]);
    expect(done.stdout).toContain(`public => ${site.url}`);
  }, 60_000);

  it('two candidates that serve the image alike prove neither: nothing is invalidated', async () => {
    const pushedTo = pushed(
      { 'public/images/a.png': v('a', 'previous') },
      { 'public/images/a.png': v('a', 'new') },
    );
    site = await startOriginSite();
    site.files.previous
      .set('/public/images/a.png', v('a', 'previous'))
      .set('/images/a.png', v('a', 'previous'));
    const done = await run(pushedTo, { site: `${site.url}/`, 'origin-timeout': '2' });
    expect(done.exitCode, done.stdout).toBe(0);
    expect(emulator().invalidated.assets).toEqual([]);
    expect(done.stdout).toContain('2 candidates serve its image "public/images/a.png" alike');
  }, 60_000);

  it('an image whose bytes stand in another folder too proves neither folder', async () => {
    const logo = v('logo', 'shared');
    const pushedTo = pushed(
      { 'public/images/logo.png': v('logo', 'old'), 'assets/logo.png': logo },
      { 'public/images/logo.png': logo },
    );
    site = await startOriginSite();
    site.files.previous.set('/images/logo.png', logo);
    const done = await run(pushedTo, { site: `${site.url}/`, 'origin-timeout': '2' });
    expect(done.exitCode, done.stdout).toBe(0);
    expect(emulator().invalidated.assets).toEqual([]);
    expect(done.stdout).toContain('"public/images": not mapped');
  }, 60_000);

  it('a folder of added images not served yet needs no invalidation: green, and nothing sent', async () => {
    const pushedTo = pushed(
      { 'README.md': v('readme', 'kept') },
      { 'public/gallery/a.png': v('a', 'added') },
    );
    site = await startOriginSite();
    const done = await run(pushedTo, { site: `${site.url}/` });
    expect(done.exitCode, done.stdout).toBe(0);
    expect(emulator().invalidated.assets).toEqual([]);
    expect(done.stdout).toContain('"public/gallery": only added images, which no candidate serves yet');
  }, 60_000);

  it('a deploy that lands seconds after the push: learned from an unchanged image, the added one invalidated once served', async () => {
    const pushedTo = pushed(
      { 'public/images/kept.png': v('kept', 'kept') },
      { 'public/images/b.png': v('b', 'added') },
    );
    site = await startOriginSite();
    site.files.previous.set('/images/kept.png', v('kept', 'kept'));
    site.files.new.set('/images/kept.png', v('kept', 'kept')).set('/images/b.png', v('b', 'added'));
    landsAfterAsked(site, '/images/b.png', 3_000);
    const done = await run(pushedTo, { site: `${site.url}/` });
    expect(done.exitCode, done.stdout).toBe(0);
    expect(emulator().invalidated.assets).toEqual([`${site.url}/images/b.png`]);
    expect(done.stdout).toContain('(it, unchanged by this push)');
    // Never before it was served: its first answers were 404s, its last the new file.
    const asked = site.requests.filter((request) => request.path === '/images/b.png');
    expect(asked[0]?.status).toBe(404);
    expect(asked.at(-1)?.status).toBe(200);
  }, 60_000);

  it('an explicit url-map wins: the site is not asked for candidates', async () => {
    const pushedTo = pushed(
      { 'public/images/a.png': v('a', 'previous') },
      { 'public/images/a.png': v('a', 'new') },
    );
    site = await startOriginSite();
    site.deployed = 'new';
    site.files.new.set('/img/a.png', v('a', 'new')).set('/images/a.png', v('a', 'new'));
    const done = await run(pushedTo, { site: `${site.url}/`, 'url-map': `public/images => ${site.url}/img` });
    expect(done.exitCode, done.stdout).toBe(0);
    expect(emulator().invalidated.assets).toEqual([`${site.url}/img/a.png`]);
    expect(site.requests.map((request) => request.path)).not.toContain('/images/a.png');
    expect(site.requests.map((request) => request.path)).not.toContain('/public/images/a.png');
  }, 60_000);
});

describe('learning hears the cancel', () => {
  it('on SIGINT while a candidate never answers, the run publishes its report, cancelled, having sent nothing', async () => {
    const pushedTo = pushed(
      { 'public/images/a.png': v('a', 'previous') },
      { 'public/images/a.png': v('a', 'new') },
    );
    const live = await startOriginSite();
    site = live;
    live.overrides.set('/public/images/a.png', () => {
      // accepted, and never answered
    });
    const done = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': emulator().url,
        'service-key': 'svc',
        'origin-check': 'content',
        'origin-timeout': '300',
        'timeout-seconds': '60',
        site: `${live.url}/`,
      },
      pushEnv(pushedTo.origin, pushedTo.base, pushedTo.head),
      (child) => {
        // As the runner cancels: SIGINT, then SIGKILL 10 s later, after which nothing would be published.
        const asked = setInterval(() => {
          if (live.requests.length === 0) return;
          clearInterval(asked);
          child.kill('SIGINT');
          const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(kill);
          });
        }, 20);
        child.once('exit', () => {
          clearInterval(asked);
        });
      },
    );
    expect((JSON.parse(done.report) as { cancelled?: boolean }).cancelled).toBe(true);
    expect(emulator().invalidated.assets).toEqual([]);
    // The candidate that never answered was the only one asked: nothing was asked after the cancel.
    expect(live.requests.map((request) => request.path)).toEqual(['/public/images/a.png']);
  }, 60_000);
});

describe('after a deploy whose event names another host', () => {
  it("says so, and learns and invalidates on the site's host alone", async () => {
    const pushedTo = pushed(
      { 'public/images/a.png': v('a', 'previous') },
      { 'public/images/a.png': v('a', 'new') },
    );
    site = await startOriginSite();
    site.deployed = 'new';
    site.files.new.set('/images/a.png', v('a', 'new'));
    const payload = webhookExample('deployment_status');
    setAt(payload, ['deployment', 'sha'], pushedTo.head);
    setAt(payload, ['deployment_status', 'state'], 'success');
    setAt(payload, ['deployment_status', 'environment_url'], 'https://my-site-git-main-octo.vercel.app');
    const env = {
      ...pushEnv(pushedTo.origin, pushedTo.base, pushedTo.head),
      GITHUB_EVENT_NAME: 'deployment_status',
      GITHUB_EVENT_PATH: writeEvent(pushedTo.origin.root, payload, 'deployment-status.json'),
    };
    const done = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': emulator().url,
        'service-key': 'svc',
        'origin-check': 'content',
        'origin-timeout': '30',
        'catch-up': 'false',
        since: pushedTo.base,
        site: `${site.url}/`,
      },
      env,
    );
    expect(done.exitCode, done.stdout).toBe(0);
    expect(done.stdout).toContain(
      `The deploy event names "https://my-site-git-main-octo.vercel.app", another host than site (${new URL(site.url).host})`,
    );
    expect(emulator().invalidated.assets).toEqual([`${site.url}/images/a.png`]);
  }, 60_000);
});

describe('the command: name your site, see your map', () => {
  it('a dry run with --site prints the rules and the URLs it would invalidate, with no key', async () => {
    const pushedTo = pushed(
      { 'static/images/logo.png': v('logo', 'previous'), 'static/images/kept.png': v('kept', 'kept') },
      { 'static/images/logo.png': v('logo', 'new'), 'static/images/added.png': v('added', 'new') },
    );
    site = await startOriginSite();
    site.files.previous
      .set('/images/logo.png', v('logo', 'previous'))
      .set('/images/kept.png', v('kept', 'kept'));
    const clone = pushedTo.origin.clone();
    const done = await runCommand(
      [
        '--dry-run',
        '--since',
        'HEAD~1',
        '--base-url',
        'https://dashboard.example.com',
        '--service-key',
        'svc',
        '--site',
        `${site.url}/`,
      ],
      // The suites' default is origin-check off; the command's own default is content, which learning needs.
      { cwd: clone.dir, env: { IMAGE_CACHE_ORIGIN_CHECK: 'content' } },
    );
    expect(done.exitCode, done.stderr).toBe(0);
    expect(done.stdout).toContain(`url-map learned from ${site.url}/: 1 folder learned.`);
    expect(done.stdout).toContain(`  static => ${site.url}`);
    expect(done.stdout).toContain(`${site.url}/images/logo.png`);
    expect(done.stdout).toContain(`${site.url}/images/added.png`);
    // Only the site was asked, and only for the images: nothing was sent to the service.
    expect(emulator().invalidated.assets).toEqual([]);
  }, 60_000);
});
