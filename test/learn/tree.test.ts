import { describe, expect, it } from 'vitest';
import { folderOf } from '../../src/plan/learned.ts';
import { bundlerOf, standsAlone, type Tree } from '../../src/learn/tree.ts';
import { probeOf, type ProbeSources } from '../../src/learn/probe.ts';

/** A commit's tree from paths and their blobs, as treeAt reads git's listing. */
function tree(files: Readonly<Record<string, string>>): Tree {
  const blobOf = new Map(Object.entries(files));
  const foldersOf = new Map<string, Set<string>>();
  const filesIn = new Map<string, string[]>();
  for (const [path, blob] of blobOf) {
    foldersOf.set(blob, (foldersOf.get(blob) ?? new Set()).add(folderOf(path)));
    filesIn.set(folderOf(path), [...(filesIn.get(folderOf(path)) ?? []), path]);
  }
  return { blobOf, foldersOf, filesIn };
}

describe('an image whose bytes prove its folder', () => {
  it('stands in its folder alone', () => {
    const commit = tree({
      'public/images/a.png': 'b1',
      'public/images/copy-of-a.png': 'b1',
      'src/b.png': 'b2',
    });
    expect(standsAlone('public/images/a.png', commit)).toBe(true);
    expect(standsAlone('src/b.png', commit)).toBe(true);
  });

  it('proves nothing when the same bytes stand in another folder too', () => {
    const commit = tree({ 'apps/web/public/logo.png': 'b1', 'apps/docs/public/logo.png': 'b1' });
    expect(standsAlone('apps/web/public/logo.png', commit)).toBe(false);
  });

  it('proves nothing when git could not list the commit, or does not hold the file', () => {
    expect(standsAlone('public/a.png', undefined)).toBe(false);
    expect(standsAlone('public/a.png', tree({}))).toBe(false);
  });
});

describe("a bundler's sources", () => {
  it('are the folders under a bundler config, outside the folder it copies as it is', () => {
    const commit = tree({ 'vite.config.ts': 'c', 'src/assets/hero.png': 'h', 'public/images/a.png': 'a' });
    expect(bundlerOf('src/assets', commit)).toBe('Vite');
    expect(bundlerOf('public/images', commit)).toBeUndefined();
  });

  it("are found in a monorepo's app, by the config nearest above the folder", () => {
    const commit = tree({ 'apps/web/next.config.mjs': 'c', 'apps/web/app/hero.png': 'h', 'docs/a.png': 'a' });
    expect(bundlerOf('apps/web/app', commit)).toBe('Next.js');
    expect(bundlerOf('docs', commit)).toBeUndefined();
  });

  it('are none where no bundler is configured (Hugo, Jekyll, plain files)', () => {
    const commit = tree({ 'hugo.toml': 'c', 'static/images/a.png': 'a', 'assets/b.png': 'b' });
    expect(bundlerOf('static/images', commit)).toBeUndefined();
    expect(bundlerOf('assets', commit)).toBeUndefined();
  });
});

describe('a folder of added images', () => {
  /** Versions as git and the workspace hold them: every image has a new version; `before` those with an old one. */
  const sources = (before: readonly string[], images: readonly string[]): ProbeSources => ({
    versions: {
      current: (path) => Promise.resolve(Buffer.from(`new ${path}`)),
      previous: (path) => Promise.resolve(before.includes(path) ? Buffer.from(`old ${path}`) : undefined),
    },
    head: tree(Object.fromEntries(images.map((path) => [path, `new ${path}`]))),
    base: tree(Object.fromEntries(before.map((path) => [path, `old ${path}`]))),
    patterns: ['**/*.png'],
    changed: new Set(images),
  });

  it('is added only when every changed image of it was added, past the first ones read for a probe too', async () => {
    const added = Array.from({ length: 25 }, (_, i) => `public/images/a${String(i).padStart(2, '0')}.png`);
    const modified = 'public/images/z-modified.png';
    const images = [...added, modified];
    expect((await probeOf('public/images', images, sources([modified], images))).addedOnly).toBe(false);
    expect((await probeOf('public/images', added, sources([], added))).addedOnly).toBe(true);
  });
});
