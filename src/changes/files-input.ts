import { quote, throwInput } from '../inputs.ts';

/** `files`: repository paths one per line, or a JSON array of them (as changed-files actions print with JSON on). */
export function parseFileList(text: string, source = 'files'): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return throwInput(`${source}: starts with '[' but is not a JSON array: ${quote(trimmed)}`);
    }
    if (!Array.isArray(parsed) || !parsed.every((entry) => typeof entry === 'string')) {
      return throwInput(`${source}: ${quote(trimmed)} is not a JSON array of strings.`);
    }
    // Taken whole: in a JSON string, a space at either end is part of the name.
    return unique(parsed.map(normalise));
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
