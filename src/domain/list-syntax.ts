/**
 * The one syntax of every list input (`assets`, `files`, `assets-from`, `files-from`, the command's standard input):
 * a JSON array of strings when the whole text is one; otherwise one entry per line, or NUL-separated entries where
 * the text holds a NUL (names that may hold line breaks, as `git diff -z` writes them).
 *
 * A name may hold a space (`team photo.jpg`), so a line is one entry unless it splits, on spaces, commas or a
 * shell's `\ `, into several whole entries: for files, two or more parts that end with an image type, the last part
 * among them (`a.jpg b c.jpg`); for assets, two or more parts that are absolute URLs or 32-character hashes; or
 * unless URLs run together (`…/x.jpghttps://…`). Such a line is a list written on one line, the default output of
 * some changed-files actions, which taken whole would be one wrong URL.
 */
import { InputError } from '../mechanics/input-error.ts';
import { quote } from '../shown/shown.ts';
import { parseJson } from '../mechanics/json.ts';

/** What a list's entries are, which tells a name with a space from several entries on one line. */
export type ListKind = 'assets' | 'files';

/** How to write a list, in every message about one. */
export const LIST_HELP =
  'give one entry per line, or a JSON array of strings (a changed-files action can write one with its JSON output)';

/** The entries of a list, or an InputError naming `source` (the input the user set) and the line. */
export function parseList(text: string, kind: ListKind, source: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    const json = parseJsonList(trimmed);
    if ('entries' in json) return json.entries.filter((entry) => entry !== '');
    // Not JSON: `['a.png', "b.png"]` is a YAML list, pasted from a workflow.
    if (json.problem === NOT_JSON) refuseFlowList(source, text, kind === 'files' ? 'path' : 'asset');
    // A path may start with '[' (`[2024] cover.png`); only text that reads as a JSON array is held to JSON.
    if (/^\[\s*(?:["[{\]]|$)/.test(trimmed) || json.problem.startsWith('is a JSON array')) {
      throw new InputError(`${source}: ${json.problem}; ${LIST_HELP}.`);
    }
  }
  if (text.includes('\0')) return text.split('\0').filter((entry) => entry !== '');
  const entries: string[] = [];
  // Line by line, without an array of every line beside the entries: a line's '\r' goes with its spaces.
  for (let start = 0, index = 0; start <= text.length; index++) {
    const next = text.indexOf('\n', start);
    const end = next < 0 ? text.length : next;
    const entry = text.slice(start, end).trim();
    start = end + 1;
    if (entry === '') continue;
    const problem = severalEntries(entry, kind);
    if (problem !== undefined) {
      const message = `${source}: line ${index + 1}, ${quote(entry)}, ${problem.why}; ${LIST_HELP}.`;
      throw new InputError(
        problem.entries === undefined ? message : `${message}${onePerLine(problem.entries)}`,
      );
    }
    entries.push(entry);
  }
  return entries;
}

/**
 * The items of a YAML flow list written as a whole input (`[a, 'b', "c"]`), as a workflow's `on.push.paths` is
 * written and pasted from there; undefined when the text is not one. A glob's class (`[abc]`) is one: a list is told
 * by two items or more, a quoted item, or an item holding '/', which no class of a single name holds; and an item
 * holding a bracket outside quotes is a class or a host, never a flow list's.
 */
export function flowListItems(text: string): string[] | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[') || !trimmed.endsWith(']')) return undefined;
  const inner = trimmed.slice(1, -1);
  const items: string[] = [];
  let quoted = false;
  for (let at = skipSpaces(inner, 0); at < inner.length; at = skipSpaces(inner, at + 1)) {
    const mark = inner[at];
    if (mark === "'" || mark === '"') {
      const item = quotedItem(inner, at);
      if (item === undefined) return undefined;
      items.push(item.value);
      quoted = true;
      at = skipSpaces(inner, item.end);
      if (at < inner.length && inner[at] !== ',') return undefined;
    } else {
      const comma = inner.indexOf(',', at);
      const end = comma < 0 ? inner.length : comma;
      const item = inner.slice(at, end).trim();
      // A bracket outside quotes would open or close a list within the list: in a pasted value it is a glob's class
      // (`[0-9][0-9]/*.[jJ][pP][gG]`) or an IPv6 host, and the text is no flow list.
      if (/[[\]]/.test(item)) return undefined;
      items.push(item);
      at = end;
    }
  }
  const listed = items.filter((item) => item !== '');
  if (listed.length === 0) return undefined;
  return listed.length > 1 || quoted || listed.some((item) => item.includes('/')) ? listed : undefined;
}

function skipSpaces(text: string, at: number): number {
  while (at < text.length && /\s/.test(text.charAt(at))) at++;
  return at;
}

/** A YAML quoted scalar from its opening quote: `'it''s'` doubles a quote, `"a\"b"` escapes one. */
function quotedItem(text: string, start: number): { value: string; end: number } | undefined {
  const mark = text.charAt(start);
  let value = '';
  for (let at = start + 1; at < text.length; at++) {
    const char = text.charAt(at);
    if (mark === '"' && char === '\\') value += text.charAt(++at);
    else if (char !== mark) value += char;
    else if (mark === "'" && text.charAt(at + 1) === "'") value += text.charAt(++at);
    else return { value, end: at + 1 };
  }
  return undefined;
}

/**
 * Refuses a list input written as a YAML or JSON flow list where it takes one `item` a line, showing the value
 * written so, ready to copy.
 */
export function refuseFlowList(source: string, text: string, item: string): void {
  const items = flowListItems(text);
  if (items === undefined) return;
  throw new InputError(
    `${source}: ${quote(text.trim())} is a YAML list, as a workflow's on.push.paths is written; this input takes ` +
      `one ${item} a line, not a list.${writtenOnePerLine(items, `Written one ${item} a line, it reads:`)}`,
  );
}

const NOT_JSON = "starts with '[' but is not a JSON array";

/**
 * A list given as a JSON array of strings, as changed-files actions print one: its entries, or what is wrong with
 * it, naming the first entry that is not a string.
 */
export function parseJsonList(text: string): { entries: string[] } | { problem: string } {
  const parsed = parseJson(text);
  if (parsed === undefined) return { problem: NOT_JSON };
  if (!Array.isArray(parsed)) return { problem: 'is not a JSON array' };
  const bad = parsed.findIndex((entry) => typeof entry !== 'string');
  if (bad >= 0) {
    return {
      problem: `is a JSON array whose entry ${bad + 1} is ${quote(JSON.stringify(parsed[bad]))}, not a string`,
    };
  }
  return { entries: parsed as string[] };
}

// Image types a changed-files list holds; a part with one of them is a whole path, not a piece of a name.
const IMAGE_PATH = /\.(?:png|jpe?g|gif|webp|avif|svg|bmp|ico|tiff?|heic|heif|jxl|apng)$/i;
const ABSOLUTE_URL = /^https?:\/\/[^/\s]/i;
const HASH = /^[0-9a-f]{32}$/i;
function isAsset(part: string): boolean {
  return ABSOLUTE_URL.test(part) || HASH.test(part);
}

// Whether a line may hold more than one entry at all: an image path followed by a separator (files), or a separator
// followed by a URL or a hash (assets). Most lines fail these, and skip the splitting below.
const PATH_THEN_MORE = /\.(?:png|jpe?g|gif|webp|avif|svg|bmp|ico|tiff?|heic|heif|jxl|apng)["'`]*[\s,]/i;
const MORE_ASSETS = /[\s,]["'`]*(https?:\/\/|[0-9a-f]{32}(?![^\s,"'`]))/i;
// A URL that starts right after a letter or digit: two URLs run together (after '/' or '=', it is a delivery URL
// or a query).
const RUN_TOGETHER = /[a-z0-9]https?:\/\//i;

/** What is wrong with a line of several entries: why, and the entries it holds where they can be told apart. */
interface SeveralEntries {
  readonly why: string;
  readonly entries?: readonly string[];
}

/** Why a line holds several entries, or undefined when it is one. */
function severalEntries(line: string, kind: ListKind): SeveralEntries | undefined {
  // Cheap tests first: a million lines are checked, and almost every one is a single entry.
  if (kind === 'assets' && line.indexOf('://') !== line.lastIndexOf('://') && RUN_TOGETHER.test(line)) {
    return { why: 'holds several entries run together' };
  }
  if (!/[\s,\\]/.test(line) || !(kind === 'files' ? PATH_THEN_MORE : MORE_ASSETS).test(line)) {
    return kind === 'files' && line.includes('\\ ') ? { why: shellEscape(line) } : undefined;
  }
  const parts = line
    .split(/(?<!\\)[\s,]+/)
    .map((part) => part.replaceAll('\\ ', ' ').replace(/^["'`]+|(?<!["'`])["'`]+$/g, ''))
    .filter((part) => part !== '');
  const entries = entriesIn(parts, kind);
  if (entries.length > 1) return { why: 'holds several entries', entries };
  return kind === 'files' && line.includes('\\ ') ? { why: shellEscape(line) } : undefined;
}

// Enough of a long line to show how it is written, not a second copy of it.
const SHOWN_ENTRIES = 5;

/** The entries of a refused line as they should be written: the fix, ready to copy. */
function onePerLine(entries: readonly string[]): string {
  return writtenOnePerLine(entries, 'One per line, they read:');
}

function writtenOnePerLine(entries: readonly string[], heading: string): string {
  // As written, to copy; cut short like a quoted value, since a list may come from a file of any size.
  const lines = entries
    .slice(0, SHOWN_ENTRIES)
    .map((entry) => `\n  ${entry.length > 200 ? `${entry.slice(0, 200)}…` : entry}`);
  const more = entries.length - SHOWN_ENTRIES;
  return ` ${heading}${lines.join('')}${more > 0 ? `\n  … and ${more} more` : ''}`;
}

/** `team\ photo.jpg` is a shell's escape: the name is `team photo.jpg`, and a backslash would become a folder. */
function shellEscape(line: string): string {
  return `holds '\\ ', a shell's escape of a space; write the name as it is, ${quote(line.replaceAll('\\ ', ' '))}`;
}

/**
 * The whole entries the parts of a line make, a name with spaces being several parts: a path ends at a part with an
 * image type (`team photo.jpg` is one), an asset starts at a part that is a URL or a hash.
 */
function entriesIn(parts: readonly string[], kind: ListKind): string[] {
  const entries: string[][] = [];
  for (const part of parts) {
    const starts =
      kind === 'assets'
        ? isAsset(part) || entries.length === 0
        : entries.length === 0 || IMAGE_PATH.test(entries.at(-1)?.at(-1) ?? '');
    if (starts) entries.push([part]);
    else entries.at(-1)?.push(part);
  }
  // Text after the last image path is part of a name, not an entry of its own: `a.png notes` stays one line.
  if (kind === 'files' && !IMAGE_PATH.test(parts.at(-1) ?? '')) return [parts.join(' ')];
  // Text before the first URL or hash is no entry of its own either: `see https://…` is one.
  const [first, second] = entries;
  if (kind === 'assets' && first !== undefined && second !== undefined && !isAsset(first[0] ?? '')) {
    entries.splice(0, 2, [...first, ...second]);
  }
  return entries.map((entry) => entry.join(' '));
}
