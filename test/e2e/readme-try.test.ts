/**
 * The README's first screen, "Try it on your repository", works as written: its block, run in a clone (a real git
 * repository in a temporary folder) with the command the npm package ships, lists the exact URLs of the images the
 * last commit changed, with no key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runShell, type CommandRun } from '../support/command.ts';
import { guidePaths, readPage } from '../support/docs.ts';
import { createOrigin, type Origin } from '../support/git-repo.ts';
import { codeBlocks, readme } from '../support/readme-blocks.ts';

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

/** The blocks under the heading "Try it on your repository": what to run, and what it prints. */
function tryItBlocks(): { script: string; printed: string } {
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
  return { script: script.text, printed: printed.text };
}

let origin: Origin;
let run: CommandRun;
let script: string;
let printed: string;

beforeAll(async () => {
  origin = createOrigin('readme-try-');
  const work = origin.work;
  work.write('README.md').write('public/images/logo.svg').write('public/images/hero.png');
  work.commit('first');
  work.write('public/images/hero.png', 'new bytes\n').write('public/images/new photo.jpg').write('docs/a.md');
  work.commit('second');
  ({ script, printed } = tryItBlocks());
  // As npx runs the published version, the packed command runs here.
  const local = script.replaceAll(`npx --yes image-cache-invalidate@${version}`, 'CLI');
  run = await runShell(local, { cwd: work.dir, env: { HOME: origin.root } });
});
afterAll(() => {
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
    expect(commits(run.stdout).trimEnd()).toBe(commits(printed));
  });

  it('lists the exact URLs of the images the last commit changed, and no other', () => {
    const urls = run.stdout.split('\n').filter((line) => line.startsWith('  https://'));
    expect(urls.map((line) => line.trim())).toEqual([
      'https://www.example.com/images/hero.png',
      'https://www.example.com/images/new%20photo.jpg',
    ]);
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
