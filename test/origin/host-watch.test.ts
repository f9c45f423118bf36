/**
 * A host's watch on a virtual clock, with origins answered in process: what a cancel in the first round leaves, and a
 * server whose validator does not change with the bytes.
 */
import { describe, expect, it } from 'vitest';
import { awaitOrigins, type OriginImage } from '../../src/origin/wait.ts';
import type { OriginAnswer } from '../../src/origin/verdict.ts';
import { systemClock, type Clock } from '../../src/mechanics/clock.ts';
import type { FetchOrigin } from '../../src/origin/fetch.ts';

const OLD = Buffer.from('the previous version of the image');
const NEW = Buffer.from('the new version, its bytes differ');
const image = (name: string): OriginImage => ({
  ref: `https://site.example/images/${name}`,
  path: `public/images/${name}`,
});
const versions = { current: () => Promise.resolve(NEW), previous: () => Promise.resolve(OLD) };

function virtualClock(): Clock & { at: number } {
  const clock = {
    at: 0,
    now: () => clock.at,
    random: () => 0.5,
    sleep: (ms: number) => {
      clock.at += ms;
      return Promise.resolve();
    },
  };
  return clock;
}

describe('a host watch', () => {
  it('cancelled in its first round, with the witness answering 404: the images are cancelled, no url-map mistake', async () => {
    const cancel = new AbortController();
    const fetch = (url: string): Promise<OriginAnswer> => {
      if (!url.endsWith('kept.png')) cancel.abort(); // the SIGINT comes while the first asks are made
      return Promise.resolve({ status: 404, requests: 1 });
    };
    const { checks } = await awaitOrigins([image('n1.png'), image('n2.png'), image('n3.png')], {
      fetch,
      versions,
      clock: virtualClock(),
      timeoutMs: 300_000,
      signal: cancel.signal,
      concurrency: 1,
      onSettled: () => undefined,
      witnesses: [image('kept.png')],
    });
    expect(checks.map((check) => check.state)).not.toContain('mismapped');
  });

  it('a server that answers 304 for ever to the same validator still has the new version seen, by a plain ask', async () => {
    const clock = virtualClock();
    const deployAt = 20_000;
    const fetch = (
      _url: string,
      _limit: number,
      _ends: unknown,
      validators?: unknown,
    ): Promise<OriginAnswer> => {
      // An ETag of mtime and size: the same for the new bytes, as a build with fixed mtimes makes it.
      if (validators !== undefined) return Promise.resolve({ status: 304, requests: 1 });
      const body = clock.at >= deployAt ? NEW : OLD;
      return Promise.resolve({ status: 200, body, length: body.length, etag: '"1-33"', requests: 1 });
    };
    const { checks } = await awaitOrigins([image('a.png')], {
      fetch,
      versions,
      clock,
      timeoutMs: 300_000,
      concurrency: 1,
      onSettled: () => undefined,
    });
    expect(checks.map((check) => check.state)).toEqual(['ready']);
  });
});

/** An origin that keeps every ask waiting: it answers only when the ask's end comes (its own timeout, or the signal). */
function tarpit(ownTimeoutMs: number, stalls: boolean): { fetch: FetchOrigin; asked: () => number } {
  let asked = 0;
  const fetch: FetchOrigin = (_url, _limit, signal) => {
    asked++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        resolve(stalls ? { error: 'no answer within 0.5 s', stalled: true } : { error: 'timed out' });
      }, ownTimeoutMs);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve({ error: 'aborted' });
      });
    });
  };
  return { fetch, asked: () => asked };
}

describe('a host that never answers', () => {
  it('is told once, and its images not asked yet wait for the pace, not for waves of timeouts: 40 images end within the timeout and one ask', async () => {
    const origin = tarpit(500, true);
    const stalled: string[] = [];
    const started = performance.now();
    const { checks } = await awaitOrigins(
      Array.from({ length: 40 }, (_, index) => image(`${index}.png`)),
      {
        fetch: origin.fetch,
        versions,
        clock: systemClock,
        timeoutMs: 300,
        requestTimeoutMs: 500,
        onSettled: () => undefined,
        onStalled: (host) => stalled.push(host),
      },
    );
    expect(performance.now() - started).toBeLessThan(300 + 500 + 400);
    expect(stalled).toEqual(['site.example']);
    expect(origin.asked()).toBeLessThanOrEqual(8);
    expect(checks.every((check) => check.state === 'not-ready')).toBe(true);
    expect(checks.filter((check) => check.asks === 0).every((check) => check.seen?.stalled === true)).toBe(
      true,
    );
  });

  it('first asks that waited for their turn end with the others, at the deadline and one ask, however many there are', async () => {
    // Not told as stalled (an origin whose asks end otherwise): the bound holds by the asks' end alone.
    const origin = tarpit(60_000, false);
    const started = performance.now();
    await awaitOrigins(
      Array.from({ length: 40 }, (_, index) => image(`${index}.png`)),
      {
        fetch: (url, limit, signal, validators) =>
          origin.fetch(
            url,
            limit,
            AbortSignal.any([AbortSignal.timeout(500), ...(signal ? [signal] : [])]),
            validators,
          ),
        versions,
        clock: systemClock,
        timeoutMs: 300,
        requestTimeoutMs: 500,
        onSettled: () => undefined,
      },
    );
    expect(performance.now() - started).toBeLessThan(300 + 500 + 400);
  });
});
