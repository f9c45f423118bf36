/**
 * Words that fail to load (a chunk missing from a broken install, no file handle left) after the calls have been
 * made: the run says so as a failure, and what the calls landed is still told.
 */
import { describe, expect, it, vi } from 'vitest';
import { planRun } from '../../src/plan/plan.ts';
import { parseUrlMap } from '../../src/settings/url-map.ts';
import { outputsOf } from '../../src/report/report.ts';
import { summaryMarkdown } from '../../src/report/summary.ts';
import { AssetResults } from '../../src/service/asset-results.ts';
import { reportFrom } from '../support/fixtures.ts';

vi.mock('../../src/warm/told.ts', () => {
  throw new Error('Cannot find module dist/248.index.js');
});
vi.mock('../../src/invalidate/preview.ts', () => {
  throw new Error('Cannot find module dist/545.index.js');
});
vi.mock('../../src/record/told.ts', () => {
  throw new Error('Cannot find module dist/896.index.js');
});

const IMAGE = 'https://www.example.com/img/a.png';
const FILES = {
  report: 'report.json',
  invalidated: 'invalidated.txt',
  failed: 'failed.txt',
  summary: 'summary.md',
};

/** One image invalidated and a token obtained, as the service confirmed them. */
const LANDED = {
  calls: [
    {
      index: 1,
      call: { route: 'invalidate/assets', assets: [IMAGE] },
      outcome: 'confirmed',
      attempts: [{ startedAt: 0, durationMs: 10, status: 200 }],
    },
    {
      index: 2,
      call: { route: 'token' },
      outcome: 'confirmed',
      attempts: [{ startedAt: 10, durationMs: 10, status: 200 }],
    },
  ],
  assets: AssetResults.of([{ ref: IMAGE, outcome: 'invalidated', call: 1 }]),
  token: 'tok123',
} as const;

describe("a stage's words that fail to load", () => {
  it('are one failure of the run, and the invalidation still tells what it landed', async () => {
    const report = await reportFrom({
      plan: planRun({ target: { scope: 'assets', assets: [IMAGE] }, token: true }),
      result: LANDED,
      warm: { requested: 1, statuses: { '200': 1 }, failed: 0, overLimit: 0, ms: 20 },
    });
    expect(report.outcome.failures).toEqual([
      expect.stringMatching(
        /^The warm stage ran, but its report could not be made \(.+\); the log above tells what it did$/,
      ),
    ]);
    const outputs = outputsOf(report, FILES);
    expect(outputs.token).toBe('tok123');
    expect(JSON.parse(outputs.invalidated)).toEqual([IMAGE]);
    expect(summaryMarkdown(report)).toContain('The warm stage ran, but its report could not be made');
  });

  it("of the invalidation's preview are one failure, and its outputs still say what the calls landed", async () => {
    const changes = {
      patterns: ['**/*.png'],
      urlMap: parseUrlMap('public/img => https://www.example.com/img'),
    };
    const report = await reportFrom({
      plan: planRun(
        { target: { scope: 'assets', assets: [], changes }, token: true },
        { files: ['public/img/a.png'], changes: [{ status: 'modified' }], source: 'test' },
      ),
      result: LANDED,
    });
    expect(report.outcome.failures).toEqual([
      expect.stringMatching(/^The preview of the changed files could not be told: ./),
    ]);
    const outputs = outputsOf(report, FILES);
    expect(outputs.token).toBe('tok123');
    expect(JSON.parse(outputs.invalidated)).toEqual([IMAGE]);
  });

  it("of the record are a failure of the run, though the record is told after the run's outcome", async () => {
    const report = await reportFrom({
      plan: planRun({ target: { scope: 'assets', assets: [IMAGE] }, token: true }),
      result: LANDED,
      record: { state: 'recorded', fresh: true, commit: 'a'.repeat(40), target: 'Images' },
    });
    expect(report.outcome.failures).toEqual([
      expect.stringMatching(/^The record stage ran, but its report could not be made \(./),
    ]);
    expect(summaryMarkdown(report)).toContain('The record stage ran, but its report could not be made');
  });
});
