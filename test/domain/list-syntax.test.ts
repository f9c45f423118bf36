import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/mechanics/input-error.ts';
import { parseList } from '../../src/domain/list-syntax.ts';
import { RUNS } from '../support/runs.ts';

const HASH = '0123456789abcdef0123456789abcdef';

describe('parseList: the one list syntax', () => {
  it('takes a JSON array of strings whole, one entry per line, or NUL-separated entries', () => {
    expect(parseList('["a b.png", " c.png"]', 'files', 'files')).toEqual(['a b.png', ' c.png']);
    expect(parseList(' a.png \r\n\n b c.png\n', 'files', 'files')).toEqual(['a.png', 'b c.png']);
    expect(parseList('a\nb.png\0 c.png\0', 'files', 'files')).toEqual(['a\nb.png', ' c.png']);
  });

  it.each([
    ['files', 'spaces', 'public/images/hero.jpg public/images/team photo.jpg'],
    ['files', 'commas', 'public/images/hero.jpg,public/images/logo.png'],
    ['files', "a shell's escapes", 'public/images/hero.jpg public/images/team\\ photo.jpg'],
    ['files', 'quotes and commas', '"a.png", "b.png"'],
    ['assets', 'spaces', `https://x.example/a.jpg ${HASH}`],
    ['assets', 'commas', 'https://x.example/a.jpg,https://x.example/b.jpg'],
    ['assets', 'nothing', 'https://x.example/a.jpghttps://x.example/b.jpg'],
  ] as const)(
    'refuses a %s line of several entries separated by %s, naming the source and the line',
    (kind, _, line) => {
      expect(() => parseList(`first.png\n${line}`, kind, 'assets-from "list.txt"')).toThrow(
        new RegExp(
          `^assets-from "list.txt": line 2, ${JSON.stringify(line).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, holds several entries.*; give one entry per line, or a JSON array of strings`,
        ),
      );
    },
  );

  it.each([
    [
      'files',
      'public/images/hero.jpg public/images/team photo.jpg',
      ['public/images/hero.jpg', 'public/images/team photo.jpg'],
    ],
    [
      'files',
      'public/images/hero.jpg,public/images/logo.png',
      ['public/images/hero.jpg', 'public/images/logo.png'],
    ],
    ['files', '"a.png", "b.png"', ['a.png', 'b.png']],
    ['assets', `https://x.example/a.jpg ${HASH}`, ['https://x.example/a.jpg', HASH]],
  ] as const)('shows a %s line %j written as it should be, one entry a line', (kind, line, entries) => {
    expect(() => parseList(line, kind, kind)).toThrow(
      `One per line, they read:\n${entries.map((entry) => `  ${entry}`).join('\n')}`,
    );
  });

  it('shows the first few entries of a long line, and counts the rest', () => {
    const line = Array.from({ length: 40 }, (_, i) => `public/${i}.png`).join(' ');
    let message = '';
    try {
      parseList(line, 'files', 'files');
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    expect(message).toContain('  public/4.png\n  … and 35 more');
    expect(message).not.toContain('  public/5.png');
  });

  it.each([
    ['files', 'public/images/team photo.jpg'],
    ['files', 'hero 2.jpg'],
    ['files', 'a,b.png'],
    ['files', 'notes about a.png and more'],
    ['files', '[2024] cover.png'],
    ['assets', 'https://x.example/team photo.jpg'],
    ['assets', 'https://x.example/w,h.jpg'],
    ['assets', 'https://img.example.net/w:640/https://www.example.com/a.jpg'],
    ['assets', 'https://x.example/a.jpg?from=https://y.example/'],
  ] as const)('keeps the %s line %j as one entry', (kind, line) => {
    expect(parseList(line, kind, kind)).toEqual([line]);
  });

  it("refuses a name written with a shell's '\\ ', showing it as it is", () => {
    expect(() => parseList('public/images/team\\ photo.jpg', 'files', 'files')).toThrow(
      'files: line 1, "public/images/team\\\\ photo.jpg", holds \'\\ \', a shell\'s escape of a space; write the name as it is, "public/images/team photo.jpg"',
    );
  });

  it('refuses a JSON array that holds something else than strings, or is broken', () => {
    expect(() => parseList('["a.png", 3]', 'files', 'files')).toThrow(
      'files: is a JSON array whose entry 2 is "3", not a string;',
    );
    expect(() => parseList('["a.png",', 'files', 'files')).toThrow(
      "files: starts with '[' but is not a JSON array;",
    );
  });

  const name = fc.stringMatching(/^[a-z0-9][a-z0-9 _-]{0,10}$/).filter((text) => !text.endsWith(' '));
  const imagePath = fc
    .tuple(fc.array(name, { minLength: 1, maxLength: 3 }), fc.constantFrom('png', 'jpg', 'JPEG', 'svg'))
    .map(([segments, type]) => `${segments.join('/')}.${type}`);

  it('takes image paths one per line back as they are, spaces in their names or not', () => {
    fc.assert(
      fc.property(fc.array(imagePath, { minLength: 1, maxLength: 20 }), (paths) => {
        expect(parseList(paths.join('\n'), 'files', 'files')).toEqual(paths);
        expect(parseList(JSON.stringify(paths), 'files', 'files')).toEqual(paths);
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses any two or more image paths on one line, whatever separates them', () => {
    fc.assert(
      fc.property(
        fc.array(imagePath, { minLength: 2, maxLength: 5 }),
        fc.constantFrom(' ', ',', ', ', '\t', ' , '),
        (paths, separator) => {
          expect(() => parseList(paths.join(separator), 'files', 'files')).toThrow(InputError);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
