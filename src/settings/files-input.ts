import { parseList } from './list-syntax.ts';

/**
 * `files`: repository paths in the one list syntax (list-syntax.ts): one per line, NUL-separated, or a JSON array
 * (as changed-files actions print with JSON on). `source` names the input the user set, in any error.
 */
export function parseFileList(text: string, source = 'files'): string[] {
  // An entry of a JSON array or of a NUL-separated list is taken whole: a space at either end is part of the name.
  return unique(parseList(text, 'files', source).map(normalise));
}

/**
 * A repository path as git prints it: '/' between folders, no leading './' or '/'. Tools on Windows print
 * `public\images\a.png`, so a backslash is read as a separator (a name holding a backslash cannot be given).
 */
function normalise(path: string): string {
  return path.replaceAll('\\', '/').replace(/^(\.\/|\/)+/, '');
}

function unique(paths: string[]): string[] {
  return [...new Set(paths.filter((path) => path !== ''))];
}
