/**
 * The workspace files a list of patterns selects (`rewrite`, `pages`): listed without following links, and each
 * pattern checked to match a file before anything is sent.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { throwInput } from '../mechanics/input-error.ts';
import { quote } from '../shown/shown.ts';
import { selectPaths } from './select.ts';

/** What a folder listing gives of each entry: a Dirent, without following links. */
export interface FolderEntry {
  readonly name: string;
  isFile(): boolean;
  isDirectory(): boolean;
}

/** The entries of a folder, by its full path. */
export type ReadFolder = (path: string) => Promise<readonly FolderEntry[]>;

const readFolder: ReadFolder = (path) => readdir(path, { withFileTypes: true });

/**
 * The workspace files that `patterns` select ('/'-separated, sorted by code unit): regular files only, symbolic
 * links neither followed nor listed. Only the folders on the way to the patterns' base folders, and those folders
 * themselves, are read, one at a time from a stack: a workspace of a million files costs only what the patterns
 * point into, and no depth or count of files overflows the call stack.
 */
export async function matchedFiles(
  workspace: string,
  patterns: readonly string[],
  read: ReadFolder = readFolder,
): Promise<string[]> {
  const bases = patterns.filter((pattern) => !pattern.startsWith('!')).map(baseFolder);
  // node_modules can hold more files than the site itself: walked only when a pattern asks for it.
  const skip = new Set(['.git']);
  if (!patterns.some((pattern) => !pattern.startsWith('!') && /node_modules/i.test(pattern))) {
    skip.add('node_modules');
  }
  const files: string[] = [];
  const folders = [''];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    for (const entry of await read(folder === '' ? workspace : join(workspace, ...folder.split('/')))) {
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skip.has(entry.name) && bases.some((base) => onTheWay(path, base))) folders.push(path);
      } else if (entry.isFile()) files.push(path);
    }
  }
  return selectPaths(files, patterns).sort(byCodeUnit);
}

/**
 * The folder a pattern's matches all lie in, lower-cased since a pattern that selects ignores case ('' for the
 * workspace): its leading segments that hold nothing a pattern reads specially.
 */
function baseFolder(pattern: string): string {
  const segments = pattern.split('/');
  const literal: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (/[*?[\]{}()!+@\\]/.test(segment) || segment === '.' || segment === '..') break;
    literal.push(segment.toLowerCase());
  }
  // A '?' at the start of the next segment makes the '/' before it optional: `dist/?x/…` matches `distx/…`.
  if (segments[literal.length]?.startsWith('?') === true) literal.pop();
  return literal.join('/');
}

/** Whether a folder is the base, inside it, or one of the folders on the way to it. */
function onTheWay(folder: string, base: string): boolean {
  if (base === '') return true;
  const path = folder.toLowerCase();
  return path === base || path.startsWith(`${base}/`) || base.startsWith(`${path}/`);
}

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The workspace files `patterns` select; throws an InputError naming `input` and the first pattern that matches no
 * file (most likely a wrong folder, or a build that runs after this step), or that the '!' patterns leave none.
 */
export async function selectedFiles(
  input: string,
  workspace: string,
  patterns: readonly string[],
): Promise<string[]> {
  const includes = patterns.filter((pattern) => !pattern.startsWith('!'));
  // One walk of the workspace for every pattern: each is then matched against what any of them matches.
  const candidates = await matchedFiles(workspace, includes).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return throwInput(
      `${input}: the workspace ${quote(workspace)} cannot be listed (${code}); check GITHUB_WORKSPACE.`,
    );
  });
  for (const pattern of includes) {
    if (selectPaths(candidates, [pattern]).length === 0) {
      throwInput(
        `${input}: ${quote(pattern)} matches no file in the workspace (${quote(workspace)}); check the pattern ` +
          "(relative to the workspace, '/' between folders) and that the build writing these files runs before " +
          'this step.',
      );
    }
  }
  const selected = selectPaths(candidates, patterns);
  if (selected.length === 0) {
    throwInput(
      `${input}: every file its patterns match is left out by a '!' pattern (${patterns.map(quote).join(', ')}).`,
    );
  }
  return selected.sort(byCodeUnit);
}
