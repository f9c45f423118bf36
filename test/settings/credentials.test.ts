import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { credentialsHidden } from '../../src/settings/credentials.ts';

const scheme = fc.constantFrom(
  'https://',
  'http://',
  'https:',
  'https:/',
  'https:\\\\',
  'ftp://',
  'HTTPS://',
  '',
);
const word = fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=%-]{1,20}$/);
const secret = fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=%@:-]{6,30}$/);
const host = fc.domain();
const path = fc.stringMatching(/^(\/[A-Za-z0-9._-]{0,10}){0,3}$/);

describe('credentialsHidden', () => {
  it('hides user:password@ and token@ in any URL or host, whatever the password holds', () => {
    fc.assert(
      fc.property(scheme, fc.option(word), secret, host, path, (start, user, password, name, rest) => {
        const userInfo = user === null ? password : `${user}:${password}`;
        const hidden = credentialsHidden(`${start}${userInfo}@${name}${rest}`);
        expect(hidden).toBeDefined();
        expect(hidden).toContain(`***@${name}`);
        expect(hidden).not.toContain(password);
      }),
    );
  });

  it('finds none in a URL without them, even with an @ in its path or query', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        expect(credentialsHidden(url)).toBeUndefined();
      }),
    );
    expect(credentialsHidden('https://www.example.com/images/logo@2x.png?by=me@example.com')).toBeUndefined();
    expect(credentialsHidden('img.example.net')).toBeUndefined();
  });

  it('hides what the URL parser reads as credentials once it strips a tab or a leading control', () => {
    expect(credentialsHidden('ht\ttps://user:s3cret-Pa55@www.example.com/a')).toBe(
      'https://***@www.example.com/a',
    );
    expect(credentialsHidden('\u0001https://user:s3cret-Pa55@www.example.com/a')).toBe(
      'https://***@www.example.com/a',
    );
  });
});
