import { linkSync } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { matchedFiles } from '../settings/workspace-files.ts';
import { rewriteCacheBusters, type CacheBusters, type OnRewrite } from './cache-buster.ts';
import type { FileRewrite, RewriteResult } from './result.ts';
import {
  besideFile,
  checkStillRead,
  readInPlace,
  realWorkspace,
  stage,
  unstage,
  type Staged,
} from './in-place.ts';
import { errorMessage } from '../mechanics/error-message.ts';
import { keeping, staging, type Kept } from './staging.ts';

export interface RewriteOptions {
  readonly workspace: string;
  /** Patterns, `!` to exclude, in order, read as `paths` is (GitHub's filter syntax, dot files included). */
  readonly patterns: readonly string[];
  readonly imageHost: string;
  /** A token for every URL on the image host, or a value per origin image URL. */
  readonly cacheBusters: CacheBusters;
  readonly dryRun: boolean;
  /** Cancels the rewrite: the files staged so far are removed, and none is replaced. */
  readonly signal?: AbortSignal | undefined;
  /** Told of each URL rewritten (a dry run's too), for the warm-up. */
  readonly onRewrite?: OnRewrite;
}

/**
 * Sets the cache buster of the image URLs in the workspace files that `patterns` select, all or nothing: every
 * selected file is read and rewritten, and its new content staged beside it, before any file is replaced; if one
 * fails, none is replaced. A file with nothing to change is not written at all, so its timestamps stay as the build
 * left them. Only what was read is written (in-place.ts): a file replaced meanwhile by a link, a FIFO or another
 * file is an error, and the build folder is left as it was.
 */
export async function rewriteFiles(options: RewriteOptions): Promise<RewriteResult> {
  // A bad token or host is refused even when the patterns select nothing.
  rewriteCacheBusters('', options.imageHost, options.cacheBusters);
  const paths = await matchedFiles(options.workspace, options.patterns);
  const workspace = await realWorkspace(options.workspace);

  const files: FileRewrite[] = [];
  const staged: Staged[] = [];
  let current = '';
  try {
    for (const path of paths) {
      options.signal?.throwIfAborted();
      current = path;
      const original = await readInPlace(workspace, path);
      // latin1 maps each byte to one character and back, so every byte outside the ASCII URL prefixes survives,
      // whatever the file's encoding.
      const before = original.content.toString('latin1');
      const given = recording(options.cacheBusters);
      const { text, urls } = rewriteCacheBusters(before, options.imageHost, given.busters, options.onRewrite);
      if (urls === 0) continue;
      if (!options.dryRun) staged.push(await stage(original, Buffer.from(text, 'latin1')));
      files.push({ path, urls, cacheBusters: given.values });
    }
    current = '';
    options.signal?.throwIfAborted();
    await replaceAll(staged);
  } catch (error) {
    await Promise.all(staged.map((entry) => unstage(entry.temporary)));
    const reason = options.signal?.aborted === true ? 'the run was cancelled' : errorMessage(error);
    throw new Error(
      `${current === '' ? 'replacing the rewritten files' : current}: ${reason}; no file was changed.`,
      { cause: error },
    );
  }
  return { scanned: paths.length, files, urls: files.reduce((sum, file) => sum + file.urls, 0) };
}

/** Per-image cache busters that note the value each origin URL of a file got. */
function recording(busters: CacheBusters): { busters: CacheBusters; values?: Record<string, string> } {
  if (typeof busters === 'string') return { busters };
  const values: Record<string, string> = {};
  return {
    values,
    busters: (originUrl) => {
      const value = busters(originUrl);
      if (value !== undefined) values[originUrl] = value;
      return value;
    },
  };
}

/**
 * Each staged file renamed over its original: a reader (the deploy step, a server) sees the old file or the new one,
 * never a half-written one. The originals are kept (hard links) until every rename has succeeded, so that a rename
 * that fails part-way puts back the ones before it, and so can a process that must exit (discardStaging).
 */
async function replaceAll(staged: readonly Staged[]): Promise<void> {
  const kept: (Kept & { replaced: boolean })[] = [];
  try {
    for (const { original: read, temporary } of staged) {
      await checkStillRead(read);
      const entry = {
        file: read.file,
        original: besideFile(read.file, 'orig'),
        read: read.read,
        committed: false,
        replaced: false,
      };
      keeping.add(entry);
      kept.push(entry);
      // At once, not on another thread: a process that must exit between two steps finds it made, or not begun.
      linkSync(read.file, entry.original);
      await rename(temporary, read.file);
      staging.delete(temporary);
      entry.replaced = true;
    }
    for (const entry of kept) entry.committed = true;
    await Promise.all(kept.map(({ original }) => unlink(original).catch(() => undefined)));
  } catch (error) {
    // A rename onto another link of the same file does nothing: an original not yet replaced is unlinked instead.
    for (const { file, original, replaced } of kept.reverse())
      await (replaced ? rename(original, file) : unlink(original)).catch(() => undefined);
    throw error;
  } finally {
    for (const entry of kept) keeping.delete(entry);
  }
}
