/**
 * The pace of the origin check against a real local origin whose images flip at random times, on a virtual clock
 * (time passes only when the check sleeps, and the origin reads the same clock): over random deploys, atomic and
 * image by image, no image is released before it flipped, each is released once and soon after, and the host never
 * gets more than its budget.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ByteBudget, originFetcher } from '../../src/origin/fetch.ts';
import { ASKS_PER_IMAGE, ASKS_PER_SECOND, HostPace, QUIET_INTERVAL_MS } from '../../src/origin/pace.ts';
import { awaitOrigins, ORIGIN_CONCURRENCY } from '../../src/origin/wait.ts';

const NEW = Buffer.from('the new image');
const OLD = Buffer.from('the old image');

/** The virtual time, read by the check's clock and by the origin. */
let now = 0;
/** When each path flips to the new image. */
let flips = new Map<string, number>();
let asked: number[] = [];
let url = '';
const server = createServer((request, response) => {
  asked.push(now);
  const flipped = now >= (flips.get(request.url ?? '') ?? Infinity);
  const etag = flipped ? '"new"' : '"old"';
  if (request.headers['if-none-match'] === etag) response.writeHead(304, { etag }).end();
  else response.writeHead(200, { etag }).end(flipped ? NEW : OLD);
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function watch(
  flipAt: readonly number[],
): Promise<{ settledAt: number[]; requests: number; waitedMs: number }> {
  now = 0;
  asked = [];
  const images = flipAt.map((_, i) => ({ ref: `${url}/images/${i}.png`, path: `public/images/${i}.png` }));
  flips = new Map(flipAt.map((at, i) => [`/images/${i}.png`, at]));
  const dispatcher = new Agent({ connections: ORIGIN_CONCURRENCY });
  try {
    const { checks, requests } = await awaitOrigins(images, {
      fetch: originFetcher({ dispatcher, timeoutMs: 5_000, userAgent: 'test', budget: new ByteBudget() }),
      versions: { current: () => Promise.resolve(NEW), previous: () => Promise.resolve(OLD) },
      clock: {
        now: () => now,
        random: () => 0.5,
        sleep: (ms: number) => {
          now += ms;
          return new Promise<void>((resolve) => setImmediate(resolve));
        },
      },
      timeoutMs: 300_000,
      onSettled: () => undefined,
    });
    for (const check of checks) expect(check.state).toBe('ready');
    return {
      settledAt: checks.map((check) => check.settledAt ?? Number.NaN),
      requests: requests.reduce((sum, host) => sum + host.requests, 0),
      waitedMs: (asked.at(-1) ?? 0) - (asked[0] ?? 0),
    };
  } finally {
    await dispatcher.close();
  }
}

const budgetOf = (images: number, waitedMs: number): number =>
  (ASKS_PER_SECOND * waitedMs) / 1000 + ASKS_PER_IMAGE * images;

describe('the pace of the origin check', () => {
  it('an atomic deploy: every image released within a quiet interval of the flip, never before, within the budget', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 200_000 }),
        async (n, flip) => {
          const flipAt = Array.from({ length: n }, () => flip);
          const { settledAt, requests, waitedMs } = await watch(flipAt);
          settledAt.forEach((at, i) => {
            expect(at).toBeGreaterThanOrEqual(flipAt[i] ?? 0);
            expect(at - (flipAt[i] ?? 0)).toBeLessThanOrEqual(QUIET_INTERVAL_MS);
          });
          expect(requests).toBe(asked.length);
          expect(requests).toBeLessThanOrEqual(budgetOf(n, waitedMs));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('image by image in any order: never released before its flip, within the budget, and 10 images within 8 s', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 40_000 }), { minLength: 1, maxLength: 10 }),
        async (flipAt) => {
          const { settledAt, requests, waitedMs } = await watch(flipAt);
          settledAt.forEach((at, i) => {
            expect(at).toBeGreaterThanOrEqual(flipAt[i] ?? 0);
            // At 2 asks a second, 10 waiting images are each asked every 5 s, later while the budget pays a sweep.
            expect(at - (flipAt[i] ?? 0)).toBeLessThanOrEqual(8_000);
          });
          expect(requests).toBeLessThanOrEqual(budgetOf(flipAt.length, waitedMs));
        },
      ),
      { numRuns: 15 },
    );
  }, 300_000);
});

describe('HostPace', () => {
  it('never lets an ask start that could take the host over its budget, whatever the asks find', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.record({ gapMs: fc.integer({ min: 0, max: 3_000 }), confirms: fc.boolean() }), {
          maxLength: 200,
        }),
        (images, steps) => {
          const pace = new HostPace(images, 0);
          let time = 0;
          let confirmed = 0;
          for (const step of steps) {
            time += step.gapMs;
            if (pace.left(time) < 1) continue;
            pace.asked();
            if (step.confirms && confirmed < images) {
              confirmed++;
              pace.confirmed();
            }
            // Every image still waiting may yet need its confirming ask: even then, within the budget.
            expect(pace.requests + (images - confirmed)).toBeLessThanOrEqual(budgetOf(images, time));
          }
        },
      ),
    );
  });

  it('nextAt is the first moment an ask may start: one more ask fits then, and not a millisecond before', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 300 }), (images, asks) => {
        const pace = new HostPace(images, 0);
        for (let i = 0; i < asks; i++) pace.asked();
        const at = pace.nextAt(-Infinity, true, images);
        expect(pace.left(at)).toBeGreaterThanOrEqual(1);
        if (at > 0) expect(pace.left(at - 1)).toBeLessThan(1);
      }),
    );
  });
});
