import { randomBytes } from 'node:crypto';
import { chmod, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { selectPaths } from '../changes/select.ts';
import { rewriteCacheBusters } from './cache-buster.ts';

export interface FileRewrite {
  /** Relative to the workspace, '/'-separated. */
  readonly path: string;
  readonly urls: number;
}

export interface RewriteResult {
  /** Files that the patterns selected and that were read. */
  readonly scanned: number;
  /** Only the files with image URLs changed, sorted by path. */
  readonly files: readonly FileRewrite[];
  readonly urls: number;
}

export interface RewriteOptions {
  readonly workspace: string;
  /** Glob patterns, `!` to exclude, matched as `paths` is: without regard to case, dot files included. */
  readonly patterns: readonly string[];
  readonly imageHost: string;
  readonly token: string;
  readonly dryRun: boolean;
}

/**
 * Sets the cache buster of the image URLs in the workspace files that `patterns` select. A file with nothing to
 * change is not written at all, so its timestamps stay as the build left them.
 */
export async function rewriteFiles(options: RewriteOptions): Promise<RewriteResult> {
  // A bad token or host is refused even when the patterns select nothing.
  rewriteCacheBusters('', options.imageHost, options.token);
  // node_modules can hold more files than the site itself: walked only when a pattern asks for it.
  const skip = new Set(['.git']);
  if (!options.patterns.some((pattern) => /node_modules/i.test(pattern))) skip.add('node_modules');
  const paths = selectPaths(await listFiles(options.workspace, skip), options.patterns).sort(byCodeUnit);

  const files: FileRewrite[] = [];
  for (const path of paths) {
    const file = join(options.workspace, ...path.split('/'));
    // latin1 maps each byte to one character and back, so every byte outside the ASCII URL prefixes survives,
    // whatever the file's encoding.
    const before = (await readFile(file)).toString('latin1');
    const { text, urls } = rewriteCacheBusters(before, options.imageHost, options.token);
    if (urls === 0) continue;
    if (!options.dryRun) await replaceFile(file, Buffer.from(text, 'latin1'));
    files.push({ path, urls });
  }
  return { scanned: paths.length, files, urls: files.reduce((sum, file) => sum + file.urls, 0) };
}

/** Regular files only, '/'-separated; symbolic links are neither followed nor listed. */
async function listFiles(workspace: string, skip: ReadonlySet<string>, prefix = ''): Promise<string[]> {
  const paths: string[] = [];
  for (const entry of await readdir(join(workspace, prefix), { withFileTypes: true })) {
    const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory() && !skip.has(entry.name)) paths.push(...(await listFiles(workspace, skip, path)));
    else if (entry.isFile()) paths.push(path);
  }
  return paths;
}

/** A reader (the deploy step, a server) sees the old file or the new one, never a half-written one. */
async function replaceFile(file: string, content: Buffer): Promise<void> {
  const { mode } = await stat(file);
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(content);
    } finally {
      await handle.close();
    }
    await chmod(temporary, mode & 0o7777);
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
