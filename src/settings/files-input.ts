import { InputError } from '../mechanics/input-error.ts';
import { parseList } from '../domain/list-syntax.ts';
import { uniqueStrings } from '../domain/unique.ts';
import { quote } from '../shown/shown.ts';

/**
 * `files`: repository paths in the one list syntax (list-syntax.ts): one per line, NUL-separated, or a JSON array
 * (as changed-files actions print with JSON on). `source` names the input the user set, in any error.
 */
export function parseFileList(text: string, source = 'files'): string[] {
  // An entry of a JSON array or of a NUL-separated list is taken whole: a space at either end is part of the name.
  const paths = parseList(text, 'files', source).map((entry) => repositoryPath(entry, source));
  return uniqueStrings(paths.includes('') ? paths.filter((path) => path !== '') : paths);
}

/**
 * A repository path as git prints it: '/' between folders, no leading './' or '/'. Tools on Windows print
 * `public\images\a.png`, so a backslash is read as a separator (a name holding a backslash cannot be given).
 * Git prints no '.' or '..' segment: one would map a path outside its url-map rule's URL prefix
 * (`public/images/../../admin/a.png` to `https://www.example.com/admin/a.png`), so it is refused.
 */
function repositoryPath(entry: string, source: string): string {
  const path = entry.replaceAll('\\', '/').replace(/^(?:\.\/|\/)+/, '');
  if (DOT_SEGMENT.test(path)) {
    throw new InputError(
      `${source}: ${quote(entry)} has a '.' or '..' segment, which would map it outside its url-map rule; give ` +
        'each path as git prints it, from the top of the repository, without them (git diff --name-only).',
    );
  }
  return path;
}

const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;
