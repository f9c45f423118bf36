/**
 * The compact form of a run's per-asset results against the form it replaced, one object an asset: the same assets,
 * in the same order, with the same outcome, call and error, whatever the results and however they were settled; and
 * the facts the renderers read from it (the outcome's counts and lists, the JSON report's assets) the same.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AssetResults,
  AssetResultsBuilder,
  type AssetOutcome,
  type AssetResult,
} from '../../src/service/asset-results.ts';
import { reportJsonText } from '../../src/report/report.ts';
import { reportOf } from '../support/fixtures.ts';
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

describe('the facts the renderers read, from the compact form', () => {
  const given = fc.array(result, { maxLength: 200 });

  it('outcomeOf counts and lists each asset as the results one object an asset say', async () => {
    await fc.assert(
      fc.asyncProperty(given, async (list) => {
        const { outcome } = await reportOf({ scope: 'assets', assets: list.map((r) => r.ref) }, false, {
          calls: [],
          assets: list,
        });
        const refsWith = (keep: (o: AssetOutcome) => boolean): string[] =>
          list.filter((r) => keep(r.outcome)).map((r) => r.ref);
        const count = (o: AssetOutcome): number => list.filter((r) => r.outcome === o).length;
        expect(outcome.invalidated).toEqual(refsWith((o) => o === 'invalidated'));
        expect(outcome.failed).toEqual(refsWith((o) => o !== 'invalidated'));
        expect(outcome.counts).toMatchObject({
          assets: list.length,
          invalidated: count('invalidated'),
          failed: count('failed'),
          notSent: count('not-sent'),
          notReady: count('not-ready'),
        });
        // Each image held back is named with what its origin served, the first of them one a sentence.
        const notReady = list.filter((r) => r.outcome === 'not-ready').slice(0, 3);
        for (const r of notReady)
          expect(outcome.failures).toContain(
            `${r.ref}: ${r.error ?? 'not invalidated: its origin did not serve the new file'}.`,
          );
      }),
      { numRuns: RUNS },
    );
  });

  it('the JSON report lists each asset as the results one object an asset say', async () => {
    await fc.assert(
      fc.asyncProperty(given, async (list) => {
        const report = await reportOf({ scope: 'assets', assets: list.map((r) => r.ref) }, false, {
          calls: [],
          assets: list,
        });
        const json = JSON.parse([...reportJsonText(report, (text) => text)].join('')) as { assets: unknown };
        expect(json.assets).toStrictEqual(JSON.parse(JSON.stringify(list)));
      }),
      { numRuns: RUNS },
    );
  });
});
