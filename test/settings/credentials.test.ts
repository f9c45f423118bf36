import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { credentialsHidden } from '../../src/domain/credentials.ts';
import { parseSettings, type RawInputs } from '../../src/settings/settings.ts';
import { InputError } from '../../src/mechanics/input-error.ts';
import { DEFAULT_INPUTS } from '../support/inputs.ts';

/** Each URL input, with a URL (or host) holding these credentials, in the scope that reads it. */
function withCredentials(input: string, userInfo: string): Partial<RawInputs> {
  switch (input) {
    case 'url-map':
      return {
        files: 'public/images/a.png',
        'url-map': `public/images => https://${userInfo}@www.example.com/i`,
      };
    case 'image-host':
      return { scope: 'all', 'image-host': `${userInfo}@img.example.net` };
    case 'domain':
      return { scope: 'domain', domain: `https://${userInfo}@www.example.com` };
    case 'base-url':
      return { scope: 'all', 'base-url': `https://${userInfo}@dashboard.example.com` };
    default:
      return { assets: `https://${userInfo}@www.example.com/a.png` };
  }
}

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

describe('every URL input', () => {
  it('refuses credentials, naming the input, and never shows the password in its message', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('url-map', 'image-host', 'domain', 'base-url', 'assets'),
        fc.option(word),
        secret,
        (input, user, password) => {
          const userInfo = user === null ? password : `${user}:${password}`;
          let message = '';
          try {
            parseSettings({ ...DEFAULT_INPUTS, ...withCredentials(input, userInfo) });
          } catch (error) {
            if (!(error instanceof InputError)) throw error;
            message = error.message;
          }
          expect(message.startsWith(`${input}: `)).toBe(true);
          expect(message).toContain('holds a user name or password');
          expect(message).not.toContain(password);
        },
      ),
    );
  });
});

describe('credentialsHidden', () => {
  it('hides user:password@ and token@ in any URL or host, whatever the password holds', () => {
    fc.assert(
      fc.property(scheme, fc.option(word), secret, host, path, (start, user, password, name, rest) => {
        // Only a password that the visible rest of the URL does not also hold can be seen to be gone.
        fc.pre(!`${start}${name}${rest}`.includes(password));
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
