/**
 * The guide as a reader finds it: a README short enough to read, that picks a recipe for each way a site deploys on
 * its first screen; pages of docs/ that a person finds by name from it, each with its own contents; every link and
 * anchor resolving, as GitHub renders them.
 */
import { describe, expect, it } from 'vitest';
import { anchorsOf, guidePaths, linkedPaths, linkProblems, readPage, sections } from '../support/docs.ts';
import { renderGfm } from '../support/gfm.ts';

const README = readPage('README.md');

describe('the README', () => {
  it('is at most 400 lines', () => {
    expect(README.text.split('\n').length).toBeLessThanOrEqual(400);
  });

  it('picks a recipe for each way a site deploys, on its first screen (its first 40 lines)', () => {
    const firstScreen = renderGfm(README.text.split('\n').slice(0, 40).join('\n'));
    const picks = firstScreen.links.filter(({ href }) => href.startsWith('docs/recipes/'));
    for (const style of [
      /builds on (each )?push/i,
      /GitHub Pages/,
      /Netlify/,
      /Vercel/,
      /upload/i,
      /another CI|other CI|GitLab/i,
    ])
      expect(
        firstScreen.tables.flat().some((row) => style.test(row.join(' '))),
        String(style),
      ).toBe(true);
    expect(new Set(picks.map(({ href }) => href)).size).toBeGreaterThanOrEqual(6);
  });

  it('links every page of docs/, so that each is found by name', () => {
    const linked = new Set(renderGfm(README.text).links.map(({ href }) => href.split('#')[0]));
    const index = readPage('docs/README.md');
    const fromIndex = new Set(
      renderGfm(index.text).links.map(({ href }) => `docs/${href.split('#')[0] ?? ''}`),
    );
    for (const path of guidePaths().filter((p) => p.startsWith('docs/') && p !== 'docs/README.md'))
      expect(linked.has(path) || fromIndex.has(path), path).toBe(true);
  });
});

describe('the pages of docs/', () => {
  it.each(guidePaths().filter((path) => path.startsWith('docs/')))(
    '%s: has a title, and contents linking each of its sections when it has more than two',
    (path) => {
      const page = readPage(path);
      expect(page.text.startsWith('# '), 'a title on its first line').toBe(true);
      const headings = sections(page.text).filter((heading) => heading !== 'Contents');
      if (headings.length <= 2) return;
      const contents = page.text.slice(
        page.text.indexOf('## Contents'),
        page.text.indexOf('\n## ', page.text.indexOf('## Contents') + 1),
      );
      expect(page.text, 'a "## Contents" section').toContain('\n## Contents\n');
      const targets = new Set(renderGfm(contents).links.map(({ href }) => href));
      const anchors = [...anchorsOf(page.text)];
      for (const heading of headings) {
        const anchor = anchorsOf(`## ${heading}`).values().next().value ?? '';
        expect(anchors).toContain(anchor);
        expect(targets.has(`#${anchor}`), `Contents links #${anchor}`).toBe(true);
      }
    },
  );
});

describe('the pages for other CIs', () => {
  // Outside GitHub Actions there is no record: a skipped or failed job's images are left to the user to cover.
  it.each(['docs/recipes/other-ci.md', 'docs/command.md'])(
    '%s says that catch-up is GitHub-only today, and what it needs there',
    (path) => {
      const markdown = readPage(path).text;
      const page = renderGfm(markdown);
      expect(page.links.map(({ href }) => href.split('#')[0])).toContainEqual(
        expect.stringMatching(/(^|\/)catch-up\.md$/),
      );
      const text = markdown.replace(/[`*]/g, '').replace(/\s+/g, ' ');
      expect(text).toMatch(/catch-up.{0,200}(outside GitHub Actions|GitHub's alone),? today/i);
      expect(text).toContain('deployments: write');
      expect(text).toMatch(/GitLab CI,? (and )?Bitbucket Pipelines/);
    },
  );
});

describe('SECURITY.md', () => {
  it('lists the hosts the action contacts, for an egress allow-list: each input or variable that names one', () => {
    const text = readPage('SECURITY.md').text;
    const section = text.slice(text.indexOf('## The hosts the action contacts'));
    const [table] = renderGfm(section).tables;
    const hosts = (table ?? []).slice(1).map((row) => row[0] ?? '');
    for (const source of ['base-url', 'url-map', 'image-host', 'GITHUB_API_URL', 'git remote', 'HTTPS_PROXY'])
      expect(
        hosts.some((host) => host.includes(source)),
        source,
      ).toBe(true);
  });
});

describe('links and anchors, as GitHub renders them', () => {
  it.each(linkedPaths())('%s: every relative link names a file, every anchor a heading', (path) => {
    expect(linkProblems(readPage(path))).toEqual([]);
  });

  it('finds a link to a missing file, and an anchor no heading makes', () => {
    const page = {
      path: 'docs/a.md',
      text: '# A\n\n## Two words\n\n[x](#two-words) [y](#one) [z](b.md#c) [w](nope.md)\n',
    };
    const files = (path: string): string | undefined => (path === 'docs/b.md' ? '# B\n\n## C\n' : undefined);
    expect(linkProblems(page, files)).toEqual([
      'docs/a.md: #one: no heading of docs/a.md makes #one',
      'docs/a.md: nope.md: no file docs/nope.md',
    ]);
  });

  it('makes the anchors GitHub makes: punctuation dropped, code kept, repeats numbered', () => {
    expect([
      ...anchorsOf(
        '# `paths`: GitHub\'s filter syntax\n## Recipes\n## Recipes\n## "Argument list too long" (E2BIG)\n',
      ),
    ]).toEqual(['paths-githubs-filter-syntax', 'recipes', 'recipes-1', 'argument-list-too-long-e2big']);
  });
});
