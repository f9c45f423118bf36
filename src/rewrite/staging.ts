/**
 * What the rewrite under way has staged and kept, in this process, and how a process that must exit puts it back: a
 * module of its own, loaded at start-up (the cancel handler holds it) while the rewrite itself loads only when asked.
 */
import { renameSync, statSync, unlinkSync } from 'node:fs';

/** Every staged file not yet renamed or removed, in this process: what a process that must exit now removes. */
export const staging = new Set<string>();

/** A file being replaced: its original, kept as a hard link beside it until every file is replaced. */
export interface Kept {
  readonly file: string;
  readonly original: string;
  /** The file as read: while `file` is still it, it is not replaced. */
  readonly read: { readonly dev: number; readonly ino: number };
  /** Every file is replaced: what is left is to remove the originals. */
  committed: boolean;
}

/** The originals kept by the replacing under way, in this process: what a process that must exit now puts back. */
export const keeping = new Set<Kept>();

/**
 * Puts the built files back as they were, at once, synchronously: for a process about to exit (a second signal),
 * so that no temporary file or kept original is left among the built files for a deploy to ship, and no file is
 * left replaced while others are not. The staged files go first, so that a rename still to run finds none; then
 * each file no longer the one read gets its original back, and the other originals are removed (all of them, once
 * every file is replaced: the rewrite is then whole).
 */
export function discardStaging(): void {
  for (const temporary of staging) {
    try {
      unlinkSync(temporary);
    } catch {
      // Already gone: renamed over its file, or removed.
    }
  }
  staging.clear();
  for (const kept of [...keeping].reverse()) {
    try {
      const now = statSync(kept.file, { throwIfNoEntry: false });
      const replaced = now?.dev !== kept.read.dev || now.ino !== kept.read.ino;
      if (replaced && !kept.committed) renameSync(kept.original, kept.file);
      else unlinkSync(kept.original);
    } catch {
      // Its original not made yet, or already put back or removed.
    }
  }
  keeping.clear();
}
