import { sniff } from '../compare/format.ts';
import { mediaType } from '../mechanics/headers.ts';

/**
 * A page where an image was asked for: a single-page app's fallback `index.html`, a host's "deploying" page, a JSON or
 * XML error with a 200. Its text is the origin's, shown only through shown.ts.
 */
export interface Page {
  /** What its type or its first bytes say it is. */
  readonly kind: 'html' | 'json' | 'xml' | 'text';
  /** Its media type as the origin sent it (`text/html`), in lower case; absent when it sent none. */
  readonly type?: string | undefined;
  /** An HTML page's title, when it has one. */
  readonly title?: string | undefined;
  /** Else its first words, tags set aside. */
  readonly words?: string | undefined;
}

/** The first bytes read for a page's kind and words: a title sits in the head, a few KiB in at most. */
const HEAD_BYTES = 16 * 1024;
/** Characters of a title or of first words kept: enough to recognise a page by. */
const WORDS_KEPT = 100;

/**
 * The page an answer is, by its Content-Type or its first bytes; undefined when it is not one. Bytes that are an image
 * (any format the sniffer knows, SVG included) are an image whatever the type says: a host may label files wrongly.
 */
export function pageIn(contentType: string | undefined, bytes: Uint8Array): Page | undefined {
  if (sniff(bytes) !== undefined) return undefined;
  const type = contentType === undefined ? undefined : mediaType(contentType);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, HEAD_BYTES));
  const kind = kindOfType(type) ?? kindOfText(text, bytes);
  if (kind === undefined) return undefined;
  const title = kind === 'html' ? titleOf(text) : undefined;
  return {
    kind,
    type: type === '' ? undefined : type,
    ...(title === undefined ? { words: firstWords(text, kind) } : { title }),
  };
}

/**
 * The page stands where `file` should be: the file is no such text itself (a file of text is told by its bytes
 * alone), and for an SVG, which is XML text itself, only an HTML page does.
 */
export function standsFor(page: Page, file: Uint8Array): boolean {
  if (pageIn(undefined, file) !== undefined) return false;
  return page.kind === 'html' || sniff(file)?.format !== 'svg';
}

function kindOfType(type: string | undefined): Page['kind'] | undefined {
  if (type === undefined || type.startsWith('image/')) return undefined;
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')) return 'xml';
  return type.startsWith('text/') ? 'text' : undefined;
}

// Not a comment: an XML file, an SVG too, may start with one.
const HTML_STARTS = ['<!doctype html', '<html', '<head', '<body', '<title', '<meta'];

function kindOfText(text: string, bytes: Uint8Array): Page['kind'] | undefined {
  // A byte-order mark is a space to trimStart.
  const start = text.trimStart().slice(0, 32).toLowerCase();
  if (HTML_STARTS.some((prefix) => start.startsWith(prefix))) return 'html';
  if (start.startsWith('<?xml')) return 'xml';
  if (start.startsWith('{') || start.startsWith('[')) return 'json';
  return start !== '' && isText(bytes.subarray(0, 512)) ? 'text' : undefined;
}

/** No byte that text does not hold: controls other than tab, line feed, form feed and carriage return, or NUL. */
function isText(bytes: Uint8Array): boolean {
  return bytes.every(
    (byte) => byte >= 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d,
  );
}

/** The text of the first `<title>`, read forwards with indexOf: no pattern that could backtrack on a hostile page. */
function titleOf(text: string): string | undefined {
  const lower = text.toLowerCase();
  const open = lower.indexOf('<title');
  if (open < 0) return undefined;
  const from = lower.indexOf('>', open);
  const to = lower.indexOf('</title', from);
  if (from < 0 || to < 0) return undefined;
  const title = squeezed(text.slice(from + 1, to));
  return title === '' ? undefined : title;
}

/** The first words of a page, an HTML page's tags (and its scripts and styles) set aside. */
function firstWords(text: string, kind: Page['kind']): string {
  return squeezed(kind === 'html' ? withoutTags(text) : text.slice(0, 4 * WORDS_KEPT));
}

function withoutTags(html: string): string {
  const lower = html.toLowerCase();
  let words = '';
  for (let at = 0; at < html.length && words.length < 4 * WORDS_KEPT;) {
    const open = html.indexOf('<', at);
    words += ` ${html.slice(at, open < 0 ? html.length : open)}`;
    if (open < 0) break;
    // A script's or a style's insides are code, not words.
    const element = ['script', 'style'].find((name) => lower.startsWith(name, open + 1));
    const close = element === undefined ? html.indexOf('>', open) : lower.indexOf(`</${element}`, open);
    if (close < 0) break;
    at = element === undefined ? close + 1 : Math.max(close + 1, html.indexOf('>', close) + 1);
  }
  return words;
}

function squeezed(text: string): string {
  const words = text.replace(/\s+/g, ' ').trim();
  return words.length > WORDS_KEPT ? `${words.slice(0, WORDS_KEPT)}…` : words;
}
