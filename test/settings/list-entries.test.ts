import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryMeter, listText, MAX_ENTRY_BYTES, OversizedEntry } from '../../src/settings/list-files.ts';

/** Feeds the meter the bytes cut into pieces at the given points, as a file is read. */
function meter(bytes: Buffer, cuts: readonly number[]): void {
  const watch = entryMeter();
  let start = 0;
  for (const cut of [...cuts].sort((a, b) => a - b).concat(bytes.length)) {
    const end = Math.min(Math.max(cut, start), bytes.length);
    watch(bytes.subarray(start, end));
    start = end;
  }
}

const lengths = fc.array(
  fc.oneof(fc.nat(64), fc.integer({ min: MAX_ENTRY_BYTES - 2, max: MAX_ENTRY_BYTES + 2 })),
  { maxLength: 6 },
);
const cuts = fc.array(fc.nat(6 * (MAX_ENTRY_BYTES + 70)), { maxLength: 8 });

describe('entryMeter', () => {
  it('refuses a list of lines exactly when one line is over the limit, naming it, however the reads cut it', () => {
    fc.assert(
      fc.property(lengths, cuts, fc.constantFrom('\n', '\r\n', '\0'), (sizes, at, separator) => {
        const lines = sizes.map((size) => 'a'.repeat(size) + (separator === '\r\n' ? '\r' : ''));
        const bytes = Buffer.from(
          lines.map((line) => `${line}${separator === '\r\n' ? '\n' : separator}`).join(''),
        );
        const over = lines.findIndex((line) => line.length > MAX_ENTRY_BYTES);
        if (over < 0) {
          expect(() => {
            meter(bytes, at);
          }).not.toThrow();
          return;
        }
        const line = separator === '\0' ? 1 : over + 1;
        expect(() => {
          meter(bytes, at);
        }).toThrow(new OversizedEntry(line));
      }),
      { numRuns: 200 },
    );
  });

  it('reads a JSON array on one line entry by entry', () => {
    const entries = Array.from({ length: 2000 }, (_, i) => `public/images/${i}.png`);
    expect(() => {
      meter(Buffer.from(JSON.stringify(entries)), []);
    }).not.toThrow();
    const long = JSON.stringify(['a.png', 'a'.repeat(MAX_ENTRY_BYTES + 1)]);
    expect(() => {
      meter(Buffer.from(long), []);
    }).toThrow(OversizedEntry);
  });
});

describe('listText', () => {
  it('refuses bytes that are not UTF-8, naming the line and showing them escaped', () => {
    const bytes = Buffer.concat([
      Buffer.from('a.png\r\n  caf'),
      Buffer.from([0xe9]),
      Buffer.from('.png \nb.png\n'),
    ]);
    expect(() => listText(bytes, 'files-from "list.txt"')).toThrow(
      'files-from "list.txt": line 2, "caf\\xE9.png", is not UTF-8',
    );
  });

  it('names the entry of a NUL-separated list, whose names may hold line breaks', () => {
    const bytes = Buffer.concat([Buffer.from('a\nb.png\0caf'), Buffer.from([0xe9]), Buffer.from('.png\0')]);
    expect(() => listText(bytes, 'files')).toThrow('files: entry 2, "caf\\xE9.png", is not UTF-8');
  });

  it('reads UTF-8 as it is', () => {
    expect(listText(Buffer.from('café.png\n'), 'files')).toBe('café.png\n');
  });
});
