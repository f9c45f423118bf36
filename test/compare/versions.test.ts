/**
 * An image's two versions, read from a real repository: the workspace's file, and git's blob at the base commit.
 * The origin check asks a lagging origin about the same image again and again, and the proof once per variant: the
 * previous version is read from git once per image, not once per ask.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitBytesIn, type RunGitBytes } from '../../src/mechanics/git.ts';
import { KEPT_PREVIOUS_BYTES, MAX_IMAGE_BYTES, versionsFrom } from '../../src/compare/versions.ts';
import { createOrigin, type Origin, type Sha } from '../support/git-repo.ts';

let origin: Origin;
let base: Sha;
beforeEach(() => {
  origin = createOrigin('versions-');
  origin.work.write('public/cat.jpg', 'the cat before').write('public/big.jpg', 'x'.repeat(1024));
  base = origin.work.commit('before');
  origin.work.write('public/cat.jpg', 'the cat now').write('public/new.jpg', 'a new image');
  origin.work.commit('now');
});
afterEach(() => {
  origin.dispose();
});

/** The real git runner, counting the processes it starts. */
function countedGit(): { git: RunGitBytes; started: () => number } {
  const real = gitBytesIn(origin.work.dir);
  let started = 0;
  return {
    git: (args, maxBytes) => {
      started++;
      return real(args, maxBytes);
    },
    started: () => started,
  };
}

describe('versionsFrom', () => {
  it("reads the workspace's file and git's blob at the base commit", async () => {
    const { git } = countedGit();
    const versions = versionsFrom({ workspace: origin.work.dir, base, git });
    expect((await versions.current('public/cat.jpg'))?.toString()).toBe('the cat now');
    expect((await versions.previous('public/cat.jpg'))?.toString()).toBe('the cat before');
    expect(await versions.previous('public/new.jpg')).toBeUndefined();
  });

  it('starts one git process per image however often its previous version is asked for, at once or later', async () => {
    const { git, started } = countedGit();
    const versions = versionsFrom({ workspace: origin.work.dir, base, git });
    const asked = await Promise.all(Array.from({ length: 5 }, () => versions.previous('public/cat.jpg')));
    expect(asked.map((bytes) => bytes?.toString())).toEqual(Array(5).fill('the cat before'));
    for (let ask = 0; ask < 5; ask++) {
      expect((await versions.previous('public/cat.jpg'))?.toString()).toBe('the cat before');
      // An added image has no previous version: that is an answer too, not asked of git again.
      expect(await versions.previous('public/new.jpg')).toBeUndefined();
    }
    expect(started()).toBe(2);
  });

  it('keeps the previous versions asked for within its bound, which holds the largest image compared', async () => {
    const { git, started } = countedGit();
    const versions = versionsFrom({ workspace: origin.work.dir, base, git }, 1024 + 100);
    await versions.previous('public/big.jpg');
    await versions.previous('public/cat.jpg');
    // 1,024 + 14 bytes: both kept. Asked again, neither starts git.
    await versions.previous('public/big.jpg');
    expect(started()).toBe(2);
    await versions.previous('public/cat.jpg');
    expect(started()).toBe(2);
    expect(KEPT_PREVIOUS_BYTES).toBeGreaterThanOrEqual(MAX_IMAGE_BYTES);
  });

  it('lets the oldest go once the bytes kept pass the bound, and reads it from git again when asked', async () => {
    const { git, started } = countedGit();
    const versions = versionsFrom({ workspace: origin.work.dir, base, git }, 1024);
    await versions.previous('public/cat.jpg');
    await versions.previous('public/big.jpg');
    expect(started()).toBe(2);
    // cat.jpg was let go to keep big.jpg within 1,024 bytes; big.jpg is still kept.
    await versions.previous('public/big.jpg');
    expect(started()).toBe(2);
    expect((await versions.previous('public/cat.jpg'))?.toString()).toBe('the cat before');
    expect(started()).toBe(3);
  });

  it('does not keep what git could not read because the run was cancelled: it is no answer', async () => {
    const cancel = new AbortController();
    const real = gitBytesIn(origin.work.dir, cancel.signal);
    let started = 0;
    const git: RunGitBytes = (args, maxBytes) => {
      started++;
      return real(args, maxBytes);
    };
    const versions = versionsFrom({ workspace: origin.work.dir, base, git });
    cancel.abort();
    expect(await versions.previous('public/cat.jpg')).toBeUndefined();
    expect(await versions.previous('public/cat.jpg')).toBeUndefined();
    expect(started).toBe(2);
  });

  it('answers every ask with what git holds, and starts git once per path when everything fits (property)', async () => {
    // Paths of random sizes, asked for in a random order, some at once; git answers after a random number of turns.
    const scenario = fc.record({
      sizes: fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 1, maxLength: 8 }),
      asks: fc.array(fc.tuple(fc.nat(), fc.boolean()), { minLength: 1, maxLength: 40 }),
      limit: fc.integer({ min: 0, max: 2_000 }),
      turns: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 10 }),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ sizes, asks, limit, turns }) => {
        const blob = (path: string): Buffer => Buffer.alloc(sizes[Number(path.slice(1))] ?? 0, path);
        let started = 0;
        const git: RunGitBytes = async (args) => {
          const turn = turns[started++ % turns.length] ?? 0;
          for (let i = 0; i < turn; i++) await Promise.resolve();
          return blob(String(args.at(-1)).split(':')[1] ?? '');
        };
        const versions = versionsFrom({ workspace: origin.work.dir, base, git }, limit);
        const pending: Promise<void>[] = [];
        const ask = async (path: string): Promise<void> => {
          expect(await versions.previous(path)).toEqual(blob(path));
        };
        for (const [index, atOnce] of asks) {
          const path = `p${index % sizes.length}`;
          if (atOnce) pending.push(ask(path));
          else await ask(path);
        }
        await Promise.all(pending);
        const asked = new Set(asks.map(([index]) => index % sizes.length));
        const all = [...asked].reduce((sum, index) => sum + (sizes[index] ?? 0), 0);
        expect(started).toBeLessThanOrEqual(asks.length);
        if (all <= limit) expect(started).toBe(asked.size);
      }),
    );
  });
});
