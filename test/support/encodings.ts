/**
 * The encodings a server may echo a key in, written here from their specifications (PHP, Python, HTML, JSON,
 * base64 as MIME wraps it), independently of the redactor: for chains of them in the leak properties.
 */
import fc from 'fast-check';

const hex2 = (code: number): string => code.toString(16).toUpperCase().padStart(2, '0');
const percentExcept = (text: string, keep: RegExp): string =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) => (keep.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${hex2(byte)}`))
    .join('');

export const ENCODINGS: Readonly<Record<string, (text: string) => string>> = {
  encodeURIComponent: encodeURIComponent,
  // PHP's urlencode: a space as +, everything but letters, digits and -_. encoded (~ as %7E).
  'PHP urlencode': (text) => percentExcept(text, /[A-Za-z0-9_.\- ]/).replaceAll(' ', '+'),
  // Python's quote(): / left as it is, ~ too.
  'Python quote': (text) => percentExcept(text, /[A-Za-z0-9_.\-~/]/),
  'JSON string': (text) => JSON.stringify(text).slice(1, -1),
  'JSON \\u escapes': (text) =>
    Array.from(text, (char) => char)
      .map((char) =>
        /[A-Za-z0-9]/.test(char) ? char : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
      )
      .join(''),
  // PHP's htmlspecialchars with ENT_QUOTES: & < > " and ' as &#039;.
  'HTML special characters': (text) =>
    text
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&#039;'),
  'HTML hex entities': (text) =>
    Array.from(text, (char) => char)
      .map((char) => `&#x${char.charCodeAt(0).toString(16)};`)
      .join(''),
  'HTML decimal entities': (text) =>
    Array.from(text, (char) => char)
      .map((char) => `&#${char.charCodeAt(0)};`)
      .join(''),
  base64: (text) => Buffer.from(text, 'utf8').toString('base64'),
  base64url: (text) => Buffer.from(text, 'utf8').toString('base64url'),
  'base64 wrapped at 64': (text) => Buffer.from(text, 'utf8').toString('base64').replace(/.{64}/g, '$&\n'),
  'base64 wrapped at 76 (MIME)': (text) =>
    Buffer.from(text, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n'),
  hex: (text) => Buffer.from(text, 'utf8').toString('hex'),
  'split by a line break': (text) =>
    `${text.slice(0, Math.ceil(text.length / 2))}\n${text.slice(Math.ceil(text.length / 2))}`,
};

/** A key of printable ASCII (what api-key accepts: no space), 8 to 40 characters. */
export const printableKey = fc
  .string({
    unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
    minLength: 8,
    maxLength: 40,
  })
  .filter((key) => !key.includes('***'));

/** A chain of one to three encodings, by name. */
export const encodingChain = fc.array(fc.constantFrom(...Object.keys(ENCODINGS)), {
  minLength: 1,
  maxLength: 3,
});

export function encodeThrough(key: string, chain: readonly string[]): string {
  return chain.reduce((text, name) => (ENCODINGS[name] ?? ((value: string) => value))(text), key);
}
