import { describe, expect, it } from 'vitest';
import {
  callsWords,
  notInvalidatedWords,
  originFacts,
  originWords,
  type Counts,
} from '../../src/invalidate/facts.ts';
import { proofFacts } from '../../src/proof/facts.ts';
import { warmWords } from '../../src/warm/told.ts';
import { named } from '../../src/shown/format.ts';
import { moreFailuresWords } from '../../src/outcome/outcome.ts';
import type { OriginCheck, OriginState } from '../../src/origin/wait.ts';
import type { ImageProof } from '../../src/proof/proof.ts';

const counts = (over: Partial<Counts>): Counts => ({
  assets: 0,
  invalidated: 0,
  failed: 0,
  notSent: 0,
  notReady: 0,
  notInvalidated: 0,
  requests: 0,
  attempts: 0,
  tokenCalls: 0,
  skipped: 0,
  ...over,
});

const check = (state: OriginState, i: number): OriginCheck => ({
  ref: `https://www.example.com/${i}.png`,
  path: `${i}.png`,
  state,
  askedMs: 0,
  asks: 1,
});

describe('what was not invalidated', () => {
  it('is one number with its reasons, in the order failed, not deployed, not sent', () => {
    expect(
      notInvalidatedWords(counts({ failed: 2, notReady: 1_500, notSent: 3, notInvalidated: 1_505 })),
    ).toBe('1,505 (2 failed, 1,500 not deployed at origin, 3 not sent)');
  });

  it('is a bare 0 when everything was invalidated', () => {
    expect(notInvalidatedWords(counts({}))).toBe('0');
  });
});

describe('the calls', () => {
  it('are plain calls without a token call', () => {
    expect(callsWords(counts({ requests: 3, attempts: 4 }), true)).toBe('3 calls (4 attempts)');
  });

  it('say which are invalidations when the token call went out too', () => {
    expect(callsWords(counts({ requests: 3, attempts: 3, tokenCalls: 1 }), false)).toBe(
      '3 invalidation calls and the token call',
    );
  });
});

describe('the failures named', () => {
  it('are the first of them, and the rest are counted with where to read them', () => {
    const failures = named(['a', 'b', 'c'], 2);
    expect(failures).toEqual({ shown: ['a', 'b'], more: 1 });
    expect(moreFailuresWords(failures, '--json')).toBe(
      '… and 1 more failure: the JSON report (--json) lists each one.',
    );
    expect(moreFailuresWords(named(['a'], 2), '--json')).toBeUndefined();
  });
});

describe('the origin check', () => {
  it('counts each state once and names the states with images', () => {
    const facts = originFacts({
      checks: [
        check('ready', 1),
        check('ready', 2),
        check('cannot-tell', 3),
        check('redirected', 5),
        check('cancelled', 4),
      ],
      waitedMs: 12_340,
      timeoutMs: 300_000,
      requests: [],
      caches: [],
    });
    expect(facts.states).toEqual({
      ready: 2,
      'cannot-tell': 1,
      'not-ready': 0,
      redirected: 1,
      mismapped: 0,
      cancelled: 1,
    });
    expect(originWords(facts)).toBe(
      '2 served the new files, 1 could not be told (invalidated at once), ' +
        '1 redirected to another host or scheme (not invalidated), 1 not asked to the end, since the run was cancelled (not sent); waited 12.3 s',
    );
  });
});

describe('the warm-up', () => {
  it('counts the answers most common first, an answer that never came as "no answer"', () => {
    const words = warmWords({
      requested: 1_206,
      statuses: { '404': 5, error: 1, '200': 1_200 },
      failed: 6,
      overLimit: 0,
      ms: 2_345,
    });
    expect(words).toBe(
      'requested 1,206 image URLs through the image host (1,200 × 200, 5 × 404, 1 × no answer) in 2.3 s',
    );
  });
});

describe('the proof of freshness', () => {
  const stale = (asks: number): ImageProof['variants'][number] => ({
    url: 'https://img.example.net/w:640/https://www.example.com/cat.jpg',
    accept: 'webp',
    state: 'stale',
    seen: { status: 200 },
    asks,
  });
  const image = (over: Partial<ImageProof>): ImageProof => ({
    ref: 'https://www.example.com/cat.jpg',
    path: 'public/cat.jpg',
    variants: [stale(1)],
    invalidatedAgain: false,
    ...over,
  });

  it('says an image still old when asked again after its second invalidation', () => {
    const facts = proofFacts({ images: [image({ invalidatedAgain: true, variants: [stale(2)] })] });
    expect(facts.failed[0]?.sentence).toContain('its previous version after one more invalidation');
  });

  it('says an image invalidated once more but not asked again in time was not asked again, not that it stayed old', () => {
    const facts = proofFacts({ images: [image({ invalidatedAgain: true, variants: [stale(1)] })] });
    expect(facts.failed[0]?.sentence).toContain(
      "its previous version; invalidated once more, then not asked again within the proof's time",
    );
    expect(facts.failed[0]?.sentence).not.toContain('after one more invalidation');
  });

  it('says why an image was not invalidated once more', () => {
    const facts = proofFacts({ images: [image({ invalidateAgainFailed: 'HTTP 500: oops.' })] });
    expect(facts.failed[0]?.sentence).toContain(
      'its previous version; invalidating it once more failed: HTTP 500: oops',
    );
  });
});
