/**
 * Catch-up against a real repository and the GitHub stand-in, over random records: the base is the newest commit
 * recorded fresh when it is older than the event's base, else the event's base; the look is bounded. Also the
 * stand-in itself, briefly: the statuses it keeps across runs, its pagination and its refusal.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATCH_UP_COMMITS, CATCH_UP_REQUESTS, caughtUpRange } from '../../src/changes/catch-up.ts';
import { githubCi, type GithubContext } from '../../src/ci/github.ts';
import { gitIn } from '../../src/mechanics/git.ts';
import type { Log } from '../../src/shown/log.ts';
import { createOrigin, pushPayload, type GitRepo, type Origin, type Sha } from '../support/git-repo.ts';
import { startGithubStandIn, type GithubStandIn } from '../support/github-stand-in.ts';
import { keptLog } from '../support/kept-log.ts';

const REPOSITORY = 'octo-org/octo-repo';
const CONTEXT = 'image-cache-invalidate/test';

let origin: Origin;
let github: GithubStandIn;
let shas: Sha[];
let full: GitRepo;
beforeAll(async () => {
  origin = createOrigin('catch-up-unit-');
  shas = Array.from({ length: 12 }, (_, i) => origin.work.write(`f${i}.txt`).commit(`commit ${i}`));
  origin.work.push('main');
  full = origin.clone();
  github = await startGithubStandIn(REPOSITORY, origin.bare);
});
afterAll(async () => {
  origin.dispose();
  await github.close();
});
beforeEach(() => {
  github.reset();
});

interface Told {
  readonly log: Log;
  readonly lines: string[];
}

function told(): Told {
  const lines: string[] = [];
  return { lines, log: keptLog(lines) };
}

function pushContext(before: Sha, after: Sha, workspace: string): GithubContext {
  return {
    eventName: 'push',
    payload: pushPayload(before, after),
    sha: after,
    workspace,
    repository: REPOSITORY,
    apiUrl: github.url,
    token: 'ghs_catchUpUnitToken',
    runUrl: 'https://github.example/octo-org/octo-repo/actions/runs/1',
  };
}

function catchUp(context: GithubContext, log: Log, enabled = true): ReturnType<typeof caughtUpRange> {
  return caughtUpRange(githubCi(context), {
    since: undefined,
    enabled,
    context: CONTEXT,
    git: gitIn(context.workspace),
    log,
    timeoutMs: 5_000,
  });
}

describe('catch-up over random records', () => {
  it('compares with the newest recorded commit at or before the event base, else the event base', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 2 }),
        fc.subarray([...shas.keys()]),
        async (before, ahead, recorded) => {
          github.reset();
          for (const index of recorded) github.record(shas[index] ?? '', CONTEXT);
          // A status of another target, on every commit, changes nothing.
          for (const sha of shas) github.record(sha, 'image-cache-invalidate/other');
          const after = Math.min(before + ahead, shas.length - 1);
          const range = await catchUp(
            pushContext(shas[before] ?? '', shas[after] ?? '', full.dir),
            told().log,
          );
          const newest = Math.max(-1, ...recorded.filter((index) => index <= before));
          expect(range.base).toBe(shas[newest === -1 ? before : newest]);
          expect(range.head).toBe(shas[after]);
          // One status request per commit looked at, from the base down to the one found.
          const looked = newest === -1 ? before + 1 : before - newest + 1;
          expect(github.statusRequests()).toHaveLength(looked);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('on a depth-1 checkout, deepens it to look back', async () => {
    github.record(shas[2] ?? '', CONTEXT);
    const shallow = origin.clone({ depth: 1 });
    const { log, lines } = told();
    const range = await catchUp(pushContext(shas[9] ?? '', shas[11] ?? '', shallow.dir), log);
    expect(range.base).toBe(shas[2]);
    expect(range.origin).toBe(
      `push, catching up 7 commits since ${(shas[2] ?? '').slice(0, 7)}, the last commit recorded fresh`,
    );
    expect(lines.join('\n')).toContain('catching up 7 commits');
  });

  it('with catch-up off, asks nothing', async () => {
    github.record(shas[2] ?? '', CONTEXT);
    const range = await catchUp(pushContext(shas[9] ?? '', shas[11] ?? '', full.dir), told().log, false);
    expect(range.base).toBe(shas[9]);
    expect(github.requests).toEqual([]);
  });

  it(`looks at no more than ${CATCH_UP_COMMITS} commits, then says so and keeps the event base`, async () => {
    const long = createOrigin('catch-up-long-');
    try {
      const many = long.work.commitPaths(['a.txt'], 'root');
      for (let i = 0; i < CATCH_UP_COMMITS + 5; i++) long.work.commit(`empty ${i}`);
      const tip = long.work.head();
      long.work.push('main');
      const wide = await startGithubStandIn(REPOSITORY, long.bare);
      try {
        wide.record(many, CONTEXT);
        const { log, lines } = told();
        const context = { ...pushContext(tip, tip, long.clone().dir), apiUrl: wide.url };
        const range = await catchUp(
          { ...context, payload: pushPayload(long.work.revParse('HEAD~1'), tip) },
          log,
        );
        expect(range.base).toBe(long.work.revParse('HEAD~1'));
        expect(wide.statusRequests()).toHaveLength(CATCH_UP_COMMITS);
        expect(lines.join('\n')).toContain(`no commit among the ${CATCH_UP_COMMITS} commits looked at`);
      } finally {
        await wide.close();
      }
    } finally {
      long.dispose();
    }
  });
});

describe('catch-up on commits that carry many statuses', () => {
  it(`makes at most ${CATCH_UP_REQUESTS} requests in all, then says it could not look and keeps the event base`, async () => {
    const long = createOrigin('catch-up-matrix-');
    try {
      long.work.commitPaths(['a.txt'], 'root');
      for (let i = 0; i < CATCH_UP_COMMITS + 5; i++) long.work.commit(`empty ${i}`);
      const tip = long.work.head();
      long.work.push('main');
      const wide = await startGithubStandIn(REPOSITORY, long.bare);
      try {
        // Every commit carries the 250 statuses of a CI matrix: three pages of its combined status, none the record.
        const matrix = Array.from({ length: 250 }, (_, i) => `ci/job-${i}`);
        const history = long.work.git('rev-list', 'HEAD').trim().split('\n');
        for (const sha of history) for (const job of matrix) wide.record(sha, job);
        expect(CATCH_UP_COMMITS * 3).toBeGreaterThan(CATCH_UP_REQUESTS);
        const { log, lines } = told();
        const context = { ...pushContext(tip, tip, long.clone().dir), apiUrl: wide.url };
        const before = long.work.revParse('HEAD~1');
        const range = await catchUp({ ...context, payload: pushPayload(before, tip) }, log);
        expect(range.base).toBe(before);
        expect(wide.statusRequests()).toHaveLength(CATCH_UP_REQUESTS);
        expect(lines.join('\n')).toContain(
          `it could not look (the record was looked for in ${CATCH_UP_REQUESTS} requests`,
        );
      } finally {
        await wide.close();
      }
    } finally {
      long.dispose();
    }
  });
});

describe('the GitHub stand-in', () => {
  it('keeps statuses across runs, lists them newest first page by page, and combines them', async () => {
    const sha = shas[3] ?? '';
    for (let i = 0; i < 3; i++) {
      const created = await fetch(`${github.url}/repos/${REPOSITORY}/statuses/${sha}`, {
        method: 'POST',
        body: JSON.stringify({ state: 'success', context: `c${i}`, description: `run ${i}` }),
      });
      expect(created.status).toBe(201);
    }
    const first = await fetch(`${github.url}/repos/${REPOSITORY}/commits/${sha}/statuses?per_page=2`);
    expect(((await first.json()) as { context: string }[]).map((s) => s.context)).toEqual(['c2', 'c1']);
    expect(first.headers.get('link')).toContain('rel="next"');
    const combined = await fetch(`${github.url}/repos/${REPOSITORY}/commits/main~8/status`);
    expect(combined.status).toBe(422); // git's syntax is not the API's
    const byBranch = await fetch(`${github.url}/repos/${REPOSITORY}/commits/${sha.slice(0, 7)}/status`);
    expect(await byBranch.json()).toMatchObject({ state: 'success', total_count: 3 });
  });

  it('refuses statuses with 403 when told to, and a description over 140 characters with 422', async () => {
    const sha = shas[4] ?? '';
    const post = (body: unknown): Promise<Response> =>
      fetch(`${github.url}/repos/${REPOSITORY}/statuses/${sha}`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
    expect((await post({ state: 'success', description: 'x'.repeat(141) })).status).toBe(422);
    github.statusesForbidden = true;
    expect((await post({ state: 'success' })).status).toBe(403);
  });
});
