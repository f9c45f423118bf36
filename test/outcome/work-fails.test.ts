/**
 * A stage after the invalidation whose code fails to load (a chunk missing from a broken install) or that throws: the
 * run ends there, and says whether its calls had been sent, never "Nothing was sent" once they were.
 */
import { describe, expect, it, vi } from 'vitest';
import { runFlow } from '../../src/flow.ts';
import { FailedAfterTheCalls } from '../../src/outcome/stages.ts';
import { failureJson } from '../../src/report/report.ts';
import { failureMarkdown } from '../../src/report/summary.ts';
import { parseSettings } from '../../src/settings/settings.ts';
import { makeRedactor } from '../../src/shown/redact.ts';
import { DEFAULT_INPUTS } from '../support/inputs.ts';
import { keptLog } from '../support/kept-log.ts';

vi.mock('../../src/warm/warm-up.ts', () => {
  throw new Error('Cannot find module dist/248.index.js');
});

const settings = parseSettings({
  ...DEFAULT_INPUTS,
  'api-key': '',
  assets: 'https://www.example.com/a.png',
  'image-host': 'img.example.net',
  warm: 'true',
  'dry-run': 'true',
});

describe('a stage after the invalidation that fails', () => {
  it('ends the run naming the stage, after a dry run that sent nothing', async () => {
    const error: unknown = await runFlow(settings, {
      log: keptLog([]),
      redact: makeRedactor([]),
      ci: () => {
        throw new Error('no CI is read by a run of a list of assets');
      },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FailedAfterTheCalls);
    expect((error as FailedAfterTheCalls).sent).toBe(false);
    expect((error as Error).message).toMatch(/^The warm stage failed after the invalidation \(.+\)$/);
  });

  it('is told as sent once the calls were, in the summary and the JSON report', () => {
    const failure = {
      error: new FailedAfterTheCalls('warm', true, new Error('Cannot find module')).message,
      startedAt: new Date(0),
      sent: true,
    };
    expect(failureMarkdown(failure)).toContain('The run failed after its calls were sent:');
    expect(failureMarkdown(failure)).not.toContain('Nothing was sent');
    expect(failureMarkdown(failure)).toContain('the log above tells what they landed');
    expect(failureJson(failure)).toMatchObject({ ok: false, sent: true });
  });
});
