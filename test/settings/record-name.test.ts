import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultRecordName,
  legacyRecordName,
  parseRecordName,
  siteHost,
  urlMapHosts,
} from '../../src/settings/record-name.ts';
import { parseUrlMap } from '../../src/settings/url-map.ts';
import { InputError } from '../../src/mechanics/input-error.ts';

const ENDPOINT = new URL('https://dashboard.example.com/api/svc/v2/cache');
const MAP = parseUrlMap('public/images => https://www.example.com/images');

const nameOf = (urlMap: string, deployEnvironment = 'production', endpoint = ENDPOINT): string =>
  defaultRecordName({ endpoint, host: siteHost(urlMapHosts(parseUrlMap(urlMap))), deployEnvironment });

describe("the record's default name", () => {
  it('says what it holds, for which site, environment and service, as a person reads it', () => {
    expect(nameOf('public/images => https://www.example.com/images')).toBe(
      'Image cache record – www.example.com – production – svc at dashboard.example.com',
    );
  });

  it('stays the same when url-map is fixed but keeps its host, or the environment differs only in case', () => {
    const name = nameOf('public/images => https://www.example.com/images');
    expect(nameOf('public/img => https://WWW.example.com/pictures', 'Production')).toBe(name);
    expect(nameOf('public/a => https://www.example.com/a\npublic/b => https://www.example.com/b')).toBe(name);
  });

  it('differs for another site host, another environment or another service', () => {
    const name = nameOf('public/images => https://www.example.com/images');
    expect(nameOf('public/images => https://cdn.example.org/images')).not.toBe(name);
    expect(nameOf('public/images => https://www.example.com/images', 'Deploy Preview')).not.toBe(name);
    const other = new URL('https://dashboard.example.com/api/other/v2/cache');
    expect(nameOf('public/images => https://www.example.com/images', 'production', other)).not.toBe(name);
  });

  it('the site host is the hosts given, each once, in one order, whoever gives them', () => {
    expect(siteHost(['b.example', 'A.example', 'b.example'])).toBe('a.example, b.example');
  });

  it('keeps within 255 characters, two long names apart', () => {
    const many = (tld: string) =>
      Array.from({ length: 30 }, (_, i) => `p${i} => https://host-${i}.example.${tld}/`).join('\n');
    const [a, b] = [nameOf(many('com')), nameOf(many('org'))];
    expect(a.length).toBeLessThanOrEqual(255);
    expect(a).not.toBe(b);
  });

  it('the legacy name is the digest earlier versions gave, the same for the same target', () => {
    const name = legacyRecordName(ENDPOINT, MAP, 'production');
    expect(name).toMatch(/^image-cache-invalidate\/[0-9a-f]{8}$/);
    expect(legacyRecordName(new URL(ENDPOINT.href), MAP, 'Production')).toBe(name);
  });
});

describe('record-name and status-context', () => {
  it('empty is the default; one line is kept as given, naming the input that gave it', () => {
    expect(parseRecordName('  ', '')).toBeUndefined();
    expect(parseRecordName(' Shop images ', '')).toEqual({ name: 'Shop images', input: 'record-name' });
    expect(parseRecordName('', 'image-cache-invalidate/staging')).toEqual({
      name: 'image-cache-invalidate/staging',
      input: 'status-context',
    });
    expect(parseRecordName('same', 'same')).toEqual({ name: 'same', input: 'record-name' });
  });

  it('anything else is refused naming the input; two different names are refused', () => {
    expect(() => parseRecordName('a\nb', '')).toThrow(/^record-name: /);
    expect(() => parseRecordName('', 'x'.repeat(256))).toThrow(/^status-context: .* at most 255 characters/);
    expect(() => parseRecordName('a', 'b')).toThrow(/keep record-name alone/);
  });

  it('any text gives a name of one line or an InputError', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        try {
          const given = parseRecordName(text, '');
          if (given !== undefined) expect(given.name).not.toMatch(/[\n\r]/);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
    );
  });
});
