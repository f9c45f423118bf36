/**
 * The matcher under `paths` and `rewrite`: one pattern at a time, in bounded time, with its two extensions (braces
 * and case in a pattern that selects). What a list selects, in order, is in glob-github.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePattern, expandBraces, globProblem } from '../../src/settings/glob.ts';
import { selectPaths } from '../../src/settings/select.ts';
import { RUNS } from '../support/runs.ts';

const matches = (pattern: string, path: string): boolean => compilePattern(pattern).matches(path);

describe('compilePattern', () => {
  it.each([
    ['**/*.png', 'a.png', true],
    ['**/*.png', 'public/images/A.PNG', true],
    ['public/**', 'public/a.png', true],
    ['public/**/x.png', 'public/x.png', true],
    ['*.png', 'public/a.png', false],
    ['**/.*', 'a/.env', true],
    ['**/*.{png,jpg}', 'a/b.JPG', true],
    ['**/*.{png,{jpg,jpeg}}', 'a/b.jpeg', true],
    ['{a}.png', '{a}.png', true],
    ['[a-c]?.png', 'B.png', true],
    ['[a-c]?.png', 'B1.png', false],
    ['\\*.png', '*.png', true],
    ['\\*.png', 'a.png', false],
    ['!a.png', 'A.png', false],
    ['!a.png', 'a.png', true],
    ['!!a.png', '!a.png', true],
  ])('%j against %j: %s', (pattern, path, expected) => {
    expect(matches(pattern, path)).toBe(expected);
  });

  it('matches a pattern of many wildcards against a name of 100,000 characters made to backtrack', () => {
    const hostile = 'a-'.repeat(50_000);
    const { matches: select } = compilePattern('**/*-*-*-*-*.png');
    expect(select(hostile)).toBe(false);
    expect(select(`dir/${hostile}.png`)).toBe(true);
  });

  it('answers right past the sets of states it remembers (2^14 of them for this pattern), in bounded memory', () => {
    // The 15th character from the end is an 'a': a deterministic automaton for it needs 2^14 states.
    const { matches: select } = compilePattern(`**a${'[ab]'.repeat(14)}`);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b'), { minLength: 15, maxLength: 400 }), (chars) => {
        const path = chars.join('');
        expect(select(path)).toBe(/^.*a[ab]{14}$/.test(path));
      }),
      { numRuns: RUNS },
    );
  });

  it('selectPaths answers 50 hostile names for a many-wildcard pattern (seconds each for a backtracking matcher)', () => {
    const names = Array.from({ length: 50 }, (_, i) => `${'a-'.repeat(150 + i)}x`);
    expect(selectPaths(names, ['**/*-*-*-*-*.png'])).toEqual([]);
  });
});

describe('globProblem', () => {
  it.each(['@(a|b).png', 'x/!(a).png', '+(a).png', '*(1).png', 'a?(b)'])(
    'reads %j as GitHub does, parentheses as plain characters',
    (pattern) => {
      expect(globProblem(pattern)).toBeUndefined();
    },
  );

  it('refuses a pattern that expands to more than 1000 alternatives, or holds more than 64 braces', () => {
    expect(globProblem('{a,b}'.repeat(10))).toMatch(/^expands to more than 1000 alternatives/);
    expect(globProblem(`${'{a}'.repeat(65)}{b,c}`)).toMatch(/^holds more than 64 '\{'/);
    expect(globProblem('**/*.{png,jpg,jpeg,gif,webp,avif,svg}')).toBeUndefined();
  });

  it('expandBraces stops at its limit', () => {
    expect(expandBraces('{a,b}{c,d}', 3)).toEqual(['ac', 'ad', 'bc']);
  });
});
