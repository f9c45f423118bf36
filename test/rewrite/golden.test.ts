/** Whole files as a build writes them, rewritten byte for byte as the golden `.expected.` files show. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rewriteCacheBusters } from '../../src/rewrite/cache-buster.ts';

// `.golden` is appended so that prettier leaves the fixtures exactly as written.
const golden = (name: string): Buffer => readFileSync(new URL(`golden/${name}.golden`, import.meta.url));

describe.each([
  { input: 'page.input.html', urls: 14 },
  { input: 'style.input.css', urls: 6 },
  { input: 'escaped.input.json', urls: 3 },
  { input: 'plain.input.json', urls: 2 },
  { input: 'bundle.input.js', urls: 5 },
])('$input', ({ input, urls }) => {
  it(`sets the cache buster of its ${urls} image URLs and changes nothing else`, () => {
    // latin1 strings hold one character per byte: equal strings are equal bytes, and a failure shows a diff.
    const expected = golden(input.replace('.input.', '.expected.')).toString('latin1');
    const result = rewriteCacheBusters(golden(input).toString('latin1'), 'img.example.net', 'n3wT0k3n');
    expect(result).toEqual({ text: expected, urls });
  });

  it('is left as it is once rewritten', () => {
    const expected = golden(input.replace('.input.', '.expected.')).toString('latin1');
    expect(rewriteCacheBusters(expected, 'img.example.net', 'n3wT0k3n')).toEqual({ text: expected, urls: 0 });
  });
});
