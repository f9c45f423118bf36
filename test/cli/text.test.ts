import { describe, expect, it } from 'vitest';
import { resultText } from '../../src/cli/text.ts';
import { imageUrls, reportOf } from '../support/fixtures.ts';

describe('resultText', () => {
  it('writes every number as the log does: 1,234 of 1,234', () => {
    const assets = imageUrls(1_234);
    const results = assets.map((ref) => ({ ref, outcome: 'invalidated' as const, call: 1 }));
    const text = resultText(reportOf({ scope: 'assets', assets }, false, { calls: [], assets: results }));
    expect(text).toContain('Invalidated 1,234 of 1,234 assets');
  });
});
