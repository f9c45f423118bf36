/**
 * Changed images that no url-map rule maps are skipped, and the outcome carries how many: a run that skipped some is
 * not fresh (whyNotFresh), and never reads as if there was nothing to invalidate.
 */
import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../../src/invalidate/outcome.ts';
import { freshWords, whyNotFresh } from '../../src/record/record.ts';
import { assetsIn, planRun } from '../../src/plan/plan.ts';
import { AssetResults } from '../../src/service/asset-results.ts';

const URL_MAP = [{ pathPrefix: 'public/images', urlPrefix: 'https://www.example.com/images/' }];

/** The outcome of a run over these changed files, each mapped image confirmed. */
function outcomeOver(files: string[]) {
  const plan = planRun(
    {
      target: { scope: 'assets', assets: [], changes: { patterns: ['**/*.png'], urlMap: URL_MAP } },
      token: false,
    },
    { files, source: 'the files input' },
  );
  const refs = plan.calls.flatMap((call) => assetsIn(call));
  const assets = AssetResults.of(refs.map((ref) => ({ ref, outcome: 'invalidated' as const, call: 1 })));
  return outcomeOf(plan, { calls: [], assets });
}

describe('skipped images in the outcome', () => {
  it('counts the changed images that no url-map rule maps', () => {
    const outcome = outcomeOver(['public/img/a.png', 'public/img/b.png', 'public/images/c.png']);
    expect(outcome.counts.skipped).toBe(2);
    expect(outcome.counts.invalidated).toBe(1);
  });

  it.each([
    [0, 'Images fresh: no image to invalidate'],
    [1, 'Images fresh: 1 image invalidated'],
    [3, 'Images fresh: 3 images invalidated'],
  ])('a record of %i invalidated reads %j', (invalidated, words) => {
    expect(freshWords({ invalidated })).toBe(words);
  });

  it.each([
    [1, '1 changed image skipped (not mapped to a URL)'],
    [2, '2 changed images skipped (not mapped to a URL)'],
  ])('a run that skipped %i changed images is not fresh: %j', (skipped, why) => {
    expect(whyNotFresh({ cancelled: false, failures: [], failed: [], counts: { skipped } })).toBe(why);
  });

  it('a run that skipped changed images is never recorded fresh', () => {
    const outcome = outcomeOver(['public/img/a.png', 'public/img/b.png']);
    expect(whyNotFresh({ ...outcome, cancelled: false, failures: [], failed: [] })).toBe(
      '2 changed images skipped (not mapped to a URL)',
    );
  });
});
