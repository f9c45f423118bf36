import type { RunGitBytes } from '../changes/git.ts';
import { readRegularBytesAsync } from '../settings/regular-file.ts';

/** An image larger than this, or not a regular file, is not compared: it cannot be told. */
export const MAX_IMAGE_BYTES = 32 * 1024 * 1024;

/** Where an image's two versions come from: the workspace, and git at the comparison's base commit. */
export interface VersionSources {
  readonly workspace: string;
  /** The commit the changes are compared with; absent when the files were given, not detected. */
  readonly base?: string;
  readonly git: RunGitBytes;
}

/**
 * An image's two versions, read apart: the one in the workspace first; the previous one (a git process) only when
 * the origin does not already serve the new one, which is the common case once the deploy has landed.
 */
export interface ReadVersions {
  /** Undefined: the file is not in the workspace (deleted); `unreadable`: too large, or not a regular file. */
  readonly current: (path: string) => Promise<Buffer | undefined | 'unreadable'>;
  /** Undefined: git does not know it at the base commit (added), or no base is known. */
  readonly previous: (path: string) => Promise<Buffer | undefined>;
}

export function versionsFrom(sources: VersionSources): ReadVersions {
  return {
    current: (path) => currentBytes(sources.workspace, path),
    previous: (path) => previousBytes(sources, path),
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
