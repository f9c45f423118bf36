/**
 * The Root key must never be shown: not in a log, an error, an output, the summary or the report, and not in an
 * encoding of it either, since a server may echo it back base64'd, hex'd, URL-encoded or JSON-escaped.
 */

import { normalForms } from './normal-forms.ts';

export const REDACTED = '***';

const MIN_FORM_LENGTH = 6;

/** The ways the secret may appear in text, longest first. */
export function secretForms(secret: string): string[] {
  if (secret === '') return [];
  const bytes = Buffer.from(secret, 'utf8');
  const forms = new Set<string>([
    secret,
    encodeURIComponent(secret),
    // RFC 3986, as PHP's rawurlencode, Python, Go and Java write it: `!'()*` encoded too.
    encodeURIComponent(secret).replace(
      /[!'()*]/g,
      (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
    ),
    encodeURI(secret),
    JSON.stringify(secret).slice(1, -1),
    JSON.stringify(secret).slice(1, -1).replaceAll('/', '\\/'),
    bytes.toString('hex'),
    bytes.toString('hex').toUpperCase(),
    ...base64Cores(bytes, 'base64'),
    ...base64Cores(bytes, 'base64url'),
  ]);
  // A very short form (a base64 core of a very short secret) would blank out unrelated text; the raw secret stays.
  return [...forms]
    .filter((form) => form === secret || form.length >= MIN_FORM_LENGTH)
    .sort((a, b) => b.length - a.length);
}

/**
 * The secret inside a longer base64 text (such as `Basic` credentials or a token) is encoded differently for each of
 * the three byte alignments it can start at. For each, keep only the characters that depend on the secret alone.
 */
function base64Cores(bytes: Buffer, encoding: 'base64' | 'base64url'): string[] {
  return [0, 1, 2].map((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString(encoding);
    const start = Math.ceil((offset * 8) / 6);
    const end = Math.floor(((offset + bytes.length) * 8) / 6);
    return encoded.slice(start, end);
  });
}

export type Redact = (text: string) => string;

/** The secrets as given and as used: a key from a variable often ends in a line break that is trimmed off. */
export function secretValues(raw: readonly string[]): string[] {
  // A key pasted with its scheme (`Bearer <key>`) is refused, but the key in it is a secret all the same.
  const forms = (value: string): string[] => [value, value.trim(), value.trim().replace(/^bearer\s+/i, '')];
  return [...new Set(raw.flatMap(forms))].filter((value) => value.trim() !== '');
}

/** What a text becomes when the key was found in it only once decoded: no part of it can be shown safely. */
export const WITHHELD = '(withheld: this text held the API key in an encoding)';

/**
 * Texts up to this size are also searched in their normal forms. Larger ones are only ever whole documents that
 * the action built (the report, the summary) from strings that were redacted one by one, normal forms included.
 */
const NORMAL_FORMS_UP_TO = 64 * 1024;

/**
 * Replaces every known form of every secret with `***`; then, where the key still shows once the text is decoded
 * (HTML entities, percent-encoding, JSON escapes, line breaks, base64 or hex runs: see normal-forms.ts), withholds
 * the whole text.
 */
export function makeRedactor(secrets: readonly string[]): Redact {
  const pattern = formsPattern(secrets);
  if (pattern === undefined) return (text) => text;
  const holdsKey = new RegExp(pattern.source, 'i');
  return (text) => {
    const redacted = text.replace(pattern, REDACTED);
    if (redacted.length > NORMAL_FORMS_UP_TO) return redacted;
    for (const form of normalForms(redacted)) if (holdsKey.test(form)) return WITHHELD;
    return redacted;
  };
}

/**
 * Replaces the known forms of every secret, and searches no further: for bulk text (a report of a million assets)
 * whose outside parts were redacted where they came in, by makeRedactor.
 */
export function makeFormsRedactor(secrets: readonly string[]): Redact {
  const pattern = formsPattern(secrets);
  return pattern === undefined ? (text) => text : (text) => text.replace(pattern, REDACTED);
}

function formsPattern(secrets: readonly string[]): RegExp | undefined {
  const forms = secrets.flatMap(secretForms);
  if (forms.length === 0) return undefined;
  // Without regard to case: hex and percent escapes come in either, and a host name comes back lower-cased.
  return new RegExp([...new Set(forms)].map(escapeRegExp).join('|'), 'gi');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The inputs with the key withheld from every one but the secrets themselves, before anything is parsed: no asset,
 * domain or path that reaches a log, the summary or the report can hold it, escaped or encoded there or not.
 */
export function redactInputs<T extends Record<string, string>>(raw: T, redact: Redact): T {
  const secrets = new Set(['api-key', 'github-token']);
  return Object.fromEntries(
    Object.entries(raw).map(([name, value]) => [name, secrets.has(name) ? value : redact(value)]),
  ) as T;
}

/**
 * Many short texts from outside (the changed files' paths) with the key withheld: searched once, joined, and one by
 * one only when the key showed in them; the same array, not a copy, when it did not.
 */
export function redactEach<T extends readonly string[]>(texts: T, redact: Redact): T | string[] {
  const joined = texts.join('\n');
  return redact(joined) === joined ? texts : texts.map(redact);
}
