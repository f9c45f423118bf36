import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { makeRedactor, REDACTED, redactEach, WITHHELD } from '../../src/shown/redact.ts';
import { encodeThrough, encodingChain, printableKey } from '../support/encodings.ts';
import { RUNS } from '../support/runs.ts';

// Keys of at least 5 characters: for shorter ones the redactor deliberately keeps only the raw form, since a 2- or
// 3-character base64 fragment would blank out unrelated text. Keys holding '*' are left out: the replacement itself
// is '***', so a key of asterisks could "survive" in the redacted text without any leak.
const EXPLICIT_KEYS = [
  'root+key/with==padding',
  'a+b/c=d%e"f\\g',
  '%2F%2Fencoded%',
  '"quoted"key"',
  'back\\slash\\key',
  'abc/def/ghi/jkl',
  '+/+/+/+/=',
  '\\"\\"\\"',
  'root-key-0001',
];
const key = fc
  .oneof(
    fc.string({ unit: 'grapheme-ascii', minLength: 5, maxLength: 40 }),
    fc.constantFrom(...EXPLICIT_KEYS),
  )
  .filter((value) => !value.includes('*'));
const bytes = fc.uint8Array({ maxLength: 8 });

/** The characters of a base64 text that depend on the key alone, when the key starts `before` bytes in. */
function keyPart(encoded: string, before: number, keyBytes: number): string {
  return encoded.slice(Math.ceil((before * 8) / 6), Math.floor(((before + keyBytes) * 8) / 6));
}

describe('makeRedactor', () => {
  it('removes the raw key', () => {
    fc.assert(
      fc.property(key, (secret) => {
        const redacted = makeRedactor([secret])(`Authorization: Bearer ${secret} was refused`);
        expect(redacted).not.toContain(secret);
        expect(redacted).toContain(REDACTED);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(['base64', 'base64url'] as const)(
    'removes the key from a longer %s text, at any byte offset',
    (encoding) => {
      fc.assert(
        fc.property(key, bytes, bytes, (secret, prefix, suffix) => {
          const keyBytes = Buffer.from(secret, 'utf8');
          const encoded = Buffer.concat([prefix, keyBytes, suffix]).toString(encoding);
          const part = keyPart(encoded, prefix.length, keyBytes.length);
          const redacted = makeRedactor([secret])(`credentials: ${encoded}.`);
          expect(redacted).not.toContain(part);
          expect(redacted).toContain(REDACTED);
        }),
        { numRuns: RUNS },
      );
    },
  );

  it('removes the key as Basic credentials, base64 of user:key', () => {
    const secret = 'root-key-0001';
    const basic = Buffer.from(`api:${secret}`).toString('base64');
    const redacted = makeRedactor([secret])(`Authorization: Basic ${basic}`);
    expect(redacted).not.toContain(keyPart(basic, 4, secret.length));
  });

  it.each([
    ['lower-case', (hex: string) => hex],
    ['upper-case', (hex: string) => hex.toUpperCase()],
  ])('removes the key as %s hex, inside longer hex', (_, shape) => {
    fc.assert(
      fc.property(key, bytes, bytes, (secret, prefix, suffix) => {
        const hex = shape(Buffer.from(secret, 'utf8').toString('hex'));
        const text = `digest=${shape(Buffer.from(prefix).toString('hex'))}${hex}${shape(Buffer.from(suffix).toString('hex'))}`;
        expect(makeRedactor([secret])(text)).not.toContain(hex);
      }),
      { numRuns: RUNS },
    );
  });

  it('removes the key URL-encoded with encodeURIComponent', () => {
    fc.assert(
      fc.property(key, (secret) => {
        const encoded = encodeURIComponent(secret);
        expect(makeRedactor([secret])(`GET /cache?key=${encoded}&x=1`)).not.toContain(encoded);
      }),
      { numRuns: RUNS },
    );
  });

  it('removes the key escaped in a JSON string', () => {
    fc.assert(
      fc.property(key, (secret) => {
        const escaped = JSON.stringify(secret).slice(1, -1);
        const redacted = makeRedactor([secret])(JSON.stringify({ error: 'bad key', key: secret }));
        expect(redacted).not.toContain(escaped);
        expect(redacted).not.toContain(secret);
      }),
      { numRuns: RUNS },
    );
  });

  it('removes the key escaped in JSON with escaped slashes, as PHP writes it', () => {
    fc.assert(
      fc.property(key, (secret) => {
        const escaped = JSON.stringify(secret).slice(1, -1).replaceAll('/', '\\/');
        const text = `{"message":"Invalid key ${escaped}"}`;
        expect(makeRedactor([secret])(text)).not.toContain(escaped);
      }),
      { numRuns: RUNS },
    );
  });

  it('removes every occurrence of every key given', () => {
    const redact = makeRedactor(['first-key-123', 'second-key-456']);
    expect(redact('first-key-123 second-key-456 first-key-123')).toBe('*** *** ***');
  });

  it('removes a raw key shorter than 5 characters too', () => {
    expect(makeRedactor(['ab1'])('key ab1 refused')).toBe('key *** refused');
  });

  it('leaves text without the key unchanged', () => {
    // Every encoded form of a key is made of the key's own characters and of [A-Za-z0-9+/=_%\\-]; text drawn from
    // the remaining punctuation, minus the key's characters, cannot hold any of them.
    const punctuation = Array.from(" !#$&'()*,.:;<>?@[]^`{|}~");
    fc.assert(
      fc.property(key, fc.array(fc.nat(), { maxLength: 80 }), (secret, picks) => {
        const alphabet = punctuation.filter((char) => !secret.includes(char));
        fc.pre(alphabet.length > 0);
        const text = picks.map((pick) => alphabet[pick % alphabet.length] ?? '').join('');
        expect(makeRedactor([secret])(text)).toBe(text);
      }),
      { numRuns: RUNS },
    );
  });

  it('leaves an ordinary log line unchanged', () => {
    const line = 'POST https://dashboard.example.com/api/svc/v2/cache/invalidate/assets: 200 OK in 0.31 s';
    expect(makeRedactor(['root-key-0001'])(line)).toBe(line);
  });

  it('leaves text unchanged when there is no key', () => {
    expect(makeRedactor([])('anything at all')).toBe('anything at all');
    expect(makeRedactor([''])('anything at all')).toBe('anything at all');
  });
});

describe('makeRedactor, whatever encoding the server used', () => {
  it('shows no key echoed through a chain of one to three encodings', () => {
    fc.assert(
      fc.property(printableKey, encodingChain, (secret, chain) => {
        const echoed = encodeThrough(secret, chain);
        const shown = makeRedactor([secret])(`HTTP 400: invalid key "${echoed}".`);
        expect(shown).not.toContain(secret);
        expect(shown).not.toContain(echoed);
      }),
      { numRuns: RUNS },
    );
  });

  it('leaves text that holds no key as it is', () => {
    fc.assert(
      fc.property(printableKey, printableKey, encodingChain, (secret, other, chain) => {
        fc.pre(!other.includes(secret) && !secret.includes(other));
        const text = `HTTP 400: ${encodeThrough(other, chain)}`;
        expect(makeRedactor([secret])(text)).toBe(text);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('redactEach', () => {
  const redact = makeRedactor(['s3cret-key-value']);

  it('gives back the same array when no text holds the key', () => {
    const paths = ['public/a.png', 'public/b.png'];
    expect(redactEach(paths, redact)).toBe(paths);
  });

  it('withholds the key from the texts that hold it, in any encoding, and leaves the others as they were', () => {
    const encoded = 's3cret&#45;key-value';
    expect(
      redactEach(['public/a.png', 'public/s3cret-key-value.png', `public/${encoded}.png`], redact),
    ).toEqual(['public/a.png', 'public/***.png', WITHHELD]);
  });
});
