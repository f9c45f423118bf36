import { describe, expect, it } from 'vitest';
import {
  candidatesOf,
  folderRules,
  learnedRules,
  mapLearned,
  urlUnder,
  type FolderFinding,
  type LearnedMap,
} from '../../src/plan/learned.ts';
import { learnedLines, pasteLines } from '../../src/plan/learned-words.ts';
import { parseUrlMap, mapToUrl } from '../../src/settings/url-map.ts';

const SITE = 'https://octo.github.io/docs/';

function learned(folders: readonly FolderFinding[]): LearnedMap {
  return { site: SITE, folders };
}

function learnedAt(folder: string, stripped: string): FolderFinding {
  return { kind: 'learned', folder, candidate: { pathPrefix: stripped, urlPrefix: SITE }, tried: [] };
}

describe('the candidates of a folder', () => {
  it("are its path with leading folders removed, each under the site's path, the whole path first", () => {
    const urls = candidatesOf('public/images', SITE).map((candidate) =>
      urlUnder(candidate, 'public/images/a.png'),
    );
    expect(urls).toEqual([
      'https://octo.github.io/docs/public/images/a.png',
      'https://octo.github.io/docs/images/a.png',
      'https://octo.github.io/docs/a.png',
    ]);
  });

  it('at the top of the repository, is the site itself', () => {
    expect(candidatesOf('', SITE).map((candidate) => urlUnder(candidate, 'a.png'))).toEqual([
      'https://octo.github.io/docs/a.png',
    ]);
  });

  it('escape a name as url-map does', () => {
    const [first] = candidatesOf('public/my images', SITE);
    expect(first && urlUnder(first, 'public/my images/a #1.png')).toBe(
      'https://octo.github.io/docs/public/my%20images/a%20%231.png',
    );
  });
});

describe('the learned map', () => {
  it("maps an image only by its own folder's rule: a folder below a learned one is not mapped on its word", () => {
    const rules = folderRules(learned([learnedAt('public/images', 'public')]));
    expect(mapLearned('public/images/a.png', rules)).toBe('https://octo.github.io/docs/images/a.png');
    expect(mapLearned('public/images/icons/b.png', rules)).toBeUndefined();
  });

  it('maps nothing of a folder not learned', () => {
    const rules = folderRules(
      learned([
        { kind: 'unmapped', folder: 'public/images', why: 'no candidate serves its image', tried: [] },
      ]),
    );
    expect(mapLearned('public/images/a.png', rules)).toBeUndefined();
  });

  it('shares one rule among the folders learned with the same leading folders removed, counting their images', () => {
    const map = learned([
      learnedAt('static/images', 'static'),
      learnedAt('static/icons', 'static'),
      learnedAt('content/posts/first', 'content'),
    ]);
    const images: Record<string, number> = {
      'static/images': 2,
      'static/icons': 1,
      'content/posts/first': 4,
    };
    expect(learnedRules(map, (folder) => images[folder] ?? 0)).toEqual([
      { rule: { pathPrefix: 'content', urlPrefix: SITE }, images: 4, folders: 1 },
      { rule: { pathPrefix: 'static', urlPrefix: SITE }, images: 3, folders: 2 },
    ]);
  });

  it('prints rules that url-map reads back as the same map, comments and all', () => {
    const map = learned([learnedAt('static/images', 'static'), learnedAt('content/posts/first', 'content')]);
    const rules = learnedRules(map, () => 1);
    const pasted = parseUrlMap(pasteLines(rules).join('\n'));
    expect(pasted).toEqual(rules.map(({ rule }) => rule));
    expect(mapToUrl('static/images/a.png', pasted)).toBe(mapLearned('static/images/a.png', folderRules(map)));
  });

  it('is logged folder by folder up to a hundred, the rest counted, the rules always in full', () => {
    const folders = Array.from({ length: 130 }, (_, index) => learnedAt(`public/f${index}`, 'public'));
    const lines = learnedLines(learned(folders), () => 1);
    expect(lines.filter((line) => line.startsWith('"public/f'))).toHaveLength(100);
    expect(lines).toContain('… and 30 more folders: the JSON report lists each one.');
    expect(lines.slice(-2)).toEqual([
      '  # 130 changed images, 130 folders (one image of each seen served)',
      '  public => https://octo.github.io/docs',
    ]);
  });
});
