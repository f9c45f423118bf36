import type { RunGitBytes } from '../mechanics/git.ts';
import { readRegularBytesAsync } from '../mechanics/regular-file.ts';

/** An image larger than this, or not a regular file, is not compared: it cannot be told. */
export const MAX_IMAGE_BYTES = 32 * 1024 * 1024;

/** Where an image's two versions come from: the workspace, and git at the comparison's base commit. */
export interface VersionSources {
  readonly workspace: string;
  /** The commit the changes are compared with; absent when the files were given, not detected. */
  readonly base?: string | undefined;
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

/**
 * Bytes of previous versions one reader keeps, the ones asked for last: the origin check asks a lagging origin about
 * an image again and again, and the proof once per variant, and each read from git is a process.
 */
export const KEPT_PREVIOUS_BYTES = 64 * 1024 * 1024;

export function versionsFrom(sources: VersionSources, keptBytes = KEPT_PREVIOUS_BYTES): ReadVersions {
  return {
    current: (path) => currentBytes(sources.workspace, path),
    previous: kept(keptBytes, (path) => previousBytes(sources, path)),
  };
}

/** What git said of a path at the base: its bytes, or none; `final` unless the process was stopped before it said. */
interface GitRead {
  readonly bytes?: Buffer;
  readonly final: boolean;
}

/**
 * `read`, each path read once while its answer is kept: the answers asked for last, up to `limit` bytes in all. An
 * answer that is not final (a cancel) is not kept.
 */
function kept(
  limit: number,
  read: (path: string) => Promise<GitRead>,
): (path: string) => Promise<Buffer | undefined> {
  const reads = new Map<string, Promise<GitRead>>();
  const sizes = new Map<string, number>();
  let total = 0;
  const forget = (path: string): void => {
    reads.delete(path);
    total -= sizes.get(path) ?? 0;
    sizes.delete(path);
  };
  const settled = (path: string, reading: Promise<GitRead>, answer: GitRead): void => {
    if (reads.get(path) !== reading) return;
    if (!answer.final) {
      forget(path);
      return;
    }
    sizes.set(path, answer.bytes?.length ?? 0);
    total += answer.bytes?.length ?? 0;
    // The oldest first: a Map keeps its order of insertion, and an answer asked for again is moved to its end.
    for (const oldest of sizes.keys()) {
      if (total <= limit) break;
      forget(oldest);
    }
  };
  return async (path) => {
    let reading = reads.get(path);
    if (reading === undefined) {
      const started = read(path);
      reads.set(path, (reading = started));
      void started.then((answer) => {
        settled(path, started, answer);
      });
    } else {
      // Asked for again: the last to go.
      const size = sizes.get(path);
      if (size !== undefined) {
        sizes.delete(path);
        sizes.set(path, size);
      }
    }
    return (await reading).bytes;
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

async function previousBytes(sources: VersionSources, path: string): Promise<GitRead> {
  const { base } = sources;
  // A base that could read as an option is never handed to git.
  if (base === undefined || base.startsWith('-')) return { final: true };
  try {
    return {
      bytes: await sources.git(['cat-file', 'blob', `${base}:${path}`], MAX_IMAGE_BYTES),
      final: true,
    };
  } catch (error) {
    // git saying the path is not at the base (an added file) is an answer; a process stopped before it said is not.
    const stopped = (error as { cause?: { killed?: unknown; name?: unknown } }).cause;
    return { final: stopped?.killed !== true && stopped?.name !== 'AbortError' };
  }
}
