/**
 * `assets-from` and `files-from`: lists too long for an input, read from files. Every input reaches the action as
 * one environment variable, which Linux refuses over 128 KiB (E2BIG) and Windows over 32,767 characters, so a list
 * of a few thousand URLs or paths can only travel as a file.
 */
import { InputError, quote } from './inputs.ts';
import type { RawInputs } from './settings.ts';

/** Reads a list file by the path as given (relative to the workspace), or throws with the system's code. */
export type ReadList = (path: string) => string;

/** The raw inputs with the lists of `assets-from` and `files-from` in `assets` and `files`. */
export function withListFiles(raw: RawInputs, read: ReadList): RawInputs {
  const assets = listFrom('assets-from', raw, read);
  const files = listFrom('files-from', raw, read);
  return {
    ...raw,
    ...(assets === undefined ? {} : { assets: [raw.assets, ...assets].join('\n') }),
    // As a JSON array, which `files` takes whole: a name may hold a line break, or start with '['.
    ...(files === undefined ? {} : { files: JSON.stringify(files) }),
  };
}

function listFrom(name: 'assets-from' | 'files-from', raw: RawInputs, read: ReadList): string[] | undefined {
  const path = raw[name].trim();
  if (path === '') return undefined;
  if (name === 'files-from' && raw.files.trim() !== '') {
    throw new InputError('files-from: is set, and so is files; give the changed paths in one of them.');
  }
  let text: string;
  try {
    text = read(path);
  } catch (error) {
    const code =
      (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new InputError(
      `${name}: cannot read ${quote(path)} (${code}); give the path of a file in the workspace, relative to it, ` +
        'written by an earlier step of this job.',
    );
  }
  const list = parseList(name, path, text);
  // An empty list of changed files is a change set with no image; an empty asset list with nothing else to go on
  // is a step that would do nothing.
  if (
    name === 'assets-from' &&
    list.length === 0 &&
    raw.assets.trim() === '' &&
    raw['url-map'].trim() === ''
  ) {
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
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw new InputError(`${name}: ${quote(path)} starts with '[' but is not a JSON array.`);
    }
    const bad = Array.isArray(parsed) ? parsed.findIndex((entry) => typeof entry !== 'string') : 0;
    if (bad >= 0) {
      throw new InputError(
        `${name}: ${quote(path)} is not a JSON array of strings` +
          (Array.isArray(parsed) ? ` (entry ${bad + 1} is ${JSON.stringify(parsed[bad])})` : '') +
          '.',
      );
    }
    return (parsed as string[]).filter((entry) => entry !== '');
  }
  const entries = text.includes('\0') ? text.split('\0') : text.split(/\r?\n/).map((line) => line.trim());
  return entries.filter((entry) => entry !== '');
}
