/**
 * The target's record, read and written over real HTTP against the GitHub stand-in: only a record that proves its
 * writer held the Root key is read, whoever created it; every answer is bounded, and refusals say what they are.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  rateLimitWait,
  readLegacyRecord,
  readRecord,
  writeRecord,
  type RecordStore,
} from '../../src/github/deployments.ts';
import { recordProof } from '../../src/domain/record-proof.ts';
import { ROOT_KEY } from '../support/client.ts';
import { provenPayload } from '../support/proven-record.ts';
import { recordProblem } from '../../src/github/record-words.ts';
import { PERMISSION_LINES } from '../../src/github/record-permission.ts';
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

const PROOF = recordProof(ROOT_KEY);
/** A record as a run holding the key writes it, created by `creator` (the Actions bot unless told). */
const proven = (state: 'success' | 'failure', sha = SHA, environment = TARGET, key = ROOT_KEY) =>
  github.recordDeployment(
    { sha, environment, payload: provenPayload(environment, sha, state, {}, key) },
    state,
  );

describe('readRecord', () => {
  it('reads the newest record that proves itself, passing over newer ones by anyone, the Actions bot included', async () => {
    proven('failure');
    const payload = { 'image-cache-invalidate': { fresh: null, owed: [], failedRuns: 0, state: 'success' } };
    github.recordDeployment({ sha: 'b'.repeat(40), environment: TARGET, payload }, 'success');
    for (let i = 0; i < 40; i++)
      github.recordDeployment({ sha: 'b'.repeat(40), environment: TARGET }, 'success', MALLORY);
    const read = await readRecord(store(), TARGET, PROOF);
    expect(read.entry).toMatchObject({ sha: SHA, state: 'failure' });
    expect(read.keyChanged).toBe(false);
    expect(new Set(read.passedOver)).toEqual(new Set(['mallory', 'github-actions[bot]']));
    expect(read.passedOver).toHaveLength(41);
  });

  it('pages full of deployments without proof are an error, never "nothing recorded" that a new record would hide', async () => {
    proven('failure');
    for (let i = 0; i < 90; i++)
      github.recordDeployment({ sha: 'b'.repeat(40), environment: TARGET }, 'success', MALLORY);
    await expect(readRecord(store(), TARGET, PROOF)).rejects.toThrow(
      `the newest 90 deployments of '${TARGET}' all carry no proof of the service's key`,
    );
  });

  it('a record proved with another Root key, and none with this one, says the key may have changed, and reads as none', async () => {
    proven('success', SHA, TARGET, 'an-older-root-key');
    expect(await readRecord(store(), TARGET, PROOF)).toEqual({
      entry: undefined,
      passedOver: ['github-actions[bot]'],
      keyChanged: true,
    });
  });

  it("a deployment naming another key id hides nothing: the key id is not proved, so the search goes on to this key's record", async () => {
    const genuine = proven('failure');
    github.recordDeployment(
      {
        sha: SHA,
        environment: TARGET,
        payload: { 'image-cache-invalidate': { key: '0123456789abcdef', mac: 'x', state: 'success' } },
      },
      'success',
      MALLORY,
    );
    const read = await readRecord(store(), TARGET, PROOF);
    expect(read.entry).toMatchObject({ id: genuine.id, state: 'failure' });
    expect(read.keyChanged).toBe(false);
    expect(read.passedOver).toEqual(['mallory']);
  });

  it('a MAC of 64 characters that are not hex digits (some of two bytes) is passed over, not an error that stops the read', async () => {
    const genuine = proven('failure');
    github.recordDeployment(
      {
        sha: SHA,
        environment: TARGET,
        payload: { 'image-cache-invalidate': { key: PROOF.keyId, mac: 'é'.repeat(64), state: 'success' } },
      },
      'success',
      MALLORY,
    );
    const read = await readRecord(store(), TARGET, PROOF);
    expect(read.entry).toMatchObject({ id: genuine.id, state: 'failure' });
    expect(read.passedOver).toEqual(['mallory']);
  });

  it('its state is the one its proof covers: a success status someone adds to a failed record is not read', async () => {
    const failed = proven('failure');
    github.addDeploymentStatus(failed.id, 'success', MALLORY);
    github.addDeploymentStatus(failed.id, 'success');
    expect((await readRecord(store(), TARGET, PROOF)).entry).toMatchObject({ state: 'failure' });
  });

  it('a proved payload copied to another commit, another environment or another state proves nothing', async () => {
    const payload = provenPayload(TARGET, SHA, 'failure');
    github.recordDeployment({ sha: 'c'.repeat(40), environment: TARGET, payload }, 'success');
    github.recordDeployment(
      { sha: SHA, environment: 'other', payload: provenPayload('other', SHA, 'success') },
      'success',
    );
    const altered = structuredClone(payload) as { 'image-cache-invalidate': { state: string } };
    altered['image-cache-invalidate'].state = 'success';
    github.recordDeployment({ sha: SHA, environment: TARGET, payload: altered }, 'success');
    const read = await readRecord(store(), TARGET, PROOF);
    expect(read.entry).toBeUndefined();
    expect(read.passedOver).toHaveLength(2);
  });

  it("a payload nested far deeper than a record proves nothing: it is not walked past a record's depth", async () => {
    let deep: unknown = [];
    for (let i = 0; i < 1_000; i++) deep = [deep];
    const carried = { fresh: null, owed: deep, failedRuns: 0, state: 'success', key: PROOF.keyId, mac: '0' };
    github.recordDeployment(
      { sha: SHA, environment: TARGET, payload: { 'image-cache-invalidate': carried } },
      'success',
    );
    expect((await readRecord(store(), TARGET, PROOF)).entry).toBeUndefined();
  });

  it("another environment, or a deployment of another task (a host's own), is not the record", async () => {
    github.recordDeployment(
      { sha: SHA, environment: TARGET, task: 'deploy', payload: provenPayload(TARGET, SHA, 'success') },
      'success',
    );
    proven('success', SHA, 'other-target');
    expect((await readRecord(store(), TARGET, PROOF)).entry).toBeUndefined();
  });

  it('a 403 names the request and the permission to add; a rate limit is named as one, with the time to wait', async () => {
    github.deploymentsForbidden = 'all';
    const forbidden: unknown = await readRecord(store(), TARGET, PROOF).catch((e: unknown) => e);
    expect(recordProblem(forbidden, 'read')).toContain(PERMISSION_LINES);
    github.deploymentsForbidden = false;
    github.deploymentsRateLimitedFor = 600;
    const limited: unknown = await readRecord(store(), TARGET, PROOF).catch((e: unknown) => e);
    const problem = recordProblem(limited, 'read');
    expect(problem).toMatch(
      /GET \/repos\/octo-org\/octo-repo\/deployments answered 403 "API rate limit exceeded for installation ID 42\.", a rate limit: it takes requests again in about (9|10) min/,
    );
    expect(problem).not.toContain(PERMISSION_LINES);
  });

  it('a cancel ends the read of a GitHub that does not answer', async () => {
    github.deploymentsHang = true;
    const cancel = new AbortController();
    const read = readRecord(store(cancel.signal), TARGET, PROOF);
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
      const error: unknown = await readRecord(storeAt(url), TARGET, PROOF).catch((e: unknown) => e);
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
    await writeRecord(store(), {
      environment: TARGET,
      sha: SHA,
      state: 'success',
      description: 'Images fresh: 2 images invalidated',
      payload,
      logUrl: 'https://github.example/run/1',
    });
    const [newest] = github.deploymentsOf(TARGET);
    expect(newest).toMatchObject({ task: 'image-cache-invalidate', sha: SHA, payload });
    expect(github.statusesOfDeployment(newest?.id ?? 0)[0]).toMatchObject({
      state: 'success',
      log_url: 'https://github.example/run/1',
    });
    expect(github.statusesOfDeployment(earlier.id)[0]?.state).toBe('success'); // not made inactive
  });
});

describe('a refused write', () => {
  it("keeps GitHub's reason and its status (422: the ref is unknown)", async () => {
    const error: unknown = await writeRecord(store(), {
      environment: TARGET,
      sha: 'not-a-commit',
      state: 'success',
      description: 'Images fresh: 1 image invalidated',
      payload: {},
    }).catch((caught: unknown) => caught);
    const problem = recordProblem(error, 'write');
    expect(problem).toContain('422');
    expect(problem).toContain('No ref found for: not-a-commit');
  });
});

describe('a write answered 202', () => {
  it('names the status GitHub sent and its message, not a 201, and writes no status (it made no deployment)', async () => {
    const requests: string[] = [];
    const server = createServer((request, response) => {
      requests.push(`${request.method ?? ''} ${request.url ?? ''}`);
      // GitHub's answer when it merged the default branch into the ref in place of creating a deployment.
      response.writeHead(202, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Auto-merged main into topic on deployment.' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const error: unknown = await writeRecord(storeAt(url), {
        environment: TARGET,
        sha: SHA,
        state: 'success',
        description: 'Images fresh: 1 image invalidated',
        payload: {},
      }).catch((caught: unknown) => caught);
      const problem = recordProblem(error, 'write');
      expect(problem).toContain('answered 202 with no deployment');
      expect(problem).toContain('Auto-merged main into topic on deployment.');
      expect(problem).not.toContain('201');
      expect(requests).toEqual([`POST /repos/${REPOSITORY}/deployments`]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a write answered with a redirect', () => {
  it('is not sent again where the redirect points, even on the API itself: its 3xx is its answer', async () => {
    const requests: string[] = [];
    const server = createServer((request, response) => {
      requests.push(`${request.method ?? ''} ${request.url ?? ''}`);
      response.writeHead(307, { location: `/repos/${REPOSITORY}/deployments-moved` });
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const error: unknown = await writeRecord(storeAt(url), {
        environment: TARGET,
        sha: SHA,
        state: 'success',
        description: 'Images fresh: 1 image invalidated',
        payload: {},
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect(requests).toEqual([`POST /repos/${REPOSITORY}/deployments`]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('readLegacyRecord', () => {
  it("reads an earlier version's record by its creator, the Actions bot, and its own newest status", async () => {
    const failed = github.recordDeployment({ sha: SHA, environment: TARGET }, 'failure');
    github.addDeploymentStatus(failed.id, 'success', MALLORY);
    github.recordDeployment({ sha: 'b'.repeat(40), environment: TARGET }, 'success', MALLORY);
    expect(await readLegacyRecord(store(), TARGET)).toMatchObject({ sha: SHA, state: 'failure' });
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
