/**
 * Path patterns as GitHub's `on.<event>.paths` filter reads them, matched without backtracking. Users copy their
 * workflow's `paths` list here, so the same list must select the same files.
 *
 * The syntax (GitHub's "filter pattern cheat sheet"; its reference implementation is nektos/act's workflowpattern):
 * `*` any characters but '/'; `**` any characters, '/' included, also inside a name (`**.js`); `**` followed by '/'
 * any folders, none included; `?` zero or one of the preceding character, `+` one or more of it (written first,
 * either is itself); `[CB]`, `[0-9a-z]` one character of the list; `\` makes the next character itself. Everything
 * else, `{`, `(`, `#` and `.` included, is itself.
 *
 * Two extensions, both applied only to a pattern that selects (not one starting with `!`), so that a list selects
 * every file GitHub's filter selects and perhaps more, never fewer: `{a,b}` stands for each alternative as well as
 * for itself, and letters match without regard to case (cameras write IMG_2041.JPG; a stale image costs more than
 * an extra invalidation).
 *
 * A pattern is compiled to an automaton whose states are followed all at once, a character at a time: matching
 * takes at most (path length) × (pattern length) steps, whatever both hold, and mostly one lookup per character,
 * as the sets of states met are remembered. A regular expression backtracks: `**\/*-*-*-*-*.png` took seconds per
 * hostile file name, and names come from pull requests.
 */

import { Automaton, type CharTest, type State } from './automaton.ts';

/** A pattern GitHub's filter would not read as written: the message says why. */
class PatternError extends Error {}

/** Brace alternatives a pattern may expand to; `{a,b}{c,d}…` doubles with each group. */
export const MAX_BRACE_EXPANSIONS = 1000;

const MAX_BRACE_GROUPS = 64;

/** Why a pattern (with its leading `!`, if any) cannot be matched, or undefined. */
export function globProblem(pattern: string): string | undefined {
  try {
    alternatives(pattern);
    return undefined;
  } catch (error) {
    if (error instanceof PatternError) return error.message;
    throw error;
  }
}

/** A compiled pattern: whether it excludes, and whether a '/'-separated path matches it. */
export interface PathPattern {
  readonly negative: boolean;
  readonly matches: (path: string) => boolean;
}

/** Compiles a pattern; throws for one that globProblem refuses. */
export function compilePattern(pattern: string): PathPattern {
  const problem = globProblem(pattern);
  if (problem !== undefined) throw new Error(`${JSON.stringify(pattern)} ${problem}`);
  const negative = pattern.startsWith('!');
  const states: State[] = [];
  const starts = alternatives(pattern).map((alternative) => compileInto(states, alternative, !negative));
  const automaton = new Automaton(states, starts);
  return { negative, matches: (path) => automaton.matches(path) };
}

/** The patterns a pattern stands for: itself, and for one that selects, its brace alternatives. */
function alternatives(pattern: string): string[] {
  const negative = pattern.startsWith('!');
  const body = negative ? pattern.slice(1) : pattern;
  const checked = (text: string): string => {
    compileInto([], text, false);
    return text;
  };
  if (firstGroup(body) === undefined) return [checked(body)];
  if (negative) {
    throw new PatternError(
      "holds {…}, which GitHub's filter reads as plain text and which here would leave out files it selects; " +
        'write one ! pattern per alternative',
    );
  }
  // Each group is a level of expansion: their number is bounded before any is expanded.
  if ((body.match(/\{/g) ?? []).length > MAX_BRACE_GROUPS)
    throw new PatternError(`holds more than ${MAX_BRACE_GROUPS} '{'; write several patterns instead`);
  const expanded = expandBraces(body, MAX_BRACE_EXPANSIONS + 1);
  if (expanded.length > MAX_BRACE_EXPANSIONS) {
    throw new PatternError(
      `expands to more than ${MAX_BRACE_EXPANSIONS} alternatives of {…}; write fewer, or several patterns`,
    );
  }
  return [body, ...expanded].map(checked);
}

const ANY: CharTest = { kind: 'any' };
const IN_NAME: CharTest = { kind: 'in-name' };

/**
 * Appends the states of one pattern (without its `!`) to `states`, ending in a match state, and returns its first
 * state. Where GitHub's filter refuses a pattern (its regular expression would not compile), so does this.
 */
function compileInto(states: State[], pattern: string, ignoreCase: boolean): number {
  const start = states.length;
  // Code points, as the path is read: `é?` makes the whole é optional.
  const chars = Array.from(pattern);
  // The last character's state, and how it already repeats: a `?` or `+` applies to it.
  let last: { state: number; repeats: 'once' | 'repeats' | 'lazy' } | undefined;
  const one = (test: CharTest): void => {
    last = { state: states.length, repeats: 'once' };
    states.push({ test, next: [states.length + 1], skip: [] });
  };
  const many = (test: CharTest): void => {
    last = { state: states.length, repeats: 'repeats' };
    states.push({ test, next: [states.length], skip: [states.length + 1] });
  };
  const char = (c: string): CharTest => ({
    kind: 'char',
    char: ignoreCase ? c.toLowerCase() : c,
    foldCase: ignoreCase,
  });
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] ?? '';
    if (c === '*' && chars[i + 1] === '*' && chars[i + 2] === '/') {
      anyFolders(states);
      last = { state: states.length - 3, repeats: 'repeats' };
      i += 2;
    } else if (c === '*' && chars[i + 1] === '*') {
      many(ANY);
      i++;
    } else if (c === '*') many(IN_NAME);
    else if ((c === '?' || c === '+') && last !== undefined) last.repeats = repeat(states, last, c);
    else if (c === '[') {
      const parsed = parseClass(chars, i, ignoreCase);
      one(parsed.test);
      i = parsed.end;
    } else if (c === '\\') {
      if (i + 1 >= chars.length)
        throw new PatternError("ends with a lone '\\'; write '\\\\' for a backslash");
      one(char(chars[++i] ?? ''));
    } else one(char(c));
  }
  states.push({ test: undefined, next: [], skip: [] });
  return start;
}

/** `**` followed by '/': nothing, or at least one character and then '/' (GitHub reads it as `(.+/)?`). */
function anyFolders(states: State[]): void {
  const s = states.length;
  states.push(
    { test: ANY, next: [s + 1], skip: [s + 3] },
    { test: ANY, next: [s + 1], skip: [s + 2] },
    { test: { kind: 'char', char: '/', foldCase: false }, next: [s + 3], skip: [] },
  );
}

/** Applies `?` or `+` to the last character; after `*`, `x?` or `x+` a `?` changes nothing (as in `.*?`). */
function repeat(
  states: State[],
  last: { state: number; repeats: 'once' | 'repeats' | 'lazy' },
  quantifier: '?' | '+',
): 'repeats' | 'lazy' {
  const state = states[last.state];
  if (state === undefined) throw new Error('a quantifier without its state');
  switch (last.repeats) {
    case 'once':
      if (quantifier === '?') state.skip.push(last.state + 1);
      else state.next.push(last.state);
      return 'repeats';
    case 'repeats':
      if (quantifier === '?') return 'lazy';
      break;
    case 'lazy':
      break;
    default:
      return last.repeats satisfies never;
  }
  throw new PatternError(
    `repeats a repetition ('${quantifier}' after '*', '?' or '+'), which GitHub's filter refuses; write '\\${quantifier}' ` +
      `for a plain '${quantifier}'`,
  );
}

/** Letters (and what lies between 'Z' and 'a') and digits, as GitHub's filter allows in `[…]`. */
function inClassAlphabet(c: string): boolean {
  return (c >= 'A' && c <= 'z') || (c >= '0' && c <= '9');
}

function sameKind(low: string, high: string): boolean {
  return low <= high && ((low >= 'A' && high <= 'z') || (low >= '0' && high <= '9'));
}

/** The class opening at `open` ('['), and the index of its ']'. */
function parseClass(
  chars: readonly string[],
  open: number,
  ignoreCase: boolean,
): { test: CharTest; end: number } {
  const ranges: [string, string][] = [];
  let i = open + 1;
  if (chars[i] === ']') throw new PatternError("holds an empty '[]'; write '\\[\\]' for the characters");
  if (chars[i] === '^' || chars[i] === '!') {
    throw new PatternError(
      `starts a class with '${chars[i] ?? ''}': GitHub's filter has no class of characters not listed; list the ` +
        'characters allowed instead',
    );
  }
  let afterRange = false;
  for (; i < chars.length && chars[i] !== ']'; i++) {
    const c = chars[i] ?? '';
    if (c === '-') {
      const low = chars[i - 1] ?? '';
      const high = chars[i + 1] ?? '';
      if (i === open + 1 || afterRange || !sameKind(low, high) || high === ']') {
        throw new PatternError("holds a range in '[…]' other than within a-z, A-Z or 0-9");
      }
      ranges.pop();
      ranges.push([low, high]);
      afterRange = true;
      i++;
    } else if (!inClassAlphabet(c)) {
      throw new PatternError(
        `holds ${JSON.stringify(c)} in '[…]', which takes only letters, digits and ranges`,
      );
    } else {
      ranges.push([c, c]);
      afterRange = false;
    }
  }
  if (i >= chars.length) throw new PatternError("opens '[' without its ']'; write '\\[' for the character");
  return { test: { kind: 'class', ranges: ignoreCase ? withOtherCase(ranges) : ranges }, end: i };
}

/** The ranges, and for the letters in them, the same letters in the other case. */
function withOtherCase(ranges: readonly [string, string][]): [string, string][] {
  const cases: [string, string][] = [];
  for (const [low, high] of ranges) {
    const lower = [low.toLowerCase(), high.toLowerCase()];
    if (/^[a-z]$/.test(lower[0] ?? '') && /^[a-z]$/.test(lower[1] ?? ''))
      cases.push([low.toLowerCase(), high.toLowerCase()], [low.toUpperCase(), high.toUpperCase()]);
  }
  return [...ranges, ...cases];
}

/**
 * The patterns a `{a,b}` pattern stands for, at most `limit` of them (the rest cut off). A brace without a comma
 * at its level, or without its closing brace, is literal text.
 */
export function expandBraces(pattern: string, limit: number): string[] {
  const group = firstGroup(pattern);
  if (group === undefined) return [pattern];
  const prefix = pattern.slice(0, group.open);
  const suffix = pattern.slice(group.close + 1);
  const expanded: string[] = [];
  for (const option of group.options) {
    for (const rest of expandBraces(`${option}${suffix}`, limit - expanded.length)) {
      if (expanded.length >= limit) return expanded;
      expanded.push(prefix + rest);
    }
  }
  return expanded;
}

/** The first `{…}` holding a comma at its own level, with its options. */
function firstGroup(pattern: string): { open: number; close: number; options: string[] } | undefined {
  for (let open = pattern.indexOf('{'); open >= 0; open = pattern.indexOf('{', open + 1)) {
    if (open > 0 && pattern[open - 1] === '\\') continue;
    let depth = 0;
    let start = open + 1;
    const options: string[] = [];
    for (let i = open; i < pattern.length; i++) {
      const char = pattern[i];
      if (char === '\\') i++;
      else if (char === '{') depth++;
      else if (char === ',' && depth === 1) {
        options.push(pattern.slice(start, i));
        start = i + 1;
      } else if (char === '}' && --depth === 0) {
        if (options.length === 0) break;
        options.push(pattern.slice(start, i));
        return { open, close: i, options };
      }
    }
  }
  return undefined;
}
