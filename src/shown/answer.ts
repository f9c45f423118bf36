/**
 * What an API answered, as one short line a sentence of ours can quote: GitHub's `message` of a JSON error (without
 * its documentation link), a proxy's HTML page reduced to its title (a whole page in a log hides the sentence around
 * it), or plain text. A leaf, as the rest of shown/: the key and runner commands are handled where the line is shown.
 */
import { quote } from './shown.ts';

const MAX_ANSWER_LENGTH = 200;
// A page's title is near its top: the rest is not read.
const MAX_HTML_READ = 8 * 1024;

/** The answer's own words, quoted, and `(an HTML page)` when it was one; undefined when it said nothing. */
export function answerShown(body: unknown, contentType = ''): string | undefined {
  const text = answerText(body, contentType);
  return text === undefined ? undefined : `${quote(text.words)}${text.page ? ' (an HTML page)' : ''}`;
}

function answerText(body: unknown, contentType: string): { words: string; page: boolean } | undefined {
  if (typeof body === 'object' && body !== null) {
    const message = (body as { message?: unknown }).message;
    return typeof message === 'string' ? line(message, false) : undefined;
  }
  if (typeof body !== 'string') return undefined;
  const text = body.trim();
  if (/html/i.test(contentType) || /^<(?:!doctype|html|head|body)/i.test(text)) return pageTitle(text);
  if (text.startsWith('{')) {
    try {
      return answerText(JSON.parse(text) as unknown, '');
    } catch {
      // not JSON after all: its text
    }
  }
  return line(text, false);
}

/** The page's `<title>`, else its first heading, else that it was a page. */
function pageTitle(html: string): { words: string; page: boolean } {
  const head = html.slice(0, MAX_HTML_READ);
  const found = /<title[^>]*>([^<]*)</i.exec(head)?.[1] ?? /<h1[^>]*>([^<]*)</i.exec(head)?.[1] ?? '';
  const words = found
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return line(words, true) ?? { words: 'untitled', page: true };
}

function line(text: string, page: boolean): { words: string; page: boolean } | undefined {
  const words = text.replace(/[\s\u0085]+/g, ' ').trim();
  if (words === '') return undefined;
  return { words: words.length > MAX_ANSWER_LENGTH ? `${words.slice(0, MAX_ANSWER_LENGTH)}…` : words, page };
}
