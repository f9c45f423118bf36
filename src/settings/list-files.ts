/**
 * `assets-from` and `files-from`: lists too long for an input, read from files. Every input reaches the action as
 * one environment variable, which Linux refuses over 128 KiB (E2BIG) and Windows over 32,767 characters, so a list
 * of a few thousand URLs or paths can only travel as a file.
 */
import { isAscii } from 'node:buffer';
import { InputError } from '../mechanics/input-error.ts';
import { isUtf8, quoteBytes } from '../shown/bytes.ts';
import { count } from '../shown/format.ts';
import { quote } from '../shown/shown.ts';
import { readRegularBytes, UnreadableFile, type ReadRule } from '../mechanics/regular-file.ts';
import type { RawInputs } from './settings.ts';
import { errorMessage } from '../mechanics/error-message.ts';

/**
 * Reads a list file by the path as given (relative to the workspace), by listRule; throws UnreadableFile for what
 * is not a regular file in the workspace, OversizedEntry, or the system's error.
 */
export type ReadList = (path: string) => Uint8Array;

/** The most a list file may hold: 1,000,000 paths of 60 characters, read whole. */
export const MAX_LIST_BYTES = 64 * 2 ** 20;

/**
 * The most one entry of a list may hold, in bytes: a path is at most 4 KiB on Linux (PATH_MAX), and servers refuse
 * a request line past 8 KiB. A line longer than this is no entry, and is refused as soon as it is read that far.
 */
export const MAX_ENTRY_BYTES = 16 * 1024;

/** An entry of a list file longer than MAX_ENTRY_BYTES, found while reading it. */
export class OversizedEntry extends Error {
  override readonly name = 'OversizedEntry';
  constructor(line: number) {
    super(`line ${count(line)} holds an entry longer than ${MAX_ENTRY_BYTES / 1024} KiB`);
  }
}

/** A list read whole (standard input) held to the same rule as a list file. */
export function checkedEntries(bytes: Uint8Array, source: string): Uint8Array {
  try {
    entryMeter()(bytes);
    return bytes;
  } catch (error) {
    if (error instanceof OversizedEntry) throw oversized(source, error);
    throw error;
  }
}

function oversized(source: string, error: OversizedEntry): InputError {
  return new InputError(
    `${source}: ${error.message}, the most one may hold (${count(MAX_ENTRY_BYTES)} bytes); it was refused as soon ` +
      'as read that far. A list holds one path or URL per line, or a JSON array of them: check the step that ' +
      'writes it.',
  );
}

/** How a list file is read: a regular file, links resolved, inside `inside`, watched for an oversized entry. */
export function listRule(inside: NonNullable<ReadRule['inside']>): ReadRule {
  return { maxBytes: MAX_LIST_BYTES, inside, watch: entryMeter() };
}

/**
 * List files read from the workspace, and only from it (or from the runner's temporary folder, where earlier steps
 * write lists): a regular file, links resolved, of at most MAX_LIST_BYTES. A pull request can commit a list file,
 * and make it a link to anything on the runner.
 */
export function listFilesIn(workspace: string, runnerTemp?: string): ReadList {
  const also = runnerTemp === undefined || runnerTemp === '' ? [] : [runnerTemp];
  const name = also.length === 0 ? 'workspace' : "workspace and the runner's temporary folder";
  return (path) => readRegularBytes(path, listRule({ folder: workspace, also, name }));
}

/**
 * A check of a list's bytes as they are read, piece by piece: it throws OversizedEntry at the first entry longer
 * than MAX_ENTRY_BYTES. An entry ends at a line break or a NUL, and in a JSON array (text that starts with '[') at a
 * ',' too, since an array often stands on one line; a run without them is at least as long as the entry it is in.
 */
export function entryMeter(): (piece: Uint8Array) => void {
  let run = 0;
  let line = 1;
  let json: boolean | undefined;
  return (piece) => {
    for (let i = 0; i < piece.length; i++) {
      const byte = piece[i] ?? 0;
      if (json === undefined && byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) {
        json = byte === 0x5b; // '['
      }
      if (byte === 0x0a) line++;
      if (byte === 0x0a || byte === 0 || (byte === 0x2c && json === true)) run = 0;
      else if (++run > MAX_ENTRY_BYTES) throw new OversizedEntry(line);
    }
  };
}

/**
 * The raw inputs with the text of `assets-from` and `files-from` in `assets` and `files`, as read: the list syntax
 * is parsed once, by settings, which names the input the user set (`assets-from "list.txt"`) in any error.
 */
export function withListFiles(raw: RawInputs, read: ReadList): RawInputs {
  const assets = listFrom(raw, 'assets', read);
  const files = listFrom(raw, 'files', read);
  return {
    ...raw,
    ...(assets === undefined ? {} : { assets }),
    ...(files === undefined ? {} : { files }),
  };
}

/** A list is given in one place: an input and a file both set would leave a reader unsure which was used. */
function listFrom(raw: RawInputs, inline: 'assets' | 'files', read: ReadList): string | undefined {
  const name = `${inline}-from` as const;
  const path = raw[name].trim();
  if (path === '') return undefined;
  if (raw[inline].trim() !== '') {
    const what = inline === 'files' ? 'the changed paths' : 'the assets';
    throw new InputError(`${name}: is set, and so is ${inline}; give ${what} in one of them.`);
  }
  return listText(readList(name, path, read), `${name} ${quote(path)}`);
}

/**
 * A list's bytes as text. A name is mapped to the URL a browser requests from its UTF-8 bytes, so bytes that are
 * not UTF-8 are refused, shown escaped (`caf\xE9.png`): decoded, they would become a replacement character, a name
 * that no file has, invalidated in place of the real one.
 */
export function listText(bytes: Uint8Array, source: string): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // ASCII reads the same as Latin-1, which Node keeps outside V8's heap once long: the text of a million paths is
  // then not among what V8 copies and counts at its collections.
  if (isAscii(bytes)) return buffer.toString('latin1');
  if (isUtf8(bytes)) return buffer.toString('utf8');
  // Entries end at a line break, or at a NUL in a NUL-separated list (whose names may hold line breaks).
  const separator = bytes.includes(0) ? 0 : 0x0a;
  const unit = separator === 0 ? 'entry' : 'line';
  let start = 0;
  for (let index = 1; start <= bytes.length; index++) {
    const end = bytes.indexOf(separator, start);
    const entry = bytes.subarray(start, end < 0 ? bytes.length : end);
    if (!isUtf8(entry)) {
      throw new InputError(
        `${source}: ${unit} ${count(index)}, ${quoteBytes(trimmed(entry))}, is not UTF-8 (a byte that is not is ` +
          "shown as \\xHH); a name is requested by its UTF-8 bytes, so one in another encoding maps to no image's " +
          'URL. A list written in another encoding: write it in UTF-8. A file whose name is not UTF-8 in the ' +
          'repository itself: rename it, or leave it out of the list.',
      );
    }
    if (end < 0) break;
    start = end + 1;
  }
  // Every entry is UTF-8 only if the whole is (a separator is ASCII, inside no sequence): not reached.
  throw new InputError(`${source}: is not UTF-8; write the list in UTF-8.`);
}

/** Without the line's carriage return and surrounding spaces, as the list syntax reads it. */
function trimmed(entry: Uint8Array): Uint8Array {
  let start = 0;
  let end = entry.length;
  while (start < end && (entry[start] === 0x20 || entry[start] === 0x09)) start++;
  while (end > start && (entry[end - 1] === 0x20 || entry[end - 1] === 0x09 || entry[end - 1] === 0x0d))
    end--;
  return entry.subarray(start, end);
}

function readList(name: 'assets-from' | 'files-from', path: string, read: ReadList): Uint8Array {
  try {
    return read(path);
  } catch (error) {
    if (error instanceof OversizedEntry) throw oversized(`${name} ${quote(path)}`, error);
    // What the path is, never what it holds: a link may lead to a file of credentials.
    if (error instanceof UnreadableFile) {
      throw new InputError(
        `${name}: ${quote(path)} ${error.what}; give the path of a regular file of at most ` +
          `${MAX_LIST_BYTES / 2 ** 20} MiB, written by an earlier step of this job.`,
      );
    }
    const code = (error as NodeJS.ErrnoException).code ?? errorMessage(error);
    throw new InputError(
      `${name}: cannot read ${quote(path)} (${code}); give the path of a file in the workspace, relative to it, ` +
        'written by an earlier step of this job.',
    );
  }
}
