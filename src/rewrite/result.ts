import { count, plural } from '../shown/format.ts';
import { unhandled } from '../mechanics/exhaustive.ts';
import type { AssetRef } from '../domain/refs.ts';
import type { RewriteWith } from '../settings/settings.ts';
import type { RewrittenUrl } from '../domain/variants.ts';

/** What rewriting the built files did: the leaf that the rewrite, its content values and the renderers share. */
export interface RewriteResult {
  /** Files that the patterns selected and that were read. */
  readonly scanned: number;
  /** Only the files with image URLs changed, sorted by path. */
  readonly files: readonly FileRewrite[];
  readonly urls: number;
  /** With `rewrite-with: content`: the invalidated images whose URLs kept their cache buster, and why. */
  readonly notRewritten?: readonly NotRewritten[];
}

export interface FileRewrite {
  /** Relative to the workspace, '/'-separated. */
  readonly path: string;
  readonly urls: number;
  /** With a cache buster per image: each origin image URL of the file that got one, and its value. */
  readonly cacheBusters?: Readonly<Record<string, string>> | undefined;
}

/** An invalidated image whose URLs keep their cache buster, and why. */
export interface NotRewritten {
  readonly ref: AssetRef;
  readonly reason: string;
}

/**
 * What the rewrite stage did: rewrote, skipped, or failed; with the variants the pages name after it, which the
 * warm-up and the proof ask for: every URL it wrote (when asked to keep them), none when it did not run, unknown
 * (undefined) when it failed.
 */
export type Rewritten =
  | {
      readonly state: 'rewritten';
      readonly result: RewriteResult;
      readonly variants: readonly RewrittenUrl[];
      /** A dry run: the files were read and counted, not written. */
      readonly preview: boolean;
    }
  | { readonly state: 'skipped'; readonly variants: readonly RewrittenUrl[] }
  | { readonly state: 'failed'; readonly error: string; readonly variants: undefined };

/** Not run: not asked for, cancelled, or no token to write; the pages then name the variants they named before. */
export const SKIPPED: Rewritten = { state: 'skipped', variants: [] };

/** A file over this size is refused before it is read: rewriting reads a file whole. */
export const MAX_REWRITE_BYTES = 64 * 1024 * 1024;

/**
 * `token` writes the run's token into every image URL of the pages (so it needs one, and every URL changes);
 * `content` writes each invalidated image's own value, which needs no token, and may change none on a second run.
 */
export function writesTheToken(cacheBuster: RewriteWith): boolean {
  switch (cacheBuster) {
    case 'token':
      return true;
    case 'content':
      return false;
    default:
      return unhandled(cacheBuster);
  }
}

/** `Set the cache buster of 3 image URLs in 2 files (of 3 scanned).`; brief: `Rewrote 3 image URLs in 2 files.` */
export function rewriteSentence(rewrite: RewriteResult, dryRun: boolean, brief = false): string {
  const urls = plural(rewrite.urls, 'image URL');
  const files = plural(rewrite.files.length, 'file');
  if (brief) return `${dryRun ? 'Would rewrite' : 'Rewrote'} ${urls} in ${files}.`;
  return `${dryRun ? 'Would set' : 'Set'} the cache buster of ${urls} in ${files} (of ${count(rewrite.scanned)} scanned).`;
}
