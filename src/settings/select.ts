import { InputError } from '../mechanics/input-error.ts';
import { quote } from '../shown/shown.ts';
import { compilePattern, globProblem } from './glob.ts';

/**
 * Keeps the paths that GitHub's `paths` filter would select with these patterns: the last pattern a path matches
 * decides, included by a pattern, left out by a `!` pattern; a path that matches none is left out (so a `!` written
 * first does nothing). Patterns that select also take `{a,b}` and match without regard to case (glob.ts).
 */
export function selectPaths(paths: readonly string[], patterns: readonly string[]): string[] {
  const compiled = patterns.map(compilePattern).reverse();
  return paths.filter((path) => compiled.find((pattern) => pattern.matches(path))?.negative === false);
}

/**
 * `paths`: one pattern per line, each line trimmed; blank lines are skipped. Nothing else is: a line starting with
 * `#` is a pattern, as it is in a workflow's quoted `'#…'`.
 */
export function parsePatterns(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Refuses, naming the input, a pattern that cannot be matched (glob.ts) or never matches a path: before anything is sent. */
export function checkPatterns(name: string, patterns: readonly string[]): void {
  for (const pattern of patterns) {
    const problem = globProblem(pattern) ?? neverMatches(pattern);
    if (problem !== undefined) throw new InputError(`${name}: ${quote(pattern)} ${problem}.`);
  }
}

/**
 * Paths from git start at the repository's root and hold no `.` or `..` segment: a pattern that does can select
 * nothing, here as in GitHub's filter, which a run would only show as an empty selection.
 */
function neverMatches(pattern: string): string | undefined {
  const negation = pattern.startsWith('!') ? '!' : '';
  const body = pattern.slice(negation.length);
  const rooted = /^(?:\.?\/)+/.exec(body)?.[0];
  if (rooted !== undefined) {
    return (
      `starts with ${quote(rooted)}, but paths start at the repository's root without it; write ` +
      quote(negation + body.slice(rooted.length))
    );
  }
  if (body.split('/').some((segment) => segment === '.' || segment === '..'))
    return "holds a '.' or '..' folder, which no path from the repository holds; write the folders it means";
  return undefined;
}
