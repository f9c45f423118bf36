/**
 * The record's memory against a model of the image host: over any history of deploys whose runs succeed, fail or
 * never run, a green run compares every image a visitor could still get an old copy of.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bounded,
  MAX_OWED_SPANS,
  memoryOf,
  NO_MEMORY,
  RECORD_KEY,
  recordBody,
  spansToCompare,
  type Memory,
  type Span,
} from '../../src/domain/memory.ts';

const sha = (n: number): string => n.toString(16).padStart(40, '0');

/** A site: each commit a snapshot of image versions; the diff of two commits is the images that differ. */
function differ(snapshots: ReadonlyMap<string, readonly number[]>, span: Span): Set<number> {
  const [a, b] = [snapshots.get(span.base) ?? [], snapshots.get(span.head) ?? []];
  const images = new Set<number>();
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) images.add(i);
  return images;
}

describe('the memory, against a model of the image host', () => {
  it('after a green run, no image can still be served in an older version than the head', () => {
    const run = fc.record({
      changes: fc.array(fc.nat({ max: 5 }), { maxLength: 3 }),
      // success; failure (some invalidations land, some do not); never ran (a missed deploy)
      result: fc.constantFrom('success', 'failure', 'missed'),
      landed: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
    });
    fc.assert(
      fc.property(fc.array(run, { minLength: 1, maxLength: 15 }), (runs) => {
        const snapshots = new Map<string, readonly number[]>();
        let version = [0, 0, 0, 0, 0, 0];
        let commit = 0;
        snapshots.set(sha(commit), version);
        // Versions a visitor may have had cached since each image was last invalidated after its origin changed.
        const cached = version.map((v) => new Set([v]));
        let record: { sha: string; state: string; payload: unknown } | undefined;
        for (const step of [...runs, { changes: [], result: 'success', landed: [] }]) {
          const next = [...version];
          for (const image of step.changes) next[image] = (next[image] ?? 0) + 1;
          version = next;
          snapshots.set(sha(++commit), version);
          version.forEach((v, i) => cached[i]?.add(v)); // the origin serves it: visitors may cache it
          if (step.result === 'missed') continue;
          const memory: Memory = record === undefined ? NO_MEMORY : (memoryOf(record) as Memory);
          const head = sha(commit);
          // A first run compares the deploy's own span, as the event names it.
          const spans = spansToCompare(memory, head, { base: sha(commit - 1), head });
          const compared = new Set(spans.flatMap((span) => [...differ(snapshots, span)]));
          const succeeded = step.result === 'success';
          // Adoption: what happened before the first run is no run's; the host starts fresh but for the first span.
          if (record === undefined)
            cached.forEach((_, image) => {
              if (!compared.has(image)) cached[image] = new Set([version[image] ?? 0]);
            });
          for (const image of compared)
            if (succeeded || step.landed[image] === true) cached[image] = new Set([version[image] ?? 0]);
          if (succeeded && record !== undefined) {
            // What the run is for: every image now serves only the head's version.
            cached.forEach((versions, image) => {
              expect([...versions], `image ${image}`).toEqual([version[image]]);
            });
          }
          record = {
            sha: head,
            state: step.result,
            payload: { [RECORD_KEY]: recordBody(memory, spans, !succeeded) },
          };
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('memoryOf', () => {
  it('a success is fresh at its commit; a failure keeps what its payload owes', () => {
    expect(memoryOf({ sha: sha(5), state: 'success', payload: {} })).toEqual({
      fresh: sha(5),
      owed: [],
      last: sha(5),
      failedRuns: 0,
    });
    const owed = [{ base: sha(1), head: sha(2) }];
    const payload = { [RECORD_KEY]: recordBody({ ...NO_MEMORY, fresh: sha(1) }, owed, true) };
    expect(memoryOf({ sha: sha(2), state: 'failure', payload })).toEqual({
      fresh: sha(1),
      owed,
      last: sha(2),
      failedRuns: 1,
    });
  });

  it('a payload of another shape is unreadable, never read as owing nothing', () => {
    for (const payload of [
      {},
      null,
      { 'image-cache-invalidate': { fresh: 'main', owed: [], failedRuns: 0 } },
      { 'image-cache-invalidate': { fresh: null, owed: [['HEAD', sha(1)]], failedRuns: 0 } },
      { 'image-cache-invalidate': { fresh: null, owed: 'all', failedRuns: 0 } },
    ])
      expect(memoryOf({ sha: sha(2), state: 'failure', payload })).toHaveProperty('unreadable');
  });
});

describe('bounded', () => {
  it(`keeps at most ${MAX_OWED_SPANS} spans, from the first base to the last head, joining the oldest`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), (n) => {
        const spans = Array.from({ length: n }, (_, i) => ({ base: sha(i), head: sha(i + 1) }));
        const kept = bounded(spans);
        expect(kept.length).toBe(Math.min(n, MAX_OWED_SPANS));
        if (n > 0) {
          expect(kept[0]?.base).toBe(sha(0));
          expect(kept.at(-1)?.head).toBe(sha(n));
          expect(kept.slice(-Math.min(n, MAX_OWED_SPANS - 1))).toEqual(
            spans.slice(-Math.min(n, MAX_OWED_SPANS - 1)),
          );
        }
      }),
    );
  });
});
