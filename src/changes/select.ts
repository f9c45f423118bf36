import picomatch from 'picomatch';

/**
 * Keeps the paths that match at least one pattern and no `!` pattern. Matching ignores case, so that `*.png`
 * also selects `LOGO.PNG`, and includes dot files.
 */
export function selectPaths(paths: readonly string[], patterns: readonly string[]): string[] {
  const include = patterns.filter((pattern) => !pattern.startsWith('!'));
  const exclude = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1));
  if (include.length === 0) return [];
  const options = { dot: true, nocase: true };
  const included = picomatch(include, options);
  const excluded = exclude.length === 0 ? () => false : picomatch(exclude, options);
  return paths.filter((path) => included(path) && !excluded(path));
}

/** `paths`: one pattern per line; blank lines and lines starting with '#' are ignored. */
export function parsePatterns(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
