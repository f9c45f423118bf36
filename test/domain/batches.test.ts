import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { halve, MAX_ASSETS_PER_CALL, toBatches } from '../../src/domain/batches.ts';
import { RUNS } from '../support/runs.ts';

const refs = (count: number): string[] => Array.from({ length: count }, (_, index) => `ref-${index}`);
const uniqueRefs = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 40 }), { maxLength: 350 });

describe('toBatches', () => {
  it('uses the service limit of 100 assets per call', () => {
    expect(MAX_ASSETS_PER_CALL).toBe(100);
  });

  it('cuts 250 references into calls of 100, 100 and 50, in order', () => {
    const list = refs(250);
    expect(toBatches(list)).toEqual([list.slice(0, 100), list.slice(100, 200), list.slice(200)]);
  });

  it('gives exactly one batch for 100 references and two for 101', () => {
    expect(toBatches(refs(100))).toHaveLength(1);
    expect(toBatches(refs(101)).map((batch) => batch.length)).toEqual([100, 1]);
  });

  it('gives no batch at all for an empty list', () => {
    expect(toBatches([])).toEqual([]);
    expect(toBatches([], 7)).toEqual([]);
  });

  it('gives batches whose concatenation is the input, in order, none empty and none over 100', () => {
    fc.assert(
      fc.property(uniqueRefs, (list) => {
        const batches = toBatches(list);
        expect(batches.flat()).toEqual(list);
        for (const batch of batches) {
          expect(batch.length).toBeGreaterThan(0);
          expect(batch.length).toBeLessThanOrEqual(100);
        }
        expect(batches).toHaveLength(Math.ceil(list.length / 100));
      }),
      { numRuns: RUNS },
    );
  });

  it('gives batches of at most the given size, with the concatenation equal to the input', () => {
    fc.assert(
      fc.property(uniqueRefs, fc.integer({ min: 1, max: 150 }), (list, size) => {
        const batches = toBatches(list, size);
        expect(batches.flat()).toEqual(list);
        for (const batch of batches) {
          expect(batch.length).toBeGreaterThan(0);
          expect(batch.length).toBeLessThanOrEqual(size);
        }
        expect(batches).toHaveLength(Math.ceil(list.length / size));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('halve', () => {
  it('gives two non-empty halves, the first the larger, that concatenate to the batch', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { minLength: 2, maxLength: 200 }), (batch) => {
        const [first, second] = halve(batch);
        expect(first.length).toBeGreaterThan(0);
        expect(second.length).toBeGreaterThan(0);
        expect(first.length - second.length).toBeGreaterThanOrEqual(0);
        expect(first.length - second.length).toBeLessThanOrEqual(1);
        expect([...first, ...second]).toEqual(batch);
      }),
      { numRuns: RUNS },
    );
  });

  it('halves 100 into 50 and 50, and 5 into 3 and 2', () => {
    expect(halve(refs(100)).map((half) => half.length)).toEqual([50, 50]);
    expect(halve(refs(5))).toEqual([refs(3), ['ref-3', 'ref-4']]);
  });
});
