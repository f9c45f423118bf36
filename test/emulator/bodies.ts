import type { ApiError } from './errors.ts';
import type { ErrorShape } from './types.ts';

/** A complete answer, before it is written (at once, or trickled). */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

// WordPress's content type for REST answers.
export const JSON_TYPE = 'application/json; charset=UTF-8';

export function jsonReply(status: number, value: unknown): Reply {
  return { status, headers: { 'Content-Type': JSON_TYPE }, body: JSON.stringify(value) };
}

export function errorReply(error: ApiError, shape: ErrorShape): Reply {
  const { status, code, message } = error;
  switch (shape) {
    case 'wordpress':
      return jsonReply(status, { code, message, data: { status } });
    case 'success-false-error':
      return jsonReply(status, { success: false, error: message });
    case 'success-false-message':
      return jsonReply(status, { success: false, message });
    case 'success-false-data-message':
      return jsonReply(status, { success: false, data: { message } });
    case 'text':
      return { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: message };
    case 'html':
      return {
        status,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
        body: proxyPage(status, message),
      };
    case 'empty':
      return { status, headers: {}, body: '' };
  }
}

// Shaped like a CDN or proxy error page. The style and script carry text of their own, so a client that
// merely strips tags shows noise instead of the message, and one that reads <title>/<h1> does not.
function proxyPage(status: number, message: string): string {
  const text = escapeHtml(message);
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${status} ${text}</title>`,
    '<style>body { font-family: sans-serif; margin: 4em } h1 { color: #b00 } .ray::before { content: "Ray ID" }</style>',
    '<script>window.__proxy = { ray: "8f2b1c0d9e7a", note: "if you see this, the page was not parsed" };</script>',
    `</head><body><h1>${text}</h1>`,
    '<p>The server could not complete your request. Please try again later.</p>',
    '<p class="ray">8f2b1c0d9e7a</p><hr><address>edge-proxy</address>',
    '</body></html>',
  ].join('\n');
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
