/**
 * The compact form of a run's per-asset results against the form it replaced, one object an asset: the same assets,
 * in the same order, with the same outcome, call and error, written out by the JSON report the same, whatever the
 * results and however they were settled.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AssetResults,
  AssetResultsBuilder,
  type AssetOutcome,
  type AssetResult,
} from '../../src/execute/asset-results.ts';
import { RUNS } from '../support/runs.ts';

const OUTCOMES: readonly AssetOutcome[] = ['invalidated', 'failed', 'not-sent', 'not-ready'];

const outcome = fc.constantFrom(...OUTCOMES);
// A few messages, so that many assets share one (as the assets of a failed call do), and some of every kind.
const error = fc.constantFrom(
  'HTTP 500: the service failed',
  'not sent: the run was cancelled',
  'its origin served the old file',
  '',
  'ünïcödé ✓ "quoted" \\ back',
);
const ref = fc.oneof(
  fc.webUrl(),
  fc.stringMatching(/^[0-9a-f]{32}$/),
  // The same reference twice is kept twice: each is an asset of its own place.
  fc.constant('https://www.example.com/same.png'),
);
const call = fc.nat({ max: 2 ** 31 });

/** A result as execute() used to make it: only the properties it has, in the order it wrote them. */
const result: fc.Arbitrary<AssetResult> = fc
  .record(
    { ref, outcome, call: fc.option(call, { nil: undefined }), error: fc.option(error, { nil: undefined }) },
    { requiredKeys: ['ref', 'outcome'] },
  )
  .map(({ ref: r, outcome: o, call: c, error: e }) => ({
    ref: r,
    outcome: o,
    ...(c === undefined ? {} : { call: c }),
    ...(e === undefined ? {} : { error: e }),
  }));

describe('AssetResults', () => {
  it('reads back every result as it was given: same order, outcome, call and error, and the same JSON', () => {
    fc.assert(
      fc.property(fc.array(result, { maxLength: 300 }), (given) => {
        const compact = AssetResults.of(given);
        const read = [...compact];
        expect(compact.length).toBe(given.length);
        expect(read).toStrictEqual(given);
        // The JSON report prints each result with JSON.stringify: the same text, properties in the same order.
        expect(read.map((r) => JSON.stringify(r))).toEqual(given.map((r) => JSON.stringify(r)));
        const visited: [string, AssetOutcome, string | undefined][] = [];
        compact.forEach((r, o, e) => visited.push([r, o, e]));
        expect(visited).toEqual(given.map((r) => [r.ref, r.outcome, r.error]));
      }),
      { numRuns: RUNS },
    );
  });

  it('settles as the objects did: assets added call by call, a later settlement of an asset replacing an earlier', () => {
    // A run: calls of 0 to 120 assets added one after the other, then settlements over any range of them (a
    // call, its halves after a split, a retry), in the order they came.
    const run = fc
      .array(fc.array(ref, { maxLength: 120 }), { minLength: 1, maxLength: 12 })
      .chain((calls) => {
        const total = calls.reduce((sum, assets) => sum + assets.length, 0);
        const settlement = fc
          .record({ start: fc.nat({ max: total }), count: fc.nat({ max: 130 }), outcome, call, error })
          .map((s) => ({ ...s, count: Math.min(s.count, total - s.start) }));
        return fc.tuple(fc.constant(calls), fc.array(settlement, { maxLength: 30 }));
      });
    fc.assert(
      fc.property(run, ([calls, settlements]) => {
        // The form it replaced: one object an asset, filled in place, the last word kept.
        const objects: AssetResult[] = calls.flat().map((r) => ({ ref: r, outcome: 'not-sent' }));
        const builder = new AssetResultsBuilder();
        let expectedStart = 0;
        for (const assets of calls) {
          expect(builder.add(assets)).toBe(expectedStart);
          expectedStart += assets.length;
        }
        for (const { start, count, outcome: o, call: c, error: e } of settlements) {
          const withError = o !== 'invalidated';
          for (let position = start; position < start + count; position++) {
            const r = objects[position]?.ref ?? '';
            objects[position] = withError
              ? { ref: r, outcome: o, call: c, error: e }
              : { ref: r, outcome: o, call: c };
          }
          builder.settle(
            start,
            count,
            withError ? { outcome: o, call: c, error: e } : { outcome: o, call: c },
          );
        }
        expect([...builder.build()]).toStrictEqual(objects);
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses to settle assets it was never given', () => {
    const builder = new AssetResultsBuilder();
    builder.add(['https://www.example.com/a.png']);
    expect(() => {
      builder.settle(0, 2, { outcome: 'invalidated' });
    }).toThrow(RangeError);
  });
});
