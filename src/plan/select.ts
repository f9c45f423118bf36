import { InputError } from '../settings/inputs.ts';
import { quote } from '../shown/shown.ts';
import { globMatcher, globProblem } from './glob.ts';

/**
 * Keeps the paths that match at least one pattern and no `!` pattern. Matching ignores case, so that `*.png`
 * also selects `LOGO.PNG`, and includes dot files.
 */
export function selectPaths(paths: readonly string[], patterns: readonly string[]): string[] {
  const include = patterns.filter((pattern) => !pattern.startsWith('!'));
  const exclude = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1));
  if (include.length === 0) return [];
  const included = globMatcher(include);
  const excluded = exclude.length === 0 ? () => false : globMatcher(exclude);
  return paths.filter((path) => included(path) && !excluded(path));
}

/** `paths`: one pattern per line; blank lines and lines starting with '#' are ignored. */
export function parsePatterns(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** Refuses, naming the input, a pattern that cannot be matched (glob.ts): before anything is sent. */
export function checkPatterns(name: string, patterns: readonly string[]): void {
  for (const pattern of patterns) {
    const problem = globProblem(pattern);
    if (problem !== undefined) throw new InputError(`${name}: ${quote(pattern)} ${problem}.`);
  }
}
