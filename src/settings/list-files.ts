/**
 * `assets-from` and `files-from`: lists too long for an input, read from files. Every input reaches the action as
 * one environment variable, which Linux refuses over 128 KiB (E2BIG) and Windows over 32,767 characters, so a list
 * of a few thousand URLs or paths can only travel as a file.
 */
import { InputError } from './inputs.ts';
import { quote } from '../shown/shown.ts';
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
  return readList(name, path, read);
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
