import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deliveryUrlOf, imageUrl, imageUrlPrefix } from '../../src/domain/urls.ts';
import { RUNS } from '../support/runs.ts';

const ORIGIN = 'https://www.example.com/a.png';
const HOST = 'img.example.net';

describe('imageUrl', () => {
  it('builds https://{image_host}/cb:<token>/<segments>/<origin URL>, as the API spec shows it', () => {
    expect(imageUrl({ imageHost: HOST, originUrl: ORIGIN, cacheBuster: 'v42', segments: { w: 640 } })).toBe(
      'https://img.example.net/cb:v42/w:640/https://www.example.com/a.png',
    );
  });

  it('keeps the order of segments given as an array', () => {
    expect(
      imageUrl({
        imageHost: HOST,
        originUrl: ORIGIN,
        cacheBuster: 't',
        segments: ['w:640', 'h:480', 'q:80'],
      }),
    ).toBe('https://img.example.net/cb:t/w:640/h:480/q:80/https://www.example.com/a.png');
  });

  it('keeps the order of segments given as an object', () => {
    expect(imageUrl({ imageHost: HOST, originUrl: ORIGIN, segments: { q: 80, w: 640, fit: 'cover' } })).toBe(
      'https://img.example.net/q:80/w:640/fit:cover/https://www.example.com/a.png',
    );
  });

  it('puts the cache buster first, before the processing segments', () => {
    const url = imageUrl({ imageHost: HOST, originUrl: ORIGIN, segments: ['w:640'], cacheBuster: 'abc' });
    expect(new URL(url).pathname.split('/').slice(1, 3)).toEqual(['cb:abc', 'w:640']);
  });

  it('has no cb segment without a cache buster', () => {
    expect(imageUrl({ imageHost: HOST, originUrl: ORIGIN })).toBe(
      'https://img.example.net/https://www.example.com/a.png',
    );
    expect(imageUrl({ imageHost: HOST, originUrl: ORIGIN, segments: { w: 640 } })).toBe(
      'https://img.example.net/w:640/https://www.example.com/a.png',
    );
  });

  it('keeps a port of the image host', () => {
    expect(imageUrl({ imageHost: 'img.example.net:8443', originUrl: ORIGIN, cacheBuster: 'v1' })).toBe(
      'https://img.example.net:8443/cb:v1/https://www.example.com/a.png',
    );
  });

  // The URL parser drops https's default port; the host is the same.
  it('accepts the default https port 443, which names the same host', () => {
    expect(imageUrl({ imageHost: 'img.example.net:443', originUrl: ORIGIN, cacheBuster: 'v1' })).toBe(
      'https://img.example.net/cb:v1/https://www.example.com/a.png',
    );
  });

  it('lower-cases the image host and trims the space around it', () => {
    expect(imageUrl({ imageHost: '  IMG.Example.NET ', originUrl: ORIGIN, cacheBuster: 'V1' })).toBe(
      'https://img.example.net/cb:V1/https://www.example.com/a.png',
    );
  });

  it('appends the origin URL in its normalised form, query included', () => {
    expect(imageUrl({ imageHost: HOST, originUrl: 'HTTP://WWW.Example.com/a b.png?v=1' })).toBe(
      'https://img.example.net/http://www.example.com/a%20b.png?v=1',
    );
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['with a path', 'img.example.net/images'],
    ['with a trailing slash', 'img.example.net/'],
    ['with user:pass@', 'user:pass@img.example.net'],
    ['with user@', 'user@img.example.net'],
    ['with a scheme', 'https://img.example.net'],
    ['with a query', 'img.example.net?x=1'],
    ['with a fragment', 'img.example.net#top'],
    ['with a space inside', 'img example.net'],
  ])('refuses an image host %s (%j), naming it', (_, imageHost) => {
    expect(() => imageUrl({ imageHost, originUrl: ORIGIN })).toThrow(
      new TypeError(`image host ${JSON.stringify(imageHost)} is not a host name such as img.example.net`),
    );
  });

  it.each([
    ['relative', '/images/a.png'],
    ['protocol-relative', '//www.example.com/a.png'],
    ['ftp', 'ftp://www.example.com/a.png'],
    ['file', 'file:///tmp/a.png'],
    ['data', 'data:image/png;base64,AAAA'],
    ['empty', ''],
    ['without a host', 'https://'],
  ])('refuses an origin URL that is not absolute http(s): %s (%j)', (_, originUrl) => {
    expect(() => imageUrl({ imageHost: HOST, originUrl })).toThrow(
      new TypeError(`origin URL ${JSON.stringify(originUrl)} is not an absolute http(s) URL`),
    );
  });

  it.each([
    ['a slash', 'v1/v2'],
    ['a question mark', 'v1?x'],
    ['a hash', 'v1#x'],
    ['a space', 'v 1'],
    ['a tab', 'v1\t'],
    ['a line break', 'v1\n'],
    ['a percent sign', 'v%2F1'],
    ['nothing', ''],
    ['more than 4,096 characters', 'a'.repeat(4_097)],
  ])('refuses a cache buster with %s (%j)', (_, cacheBuster) => {
    expect(() => imageUrl({ imageHost: HOST, originUrl: ORIGIN, cacheBuster })).toThrow(
      new TypeError(
        `cache buster ${JSON.stringify(cacheBuster.slice(0, 80))}: use letters, digits, '.', '_', '~' and '-', at ` +
          'most 4,096 of them, since an image URL holds it beside the origin URL, and past 8 KiB a URL is refused ' +
          'by the CDNs and servers on its way (CloudFront, Apache, nginx)',
      ),
    );
  });

  it.each([
    ['an empty name', { '': 1 }],
    ['a name starting with a digit', { '1w': 640 }],
    ['a name with a space', { 'w h': 1 }],
    ['a name with a slash', { 'a/b': 1 }],
  ])('refuses a segment with %s', (_, segments) => {
    expect(() => imageUrl({ imageHost: HOST, originUrl: ORIGIN, segments })).toThrow(/is not a name$/);
  });

  it.each([[[':640']], [['w/x:1']], [['https://x']]])(
    'refuses an array segment %j whose name is not a name',
    (segments) => {
      expect(() => imageUrl({ imageHost: HOST, originUrl: ORIGIN, segments })).toThrow(TypeError);
    },
  );

  it('refuses a segment value that would split the path', () => {
    expect(() => imageUrl({ imageHost: HOST, originUrl: ORIGIN, segments: { w: '6/40' } })).toThrow(
      new TypeError('w: "6/40" cannot stand in one URL path segment'),
    );
  });
});

describe('imageUrlPrefix', () => {
  it('is https://<image host>/cb:<token>, to which a page appends segments and the origin URL', () => {
    const prefix = imageUrlPrefix('IMG.example.net', '0123abcd');
    expect(prefix).toBe('https://img.example.net/cb:0123abcd');
    expect(`${prefix}/w:640/${ORIGIN}`).toBe(
      imageUrl({ imageHost: HOST, originUrl: ORIGIN, cacheBuster: '0123abcd', segments: ['w:640'] }),
    );
  });

  it('keeps a port', () => {
    expect(imageUrlPrefix('localhost:8080', 't')).toBe('https://localhost:8080/cb:t');
  });

  it.each([
    ['a host with a path', 'img.example.net/x', 't'],
    ['a host with user:pass@', 'u:p@img.example.net', 't'],
    ['an empty host', '', 't'],
    ['a token with a slash', HOST, 'a/b'],
    ['a token with a question mark', HOST, 'a?b'],
    ['a token with a hash', HOST, 'a#b'],
    ['a token with a space', HOST, 'a b'],
    ['an empty token', HOST, ''],
  ])('refuses %s', (_, host, token) => {
    expect(() => imageUrlPrefix(host, token)).toThrow(TypeError);
  });
});

// --- property ------------------------------------------------------------------------------------------------

const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/);
const hostName = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[a-z]{2,6}$/))
  .map(([labels, tld]) => [...labels, tld].join('.'));
const imageHost = fc
  .tuple(hostName, fc.option(fc.integer({ min: 1, max: 65_535 }).filter((port) => port !== 443)))
  .map(([host, port]) => (port === null ? host : `${host}:${port}`));
const originUrl = fc
  .webUrl({ withQueryParameters: true, withFragments: true })
  .filter((url) => URL.canParse(url) && new URL(url).hostname !== '');
// What the service's tokens and "any random string" are made of: safe in a path and in the text around a URL.
const token = fc.stringMatching(/^[A-Za-z0-9._~-]{1,40}$/);

describe('imageUrl, for any host, origin URL and token', () => {
  it('is a URL on the image host, whose first path segment is cb:<token> and which ends with the origin URL', () => {
    fc.assert(
      fc.property(imageHost, originUrl, token, (host, origin, cacheBuster) => {
        const result = imageUrl({ imageHost: host, originUrl: origin, cacheBuster });
        const parsed = new URL(result);
        expect(parsed.protocol).toBe('https:');
        expect(parsed.host).toBe(host);
        expect(parsed.pathname.split('/')[1]).toBe(`cb:${cacheBuster}`);
        expect(result.endsWith(new URL(origin).href)).toBe(true);
        expect(result).toBe(`${imageUrlPrefix(host, cacheBuster)}/${new URL(origin).href}`);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('deliveryUrlOf', () => {
  it('takes a delivery URL apart: host, processing segments, origin URL', () => {
    expect(deliveryUrlOf('https://IMG.example.net/cb:abc/w:640/https://www.example.com/a.jpg?v=1')).toEqual({
      host: 'img.example.net',
      segments: ['cb:abc', 'w:640'],
      originUrl: 'https://www.example.com/a.jpg?v=1',
    });
    expect(deliveryUrlOf('https://img.example.net/https://www.example.com/a.jpg')?.segments).toEqual([]);
  });

  it.each([
    'https://www.example.com/a.jpg',
    'https://www.example.com/a.jpg?from=https://b.example/',
    'https://www.example.com/images/w640/https-logo.png',
    '0123456789abcdef0123456789abcdef',
  ])('finds no delivery URL in %j', (text) => {
    expect(deliveryUrlOf(text)).toBeUndefined();
  });

  it('reads back every URL that imageUrl builds', () => {
    fc.assert(
      fc.property(imageHost, originUrl, token, (host, origin, cacheBuster) => {
        const built = imageUrl({ imageHost: host, originUrl: origin, cacheBuster, segments: { w: 640 } });
        expect(deliveryUrlOf(built)).toEqual({
          host: host.toLowerCase(),
          segments: [`cb:${cacheBuster}`, 'w:640'],
          originUrl: new URL(origin).href,
        });
      }),
      { numRuns: RUNS },
    );
  });
});
