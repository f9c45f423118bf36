import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rewriteCacheBusters } from '../../src/rewrite/cache-buster.ts';
import { RUNS } from '../support/runs.ts';

const HOST = 'img.example.net';
const rewrite = (text: string, token = 'T1', host = HOST) => rewriteCacheBusters(text, host, token);
const origin = 'https://www.example.com/images/a.png';

describe('rewriteCacheBusters', () => {
  it('adds the buster as the first segment where a URL has none', () => {
    expect(rewrite(`https://img.example.net/w:640/${origin}`)).toEqual({
      text: `https://img.example.net/cb:T1/w:640/${origin}`,
      urls: 1,
    });
    expect(rewrite(`"https://img.example.net/${origin}"`).text).toBe(
      `"https://img.example.net/cb:T1/${origin}"`,
    );
  });

  it('replaces the value of a cb segment wherever it stands among the segments, every one of them', () => {
    expect(rewrite(`https://img.example.net/cb:old/w:640/${origin}`).text).toBe(
      `https://img.example.net/cb:T1/w:640/${origin}`,
    );
    expect(rewrite(`https://img.example.net/w:640/cb:/q:80/${origin}`).text).toBe(
      `https://img.example.net/w:640/cb:T1/q:80/${origin}`,
    );
    expect(rewrite(`https://img.example.net/cb:a/w:1/cb:b/${origin}`)).toEqual({
      text: `https://img.example.net/cb:T1/w:1/cb:T1/${origin}`,
      urls: 1,
    });
  });

  it('counts only the URLs whose text changed', () => {
    const text = `https://img.example.net/cb:T1/w:1/${origin} https://img.example.net/cb:T0/${origin}`;
    expect(rewrite(text).urls).toBe(1);
    expect(rewrite(`https://img.example.net/cb:T1/${origin}`)).toEqual({
      text: `https://img.example.net/cb:T1/${origin}`,
      urls: 0,
    });
  });

  it('stops the segments at the origin URL, even one that looks like name:value', () => {
    expect(rewrite('http://img.example.net/w:1/http://a.example/cb:x/b.png').text).toBe(
      'http://img.example.net/cb:T1/w:1/http://a.example/cb:x/b.png',
    );
  });

  it('keeps the escaped slashes of JSON and JS strings', () => {
    expect(rewrite(String.raw`"https:\/\/img.example.net\/w:1\/https:\/\/a.example\/b.png"`).text).toBe(
      String.raw`"https:\/\/img.example.net\/cb:T1\/w:1\/https:\/\/a.example\/b.png"`,
    );
    expect(rewrite(String.raw`["\/\/img.example.net\/cb:0\/b.png"]`).text).toBe(
      String.raw`["\/\/img.example.net\/cb:T1\/b.png"]`,
    );
  });

  it('matches the host without regard to case, and the scheme too', () => {
    expect(rewrite('HTTPS://IMG.Example.NET/a.png').text).toBe('HTTPS://IMG.Example.NET/cb:T1/a.png');
  });

  it.each([
    'https://img.example.net.evil.com/w:1/a.png',
    'https://notimg.example.net/w:1/a.png',
    'https://img.example.network/a.png',
    'https://img.example.net@evil.com/a.png',
    'https://evil.com/img.example.net/a.png',
    'https://evil.com//img.example.net/a.png',
    'ftp://img.example.net/a.png',
    'https://www.example.com/images/a.png',
  ])('leaves %s alone: not a URL on the image host', (text) => {
    expect(rewrite(text)).toEqual({ text, urls: 0 });
  });

  it('matches a port given with the host literally, and accepts an explicit port on a host given without', () => {
    const local = 'http://127.0.0.1:8080/a.png http://127.0.0.1:8081/a.png http://127.0.0.1/a.png';
    expect(rewrite(local, 'T1', '127.0.0.1:8080').text).toBe(
      'http://127.0.0.1:8080/cb:T1/a.png http://127.0.0.1:8081/a.png http://127.0.0.1/a.png',
    );
    expect(rewrite('https://img.example.net:443/a.png').text).toBe('https://img.example.net:443/cb:T1/a.png');
  });

  it.each([
    '',
    'a/b',
    'a b',
    'a?b',
    'a#b',
    '50%',
    'a"b',
    "a'b",
    'a`b',
    'a\\b',
    'a\nb',
    'a\u0000b',
    'caf\u00e9',
  ])('refuses the token %j, unsafe in a path segment', (token) => {
    expect(() => rewrite('', token)).toThrow(/cannot be written as a URL path segment/);
  });

  it.each(['', 'https://img.example.net', 'img.example.net/w:1', 'img example.net'])(
    'refuses the image host %j',
    (host) => {
      expect(() => rewrite('', 'T1', host)).toThrow(/not a host name/);
    },
  );
});

describe('rewriteCacheBusters, properties', () => {
  // Pieces that build near-misses as well as image URLs: both slash styles, look-alike hosts, segments.
  const soup = fc.string({
    unit: fc.constantFrom(
      'https:',
      'http:',
      '//',
      '/',
      '\\/',
      '\\',
      HOST,
      'IMG.EXAMPLE.NET',
      '.evil.com',
      'not',
      ':8080',
      'cb:',
      'cb:T1',
      'w:640',
      ':',
      'a',
      ' ',
      '"',
      "'",
      ',',
      '(',
      ')',
      '\u00e9',
    ),
    maxLength: 40,
  });

  it('rewrites any text to a fixed point: a second pass with the same token changes nothing', () => {
    fc.assert(
      fc.property(soup, (text) => {
        const once = rewrite(text).text;
        expect(rewrite(once)).toEqual({ text: once, urls: 0 });
      }),
      { numRuns: RUNS * 5 },
    );
  });

  // Text between URLs that cannot hold a URL of its own (no slash) and a boundary that ends one.
  const filler = fc.tuple(
    fc.string({
      unit: fc.constantFrom('a', 'Z', '0', ':', '.', '-', 'é', '\u00ff', '=', '<', '>', ';'),
      maxLength: 8,
    }),
    fc.constantFrom(' ', '\n', '"', "'", '(', ')', ',', '`'),
  );
  const imageUrl = fc.record({
    scheme: fc.constantFrom('https:', 'http:', 'HTTPS:', ''),
    sep: fc.constantFrom('/', '\\/'),
    host: fc.constantFrom(HOST, 'IMG.example.NET', 'img.example.net:8443'),
    segments: fc.array(
      fc.tuple(fc.constantFrom('w', 'q', 'f', 'rs', 'cb'), fc.stringMatching(/^[a-zA-Z0-9,.]{0,4}$/)),
      { maxLength: 4 },
    ),
    origin: fc.constantFrom('https://www.example.com/a.png', 'b.png', ''),
  });

  it('changes only the segments of each image URL, as the model says, and nothing around them', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(filler, imageUrl), { maxLength: 6 }), filler, (parts, [tail, end]) => {
        let input = '';
        let expected = '';
        let changed = 0;
        for (const [[text, boundary], url] of parts) {
          const head = `${url.scheme}${url.sep}${url.sep}${url.host}${url.sep}`;
          const origin = url.origin.replaceAll('/', url.sep);
          const segments = url.segments.map(([name, value]) => `${name}:${value}`);
          const busted = url.segments.some(([name]) => name === 'cb')
            ? url.segments.map(([name, value]) => (name === 'cb' ? 'cb:T1' : `${name}:${value}`))
            : ['cb:T1', ...segments];
          const line = (list: readonly string[]): string => list.map((segment) => segment + url.sep).join('');
          input += `${text}${boundary}${head}${line(segments)}${origin}${boundary}`;
          expected += `${text}${boundary}${head}${line(busted)}${origin}${boundary}`;
          if (line(busted) !== line(segments)) changed += 1;
        }
        expect(rewrite(input + tail + end)).toEqual({ text: expected + tail + end, urls: changed });
      }),
      { numRuns: RUNS * 5 },
    );
  });
});
