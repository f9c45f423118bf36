/**
 * `since` on a depth-1 checkout, as actions/checkout makes it: each form of a revision resolves to the commit it
 * names in the repository, deepening or fetching only as needed; one past the history resolves to nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SINCE_DEPTH } from '../../src/changes/catch-up.ts';
import { sinceCommit } from '../../src/changes/git.ts';
import { gitIn } from '../../src/mechanics/git.ts';
import { createOrigin, type GitRepo, type Origin, type Sha } from '../support/git-repo.ts';

let origin: Origin;
let shas: Sha[];
/** The depth-1 checkout of main, as actions/checkout makes it: each test deepens a copy of its own. */
let pristine: GitRepo;
beforeAll(() => {
  origin = createOrigin('since-shallow-');
  shas = Array.from({ length: 8 }, (_, i) => origin.work.write(`f${i}.txt`).commit(`commit ${i}`));
  origin.work.push('main');
  origin.work.git('push', '--quiet', 'origin', `${shas[3] ?? ''}:refs/tags/v1`);
  origin.work.git('push', '--quiet', 'origin', `${shas[2] ?? ''}:refs/heads/older`);
  pristine = origin.clone({ depth: 1 });
});
afterAll(() => {
  origin.dispose();
});

const head = (): Sha => shas[7] ?? '';

describe('since on a depth-1 checkout', () => {
  it.each([
    ['HEAD~1', 6],
    ['HEAD~3', 4],
    ['HEAD^', 6],
    ['HEAD^^', 5],
    ['HEAD~2^', 4],
    ['short', 2],
    ['v1', 3],
    ['older', 2],
    ['older~1', 1],
  ])('%s resolves to the commit it names', async (form, index) => {
    const clone = origin.copy(pristine);
    expect(clone.isShallow()).toBe(true);
    const since = form === 'short' ? (shas[index] ?? '').slice(0, 7) : form;
    expect(await sinceCommit(since, head(), SINCE_DEPTH, gitIn(clone.dir))).toBe(shas[index]);
  });

  it('past the history, or a name the repository lacks, resolves to nothing', async () => {
    const clone = origin.copy(pristine);
    const git = gitIn(clone.dir);
    expect(await sinceCommit('HEAD~20', head(), SINCE_DEPTH, git)).toBeUndefined();
    expect(await sinceCommit('v9.9.9', head(), SINCE_DEPTH, git)).toBeUndefined();
  });

  it('on a complete clone, asks origin nothing', async () => {
    const clone = origin.clone();
    const before = clone.git('count-objects').trim();
    expect(await sinceCommit('HEAD~3', head(), SINCE_DEPTH, gitIn(clone.dir))).toBe(shas[4]);
    expect(clone.git('count-objects').trim()).toBe(before);
  });
});
