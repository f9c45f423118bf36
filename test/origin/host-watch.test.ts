/**
 * A host's watch on a virtual clock, with origins answered in process: what a cancel in the first round leaves, and a
 * server whose validator does not change with the bytes.
 */
import { describe, expect, it } from 'vitest';
import { awaitOrigins, type OriginImage } from '../../src/origin/wait.ts';
import type { OriginAnswer } from '../../src/origin/verdict.ts';
import type { Clock } from '../../src/mechanics/clock.ts';

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
