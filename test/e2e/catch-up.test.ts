/**
 * No image left behind, through the built action: real repositories in temporary folders, the API emulator, and a
 * stand-in of GitHub's REST API that keeps the commit statuses across runs, as GitHub does between the runs of a
 * workflow. A green run records its head fresh; the next run on the branch catches up what failed, cancelled or
 * skipped runs left; a deploy done by anything invalidates what changed since the last commit recorded fresh.
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import {
  createOrigin,
  pushPayload,
  setAt,
  webhookExample,
  writeEvent,
  type GitRepo,
  type Origin,
  type Sha,
} from '../support/git-repo.ts';
import { startGithubStandIn, type GithubStandIn } from '../support/github-stand-in.ts';
import { runnerCommands } from '../support/runner-commands.ts';
import { runAction, WORKFLOW_TOKEN, type ActionRun } from '../support/runner.ts';

const emulator = useEmulator();
const REPOSITORY = 'octo-org/octo-repo';
const URL_MAP = 'public/images => https://www.example.com/images';
const CONTEXT = 'image-cache-invalidate/site';
const image = (name: string): string => `https://www.example.com/images/${name}`;

let origin: Origin;
let github: GithubStandIn;
let edits = 0;
beforeEach(async () => {
  origin = createOrigin('catch-up-');
  github = await startGithubStandIn(REPOSITORY, origin.bare);
});
afterEach(async () => {
  origin.dispose();
  await github.close();
});

/** Commits a change to each image and pushes it to main. */
function commitImages(...names: string[]): Sha {
  for (const name of names) origin.work.write(`public/images/${name}`, `${name}, edit ${++edits}\n`);
  const sha = origin.work.commit(`change ${names.join(', ')}`);
  origin.work.push('main');
  return sha;
}

interface RunOptions {
  readonly with?: Record<string, string>;
  readonly env?: Record<string, string>;
  /** The checkout: by default a depth-1 clone of main, as actions/checkout makes it. */
  readonly checkout?: GitRepo;
  readonly started?: (child: ChildProcess) => void;
}

/** The action as a workflow step runs it: in GitHub Actions, with a run URL, against the stand-in. */
function runOn(event: string, payload: unknown, sha: Sha, options: RunOptions = {}): Promise<ActionRun> {
  return runAction(
    {
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      'url-map': URL_MAP,
      'status-context': CONTEXT,
      'max-retries': '0',
      ...options.with,
    },
    {
      GITHUB_ACTIONS: 'true',
      GITHUB_EVENT_NAME: event,
      GITHUB_EVENT_PATH: writeEvent(origin.root, payload, `${event}-${++edits}.json`),
      GITHUB_WORKSPACE: (options.checkout ?? origin.clone({ depth: 1 })).dir,
      GITHUB_SHA: sha,
      GITHUB_REPOSITORY: REPOSITORY,
      GITHUB_API_URL: github.url,
      GITHUB_SERVER_URL: 'https://github.example',
      GITHUB_RUN_ID: '4242',
      ...options.env,
    },
    options.started,
  );
}

function push(before: Sha, after: Sha, options: RunOptions = {}): Promise<ActionRun> {
  return runOn('push', pushPayload(before, after), after, options);
}

/** The images the emulator was asked to invalidate, in any order. */
const invalidated = (): string[] => [...emulator().invalidated.assets].sort();

const annotations = (run: ActionRun, kind: string): string[] =>
  runnerCommands(run.stdout)
    .filter((command) => command.name === kind)
    .map((command) => command.data);

describe('the record', () => {
  it('a green push run sets a success status on its head: the context, the count and the run', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    const run = await push(base, head);
    expect(run.exitCode).toBe(0);
    const [status, ...others] = github.statusesOf(head);
    expect(others).toEqual([]);
    expect(status).toMatchObject({
      state: 'success',
      context: CONTEXT,
      description: 'Images fresh: 1 image invalidated',
      target_url: `https://github.example/${REPOSITORY}/actions/runs/4242`,
    });
    const post = github.requests.find((request) => request.method === 'POST');
    expect(post?.headers.authorization).toBe(`token ${WORKFLOW_TOKEN}`);
  });

  it('a failed run records nothing', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    emulator().inject('invalidate/assets', { status: 500 });
    const run = await push(base, head);
    expect(run.exitCode).not.toBe(0);
    expect(github.statusesOf(head)).toEqual([]);
  });

  it('a dry run records nothing', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    const run = await push(base, head, { with: { 'dry-run': 'true' } });
    expect(run.exitCode).toBe(0);
    expect(github.statusesOf(head)).toEqual([]);
  });

  it('without statuses permission (403): one warning naming the permission line, and the run stays green', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    github.statusesForbidden = true;
    const run = await push(base, head);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('b.png')]);
    const warnings = annotations(run, 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('permissions: statuses: write');
    const shown = run.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::'));
    expect(shown.join('\n')).not.toContain(WORKFLOW_TOKEN);
  });

  it('a GitHub API that never answers holds the run no longer than timeout-seconds per request', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    github.statusesHang = true;
    const run = await push(base, head, { with: { 'timeout-seconds': '1' } });
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('b.png')]);
    expect(annotations(run, 'notice').join('\n')).toContain('no answer within 1 s');
    // One read, stopped at its bound; no write: a run that could not look for the record does not replace it.
    expect(github.statusRequests()).toHaveLength(1);
  });

  it('the default context names the target, not the event: two url-maps keep apart, two events share one', async () => {
    commitImages('a.png');
    const head = commitImages('b.png');
    const otherMap = 'public/images => https://cdn.example.org/pictures';
    const dispatch = webhookExample('workflow_dispatch');
    for (const run of [
      await push(head, head, { with: { 'status-context': '' } }),
      await runOn('workflow_dispatch', dispatch, head, { with: { 'status-context': '', since: head } }),
      await push(head, head, { with: { 'status-context': '', 'url-map': otherMap } }),
    ])
      expect(run.exitCode).toBe(0);
    const contexts = github.statusesOf(head).map((status) => status.context);
    expect(contexts).toHaveLength(3);
    expect(new Set(contexts).size).toBe(2);
    for (const context of contexts) expect(context).toMatch(/^image-cache-invalidate\/[0-9a-f]{8}$/);
    expect(contexts[2]).toBe(contexts[1]); // newest first: the dispatch and the first push share one
  });
});

describe('bad input', () => {
  it('catch-up and status-context are refused before anything is sent, naming the input and the value', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    const run = await push(base, head, { with: { 'catch-up': 'yes', 'status-context': 'two\nlines' } });
    expect(run.exitCode).not.toBe(0);
    expect(run.stdout).toContain('catch-up: "yes" is not a boolean; use true or false.');
    expect(run.stdout).toContain('status-context: "two\\nlines" is not allowed; give one line');
    expect(emulator().requests).toEqual([]);
    expect(github.requests).toEqual([]);
  });
});

describe('catch-up on a branch', () => {
  it('A fails, then B: B invalidates A images too, and says from where', async () => {
    const fresh = commitImages('x.png');
    github.record(fresh, CONTEXT);
    const a = commitImages('a.png');
    emulator().inject('invalidate/assets', { status: 500 });
    expect((await push(fresh, a)).exitCode).not.toBe(0);
    emulator().reset();
    const b = commitImages('b.png');
    const run = await push(a, b);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
    const since = `catching up 1 commit since ${fresh.slice(0, 7)}, the last commit recorded fresh`;
    expect(run.stdout).toContain(since);
    expect(run.summary).toContain(since);
    expect(github.statusesOf(b, CONTEXT)).toHaveLength(1);
  });

  it('A fails, then B cannot read the statuses: B records nothing, so C still catches up A images', async () => {
    const fresh = commitImages('x.png');
    github.record(fresh, CONTEXT);
    const a = commitImages('a.png');
    emulator().inject('invalidate/assets', { status: 500 });
    expect((await push(fresh, a)).exitCode).not.toBe(0);
    emulator().reset();
    const b = commitImages('b.png');
    github.statusesHang = true;
    const blind = await push(a, b, { with: { 'timeout-seconds': '1' } });
    expect(blind.exitCode).toBe(0);
    expect(blind.stdout).toContain('not recorded fresh');
    github.statusesHang = false;
    expect(github.statusesOf(b, CONTEXT)).toEqual([]);
    emulator().reset();
    const c = commitImages('c.png');
    expect((await push(b, c)).exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png'), image('c.png')]);
  });

  it('B cannot read the statuses and fails: it says the next green run catches its images up, once, plainly', async () => {
    const fresh = commitImages('x.png');
    github.record(fresh, CONTEXT);
    const b = commitImages('b.png');
    github.statusesHang = true;
    emulator().inject('invalidate/assets', { status: 500 });
    const run = await push(fresh, b, { with: { 'timeout-seconds': '1' } });
    github.statusesHang = false;
    expect(run.exitCode).not.toBe(0);
    expect(run.stdout).toContain('The next green run on this branch invalidates them too');
    expect(run.stdout).not.toContain('no later run will');
    expect(run.stdout).not.toContain('catch-up it could not');
    expect(run.stdout).toMatch(/is not recorded fresh: catch-up could not read the records \(/);
  });

  it('A cancelled, then B: B invalidates A images too', async () => {
    const fresh = commitImages('x.png');
    github.record(fresh, CONTEXT);
    const a = commitImages('a.png');
    emulator().inject('invalidate/assets', { hang: true });
    const cancelled = await push(fresh, a, {
      started: (child) => {
        const timer = setInterval(() => {
          if (emulator().inFlight > 0) {
            clearInterval(timer);
            child.kill('SIGINT');
          }
        }, 10);
        child.once('exit', () => {
          clearInterval(timer);
        });
      },
    });
    expect(cancelled.exitCode).not.toBe(0);
    expect(github.statusesOf(a)).toEqual([]);
    expect(cancelled.stdout).toContain(
      'Left stale, not confirmed: 1 image. The next green run on this branch',
    );
    expect(cancelled.summary).toContain('### Left stale');
    emulator().reset();
    const b = commitImages('b.png');
    expect((await push(a, b)).exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
  });

  it('A skipped by a paths filter (no run at all), then B: B invalidates A images too', async () => {
    const fresh = commitImages('x.png');
    expect((await push(fresh, fresh)).exitCode).toBe(0); // a green run records x
    emulator().reset();
    const a = commitImages('a.png');
    const b = commitImages('b.png');
    const run = await push(a, b);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
  });

  it('three pushes where the middle run never ran: the third catches up the middle one, not more', async () => {
    commitImages('x.png');
    github.record(commitImages('one.png'), CONTEXT);
    const second = commitImages('two.png');
    const third = commitImages('three.png');
    const run = await push(second, third);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('three.png'), image('two.png')]);
  });

  it('with the event base recorded fresh, compares with it as before, with one status request', async () => {
    const base = commitImages('a.png');
    github.record(base, CONTEXT);
    const head = commitImages('b.png');
    const run = await push(base, head);
    expect(invalidated()).toEqual([image('b.png')]);
    expect(github.statusRequests().filter((request) => request.method === 'GET')).toHaveLength(1);
    expect(run.stdout).not.toContain('catching up');
  });

  it('a force-push: the recorded commit is not an ancestor, so the event base, with a notice saying why', async () => {
    commitImages('x.png');
    const old = commitImages('a.png');
    github.record(old, CONTEXT);
    origin.work.git('reset', '--quiet', '--hard', 'HEAD~1');
    const rewritten = commitImages('b.png'); // pushed with --force over a.png's commit
    const run = await push(old, rewritten);
    expect(run.exitCode).toBe(0);
    expect(annotations(run, 'notice').join('\n')).toMatch(/is not an ancestor of .* force-pushed/);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]); // old..rewritten, as without catch-up
  });

  it('catch-up: false compares with the event base alone', async () => {
    const fresh = commitImages('x.png');
    github.record(fresh, CONTEXT);
    const a = commitImages('a.png');
    const b = commitImages('b.png');
    const run = await push(a, b, { with: { 'catch-up': 'false' } });
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('b.png')]);
    // Neither read nor written: a record claims every image up to its commit fresh, which a run that did not
    // compare with the last record cannot say (an earlier failed run's images would be hidden from later runs).
    expect(github.statusRequests()).toEqual([]);
  });

  it('an explicit since wins over the record on a manual dispatch (the on-demand recipe)', async () => {
    const old = commitImages('x.png');
    const a = commitImages('a.png');
    github.record(a, CONTEXT);
    const head = commitImages('b.png');
    const run = await runOn('workflow_dispatch', webhookExample('workflow_dispatch'), head, {
      with: { since: old },
    });
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
  });

  it('an explicit since wins over the record on a push', async () => {
    const fresh = commitImages('x.png');
    github.record(fresh, CONTEXT);
    const a = commitImages('a.png');
    const b = commitImages('b.png');
    const run = await push(a, b, { with: { since: a } });
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('b.png')]);
  });

  it('A records, then 120 statuses of other contexts on its commit, C fails: B catches up from A, not further back', async () => {
    const fresh = commitImages('x.png');
    github.record(fresh, CONTEXT);
    const a = commitImages('a.png');
    expect((await push(fresh, a)).exitCode).toBe(0); // A's run records A
    expect(github.statusesOf(a, CONTEXT)).toHaveLength(1);
    for (let i = 0; i < 120; i++) github.record(a, `ci/matrix-${i}`, i % 3 === 0 ? 'failure' : 'success');
    const c = commitImages('c.png');
    emulator().inject('invalidate/assets', { status: 500 });
    expect((await push(a, c)).exitCode).not.toBe(0);
    emulator().reset();
    const b = commitImages('b.png');
    const run = await push(c, b);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('b.png'), image('c.png')]); // not a.png again
    const since = `catching up 1 commit since ${a.slice(0, 7)}, the last commit recorded fresh`;
    expect(run.stdout).toContain(since);
    expect(run.summary).toContain(since);
    expect(run.stdout).not.toContain(fresh.slice(0, 7));
    expect(github.statusesOf(b, CONTEXT)).toHaveLength(1);
  });
});

describe('a failed run names what it left', () => {
  it('each image not confirmed, in the log, failed-file and the summary, and that the next run catches it up', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png', 'c.png');
    emulator().inject('invalidate/assets', { status: 500 });
    const run = await push(base, head);
    expect(run.exitCode).not.toBe(0);
    const left = [image('b.png'), image('c.png')];
    expect(run.stdout).toContain('Left stale, not confirmed: 2 images. The next green run on this branch');
    for (const url of left) expect(run.stdout).toContain(`  ${url}\n`);
    expect((JSON.parse(run.lists['failed-file'] ?? '[]') as string[]).sort()).toEqual(left);
    expect(run.summary).toContain('### Left stale');
    for (const url of left) expect(run.summary).toContain(url);
  });

  it('where no later run catches up (catch-up: false), says a re-run of this job is the way', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    emulator().inject('invalidate/assets', { status: 500 });
    const run = await push(base, head, { with: { 'catch-up': 'false' } });
    expect(run.exitCode).not.toBe(0);
    expect(run.stdout).toContain('Left stale, not confirmed: 1 image. A re-run of this job invalidates them');
  });
});

describe('after a deploy done by anything', () => {
  function deploymentStatus(sha: Sha, state: string): Record<string, unknown> {
    const payload = webhookExample('deployment_status');
    setAt(payload, ['deployment', 'sha'], sha);
    setAt(payload, ['deployment_status', 'state'], state);
    return payload;
  }

  it('deployment_status success: exactly the images changed since the last commit recorded fresh', async () => {
    const fresh = commitImages('x.png');
    github.record(fresh, CONTEXT);
    commitImages('a.png');
    const deployed = commitImages('b.png');
    const run = await runOn('deployment_status', deploymentStatus(deployed, 'success'), deployed);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
    expect(github.statusesOf(deployed, CONTEXT)).toHaveLength(1);
  });

  it('deployment_status failure: green, with a notice that nothing was done', async () => {
    const deployed = commitImages('a.png');
    const run = await runOn('deployment_status', deploymentStatus(deployed, 'failure'), deployed);
    expect(run.exitCode).toBe(0);
    expect(annotations(run, 'notice').join('\n')).toContain(
      'nothing was deployed, so nothing is invalidated',
    );
    expect(emulator().requests).toEqual([]);
    expect(github.statusesOf(deployed)).toEqual([]);
  });

  it('workflow_run with GITHUB_SHA past the deployed commit: the deployed commit, never GITHUB_SHA', async () => {
    const fresh = commitImages('x.png');
    github.record(fresh, CONTEXT);
    const deployed = commitImages('a.png');
    const tip = commitImages('later.png'); // not deployed yet: its image must stay as it is
    const checkout = origin.clone({ depth: 1 });
    checkout.git('fetch', '--quiet', '--depth=1', 'origin', deployed);
    checkout.git('checkout', '--quiet', deployed);
    const payload = webhookExample('workflow_run');
    setAt(payload, ['workflow_run', 'head_sha'], deployed);
    setAt(payload, ['workflow_run', 'conclusion'], 'success');
    const run = await runOn('workflow_run', payload, tip, { checkout });
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png')]);
    expect(github.statusesOf(deployed, CONTEXT)).toHaveLength(1);
    expect(github.statusesOf(tip)).toEqual([]);
  });

  it('workflow_run from a fork (its head repository is not this one): skipped with a notice, nothing fetched, sent or recorded', async () => {
    const fresh = commitImages('x.png');
    github.record(fresh, CONTEXT);
    const forked = commitImages('a.png');
    const payload = webhookExample('workflow_run');
    setAt(payload, ['workflow_run', 'head_sha'], forked);
    setAt(payload, ['workflow_run', 'conclusion'], 'success');
    setAt(payload, ['workflow_run', 'event'], 'pull_request');
    setAt(payload, ['workflow_run', 'head_repository', 'full_name'], 'mallory/octo-repo');
    const checkout = origin.clone({ depth: 1 });
    checkout.git('fetch', '--quiet', '--depth=1', 'origin', forked);
    checkout.git('checkout', '--quiet', forked);
    const run = await runOn('workflow_run', payload, forked, { checkout, with: { since: fresh } });
    expect(run.exitCode).toBe(0);
    expect(annotations(run, 'notice').join('\n')).toContain(
      'The workflow run came from "mallory/octo-repo", a fork, not from "octo-org/octo-repo"',
    );
    expect(emulator().requests).toEqual([]);
    expect(github.requests).toEqual([]);
    expect(github.statusesOf(forked)).toEqual([]);
  });

  it('workflow_run from a deleted fork (no head repository): skipped the same way, nothing sent', async () => {
    const forked = commitImages('a.png');
    const payload = webhookExample('workflow_run');
    setAt(payload, ['workflow_run', 'head_sha'], forked);
    setAt(payload, ['workflow_run', 'conclusion'], 'success');
    setAt(payload, ['workflow_run', 'head_repository'], null);
    const run = await runOn('workflow_run', payload, forked);
    expect(run.exitCode).toBe(0);
    expect(annotations(run, 'notice').join('\n')).toContain(
      'The workflow run came from a deleted fork, not from "octo-org/octo-repo"',
    );
    expect(emulator().requests).toEqual([]);
    expect(github.statusesOf(forked)).toEqual([]);
  });

  it('workflow_run whose checkout is not the deployed commit: a clear error, nothing sent', async () => {
    const deployed = commitImages('a.png');
    const tip = commitImages('later.png');
    const payload = webhookExample('workflow_run');
    setAt(payload, ['workflow_run', 'head_sha'], deployed);
    setAt(payload, ['workflow_run', 'conclusion'], 'success');
    const run = await runOn('workflow_run', payload, tip);
    expect(run.exitCode).not.toBe(0);
    expect(run.stdout).toContain('ref: ${{ github.event.workflow_run.head_sha }}');
    expect(emulator().requests).toEqual([]);
  });

  it('a Vercel repository_dispatch (vercel.deployment.success): the commit of client_payload.git.sha', async () => {
    const fresh = commitImages('x.png');
    github.record(fresh, CONTEXT);
    const deployed = commitImages('a.png');
    const payload = {
      action: 'vercel.deployment.success',
      client_payload: {
        environment: 'production',
        url: 'https://site-abc123.vercel.app',
        git: { sha: deployed, ref: 'main', shortSha: deployed.slice(0, 7) },
      },
    };
    const run = await runOn('repository_dispatch', payload, deployed);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png')]);
  });

  it('a first run after a deploy (nothing recorded): the deployed commit against its parent, said in the log', async () => {
    commitImages('x.png');
    const deployed = commitImages('a.png');
    const run = await runOn('deployment_status', deploymentStatus(deployed, 'success'), deployed);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png')]);
    expect(run.stdout).toContain(`comparing with ${deployed.slice(0, 7)}'s parent`);
  });
});

describe('since on a depth-1 checkout', () => {
  it.each(['HEAD~1', 'a short SHA'])('since: %s resolves, deepening the checkout', async (form) => {
    const older = commitImages('a.png');
    const previous = commitImages('b.png');
    const head = commitImages('c.png');
    const since = form === 'HEAD~1' ? 'HEAD~1' : previous.slice(0, 7);
    const run = await push(older, head, { with: { since, 'catch-up': 'false' } });
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('c.png')]);
    expect(run.stdout).not.toContain('the GitHub API');
  });

  it('HEAD~N past the deepening bound fails, saying what to set', async () => {
    commitImages('a.png');
    const head = commitImages('b.png');
    const run = await push(head, head, { with: { since: 'HEAD~5000', 'catch-up': 'false' } });
    expect(run.exitCode).not.toBe(0);
    expect(run.stdout).toContain('since: "HEAD~5000" names no commit of the checkout');
    expect(run.stdout).toContain('fetch-depth: 0');
    expect(emulator().requests).toEqual([]);
  });
});
