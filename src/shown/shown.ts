/**
 * The one place where text from outside the process (server answers, file names, paths, URLs, git's and the
 * GitHub API's output) becomes text the action or the command shows, and where every escape of shown text lives:
 * the key withheld in any encoding (redact.ts), nothing left that drives a terminal, nothing left that a CI runner
 * would read as a command, and the escapes of each place text goes: a workflow command's data and properties,
 * Markdown, an HTML attribute, a quoted value.
 *
 * GitHub's runner reads `::name::data` at the start of a line (after leading whitespace) and the legacy
 * `##[name]data` anywhere in a line; Azure Pipelines reads `##vso[` the same way. A line breaks at `\n`, `\r\n` or
 * a lone `\r`. Each such place gets a backslash (`\::`, `##\[`, `##vso\[`): readable, and inert to every reader.
 */
import type { Redact } from './redact.ts';

export type Shown = (text: string) => string;

/** Redacts, then neutralises terminal controls and runner commands, line by line. */
export function shownBy(redact: Redact): Shown {
  return (text) => neutraliseCommands(neutraliseControls(redact(text)));
}

// .NET's TrimStart, which the runner applies, removes U+0085 too; \s covers the rest of its whitespace.
const COMMAND_START = /^([\s\u0085]*)::/;
const LEGACY_COMMAND = /##(?:vso)?\[/gi;

/** Every line of `text` with no runner command left in it; line breaks are kept. */
export function neutraliseCommands(text: string): string {
  if (!text.includes('::') && !text.includes('##')) return text;
  return text
    .split(/(\r\n|\r|\n)/)
    .map((line) =>
      line.replace(COMMAND_START, '$1\\::').replace(LEGACY_COMMAND, (found) => `${found.slice(0, -1)}\\[`),
    )
    .join('');
}

/**
 * What a terminal or a log viewer would act on rather than show: C0 controls but tab and line feed (a lone carriage
 * return rewrites the line it is on), DEL, C1 controls (U+009B is a CSI of its own), ESC (which starts every escape
 * sequence: colours, clearing the screen, OSC 8 links, OSC 52 clipboard writes), and the bidirectional controls that
 * show text in another order than it is read.
 */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Each control as its visible escape (`\x1B`, `\u202E`), so that it is shown, not obeyed; a CRLF ends a line. */
export function neutraliseControls(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(CONTROLS, (control) => {
    const code = control.charCodeAt(0);
    const hex = code.toString(16).toUpperCase();
    return code < 0x100 ? `\\x${hex.padStart(2, '0')}` : `\\u${hex.padStart(4, '0')}`;
  });
}

/**
 * JSON for standard output, where a CI log shows it: `##[` inside a string becomes `##\u005b`, the same JSON value.
 * (JSON never starts a line with `::`, holds no raw line break inside a string, and escapes C0 controls; JSON.stringify
 * leaves DEL, C1 and the bidi controls raw, so they are written as `\u` escapes here, again the same value.)
 */
export function neutraliseJson(json: string): string {
  return json
    .replace(LEGACY_COMMAND, (found) => `${found.slice(0, -1)}\\u005b`)
    .replace(CONTROLS, (control) => `\\u${control.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One line: outside text inside a sentence of ours must not start a line of its own. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\u0085\u2028\u2029]+/g, ' ');
}

/** Already redacted text inside a line of ours (a file name before its message): one line, inert. */
export function shownInLine(text: string): string {
  return neutraliseCommands(neutraliseControls(oneLine(text)));
}

/** A value as it appears in a message: quoted, escaped, and cut short, so that no input can forge a log line. */
export function quote(value: string): string {
  const shown = value.length > 200 ? `${value.slice(0, 200)}…` : value;
  return JSON.stringify(shown);
}

/**
 * An ETag as HTTP writes it (`"bcc5"`, `W/"bcc5"`), quoted once: its opaque part escaped as any value is, so that
 * `"bcc5"` does not read `"\"bcc5\""`; anything else quoted whole. Cut short: it is the origin's text.
 */
export function etagShown(etag: string): string {
  const tag = /^(W\/)?"([^"]*)"$/.exec(etag);
  if (tag === null) return JSON.stringify(etag.slice(0, 100));
  return `${tag[1] ?? ''}${JSON.stringify((tag[2] ?? '').slice(0, 100))}`;
}

/**
 * A workflow command's data as the toolkit's escapeData writes it: the runner reads `%25`, `%0D` and `%0A` back, so
 * a message of several lines stays one command.
 */
export function commandData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * A workflow command's property value as the toolkit's escapeProperty writes it. The runner splits properties on
 * `,`, each at its first `=`, and unescapes exactly these five, so the value reads back as itself: an annotation's
 * `file=` lands on that very file, whatever its name holds (a line break, `::`, `##[`).
 */
export function commandProperty(text: string): string {
  return commandData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::name key=value,…::data`, every part escaped as the runner reads it back. */
export function workflowCommand(
  name: string,
  properties: Readonly<Record<string, string | undefined>>,
  data: string,
): string {
  const props = Object.entries(properties)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${commandProperty(value)}`)
    .join(',');
  return `::${name}${props === '' ? '' : ` ${props}`}::${commandData(data)}`;
}

/**
 * Text from outside as inert Markdown in the job summary: controls shown, not obeyed; HTML-special characters as
 * entities; Markdown-special ones escaped; line breaks removed; and nothing GitHub would turn into a link by itself
 * (`https://…`, `www.…`, `name@host`): a zero-width space after the scheme's colon, inside `www.` and before `@`
 * leaves the text as it reads, and no longer a link. For server answers, file names, paths and messages.
 */
export function markdownText(text: string): string {
  return inertMarkdown(text)
    .replace(/:(?=\/\/)|(?:mailto|xmpp):/gi, (found) => `${found}\u200B`)
    .replace(/www\./gi, (found) => `${found.slice(0, 3)}\u200B.`)
    .replace(/@/g, '\u200B@');
}

/**
 * Lines as a Markdown code block, shown as written: each made one line with no control, and fenced with more
 * backticks than any run of them in the lines, so that no line (a folder's name is outside text) can close the block
 * and write Markdown after it.
 */
export function markdownCodeBlock(lines: readonly string[], info = 'text'): string[] {
  const shown = lines.map((line) => neutraliseControls(oneLine(line)));
  const longest = Math.max(
    2,
    ...shown.map((line) => Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length))),
  );
  const fence = '`'.repeat(longest + 1);
  return [`${fence}${info}`, ...shown, fence];
}

/**
 * An asset reference of the run (a validated, canonical http(s) URL, or a hash) as Markdown: a URL as an explicit
 * link to exactly itself, reading as itself; anything else as inert text. Not a bare URL for GitHub to link by
 * itself: a backslash escape (`IMG\_2041.JPG`) is not undone inside such a link, so it would show and point
 * elsewhere, and `_` or `*` at its end would be cut off it.
 */
export function markdownRef(ref: string): string {
  if (!LINKABLE.test(ref)) return inertMarkdown(ref);
  return `[${inertMarkdown(ref)}](<${linkDestination(ref)}>)`;
}

// A URL that fits a link destination in angle brackets: no space, angle bracket, or control (see CONTROLS).
const LINKABLE =
  // eslint-disable-next-line no-control-regex
  /^https?:\/\/[^\u0000-\u0020<>\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+$/i;

/**
 * A link destination in angle brackets: each backslash, `&` (else an entity would be decoded) and `|` (else it would
 * end a table cell) escaped, so that the link points at the URL as written.
 */
function linkDestination(url: string): string {
  return url.replace(/[\\&|]/g, '\\$&');
}

function inertMarkdown(text: string): string {
  return neutraliseControls(text.replace(/[\r\n]+/g, ' '))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_{}[\]()#+!|~]/g, '\\$&')
    .replace(/^(\d*)([.-])/, '$1\\$2'); // a list marker only counts at the start
}

/** A URL inside a double-quoted HTML attribute of a table cell: no quote, tag or cell boundary can come out of it. */
export function htmlAttribute(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '%7C');
}
