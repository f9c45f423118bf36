/**
 * A text as a server may have encoded what it echoes, decoded: HTML entities, percent-encoding (with `+` as a
 * space, as forms write it), JSON string escapes, whitespace and line breaks (a key wrapped or split), and runs of
 * base64 or hex. Redaction looks for the key in each of these forms too, so that it does not depend on guessing
 * which encoding, or chain of encodings, a server used.
 */

/** How many decodings are chained at most: a server seldom wraps an echo in more than three. */
const DEPTH = 3;

/** Every form of `text` up to DEPTH decodings deep (`text` itself first), each checked once. */
export function* normalForms(text: string): Generator<string> {
  const seen = new Set([text]);
  let layer = [text];
  yield text;
  for (let depth = 0; depth < DEPTH && layer.length > 0; depth++) {
    const next: string[] = [];
    for (const form of layer) {
      for (const decode of DECODERS) {
        for (const decoded of decode(form)) {
          if (seen.has(decoded)) continue;
          seen.add(decoded);
          next.push(decoded);
          yield decoded;
        }
      }
    }
    layer = next;
  }
}

type Decoder = (text: string) => string[];

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  sol: '/',
  bsol: '\\',
  percnt: '%',
  plus: '+',
  equals: '=',
  num: '#',
  colon: ':',
  semi: ';',
  comma: ',',
  period: '.',
  excl: '!',
  quest: '?',
  lpar: '(',
  rpar: ')',
  lsqb: '[',
  rsqb: ']',
  lcub: '{',
  rcub: '}',
  ast: '*',
  dollar: '$',
  grave: '`',
  verbar: '|',
  tilde: '~',
  Hat: '^',
  lowbar: '_',
  commat: '@',
};

const html: Decoder = (text) =>
  text.includes('&')
    ? [
        text.replace(
          /&(#x([0-9a-f]+)|#(\d+)|([a-z]+));?/gi,
          (entity, _all, hex?: string, dec?: string, name?: string) => {
            const code = hex !== undefined ? parseInt(hex, 16) : dec !== undefined ? Number(dec) : undefined;
            if (code !== undefined) return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
            return NAMED_ENTITIES[name ?? ''] ?? entity;
          },
        ),
      ]
    : [];

/** Percent-decoded as bytes (UTF-8), and again with `+` read as a space, as PHP's urlencode and forms write it. */
const percent: Decoder = (text) => {
  if (!/%[0-9a-f]{2}/i.test(text)) return text.includes('+') ? [text.replaceAll('+', ' ')] : [];
  const decode = (value: string): string =>
    value.replace(/(?:%[0-9a-f]{2})+/gi, (run) =>
      Buffer.from(run.replaceAll('%', ''), 'hex').toString('utf8'),
    );
  return [decode(text), decode(text.replaceAll('+', ' '))];
};

const JSON_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

const json: Decoder = (text) =>
  text.includes('\\')
    ? [
        text.replace(
          /\\(u([0-9a-f]{4})|x([0-9a-f]{2})|["\\/bfnrt])/gi,
          (escape, char: string, u?: string, x?: string) => {
            const code = u ?? x;
            return code !== undefined
              ? String.fromCharCode(parseInt(code, 16))
              : (JSON_ESCAPES[char] ?? escape);
          },
        ),
      ]
    : [];

const whitespace: Decoder = (text) => (/\s/.test(text) ? [text.replace(/\s+/g, '')] : []);

/**
 * Runs long enough to hide a key, decoded at each alignment: what matters is whether the key comes out. Line breaks
 * are removed first, since base64 is wrapped at 64 or 76 characters.
 */
const base64: Decoder = (text) =>
  [...text.replace(/\s+/g, '').matchAll(/[\w+/-]{12,}/g)].flatMap(([run]) =>
    [0, 1, 2, 3].map((offset) =>
      Buffer.from(run.slice(offset).replaceAll('-', '+').replaceAll('_', '/'), 'base64').toString('latin1'),
    ),
  );

const hex: Decoder = (text) =>
  [...text.replace(/\s+/g, '').matchAll(/[0-9a-f]{12,}/gi)].flatMap(([run]) =>
    [0, 1].map((offset) => Buffer.from(run.slice(offset), 'hex').toString('latin1')),
  );

const DECODERS: readonly Decoder[] = [html, percent, json, whitespace, base64, hex];
