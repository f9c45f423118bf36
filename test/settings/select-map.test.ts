/**
 * Selection (`paths`) and mapping (`url-map`) of changed files, the `files` input, and how plan and settings use
 * them: pure units, and fast-check properties where they are natural.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseFileList } from '../../src/settings/files-input.ts';
import { parsePatterns, selectPaths } from '../../src/settings/select.ts';
import { mapToUrl, parseUrlMap, URL_MAP_EXAMPLE } from '../../src/settings/url-map.ts';
import { InputError } from '../../src/mechanics/input-error.ts';
import { planRun, plannedAssets } from '../../src/plan/plan.ts';
import { parseSettings, type RawInputs } from '../../src/settings/settings.ts';
import { DEFAULT_INPUTS } from '../support/inputs.ts';

const action = parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
};
const DEFAULT_PATHS = action.inputs.paths?.default ?? '';
const DEFAULT_PATTERNS = parsePatterns(DEFAULT_PATHS);
const IMAGE_EXTENSIONS = /\{([^}]*)\}/.exec(DEFAULT_PATHS)?.[1]?.split(',') ?? [];

const selects = (path: string, patterns = DEFAULT_PATTERNS): boolean =>
  selectPaths([path], patterns).length === 1;

function rawInputs(overrides: Partial<RawInputs>): RawInputs {
  return { ...DEFAULT_INPUTS, ...overrides };
}

function settingsError(overrides: Partial<RawInputs>): string {
  try {
    parseSettings(rawInputs(overrides));
  } catch (error) {
    if (error instanceof InputError) return error.message;
    throw error;
  }
  throw new Error('parseSettings accepted inputs it should refuse');
}

describe('paths: the default of action.yml', () => {
  it('names the common web image types', () => {
    expect(IMAGE_EXTENSIONS).toEqual(
      expect.arrayContaining(['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg']),
    );
  });

  it('selects images at any depth, in dot folders too, whatever the case of the extension', () => {
    for (const path of [
      'a.png',
      'LOGO.PNG',
      'public/images/photo.JPG',
      'public/images/photo.WebP',
      'deep/er/and/deeper/x.jpeg',
      '.github/social.svg',
      'favicon.ICO',
      'x/y.Avif',
    ]) {
      expect(selects(path), path).toBe(true);
    }
  });

  it('does not select text, Markdown, or names that only contain an image extension', () => {
    for (const path of ['README.md', 'docs/notes.txt', 'image.png.txt', 'png', 'a.pngx', 'x/png/readme.MD']) {
      expect(selects(path), path).toBe(false);
    }
  });

  it('selects every listed extension in any mix of letter case (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...IMAGE_EXTENSIONS),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.stringMatching(/^[a-z0-9_-]{1,8}(\/[a-z0-9_-]{1,8}){0,3}$/),
        (extension, upper, stem) => {
          const cased = extension.replace(/./g, (char, i: number) =>
            upper[i] === true ? char.toUpperCase() : char,
          );
          return selects(`${stem}.${cased}`);
        },
      ),
    );
  });

  it('never selects .md or .txt files (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9 ._-]{1,12}(\/[A-Za-z0-9 ._-]{1,12}){0,3}$/),
        fc.constantFrom('md', 'MD', 'txt', 'TXT', 'Md'),
        (stem, extension) => !selects(`${stem}.${extension}`),
      ),
    );
  });
});

describe('paths: patterns', () => {
  it("excludes what a '!' pattern matches", () => {
    const patterns = parsePatterns('**/*.png\n!**/thumbs/**\n!drafts/*');
    expect(
      selectPaths(['a.png', 'x/thumbs/a.png', 'thumbs/b.png', 'drafts/c.png', 'drafts/sub/d.png'], patterns),
    ).toEqual(['a.png', 'drafts/sub/d.png']);
  });

  it("skips blank lines and trims each line; a line starting with '#' is a pattern, as GitHub reads it", () => {
    expect(parsePatterns('\n# images\n  **/*.png  \n\n')).toEqual(['# images', '**/*.png']);
  });

  it("takes an escaped backslash (GitHub's '\\\\'), and still refuses a Windows folder separator", () => {
    expect(() =>
      parseSettings(rawInputs({ 'url-map': URL_MAP_EXAMPLE, paths: 'escape\\\\backslash' })),
    ).not.toThrow();
    expect(settingsError({ 'url-map': URL_MAP_EXAMPLE, paths: 'public\\images\\*.png' })).toContain(
      "separates folders with '\\'",
    );
  });

  it("selects nothing with '!' patterns alone, and settings refuse them", () => {
    expect(selectPaths(['a.png'], ['!**/*.jpg'])).toEqual([]);
    expect(settingsError({ 'url-map': URL_MAP_EXAMPLE, paths: '!**/*.jpg' })).toContain('selects nothing');
  });
});

describe('url-map: which rule', () => {
  const rules = parseUrlMap(
    [
      'public => https://www.example.com/',
      'public/images => https://img.example.com/i',
      './public/images/icons/ => https://icons.example.com/v2/',
      '# a comment',
      '',
      'img => https://old.example.com/img',
    ].join('\n'),
  );

  it('the longest matching prefix wins', () => {
    expect(mapToUrl('public/robots.png', rules)).toBe('https://www.example.com/robots.png');
    expect(mapToUrl('public/images/a.png', rules)).toBe('https://img.example.com/i/a.png');
    expect(mapToUrl('public/images/icons/x/b.svg', rules)).toBe('https://icons.example.com/v2/x/b.svg');
  });

  it('whatever the order of the rules (property)', () => {
    const lines = [
      'a => https://one.example.com/',
      'a/b => https://two.example.com/',
      'a/b/c => https://three.example.com/',
      'ab => https://four.example.com/',
      '. => https://root.example.com/',
    ];
    const paths = ['a/x.png', 'a/b/x.png', 'a/b/c/x.png', 'a/bc/x.png', 'ab/x.png', 'abc/x.png', 'x.png'];
    const expected = paths.map((path) => mapToUrl(path, parseUrlMap(lines.join('\n'))));
    fc.assert(
      fc.property(fc.shuffledSubarray(lines, { minLength: lines.length }), (shuffled) => {
        const shuffledRules = parseUrlMap(shuffled.join('\n'));
        expect(paths.map((path) => mapToUrl(path, shuffledRules))).toEqual(expected);
      }),
    );
  });

  it('a prefix matches whole path segments only: img maps img/a.png, not imgs/a.png', () => {
    expect(mapToUrl('img/a.png', rules)).toBe('https://old.example.com/img/a.png');
    expect(mapToUrl('imgs/a.png', rules)).toBeUndefined();
    expect(mapToUrl('publicity/a.png', rules)).toBeUndefined();
  });

  it("'.' maps the whole repository", () => {
    expect(mapToUrl('x/y.png', parseUrlMap('. => https://cdn.example.com/assets'))).toBe(
      'https://cdn.example.com/assets/x/y.png',
    );
  });

  it('adds the missing / to a URL prefix, so the file lands inside it', () => {
    expect(mapToUrl('static/a.png', parseUrlMap('static => https://cdn.example.com/static'))).toBe(
      'https://cdn.example.com/static/a.png',
    );
  });

  it('refuses a line without =>, a URL prefix that is not http(s), and one with a query, showing how to write one', () => {
    expect(() => parseUrlMap('public/images https://x.example.com')).toThrow(
      `write one rule per line as <path prefix> => <URL prefix>, e.g. ${URL_MAP_EXAMPLE}`,
    );
    expect(() => parseUrlMap('public => ftp://x.example.com/')).toThrow(
      /not an absolute http\(s\) URL prefix/,
    );
    expect(() => parseUrlMap('public => https://x.example.com/?v=1')).toThrow(/query or fragment/);
  });
});

describe('url-map: rules refused, each shown as it should be', () => {
  it('several rules on one line', () => {
    expect(() =>
      parseUrlMap('a => https://x.example/a, b => https://y.example/b; c => https://z.example/c'),
    ).toThrow(
      'holds 3 rules; write one rule per line:\n  a => https://x.example/a\n  b => https://y.example/b\n  c => https://z.example/c',
    );
  });

  it('a rule written with backslashes', () => {
    expect(() => parseUrlMap('public\\images => https://x.example/images')).toThrow(
      "separates folders with '\\'; write '/': public/images => https://x.example/images",
    );
  });

  it('a URL prefix with a query or a fragment', () => {
    expect(() => parseUrlMap('img => https://x.example/images?v=1')).toThrow(
      'write: img => https://x.example/images',
    );
    expect(() => parseUrlMap('img => https://x.example/images#top')).toThrow(
      'write: img => https://x.example/images',
    );
  });

  it('two rules for one path prefix, however written', () => {
    expect(() => parseUrlMap('img => https://x.example/a\n./img/ => https://y.example/b')).toThrow(
      'url-map: two rules for the path prefix "img", "img => https://x.example/a" and "./img/ => https://y.example/b"',
    );
    expect(() => parseUrlMap('. => https://x.example/\n/ => https://y.example/')).toThrow(
      'two rules for the path prefix "."',
    );
  });
});

describe('url-map: encoding the rest of the path', () => {
  const rules = parseUrlMap('images => https://www.example.com/img');
  const map = (name: string): URL =>
    new URL(mapToUrl(`images/${name}`, rules) ?? 'https://unmapped.invalid/');

  it('a space becomes %20', () => {
    expect(map('a b.png').href).toBe('https://www.example.com/img/a%20b.png');
  });

  it('non-ASCII becomes its UTF-8 bytes, percent-encoded', () => {
    expect(map('café.png').pathname).toBe('/img/caf%C3%A9.png');
    expect(map('日本.png').pathname).toBe('/img/%E6%97%A5%E6%9C%AC.png');
  });

  it("'#', '?', '%' and '\\' are encoded and stay in the path: no query, no fragment", () => {
    for (const [name, encoded] of [
      ['a#b.png', 'a%23b.png'],
      ['what?.png', 'what%3F.png'],
      ['100%.png', '100%25.png'],
      ['%41.png', '%2541.png'],
      ['back\\slash.png', 'back%5Cslash.png'],
      ['?#%\\.png', '%3F%23%25%5C.png'],
    ] as const) {
      const url = map(name);
      expect(url.pathname, name).toBe(`/img/${encoded}`);
      expect(url.search, name).toBe('');
      expect(url.hash, name).toBe('');
    }
  });

  it("a first segment with ':' is not read as a scheme", () => {
    expect(mapToUrl('c:d.png', parseUrlMap('. => https://x.example.com/a'))).toBe(
      'https://x.example.com/a/c:d.png',
    );
  });

  it('the pathname ends with the file path, encoded, and nothing follows it (property)', () => {
    // No '/' in a segment, and no control characters: tab, LF and CR are a known bug (see below).
    const forbidden = (text: string): boolean =>
      text.includes('/') ||
      Array.from({ length: text.length }, (_, i) => text.charCodeAt(i)).some(
        (code) => code < 0x20 || code === 0x7f,
      );
    const segment = fc
      .string({
        unit: fc.oneof(
          fc.constantFrom(
            ' ',
            '#',
            '?',
            '%',
            '\\',
            'é',
            '日',
            '😀',
            '|',
            '<',
            '>',
            '"',
            "'",
            '`',
            '$',
            '(',
            ')',
          ),
          fc.constantFrom('[', ']', '{', '}', ':', '&', '=', '+', ';', '@', '~', '!', '*', ',', '.', '-'),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
        ),
        minLength: 1,
        maxLength: 10,
      })
      .filter((text) => !forbidden(text) && text !== '.' && text !== '..');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 0, maxLength: 3 }), segment, (dirs, stem) => {
        const rest = [...dirs, `${stem}.png`].join('/');
        const url = new URL(mapToUrl(`images/${rest}`, rules) ?? 'https://unmapped.invalid/');
        expect(url.origin).toBe('https://www.example.com');
        expect(url.search).toBe('');
        expect(url.hash).toBe('');
        expect(decodeURIComponent(url.pathname)).toBe(`/img/${rest}`);
      }),
      { numRuns: 500 },
    );
  });

  // The URL parser would delete these, mapping the file to another image's URL.
  it('a line break or a tab in a name is percent-encoded, not dropped', () => {
    expect(map('line\nbreak.png').pathname).toBe('/img/line%0Abreak.png');
    expect(map('tab\there.png').pathname).toBe('/img/tab%09here.png');
  });

  // The URL parser would strip it, mapping `a.png ` to the URL of `a.png`.
  it('a trailing space in a name is kept, as %20', () => {
    expect(map('a.png ').pathname).toBe('/img/a.png%20');
  });
});

describe('plan: selected, mapped and skipped', () => {
  it('skips a selected file no rule maps, and counts and names it', () => {
    const urlMap = parseUrlMap('public/images => https://www.example.com/images');
    const plan = planRun(
      {
        target: { scope: 'assets', assets: [], changes: { patterns: DEFAULT_PATTERNS, urlMap } },
        token: false,
      },
      {
        files: [
          'public/images/a.png',
          'public/images/b.JPG',
          'other/c.png',
          'README.md',
          'public/images/d.txt',
        ],
        source: 'a test',
      },
    );
    expect(plan.scope).toBe('assets');
    expect(plannedAssets(plan)).toEqual([
      'https://www.example.com/images/a.png',
      'https://www.example.com/images/b.JPG',
    ]);
    expect(plan.files).toEqual({
      source: 'a test',
      found: 5,
      selected: 3,
      patterns: DEFAULT_PATTERNS,
      mapped: 2,
      urlMap,
      unmapped: ['other/c.png'],
    });
  });

  it('found = selected + not selected, and selected = mapped + skipped (property)', () => {
    const urlMap = parseUrlMap('a => https://a.example.com/\na/b => https://b.example.com/');
    const path = fc.stringMatching(/^(a|b|ab|a\/b|c)\/[a-z]{1,3}\.(png|md|JPG)$/);
    fc.assert(
      fc.property(fc.uniqueArray(path, { maxLength: 40 }), (files) => {
        const plan = planRun(
          {
            target: { scope: 'assets', assets: [], changes: { patterns: DEFAULT_PATTERNS, urlMap } },
            token: false,
          },
          { files, source: 'property' },
        );
        const counts = plan.files;
        expect(counts?.found).toBe(files.length);
        expect(counts?.selected).toBe(files.filter((file) => !file.endsWith('.md')).length);
        expect((counts?.mapped ?? 0) + (counts?.unmapped.length ?? 0)).toBe(counts?.selected);
        expect(plannedAssets(plan)).toHaveLength(counts?.mapped ?? -1);
      }),
    );
  });
});

describe('files: the input', () => {
  it('takes a newline-separated list, without blank lines, leading ./ or /, or duplicates', () => {
    expect(parseFileList('public/a.png\r\n\n ./public/b.png \n/public/c.png\npublic/a.png\n')).toEqual([
      'public/a.png',
      'public/b.png',
      'public/c.png',
    ]);
  });

  it('reads backslashes as separators, as tools on Windows print paths, in lines and in a JSON array', () => {
    expect(
      parseFileList('public\\images\\a.png\r\n.\\public\\b.png\n\\public\\c.png\npublic/images/a.png'),
    ).toEqual(['public/images/a.png', 'public/b.png', 'public/c.png']);
    expect(parseFileList(JSON.stringify(['public\\images\\a.png', 'public/images/a.png']))).toEqual([
      'public/images/a.png',
    ]);
  });

  it('takes a JSON array, as changed-files actions print it', () => {
    expect(parseFileList('["public/a.png", "public/b c.png", "public/a.png"]')).toEqual([
      'public/a.png',
      'public/b c.png',
    ]);
  });

  it('refuses a JSON array that is not one of strings', () => {
    expect(() => parseFileList('["a.png", 3]')).toThrow(
      'files: is a JSON array whose entry 2 is "3", not a string; give one entry per line, or a JSON array of strings',
    );
    expect(() => parseFileList('["a.png"')).toThrow(/not a JSON array/);
  });

  it("takes a path that merely starts with '[' as a path", () => {
    expect(parseFileList('[2024] cover.png\n[draft]/b.png')).toEqual(['[2024] cover.png', '[draft]/b.png']);
  });

  it('is used as given by settings, with no detection', () => {
    const settings = parseSettings(rawInputs({ files: '["x/a.png","x/b.png"]', 'url-map': URL_MAP_EXAMPLE }));
    expect(settings.target).toMatchObject({ scope: 'assets', changes: { files: ['x/a.png', 'x/b.png'] } });
  });

  it('without url-map is an error that shows how to write one', () => {
    const message = settingsError({ files: 'public/images/a.png' });
    expect(message).toContain('files: needs url-map');
    expect(message).toContain('<path prefix> => <URL prefix>');
    expect(message).toContain(`url-map: ${URL_MAP_EXAMPLE}`);
  });
});

describe('settings: when detection happens', () => {
  it('with url-map set and assets and files empty, detects (no files listed)', () => {
    const settings = parseSettings(rawInputs({ 'url-map': URL_MAP_EXAMPLE }));
    expect(settings.target).toMatchObject({ scope: 'assets', assets: [] });
    if (settings.target.scope !== 'assets') return;
    expect(settings.target.changes).toBeDefined();
    expect(settings.target.changes?.files).toBeUndefined();
    expect(settings.target.changes?.patterns).toEqual(DEFAULT_PATTERNS);
  });

  it('with assets set, url-map is a mistake to point out, not a request to detect', () => {
    expect(settingsError({ assets: 'https://www.example.com/a.png', 'url-map': URL_MAP_EXAMPLE })).toContain(
      'changed files are detected only when assets and files are both empty',
    );
  });
});

describe('url-map: credentials, dot segments and delivery URLs', () => {
  it('hides the credentials of every URL prefix of a line, before any other message quotes it', () => {
    expect(() =>
      parseUrlMap('a => https://www.example.com/a, b => https://u:s3cret-Pa55@www.example.com/b'),
    ).toThrow(
      'url-map: "a => https://www.example.com/a, b => https://***@www.example.com/b" holds a user name or password',
    );
  });

  it('reads an @ in a path prefix as a character of a name, not as credentials', () => {
    expect(parseUrlMap('images@2x => https://www.example.com/hd')).toEqual([
      { pathPrefix: 'images@2x', urlPrefix: 'https://www.example.com/hd/' },
    ]);
  });

  it('refuses a path prefix with a dot segment', () => {
    expect(() => parseUrlMap('public/../admin => https://www.example.com/admin')).toThrow(
      "has a '.' or '..' segment in its path prefix",
    );
  });

  it('maps no path with a dot segment, which would leave its rule', () => {
    const rules = parseUrlMap(URL_MAP_EXAMPLE);
    expect(mapToUrl('public/images/../../admin/secret.png', rules)).toBeUndefined();
    expect(mapToUrl('public/images/./a.png', rules)).toBeUndefined();
    expect(mapToUrl('public/images/..a.png', rules)).toBe('https://www.example.com/images/..a.png');
  });

  it('refuses a delivery URL as a URL prefix, with or without image-host, naming the origin prefix', () => {
    expect(() =>
      parseUrlMap('public/images => https://img.example.net/cb:1/w:640/https://www.example.com/images'),
    ).toThrow('write: public/images => https://www.example.com/images');
    expect(() => parseUrlMap('public/images => https://IMG.example.net:443/i', 'img.example.net')).toThrow(
      'image-host: img.example.net is the site that url-map serves the files from',
    );
    expect(parseUrlMap('public/images => https://www.example.com/images', 'img.example.net')).toHaveLength(1);
  });
});

describe('files: paths that would leave their rule', () => {
  it.each(['a/../b.png', '../a.png', 'a/./b.png', 'a\\..\\b.png', 'a/..', '["a/../b.png"]'])(
    'refuses %j, naming the entry and the input',
    (text) => {
      expect(() => parseFileList(text, 'files-from "list.txt"')).toThrow(
        /^files-from "list.txt": ".*" has a '\.' or '\.\.' segment/,
      );
    },
  );

  it('keeps names that merely hold dots', () => {
    expect(parseFileList('a/..b.png\n.hidden/a.png\n./a/b.png')).toEqual([
      'a/..b.png',
      '.hidden/a.png',
      'a/b.png',
    ]);
  });
});
