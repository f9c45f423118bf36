/**
 * Reading a file that a workflow names (a list file, a key file) when the file itself may come from a pull request:
 * a committed symbolic link can point anywhere on the runner (a file of credentials, /dev/zero), and a FIFO or a
 * device never ends. Only a regular file is read, never more than a cap, and opening never waits.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** A file refused for what it is; `what` completes a sentence about its path, and never holds its content. */
export class UnreadableFile extends Error {
  override readonly name = 'UnreadableFile';
  readonly what: string;

  constructor(what: string) {
    super(what);
    this.what = what;
  }
}

export interface ReadRule {
  /** More than this is refused, read no further than one byte past it. */
  readonly maxBytes: number;
  /**
   * The folder a relative path starts from, and the file must lie in once every link is resolved (or in one of
   * `also`), and how a message calls them.
   */
  readonly inside?: { readonly folder: string; readonly also?: readonly string[]; readonly name: string };
  /**
   * Shown each piece as it is read, before the next is: a check that throws stops the read there, so that a file
   * refused for what it holds is never read whole.
   */
  readonly watch?: (piece: Uint8Array) => void;
}

// Non-blocking, so that opening a FIFO returns at once (Windows has no such flag, nor FIFOs to fear); never a
// controlling terminal; never the last link of a path already resolved, so that one swapped in meanwhile fails.
const unix: Partial<Record<'O_NONBLOCK' | 'O_NOCTTY' | 'O_NOFOLLOW', number>> = constants;
const OPEN_FLAGS =
  constants.O_RDONLY | (unix.O_NONBLOCK ?? 0) | (unix.O_NOCTTY ?? 0) | (unix.O_NOFOLLOW ?? 0);

/**
 * The text (UTF-8) of the regular file at `path` (relative to the current folder), once its links are resolved.
 * Throws UnreadableFile for anything else, or the system's error (ENOENT, EACCES) when it cannot be opened.
 */
export function readRegularFile(path: string, rule: ReadRule): string {
  return readRegularBytes(path, rule).toString('utf8');
}

/** The bytes of the regular file at `path`, by the same rule. */
export function readRegularBytes(path: string, rule: ReadRule): Buffer {
  const real = realPathWithin(path, rule.inside);
  const fd = openSync(real, OPEN_FLAGS);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new UnreadableFile(`is ${kindOf(stats)}, not a regular file`);
    if (stats.size > rule.maxBytes) throw new UnreadableFile(tooLarge(rule.maxBytes));
    return readAtMost(fd, stats.size, rule);
  } finally {
    closeSync(fd);
  }
}

/** The same, without blocking the event loop while it reads (many files, each up to the cap). */
export async function readRegularBytesAsync(path: string, rule: ReadRule): Promise<Buffer> {
  const handle = await open(realPathWithin(path, rule.inside), OPEN_FLAGS);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new UnreadableFile(`is ${kindOf(stats)}, not a regular file`);
    if (stats.size > rule.maxBytes) throw new UnreadableFile(tooLarge(rule.maxBytes));
    const buffer = Buffer.allocUnsafe(stats.size + 1);
    let total = 0;
    for (let read = -1; read !== 0 && total < buffer.length; total += read)
      ({ bytesRead: read } = await handle.read(buffer, total, buffer.length - total, null));
    // One byte more than fstat said: the file grew while read, so it is read again the sure way.
    if (total > stats.size) return readRegularBytes(path, rule);
    rule.watch?.(buffer.subarray(0, total));
    return buffer.subarray(0, total);
  } finally {
    await handle.close();
  }
}

function realPathWithin(path: string, inside: ReadRule['inside']): string {
  if (inside === undefined) return realpathSync(path);
  const given = resolve(inside.folder, path);
  // A folder may be named through a link of its own (/tmp on macOS): a path under either name is in it.
  const folders = [inside.folder, ...(inside.also ?? [])].flatMap((folder) => [
    resolve(folder),
    realFolder(folder),
  ]);
  if (!folders.some((folder) => isWithin(folder, given)))
    throw new UnreadableFile(`is outside the ${inside.name}`);
  const real = realpathSync(given);
  if (!folders.some((folder) => isWithin(folder, real)))
    throw new UnreadableFile(`is a symbolic link that leads outside the ${inside.name}`);
  return real;
}

function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return resolve(folder);
  }
}

function isWithin(folder: string, path: string): boolean {
  const rest = relative(folder, path);
  return rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest);
}

/** What a file that is not a regular one is instead, as a user would name it. */
export function kindOf(stats: Stats): string {
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a FIFO (a named pipe)';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return 'something else';
}

function tooLarge(maxBytes: number): string {
  return `is larger than the ${sizeOf(maxBytes)} it may hold`;
}

function sizeOf(bytes: number): string {
  return bytes >= 2 ** 20 ? `${bytes / 2 ** 20} MiB` : `${bytes / 2 ** 10} KiB`;
}

/** At most `maxBytes`: a file that grows past it while read is refused, never read on. */
function readAtMost(fd: number, size: number, rule: ReadRule): Buffer {
  const { maxBytes, watch } = rule;
  // Watched, a file is read a piece at a time, so that a check stops the read early.
  const most = watch === undefined ? Infinity : WATCHED_PIECE;
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const room = maxBytes + 1 - total;
    const chunk = Buffer.allocUnsafe(Math.min(room, most, Math.max(size + 1 - total, 64 * 1024)));
    const read = readSync(fd, chunk, 0, chunk.length, null);
    if (read === 0) break;
    chunks.push(chunk.subarray(0, read));
    total += read;
    if (total > maxBytes) throw new UnreadableFile(tooLarge(maxBytes));
    watch?.(chunk.subarray(0, read));
  }
  return Buffer.concat(chunks, total);
}

const WATCHED_PIECE = 1024 * 1024;
