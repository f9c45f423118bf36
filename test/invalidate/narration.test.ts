import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/domain/api-error.ts';
import { parseSettings, type RawInputs } from '../../src/settings/settings.ts';
import type { Log } from '../../src/shown/log.ts';
import { narration } from '../../src/invalidate/narration.ts';
import { originNarration } from '../../src/invalidate/origin-told.ts';
import { planOf } from '../support/fixtures.ts';
import { keptLog } from '../support/kept-log.ts';
import { DEFAULT_INPUTS } from '../support/inputs.ts';

const RAW: RawInputs = { ...DEFAULT_INPUTS, scope: 'all' };
const SETTINGS = parseSettings(RAW);
const ORIGIN = { urlMap: [], requestTimeoutMs: 30_000 };

function linesOf(tell: (log: Log) => void): string[] {
  const lines: string[] = [];
  tell(keptLog(lines));
  return lines;
}

describe('narration: a retry', () => {
  it('says what failed, then that it is retried, when, and which attempt that will be', () => {
    const error = new ApiError('HTTP 503: Service Unavailable.', { kind: 'http', status: 503 });
    const lines = linesOf((log) => {
      narration(log, planOf(SETTINGS)).retry(
        { index: 1, call: { route: 'invalidate/all' } },
        error,
        1_000,
        2,
      );
    });
    expect(lines).toEqual([
      `Call 1 (invalidate all): HTTP 503: Service Unavailable; retrying in 1.0 s (attempt 2 of ${SETTINGS.maxRetries + 1}).`,
    ]);
  });
});

describe('narration: the plan', () => {
  const invalidateLine = (inputs: Partial<RawInputs>): string | undefined => {
    const lines = linesOf((log) => {
      narration(log, planOf(parseSettings({ ...RAW, ...inputs }))).plan();
    });
    return lines.find((line) => line.startsWith('Invalidate:') || line.startsWith('Nothing to invalidate'));
  };

  it('says what each scope invalidates, and in how many calls', () => {
    expect(invalidateLine({ scope: 'all' })).toBe('Invalidate: every image of the account (1 call).');
    expect(invalidateLine({ scope: 'domain', domain: 'www.example.com' })).toBe(
      'Invalidate: every image of www.example.com (1 call).',
    );
    expect(invalidateLine({ scope: 'none', token: 'true' })).toBe('Invalidate: nothing (scope none).');
    const assets = Array.from({ length: 150 }, (_, i) => `https://www.example.com/${i}.png`).join('\n');
    expect(invalidateLine({ scope: 'assets', assets, concurrency: '4' })).toBe(
      'Invalidate: 150 assets in 2 calls, up to 2 at a time.',
    );
  });
});

describe('narration: the wait for origins', () => {
  const progress = {
    ready: 3,
    waiting: 4,
    answers: [
      { answer: 'serve the previous version', images: 3 },
      { answer: 'answer 404', images: 1 },
    ],
    leftMs: 280_000,
  };
  const LINE =
    'Origin check: 3 of 7 images ready, 4 waiting (3 serve the previous version, 1 answers 404); 280 s left.';

  it('logs where it stands as a line of the log', () => {
    expect(
      linesOf((log) => {
        originNarration(log, ORIGIN).progress(progress);
      }),
    ).toEqual([LINE]);
  });

  it('with a live line (the command on a terminal), gives it the same words and logs nothing', () => {
    const live: string[] = [];
    const logged = linesOf((log) => {
      originNarration(log, ORIGIN, (line) => live.push(line)).progress(progress);
    });
    expect(logged).toEqual([]);
    expect(live).toEqual([LINE]);
  });
});
