/**
 * Names as bytes: a file name on Linux is any bytes but '/' and NUL, and a list file or git may hand over one that is
 * not UTF-8 (`caf\xE9.png` in Latin-1). Decoding such bytes as UTF-8 makes up a name (`caf\uFFFD.png`) that is
 * not the file; these show the bytes as they are instead. A leaf: it imports nothing of the run.
 */
import { isUtf8 } from 'node:buffer';

export { isUtf8 };

// Each byte that is not part of a UTF-8 sequence is decoded to a lone surrogate U+DC80..U+DCFF (as Python's
// surrogateescape does): valid UTF-8 never decodes to a lone surrogate, so the mark is unambiguous.
const ESCAPE_BASE = 0xdc00;

/**
 * A name as it appears in a message, like `quote()`: double-quoted, JSON-escaped and cut short at 200 characters;
 * its UTF-8 text as it reads, and each byte that is not UTF-8 as `\xHH` (`"caf\xE9.png"`).
 */
export function quoteBytes(bytes: Uint8Array): string {
  const text = decodeEscaped(bytes);
  const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  // JSON.stringify writes a lone surrogate as `\udcXX`; after an even run of backslashes it is that escape.
  return JSON.stringify(shown).replace(
    /(?<!\\)((?:\\\\)*)\\udc([89a-f][0-9a-f])/g,
    (_, backslashes: string, hex: string) => `${backslashes}\\x${hex.toUpperCase()}`,
  );
}

/** UTF-8 decoded strictly: every byte of an ill-formed sequence (RFC 3629) becomes U+DC80 + its value. */
function decodeEscaped(bytes: Uint8Array): string {
  let text = '';
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceLength(bytes, i);
    if (length === 0) {
      text += String.fromCharCode(ESCAPE_BASE + (bytes[i] ?? 0));
      i++;
    } else {
      text += Buffer.from(bytes.subarray(i, i + length)).toString('utf8');
      i += length;
    }
  }
  return text;
}

/** The length of the well-formed UTF-8 sequence at `i`, or 0 when the byte there starts none. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const lead = bytes[i] ?? 0;
  if (lead < 0x80) return 1;
  const shape = sequenceShape(lead);
  if (shape === undefined || i + shape.length > bytes.length) return 0;
  const second = bytes[i + 1] ?? 0;
  if (second < shape.low || second > shape.high) return 0;
  for (let k = 2; k < shape.length; k++) {
    const next = bytes[i + k] ?? 0;
    if (next < 0x80 || next > 0xbf) return 0;
  }
  return shape.length;
}

/**
 * What a lead byte starts: the sequence's length and the range of its second byte, which rules out overlong forms,
 * surrogates and code points past U+10FFFF (RFC 3629's table of well-formed sequences).
 */
function sequenceShape(lead: number): { length: number; low: number; high: number } | undefined {
  if (lead >= 0xc2 && lead <= 0xdf) return { length: 2, low: 0x80, high: 0xbf };
  if (lead === 0xe0) return { length: 3, low: 0xa0, high: 0xbf };
  if (lead === 0xed) return { length: 3, low: 0x80, high: 0x9f };
  if (lead >= 0xe1 && lead <= 0xef) return { length: 3, low: 0x80, high: 0xbf };
  if (lead === 0xf0) return { length: 4, low: 0x90, high: 0xbf };
  if (lead >= 0xf1 && lead <= 0xf3) return { length: 4, low: 0x80, high: 0xbf };
  if (lead === 0xf4) return { length: 4, low: 0x80, high: 0x8f };
  return undefined;
}
