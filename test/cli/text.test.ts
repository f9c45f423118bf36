import { describe, expect, it } from 'vitest';
import { resultText } from '../../src/cli/text.ts';
import type { CallRecord } from '../../src/service/execute.ts';
import { FAILURES_NAMED } from '../../src/shown/format.ts';
import { imageUrls, reportOf } from '../support/fixtures.ts';

describe('resultText', () => {
  it('writes every number as the log does: 1,234 of 1,234', async () => {
    const assets = imageUrls(1_234);
    const results = assets.map((ref) => ({ ref, outcome: 'invalidated' as const, call: 1 }));
    const text = resultText(
      await reportOf({ scope: 'assets', assets }, false, { calls: [], assets: results }),
    );
    expect(text).toContain('Invalidated 1,234 of 1,234 assets');
  });
});

describe('resultText: failures', () => {
  it('names as many failures as the summary and the log, and counts the rest', async () => {
    const assets = imageUrls(60);
    const calls: CallRecord[] = assets.map((ref, i) => ({
      index: i + 1,
      call: { route: 'invalidate/assets', assets: [ref] },
      outcome: 'failed',
      attempts: [{ startedAt: 0, durationMs: 1, status: 500 }],
      error: { message: `HTTP 500: broken ${i}`, kind: 'http', status: 500 },
    }));
    const results = assets.map((ref, i) => ({ ref, outcome: 'failed' as const, call: i + 1 }));
    const text = resultText(await reportOf({ scope: 'assets', assets }, false, { calls, assets: results }));
    const named = text.split('\n').filter((line) => line.startsWith('Failed: '));
    expect(named).toHaveLength(FAILURES_NAMED);
    expect(named.at(-1)).toContain(`broken ${FAILURES_NAMED - 1}`);
    expect(text).toContain('… and 10 more failures: the JSON report (--json) lists each one.');
  });
});
