/**
 * The origin check against a real local origin (node:http): its bounds (requests in flight, the byte budget, a
 * body longer than either version), redirects, and the waiting, on a virtual clock so that no test waits for real.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/mechanics/clock.ts';
import { ByteBudget, originFetcher } from '../../src/origin/fetch.ts';
import {
  awaitOrigins,
  ORIGIN_CONCURRENCY,
  type OriginCheck,
  type OriginImage,
} from '../../src/origin/wait.ts';
import type { Versions } from '../../src/origin/verdict.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
let handler: Handler = (_request, response) => response.end();
let inFlight = 0;
let mostInFlight = 0;
let url = '';
const server = createServer((request, response) => {
  inFlight++;
  mostInFlight = Math.max(mostInFlight, inFlight);
  response.on('close', () => inFlight--);
  handler(request, response);
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  mostInFlight = 0;
});

/** Time that passes only when the check sleeps: a wait of minutes takes no time at all. */
function virtualClock(): Clock & { slept: number } {
  const clock = {
    slept: 0,
    now: () => clock.slept,
    random: () => 0.5,
    sleep: (ms: number) => {
      clock.slept += ms;
      return new Promise<void>((resolve) => setImmediate(resolve));
    },
  };
  return clock;
}

const NEW = Buffer.from('the new image');
const OLD = Buffer.from('the old image');

async function check(
  images: readonly OriginImage[],
  options: { timeoutMs?: number; budget?: ByteBudget; versions?: Versions; clock?: Clock } = {},
): Promise<{ checks: OriginCheck[]; settled: string[]; notices: string[] }> {
  const dispatcher = new Agent({ connections: ORIGIN_CONCURRENCY });
  const settled: string[] = [];
  const notices: string[] = [];
  try {
    const { checks } = await awaitOrigins(images, {
      fetch: originFetcher({
        dispatcher,
        timeoutMs: 5_000,
        userAgent: 'test',
        budget: options.budget ?? new ByteBudget(),
      }),
      versions: {
        current: () => Promise.resolve(Buffer.from((options.versions ?? { current: NEW }).current ?? '')),
        previous: () => Promise.resolve(Buffer.from((options.versions ?? { previous: OLD }).previous ?? '')),
      },
      clock: options.clock ?? virtualClock(),
      timeoutMs: options.timeoutMs ?? 60_000,
      onSettled: (c) => settled.push(c.ref),
      onCannotTell: (host) => notices.push(host),
    });
    return { checks, settled, notices };
  } finally {
    await dispatcher.close();
  }
}

const images = (n: number, host = url): OriginImage[] =>
  Array.from({ length: n }, (_, i) => ({ ref: `${host}/images/${i}.png`, path: `public/images/${i}.png` }));

describe('awaitOrigins: bounds', () => {
  it(`checks 1,000 changed images, each asked, with at most ${ORIGIN_CONCURRENCY} requests in flight`, async () => {
    const asked = new Set<string>();
    handler = (request, response) => {
      asked.add(request.url ?? '');
      setImmediate(() => response.end(NEW));
    };
    const { checks, settled } = await check(images(1_000));
    expect(asked.size).toBe(1_000);
    expect(checks.every((c) => c.state === 'ready')).toBe(true);
    expect(settled).toHaveLength(1_000);
    expect(mostInFlight).toBeLessThanOrEqual(ORIGIN_CONCURRENCY);
  });

  it('stops reading once the byte budget is spent: the images stay held, not ready, and are not read on', async () => {
    let sent = 0;
    handler = (_request, response) => {
      response.writeHead(200);
      const chunk = Buffer.alloc(16 * 1024, 1);
      const timer = setInterval(() => {
        sent += chunk.length;
        response.write(chunk);
      }, 5);
      response.on('close', () => {
        clearInterval(timer);
      });
    };
    const big = Buffer.alloc(1024 * 1024, 2);
    const { checks, notices } = await check(images(3), {
      budget: new ByteBudget(64 * 1024),
      versions: { current: big, previous: big },
    });
    expect(checks.map((c) => c.state)).toEqual(['not-ready', 'not-ready', 'not-ready']);
    expect(checks.some((c) => c.seen?.cut === 'budget')).toBe(true);
    expect(notices).toEqual([]);
    expect(sent).toBeLessThan(1024 * 1024);
  });

  it('does not read a body well past either version: other bytes, whatever follows', async () => {
    handler = (_request, response) => {
      response.write(Buffer.alloc(NEW.length + 70 * 1024, 1));
      // Never ended: the check must not wait for the end of a body it has already judged.
    };
    const { checks } = await check(images(1));
    expect(checks[0]).toMatchObject({ state: 'cannot-tell', seen: { cut: 'too-long' } });
  });
});

describe('awaitOrigins: versions of different lengths', () => {
  it('asks again, whole, for a body cut short when the previous version is much longer than the new', async () => {
    const previous = Buffer.alloc(200 * 1024, 3);
    handler = (_request, response) => {
      response.end(previous);
    };
    const { checks } = await check(images(1), { timeoutMs: 0, versions: { current: NEW, previous } });
    expect(checks[0]).toMatchObject({ state: 'not-ready', seen: { status: 200, length: previous.length } });
  });
});

describe('awaitOrigins: redirects', () => {
  it('follows a redirect within the same origin', async () => {
    handler = (request, response) => {
      if (request.url === '/images/0.png') response.writeHead(301, { location: '/deployed/0.png' }).end();
      else response.end(NEW);
    };
    const { checks } = await check(images(1));
    expect(checks[0]?.state).toBe('ready');
  });

  it('does not follow one to another port: a url-map mistake, with where it pointed', async () => {
    handler = (_request, response) => {
      response.writeHead(302, { location: 'http://127.0.0.1:9/0.png' }).end();
    };
    const { checks } = await check(images(1));
    expect(checks[0]).toMatchObject({ state: 'redirected', seen: { offsite: 'http://127.0.0.1:9/0.png' } });
  });

  it('does not follow one from http to https on the same host: the pages name the https URL, a url-map mistake', async () => {
    handler = (request, response) => {
      response.writeHead(301, { location: `https://127.0.0.1${request.url ?? '/'}` }).end();
    };
    const { checks } = await check(images(1));
    expect(checks[0]).toMatchObject({
      state: 'redirected',
      seen: { offsite: 'https://127.0.0.1/images/0.png' },
    });
  });
});

describe('awaitOrigins: waiting', () => {
  it("asks again at its host's pace while the origin serves the old bytes, and settles once it serves the new", async () => {
    let asks = 0;
    handler = (_request, response) => {
      asks++;
      response.end(asks < 4 ? OLD : NEW);
    };
    const clock = virtualClock();
    const { checks } = await check(images(1), { clock });
    expect(checks[0]).toMatchObject({ state: 'ready', asks: 4 });
    expect(clock.slept).toBeGreaterThan(0);
  });

  it('gives up at the timeout: not ready, with what the origin still served, and never settled', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { etag: '"old"' }).end(OLD);
    };
    const { checks, settled } = await check(images(2), { timeoutMs: 30_000 });
    expect(settled).toEqual([]);
    for (const c of checks) {
      expect(c).toMatchObject({
        state: 'not-ready',
        seen: { status: 200, length: OLD.length, etag: '"old"' },
      });
      expect(c.askedMs).toBeGreaterThanOrEqual(30_000);
    }
  });

  it('with a timeout of 0, asks once', async () => {
    handler = (_request, response) => response.end(OLD);
    const { checks } = await check(images(1), { timeoutMs: 0 });
    expect(checks[0]).toMatchObject({ state: 'not-ready', asks: 1 });
  });

  it('past the maximum checked, the images not asked follow their host: released when its sample is ready', async () => {
    const asked = new Set<string>();
    handler = (request, response) => {
      asked.add(request.url ?? '');
      response.end(NEW);
    };
    const { checks, settled } = await check(images(1_200));
    expect(asked.size).toBe(1_000);
    expect(settled).toHaveLength(1_200);
    expect(checks.filter((c) => c.followed === true)).toHaveLength(200);
  });
});
