import type { AssetRef } from '../domain/refs.ts';
import { readRegularBytesAsync, UnreadableFile } from '../mechanics/regular-file.ts';
import { contentCacheBuster } from '../domain/urls.ts';
import { eachInFlight } from '../mechanics/in-flight.ts';
import { MAX_REWRITE_BYTES, type NotRewritten } from './result.ts';

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
  await eachInFlight(refs, READS_AT_ONCE, async (ref) => {
    const path = fileOf?.get(ref);
    if (path === undefined) {
      notRewritten.push({ ref, reason: 'not mapped from a changed file (given in assets or files)' });
      return;
    }
    try {
      values.set(ref, contentCacheBuster(await imageFile(workspace, path)));
    } catch (error) {
      if (error instanceof UnreadableFile) {
        notRewritten.push({ ref, reason: `${path} ${error.what}` });
        return;
      }
      const code = (error as NodeJS.ErrnoException).code;
      notRewritten.push({
        ref,
        reason:
          code === 'ENOENT'
            ? `${path} is not in the workspace (deleted)`
            : `${path}: ${code ?? String(error)}`,
      });
    }
  });
  return { values, notRewritten };
}

/**
 * A changed image's bytes: a regular file inside the workspace only, as a pull request may commit the image as a link
 * to anything on the runner (a file of credentials, whose hash would become a cache buster; /dev/zero).
 */
function imageFile(workspace: string, path: string): Promise<Buffer> {
  return readRegularBytesAsync(path, {
    maxBytes: MAX_REWRITE_BYTES,
    inside: { folder: workspace, name: 'workspace' },
  });
}
