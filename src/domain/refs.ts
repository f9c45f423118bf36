import { credentialsHidden } from './credentials.ts';
import { parseList } from './list-syntax.ts';

/**
 * An entry of the `assets` list: a full image URL, in its canonical form (canonicalRef), or a 32-character asset
 * hash, as written.
 */
export type AssetRef = string;

export interface InvalidEntry {
  readonly value: string;
  readonly reason: string;
}

export interface ParsedAssetList {
  /** Valid references in canonical form, de-duplicated, in first-seen order. */
  readonly refs: AssetRef[];
  readonly invalid: InvalidEntry[];
  /** Valid entries dropped as the same reference as an earlier one, once both were in canonical form. */
  readonly merged: number;
}

/**
 * The entries of a list in the one list syntax (list-syntax.ts): a JSON array of strings, or one entry per line; a
 * line holding several entries is refused with an InputError.
 */
export function splitAssetList(text: string, source = 'assets'): string[] {
  return parseList(text, 'assets', source)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

// Quotes that YAML keeps when a list is written `"a", "b"`, or that a shell or a spreadsheet added. No reference
// starts with one; a URL may end with `'` (a path or fragment may hold it), so only the others count at the end.
const QUOTED = /^["'`\u2018\u2019\u201c\u201d]|["\u2018\u2019\u201c\u201d]$/;

/** Why an entry is not an asset reference, or undefined when it is one. */
export function assetRefProblem(entry: string): string | undefined {
  const read = readAssetRef(entry);
  return 'problem' in read ? read.problem : undefined;
}

export function parseAssetList(text: string): ParsedAssetList {
  return parseAssetEntries(splitAssetList(text));
}

/** The entries of a list, each sorted into a valid reference (canonical, de-duplicated) or an invalid entry. */
export function parseAssetEntries(entries: readonly string[]): ParsedAssetList {
  const refs = new Set<AssetRef>();
  const invalid: InvalidEntry[] = [];
  let valid = 0;
  for (const entry of entries) {
    const read = readAssetRef(entry);
    if ('problem' in read) invalid.push({ value: read.shown ?? entry, reason: read.problem });
    else {
      valid++;
      refs.add(read.ref);
    }
  }
  return { refs: [...refs], invalid, merged: valid - refs.size };
}

/**
 * A reference as the service will see it. A URL in the WHATWG serialisation, as a browser requests it: scheme and
 * host lower-cased, a default port dropped, dot segments resolved, and no fragment (a browser never sends one), so
 * that `https://WWW.Example.COM:443/./a.jpg#x` and `https://www.example.com/a.jpg` are one asset. A hash as written;
 * anything that is no reference, as it is.
 */
export function canonicalRef(ref: string): AssetRef {
  const read = readAssetRef(ref);
  return 'ref' in read ? read.ref : ref;
}

/**
 * A URL with a user name or password is refused, and shown with them replaced: a list file may be a file of
 * credentials (`https://x-access-token:…@github.com`), and the service would receive them and show them back.
 */
function credentialsProblem(entry: string, url: URL | null): { problem: string; shown: string } | undefined {
  const shown = credentialsHidden(entry, url);
  if (shown === undefined) return undefined;
  return {
    problem: `holds a user name or password (${shown}): give the image's URL as a browser requests it, without them`,
    shown,
  };
}

/**
 * The reference an entry stands for, in canonical form, or why it is none: a URL is parsed once for both. `shown`:
 * the entry as a message may show it, where the entry as written must not be.
 */
function readAssetRef(entry: string): { ref: AssetRef } | { problem: string; shown?: string } {
  const problem = (text: string) => ({ problem: text });
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(entry);
  const url = hasScheme ? URL.parse(entry) : null;
  // First of all: every other problem quotes the entry.
  const credentials = credentialsProblem(entry, url);
  if (credentials !== undefined) return credentials;
  if (QUOTED.test(entry))
    return problem('wrapped in quotes: remove the quotes (or give a JSON array of strings)');
  if (entry.startsWith('['))
    return problem("starts with '[': a JSON array must hold strings only, and parse whole");
  if (hasScheme) {
    if (url === null) return problem('not a valid URL');
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return problem(`a ${url.protocol} URL, not http(s)`);
    if (url.hostname === '') return problem('a URL without a host');
    // Set only when there is one: setting it serialises the URL again, which a million entries feel.
    if (url.hash !== '') url.hash = '';
    return { ref: url.href };
  }
  if (entry.includes('/') || entry.includes('.'))
    return problem('not an absolute URL: write it with https://');
  if (entry.length !== 32) return problem(`${entry.length} characters, but a hash has exactly 32`);
  return /[\s/:]/.test(entry) ? problem("a hash has no whitespace, '/' or ':'") : { ref: entry };
}
