import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { assetRefProblem, canonicalRef, parseAssetList, splitAssetList } from '../../src/domain/refs.ts';
import { RUNS } from '../support/runs.ts';

const HASH = '0123456789abcdef0123456789abcdef';

describe('splitAssetList', () => {
  it('takes one entry per line, trimmed, ignoring blank lines', () => {
    expect(splitAssetList('\n a\nb\r\n\t c \n\n')).toEqual(['a', 'b', 'c']);
  });

  it('takes a JSON array of strings whole', () => {
    expect(splitAssetList('["https://x.example/a b.jpg", " c "]')).toEqual([
      'https://x.example/a b.jpg',
      'c',
    ]);
  });

  it.each([
    ['spaces', `https://x.example/a.jpg ${HASH}`],
    ['commas', 'https://x.example/a.jpg,https://x.example/b.jpg'],
    ['nothing: run together', 'https://x.example/a.jpghttps://x.example/b.jpg'],
  ])('refuses a line of several entries separated by %s, naming the line', (_, line) => {
    expect(() => splitAssetList(`${HASH}\n${line}`)).toThrow(
      `assets: line 2, ${JSON.stringify(line)}, holds several`,
    );
  });

  it('keeps a URL with a space or a comma in its path, alone on its line, as one entry', () => {
    expect(splitAssetList('https://x.example/team photo.jpg\nhttps://x.example/w,h.jpg')).toEqual([
      'https://x.example/team photo.jpg',
      'https://x.example/w,h.jpg',
    ]);
  });

  it('gives no entry for an empty or blank list', () => {
    expect(splitAssetList('')).toEqual([]);
    expect(splitAssetList(' \n\t\n ')).toEqual([]);
  });
});

describe('assetRefProblem', () => {
  it.each([
    'https://www.example.com/images/a.jpg',
    'http://www.example.com/a.png?w=300',
    'https://[2001:db8::1]/a.png',
  ])('accepts the http(s) URL %j', (entry) => {
    expect(assetRefProblem(entry)).toBeUndefined();
  });

  it.each([HASH, 'ABCDEFABCDEFABCDEFABCDEFABCDEF12', 'a'.repeat(32)])(
    'accepts the 32-character hash %j',
    (entry) => {
      expect(assetRefProblem(entry)).toBeUndefined();
    },
  );

  it.each([31, 33, 1, 64])('refuses a hash of %i characters, saying how many it has', (length) => {
    expect(assetRefProblem('a'.repeat(length))).toBe(`${length} characters, but a hash has exactly 32`);
  });

  it.each([
    ['/', `${HASH.slice(0, 16)}/${HASH.slice(17)}`],
    [':', `${HASH.slice(0, 16)}:${HASH.slice(17)}`],
    [': after a letter', `a${HASH.slice(0, 15)}:${HASH.slice(17)}`],
    ['a space', `${HASH.slice(0, 16)} ${HASH.slice(17)}`],
    ['a tab', `${HASH.slice(0, 16)}\t${HASH.slice(17)}`],
  ])('refuses a 32-character value with %s', (_, entry) => {
    expect(entry).toHaveLength(32);
    expect(assetRefProblem(entry)).toBeDefined();
  });

  it.each(['ftp://www.example.com/a.jpg', 'file:///tmp/a.jpg', 'data:image/png;base64,AAAA'])(
    'refuses the non-http(s) URL %j, naming its scheme',
    (entry) => {
      expect(assetRefProblem(entry)).toBe(`a ${entry.slice(0, entry.indexOf(':') + 1)} URL, not http(s)`);
    },
  );

  it.each(['www.example.com/images/a.jpg', '//www.example.com/a.jpg', 'images/a.jpg', 'a.jpg'])(
    'refuses %j, a URL without a scheme, asking for https://',
    (entry) => {
      expect(assetRefProblem(entry)).toBe('not an absolute URL: write it with https://');
    },
  );

  it.each(['http://', 'https://exa mple.com/'])('refuses the unparseable URL %j', (entry) => {
    expect(assetRefProblem(entry)).toBe('not a valid URL');
  });
});

describe('asset URLs with credentials', () => {
  it.each([
    [
      'user:password@',
      'https://user:hunter2-secret@www.example.com/a.png',
      'https://***@www.example.com/a.png',
    ],
    ['a user alone', 'https://hunter2-secret@www.example.com/a.png', 'https://***@www.example.com/a.png'],
    ['a token', 'https://x-access-token:hunter2-secret@github.com', 'https://***@github.com'],
    [
      'an unparseable URL',
      'https://user:hunter2 secret@www.example.com/a.png',
      'https://***@www.example.com/a.png',
    ],
    [
      'an @ in the password',
      'http://u:hunter2@secret@www.example.com/a.png',
      'http://***@www.example.com/a.png',
    ],
  ])('are refused (%s), the URL shown with its credentials replaced', (_, entry, shown) => {
    const problem = assetRefProblem(entry);
    expect(problem).toBe(
      `holds a user name or password (${shown}): give the image's URL as a browser requests it, without them`,
    );
    expect(problem).not.toContain('hunter2');
  });

  it('are listed as invalid under the URL with its credentials replaced, never as written', () => {
    const parsed = parseAssetList('https://user:hunter2-secret@www.example.com/a.png');
    expect(parsed.refs).toEqual([]);
    expect(parsed.invalid.map((entry) => entry.value)).toEqual(['https://***@www.example.com/a.png']);
    expect(JSON.stringify(parsed)).not.toContain('hunter2');
  });

  it('an @ in the path or the query is no credential', () => {
    expect(assetRefProblem('https://www.example.com/@user/a.png?by=me@example.com')).toBeUndefined();
  });
});

describe('parseAssetList', () => {
  it('keeps the first occurrence of each reference, in input order', () => {
    const a = 'https://www.example.com/a.jpg';
    const b = 'https://www.example.com/b.jpg';
    expect(parseAssetList(`${b}\n${HASH}\n${b}\n${a}\n${HASH}\n${a}`)).toEqual({
      refs: [b, HASH, a],
      invalid: [],
      merged: 3,
    });
  });

  // As the service will see them: the WHATWG serialisation, with no fragment, since a browser never sends one.
  it('sends URLs in canonical form and merges those that are then the same; hashes stay as written', () => {
    const parsed = parseAssetList(
      [
        'https://WWW.Example.COM/a.jpg',
        'https://www.example.com:443/a.jpg',
        'https://www.example.com/./a.jpg',
        'HTTPS://www.example.com/b/../a.jpg#top',
        'http://www.example.com:80/A.jpg',
        HASH.toUpperCase(),
      ].join('\n'),
    );
    expect(parsed).toEqual({
      refs: ['https://www.example.com/a.jpg', 'http://www.example.com/A.jpg', HASH.toUpperCase()],
      invalid: [],
      merged: 3,
    });
  });

  it('lists every invalid entry with its reason, in input order, and keeps the valid ones', () => {
    const parsed = parseAssetList(`bad1\n${HASH}\nftp://x/y\nbad1`);
    expect(parsed.refs).toEqual([HASH]);
    expect(parsed.invalid).toEqual([
      { value: 'bad1', reason: '4 characters, but a hash has exactly 32' },
      { value: 'ftp://x/y', reason: 'a ftp: URL, not http(s)' },
      { value: 'bad1', reason: '4 characters, but a hash has exactly 32' },
    ]);
  });

  it('gives nothing for an empty list', () => {
    expect(parseAssetList(' \n')).toEqual({ refs: [], invalid: [], merged: 0 });
  });

  const hash = fc.string({
    unit: fc.constantFrom(...Array.from('0123456789abcdefABCDEF')),
    minLength: 32,
    maxLength: 32,
  });
  const url = fc
    .tuple(
      fc.constantFrom('http', 'https', 'HTTPS'),
      fc.domain(),
      fc.array(fc.stringMatching(/^[A-Za-z0-9_~-]{1,12}$/), { maxLength: 4 }),
      fc.constantFrom('', '.jpg', '.png?w=300&h=200', '#x'),
    )
    .map(([scheme, host, path, suffix]) => `${scheme}://${host}/${path.join('/')}${suffix}`);
  const separator = fc
    .array(fc.constantFrom('\n', '\r\n', ' \n', '\n\t', '\n\n'), { minLength: 1, maxLength: 3 })
    .map((parts) => parts.join(''));
  const edge = fc.oneof(fc.constant(''), separator);

  it('parses any list of valid references, one per line, to the unique ones in first-seen order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(hash, url), { minLength: 1, maxLength: 15 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.array(separator, { minLength: 40, maxLength: 40 }),
        edge,
        edge,
        (pool, picks, separators, leading, trailing) => {
          const list = [...picks.map((pick) => pool[pick % pool.length] ?? ''), ...pool];
          const text =
            leading + list.map((ref, index) => `${separators[index % 40] ?? ','}${ref}`).join('') + trailing;
          const parsed = parseAssetList(text);
          expect(parsed.invalid).toEqual([]);
          const unique = [...new Set(list.map(canonicalRef))];
          expect(parsed.refs).toEqual(unique);
          expect(parsed.merged).toBe(list.length - unique.length);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
