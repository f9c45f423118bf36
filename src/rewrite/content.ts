import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AssetRef } from '../assets/refs.ts';
import { contentCacheBuster } from '../urls.ts';

/** An invalidated image whose URLs keep their cache buster, and why. */
export interface NotRewritten {
  readonly ref: AssetRef;
  readonly reason: string;
}

export interface ContentBusters {
  /** Each origin image URL that gets a value, with the value. */
  readonly values: ReadonlyMap<AssetRef, string>;
  readonly notRewritten: readonly NotRewritten[];
}

// Images read at once: enough to keep the disk busy, few enough to bound memory.
const READS_AT_ONCE = 16;

/**
 * The content cache buster of each invalidated image that url-map made from a file still in the workspace. An image
 * given as a URL or a hash, or deleted, gets none: its URLs stay as they are.
 */
export async function contentBusters(
  refs: readonly AssetRef[],
  fileOf: ReadonlyMap<AssetRef, string> | undefined,
  workspace: string,
): Promise<ContentBusters> {
  const values = new Map<AssetRef, string>();
  const notRewritten: NotRewritten[] = [];
  for (let start = 0; start < refs.length; start += READS_AT_ONCE) {
    await Promise.all(
      refs.slice(start, start + READS_AT_ONCE).map(async (ref) => {
        const path = fileOf?.get(ref);
        if (path === undefined) {
          notRewritten.push({ ref, reason: 'not mapped from a changed file (given in assets or files)' });
          return;
        }
        try {
          values.set(ref, contentCacheBuster(await readFile(join(workspace, ...path.split('/')))));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          notRewritten.push({
            ref,
            reason:
              code === 'ENOENT'
                ? `${path} is not in the workspace (deleted)`
                : `${path}: ${code ?? String(error)}`,
          });
        }
      }),
    );
  }
  return { values, notRewritten };
}
