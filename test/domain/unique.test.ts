import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uniqueStrings } from '../../src/domain/unique.ts';
import { mapToUrl } from '../../src/settings/url-map.ts';

describe('uniqueStrings', () => {
  it('gives what a Set gives, in the same order', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 4 }), { maxLength: 60 }), (strings) => {
        expect(uniqueStrings(strings)).toEqual([...new Set(strings)]);
      }),
    );
  });

  it('returns a list without repeats as it is', () => {
    const strings = ['a', 'b', 'c'];
    expect(uniqueStrings(strings)).toBe(strings);
  });
});

describe('mapToUrl of a plain name', () => {
  const rules = [{ pathPrefix: 'public/images', urlPrefix: 'https://www.example.com/images/' }];

  it('gives the URL the parser gives', () => {
    const name = fc.stringMatching(/^[A-Za-z0-9._~!$&()*+,;=:@/-]{0,30}$/);
    fc.assert(
      fc.property(name, (rest) => {
        const path = `public/images/${rest}`;
        const expected = /(^|\/)\.\.?(\/|$)/.test(path)
          ? undefined
          : new URL(`./${rest}`, 'https://www.example.com/images/').href;
        expect(mapToUrl(path, rules)).toBe(expected);
      }),
    );
  });
});
