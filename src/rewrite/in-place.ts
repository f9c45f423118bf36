/**
 * Reading a built file and writing it back, so that rewrite writes only what it read. Between the listing of the
 * build folder and the rename of a new content over a file, another process of the job may replace the file, or a
 * folder on its path, by a symbolic link (the new content would then land outside the build, carrying the token)
 * or by a FIFO (a read would wait forever). So each file is opened without following a link and without waiting,
 * must be the regular file at its own path in the workspace, and is renamed over only while it is still that file,
 * unchanged since it was read. The staging file is removed on every way out.
 */
import { staging } from './staging.ts';
import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, open, realpath, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { kindOf } from '../mechanics/regular-file.ts';
import { MAX_REWRITE_BYTES } from './result.ts';

/** A file as rewrite read it: where it is, its bytes, and which file it was. */
export interface ReadFile {
  /** Relative to the workspace, '/'-separated. */
  readonly path: string;
  /** Its full path, inside the workspace's real path: no symbolic link on the way. */
  readonly file: string;
  readonly content: Buffer;
  readonly read: Stats;
}

/** The workspace as rewrite addresses its files: its real path, links on the way to it resolved once. */
export function realWorkspace(workspace: string): Promise<string> {
  return realpath(workspace);
}

/**
 * Reads the regular file at `path` in the workspace (its real path), opened without following a link or waiting on
 * a FIFO; throws, saying what it found, for anything else.
 */
export async function readInPlace(workspace: string, path: string): Promise<ReadFile> {
  const file = join(workspace, ...path.split('/'));
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new Error(NOT_FOLLOWED);
      throw error;
    },
  );
  try {
    const read = await handle.stat();
    if (!read.isFile()) throw new Error(`is now ${kindOf(read)}, not the regular file rewrite listed`);
    await checkPlace(file, read);
    const over = oversize(read.size);
    if (over !== undefined) throw new Error(over);
    const content = Buffer.alloc(read.size);
    const { bytesRead } = await handle.read(content, 0, read.size, 0);
    if (bytesRead !== read.size) throw new Error(CHANGED);
    return { path, file, content, read };
  } finally {
    await handle.close();
  }
}

/** Why rewrite refuses a file of this size, or undefined: it reads a file whole, and at most MAX_REWRITE_BYTES. */
export function oversize(size: number): string | undefined {
  if (size <= MAX_REWRITE_BYTES) return undefined;
  return (
    `${(size / 2 ** 20).toFixed(1)} MiB, over the ${MAX_REWRITE_BYTES / 2 ** 20} MiB that rewrite reads; ` +
    'leave it out of rewrite with a ! pattern'
  );
}

/** A file's new content, written beside it under a temporary name, with the file's mode. */
/** A file as read, without its content: what is needed to check, at the rename, that it is still the one read. */
export type ReadPlace = Omit<ReadFile, 'content'>;

export interface Staged {
  /** Not its content: a run holds every staged file until the renames, and the contents are the new ones' size. */
  readonly original: ReadPlace;
  readonly temporary: string;
}

/**
 * Writes the new content beside the file, created afresh (never through an existing name), with the file's mode;
 * on any failure (a full disk) the staging file is removed before the error is thrown.
 */
export async function stage(original: ReadFile, content: Buffer): Promise<Staged> {
  const temporary = besideFile(original.file, 'tmp');
  staging.add(temporary);
  try {
    await checkFolder(original, temporary);
    const handle = await open(
      temporary,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    try {
      await checkFolder(original, temporary);
      await handle.writeFile(content);
      await handle.chmod(original.read.mode & 0o7777);
    } finally {
      await handle.close();
    }
  } catch (error) {
    await unstage(temporary);
    throw error;
  }
  return { original: { path: original.path, file: original.file, read: original.read }, temporary };
}

/**
 * O_NOFOLLOW guards the last name alone: a folder on the way swapped for a link since the read would take the new
 * content outside the build. Checked before the staging file is made, and again before anything is written to it.
 */
async function checkFolder(original: ReadPlace, temporary: string): Promise<void> {
  if ((await realpath(dirname(temporary))) !== dirname(original.file))
    throw new Error('its folder was replaced since rewrite read it; nothing is written through it');
}

export async function unstage(temporary: string): Promise<void> {
  await unlink(temporary).catch(() => undefined);
  staging.delete(temporary);
}

/** Throws, naming the file, unless the file at its path is still the one read, unchanged and reached without a link. */
export async function checkStillRead(original: ReadPlace): Promise<void> {
  const now = await lstat(original.file).catch(() => undefined);
  if (now === undefined) throw new Error(`${original.path}: was removed after rewrite read it`);
  if (!now.isFile())
    throw new Error(`${original.path}: is now ${kindOf(now)}, not the regular file rewrite read`);
  if (now.dev !== original.read.dev || now.ino !== original.read.ino)
    throw new Error(`${original.path}: was replaced by another file after rewrite read it`);
  if (now.size !== original.read.size || now.mtimeMs !== original.read.mtimeMs)
    throw new Error(`${original.path}: ${CHANGED}`);
  await checkPlace(original.file, now).catch((error: unknown) => {
    throw new Error(`${original.path}: ${(error as Error).message}`);
  });
}

export function besideFile(file: string, kind: string): string {
  return join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.${kind}`);
}

const NOT_FOLLOWED = 'is now a symbolic link, which rewrite does not follow';
const CHANGED = 'changed while rewrite read it (another step writes the build folder at the same time)';

/** The file at `file` is this one and is reached through no symbolic link: a folder on its path may be one now. */
async function checkPlace(file: string, expected: Stats): Promise<void> {
  const real = await realpath(file);
  const there = await lstat(real);
  if (real !== file || there.dev !== expected.dev || there.ino !== expected.ino)
    throw new Error(
      'is now reached through a symbolic link (a folder on its path), which rewrite does not follow',
    );
}
