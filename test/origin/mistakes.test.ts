/** A mapping mistake in words: what a person reads to mend url-map. */
import { describe, expect, it } from 'vitest';
import { mistakeWords } from '../../src/origin/mistakes.ts';

const rules = [{ pathPrefix: 'public/images', urlPrefix: 'http://www.example.com/images/' }];
const image = { ref: 'http://www.example.com/images/cat.jpg', path: 'public/images/cat.jpg' };

describe('a redirect off the origin url-map made', () => {
  it('to https on the same host: says another scheme, names both origins, and gives the https rule', () => {
    const words = mistakeWords(
      { kind: 'redirected', image, seen: { status: 301 }, to: 'https://www.example.com/images/cat.jpg' },
      rules,
    );
    expect(words).toContain('on another scheme');
    expect(words).toContain(
      `the site's pages name "https://www.example.com", so an invalidation of "http://www.example.com"`,
    );
    expect(words).toContain('write "public/images => https://www.example.com/images"');
  });

  it('to another host: says another host and names both hosts', () => {
    const words = mistakeWords(
      { kind: 'redirected', image, seen: { status: 301 }, to: 'https://cdn.example.net/cat.jpg' },
      rules,
    );
    expect(words).toContain('on another host');
    expect(words).toContain(
      `the site's pages name "cdn.example.net", so an invalidation of "www.example.com"`,
    );
  });
});
