/**
 * A url-map that names the wrong place fails within seconds, through the built action, naming the rule: a host that
 * does not resolve, or a mapping under which an image unchanged by the push (one the live site must serve) answers
 * 404. A brand-new image's 404 is a deploy in progress, not a mistake: it is waited for.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import { createOrigin, pushEnv, type Origin, type Sha } from '../support/git-repo.ts';
import { startOriginSite, type OriginSite } from '../support/origin-site.ts';
import { runAction, type ActionRun } from '../support/runner.ts';

const emulator = useEmulator();

const BYTES = {
  kept: Buffer.from('kept.png, unchanged by the push\n'),
  a1: Buffer.from('a.png, the previous version\n'),
  a2: Buffer.from('a.png, the new version, longer\n'),
  n: Buffer.from('n.png, added\n'),
  fresh: Buffer.from('fresh.png, added alone\n'),
};

let repo: Origin;
let base: Sha;
let head: Sha;
/** A push after `head` that only adds an image: every changed image answers 404 until its deploy lands. */
let onlyAdded: Sha;
beforeAll(() => {
  repo = createOrigin('origin-mapping-');
  repo.work.write('public/images/kept.png', BYTES.kept.toString());
  repo.work.write('public/images/a.png', BYTES.a1.toString());
  base = repo.work.commit('images');
  repo.work.write('public/images/a.png', BYTES.a2.toString());
  repo.work.write('public/images/n.png', BYTES.n.toString());
  head = repo.work.commit('a changed, n added');
  repo.work.write('public/images/fresh.png', BYTES.fresh.toString());
  onlyAdded = repo.work.commit('fresh added');
  repo.work.push('main');
});
afterAll(() => {
  repo.dispose();
});

let site: OriginSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

/** The action on the push, with the default origin-timeout (300 s) unless given. */
async function run(
  urlMap: string,
  extra: Record<string, string> = {},
  range: readonly [Sha, Sha] = [base, head],
): Promise<ActionRun & { ms: number }> {
  const started = performance.now();
  const done = await runAction(
    {
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      'url-map': urlMap,
      'origin-check': 'content',
      ...extra,
    },
    pushEnv(repo, ...range),
  );
  return { ...done, ms: performance.now() - started };
}

/** Well under the 300 s of the default origin-timeout, with room for a loaded machine. */
const WITHIN_SECONDS_MS = 30_000;

describe('a url-map that names the wrong place', () => {
  it('a host that does not resolve fails the step within seconds, naming the rule, and sends nothing', async () => {
    const rule = 'public/images => https://www.example.invalid/images';
    const done = await run(rule);
    expect(done.exitCode, done.stdout).toBe(1);
    expect(done.ms).toBeLessThan(WITHIN_SECONDS_MS);
    expect(emulator().invalidated.assets).toEqual([]);
    const failures = (JSON.parse(done.report) as { failures: string[] }).failures.join('\n');
    expect(failures).toContain(`the url-map rule "${rule}"`);
    expect(failures).toContain('does not resolve');
  }, 60_000);

  it('a mapping under which an unchanged image answers 404 (a site under a path, left out) fails within seconds', async () => {
    site = await startOriginSite();
    // The site serves its images under /site/images; the rule leaves /site out, as a Pages site's /<repository>.
    site.files.previous.set('/site/images/kept.png', BYTES.kept).set('/site/images/a.png', BYTES.a1);
    const rule = `public/images => ${site.url}/images`;
    const done = await run(rule);
    expect(done.exitCode, done.stdout).toBe(1);
    expect(done.ms).toBeLessThan(WITHIN_SECONDS_MS);
    expect(emulator().invalidated.assets).toEqual([]);
    const failures = (JSON.parse(done.report) as { failures: string[] }).failures.join('\n');
    expect(failures).toContain(`the url-map rule "${rule}"`);
    expect(failures).toContain(`${site.url}/images/kept.png`);
    // The image unchanged by the push was asked once, before the wait: not again and again.
    expect(site.requests.filter((request) => request.path === '/images/kept.png')).toHaveLength(1);
  }, 60_000);

  it('a brand-new image that answers 404 while an unchanged one is served is waited for, not failed', async () => {
    site = await startOriginSite();
    const live = site;
    live.files.previous
      .set('/images/kept.png', BYTES.kept)
      .set('/images/a.png', BYTES.a2)
      .set('/images/n.png', BYTES.n);
    live.files.new
      .set('/images/kept.png', BYTES.kept)
      .set('/images/a.png', BYTES.a2)
      .set('/images/n.png', BYTES.n)
      .set('/images/fresh.png', BYTES.fresh);
    // The deploy lands a while after the action first asks, however long the action took to start.
    const landing = setInterval(() => {
      if (live.requests.some((request) => request.path === '/images/fresh.png')) {
        clearInterval(landing);
        setTimeout(() => (live.deployed = 'new'), 1_500);
      }
    }, 20);
    try {
      const done = await run(`public/images => ${live.url}/images`, { 'origin-timeout': '60' }, [
        head,
        onlyAdded,
      ]);
      expect(done.exitCode, done.stdout).toBe(0);
      expect(emulator().invalidated.assets).toEqual([`${live.url}/images/fresh.png`]);
      // It answered 404 first: the wait, not a failure, is what the test is about.
      expect(live.requests.find((request) => request.path === '/images/fresh.png')?.status).toBe(404);
    } finally {
      clearInterval(landing);
    }
  }, 60_000);
});
