/**
 * Held assets, released over time: whatever the order and the batches in which they are released, and whatever is
 * never released, every planned asset is reported exactly once, and the token call goes after every release.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator.ts';
import { sendCall } from '../../src/service/client.ts';
import { planRun } from '../../src/plan/plan.ts';
import { execute, type HeldAssets } from '../../src/service/execute.ts';
import type { AssetRef } from '../../src/domain/refs.ts';
import { clientFor, ROOT_KEY } from '../support/client.ts';
import { imageUrls as urls } from '../support/fixtures.ts';

const emulator = useEmulator();

/** Releases `released` in the given batch sizes, a tick apart; the rest is never released. */
function heldOf(
  refs: readonly AssetRef[],
  released: readonly AssetRef[],
  sizes: readonly number[],
): HeldAssets {
  return {
    refs: new Set(refs),
    run: async (release) => {
      let at = 0;
      for (const size of sizes) {
        if (at >= released.length) break;
        release(released.slice(at, at + size));
        at += size;
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (at < released.length) release(released.slice(at));
      const kept = refs.filter((ref) => !released.includes(ref));
      return new Map(kept.map((ref) => [ref, 'not invalidated: its origin still served 200']));
    },
  };
}

describe('execute with held assets', () => {
  it('reports every planned asset once: released ones invalidated, the others not-ready, the token after all', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 0, max: 250 }),
        fc.func(fc.boolean()),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 6 }),
        async (given, mapped, keep, sizes) => {
          emulator().reset();
          const all = urls(given + mapped);
          const held = all.slice(given);
          const released = held.filter((ref) => keep(ref));
          const client = clientFor(emulator(), ROOT_KEY);
          try {
            const result = await execute(planRun({ target: { scope: 'assets', assets: all }, token: true }), {
              send: (call) => sendCall(call, client),
              concurrency: 4,
              maxRetries: 0,
              held: heldOf(held, released, sizes),
            });
            expect([...result.assets].map((a) => a.ref).toSorted()).toEqual([...all].toSorted());
            const invalidated = [...result.assets]
              .filter((a) => a.outcome === 'invalidated')
              .map((a) => a.ref);
            const expected = [...all.slice(0, given), ...released];
            expect(invalidated.toSorted()).toEqual(expected.toSorted());
            expect(emulator().invalidated.assets.toSorted()).toEqual(expected.toSorted());
            expect([...result.assets].filter((a) => a.outcome === 'not-ready')).toHaveLength(
              held.length - released.length,
            );
            const routes = emulator().requests.map((r) => r.route);
            expect(routes.at(-1)).toBe('token');
            expect(result.token).toBeDefined();
          } finally {
            await client.dispatcher.close();
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
