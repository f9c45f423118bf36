/** The one limit on requests in flight: never more than its size, every task run, in order, and a stop obeyed. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eachInFlight, InFlightLimit } from '../../src/mechanics/in-flight.ts';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('InFlightLimit', () => {
  it('never runs more than its size at once, and starts every task in the order asked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 40 }),
        async (size, ticks) => {
          const limit = new InFlightLimit(size);
          let running = 0;
          let most = 0;
          const started: number[] = [];
          await Promise.all(
            ticks.map((wait, index) =>
              limit.run(async () => {
                started.push(index);
                running++;
                most = Math.max(most, running);
                for (let i = 0; i < wait; i++) await tick();
                running--;
              }),
            ),
          );
          expect(most).toBeLessThanOrEqual(size);
          expect(started).toEqual(ticks.map((_, index) => index));
        },
      ),
    );
  });

  it('gives a place back when its task throws', async () => {
    const limit = new InFlightLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(limit.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});

describe('eachInFlight', () => {
  it('runs each item once, at most size at once, and starts none once stop says so', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 60 }),
        fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
        async (size, items, stopAfter) => {
          let running = 0;
          let most = 0;
          const done: number[] = [];
          await eachInFlight(
            Array.from({ length: items }, (_, i) => i),
            size,
            async (item) => {
              running++;
              most = Math.max(most, running);
              await tick();
              done.push(item);
              running--;
            },
            () => stopAfter !== undefined && done.length >= stopAfter,
          );
          expect(most).toBeLessThanOrEqual(size);
          expect(new Set(done).size).toBe(done.length);
          // A stop lets the tasks already started end, and starts no other.
          const expected = stopAfter === undefined ? items : Math.min(items, stopAfter + size - 1);
          expect(done.length).toBeLessThanOrEqual(Math.max(expected, 0));
          if (stopAfter === undefined) expect(done.length).toBe(items);
        },
      ),
    );
  });

  it('starts no item after a task throws, and throws its error once the others have ended', async () => {
    const done: number[] = [];
    await expect(
      eachInFlight([0, 1, 2, 3, 4, 5], 2, async (item) => {
        await tick();
        if (item === 1) throw new Error('item 1');
        done.push(item);
      }),
    ).rejects.toThrow('item 1');
    expect(done.length).toBeLessThan(5);
  });
});
