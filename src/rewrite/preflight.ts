/**
 * `rewrite` checked before anything is sent: a pattern that matches no file, or an `image-host` that none of the
 * selected files mentions, is a rewrite that would change nothing, found today only after the invalidation and the
 * token calls, in a green run whose deploy then ships the old URLs.
 *
 * Both are errors, not warnings: either is a typo or a build that did not run (the step placed before it), which a
 * warning in a green run would leave to be found in production; and refusing costs nothing, since nothing has been
 * sent yet, so the corrected run invalidates as this one would have. So is a selected file that rewrite would
 * refuse (over 64 MiB, or no longer a regular file), which would otherwise fail the rewrite after the calls.
 */
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { throwInput } from '../mechanics/input-error.ts';
import { quote } from '../shown/shown.ts';
import { plural } from '../shown/format.ts';
import { selectedFiles } from '../settings/workspace-files.ts';
import { oversize, readInPlace, realWorkspace } from './in-place.ts';
import { errorMessage } from '../mechanics/error-message.ts';

/** Throws an InputError naming the first pattern that matches no file, or an image-host that no file mentions. */
export async function checkRewrite(
  workspace: string,
  patterns: readonly string[],
  imageHost: string,
): Promise<void> {
  const selected = await selectedFiles('rewrite', workspace, patterns);
  const real = await realWorkspace(workspace);
  let mentioned = false;
  // Every file rewrite would refuse is refused now, while nothing is sent; once one file names the host, the rest
  // are only looked at, not read.
  for (const path of selected) {
    if (mentioned) await checkSize(real, path);
    else mentioned = await mentions(real, path, imageHost);
  }
  if (mentioned) return;
  throwInput(
    `image-host: ${quote(imageHost)} appears in none of the ${plural(selected.length, 'file')} that rewrite ` +
      `selects (such as ${quote(selected[0] ?? '')}), so no image URL would get a fresh cache buster; give the host ` +
      'of the image URLs these pages show (https://<image-host>/…/<origin image URL>).',
  );
}

/** Whether a file holds the host, in any case; a file rewrite would refuse is refused, naming why. */
async function mentions(workspace: string, path: string, host: string): Promise<boolean> {
  const read = await readInPlace(workspace, path).catch((error: unknown) => refuse(path, error));
  return read.content.toString('latin1').toLowerCase().includes(host);
}

/** Refuses a file over what rewrite reads, or one that is no longer a regular file; read without following a link. */
async function checkSize(workspace: string, path: string): Promise<void> {
  const stats = await lstat(join(workspace, ...path.split('/'))).catch((error: unknown) =>
    refuse(path, error),
  );
  if (!stats.isFile()) refuse(path, new Error('is no longer a regular file'));
  const over = oversize(stats.size);
  if (over !== undefined) refuse(path, new Error(over));
}

function refuse(path: string, error: unknown): never {
  const why = errorMessage(error);
  return throwInput(`rewrite: ${quote(path)}: ${why}; nothing was sent.`);
}
