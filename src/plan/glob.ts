/**
 * Glob patterns matched in time bounded by the pattern's length times the path's, whatever both hold. A glob
 * compiled to a regular expression backtracks: `**\/*-*-*-*-*.png` took seconds per hostile file name, and names come
 * from pull requests. Here a `*` (within a folder) and a `**` (whole folders) each only remember where they last
 * started, as classic wildcard matching does, which is exact for patterns made of single-character steps and stars.
 *
 * The syntax: `*`, `**` as a whole segment, `?`, `[abc]`, `[a-z]`, `[!a]` or `[^a]`, `{a,b}` (nested too), `\` to
 * escape; without regard to case; dot files included; a leading `./` ignored. Extended globs (`@(a|b)`, `!(a)`,
 * `+(a)`, `*(a)`, `?(a)`) are refused (globProblem), before anything is sent.
 */

type Step =
  | { readonly kind: 'char'; readonly char: string }
  | { readonly kind: 'any' }
  | {
      readonly kind: 'class';
      readonly negated: boolean;
      readonly ranges: readonly (readonly [string, string])[];
    }
  | { readonly kind: 'star' };

/** A segment of a pattern: `**`, or the steps that match one segment of a path. */
type Segment = 'globstar' | readonly Step[];

/** Brace alternatives a pattern may expand to; `{a,b}{c,d}…` doubles with each group. */
export const MAX_BRACE_EXPANSIONS = 1000;

const MAX_BRACE_GROUPS = 64;

const EXTGLOB = /[@!+*?]\(/;

/** Why a pattern cannot be matched, or undefined. */
export function globProblem(pattern: string): string | undefined {
  const body = pattern.replace(/^!+/, '');
  if (EXTGLOB.test(body.replace(/\\./g, '')))
    return 'uses an extended glob (such as @(a|b) or !(a)), which is not supported; write the alternatives as {a,b}';
  // Each group is a level of expansion: their number is bounded before any is expanded.
  if ((body.match(/\{/g) ?? []).length > MAX_BRACE_GROUPS)
    return `holds more than ${MAX_BRACE_GROUPS} '{'; write several patterns instead`;
  if (expandBraces(body, MAX_BRACE_EXPANSIONS + 1).length > MAX_BRACE_EXPANSIONS)
    return `expands to more than ${MAX_BRACE_EXPANSIONS} alternatives of {…}; write fewer, or several patterns`;
  return undefined;
}

/** Whether a '/'-separated path matches any of the patterns; throws for a pattern that globProblem refuses. */
export function globMatcher(patterns: readonly string[]): (path: string) => boolean {
  for (const pattern of patterns) {
    const problem = globProblem(pattern);
    if (problem !== undefined) throw new Error(`${JSON.stringify(pattern)} ${problem}`);
  }
  const compiled = patterns.flatMap((pattern) =>
    expandBraces(pattern.replace(/^\.\//, ''), MAX_BRACE_EXPANSIONS).map(compile),
  );
  return (path) => {
    const segments = path.split('/');
    return compiled.some((pattern) => matchSegments(pattern, segments));
  };
}

function compile(pattern: string): Segment[] {
  return splitSegments(pattern).map((segment) => (segment === '**' ? 'globstar' : steps(segment)));
}

/** Split on '/' outside of a class and not escaped. */
function splitSegments(pattern: string): string[] {
  const segments: string[] = [];
  let current = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] ?? '';
    if (char === '\\' && i + 1 < pattern.length) {
      current += char + (pattern[++i] ?? '');
    } else if (char === '/') {
      segments.push(current);
      current = '';
    } else current += char;
  }
  segments.push(current);
  return segments;
}

function steps(segment: string): Step[] {
  const result: Step[] = [];
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i] ?? '';
    if (char === '\\' && i + 1 < segment.length) result.push({ kind: 'char', char: segment[++i] ?? '' });
    else if (char === '*') {
      if (result.at(-1)?.kind !== 'star') result.push({ kind: 'star' });
    } else if (char === '?') result.push({ kind: 'any' });
    else if (char === '[') {
      const parsed = parseClass(segment, i);
      if (parsed === undefined) result.push({ kind: 'char', char });
      else {
        result.push(parsed.step);
        i = parsed.end;
      }
    } else result.push({ kind: 'char', char });
  }
  return result;
}

/** A class starting at `start` ('['), and the index of its ']'; undefined when it does not close. */
function parseClass(segment: string, start: number): { step: Step; end: number } | undefined {
  let i = start + 1;
  const negated = segment[i] === '!' || segment[i] === '^';
  if (negated) i++;
  const ranges: [string, string][] = [];
  for (let first = true; i < segment.length; first = false) {
    let char = segment[i] ?? '';
    if (char === ']' && !first) return { step: { kind: 'class', negated, ranges }, end: i };
    if (char === '\\' && i + 1 < segment.length) char = segment[++i] ?? '';
    if (segment[i + 1] === '-' && i + 2 < segment.length && segment[i + 2] !== ']') {
      let last = segment[i + 2] ?? '';
      i += 2;
      if (last === '\\' && i + 1 < segment.length) last = segment[++i] ?? '';
      ranges.push([char, last]);
    } else ranges.push([char, char]);
    i++;
  }
  return undefined;
}

function sameChar(a: string, b: string): boolean {
  return a === b || a.toLowerCase() === b.toLowerCase();
}

function inRange(char: string, [low, high]: readonly [string, string]): boolean {
  return [char, char.toLowerCase(), char.toUpperCase()].some((form) => form >= low && form <= high);
}

function matchesChar(step: Step, char: string): boolean {
  switch (step.kind) {
    case 'char':
      return sameChar(step.char, char);
    case 'any':
      return true;
    case 'class':
      return step.ranges.some((range) => inRange(char, range)) !== step.negated;
    case 'star':
      return false;
  }
}

/**
 * Classic wildcard matching: on a mismatch, only the last star moves on by one character. At most (text + 1) ×
 * (steps + 1) comparisons.
 */
function matchSegment(steps: readonly Step[], text: string): boolean {
  // A lone `*` matches a segment of at least one character, as in every glob implementation.
  if (text === '' && steps.length > 0) return false;
  let t = 0;
  let s = 0;
  let star = -1;
  let starText = 0;
  while (t < text.length) {
    const step = steps[s];
    if (step !== undefined && step.kind === 'star') {
      star = s++;
      starText = t;
    } else if (step !== undefined && matchesChar(step, text[t] ?? '')) {
      s++;
      t++;
    } else if (star >= 0) {
      s = star + 1;
      t = ++starText;
    } else return false;
  }
  while (steps[s]?.kind === 'star') s++;
  return s === steps.length;
}

/** The same over segments: `**` is the star, each other segment matches one segment of the path. */
function matchSegments(pattern: readonly Segment[], path: readonly string[]): boolean {
  let p = 0;
  let s = 0;
  let star = -1;
  let starPath = 0;
  while (p < path.length) {
    const segment = pattern[s];
    if (segment === 'globstar') {
      star = s++;
      starPath = p;
    } else if (segment !== undefined && matchSegment(segment, path[p] ?? '')) {
      s++;
      p++;
    } else if (star >= 0) {
      s = star + 1;
      p = ++starPath;
    } else return false;
  }
  while (pattern[s] === 'globstar') s++;
  return s === pattern.length;
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
