/**
 * The target's record, read and written over real HTTP against the GitHub stand-in: only what this token's identity
 * wrote is read, every answer is bounded, and refusals say what they are.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACTIONS_BOT,
  rateLimitWait,
  readRecord,
  writeRecord,
  writerOf,
  type RecordStore,
} from '../../src/github/deployments.ts';
import { PERMISSION_LINES, recordProblem } from '../../src/github/record-words.ts';
import { startGithubStandIn, type GithubStandIn } from '../support/github-stand-in.ts';

const REPOSITORY = 'octo-org/octo-repo';
const TARGET = 'image-cache-invalidate/site';
const SHA = 'a'.repeat(40);
const TOKEN = 'ghs_deploymentsTestToken0123456789';
const MALLORY = { login: 'mallory', id: 666, type: 'User' } as const;

let github: GithubStandIn;
const storeAt = (apiUrl: string, signal?: AbortSignal): RecordStore => ({
  apiUrl,
  repository: REPOSITORY,
  token: TOKEN,
  timeoutMs: 5_000,
  signal,
});
const store = (signal?: AbortSignal): RecordStore => storeAt(github.url, signal);

beforeAll(async () => {
  github = await startGithubStandIn(REPOSITORY);
});
afterAll(() => github.close());
beforeEach(() => {
  github.reset();
  github.identities.clear();
});

describe('who writes', () => {
  it("a workflow's token (which /user refuses) is the Actions bot; a personal token is its owner", async () => {
    expect(await writerOf(store())).toEqual(ACTIONS_BOT);
    github.identities.set(TOKEN, { login: 'octocat', id: 1, type: 'User' });
    expect(await writerOf(store())).toEqual({ login: 'octocat', id: 1 });
  });
});

describe('readRecord', () => {
  it("reads the newest deployment its writer created, passing over others' newer ones", async () => {
    github.recordDeployment({ sha: SHA, environment: TARGET }, 'failure');
    for (let i = 0; i < 40; i++)
      github.recordDeployment({ sha: 'b'.repeat(40), environment: TARGET }, 'success', MALLORY);
    expect(await readRecord(store(), TARGET, ACTIONS_BOT)).toMatchObject({ sha: SHA, state: 'failure' });
  });

  it('pages full of deployments by others are an error, never "nothing recorded" that a new record would hide', async () => {
    github.recordDeployment({ sha: SHA, environment: TARGET }, 'failure');
    for (let i = 0; i < 90; i++)
      github.recordDeployment({ sha: 'b'.repeat(40), environment: TARGET }, 'success', MALLORY);
    await expect(readRecord(store(), TARGET, ACTIONS_BOT)).rejects.toThrow(
      `the newest 90 deployments of '${TARGET}' were all created by others than github-actions[bot]`,
    );
  });

  it("the Actions bot is known by its login and type, whatever its id (GitHub Enterprise Server's differs)", async () => {
    github.identities.set(TOKEN, { login: 'github-actions[bot]', id: 7, type: 'Bot' });
    await writeRecord(store(), {
      environment: TARGET,
      sha: SHA,
      state: 'success',
      description: 'Images fresh: 1 image invalidated',
      payload: {},
    });
    expect(await readRecord(store(), TARGET, await writerOf(store()))).toMatchObject({
      sha: SHA,
      state: 'success',
    });
  });

  it("a success status someone else added to the writer's failed deployment is not read", async () => {
    const failed = github.recordDeployment({ sha: SHA, environment: TARGET }, 'failure');
    github.addDeploymentStatus(failed.id, 'success', MALLORY);
    expect(await readRecord(store(), TARGET, ACTIONS_BOT)).toMatchObject({ state: 'failure' });
  });

  it("another environment, or a deployment of another task (a host's own), is not the record", async () => {
    github.recordDeployment({ sha: SHA, environment: TARGET, task: 'deploy' }, 'success');
    github.recordDeployment({ sha: SHA, environment: 'other-target' }, 'success');
    expect(await readRecord(store(), TARGET, ACTIONS_BOT)).toBeUndefined();
  });

  it('a 403 names the request and the permission to add; a rate limit is named as one, with the time to wait', async () => {
    github.deploymentsForbidden = 'all';
    const forbidden: unknown = await readRecord(store(), TARGET, ACTIONS_BOT).catch((e: unknown) => e);
    expect(recordProblem(forbidden, 'read')).toContain(PERMISSION_LINES);
    github.deploymentsForbidden = false;
    github.deploymentsRateLimitedFor = 600;
    const limited: unknown = await readRecord(store(), TARGET, ACTIONS_BOT).catch((e: unknown) => e);
    const problem = recordProblem(limited, 'read');
    expect(problem).toMatch(
      /GET \/repos\/octo-org\/octo-repo\/deployments answered 403 "API rate limit exceeded for installation ID 42\.", a rate limit: it takes requests again in about (9|10) min/,
    );
    expect(problem).not.toContain(PERMISSION_LINES);
  });

  it('a cancel ends the read of a GitHub that does not answer', async () => {
    github.deploymentsHang = true;
    const cancel = new AbortController();
    const read = readRecord(store(cancel.signal), TARGET, ACTIONS_BOT);
    while (!github.requests.some((request) => request.url.includes('/deployments')))
      await new Promise((resolve) => setTimeout(resolve, 5));
    cancel.abort();
    await expect(read).rejects.toThrow('the run was cancelled');
  });

  it('an answer that never ends is cut at its byte bound, not read on', async () => {
    const chunk = `${JSON.stringify({ id: 1, sha: SHA, creator: MALLORY, pad: 'x'.repeat(60_000) })},`;
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
      const more = (): void => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', more);
      };
      more();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const error: unknown = await readRecord(storeAt(url), TARGET, ACTIONS_BOT).catch((e: unknown) => e);
      expect(recordProblem(error, 'read')).toMatch(/answered more than 4 MiB for one page/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('writeRecord', () => {
  it('creates a deployment on the target with its payload, then its state, leaving earlier records as they were', async () => {
    const earlier = github.recordDeployment({ sha: SHA, environment: TARGET }, 'success');
    const payload = { 'image-cache-invalidate': { fresh: null, owed: [], failedRuns: 0 } };
    const wrote = await writeRecord(store(), {
      environment: TARGET,
      sha: SHA,
      state: 'success',
      description: 'Images fresh: 2 images invalidated',
      payload,
      logUrl: 'https://github.example/run/1',
    });
    expect(wrote).toEqual(ACTIONS_BOT);
    const [newest] = github.deploymentsOf(TARGET);
    expect(newest).toMatchObject({ task: 'image-cache-invalidate', sha: SHA, payload });
    expect(github.statusesOfDeployment(newest?.id ?? 0)[0]).toMatchObject({
      state: 'success',
      log_url: 'https://github.example/run/1',
    });
    expect(github.statusesOfDeployment(earlier.id)[0]?.state).toBe('success'); // not made inactive
  });
});

describe('rateLimitWait', () => {
  it('reads retry-after as seconds or as an HTTP date, and a spent primary limit by its reset', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(rateLimitWait(429, { 'retry-after': '30' }, now)).toBe(30);
    expect(rateLimitWait(403, { 'retry-after': 'Fri, 27 Nov 2026 10:02:00 GMT' }, now)).toBe(120);
    const reset = String(now / 1000 + 60);
    expect(rateLimitWait(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }, now)).toBe(60);
    expect(rateLimitWait(403, { 'x-ratelimit-remaining': '10' }, now)).toBeUndefined();
    expect(rateLimitWait(404, { 'retry-after': '30' }, now)).toBeUndefined();
  });
});
