import type { RunGitBytes } from '../changes/git.ts';
import { readRegularBytesAsync } from '../settings/regular-file.ts';
import type { Versions } from './verdict.ts';

/** An image larger than this, or not a regular file, is not compared: it cannot be told. */
export const MAX_IMAGE_BYTES = 32 * 1024 * 1024;

/** Where an image's two versions come from: the workspace, and git at the comparison's base commit. */
export interface VersionSources {
  readonly workspace: string;
  /** The commit the changes are compared with; absent when the files were given, not detected. */
  readonly base?: string;
  readonly git: RunGitBytes;
}

/** Its bytes, absent or undefined when it cannot be read: a missing file is deleted, a missing blob is new. */
export type ReadVersions = (path: string) => Promise<Versions | 'unreadable'>;

export function versionsFrom(sources: VersionSources): ReadVersions {
  return async (path) => {
    const current = await currentBytes(sources.workspace, path);
    if (current === 'unreadable') return current;
    const previous = await previousBytes(sources, path);
    return {
      ...(current === undefined ? {} : { current }),
      ...(previous === undefined ? {} : { previous }),
    };
  };
}

async function currentBytes(workspace: string, path: string): Promise<Buffer | undefined | 'unreadable'> {
  try {
    // A regular file inside the workspace only: a committed link may point anywhere on the runner.
    return await readRegularBytesAsync(path, {
      maxBytes: MAX_IMAGE_BYTES,
      inside: { folder: workspace, name: 'workspace' },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return 'unreadable';
  }
}

async function previousBytes(sources: VersionSources, path: string): Promise<Buffer | undefined> {
  const { base } = sources;
  // A base that could read as an option is never handed to git.
  if (base === undefined || base.startsWith('-')) return undefined;
  try {
    return await sources.git(['cat-file', 'blob', `${base}:${path}`], MAX_IMAGE_BYTES);
  } catch {
    return undefined;
  }
}
