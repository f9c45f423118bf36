/**
 * Glob patterns matched in bounded time: the same answers as picomatch (which `paths` and `rewrite` used before) on
 * every pattern of the supported syntax, and no backtracking on hostile names.
 */
import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { expandBraces, globMatcher, globProblem } from '../../src/plan/glob.ts';
import { selectPaths } from '../../src/plan/select.ts';
import { RUNS } from '../support/runs.ts';

const matches = (pattern: string, path: string): boolean => globMatcher([pattern])(path);

describe('globMatcher', () => {
  it.each([
    ['**/*.png', 'a.png', true],
    ['**/*.png', 'public/images/A.PNG', true],
    ['public/**', 'public', true],
    ['public/**/x.png', 'public/x.png', true],
    ['*.png', 'public/a.png', false],
    ['**/.*', 'a/.env', true],
    ['**/*.{png,jpg}', 'a/b.JPG', true],
    ['**/*.{png,{jpg,jpeg}}', 'a/b.jpeg', true],
    ['{a}.png', '{a}.png', true],
    ['[a-c]?.png', 'B1.png', true],
    ['[!a]*.png', 'a1.png', false],
    ['\\*.png', '*.png', true],
    ['\\*.png', 'a.png', false],
    ['./a.png', 'a.png', true],
  ])('%j against %j: %s', (pattern, path, expected) => {
    expect(matches(pattern, path)).toBe(expected);
  });

  it('answers as picomatch does, without regard to case and with dot files, on the syntax it supports', () => {
    const char = fc.constantFrom('a', 'b', 'A', '-', '.', 'x');
    const step = fc.oneof(
      { weight: 4, arbitrary: char },
      // Not [!a]: picomatch reads it as the class of '!' and 'a'; here, as in shells, it is any character but 'a'.
      fc.constantFrom('*', '?', '[ab]', '[a-b]', '[^b]', '{a,b}', '{a,}', '{x,a*}'),
    );
    const segment = fc.oneof(
      {
        weight: 6,
        arbitrary: fc
          .array(step, { minLength: 1, maxLength: 4 })
          .map((s) => s.join(''))
          .filter((s) => s !== '.' && s !== '..'),
      },
      fc.constant('**'),
    );
    // Not ending in /** after a wildcard: picomatch lets `public/**` match `public` but not `*/**` match `a`; here
    // both match. Nor a segment that may expand to nothing (`a/**/{a,}` holds `a/**/`, a folder): a list of changed
    // files names no folder, and picomatch and this matcher read a trailing '/' differently.
    const pattern = fc
      .array(segment, { minLength: 1, maxLength: 3 })
      .map((s) => s.join('/'))
      .filter((glob) => !/[*?[{][^/]*\/\*\*$/.test(glob))
      .filter((glob) => !/(^|\/)\{a,\}(\/|$)/.test(glob))
      // Nor `**` beside other characters in a segment (`**{x,a*}`): picomatch reads it one way before its brace
      // expansion and another after; `**` means any folders only as a whole segment.
      .filter((glob) => glob.split('/').every((part) => part === '**' || !part.includes('**')));
    // A path never holds the segments '.' and '..', which every glob leaves unmatched.
    const name = fc
      .array(char, { minLength: 1, maxLength: 5 })
      .map((s) => s.join(''))
      .filter((s) => s !== '.' && s !== '..');
    const path = fc.array(name, { minLength: 1, maxLength: 3 }).map((s) => s.join('/'));
    fc.assert(
      fc.property(pattern, path, (glob, file) => {
        expect(matches(glob, file)).toBe(picomatch(glob, { dot: true, nocase: true })(file));
      }),
      { numRuns: RUNS * 10 },
    );
  });

  it('matches a pattern of many wildcards against a name of 100,000 characters made to backtrack', () => {
    const hostile = 'a-'.repeat(50_000);
    const select = globMatcher(['**/*-*-*-*-*.png']);
    expect(select(hostile)).toBe(false);
    expect(select(`dir/${hostile}.png`)).toBe(true);
  });

  it('selectPaths answers 50 hostile names for a many-wildcard pattern (seconds each for a backtracking matcher)', () => {
    const names = Array.from({ length: 50 }, (_, i) => `${'a-'.repeat(150 + i)}x`);
    expect(selectPaths(names, ['**/*-*-*-*-*.png'])).toEqual([]);
  });
});

describe('globProblem', () => {
  it.each(['@(a|b).png', 'x/!(a).png', '**/+(a).png', '*(a)', 'a?(b)'])(
    'refuses the extended glob %j',
    (pattern) => {
      expect(globProblem(pattern)).toMatch(/^uses an extended glob/);
    },
  );

  it('refuses a pattern that expands to more than 1000 alternatives, or holds more than 64 braces', () => {
    expect(globProblem('{a,b}'.repeat(10))).toMatch(/^expands to more than 1000 alternatives/);
    expect(globProblem('{a}'.repeat(65))).toMatch(/^holds more than 64 '\{'/);
    expect(globProblem('**/*.{png,jpg,jpeg,gif,webp,avif,svg}')).toBeUndefined();
  });

  it('expandBraces stops at its limit', () => {
    expect(expandBraces('{a,b}{c,d}', 3)).toEqual(['ac', 'ad', 'bc']);
  });
});
