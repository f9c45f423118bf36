import { describe, it, expect } from 'vitest';
import type { Attempt } from '../../src/service/execute.ts';
import type { AssetResult, CallRecord } from '../../src/service/execute.ts';
import type { Counts } from '../../src/invalidate/stage.ts';
import { OUTPUT_LIST_CAP, outputsOf, type Report } from '../../src/report/report.ts';
import { reportOf } from '../support/fixtures.ts';

const A = 'https://www.example.com/a.jpg';
const B = 'https://www.example.com/b.jpg';
const C = '0123456789abcdef0123456789abcdef';
const D = 'https://www.example.com/d.jpg';

const FILES = {
  report: 'report.json',
  invalidated: 'invalidated.json',
  failed: 'failed.json',
  summary: 'summary.md',
};
const ok = (status = 200): Attempt => ({ startedAt: 0, durationMs: 10, status });
const retried = (status = 503): Attempt => ({
  startedAt: 0,
  durationMs: 10,
  status,
  error: `HTTP ${status}`,
  waitMs: 100,
});
const failed = (status: number): Attempt => ({
  startedAt: 0,
  durationMs: 10,
  status,
  error: `HTTP ${status}`,
});

const report = reportOf;
// The outcome is computed once, by outcomeOf, as the report is made.
const countsOf = (run: Report): Counts => run.outcome.counts;
const failuresOf = (run: Report): readonly string[] => run.outcome.failures;

/**
 * Four assets: [A, B, C, D] sent as one batch that was "too many" and split; the first half [A, B] confirmed after
 * two retries, the second [C, D] failed with a 400; then the token, after one retry.
 */
function splitRun(): Promise<Report> {
  const calls: CallRecord[] = [
    {
      index: 1,
      call: { route: 'invalidate/assets', assets: [A, B, C, D] },
      outcome: 'split',
      attempts: [failed(400)],
      error: { message: 'HTTP 400: Too many assets to invalidate', kind: 'http', status: 400 },
    },
    {
      index: 2,
      call: { route: 'invalidate/assets', assets: [A, B] },
      outcome: 'confirmed',
      attempts: [retried(), retried(), ok()],
    },
    {
      index: 3,
      call: { route: 'invalidate/assets', assets: [C, D] },
      outcome: 'failed',
      attempts: [failed(400)],
      error: { message: 'HTTP 400: bad request', kind: 'http', status: 400 },
    },
    { index: 4, call: { route: 'token' }, outcome: 'confirmed', attempts: [retried(), ok()] },
  ];
  const assets: AssetResult[] = [
    { ref: A, outcome: 'invalidated', call: 2 },
    { ref: B, outcome: 'invalidated', call: 2 },
    { ref: C, outcome: 'failed', call: 3, error: 'HTTP 400: bad request' },
    { ref: D, outcome: 'failed', call: 3, error: 'HTTP 400: bad request' },
  ];
  return report({ scope: 'assets', assets: [A, B, C, D] }, true, { calls, assets, token: 'tok123' });
}

/** Three assets in three calls: the first confirmed, the second refused the key, the third therefore not sent. */
function refusedRun(token: boolean): Promise<Report> {
  const refused: CallRecord = {
    index: 2,
    call: { route: 'invalidate/assets', assets: [B] },
    outcome: 'failed',
    attempts: [failed(401)],
    error: { message: 'HTTP 401: Unauthorized', kind: 'http', status: 401 },
  };
  const calls: CallRecord[] = [
    { index: 1, call: { route: 'invalidate/assets', assets: [A] }, outcome: 'confirmed', attempts: [ok()] },
    refused,
  ];
  const assets: AssetResult[] = [
    { ref: A, outcome: 'invalidated', call: 1 },
    { ref: B, outcome: 'failed', call: 2, error: 'HTTP 401: Unauthorized' },
    { ref: C, outcome: 'not-sent', error: 'not sent: the service refused the key (call 2)' },
  ];
  const stoppedBy = { call: refused, reason: 'the service refused the key', keyRefused: true };
  return report({ scope: 'assets', assets: [A, B, C] }, token, { calls, assets, stoppedBy });
}

describe('outputsOf', () => {
  it('counts invalidation calls as requests: not the token call, not the retries', async () => {
    expect(outputsOf(await splitRun(), FILES).requests).toBe('3');
  });

  it('lists the confirmed references as invalidated, in order', async () => {
    expect(JSON.parse(outputsOf(await splitRun(), FILES).invalidated)).toEqual([A, B]);
  });

  it('lists the failed references as failed, in order', async () => {
    expect(JSON.parse(outputsOf(await splitRun(), FILES).failed)).toEqual([C, D]);
  });

  it('lists the references not sent as failed too', async () => {
    expect(JSON.parse(outputsOf(await refusedRun(false), FILES).failed)).toEqual([B, C]);
  });

  it('gives the token, and the cache buster as cb:<token>', async () => {
    const outputs = outputsOf(await splitRun(), FILES);
    expect(outputs.token).toBe('tok123');
    expect(outputs['cache-buster']).toBe('cb:tok123');
  });

  it('gives an empty token and cache buster when there is no token', async () => {
    const outputs = outputsOf(await refusedRun(true), FILES);
    expect(outputs.token).toBe('');
    expect(outputs['cache-buster']).toBe('');
  });

  it('gives no requests and empty lists for a dry run', async () => {
    expect(outputsOf(await report({ scope: 'assets', assets: [A, B] }, true), FILES)).toEqual({
      token: '',
      'cache-buster': '',
      'image-url-prefix': '',
      invalidated: '[]',
      'invalidated-count': '0',
      'invalidated-file': FILES.invalidated,
      failed: '[]',
      'failed-count': '0',
      'failed-file': FILES.failed,
      requests: '0',
      'origin-waited-seconds': '0',
      'verified-count': '',
      unverified: '',
      'report-path': FILES.report,
      'summary-file': FILES.summary,
    });
  });

  it('counts one request for scope all, however many attempts it took', async () => {
    const calls: CallRecord[] = [
      {
        index: 1,
        call: { route: 'invalidate/all' },
        outcome: 'confirmed',
        attempts: [retried(), retried(), ok()],
      },
    ];
    expect(outputsOf(await report({ scope: 'all' }, false, { calls, assets: [] }), FILES).requests).toBe('1');
  });
});

describe('the outcome: counts', () => {
  it('counts assets by outcome, and calls and attempts of invalidation only', async () => {
    expect(countsOf(await splitRun())).toEqual({
      assets: 4,
      invalidated: 2,
      failed: 2,
      notSent: 0,
      notReady: 0,
      notInvalidated: 2,
      requests: 3,
      attempts: 5,
      tokenCalls: 1,
      skipped: 0,
    });
  });

  it('counts the assets not sent after a refused key', async () => {
    expect(countsOf(await refusedRun(false))).toMatchObject({
      assets: 3,
      invalidated: 1,
      failed: 1,
      notSent: 1,
      notInvalidated: 2,
    });
  });

  it('counts the planned assets of a dry run, with no requests', async () => {
    expect(countsOf(await report({ scope: 'assets', assets: [A, B, C] }, false))).toEqual({
      assets: 3,
      invalidated: 0,
      failed: 0,
      notSent: 0,
      notReady: 0,
      notInvalidated: 0,
      requests: 0,
      attempts: 0,
      tokenCalls: 0,
      skipped: 0,
    });
  });
});

describe('the outcome: failures', () => {
  it('names each failed call with its error, but not a split call', async () => {
    expect(failuresOf(await splitRun())).toEqual([
      'Call 3 (invalidate 2 assets) failed: HTTP 400: bad request',
    ]);
  });

  it('says how many attempts a failed call took when it was retried', async () => {
    const calls: CallRecord[] = [
      {
        index: 1,
        call: { route: 'invalidate/domain', domain: 'www.example.com' },
        outcome: 'failed',
        attempts: [retried(), retried(), failed(503)],
        error: { message: 'HTTP 503', kind: 'http', status: 503 },
      },
    ];
    expect(
      failuresOf(await report({ scope: 'domain', domain: 'www.example.com' }, false, { calls, assets: [] })),
    ).toEqual(['Call 1 (invalidate domain www.example.com) failed after 3 attempts: HTTP 503']);
  });

  it('a refused key is one failure: the call refused, and what was therefore not sent', async () => {
    expect(failuresOf(await refusedRun(false))).toEqual([
      `Call 2 (invalidate 1 asset: ${B}) failed: HTTP 401: Unauthorized. Not sent, since the service refused the key: 1 asset.`,
    ]);
  });

  it('reports the token as not requested when the key was refused', async () => {
    expect(failuresOf(await refusedRun(true))).toEqual([
      `Call 2 (invalidate 1 asset: ${B}) failed: HTTP 401: Unauthorized. Not sent, since the service refused the key: 1 asset and the token.`,
    ]);
  });

  it('a cancelled run names what it did not send', async () => {
    const calls: CallRecord[] = [
      { index: 1, call: { route: 'invalidate/assets', assets: [A] }, outcome: 'confirmed', attempts: [ok()] },
    ];
    const assets: AssetResult[] = [
      { ref: A, outcome: 'invalidated', call: 1 },
      { ref: B, outcome: 'not-sent', error: 'not sent: the run was cancelled' },
    ];
    const run = await report({ scope: 'assets', assets: [A, B] }, true, { calls, assets, cancelled: true });
    expect(run.outcome.cancelled).toBe(true);
    expect(failuresOf(run)).toEqual(['Not sent, since the run was cancelled: 1 asset and the token.']);
  });

  it('reports nothing for a run where every call was confirmed', async () => {
    const calls: CallRecord[] = [
      { index: 1, call: { route: 'invalidate/all' }, outcome: 'confirmed', attempts: [ok()] },
      { index: 2, call: { route: 'token' }, outcome: 'confirmed', attempts: [ok()] },
    ];
    expect(failuresOf(await report({ scope: 'all' }, true, { calls, assets: [], token: 't' }))).toEqual([]);
  });

  it('reports nothing for a dry run', async () => {
    expect(failuresOf(await report({ scope: 'all' }, true))).toEqual([]);
  });
});

describe('outputsOf, at any size', () => {
  const many = (count: number): AssetResult[] =>
    Array.from({ length: count }, (_, i) => ({
      ref: `https://www.example.com/img/${i}.png`,
      outcome: 'invalidated',
    }));
  const run = (assets: AssetResult[]): Promise<Report> =>
    report({ scope: 'assets', assets: assets.map((asset) => asset.ref) }, false, { calls: [], assets });

  it('gives a list output as a JSON array while it fits within OUTPUT_LIST_CAP characters', async () => {
    const outputs = outputsOf(await run(many(500)), FILES);
    expect(outputs.invalidated.length).toBeLessThanOrEqual(OUTPUT_LIST_CAP);
    expect(JSON.parse(outputs.invalidated)).toHaveLength(500);
  });

  it('past the cap, gives a sentence no JSON parser takes for the list, and counts them all', async () => {
    const outputs = outputsOf(await run(many(100_000)), FILES);
    expect(() => JSON.parse(outputs.invalidated) as unknown).toThrow();
    expect(outputs.invalidated).toContain('100,000 references are too many for an output');
    expect(outputs['invalidated-count']).toBe('100000');
    expect(outputs['invalidated-file']).toBe(FILES.invalidated);
  });
});
