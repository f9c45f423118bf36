/**
 * commitRange on the real webhook payloads of @octokit/webhooks-examples: which two commits each event compares,
 * `since` in place of the base, and the error for events that name no commits.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitRange, githubContextFromEnv, isEnvironment, type GithubContext } from '../../src/ci/github.ts';
import { isDeletion, PARENT } from '../../src/domain/range.ts';
import { InputError } from '../../src/mechanics/input-error.ts';
import { webhookExamples } from '../support/git-repo.ts';

const GITHUB_SHA = 'fedcba9876543210fedcba9876543210fedcba98';

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

interface PullRequestPayload {
  action: string;
  number: number;
  pull_request: { number: number; base: { sha: string }; head: { sha: string } };
}

interface MergeGroupPayload {
  merge_group: { base_sha: string; head_sha: string };
}

const pushes = webhookExamples('push') as unknown as { ref: string; before: string; after: string }[];
const pulls = webhookExamples('pull_request') as unknown as PullRequestPayload[];
const mergeGroups = webhookExamples('merge_group') as unknown as MergeGroupPayload[];

/** The documented shape (docs.github.com, "merge_group"), for a package version that has no example. */
const BUILT_MERGE_GROUP: MergeGroupPayload = {
  merge_group: {
    head_sha: '2ffea6db159f6b6c47a24e778fb9ef40cf6b1c7d',
    base_sha: '380387fbc80638b734a49e1be1c4dfec1c01b33c',
  },
};
const merges = mergeGroups.length > 0 ? mergeGroups : [BUILT_MERGE_GROUP];

/** The error commitRange throws; fails the test when it returns a range. */
function rangeError(eventName: string, payload: unknown): InputError {
  try {
    commitRange(context(eventName, payload), undefined);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error(`commitRange accepted ${eventName} without since`);
}

describe('the real payloads', () => {
  it('are there: 7 push examples and 29 pull_request examples', () => {
    expect(pushes).toHaveLength(7);
    expect(pulls).toHaveLength(29);
  });
});

describe('push', () => {
  const ordinary = pushes.filter((p) => !/^0+$/.test(p.before) && !/^0+$/.test(p.after));
  const created = pushes.filter((p) => /^0+$/.test(p.before));
  const deleted = pushes.filter((p) => /^0+$/.test(p.after));

  it('the examples hold created and deleted refs', () => {
    expect(created.length).toBeGreaterThan(0);
    expect(deleted.length).toBeGreaterThan(0);
  });

  it('compares before with after', () => {
    // The package's examples all create or delete a ref: an ordinary push is one of them with a real before.
    const payload = {
      ...(created[0] ?? {}),
      ref: 'refs/heads/main',
      before: 'a'.repeat(40),
      after: 'b'.repeat(40),
    };
    for (const example of [payload, ...ordinary]) {
      expect(commitRange(context('push', example), undefined)).toEqual({
        base: example.before,
        head: example.after,
        origin: 'push',
      });
    }
  });

  it.each(created.map((payload, index) => [index, payload.ref, payload] as const))(
    'example %i (%s, before = zeros): a new tag is no deploy; a new branch compares after with its parent',
    (_index, _ref, payload) => {
      const tag = commitRange(context('push', { ...payload, ref: 'refs/tags/v1.0.0' }), undefined);
      expect(tag.skip).toContain('A tag changes no file');
      expect(tag.skipUnlessSince).toBe(true);
      const branch = commitRange(context('push', { ...payload, ref: 'refs/heads/feature' }), undefined);
      expect(branch).toEqual({ base: PARENT, head: payload.after, origin: 'push (new branch)' });
      expect(isDeletion(branch)).toBe(false);
    },
  );

  it.each(deleted.map((payload, index) => [index, payload.ref, payload] as const))(
    'example %i (%s, after = zeros) is a deletion, which asks for nothing',
    (_index, _ref, payload) => {
      expect(commitRange(context('push', payload), undefined).skip).toContain('The push deleted');
    },
  );

  it('takes GITHUB_SHA as the head when the payload has no after', () => {
    const range = commitRange(context('push', { before: 'a'.repeat(40) }), undefined);
    expect(range).toMatchObject({ base: 'a'.repeat(40), head: GITHUB_SHA });
  });

  it('with since, compares since with after', () => {
    const payload = {
      ...(created[0] ?? {}),
      ref: 'refs/heads/main',
      before: 'a'.repeat(40),
      after: 'b'.repeat(40),
    };
    expect(commitRange(context('push', payload), 'v1.4.0')).toEqual({
      base: 'v1.4.0',
      head: 'b'.repeat(40),
      origin: 'since v1.4.0',
    });
  });
});

describe.each(['pull_request', 'pull_request_target'])('%s', (eventName) => {
  it.each(pulls.map((payload, index) => [index, payload.action, payload] as const))(
    'example %i (%s) compares base.sha with head.sha and names the pull request',
    (_index, _action, payload) => {
      const pull = payload.pull_request;
      expect(commitRange(context(eventName, payload), undefined)).toEqual({
        base: pull.base.sha,
        head: pull.head.sha,
        origin: `${eventName} #${pull.number}`,
        pullNumber: pull.number,
        // pull_request runs on the test merge (GITHUB_SHA); pull_request_target on the base branch.
        ...(eventName === 'pull_request' ? { mergeCommit: GITHUB_SHA } : {}),
      });
    },
  );

  it('with since, compares since with head.sha, and no longer as a pull request', () => {
    const payload = pulls[0];
    const range = commitRange(context(eventName, payload), 'main');
    expect(range).toEqual({ base: 'main', head: payload?.pull_request.head.sha, origin: 'since main' });
  });
});

describe('merge_group', () => {
  it.each(merges.map((payload, index) => [index, payload] as const))(
    'example %i compares base_sha with head_sha',
    (_index, payload) => {
      expect(commitRange(context('merge_group', payload), undefined)).toEqual({
        base: payload.merge_group.base_sha,
        head: payload.merge_group.head_sha,
        origin: 'merge_group',
      });
    },
  );

  it('with since, compares since with head_sha', () => {
    const payload = merges[0] ?? BUILT_MERGE_GROUP;
    expect(commitRange(context('merge_group', payload), 'v2')).toEqual({
      base: 'v2',
      head: payload.merge_group.head_sha,
      origin: 'since v2',
    });
  });
});

describe('events that name no commits', () => {
  const payloads: [string, unknown][] = [
    ['workflow_dispatch', webhookExamples('workflow_dispatch')[0]],
    ['release', webhookExamples('release')[0]],
    // No example in the package; the documented payload is the cron expression alone.
    ['schedule', { schedule: '30 5 * * 1' }],
  ];

  it.each(payloads)(
    '%s without since is an error that says since is needed and names the event',
    (name, payload) => {
      expect(payload).toBeDefined();
      const message = rangeError(name, payload).message;
      expect(message).toMatch(/^since: /);
      expect(message).toContain(`'${name}'`);
      expect(message).toContain('Set since');
    },
  );

  it.each(payloads)('%s with since compares since with GITHUB_SHA', (name, payload) => {
    expect(commitRange(context(name, payload), 'v1.4.0')).toEqual({
      base: 'v1.4.0',
      head: GITHUB_SHA,
      origin: 'since v1.4.0',
    });
  });

  it('a pull_request payload without SHAs is an error too, not a guess', () => {
    expect(rangeError('pull_request', { number: 3 }).message).toContain("'pull_request'");
  });
});

describe('an event payload that cannot be read', () => {
  const dir = mkdtempSync(join(tmpdir(), 'event-payload-'));
  const fromEnv = (eventName: string, path: string): GithubContext =>
    githubContextFromEnv('', { GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: path, GITHUB_SHA });

  it.each(['push', 'pull_request', 'pull_request_target', 'merge_group'])(
    "is an error for a '%s', naming the event and the path, never a guess",
    (eventName) => {
      const path = join(dir, 'missing.json');
      expect(() => commitRange(fromEnv(eventName, path), undefined)).toThrow(
        `GITHUB_EVENT_PATH: the payload of the '${eventName}' event (GITHUB_EVENT_NAME) cannot be read from ` +
          `${JSON.stringify(path)} (ENOENT)`,
      );
    },
  );

  it('says when GITHUB_EVENT_PATH is empty, or the file is not JSON', () => {
    expect(() => commitRange(fromEnv('push', ''), undefined)).toThrow(
      "the payload of the 'push' event (GITHUB_EVENT_NAME) cannot be read: GITHUB_EVENT_PATH is empty",
    );
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"before": ');
    expect(() => commitRange(fromEnv('push', broken), undefined)).toThrow(
      `cannot be read from ${JSON.stringify(broken)}: it is not JSON`,
    );
    rmSync(dir, { recursive: true, force: true });
  });

  it('is not needed with since, which compares with GITHUB_SHA', () => {
    expect(commitRange(fromEnv('push', join(dir, 'missing.json')), 'v1.0.0')).toMatchObject({
      base: 'v1.0.0',
      head: GITHUB_SHA,
    });
  });

  it("refuses a push payload without 'before'", () => {
    expect(() => commitRange(context('push', { after: GITHUB_SHA }), undefined)).toThrow(
      "GITHUB_EVENT_PATH: the 'push' event's payload has no 'before' commit",
    );
  });
});

describe('isEnvironment', () => {
  it("matches a host's production as it writes it, never a name that only starts the same", () => {
    for (const name of [
      'Production',
      'production',
      ' PRODUCTION ',
      'Production – my-site',
      'production - eu',
    ])
      expect(isEnvironment(name, 'production'), name).toBe(true);
    for (const name of [
      'production-preview',
      'Production-staging',
      'production:eu-preview',
      'Preview',
      'prod',
    ])
      expect(isEnvironment(name, 'production'), name).toBe(false);
  });
});
