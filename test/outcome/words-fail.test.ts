/**
 * A stage whose words fail to load (a chunk missing from a broken install, no file handle left) after the calls have
 * been made: the run says so as a failure, and every other stage still tells what landed.
 */
import { describe, expect, it, vi } from 'vitest';
import { planRun } from '../../src/plan/plan.ts';
import { outputsOf } from '../../src/report/report.ts';
import { summaryMarkdown } from '../../src/report/summary.ts';
import { AssetResults } from '../../src/service/asset-results.ts';
import { reportFrom } from '../support/fixtures.ts';

vi.mock('../../src/warm/told.ts', () => {
  throw new Error('Cannot find module dist/248.index.js');
});

const IMAGE = 'https://www.example.com/img/a.png';

describe("a stage's words that fail to load", () => {
  it('are one failure of the run, and the invalidation still tells what it landed', async () => {
    const report = await reportFrom({
      plan: planRun({ target: { scope: 'assets', assets: [IMAGE] }, token: true }),
      result: {
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
      },
      warm: { requested: 1, statuses: { '200': 1 }, failed: 0, overLimit: 0, ms: 20 },
    });
    expect(report.outcome.failures).toEqual([
      expect.stringMatching(/^The warm stage could not tell what it did: ./),
    ]);
    const outputs = outputsOf(report, {
      report: 'report.json',
      invalidated: 'invalidated.txt',
      failed: 'failed.txt',
      summary: 'summary.md',
    });
    expect(outputs.token).toBe('tok123');
    expect(JSON.parse(outputs.invalidated)).toEqual([IMAGE]);
    expect(summaryMarkdown(report)).toContain('The warm stage could not tell what it did');
  });
});
