/**
 * The record read back, over real HTTP against the GitHub stand-in: the newest status of the record's context decides,
 * however many statuses other systems set on the commit after it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_API_PAGES } from '../../src/github/api.ts';
import {
  isRecordedFresh,
  PERMISSION_LINE,
  statusProblem,
  type StatusStore,
} from '../../src/github/statuses.ts';
import { startGithubStandIn, type CommitStatus, type GithubStandIn } from '../support/github-stand-in.ts';

const REPOSITORY = 'octo-org/octo-repo';
const CONTEXT = 'image-cache-invalidate/site';
const SHA = 'a'.repeat(40);
const TOKEN = 'ghs_statusesTestToken0123456789';

const storeAt = (apiUrl: string, signal?: AbortSignal): StatusStore => ({
  apiUrl,
  repository: REPOSITORY,
  token: TOKEN,
  timeoutMs: 5_000,
  signal,
});

let github: GithubStandIn;
const storeOf = (signal?: AbortSignal): StatusStore => storeAt(github.url, signal);

beforeAll(async () => {
  github = await startGithubStandIn(REPOSITORY);
});
afterAll(() => github.close());
beforeEach(() => {
  github.reset();
});

/** Statuses of `n` other contexts, as a CI matrix, bots and re-runs set them. */
function others(n: number, state: CommitStatus['state'] = 'success'): void {
  for (let i = 0; i < n; i++) github.record(SHA, `ci/matrix-${i}`, state);
}

const reads = (): string[] =>
  github.statusRequests().map((request) => new URL(request.url, github.url).searchParams.get('page') ?? '1');

describe('isRecordedFresh', () => {
  it('finds the record under 150 statuses of other contexts set after it', async () => {
    github.record(SHA, CONTEXT);
    others(150, 'failure');
    expect(await isRecordedFresh(storeOf(), SHA, CONTEXT)).toBe(true);
  });

  it('a record superseded by a newer failure or pending of its context is not fresh', async () => {
    for (const state of ['failure', 'pending'] as const) {
      github.reset();
      github.record(SHA, CONTEXT);
      others(150);
      github.record(SHA, CONTEXT, state);
      others(150);
      expect(await isRecordedFresh(storeOf(), SHA, CONTEXT), state).toBe(false);
    }
  });

  it('with more contexts than a page holds, finds the record on a later page, asking page by page', async () => {
    github.record(SHA, CONTEXT);
    others(250);
    expect(await isRecordedFresh(storeOf(), SHA, CONTEXT)).toBe(true);
    expect(reads()).toEqual(['1', '2', '3']);
    for (const request of github.statusRequests()) {
      expect(new URL(request.url, github.url).pathname).toBe(`/repos/${REPOSITORY}/commits/${SHA}/status`);
      expect(new URL(request.url, github.url).searchParams.get('per_page')).toBe('100');
    }
  });

  it('stops at the first page that holds the context, and at the last page when none does', async () => {
    others(120);
    github.record(SHA, CONTEXT);
    expect(await isRecordedFresh(storeOf(), SHA, CONTEXT)).toBe(true);
    expect(reads()).toEqual(['1']);
    github.reset();
    others(120);
    expect(await isRecordedFresh(storeOf(), SHA, CONTEXT)).toBe(false);
    expect(reads()).toEqual(['1', '2']);
  });

  it('past the bound of pages, says it could not look rather than "not fresh"', async () => {
    github.record(SHA, CONTEXT);
    others(MAX_API_PAGES * 100);
    const read = isRecordedFresh(storeOf(), SHA, CONTEXT);
    await expect(read).rejects.toThrow(
      `the combined status of aaaaaaa runs past ${MAX_API_PAGES} pages of 100 contexts, and the record is not in them`,
    );
    expect(github.statusRequests()).toHaveLength(MAX_API_PAGES);
  });

  it('a 403 names the permission to add', async () => {
    github.statusesForbidden = true;
    const error: unknown = await isRecordedFresh(storeOf(), SHA, CONTEXT).catch((e: unknown) => e);
    expect(statusProblem(error, 'read')).toContain(PERMISSION_LINE);
  });

  it('a 403 of a spent rate limit is named as one, with the time to wait, not as a missing permission', async () => {
    github.statusesRateLimitedFor = 600;
    const error: unknown = await isRecordedFresh(storeOf(), SHA, CONTEXT).catch((e: unknown) => e);
    const problem = statusProblem(error, 'read');
    expect(problem).toMatch(
      /GitHub's API rate limit is spent \(API rate limit exceeded for installation ID 42\.\); it takes requests again in about (9|10) min/,
    );
    expect(problem).not.toContain(PERMISSION_LINE);
  });

  it('a cancel ends the read of a GitHub that does not answer', async () => {
    github.statusesHang = true;
    const cancel = new AbortController();
    const read = isRecordedFresh(storeOf(cancel.signal), SHA, CONTEXT);
    const asked = async (): Promise<void> => {
      while (github.statusRequests().length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    await asked();
    cancel.abort();
    await expect(read).rejects.toThrow('the run was cancelled');
  });

  it('equals "the newest status of the context is success" over any history of statuses', async () => {
    const history = fc.array(
      fc.record({
        // Other systems set most statuses: a matrix of contexts, its re-runs setting the same ones again.
        context: fc.oneof(
          { arbitrary: fc.constant(CONTEXT), weight: 1 },
          { arbitrary: fc.integer({ min: 0, max: 9 }).map((i) => `ci/${i}`), weight: 4 },
        ),
        state: fc.constantFrom<CommitStatus['state']>('error', 'failure', 'pending', 'success'),
        repeat: fc.integer({ min: 1, max: 40 }),
      }),
      { maxLength: 30 },
    );
    await fc.assert(
      fc.asyncProperty(history, async (steps) => {
        github.reset();
        for (const { context, state, repeat } of steps)
          for (let i = 0; i < (context === CONTEXT ? 1 : repeat); i++)
            github.record(SHA, context === CONTEXT ? context : `${context}-${i}`, state);
        const newest = github.statusesOf(SHA, CONTEXT)[0];
        expect(await isRecordedFresh(storeOf(), SHA, CONTEXT)).toBe(newest?.state === 'success');
      }),
      { numRuns: 60 },
    );
  });
});

describe("the stand-in's combined status", () => {
  interface Combined {
    state: string;
    total_count: number;
    statuses: CommitStatus[];
  }
  const combined = async (query: string): Promise<{ body: Combined; link: string | null }> => {
    const answer = await fetch(`${github.url}/repos/${REPOSITORY}/commits/${SHA}/status${query}`);
    return { body: (await answer.json()) as Combined, link: answer.headers.get('link') };
  };

  it('holds the newest status of each context, 30 a page unless asked, with Link headers to the next and last', async () => {
    github.record(SHA, CONTEXT);
    others(64);
    github.record(SHA, CONTEXT, 'pending');
    const first = await combined('');
    expect(first.body.statuses).toHaveLength(30);
    expect(first.body.statuses[0]).toMatchObject({ context: CONTEXT, state: 'pending' });
    expect(first.body).toMatchObject({ state: 'pending', total_count: 65 });
    expect(first.link).toContain('per_page=30&page=2>; rel="next"');
    expect(first.link).toContain('per_page=30&page=3>; rel="last"');
    const last = await combined('?per_page=30&page=3');
    expect(last.body.statuses.map((status) => status.context)).toEqual([
      'ci/matrix-4',
      'ci/matrix-3',
      'ci/matrix-2',
      'ci/matrix-1',
      'ci/matrix-0',
    ]);
    expect(last.link).toBeNull();
    for (let i = 0; i < 80; i++) github.record(SHA, `bot/${i}`);
    const most = await combined('?per_page=500');
    expect(most.body.statuses).toHaveLength(100); // at most 100 a page, as GitHub
    expect(new Set(most.body.statuses.map((status) => status.context)).size).toBe(100);
    expect(most.body.total_count).toBe(145);
  });
});

/** A bare API server over real HTTP: it answers every request as `answer` says, and keeps the paths asked. */
async function rawServer(
  answer: () => { body: unknown; headers?: Record<string, string> },
): Promise<{ url: string; asked: string[]; close: () => Promise<void> }> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    asked.push(request.url ?? '');
    const { body, headers } = answer();
    response.writeHead(200, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

describe('an answer of the wrong shape', () => {
  const bodies: readonly [string, unknown][] = [
    ['a list', []],
    ['no statuses', { state: 'success', total_count: 1 }],
    ['statuses not a list', { state: 'success', statuses: { context: CONTEXT, state: 'success' } }],
    ['null', null],
  ];

  it.each(bodies)('is an error, not "not fresh": %s', async (_name, body) => {
    const server = await rawServer(() => ({ body }));
    try {
      await expect(isRecordedFresh(storeAt(server.url), SHA, CONTEXT)).rejects.toThrow(/statuses/);
    } finally {
      await server.close();
    }
  });
});

describe('the next page', () => {
  it("is asked of the API's own host, whatever host the Link header names: the token goes nowhere else", async () => {
    const elsewhere = await rawServer(() => ({
      body: { statuses: [{ context: CONTEXT, state: 'success' }] },
    }));
    const api = await rawServer(() => ({
      body: { state: 'pending', total_count: 200, statuses: [] },
      headers: { link: `<${elsewhere.url}/repos/${REPOSITORY}/commits/${SHA}/status?page=2>; rel="next"` },
    }));
    try {
      await expect(isRecordedFresh(storeAt(api.url), SHA, CONTEXT)).rejects.toThrow('runs past 30 pages');
      expect(elsewhere.asked).toEqual([]);
      expect(api.asked).toHaveLength(MAX_API_PAGES);
      expect(api.asked[1]).toBe(`/repos/${REPOSITORY}/commits/${SHA}/status?per_page=100&page=2`);
    } finally {
      await Promise.all([api.close(), elsewhere.close()]);
    }
  });
});
