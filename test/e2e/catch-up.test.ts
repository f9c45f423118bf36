/**
 * No image left behind, through the built action: real repositories in temporary folders, the API emulator, and a
 * stand-in of GitHub's REST API that keeps the deployments (the targets' records) across runs, as GitHub does
 * between the runs of a workflow. A green run records its head fresh on its target; a failed one records what it
 * owes; the next run covers both; a deploy done by anything invalidates what changed since the last fresh state.
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
import { legacyRecordName } from '../../src/settings/record-name.ts';
import { parseUrlMap } from '../../src/settings/url-map.ts';
import { provenPayload } from '../support/proven-record.ts';
import { provenBody, recordProof } from '../../src/domain/record-proof.ts';

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
      'record-name': CONTEXT,
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

/** Records the commit fresh on the target, as an earlier green run would have. */
const recordFresh = (sha: Sha, key = ROOT_KEY): void =>
  void github.recordDeployment(
    { sha, environment: CONTEXT, payload: provenPayload(CONTEXT, sha, 'success', undefined, key) },
    'success',
  );

/** x.png's commit recorded fresh, then a.png's pushed by a run that failed: what the next run owes. */
async function failedRunAfterFresh(): Promise<{ fresh: Sha; a: Sha }> {
  const fresh = commitImages('x.png');
  recordFresh(fresh);
  const a = commitImages('a.png');
  emulator().inject('invalidate/assets', { status: 500 });
  expect((await push(fresh, a)).exitCode).not.toBe(0);
  emulator().reset();
  return { fresh, a };
}

/**
 * x.png's commit fresh and a.png's owed, as an earlier version recorded it on `environment`: no proof, created by the
 * Actions bot. Returns a.png's commit.
 */
function earlierVersionOwing(environment: string): Sha {
  const fresh = commitImages('x.png');
  const a = commitImages('a.png');
  github.recordDeployment(
    {
      sha: a,
      environment,
      payload: { 'image-cache-invalidate': { fresh, owed: [[fresh, a]], failedRuns: 1 } },
    },
    'failure',
  );
  return a;
}

/** The target's records of a commit, newest first. */
const recordsOf = (sha: Sha) => github.deploymentsOf(CONTEXT).filter((deployment) => deployment.sha === sha);

/** The newest state of a record, as its writer set it. */
const stateOf = (id: number): string | undefined => github.statusesOfDeployment(id)[0]?.state;

/** The requests to the deployments endpoints, in order. */
const recordRequests = () => github.requests.filter((request) => /\/deployments(\/|\?|$)/.test(request.url));

const annotations = (run: ActionRun, kind: string): string[] =>
  runnerCommands(run.stdout)
    .filter((command) => command.name === kind)
    .map((command) => command.data);

describe('the record', () => {
  it('a green push run records its head fresh on the target: a deployment, its success, the count and the run', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    const run = await push(base, head);
    expect(run.exitCode).toBe(0);
    const [record, ...others] = recordsOf(head);
    expect(others).toEqual([]);
    expect(record).toMatchObject({ environment: CONTEXT, task: 'image-cache-invalidate' });
    expect(github.statusesOfDeployment(record?.id ?? 0)).toMatchObject([
      {
        state: 'success',
        description: 'Images fresh: 1 image invalidated',
        log_url: `https://github.example/${REPOSITORY}/actions/runs/4242`,
      },
    ]);
    const post = github.requests.find((request) => request.method === 'POST');
    expect(post?.headers.authorization).toBe(`token ${WORKFLOW_TOKEN}`);
    expect(run.summary).toContain(`**Record:** \`${head.slice(0, 7)}\` recorded fresh on '${CONTEXT}'.`);
  });

  it('a failed run records what it owes: a failure, its span of commits in the payload', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    emulator().inject('invalidate/assets', { status: 500 });
    const run = await push(base, head);
    expect(run.exitCode).not.toBe(0);
    const [record] = recordsOf(head);
    expect(stateOf(record?.id ?? 0)).toBe('failure');
    expect(record?.payload).toEqual({
      'image-cache-invalidate': {
        fresh: null,
        owed: [[base, head]],
        failedRuns: 1,
        state: 'failure',
        key: expect.stringMatching(/^[0-9a-f]{16}$/) as unknown,
        mac: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
      },
    });
    expect(JSON.stringify(record?.payload)).not.toContain(ROOT_KEY);
  });

  it('a dry run records nothing', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    const run = await push(base, head, { with: { 'dry-run': 'true' } });
    expect(run.exitCode).toBe(0);
    expect(recordsOf(head)).toEqual([]);
  });

  it('a dry run without api-key reads no record and raises no warning: it says so in a line', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    const run = await push(base, head, { with: { 'dry-run': 'true', 'api-key': '' } });
    expect(run.exitCode).toBe(0);
    expect(annotations(run, 'warning')).toEqual([]);
    expect(run.stdout).toContain('Catch-up: no record is read without an api-key (a dry run)');
    expect(recordRequests()).toEqual([]);
  });

  it('without deployments permission (403): one warning naming the permission line, in the summary too, and green', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    github.deploymentsForbidden = 'all';
    const run = await push(base, head);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('b.png')]);
    const warnings = annotations(run, 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('Catch-up is off for this run');
    expect(warnings[0]).toContain('permissions: { contents: read, deployments: write }');
    expect(run.summary).toContain(
      '**Record:** none written, so the next run cannot know what this one did: catch-up is off',
    );
    // A code span GitHub renders as code, not escaped into plain text between literal backticks.
    expect(run.summary).toContain('`permissions: { contents: read, deployments: write }`');
    const shown = run.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::'));
    expect(shown.join('\n')).not.toContain(WORKFLOW_TOKEN);
  });

  it('a failed run whose record is refused never says its images were invalidated when none was', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    github.deploymentsForbidden = 'write';
    emulator().inject('invalidate/assets', { status: 500 });
    const run = await push(base, head);
    expect(run.exitCode).not.toBe(0);
    expect(run.stdout).not.toContain('invalidated all the same');
    expect(run.stdout).toContain('none of its images was invalidated');
  });

  it('a GitHub API that never answers holds the run no longer than timeout-seconds per request', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    github.deploymentsHang = true;
    const run = await push(base, head, { with: { 'timeout-seconds': '1' } });
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('b.png')]);
    expect(annotations(run, 'warning').join('\n')).toContain('no answer within 1 s');
    // One read, stopped at its bound; no write: a run that could not read the record does not replace it.
    expect(recordRequests()).toHaveLength(1);
  });

  it('the default name is the target, not the event: two site hosts keep apart, two events share one', async () => {
    commitImages('a.png');
    const head = commitImages('b.png');
    const otherMap = 'public/images => https://cdn.example.org/pictures';
    const dispatch = webhookExample('workflow_dispatch');
    for (const run of [
      await push(head, head, { with: { 'record-name': '' } }),
      await runOn('workflow_dispatch', dispatch, head, { with: { 'record-name': '', since: head } }),
      await push(head, head, { with: { 'record-name': '', 'url-map': otherMap } }),
    ])
      expect(run.exitCode).toBe(0);
    const names = github
      .deploymentsOf()
      .filter((record) => record.sha === head)
      .map((record) => record.environment);
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(2);
    for (const name of names)
      expect(name).toMatch(/^Image cache record – (www\.example\.com|cdn\.example\.org) – /);
    expect(names[2]).toBe(names[1]); // newest first: the dispatch and the first push share one
  });
});

describe('a target is the service, the deploy environment and the site host, not the text of url-map', () => {
  const DEFAULT_NAME = { 'record-name': '' };
  const wrongMap = 'public/img => https://www.example.com/images';
  /** The record's default name, as the Environments list shows it. */
  const readableName = (): string =>
    `Image cache record – www.example.com – production – svc at ${new URL(emulator().url).host}`;

  it('a fix of url-map that keeps the host keeps the record and what it owes, skipped images included', async () => {
    const base = commitImages('x.png');
    const head = commitImages('a.png');
    const wrong = await push(base, head, { with: { ...DEFAULT_NAME, 'url-map': wrongMap } });
    expect(wrong.exitCode).toBe(0);
    expect(invalidated()).toEqual([]);
    emulator().reset();
    const next = commitImages('b.png');
    const fixed = await push(head, next, { with: DEFAULT_NAME });
    expect(fixed.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
    expect(new Set(github.deploymentsOf().map((record) => record.environment))).toEqual(
      new Set([readableName()]),
    );
  });

  it('names its record so that a person reads it: the image cache, the site and the environment', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    expect((await push(base, head, { with: DEFAULT_NAME })).exitCode).toBe(0);
    expect(github.deploymentsOf().map((record) => record.environment)).toEqual([readableName()]);
  });

  it('record-name names it; status-context still does, with a deprecation warning', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    const named = await push(base, head, { with: { 'record-name': 'Images of the shop' } });
    expect(named.exitCode).toBe(0);
    expect(annotations(named, 'warning')).toEqual([]);
    const old = await push(base, head, {
      with: { 'record-name': '', 'status-context': 'Images, the old way' },
    });
    expect(old.exitCode).toBe(0);
    expect(annotations(old, 'warning').join('\n')).toContain(
      'status-context is deprecated: it is now record-name',
    );
    expect(github.deploymentsOf().map((record) => record.environment)).toEqual([
      'Images, the old way',
      'Images of the shop',
    ]);
  });

  it('a record under the old name (a digest of url-map) is carried over once, what it owes included', async () => {
    const oldName = legacyRecordName(
      new URL(`${emulator().url}/api/svc/v2/cache`),
      parseUrlMap(URL_MAP),
      'production',
    );
    const a = earlierVersionOwing(oldName);
    const b = commitImages('b.png');
    const run = await push(a, b, { with: DEFAULT_NAME });
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
    expect(annotations(run, 'notice').join('\n')).toContain(`carried over from '${oldName}'`);
    expect(github.deploymentsOf(readableName()).map((record) => record.sha)).toEqual([b]);
    emulator().reset();
    const c = commitImages('c.png');
    const after = await push(b, c, { with: DEFAULT_NAME });
    expect(invalidated()).toEqual([image('c.png')]);
    expect(after.stdout).not.toContain('carried over');
  });
});

describe('a name given, kept from an earlier version', () => {
  it('carries over the earlier, unproved record on that name once, what it owes included', async () => {
    // On the name status-context gave.
    const a = earlierVersionOwing(CONTEXT);
    const b = commitImages('b.png');
    const run = await push(a, b);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
    expect(annotations(run, 'notice').join('\n')).toContain(
      `the record an earlier version wrote on '${CONTEXT}', which carries no proof, was carried over once`,
    );
    emulator().reset();
    const c = commitImages('c.png');
    const after = await push(b, c);
    expect(invalidated()).toEqual([image('c.png')]);
    expect(after.stdout).not.toContain('carried over');
  });

  it('an unproved record saying the head is fresh takes nothing away: the push is compared as a first run would', async () => {
    // Any workflow's GITHUB_TOKEN writes as the Actions bot: an unproved record is carried over, never trusted.
    const a = commitImages('a.png');
    const b = commitImages('b.png');
    github.recordDeployment(
      { sha: b, environment: CONTEXT, payload: { 'image-cache-invalidate': { fresh: b } } },
      'success',
    );
    const run = await push(a, b);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('b.png')]);
  });
});

describe('bad input', () => {
  it('catch-up and record-name are refused before anything is sent, naming the input and the value', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    const run = await push(base, head, { with: { 'catch-up': 'yes', 'record-name': 'two\nlines' } });
    expect(run.exitCode).not.toBe(0);
    expect(run.stdout).toContain('catch-up: "yes" is not a boolean; use true or false.');
    expect(run.stdout).toContain('record-name: "two\\nlines" is not allowed; give one line');
    expect(emulator().requests).toEqual([]);
    expect(github.requests).toEqual([]);
  });
});

describe('catch-up on a branch', () => {
  it('A fails, then B: B invalidates A images too, and says from where', async () => {
    const fresh = commitImages('x.png');
    recordFresh(fresh);
    const a = commitImages('a.png');
    emulator().inject('invalidate/assets', { status: 500 });
    expect((await push(fresh, a)).exitCode).not.toBe(0);
    emulator().reset();
    const b = commitImages('b.png');
    const run = await push(a, b);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
    expect(run.stdout).toContain(
      `Catch-up: comparing 2 spans of commits up to ${b.slice(0, 7)} (last made fresh for ${fresh.slice(0, 7)}; ` +
        '1 of them left by 1 run that did not end green).',
    );
    expect(recordsOf(b)).toHaveLength(1);
  });

  it('A fails, then B cannot read the record: B records nothing, so C still catches up A images', async () => {
    const fresh = commitImages('x.png');
    recordFresh(fresh);
    const a = commitImages('a.png');
    emulator().inject('invalidate/assets', { status: 500 });
    expect((await push(fresh, a)).exitCode).not.toBe(0);
    emulator().reset();
    const b = commitImages('b.png');
    github.deploymentsHang = true;
    const blind = await push(a, b, { with: { 'timeout-seconds': '1' } });
    expect(blind.exitCode).toBe(0);
    expect(blind.stdout).toContain('Catch-up is off for this run');
    github.deploymentsHang = false;
    expect(recordsOf(b)).toEqual([]);
    emulator().reset();
    const c = commitImages('c.png');
    expect((await push(b, c)).exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png'), image('c.png')]);
  });

  it('B cannot read the record and fails: it says a re-run is the way, never a catch-up that cannot come', async () => {
    const fresh = commitImages('x.png');
    recordFresh(fresh);
    const b = commitImages('b.png');
    github.deploymentsHang = true;
    emulator().inject('invalidate/assets', { status: 500 });
    const run = await push(fresh, b, { with: { 'timeout-seconds': '1' } });
    github.deploymentsHang = false;
    expect(run.exitCode).not.toBe(0);
    expect(run.stdout).toContain(
      'Left stale, not confirmed: 1 image. A re-run of this job invalidates them; no later run will, since ' +
        'catch-up is off for this run (no answer within 1 s)',
    );
    expect(run.stdout).not.toContain('next run');
  });

  it('A cancelled, then B: B invalidates A images too', async () => {
    const fresh = commitImages('x.png');
    recordFresh(fresh);
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
    expect(stateOf(recordsOf(a)[0]?.id ?? 0)).toBe('failure');
    expect(cancelled.stdout).toContain(
      `Left stale, not confirmed: 1 image. The next run on this target invalidates them too: the record ('${CONTEXT}')`,
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
    recordFresh(commitImages('one.png'));
    const second = commitImages('two.png');
    const third = commitImages('three.png');
    const run = await push(second, third);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('three.png'), image('two.png')]);
  });

  it('with the event base recorded fresh, compares with it as before, reading the record in one request', async () => {
    const base = commitImages('a.png');
    recordFresh(base);
    const head = commitImages('b.png');
    const run = await push(base, head);
    expect(invalidated()).toEqual([image('b.png')]);
    // The target's newest deployments: the newest proves its state itself.
    expect(github.requests.filter((request) => request.method === 'GET')).toHaveLength(1);
    expect(run.stdout).toContain(
      `Catch-up: comparing 1 span of commits up to ${head.slice(0, 7)} (last made fresh for ${base.slice(0, 7)}).`,
    );
  });

  it('a force-push: compared with the recorded commit all the same, whatever the ancestry', async () => {
    commitImages('x.png');
    const old = commitImages('a.png');
    recordFresh(old);
    origin.work.git('reset', '--quiet', '--hard', 'HEAD~1');
    const rewritten = commitImages('b.png'); // pushed with --force over a.png's commit
    const run = await push(old, rewritten);
    expect(run.exitCode).toBe(0);
    // a.png is gone from the site, b.png is new: both differ between the recorded commit and the head.
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
  });

  it('a forced push compares its before with the head too: what the dropped commits deployed is invalidated', async () => {
    const fresh = commitImages('x.png');
    recordFresh(fresh);
    const dropped = commitImages('a.png'); // deployed by the host, no run of the action recorded it
    origin.work.git('reset', '--quiet', '--hard', fresh);
    const forced = commitImages('f.png'); // pushed with --force over a.png's commit
    const payload = pushPayload(dropped, forced);
    payload.forced = true;
    const run = await runOn('push', payload, forced);
    expect(run.exitCode).toBe(0);
    // a.png: the site served the dropped commit's version, which the head does not have.
    expect(invalidated()).toEqual([image('a.png'), image('f.png')]);
    expect(run.stdout).toContain(
      `the push was forced: comparing its before, ${dropped.slice(0, 7)}, with the head too, beside ` +
        `${fresh.slice(0, 7)}, the last commit on '${CONTEXT}'`,
    );
  });

  it('a lost commit loses only its own span: the other spans the record owes are compared', async () => {
    const fresh = commitImages('x.png');
    const a = commitImages('a.png');
    const [gone, alsoGone] = ['f'.repeat(40), 'e'.repeat(40)];
    const payload = provenPayload(CONTEXT, a, 'failure', {
      fresh,
      owed: [
        [fresh, a],
        [gone, alsoGone],
      ],
      failedRuns: 2,
    });
    github.recordDeployment({ sha: a, environment: CONTEXT, payload }, 'failure');
    const b = commitImages('b.png');
    const run = await push(a, b);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
    const warned = annotations(run, 'warning').join('\n');
    expect(warned).toContain(`${gone.slice(0, 7)}...${alsoGone.slice(0, 7)}`);
    expect(warned).toContain(`comparing from ${fresh.slice(0, 7)}`);
  });

  it('catch-up: false compares with the event base alone', async () => {
    const fresh = commitImages('x.png');
    recordFresh(fresh);
    const a = commitImages('a.png');
    const b = commitImages('b.png');
    const run = await push(a, b, { with: { 'catch-up': 'false' } });
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('b.png')]);
    // Neither read nor written: a record claims every image up to its commit fresh, which a run that did not
    // compare with the last record cannot say (an earlier failed run's images would be hidden from later runs).
    expect(recordRequests()).toEqual([]);
  });

  it('an explicit since wins over the record on a manual dispatch (the on-demand recipe)', async () => {
    const old = commitImages('x.png');
    const a = commitImages('a.png');
    recordFresh(a);
    const head = commitImages('b.png');
    const run = await runOn('workflow_dispatch', webhookExample('workflow_dispatch'), head, {
      with: { since: old },
    });
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
  });

  it('an explicit since adds to the record on a push, never hides what the record owes', async () => {
    const fresh = commitImages('x.png');
    recordFresh(fresh);
    const a = commitImages('a.png');
    const b = commitImages('b.png');
    const run = await push(a, b, { with: { since: a } });
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
    expect(recordsOf(b)).toHaveLength(1);
  });

  it('the record read past 100 commits of code: an image changed before them is still caught up', async () => {
    const fresh = commitImages('x.png');
    recordFresh(fresh);
    commitImages('a.png');
    for (let i = 0; i < 110; i++) origin.work.git('commit', '--quiet', '--allow-empty', '-m', `code ${i}`);
    origin.work.push('main');
    const before = origin.work.git('rev-parse', 'HEAD~1').trim();
    const head = origin.work.git('rev-parse', 'HEAD').trim();
    const run = await push(before, head);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png')]);
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
    expect(run.stdout).toContain(
      'Left stale, not confirmed: 2 images. The next run on this target invalidates them too',
    );
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

describe('a push whose before commit is gone from the repository (a force-push)', () => {
  it("with the record unreadable: a sentence naming the request and since, never GitHub's bare text", async () => {
    commitImages('x.png');
    const head = commitImages('a.png');
    github.deploymentsForbidden = 'all';
    const gone = 'dead'.repeat(10);
    const run = await push(gone, head, { checkout: origin.clone() });
    expect(run.exitCode).toBe(1);
    const errors = annotations(run, 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("The push's before commit, deaddea, is in neither the checkout");
    expect(errors[0]).toContain(
      `GET /repos/${REPOSITORY}/compare/${gone}...${head} answered 404 "Not Found"`,
    );
    expect(errors[0]).toContain('set since');
    expect(emulator().requests).toEqual([]);
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
    recordFresh(fresh);
    commitImages('a.png');
    const deployed = commitImages('b.png');
    const run = await runOn('deployment_status', deploymentStatus(deployed, 'success'), deployed);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
    expect(recordsOf(deployed)).toHaveLength(1);
  });

  it('deployment_status failure: green, with one notice that nothing was done', async () => {
    const deployed = commitImages('a.png');
    const run = await runOn('deployment_status', deploymentStatus(deployed, 'failure'), deployed);
    expect(run.exitCode).toBe(0);
    const notices = annotations(run, 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('nothing was deployed, so nothing is invalidated');
    expect(emulator().requests).toEqual([]);
    expect(recordsOf(deployed)).toEqual([]);
  });

  it('workflow_run with GITHUB_SHA past the deployed commit: the deployed commit, never GITHUB_SHA', async () => {
    const fresh = commitImages('x.png');
    recordFresh(fresh);
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
    expect(recordsOf(deployed)).toHaveLength(1);
    expect(recordsOf(tip)).toEqual([]);
  });

  it('workflow_run from a fork (its head repository is not this one): skipped with a notice, nothing fetched, sent or recorded', async () => {
    const fresh = commitImages('x.png');
    recordFresh(fresh);
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
    expect(recordsOf(forked)).toEqual([]);
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
    expect(recordsOf(forked)).toEqual([]);
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

  it('with catch-up off too, a checkout that is not the deployed commit is a clear error, nothing sent', async () => {
    const deployed = commitImages('a.png');
    const tip = commitImages('later.png');
    const payload = webhookExample('workflow_run');
    setAt(payload, ['workflow_run', 'head_sha'], deployed);
    setAt(payload, ['workflow_run', 'conclusion'], 'success');
    const run = await runOn('workflow_run', payload, tip, { with: { 'catch-up': 'false' } });
    expect(run.exitCode).not.toBe(0);
    expect(run.stdout).toContain('ref: ${{ github.event.workflow_run.head_sha }}');
    expect(emulator().requests).toEqual([]);
  });

  it("workflow_run checked out without ref:, where fetching fails too: the same checkout hint, and git's reason", async () => {
    const deployed = commitImages('a.png');
    const tip = commitImages('later.png');
    const checkout = origin.clone({ depth: 1 });
    checkout.git('remote', 'set-url', 'origin', `${origin.root}/gone.git`);
    const payload = webhookExample('workflow_run');
    setAt(payload, ['workflow_run', 'head_sha'], deployed);
    setAt(payload, ['workflow_run', 'conclusion'], 'success');
    const run = await runOn('workflow_run', payload, tip, { checkout });
    expect(run.exitCode).not.toBe(0);
    const [error] = annotations(run, 'error');
    expect(error).toContain('ref: ${{ github.event.workflow_run.head_sha }}');
    expect(error).toContain('does not appear to be a git repository');
    expect(emulator().requests).toEqual([]);
  });

  it('a Vercel repository_dispatch (vercel.deployment.success): the commit of client_payload.git.sha', async () => {
    const fresh = commitImages('x.png');
    recordFresh(fresh);
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

  it('a short SHA resolves outside a workflow run too (no record kept), deepening the checkout', async () => {
    commitImages('a.png');
    const previous = commitImages('b.png');
    const head = commitImages('c.png');
    const run = await push(previous, head, {
      with: { since: previous.slice(0, 7) },
      env: { GITHUB_ACTIONS: '' },
    });
    expect(run.exitCode, run.stdout).toBe(0);
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

describe('a memory that cannot forget: the record per target, by time', () => {
  function deployed(sha: Sha, environment = 'Production', state = 'success'): Record<string, unknown> {
    const payload = webhookExample('deployment_status');
    setAt(payload, ['deployment', 'sha'], sha);
    setAt(payload, ['deployment', 'environment'], environment);
    setAt(payload, ['deployment_status', 'state'], state);
    return payload;
  }
  /** The checkout of a deployed commit, as the deploy recipes make it (actions/checkout with ref: the SHA). */
  const checkoutOf = (sha: Sha): GitRepo => {
    const checkout = origin.clone({ depth: 1 });
    checkout.git('fetch', '--quiet', '--depth=1', 'origin', sha);
    checkout.git('checkout', '--quiet', sha);
    return checkout;
  };
  const deploy = (sha: Sha, environment?: string): Promise<ActionRun> =>
    runOn('deployment_status', deployed(sha, environment), sha, { checkout: checkoutOf(sha) });
  /** How many times each image was invalidated, across every run since the emulator's last reset. */
  const times = (): Record<string, number> => {
    const counts: Record<string, number> = {};
    for (const url of emulator().invalidated.assets) counts[url] = (counts[url] ?? 0) + 1;
    return counts;
  };
  function deleteImage(name: string): Sha {
    origin.work.git('rm', '--quiet', `public/images/${name}`);
    const sha = origin.work.commit(`delete ${name}`);
    origin.work.push('main');
    return sha;
  }

  it('a failed first run, a missed deploy, then a green run: every image since the start, exactly once', async () => {
    const start = commitImages('keep.png');
    const one = commitImages('a.png', 'b.png');
    emulator().inject('invalidate/assets', { status: 500 });
    const first = await push(start, one);
    expect(first.exitCode).not.toBe(0);
    expect(first.stdout).toContain('The next run on this target invalidates them too');
    emulator().reset();
    commitImages('c.png');
    deleteImage('keep.png'); // the missed push: no run at all
    const three = commitImages('d.png');
    const before = origin.work.git('rev-parse', 'HEAD~1').trim();
    const run = await push(before, three);
    expect(run.exitCode).toBe(0);
    expect(times()).toEqual({
      [image('a.png')]: 1,
      [image('b.png')]: 1,
      [image('c.png')]: 1,
      [image('d.png')]: 1,
      [image('keep.png')]: 1,
    });
    expect(stateOf(recordsOf(three)[0]?.id ?? 0)).toBe('success');
  });

  it('a rollback (a deploy of an older commit): exactly the images that differ, both ways', async () => {
    commitImages('x.png');
    const older = commitImages('a.png');
    const newer = commitImages('b.png', 'a.png');
    recordFresh(newer);
    const run = await deploy(older);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
    expect(stateOf(recordsOf(older)[0]?.id ?? 0)).toBe('success');
  });

  it('a rollback without a deepenable checkout: the API compares the other way round too', async () => {
    commitImages('x.png');
    const older = commitImages('a.png');
    const newer = commitImages('b.png', 'a.png');
    recordFresh(newer);
    const checkout = checkoutOf(older);
    // persist-credentials: false on a private repository: nothing can be fetched.
    checkout.git('remote', 'set-url', 'origin', 'https://github.invalid/octo-org/octo-repo.git');
    const run = await runOn('deployment_status', deployed(older), older, { checkout });
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
    expect(run.stdout).not.toContain('fatal:');
  });

  it("a preview deploy is skipped with a notice and never touches production's record", async () => {
    const fresh = commitImages('x.png');
    recordFresh(fresh);
    const feature = commitImages('a.png');
    const preview = await deploy(feature, 'Deploy Preview');
    expect(preview.exitCode).toBe(0);
    expect(annotations(preview, 'notice').join('\n')).toContain(
      'The deploy is to "Deploy Preview", not to deploy-environment "production"',
    );
    expect(emulator().requests).toEqual([]);
    expect(github.deploymentWrites()).toEqual([]);
    const production = await deploy(feature);
    expect(production.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png')]);
  });

  it('a reconcile on an unchanged commit invalidates nothing and writes no second record, run after run', async () => {
    const head = commitImages('a.png');
    // GitHub keeps at most 1,000 statuses per commit and context: a record a night would fill it.
    for (let i = 0; i < 1_000; i++) recordFresh(head);
    github.requests.length = 0;
    for (let i = 0; i < 3; i++) {
      const run = await runOn('schedule', { schedule: '0 3 * * *' }, head);
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toContain(
        `Catch-up: ${head.slice(0, 7)} is recorded fresh already; nothing to invalidate.`,
      );
    }
    expect(emulator().requests).toEqual([]);
    expect(github.deploymentWrites()).toEqual([]);
    expect(recordsOf(head)).toHaveLength(1_000);
  });

  it("a record forged by another writer (an app, a person) is not trusted: the failed run's images are caught up", async () => {
    const { a } = await failedRunAfterFresh();
    const mallory = { login: 'mallory', id: 666, type: 'User' } as const;
    github.recordDeployment({ sha: a, environment: CONTEXT }, 'success', mallory);
    const failed = recordsOf(a).find((record) => record.creator.login === 'github-actions[bot]');
    github.addDeploymentStatus(failed?.id ?? 0, 'success', mallory);
    const b = commitImages('b.png');
    const run = await push(a, b);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
  });

  it("a success written by another workflow's token (the same Actions bot, without the key) is passed over with a notice", async () => {
    const { a } = await failedRunAfterFresh();
    // Every workflow's GITHUB_TOKEN writes as github-actions[bot]: a creator check cannot tell this one apart.
    const forged = { 'image-cache-invalidate': { fresh: a, owed: [], failedRuns: 0, state: 'success' } };
    github.recordDeployment({ sha: a, environment: CONTEXT, payload: forged }, 'success');
    const b = commitImages('b.png');
    const run = await push(a, b);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png'), image('b.png')]);
    expect(annotations(run, 'notice').join('\n')).toContain(
      "passed over 1 deployment on 'image-cache-invalidate/site' that carries no proof of the service's key",
    );
  });

  it('a record written with another Root key, and none with this one, says the key may have changed, and compares as a first run would', async () => {
    const fresh = commitImages('x.png');
    recordFresh(fresh, 'an-older-root-key');
    const a = commitImages('a.png');
    const run = await push(fresh, a);
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('a.png')]);
    const said = annotations(run, 'warning').join('\n');
    expect(said).toContain(
      "no record on 'image-cache-invalidate/site' is proved with this run's Root key, and some name another key",
    );
    expect(said).toContain('may miss');
    expect(stateOf(recordsOf(a)[0]?.id ?? 0)).toBe('success');
  });

  it('a push that deletes a branch ends green with a notice, fetching nothing', async () => {
    const head = commitImages('a.png');
    const payload = pushPayload(head, '0'.repeat(40));
    setAt(payload, ['ref'], 'refs/heads/old-feature');
    setAt(payload, ['deleted'], true);
    const run = await runOn('push', payload, head);
    expect(run.exitCode).toBe(0);
    expect(annotations(run, 'notice').join('\n')).toContain('The push deleted "refs/heads/old-feature"');
    expect(run.stdout).not.toContain('git fetch');
    expect(emulator().requests).toEqual([]);
    expect(github.deploymentWrites()).toEqual([]);
  });

  it('a tag push is no deploy: nothing invalidated or recorded, unless since names a commit', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    const payload = pushPayload('0'.repeat(40), head);
    setAt(payload, ['ref'], 'refs/tags/v1.0.0');
    const run = await runOn('push', payload, head);
    expect(run.exitCode).toBe(0);
    expect(annotations(run, 'notice').join('\n')).toContain('A tag changes no file');
    expect(emulator().requests).toEqual([]);
    const since = await runOn('push', payload, head, { with: { since: base } });
    expect(since.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('b.png')]);
    expect(github.deploymentWrites()).toEqual([]);
  });

  it('a repository_dispatch naming no commit, with since: compares GITHUB_SHA with since', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    const run = await runOn('repository_dispatch', { action: 'assets-updated', client_payload: {} }, head, {
      with: { since: base, 'catch-up': 'false' },
    });
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('b.png')]);
  });
});

describe('a push whose before is gone (a force-push dropped it)', () => {
  it('fails before anything is sent, naming the commit and since', async () => {
    const head = commitImages('a.png');
    const gone = '6113728f'.padEnd(40, '0');
    const run = await push(gone, head);
    expect(run.exitCode).not.toBe(0);
    expect(run.stdout).toContain(
      `The push's before commit, ${gone.slice(0, 7)}, is in neither the checkout (`,
    );
    expect(run.stdout).toContain('set since');
    expect(emulator().requests).toEqual([]);
  });
});

describe('the record of a run that skipped images', () => {
  /** Pushes a.png's commit, then one of an image no url-map rule maps, run on the second. */
  async function pushUnmapped(): Promise<{ base: Sha; head: Sha; run: ActionRun }> {
    const base = commitImages('a.png');
    origin.work.write('public/pictures/stray.png', 'not under any url-map rule yet\n');
    const head = origin.work.commit('an image url-map does not map');
    origin.work.push('main');
    return { base, head, run: await push(base, head) };
  }

  it('never says "no image to invalidate" when changed images were skipped', async () => {
    const { head, run } = await pushUnmapped();
    expect(run.exitCode).toBe(0);
    const [record] = recordsOf(head);
    expect(github.statusesOfDeployment(record?.id ?? 0)[0]?.description).toBe(
      'Images not all fresh: 1 changed image skipped (not mapped to a URL)',
    );
  });

  it('records skipped images as owed, not fresh: the run after url-map is fixed invalidates them', async () => {
    const { head, run: skipped } = await pushUnmapped();
    expect(skipped.exitCode).toBe(0);
    expect(invalidated()).toEqual([]);
    expect(stateOf(recordsOf(head)[0]?.id ?? 0)).toBe('failure');
    expect(skipped.stdout).toContain(
      'a run that maps them (url-map, or the map learned from site) invalidates them',
    );
    expect(skipped.summary).toContain(
      'the 1 skipped image once mapped (`url-map` or `site`) or left out of `paths`.',
    );
    emulator().reset();
    const next = commitImages('b.png');
    const fixedMap = `${URL_MAP}\npublic/pictures => https://www.example.com/pictures`;
    const fixed = await push(head, next, { with: { 'url-map': fixedMap } });
    expect(fixed.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('b.png'), 'https://www.example.com/pictures/stray.png']);
    expect(stateOf(recordsOf(next)[0]?.id ?? 0)).toBe('success');
  });
});

describe('a record that cannot be trusted as read', () => {
  it('a record whose payload this version cannot read: catch-up is off and nothing is written over it', async () => {
    const fresh = commitImages('x.png');
    const a = commitImages('a.png');
    const body = { v: 9 };
    const proven = provenBody(recordProof(ROOT_KEY), {
      environment: CONTEXT,
      sha: a,
      state: 'failure',
      body,
    });
    github.recordDeployment(
      { sha: a, environment: CONTEXT, payload: { 'image-cache-invalidate': proven } },
      'failure',
    );
    const b = commitImages('b.png');
    const run = await push(a, b);
    expect(run.exitCode).toBe(0);
    expect(annotations(run, 'warning').join('\n')).toContain('holds no payload this version reads');
    expect(github.deploymentWrites()).toEqual([]);
    expect(fresh).not.toBe(a);
  });

  it("an app's token (another identity than the Actions bot) writes records that count: they carry the key's proof", async () => {
    github.identities.set(WORKFLOW_TOKEN, { login: 'my-app[bot]', id: 5, type: 'Bot' });
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    emulator().inject('invalidate/assets', { status: 500 });
    const failed = await push(base, head);
    expect(failed.exitCode).not.toBe(0);
    expect(failed.stdout).toContain('The next run on this target invalidates them too');
    emulator().reset();
    const next = commitImages('c.png');
    expect((await push(head, next)).exitCode).toBe(0);
    expect(invalidated()).toEqual([image('b.png'), image('c.png')]);
  });

  it('a commit the record names that is gone from the repository: compared as a first run, with a warning', async () => {
    const base = commitImages('a.png');
    recordFresh('f'.repeat(40));
    const head = commitImages('b.png');
    const run = await push(base, head);
    expect(run.exitCode).toBe(0);
    expect(annotations(run, 'warning').join('\n')).toContain(
      `a span of commits the record of '${CONTEXT}' owes cannot be compared, since the repository no longer has`,
    );
    expect(invalidated()).toEqual([image('b.png')]);
    expect(stateOf(recordsOf(head)[0]?.id ?? 0)).toBe('success');
  });

  it('a repository_dispatch naming no commit, given since, records nothing: its head is no deployed state', async () => {
    const base = commitImages('a.png');
    const head = commitImages('b.png');
    const run = await runOn('repository_dispatch', { action: 'assets-updated', client_payload: {} }, head, {
      with: { since: base },
    });
    expect(run.exitCode).toBe(0);
    expect(invalidated()).toEqual([image('b.png')]);
    expect(github.deploymentWrites()).toEqual([]);
  });
});
