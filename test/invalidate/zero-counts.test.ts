/**
 * Counts that are zero are not said: a run that sent no invalidation call does not read "0 of 0 invalidation calls
 * confirmed", and a run with nothing to invalidate says why in place of a row of zeros.
 */
import { describe, expect, it } from 'vitest';
import { resultText } from '../../src/cli/text.ts';
import { narration } from '../../src/invalidate/narration.ts';
import { fileCounts } from '../../src/invalidate/wording.ts';
import { planRun, type FilesPlan, type Plan } from '../../src/plan/plan.ts';
import { summaryMarkdown } from '../../src/report/summary.ts';
import { AssetResults } from '../../src/service/asset-results.ts';
import type { CallRecord } from '../../src/service/execute.ts';
import { outcomeOf } from '../../src/invalidate/outcome.ts';
import { parseSettings } from '../../src/settings/settings.ts';
import { planOf, reportFrom, reportOf } from '../support/fixtures.ts';
import { DEFAULT_INPUTS } from '../support/inputs.ts';
import { keptLog } from '../support/kept-log.ts';

const tokenCall: CallRecord = {
  index: 1,
  call: { route: 'token' },
  outcome: 'confirmed',
  attempts: [{ startedAt: 0, durationMs: 5, status: 200 }],
};

/** One changed file, which paths does not select: nothing to invalidate. */
const NOT_AN_IMAGE: FilesPlan = {
  source: 'the files input',
  found: 1,
  selected: 0,
  patterns: ['**/*.png'],
  mapped: 0,
  urlMap: [],
  unmapped: [],
};

const withFiles = (files: FilesPlan, token: boolean): Plan => ({
  ...planRun({ target: { scope: 'assets', assets: [] }, token }),
  files,
});

/** Each zero count that a text may say, as the words it would say it in. */
const ZEROS = [
  /\b0 of 0\b/,
  /\*\*Assets:\*\* 0\b/,
  /\*\*Invalidated:\*\* 0\b/,
  /\b0 (invalidation )?calls?\b/,
  /\b0 attempts\b/,
  /\b0 assets\b/,
  /\b0 skipped\b/,
  /\b0 mapped\b/,
];

function expectNoZeros(text: string): void {
  for (const zero of ZEROS) expect(text).not.toMatch(zero);
}

describe('zero counts: the log', () => {
  it('says nothing of the invalidation calls when none was sent (scope none with a token)', () => {
    const lines: string[] = [];
    const settings = parseSettings({ ...DEFAULT_INPUTS, scope: 'none', token: 'true' });
    const plan = planOf(settings);
    const outcome = outcomeOf(plan.invalidation, {
      calls: [tokenCall],
      assets: AssetResults.of([]),
      token: 'abc',
    });
    narration(keptLog(lines), plan).sent(outcome);
    expect(lines).toEqual([]);
  });

  it('still counts the calls when some were sent', () => {
    const lines: string[] = [];
    const assets = ['https://www.example.com/a.png'];
    const call: CallRecord = {
      index: 1,
      call: { route: 'invalidate/assets', assets },
      outcome: 'confirmed',
      attempts: [{ startedAt: 0, durationMs: 5, status: 200 }],
    };
    const settings = parseSettings({ ...DEFAULT_INPUTS, scope: 'assets', assets: assets.join('\n') });
    const plan = planOf(settings);
    const outcome = outcomeOf(plan.invalidation, {
      calls: [call],
      assets: AssetResults.of(assets.map((ref) => ({ ref, outcome: 'invalidated' as const, call: 1 }))),
    });
    narration(keptLog(lines), plan).sent(outcome);
    expect(lines).toEqual(['1 of 1 invalidation call confirmed.']);
  });

  it('counts changed files up to the stage that left none, and no skipped file when none was', () => {
    expect(fileCounts({ ...NOT_AN_IMAGE, found: 0 }, 'log')).toBe('no file found');
    expect(fileCounts({ ...NOT_AN_IMAGE, found: 0 }, 'brief')).toBe('none found');
    expect(fileCounts(NOT_AN_IMAGE, 'log')).toBe('1 file found, none selected by paths');
    expect(fileCounts({ ...NOT_AN_IMAGE, selected: 1 }, 'log')).toBe(
      '1 file found, 1 selected by paths, none mapped to URLs by url-map',
    );
    expect(fileCounts({ ...NOT_AN_IMAGE, selected: 3, mapped: 2, unmapped: ['a.png'] }, 'brief')).toBe(
      '1 found, 3 selected, 2 mapped, 1 skipped',
    );
    expect(fileCounts({ ...NOT_AN_IMAGE, selected: 2, mapped: 2 }, 'summary')).toBe(
      '1 found, 2 selected by `paths`, 2 mapped to URLs by `url-map`',
    );
  });
});

describe('zero counts: the summary and the command', () => {
  it('scope none with a token: the token call alone, no count of invalidation calls', async () => {
    const report = await reportOf({ scope: 'none' }, true, { calls: [tokenCall], assets: [], token: 'abc' });
    const markdown = summaryMarkdown(report);
    expect(markdown).toContain('**Scope:** none · **Calls:** the token call');
    expectNoZeros(markdown);
    expectNoZeros(resultText(report));
  });

  it('nothing to invalidate: says why, without a row of zeros, sent or dry', async () => {
    for (const token of [false, true]) {
      const sent = await reportFrom({
        plan: withFiles(NOT_AN_IMAGE, token),
        result: {
          calls: token ? [tokenCall] : [],
          assets: AssetResults.of([]),
          ...(token ? { token: 'abc' } : {}),
        },
      });
      const dry = await reportFrom({ plan: withFiles(NOT_AN_IMAGE, token) });
      for (const report of [sent, dry]) {
        const markdown = summaryMarkdown(report);
        expect(markdown).toContain('Nothing to invalidate: 1 file changed');
        expectNoZeros(markdown);
        const text = resultText(report);
        expect(text).toContain('Nothing to invalidate: 1 file changed');
        expectNoZeros(text);
      }
      expect(summaryMarkdown(sent)).toContain(token ? '**Calls:** the token call' : 'Nothing was sent.');
    }
  });
});
