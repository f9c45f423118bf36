import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteBytes } from '../../src/shown/bytes.ts';
import { quote } from '../../src/shown/shown.ts';

/** The bytes a quoted name stands for: its text as UTF-8, each `\xHH` as that byte. */
function bytesOf(quoted: string): Buffer {
  const text = JSON.parse(
    quoted.replace(
      /(?<!\\)((?:\\\\)*)\\x([0-9A-F]{2})/g,
      (_, slashes: string, hex: string) => `${slashes}\\udc${hex}`,
    ),
  ) as string;
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xdc80 && code <= 0xdcff) bytes.push(code - 0xdc00);
    else bytes.push(...Buffer.from(char, 'utf8'));
  }
  return Buffer.from(bytes);
}

describe('quoteBytes', () => {
  it('shows a Latin-1 byte as \\xHH, never as a replacement character', () => {
    expect(quoteBytes(Buffer.from('caf\xE9.png', 'latin1'))).toBe('"caf\\xE9.png"');
  });

  it('quotes UTF-8 text as quote() does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        fc.pre(!/[\uD800-\uDFFF]/.test(text));
        expect(quoteBytes(Buffer.from(text, 'utf8'))).toBe(quote(text));
      }),
    );
  });

  it('shows any bytes so that they can be read back exactly (a backslash in a name included)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 60 }), (raw) => {
        const bytes = Buffer.from(raw);
        fc.pre(!bytes.includes(Buffer.from('\uFFFD')));
        const quoted = quoteBytes(bytes);
        expect(quoted).not.toContain('\uFFFD');
        expect(bytesOf(quoted)).toEqual(bytes);
      }),
    );
  });
});
