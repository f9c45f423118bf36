import { isRecord, parseJson } from '../mechanics/json.ts';

/** The server's error code and message, found in whatever body shape it sent. */
export interface ServerMessage {
  readonly code?: string | undefined;
  readonly message?: string | undefined;
}

const MAX_MESSAGE_LENGTH = 300;
const MAX_CODE_LENGTH = 100;
// A proxy's page says what it has to say near the top; the rest is not read, which also bounds the tag stripping.
const MAX_HTML_LENGTH = 4 * 1024;

/**
 * Understands the shapes seen from such services and the proxies in front of them:
 * `{code, message, data: {status}}` (WordPress-style REST APIs), `{success: false, error | message | data |
 * data.message}`,
 * `{error: {code, message}}`, plain text, an HTML error page (its text), and an empty body.
 */
export function serverMessage(body: string, contentType = ''): ServerMessage {
  const text = body.trim();
  if (text === '') return {};
  // Only a JSON object, array or string: a bare number or `true` is a server's plain text.
  const json = /^[[{"]/.test(text) ? parseJson(text) : undefined;
  if (json !== undefined) return fromJson(json);
  if (/html/i.test(contentType) || /^<(?:!doctype|html|head|body|\?xml)/i.test(text)) return fromHtml(text);
  return withMessage(undefined, text);
}

function fromJson(json: unknown): ServerMessage {
  if (typeof json === 'string') return withMessage(undefined, json);
  if (!isRecord(json)) return {};
  const error = json.error;
  const data = json.data;
  const code = firstString(json.code, isRecord(error) ? error.code : undefined);
  const message = firstString(
    json.message,
    error,
    isRecord(error) ? error.message : undefined,
    isRecord(data) ? data.message : data, // WordPress's wp_send_json_error('…') sends the message as data
    Array.isArray(json.errors) ? messageOf(json.errors[0]) : undefined,
  );
  return withMessage(code, message);
}

function messageOf(value: unknown): unknown {
  return isRecord(value) ? value.message : value;
}

/** A proxy's error page: its visible text, without scripts and styles. */
function fromHtml(html: string): ServerMessage {
  const text = html
    .slice(0, MAX_HTML_LENGTH)
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^<>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return withMessage(undefined, text);
}

function withMessage(code: string | undefined, message: string | undefined): ServerMessage {
  const shownCode = oneLine(code, MAX_CODE_LENGTH);
  const shown = oneLine(message, MAX_MESSAGE_LENGTH);
  return {
    code: shownCode,
    message: shown,
  };
}

/** Server text as one line, cut short: it may be anything, of any length. */
function oneLine(text: string | undefined, max: number): string | undefined {
  const line = text?.replace(/[\s\u0085]+/g, ' ').trim();
  if (line === undefined || line === '') return undefined;
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

function firstString(...values: unknown[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value.trim() !== '');
}
