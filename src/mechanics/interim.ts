import type { Socket } from 'node:net';

// An interim answer's status line: `HTTP/1.x 1xx` (101 switches protocols, which a call never asks for).
const INTERIM = /^HTTP\/1\.[01] 1(?!01)\d\d[ \r]/;
// `HTTP/1.1 100 `: enough to tell an interim status line from any other.
const STATUS_LINE_START = 13;
// A request as undici writes it: its request line, at the start of a write.
const REQUEST_LINE = /^[A-Z]+ \S+ HTTP\/1\.[01]\r\n/;
// No interim answer's header block is longer; past it, the bytes go on as they came.
const MAX_INTERIM_BYTES = 16 * 1024;

/**
 * Drops the interim answers (100 Continue, 102, 103) that a server sends before the answer to a request. undici
 * fails the call on an unexpected 100 Continue ("bad response"), though HTTP lets a server send one at any time
 * (RFC 9110, 15.2): a proxy or PHP-FPM in front of the service does. Only the bytes at the start of an answer are
 * looked at, the start being the first bytes after a request is written (one request at a time per connection:
 * undici does not pipeline unless told to), so a body holding the same bytes is never touched. HTTP/2 frames never
 * start with a request line, and pass untouched.
 */
export function skipInterimAnswers<S extends Socket>(socket: S): S {
  let atAnswerStart = false;
  let held: Buffer = Buffer.alloc(0);
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  const push = socket.push.bind(socket);
  socket.write = (chunk: unknown, ...rest: unknown[]) => {
    if (isRequestStart(chunk)) {
      atAnswerStart = true;
      held = Buffer.alloc(0);
    }
    return write(chunk, ...rest);
  };
  socket.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (!atAnswerStart || !Buffer.isBuffer(chunk)) return push(chunk, encoding);
    let bytes: Buffer = held.length === 0 ? chunk : Buffer.concat([held, chunk]);
    held = Buffer.alloc(0);
    for (;;) {
      const start = bytes.subarray(0, STATUS_LINE_START).toString('latin1');
      if (start.length < STATUS_LINE_START && couldBeInterim(start) && bytes.length < MAX_INTERIM_BYTES) {
        held = bytes;
        return push(Buffer.alloc(0));
      }
      if (!INTERIM.test(start)) break;
      const end = bytes.indexOf('\r\n\r\n');
      if (end < 0) {
        if (bytes.length >= MAX_INTERIM_BYTES) break;
        held = bytes;
        return push(Buffer.alloc(0));
      }
      bytes = bytes.subarray(end + 4);
    }
    atAnswerStart = false;
    return push(bytes);
  };
  return socket;
}

function isRequestStart(chunk: unknown): boolean {
  const head =
    typeof chunk === 'string'
      ? chunk.slice(0, 512)
      : Buffer.isBuffer(chunk)
        ? chunk.subarray(0, 512).toString('latin1')
        : '';
  return REQUEST_LINE.test(head);
}

/** Whether these first bytes of an answer may still turn out to be an interim status line. */
function couldBeInterim(start: string): boolean {
  const pattern = 'HTTP/1.x 1';
  const known = start.slice(0, pattern.length);
  for (let i = 0; i < known.length; i++) {
    if (pattern[i] !== 'x' && known[i] !== pattern[i]) return false;
    if (pattern[i] === 'x' && known[i] !== '0' && known[i] !== '1') return false;
  }
  return true;
}
