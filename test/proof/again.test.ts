/**
 * The second invalidation's own bound: the proof's time left. Against the API emulator, on the real clock (the bound
 * is real time, as the runner's is); the grace a cancelled run gives its calls in flight passes on fake time
 * (support/grace.ts).
 */
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/mechanics/clock.ts';
import type { CallPlan } from '../../src/plan/run-plan.ts';
import { invalidateAgain, OUT_OF_TIME } from '../../src/proof/again.ts';
import { makeRedactor } from '../../src/shown/redact.ts';
import { ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import { withGraceOnFakeTime } from '../support/grace.ts';

const emulator = useEmulator();
/** Calls that would wait a minute for an answer, and retry for ten. */
const CALLS: CallPlan = { concurrency: 1, timeoutMs: 60_000, maxRetries: 5, policy: {} };
const refs = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `https://www.example.com/images/${i}.jpg`);

function again(images: readonly string[], withinMs: number, signal?: AbortSignal) {
  return invalidateAgain(images, {
    service: {
      endpoint: new URL(`${emulator().url}/api/${emulator().serviceKey}/v2/cache`),
      apiKey: ROOT_KEY,
    },
    calls: CALLS,
    redact: makeRedactor([ROOT_KEY]),
    clock: systemClock,
    withinMs,
    ...(signal === undefined ? {} : { signal }),
  });
}

describe("the second invalidation, within the proof's time", () => {
  it("ends when the proof's time runs out, a silent service's images named as not confirmed in time", async () => {
    // Two batches, one in flight at a time: the first never answered, the second never sent.
    emulator().inject('invalidate/assets', { hang: true });
    const images = refs(150);
    // A share of the time left, as the proof computes it: not a whole number of milliseconds.
    const failures = await withGraceOnFakeTime(() => again(images, 300.5));
    expect([...failures.keys()]).toEqual(images);
    expect(new Set(failures.values())).toEqual(new Set([OUT_OF_TIME]));
    expect(emulator().requests.filter((request) => request.route === 'invalidate/assets')).toHaveLength(1);
  }, 15_000);

  it("keeps the service's own reason for what it refused before the time ran out", async () => {
    emulator().setOptions({ foreignHosts: ['images.elsewhere.test'] });
    try {
      const failures = await again(['https://images.elsewhere.test/a.jpg', ...refs(1)], 10_000);
      expect([...failures]).toEqual([
        [
          'https://images.elsewhere.test/a.jpg',
          expect.stringContaining('is not on a domain of this account'),
        ],
      ]);
    } finally {
      emulator().setOptions({ foreignHosts: [] });
    }
  });

  it('says a cancel is a cancel, not the time', async () => {
    emulator().inject('invalidate/assets', { hang: true });
    const cancel = new AbortController();
    const poll = setInterval(() => {
      if (emulator().inFlight > 0) cancel.abort();
    }, 10);
    const failures = await withGraceOnFakeTime(() => again(refs(1), 60_000, cancel.signal)).finally(() => {
      clearInterval(poll);
    });
    expect([...failures.values()]).toEqual([expect.stringContaining('cancelled')]);
  }, 15_000);
});
