/**
 * `paths` selects what GitHub's `on.<event>.paths` filter selects: the reference implementation's own test table,
 * the examples of GitHub's "filter pattern cheat sheet", and random patterns against the reference's regular
 * expressions.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { globProblem } from '../../src/settings/glob.ts';
import { checkPatterns, parsePatterns, selectPaths } from '../../src/settings/select.ts';
import { nothingToInvalidate } from '../../src/invalidate/wording.ts';
import { RUNS } from '../support/runs.ts';
import { CHEAT_SHEET, REFERENCE_TABLE } from './glob-github-cases.ts';

describe('the reference test table and the cheat sheet', () => {
  it.each([...REFERENCE_TABLE, ...CHEAT_SHEET])('$patterns on $paths selects $selected', (kase) => {
    expect(selectPaths(kase.paths, kase.patterns)).toEqual(kase.selected);
  });
});

describe('in order, as GitHub reads the list', () => {
  it('a later pattern includes again what a ! pattern left out', () => {
    expect(selectPaths(['README.md', 'a.md'], ['*.md', '!README.md', 'README*'])).toEqual([
      'README.md',
      'a.md',
    ]);
  });

  it('a ! pattern written first does nothing', () => {
    expect(selectPaths(['a.png', 'b.png'], ['!a.png', '*.png'])).toEqual(['a.png', 'b.png']);
  });

  it('a ! pattern excludes only what an earlier pattern selected', () => {
    expect(selectPaths(['a.png', 'b.png'], ['*.png', '!a.png'])).toEqual(['b.png']);
  });
});

describe('each special character', () => {
  const select = (pattern: string, paths: string[]): string[] => selectPaths(paths, [pattern]);

  it('? is zero or one of the preceding character', () => {
    expect(select('**/*.jpe?g', ['a.jpg', 'x/a.jpeg', 'a.jpeeg', 'a.jpxg'])).toEqual(['a.jpg', 'x/a.jpeg']);
  });

  it('+ is one or more of the preceding character', () => {
    expect(select('v[0-9]+.png', ['v1.png', 'v123.png', 'v.png', 'v1a.png'])).toEqual(['v1.png', 'v123.png']);
  });

  it('** inside a name crosses folders', () => {
    expect(select('**.png', ['a.png', 'x/y/a.png', 'a.jpg'])).toEqual(['a.png', 'x/y/a.png']);
  });

  it('**/ stands for no folder or any folders', () => {
    expect(select('a/**/b.png', ['a/b.png', 'a/x/y/b.png', 'ab.png', 'a/xb.png'])).toEqual([
      'a/b.png',
      'a/x/y/b.png',
    ]);
  });

  it('* stays within a folder', () => {
    expect(select('*.png', ['a.png', 'x/a.png'])).toEqual(['a.png']);
  });

  it('\\ makes the next character itself, a backslash too', () => {
    expect(select('a\\*.png', ['a*.png', 'ab.png'])).toEqual(['a*.png']);
    expect(select('escape\\\\backslash', ['escape\\backslash'])).toEqual(['escape\\backslash']);
  });

  it('parentheses, #, @ and a leading ./ are plain characters', () => {
    expect(select('*(1).png', ['photo(1).png', 'photo.png'])).toEqual(['photo(1).png']);
    expect(select('#*.png', ['#1.png', '1.png'])).toEqual(['#1.png']);
    expect(select('**/@(a|b).png', ['@(a|b).png', 'a.png'])).toEqual(['@(a|b).png']);
  });

  it('braces in a pattern that selects stand for each alternative and for themselves', () => {
    expect(select('*.{png,jpg}', ['a.png', 'a.jpg', 'a.{png,jpg}', 'a.gif'])).toEqual([
      'a.png',
      'a.jpg',
      'a.{png,jpg}',
    ]);
  });

  it('a pattern that selects ignores case; a ! pattern does not, as in GitHub', () => {
    expect(select('**/*.jpg', ['IMG_2041.JPG', 'a/b.Jpg'])).toEqual(['IMG_2041.JPG', 'a/b.Jpg']);
    expect(selectPaths(['A.PNG', 'a.png'], ['*.png', '!a.png'])).toEqual(['A.PNG']);
  });
});

describe('nothing dropped or stripped silently', () => {
  it('a line starting with # is a pattern, not a comment', () => {
    expect(parsePatterns('# images\n**/*.png\n')).toEqual(['# images', '**/*.png']);
  });

  it.each([
    ['./public/**', 'starts with "./"', '"public/**"'],
    ['!./public/a.png', 'starts with "./"', '"!public/a.png"'],
    ['/public/**', 'starts with "/"', '"public/**"'],
    ['public/../x.png', "holds a '.' or '..' folder", ''],
    ['[!a].png', "starts a class with '!'", ''],
    ['[^a].png', "starts a class with '^'", ''],
    ['[].png', "holds an empty '[]'", ''],
    ['[ab', "opens '[' without its ']'", ''],
    ['[a-9].png', 'holds a range', ''],
    ['a*+.png', 'repeats a repetition', ''],
    ['a\\', "ends with a lone '\\'", ''],
    ['!*.{png,jpg}', 'write one ! pattern per alternative', ''],
  ])('%j is refused: %s', (pattern, why, fix) => {
    const check = (): void => {
      checkPatterns('paths', [pattern]);
    };
    expect(check).toThrow(why);
    if (fix !== '') expect(check).toThrow(`write ${fix}`);
  });
});

/**
 * The reference implementation's translation to a regular expression (nektos/act, pkg/workflowpattern,
 * workflow_pattern.go, MIT licence), ported to JavaScript's regular expressions: for the short patterns and names
 * here, backtracking costs nothing.
 */
function referenceRegex(pattern: string): RegExp | undefined {
  let source = '^';
  // Go's regexp.QuoteMeta.
  const quote = (c: string): string => c.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
  for (let pos = 0; pos < pattern.length;) {
    const c = pattern[pos] ?? '';
    if (c === '*') {
      if (pattern[pos + 1] === '*') {
        if (pattern[pos + 2] === '/') {
          source += '(.+/)?';
          pos += 3;
        } else {
          source += '.*';
          pos += 2;
        }
      } else {
        source += '[^/]*';
        pos++;
      }
    } else if (c === '+' || c === '?') {
      source += pos > 0 ? c : quote(c);
      pos++;
    } else if (c === '[') {
      source += '[';
      pos++;
      if (pattern[pos] === ']') return undefined;
      const valid = (a: string, b: string, t: string): boolean => t >= a && t <= b;
      const start = pos;
      while (pos < pattern.length && pattern[pos] !== ']') {
        const d = pattern[pos] ?? '';
        if (d === '-') {
          const low = pattern[pos - 1] ?? '';
          const high = pattern[pos + 1] ?? '';
          if (pos <= start || pos + 1 >= pattern.length) return undefined;
          const range = (a: string, b: string): boolean =>
            valid(a, b, low) && valid(a, b, high) && low <= high;
          if (!range('A', 'z') && !range('0', '9')) return undefined;
          source += `-${quote(high)}`;
          pos += 2;
        } else {
          if (!valid('A', 'z', d) && !valid('0', '9', d)) return undefined;
          source += quote(d);
          pos++;
        }
      }
      if (pos >= pattern.length) return undefined;
      source += ']';
      pos++;
    } else if (c === '\\') {
      if (pos + 1 >= pattern.length) return undefined;
      source += quote(pattern[pos + 1] ?? '');
      pos += 2;
    } else {
      source += quote(c);
      pos++;
    }
  }
  try {
    return new RegExp(`${source}$`, 'u');
  } catch {
    return undefined;
  }
}

/** GitHub's selection by the reference: the last pattern a path matches decides. */
function referenceSelects(patterns: readonly string[], path: string): boolean {
  let selected = false;
  for (const pattern of patterns) {
    const negative = pattern.startsWith('!');
    if (referenceRegex(negative ? pattern.slice(1) : pattern)?.test(path) === true) selected = !negative;
  }
  return selected;
}

describe('against the reference implementation', () => {
  // Lower-case letters only: the reference's classes take any letter, and patterns that select here ignore case.
  const char = fc.constantFrom('a', 'b', '-', '.', '/');
  const token = fc.oneof(
    { weight: 5, arbitrary: char },
    fc.constantFrom('*', '**', '**/', '?', '+', '[ab]', '[a-b]', '\\*', '\\a', '!'),
  );
  const pattern = fc.array(token, { minLength: 1, maxLength: 6 }).map((t) => t.join(''));
  const name = fc.array(fc.constantFrom('a', 'b', '-', '.', '*', '!'), { minLength: 1, maxLength: 4 });
  const path = fc
    .array(
      name.map((n) => n.join('')),
      { minLength: 1, maxLength: 3 },
    )
    .map((s) => s.join('/'));

  it('accepts a pattern where the reference does, and refuses it where the reference cannot compile it', () => {
    fc.assert(
      fc.property(pattern, (glob) => {
        const body = glob.startsWith('!') ? glob.slice(1) : glob;
        expect(globProblem(glob) === undefined).toBe(referenceRegex(body) !== undefined);
      }),
      { numRuns: RUNS * 20 },
    );
  });

  it('selects the same paths for lists of patterns, in order, ! patterns among them', () => {
    const list = fc
      .array(fc.tuple(fc.boolean(), pattern), { minLength: 1, maxLength: 3 })
      .map((entries) => entries.map(([negative, glob]) => (negative ? `!${glob}` : glob)))
      .filter((patterns) => patterns.every((glob) => globProblem(glob) === undefined))
      .filter((patterns) => patterns.every((glob) => referenceRegex(glob.replace(/^!/, '')) !== undefined));
    fc.assert(
      fc.property(list, fc.array(path, { minLength: 1, maxLength: 5 }), (patterns, paths) => {
        const expected = paths.filter((file) => referenceSelects(patterns, file));
        expect(selectPaths(paths, patterns)).toEqual(expected);
      }),
      { numRuns: RUNS * 20 },
    );
  });
});

describe('in bounded time', () => {
  it('a pattern of many wildcards and repetitions against a name of 100,000 characters made to backtrack', () => {
    const hostile = 'a-'.repeat(50_000);
    expect(selectPaths([hostile, `dir/${hostile}.png`], ['**/*-*-*-*-*.png'])).toEqual([
      `dir/${hostile}.png`,
    ]);
    expect(selectPaths([`${hostile}b`], ['**a?-?*a+-+**-*-*-*-*.png'])).toEqual([]);
  });
});

describe('the table of the syntax in docs/changed-files.md', () => {
  const page = readFileSync(new URL('../../docs/changed-files.md', import.meta.url), 'utf8');
  const table = page.slice(page.indexOf("## `paths`: GitHub's filter syntax"));
  const rows = table
    .slice(table.indexOf('| Pattern'), table.indexOf('\n\n', table.indexOf('| Pattern')))
    .split('\n')
    .slice(2)
    .map((row) => row.split('|').map((cell) => cell.trim()));
  const codes = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');

  it.each(rows.map(([, syntax = '', , selects = '', not = '']) => ({ syntax, selects, not })))(
    'the example of $syntax selects what it says, and not what it says not',
    ({ selects, not }) => {
      const [patterns = '', paths = ''] = selects.split(': ');
      const selected = codes(paths);
      expect(selected.length).toBeGreaterThan(0);
      expect(selectPaths([...selected, ...codes(not)], codes(patterns))).toEqual(selected);
    },
  );
});

describe('the hint when paths selects nothing', () => {
  const nothing = (patterns: string[]): string => {
    const files: NonNullable<Parameters<typeof nothingToInvalidate>[0]> = {
      source: 'the files input',
      found: 1,
      selected: 0,
      patterns,
      mapped: 0,
      urlMap: [],
      unmapped: [],
    };
    return nothingToInvalidate(files);
  };

  it('says a pattern without / matches the top level only, and suggests **/ before it', () => {
    expect(nothing(['*.jpg'])).toContain('"*.jpg" matches files at the top level only');
  });

  it('says nothing of the kind for **.jpg, which the cheat sheet shows matching in every folder', () => {
    expect(nothing(['**.jpg'])).not.toContain('top level');
  });
});
