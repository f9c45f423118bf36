/**
 * The README's first screen, "Try it on your repository", works as written: its block, run in a clone (a real git
 * repository in a temporary folder) with the command the npm package ships, against a local site that serves the
 * clone's images (its host alone stands for the README's), learns the map from the site, prints its rules and lists
 * the exact URLs of the images the last commit changed, with no key. The `--url-map` it offers instead lists the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runShell, type CommandRun } from '../support/command.ts';
import { guidePaths, readPage } from '../support/docs.ts';
import { createOrigin, type Origin } from '../support/git-repo.ts';
import { startOriginSite, type OriginSite } from '../support/origin-site.ts';
import { codeBlocks, readme } from '../support/readme-blocks.ts';

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

/** The site the README names: only its host is substituted, by the local site's. */
const SITE = 'https://www.example.com';
const SITE_FLAG = `--site ${SITE}/`;

/** The section "Try it on your repository": its blocks, what to run and what it prints, and its prose. */
function tryItBlocks(): { script: string; printed: string; section: string } {
  const text = readme();
  const heading = text.indexOf('\n## Try it on your repository\n');
  const next = text.indexOf('\n## ', heading + 1);
  expect(heading).toBeGreaterThan(0);
  const line = text.slice(0, heading).split('\n').length;
  const endLine = text.slice(0, next).split('\n').length;
  const blocks = codeBlocks(text).filter((b) => b.line > line && b.line < endLine);
  const script = blocks.find((b) => b.language === 'sh' && b.text.startsWith('npx '));
  const printed = blocks.find((b) => b.language === 'text');
  if (script === undefined || printed === undefined)
    throw new Error('no sh block, or no text block of what it prints, under "Try it on your repository"');
  return { script: script.text, printed: printed.text, section: text.slice(heading, next) };
}

let origin: Origin;
let site: OriginSite;
let run: CommandRun;
let script: string;
let printed: string;
let section: string;

/** The block run in the clone, by the packed command (as npx runs the published version), with `--site` as given. */
function runTry(siteFlag: string): Promise<CommandRun> {
  const local = script
    .replaceAll(`npx --yes image-cache-invalidate@${version}`, 'CLI')
    .replace(SITE_FLAG, siteFlag);
  // The command's own default origin check, which learning needs (the suites' default is off).
  return runShell(local, {
    cwd: origin.work.dir,
    env: { HOME: origin.root, IMAGE_CACHE_ORIGIN_CHECK: 'content' },
  });
}

/** The local site's host read as the README's. */
const asWritten = (text: string): string => text.replaceAll(site.url, SITE);

beforeAll(async () => {
  origin = createOrigin('readme-try-');
  const work = origin.work;
  work.write('README.md').write('public/images/logo.svg').write('public/images/hero.png');
  work.commit('first');
  work.write('public/images/hero.png', 'new bytes\n').write('public/images/new photo.jpg').write('docs/a.md');
  work.commit('second');
  ({ script, printed, section } = tryItBlocks());
  // The site serves public/ at its root, as deployed before the last commit: its deploy has not landed yet.
  site = await startOriginSite();
  site.files.previous
    .set('/images/logo.svg', Buffer.from('public/images/logo.svg\n'))
    .set('/images/hero.png', Buffer.from('public/images/hero.png\n'));
  expect(script).toContain(SITE_FLAG);
  run = await runTry(`--site ${site.url}/`);
});
afterAll(async () => {
  await site.close();
  origin.dispose();
});

describe('the README\'s "Try it on your repository"', () => {
  it('runs the version of package.json with npx, on the first screen', () => {
    expect(script).toContain(`npx --yes image-cache-invalidate@${version} `);
    expect(readme().indexOf('## Try it on your repository')).toBeLessThan(readme().indexOf('## Quick start'));
  });

  it('needs no key, and sends nothing', () => {
    expect(script).not.toContain('API_KEY');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain('Dry run: nothing was sent.');
  });

  it('prints what the README says it prints, as it shows it, but for the commits compared', () => {
    const commits = (text: string): string =>
      text.replace(/\bgit diff [0-9a-f]{7,} [0-9a-f]{7,}/, 'git diff A B');
    expect(commits(asWritten(run.stdout)).trimEnd()).toBe(commits(printed));
  });

  it('names the site and prints the rule it learned there, ready to paste as url-map', () => {
    expect(asWritten(run.stdout)).toContain(
      [
        `url-map learned from ${SITE}/: 1 folder learned.`,
        '  # 2 changed images, 1 folder (one image of each seen served)',
        `  public => ${SITE}`,
      ].join('\n'),
    );
    // Only the site was asked, and only where the changed image would be: its path with leading folders removed.
    expect(new Set(site.requests.map((request) => request.path))).toEqual(
      new Set(['/public/images/hero.png', '/images/hero.png', '/hero.png']),
    );
  });

  it('lists the exact URLs of the images the last commit changed, and no other', () => {
    const urls = asWritten(run.stdout)
      .split('\n')
      .filter((line) => line.startsWith('  https://'));
    expect(urls.map((line) => line.trim())).toEqual([
      `${SITE}/images/hero.png`,
      `${SITE}/images/new%20photo.jpg`,
    ]);
  });

  it('offers a url-map in place of --site, which lists the same URLs without asking the site', async () => {
    const offered = /`(--url-map '[^'`]+')`/.exec(section)?.[1];
    expect(offered, 'a `--url-map` in place of --site').toBeDefined();
    const asked = site.requests.length;
    const mapped = await runTry(offered ?? '');
    expect(mapped.exitCode, mapped.stderr).toBe(0);
    expect(mapped.stdout).not.toContain('url-map learned');
    const urls = mapped.stdout.split('\n').filter((line) => line.startsWith('  https://'));
    expect(urls.map((line) => line.trim())).toEqual([
      `${SITE}/images/hero.png`,
      `${SITE}/images/new%20photo.jpg`,
    ]);
    expect(site.requests.length).toBe(asked);
  });
});

describe('the README and docs/, everywhere', () => {
  it("runs npx only at package.json's version, in prose as in code", () => {
    const runs = guidePaths().flatMap((path) => [
      ...readPage(path).text.matchAll(/npx (?:--yes |-y )?image-cache-invalidate(@[^\s`'"]*)?/g),
    ]);
    expect(runs.length).toBeGreaterThan(3);
    for (const [text, pin] of runs) expect(pin, text).toBe(`@${version}`);
  });
});
