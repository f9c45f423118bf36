/**
 * `assets-from` and `files-from`: lists too long for an input, read from files. Every input reaches the action as
 * one environment variable, which Linux refuses over 128 KiB (E2BIG) and Windows over 32,767 characters, so a list
 * of a few thousand URLs or paths can only travel as a file.
 */
import { splitAssetList } from './assets/refs.ts';
import { InputError, quote } from './inputs.ts';
import { parseJsonList } from './json-list.ts';
import { readRegularFile, UnreadableFile } from './regular-file.ts';
import type { RawInputs } from './settings.ts';

/**
 * Reads a list file by the path as given (relative to the workspace); throws UnreadableFile for what is not a
 * regular file in the workspace, or the system's error.
 */
export type ReadList = (path: string) => string;

/** The most a list file may hold: 1,000,000 paths of 60 characters, read whole. */
export const MAX_LIST_BYTES = 64 * 2 ** 20;

/**
 * List files read from the workspace, and only from it (or from the runner's temporary folder, where earlier steps
 * write lists): a regular file, links resolved, of at most MAX_LIST_BYTES. A pull request can commit a list file,
 * and make it a link to anything on the runner.
 */
export function listFilesIn(workspace: string, runnerTemp?: string): ReadList {
  const also = runnerTemp === undefined || runnerTemp === '' ? [] : [runnerTemp];
  const name = also.length === 0 ? 'workspace' : "workspace and the runner's temporary folder";
  return (path) =>
    readRegularFile(path, { maxBytes: MAX_LIST_BYTES, inside: { folder: workspace, also, name } });
}

/** The raw inputs with the lists of `assets-from` and `files-from` in `assets` and `files`. */
export function withListFiles(raw: RawInputs, read: ReadList): RawInputs {
  const assets = assetsFrom(raw, read);
  const files = filesFrom(raw, read);
  return {
    ...raw,
    // As a JSON array: each entry of the file stays whole, whatever the `assets` input is written as.
    ...(assets === undefined ? {} : { assets: JSON.stringify([...splitAssetList(raw.assets), ...assets]) }),
    ...(files === undefined ? {} : { files }),
  };
}

/**
 * The text of `files-from` as `files` would hold it: one path per line and a JSON array are the same syntax, and
 * are passed on as they are (a million paths are not parsed twice); NUL-separated names, which may hold line
 * breaks, become a JSON array.
 */
function filesFrom(raw: RawInputs, read: ReadList): string | undefined {
  const path = raw['files-from'].trim();
  if (path === '') return undefined;
  if (raw.files.trim() !== '') {
    throw new InputError('files-from: is set, and so is files; give the changed paths in one of them.');
  }
  const text = readList('files-from', path, read);
  return text.includes('\0') ? JSON.stringify(text.split('\0').filter((name) => name !== '')) : text;
}

function readList(name: 'assets-from' | 'files-from', path: string, read: ReadList): string {
  try {
    return read(path);
  } catch (error) {
    // What the path is, never what it holds: a link may lead to a file of credentials.
    if (error instanceof UnreadableFile) {
      throw new InputError(
        `${name}: ${quote(path)} ${error.what}; give the path of a regular file of at most ` +
          `${MAX_LIST_BYTES / 2 ** 20} MiB, written by an earlier step of this job.`,
      );
    }
    const code =
      (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new InputError(
      `${name}: cannot read ${quote(path)} (${code}); give the path of a file in the workspace, relative to it, ` +
        'written by an earlier step of this job.',
    );
  }
}

/** The list of `assets-from`; an empty one with nothing else to go on is a step that would do nothing. */
function assetsFrom(raw: RawInputs, read: ReadList): string[] | undefined {
  const path = raw['assets-from'].trim();
  if (path === '') return undefined;
  const list = parseList('assets-from', path, readList('assets-from', path, read));
  if (list.length === 0 && raw.assets.trim() === '' && raw['url-map'].trim() === '') {
    throw new InputError(
      `assets-from: ${quote(path)} holds no asset, and neither assets nor url-map gives any; check the step that ` +
        'writes it.',
    );
  }
  return list;
}

/** One entry per line, NUL-separated entries, or a JSON array of strings, told apart by the content. */
export function parseList(name: string, path: string, text: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    const list = parseJsonList(trimmed);
    if ('problem' in list) throw new InputError(`${name}: ${quote(path)} ${list.problem}.`);
    return list.entries.filter((entry) => entry !== '');
  }
  const entries = text.includes('\0') ? text.split('\0') : text.split(/\r?\n/).map((line) => line.trim());
  return entries.filter((entry) => entry !== '');
}
