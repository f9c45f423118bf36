import type { RunGitBytes } from '../mechanics/git.ts';
import { folderOf } from '../plan/learned.ts';

/** Bytes of git's listing of a whole commit read at most: past it, no image of the commit proves a folder. */
const MAX_TREE_BYTES = 64 * 1024 * 1024;

/** A commit's files: each path's blob, and the folders each blob stands in. */
export interface Tree {
  readonly blobOf: ReadonlyMap<string, string>;
  readonly foldersOf: ReadonlyMap<string, ReadonlySet<string>>;
  /** The files of each folder, directly in it. */
  readonly filesIn: ReadonlyMap<string, readonly string[]>;
}

/** The files of a commit as git lists them; undefined when git cannot (no repository, a commit it does not have). */
export async function treeAt(commit: string, git: RunGitBytes): Promise<Tree | undefined> {
  // A commit that could read as an option is never handed to git.
  if (commit.startsWith('-')) return undefined;
  let listing: Buffer;
  try {
    listing = await git(['ls-tree', '-r', '-z', '--full-tree', commit], MAX_TREE_BYTES);
  } catch {
    return undefined;
  }
  const blobOf = new Map<string, string>();
  const foldersOf = new Map<string, Set<string>>();
  const filesIn = new Map<string, string[]>();
  for (const entry of listing.toString('utf8').split('\0')) {
    // `<mode> blob <object>\t<path>`: a submodule is a commit, a link a blob of mode 120000, neither an image.
    const tab = entry.indexOf('\t');
    const [mode, type, blob] = entry.slice(0, tab).split(' ');
    if (tab < 0 || type !== 'blob' || mode === '120000' || blob === undefined) continue;
    const path = entry.slice(tab + 1);
    const folder = folderOf(path);
    blobOf.set(path, blob);
    foldersOf.set(blob, (foldersOf.get(blob) ?? new Set()).add(folder));
    const files = filesIn.get(folder);
    if (files === undefined) filesIn.set(folder, [path]);
    else files.push(path);
  }
  return { blobOf, foldersOf, filesIn };
}

/**
 * The file's bytes stand in its folder alone in the commit: served somewhere, they prove where that folder is served.
 * The same bytes in another folder (a logo copied into two apps) are no proof of either.
 */
export function standsAlone(path: string, tree: Tree | undefined): boolean {
  const blob = tree?.blobOf.get(path);
  return blob !== undefined && tree?.foldersOf.get(blob)?.size === 1;
}

/**
 * Config files of the bundlers that give the images their sources import new names (`hero-3f2a1b9c.png`), by
 * the bundler they name: Vite, webpack, Rollup, Parcel, and the frameworks built on them.
 */
const BUNDLERS: readonly (readonly [RegExp, string])[] = [
  [/^vite\.config\.[cm]?[jt]s$/, 'Vite'],
  [/^webpack\.config\.[cm]?[jt]s$/, 'webpack'],
  [/^rollup\.config\.[cm]?[jt]s$/, 'Rollup'],
  [/^\.parcelrc$/, 'Parcel'],
  [/^next\.config\.[cm]?[jt]s$/, 'Next.js'],
  [/^astro\.config\.[cm]?[jt]s$/, 'Astro'],
  [/^nuxt\.config\.[cm]?[jt]s$/, 'Nuxt'],
  [/^svelte\.config\.[cm]?[jt]s$/, 'SvelteKit'],
];

/** The folders a bundler copies as they are, names kept: `public/` (Vite, Next.js, Nuxt, Astro), `static/` (SvelteKit). */
const COPIED_AS_THEY_ARE = new Set(['public', 'static']);

/**
 * The bundler whose sources hold the folder (its config in the folder or one above it, and the folder not in the
 * project's `public/` or `static/`); undefined for any other folder.
 */
export function bundlerOf(folder: string, tree: Tree | undefined): string | undefined {
  if (tree === undefined) return undefined;
  const segments = folder === '' ? [] : folder.split('/');
  for (let depth = segments.length; depth >= 0; depth--) {
    const project = segments.slice(0, depth).join('/');
    const files = tree.filesIn.get(project) ?? [];
    const found = BUNDLERS.find(([name]) =>
      files.some((path) => name.test(path.slice(path.lastIndexOf('/') + 1))),
    );
    if (found === undefined) continue;
    const below = segments[depth];
    return below !== undefined && COPIED_AS_THEY_ARE.has(below) ? undefined : found[1];
  }
  return undefined;
}
