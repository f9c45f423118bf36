import { throwInput } from '../inputs.ts';
import { parseJsonList } from '../json-list.ts';

/** `files`: repository paths one per line, or a JSON array of them (as changed-files actions print with JSON on). */
export function parseFileList(text: string, source = 'files'): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    const list = parseJsonList(trimmed);
    if ('problem' in list)
      return throwInput(`${source}: ${list.problem}; give one path per line, or a JSON array of paths.`);
    // Taken whole: in a JSON string, a space at either end is part of the name.
    return unique(list.entries.map(normalise));
  }
  return unique(text.split(/\r?\n/).map((line) => normalise(line.trim())));
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
