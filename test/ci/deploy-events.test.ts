/**
 * The events after a deploy done by anything, on the real webhook payloads of @octokit/webhooks-examples (and
 * Vercel's documented repository_dispatch shape): the deployed commit each names, never GITHUB_SHA; the deploys that
 * did not succeed, which ask for nothing; and the branch ranges that catch-up starts from.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { branchRange, commitRange, type GithubContext } from '../../src/ci/github.ts';
import { PARENT } from '../../src/domain/range.ts';
import { InputError } from '../../src/mechanics/input-error.ts';
import { pushPayload, setAt, webhookExamples } from '../support/git-repo.ts';

const GITHUB_SHA = 'fedcba9876543210fedcba9876543210fedcba98';
const DEPLOYED = '0123456789abcdef0123456789abcdef01234567';

function context(eventName: string, payload: unknown): GithubContext {
  return {
    eventName,
    payload,
    sha: GITHUB_SHA,
    workspace: '/nonexistent',
    repository: 'octo-org/octo-repo',
    apiUrl: 'https://api.github.com',
    token: '',
  };
}

const examples = (event: string): Record<string, unknown>[] => webhookExamples(event);

describe('deployment_status', () => {
  it.each(examples('deployment_status').map((payload) => [payload]))(
    'success names deployment.sha; any other state asks for nothing (%#)',
    (payload) => {
      const state = (payload.deployment_status as { state: string }).state;
      const range = commitRange(context('deployment_status', payload), undefined);
      if (state === 'success') {
        expect(range).toMatchObject({
          base: PARENT,
          head: (payload.deployment as { sha: string }).sha,
          branch: 'from-head',
        });
        expect(range.skip).toBeUndefined();
      } else expect(range.skip).toContain(`state is "${state}", not "success"`);
    },
  );
});

describe('workflow_run', () => {
  it.each(examples('workflow_run').map((payload) => [payload]))(
    'conclusion success names workflow_run.head_sha, never GITHUB_SHA; others ask for nothing (%#)',
    (payload) => {
      const run = payload.workflow_run as { conclusion: string | null; head_sha: string };
      const range = commitRange(context('workflow_run', payload), undefined);
      if (run.conclusion === 'success') {
        expect(range).toMatchObject({ base: PARENT, head: run.head_sha, branch: 'from-head' });
        expect(range.head).not.toBe(GITHUB_SHA);
      } else expect(range.skip).toContain('nothing was deployed');
    },
  );

  it('with since, compares since with the deployed commit, not GITHUB_SHA', () => {
    const payload = examples('workflow_run').find(
      (example) => (example.workflow_run as { conclusion: unknown }).conclusion === 'success',
    );
    setAt(payload ?? {}, ['workflow_run', 'head_sha'], DEPLOYED);
    expect(commitRange(context('workflow_run', payload), 'v1.0.0')).toMatchObject({
      base: 'v1.0.0',
      head: DEPLOYED,
    });
  });
});

describe('repository_dispatch', () => {
  const vercel = (type: string): Record<string, unknown> => ({
    action: type,
    client_payload: { environment: 'production', url: 'https://x.vercel.app', git: { sha: DEPLOYED } },
  });

  it.each(['vercel.deployment.success', 'vercel.deployment.promoted'])(
    "Vercel's %s names client_payload.git.sha",
    (type) => {
      expect(commitRange(context('repository_dispatch', vercel(type)), undefined)).toMatchObject({
        base: PARENT,
        head: DEPLOYED,
        origin: `repository_dispatch (${type})`,
      });
    },
  );

  it.each(['vercel.deployment.error', 'vercel.deployment.canceled', 'vercel.deployment.created'])(
    "Vercel's %s asks for nothing",
    (type) => {
      expect(commitRange(context('repository_dispatch', vercel(type)), undefined).skip).toContain(
        'not a finished deployment',
      );
    },
  );

  it('another type names client_payload.sha; without one, it asks for nothing, saying where to put it', () => {
    const [example] = examples('repository_dispatch');
    expect(commitRange(context('repository_dispatch', example), undefined).skip).toContain(
      'names no deployed commit in client_payload.git.sha or client_payload.sha',
    );
    setAt(example ?? {}, ['client_payload', 'sha'], DEPLOYED);
    expect(commitRange(context('repository_dispatch', example), undefined).head).toBe(DEPLOYED);
  });

  it('a deployed commit that is not a full SHA is refused, naming where it was read', () => {
    const payload = { action: 'deployed', client_payload: { sha: 'main' } };
    expect(() => commitRange(context('repository_dispatch', payload), undefined)).toThrow(InputError);
    expect(() => commitRange(context('repository_dispatch', payload), undefined)).toThrow(
      /client_payload\.git\.sha or client_payload\.sha is "main", not the full SHA/,
    );
  });

  it('any payload gives a range, a skip or an InputError: never another throw', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.constantFrom('deployment_status', 'workflow_run', 'repository_dispatch'),
        (payload, event) => {
          try {
            const range = commitRange(context(event, payload), undefined);
            expect(range.skip !== undefined || /^[0-9a-f]{40}$/.test(range.head)).toBe(true);
          } catch (error) {
            expect(error).toBeInstanceOf(InputError);
          }
        },
      ),
    );
  });
});

describe('deployment (created, not yet deployed)', () => {
  it.each(examples('deployment').map((payload) => [payload]))(
    'is refused, pointing to deployment_status, whose success comes once the deploy is live (%#)',
    (payload) => {
      for (const range of [commitRange, branchRange]) {
        expect(() => range(context('deployment', payload), undefined)).toThrow(InputError);
        expect(() => range(context('deployment', payload), undefined)).toThrow(
          /'deployment'.*before .*deployed.*on: deployment_status/,
        );
      }
    },
  );
});

describe('branch ranges, where catch-up starts', () => {
  it('a push looks from its base; a pull request not at all', () => {
    const before = '1'.repeat(40);
    expect(branchRange(context('push', pushPayload(before, DEPLOYED)), undefined)).toMatchObject({
      base: before,
      head: DEPLOYED,
      branch: 'from-base',
    });
    const [pull] = examples('pull_request');
    expect(branchRange(context('pull_request', pull), undefined).branch).toBeUndefined();
  });

  it('after a deploy, looks from the deployed commit; with since, since is its base until a record says otherwise', () => {
    const payload = { action: 'deployed', client_payload: { sha: DEPLOYED } };
    expect(branchRange(context('repository_dispatch', payload), undefined)).toMatchObject({
      base: PARENT,
      head: DEPLOYED,
      branch: 'from-head',
    });
    expect(branchRange(context('repository_dispatch', payload), 'v1')).toMatchObject({
      base: 'v1',
      head: DEPLOYED,
      branch: 'from-head',
    });
  });

  it.each(['workflow_dispatch', 'schedule'])(
    '%s without since looks from GITHUB_SHA, and its base needs a record (or since)',
    (event) => {
      const range = branchRange(context(event, {}), undefined);
      expect(range).toMatchObject({ base: PARENT, head: GITHUB_SHA, branch: 'from-head' });
      expect(range.needsBase).toContain('Set since');
    },
  );

  it('a schedule with since keeps looking from GITHUB_SHA; a dispatch with since, asked for by a person, compares with it', () => {
    expect(branchRange(context('schedule', {}), 'v1')).toMatchObject({ base: 'v1', branch: 'from-head' });
    expect(branchRange(context('workflow_dispatch', {}), 'v1')).toMatchObject({
      base: 'v1',
      head: GITHUB_SHA,
      origin: 'since v1',
      branch: 'from-base',
    });
  });
});
