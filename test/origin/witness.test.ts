/**
 * The witness of a url-map rule, on a real repository: an image the push left unchanged that the live site serves,
 * never one a site builder leaves out of what it publishes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { witnessesOf } from '../../src/origin/witness.ts';
import { gitBytesIn } from '../../src/mechanics/git.ts';
import { parseUrlMap } from '../../src/settings/url-map.ts';
import { createOrigin, type Origin } from '../support/git-repo.ts';

const IMAGES = '**/*.png';
let origin: Origin | undefined;
afterEach(() => origin?.dispose());

describe('witnessesOf', () => {
  it("passes over '.' and '_' folders (.github/, Jekyll's _drafts/), which a published site does not serve", async () => {
    origin = createOrigin('witness-');
    const { work } = origin;
    work.write('.github/banner.png', 'b').write('_drafts/x.png', 'x').write('assets/img/kept.png', 'k');
    const base = work.commit('base');
    work.write('assets/img/new.png', 'n').commit('an image added');
    const witnesses = await witnessesOf(
      new Map([['https://o.github.io/r/assets/img/new.png', 'assets/img/new.png']]),
      { urlMap: parseUrlMap(' => https://o.github.io/r/'), patterns: [IMAGES], base },
      gitBytesIn(work.dir),
    );
    expect(witnesses.map((witness) => witness.path)).toEqual(['assets/img/kept.png']);
  });
});
