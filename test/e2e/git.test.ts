/**
 * Changed-file detection with real git: a bare origin, a work repository that commits and pushes, and clones of
 * it, full and shallow (depth 1 over file://, as actions/checkout makes them). In-process through
 * detectChangedFiles, then end to end through the spawned action.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator.ts';
import type { ChangedFiles } from '../../src/domain/changed.ts';
import { detectChangedFiles } from '../../src/changes/detect.ts';
import { githubCi, type GithubContext } from '../../src/ci/github.ts';
import { parseNameStatus } from '../../src/changes/git.ts';
import { gitIn } from '../../src/mechanics/git.ts';
import { ROOT_KEY } from '../support/client.ts';
import {
  createOrigin,
  git,
  pullRequestPayload,
  pushPayload,
  setAt,
  webhookExample,
  writeEvent,
  ZERO_SHA,
  type GitRepo,
  type Origin,
  type Sha,
} from '../support/git-repo.ts';
import { runAction, type ActionRun } from '../support/runner.ts';

/** Nothing listens here: a run that wrongly falls back to the GitHub API fails instead of passing. */
const NO_API = 'http://127.0.0.1:9';

let origin: Origin;
let work: GitRepo;
/** main: root → c1 (add, modify, delete) → c2 (rename); feature: c2 → c3; base-moved: c2 → m1; pr: c2 → p1. */
const c: Record<'root' | 'c1' | 'c2' | 'c3' | 'm1' | 'p1', Sha> = {
  root: '',
  c1: '',
  c2: '',
  c3: '',
  m1: '',
  p1: '',
};

beforeAll(() => {
  origin = createOrigin();
  work = origin.work;
  work
    .write('public/images/keep.png')
    .write('public/images/old-name.png')
    .write('public/images/to-delete.png')
    .write('docs/readme.md');
  c.root = work.commit('root');
  work.write('public/images/added.png').write('public/images/keep.png', 'modified\n');
  work.remove('public/images/to-delete.png');
  c.c1 = work.commit('add, modify, delete');
  work.move('public/images/old-name.png', 'public/images/new-name.png');
  c.c2 = work.commit('rename');
  work.push('main');
  work.git('tag', 'v0', c.root);
  work.git('push', '--quiet', 'origin', 'v0');

  work.git('checkout', '--quiet', '-b', 'feature');
  work.write('static/feature.webp');
  c.c3 = work.commit('feature');
  work.push('feature');

  work.git('checkout', '--quiet', '-b', 'base-moved', c.c2);
  work.write('public/images/main-only.png');
  c.m1 = work.commit('the base branch moves on');
  work.push('base-moved');
  work.git('checkout', '--quiet', '-b', 'pr', c.c2);
  work.write('public/images/pr.png');
  c.p1 = work.commit('the pull request');
  work.push('pr');
});

afterAll(() => {
  origin.dispose();
});

function context(eventName: string, payload: unknown, workspace: string, sha = 'HEAD'): GithubContext {
  // No token: should git fail, the API fallback refuses at once, and the test fails on that.
  return { eventName, payload, sha, workspace, repository: '', apiUrl: NO_API, token: '' };
}

function detect(clone: GitRepo, eventName: string, payload: unknown, since?: string): Promise<ChangedFiles> {
  return detectChangedFiles(githubCi(context(eventName, payload, clone.dir)), since, gitIn(clone.dir));
}

const sorted = (files: readonly string[]): string[] => [...files].sort();
const short = (sha: Sha): string => sha.slice(0, 7);

describe('git: what a push changed, in a complete clone', () => {
  let full: GitRepo;
  beforeAll(() => {
    full = origin.clone();
  });

  it('detects added, modified and deleted files', async () => {
    const changed = await detect(full, 'push', pushPayload(c.root, c.c1));
    expect(sorted(changed.files)).toEqual([
      'public/images/added.png',
      'public/images/keep.png',
      'public/images/to-delete.png',
    ]);
  });

  it('counts a rename (git mv) as its old path and its new path', async () => {
    const changed = await detect(full, 'push', pushPayload(c.c1, c.c2));
    expect(sorted(changed.files)).toEqual(['public/images/new-name.png', 'public/images/old-name.png']);
  });

  it("compares the push's before with its after, over several commits, and says so", async () => {
    const changed = await detect(full, 'push', pushPayload(c.root, c.c2));
    expect(sorted(changed.files)).toEqual([
      'public/images/added.png',
      'public/images/keep.png',
      'public/images/new-name.png',
      'public/images/old-name.png',
      'public/images/to-delete.png',
    ]);
    expect(changed.source).toBe(`git diff ${short(c.root)} ${short(c.c2)} (push)`);
    expect(changed.fallbackReason).toBeUndefined();
  });

  it('compares a push that created a branch (before = 40 zeros) with the parent of its head', async () => {
    const changed = await detect(full, 'push', pushPayload(ZERO_SHA, c.c3));
    expect(changed.files).toEqual(['static/feature.webp']);
    expect(changed.source).toBe(`git diff ${short(c.c2)} ${short(c.c3)} (push (new branch))`);
  });

  it('finds nothing for a push that deleted a branch (after = 40 zeros)', async () => {
    const changed = await detect(full, 'push', pushPayload(c.c2, ZERO_SHA));
    expect(changed.files).toEqual([]);
    expect(changed.skipped).toContain('The push deleted');
  });

  it('lists every file of a root commit (a new branch whose head has no parent)', async () => {
    const changed = await detect(full, 'push', pushPayload(ZERO_SHA, c.root));
    expect(sorted(changed.files)).toEqual([
      'docs/readme.md',
      'public/images/keep.png',
      'public/images/old-name.png',
      'public/images/to-delete.png',
    ]);
  });

  it('compares with since (a tag) instead of the push base', async () => {
    const clone = origin.clone({ tags: true });
    const changed = await detect(clone, 'push', pushPayload(c.c1, c.c2), 'v0');
    expect(changed.files).toContain('public/images/added.png');
    expect(changed.files).toContain('public/images/to-delete.png');
    expect(changed.source).toBe(`git diff ${short(c.root)} ${short(c.c2)} (since v0)`);
  });

  // A depth-1 fetch into a complete clone would make it shallow, and cut HEAD's history for later steps.
  it('leaves a complete clone complete when it fetches a base it lacks (since a tag not fetched)', async () => {
    const clone = origin.clone(); // no tags, like actions/checkout with fetch-depth: 0 and fetch-tags: false
    const commitsBefore = clone.git('rev-list', '--count', 'HEAD').trim();
    const changed = await detect(clone, 'push', pushPayload(c.c1, c.c2), 'v0');
    expect(changed.files).toContain('public/images/added.png');
    expect(clone.isShallow()).toBe(false);
    expect(clone.git('rev-list', '--count', 'HEAD').trim()).toBe(commitsBefore);
  });
});

describe('git: pull requests and merge groups', () => {
  it('compares base.sha with head.sha of a pull request', async () => {
    const clone = origin.clone({ branch: 'pr' });
    const changed = await detect(clone, 'pull_request', pullRequestPayload(c.c2, c.p1, 7));
    expect(changed.files).toEqual(['public/images/pr.png']);
    expect(changed.source).toBe(`git diff ${short(c.c2)} ${short(c.p1)} (pull_request #7)`);
  });

  it('compares base_sha with head_sha of a real merge_group payload', async () => {
    const clone = origin.clone({ branch: 'pr' });
    const payload = webhookExample('merge_group');
    setAt(payload, ['merge_group', 'base_sha'], c.c2);
    setAt(payload, ['merge_group', 'head_sha'], c.p1);
    const changed = await detect(clone, 'merge_group', payload);
    expect(changed.files).toEqual(['public/images/pr.png']);
    expect(changed.source).toBe(`git diff ${short(c.c2)} ${short(c.p1)} (merge_group)`);
  });

  // base.sha is the base branch's tip when the event fired, not the merge base: once the base branch has moved on,
  // comparing the two trees also lists what changed on the base branch alone. Without the test merge commit (here
  // GITHUB_SHA is the head), that is the fallback, documented in the README: it can only invalidate more.
  it('without a test merge, compares the two trees, so files changed on a moved base branch are listed too', async () => {
    const clone = origin.clone({ branch: 'pr' });
    const changed = await detect(clone, 'pull_request', pullRequestPayload(c.m1, c.p1, 8));
    expect(changed.files).toContain('public/images/pr.png');
    expect(changed.files.length).toBeGreaterThan(1);
  });

  describe('with the test merge commit as GITHUB_SHA, as pull_request runs on it', () => {
    let merge: Sha;
    beforeAll(() => {
      work.git('checkout', '--quiet', '-b', 'pull-8-merge', c.m1);
      work.git('merge', '--quiet', '--no-ff', '--no-edit', c.p1);
      merge = work.head();
      work.push('pull-8-merge');
    });

    it('lists exactly the files the pull request changed, from a depth-1 checkout of the merge', async () => {
      const clone = origin.clone({ depth: 1, branch: 'pull-8-merge' });
      const payload = pullRequestPayload(c.m1, c.p1, 8);
      const changed = await detectChangedFiles(
        githubCi(context('pull_request', payload, clone.dir, merge)),
        undefined,
        gitIn(clone.dir),
      );
      expect(changed.files).toEqual(['public/images/pr.png']);
      expect(changed.source).toBe(
        `git diff ${short(c.m1)} ${short(merge)} (pull_request #8, its test merge)`,
      );
    });
  });
});

describe('git: a shallow clone (depth 1) that lacks the base', () => {
  it('fetches the missing base commit (depth 1, by SHA) and finds exactly the changed files', async () => {
    const clone = origin.clone({ depth: 1 });
    expect(clone.isShallow()).toBe(true);
    expect(clone.has(c.root)).toBe(false);
    const changed = await detect(clone, 'push', pushPayload(c.root, c.c2));
    expect(clone.has(c.root)).toBe(true);
    expect(sorted(changed.files)).toEqual([
      'public/images/added.png',
      'public/images/keep.png',
      'public/images/new-name.png',
      'public/images/old-name.png',
      'public/images/to-delete.png',
    ]);
    // Fetched alone: the commits in between are still missing.
    expect(clone.has(c.c1)).toBe(false);
  });

  it('fetches the parent for a push that created a branch', async () => {
    const clone = origin.clone({ depth: 1, branch: 'feature' });
    expect(clone.has(c.c2)).toBe(false);
    const changed = await detect(clone, 'push', pushPayload(ZERO_SHA, c.c3));
    expect(changed.files).toEqual(['static/feature.webp']);
    expect(changed.source).toBe(`git diff ${short(c.c2)} ${short(c.c3)} (push (new branch))`);
  });

  it('fetches a tag named by since that the clone lacks', async () => {
    const clone = origin.clone({ depth: 1 });
    const changed = await detect(clone, 'workflow_dispatch', {}, 'v0');
    expect(changed.files).toContain('public/images/new-name.png');
    expect(changed.source).toBe(`git diff ${short(c.root)} ${short(c.c2)} (since v0)`);
  });

  it('lists every file of a root commit in a depth-1 clone of a one-commit repository', async () => {
    const solo = createOrigin('changes-solo-');
    try {
      solo.work.write('a.png').write('b/c.jpg');
      const root = solo.work.commit('only');
      solo.work.push('main');
      const clone = solo.clone({ depth: 1 });
      const changed = await detect(clone, 'push', pushPayload(ZERO_SHA, root));
      expect(sorted(changed.files)).toEqual(['a.png', 'b/c.jpg']);
    } finally {
      solo.dispose();
    }
  });

  it('fetches the head itself when the checkout is of another commit', async () => {
    const clone = origin.clone({ depth: 1 }); // main, while the event is about the pr branch
    expect(clone.has(c.p1)).toBe(false);
    const changed = await detect(clone, 'pull_request', pullRequestPayload(c.c2, c.p1, 9));
    expect(changed.files).toEqual(['public/images/pr.png']);
  });
});

describe('end to end: the spawned action detects, maps and invalidates', () => {
  const URL_MAP = 'public/images => https://www.example.com/images\nstatic => https://cdn.example.com/static';
  const emulator = useEmulator();
  let events = 0;

  function run(
    workspace: string,
    eventName: string,
    payload: unknown,
    sha: Sha,
    env: Record<string, string> = {},
  ): Promise<ActionRun> {
    return runAction(
      { 'api-key': ROOT_KEY, 'base-url': emulator().url, 'service-key': 'svc', 'url-map': URL_MAP },
      {
        GITHUB_EVENT_NAME: eventName,
        GITHUB_EVENT_PATH: writeEvent(origin.root, payload, `event-${++events}.json`),
        GITHUB_WORKSPACE: workspace,
        GITHUB_SHA: sha,
        GITHUB_REPOSITORY: 'octo-org/octo-repo',
        GITHUB_API_URL: NO_API,
        ...env,
      },
    );
  }

  interface FilesReport {
    files?: { source: string; found: number; selected: number; mapped: number; unmapped: string[] };
  }

  it('a push in a depth-1 checkout invalidates the URLs of exactly the images it changed', async () => {
    const clone = origin.clone({ depth: 1 });
    const result = await run(clone.dir, 'push', pushPayload(c.root, c.c2), c.c2);
    expect(result.exitCode).toBe(0);
    expect(sorted(emulator().invalidated.assets)).toEqual([
      'https://www.example.com/images/added.png',
      'https://www.example.com/images/keep.png',
      'https://www.example.com/images/new-name.png',
      'https://www.example.com/images/old-name.png',
      'https://www.example.com/images/to-delete.png',
    ]);
    const report = JSON.parse(result.report) as FilesReport;
    expect(report.files).toMatchObject({
      source: `git diff ${short(c.root)} ${short(c.c2)} (push)`,
      found: 5,
      selected: 5,
      mapped: 5,
      unmapped: [],
    });
  });

  it('a push that deleted a branch sends nothing and succeeds', async () => {
    const clone = origin.clone({ depth: 1 });
    const payload = webhookExample('push', (example) => example.deleted === true);
    payload.ref = 'refs/heads/gone';
    payload.before = c.c2;
    const result = await run(clone.dir, 'push', payload, c.c2);
    expect(payload.after).toBe(ZERO_SHA); // the real payload's own after
    expect(result.exitCode).toBe(0);
    expect(emulator().requests).toHaveLength(0);
    expect(result.outputs.requests).toBe('0');
    expect(result.stdout).toContain('The push deleted "refs/heads/gone": no commit was added');
  });

  it("runs none of the programs the checkout's git config names, while it fetches the base of a shallow clone", async () => {
    const clone = origin.clone({ depth: 1 });
    const ran = hostileConfig(clone);
    const result = await run(clone.dir, 'push', pushPayload(c.root, c.c2), c.c2);
    expect(result.exitCode).toBe(0);
    expect(clone.has(c.root)).toBe(true); // it did fetch
    expect(emulator().invalidated.assets).toHaveLength(5);
    expect(ran()).toEqual([]);
  });

  it('asks no program for a password when the origin of a shallow clone wants one, from the config or the environment', async () => {
    const clone = origin.clone({ depth: 1 });
    const ran = hostileConfig(clone);
    const server = createServer((_request, response) => {
      response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="origin"' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((server.address() as AddressInfo).port);
      clone.git('remote', 'set-url', 'origin', `http://127.0.0.1:${port}/repo.git`);
      const askpass = join(clone.dir, '..', 'askpass.sh');
      writeFileSync(askpass, `#!/bin/sh\necho > '${join(clone.dir, '..', 'askpass-ran')}'\n`);
      chmodSync(askpass, 0o755);
      await run(clone.dir, 'push', pushPayload(c.root, c.c2), c.c2, {
        GIT_ASKPASS: askpass,
        SSH_ASKPASS: askpass,
      });
      expect(ran()).toEqual([]);
      expect(existsSync(join(clone.dir, '..', 'askpass-ran'))).toBe(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a changed name that is not UTF-8 stops the run, shown with its bytes, and nothing is invalidated', async () => {
    work.git('checkout', '--quiet', '-b', 'latin1', c.c2);
    // caf\xE9.png: a name written on a Latin-1 system, which no UTF-8 URL requests.
    writeFileSync(
      Buffer.from([...Buffer.from(`${work.dir}/public/images/caf`), 0xe9, ...Buffer.from('.png')]),
      'x',
    );
    const latin1 = work.commit('a Latin-1 name');
    work.push('latin1');
    const clone = origin.clone({ depth: 1, branch: 'latin1' });
    const result = await run(clone.dir, 'push', pushPayload(c.c2, latin1), latin1);
    expect(result.exitCode).toBe(1);
    expect(emulator().requests).toEqual([]);
    expect(result.stdout).toContain('the name "public/images/caf\\xE9.png" is not UTF-8');
    expect(`${result.stdout}${result.report}${result.summary}`).not.toMatch(/%EF%BF%BD|\uFFFD/);
  });

  it('a pull request in a depth-1 checkout of its branch invalidates the image it added', async () => {
    const clone = origin.clone({ depth: 1, branch: 'pr' });
    const result = await run(clone.dir, 'pull_request', pullRequestPayload(c.c2, c.p1, 12), c.p1);
    expect(result.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual(['https://www.example.com/images/pr.png']);
    expect((JSON.parse(result.report) as FilesReport).files?.source).toBe(
      `git diff ${short(c.c2)} ${short(c.p1)} (pull_request #12)`,
    );
  });
});

/**
 * A checkout whose .git/config names a program for everything git may run on its own: the file system monitor,
 * hooks, the pager, an external diff, the upload-pack of a local fetch, the command listing an alternate's refs,
 * and what a fetch runs for other origins (askpass, credential helper, git:// proxy, ssh; see git-programs.test.ts). Each program, if run, leaves a file named
 * after its setting; the returned function lists those files.
 */
function hostileConfig(clone: GitRepo): () => string[] {
  const marks = join(clone.dir, '..', `${clone.dir.split('/').at(-1) ?? 'clone'}-ran`);
  mkdirSync(marks, { recursive: true });
  const program = (name: string, then = ''): string => {
    const file = join(mkdtempSync(join(marks, '..', 'program-')), `${name}.sh`);
    writeFileSync(file, `#!/bin/sh\necho "$@" > '${join(marks, name)}'\n${then}`);
    chmodSync(file, 0o755);
    return file;
  };
  const hooks = mkdtempSync(join(marks, '..', 'hooks-'));
  for (const hook of [
    'reference-transaction',
    'post-checkout',
    'post-merge',
    'pre-auto-gc',
    'post-index-change',
  ]) {
    writeFileSync(join(hooks, hook), `#!/bin/sh\necho "$@" > '${join(marks, `hook-${hook}`)}'\n`);
    chmodSync(join(hooks, hook), 0o755);
  }
  clone.git('config', 'core.fsmonitor', program('core.fsmonitor'));
  // Alternates whose refs git lists, through core.alternateRefsCommand, when it fetches.
  const other = mkdtempSync(join(marks, '..', 'alternate-'));
  git(dirname(other), ['init', '--quiet', other]);
  git(other, ['commit', '--quiet', '--allow-empty', '-m', 'unrelated']);
  writeFileSync(join(clone.dir, '.git/objects/info/alternates'), `${join(other, '.git/objects')}\n`);
  clone.git('config', 'core.alternateRefsCommand', program('core.alternateRefsCommand'));
  clone.git('config', 'core.askPass', program('core.askPass'));
  clone.git('config', 'credential.helper', program('credential.helper'));
  clone.git('config', 'core.gitProxy', program('core.gitProxy'));
  clone.git('config', 'core.sshCommand', program('core.sshCommand'));
  clone.git('config', 'core.hooksPath', hooks);
  clone.git('config', 'core.pager', program('core.pager', 'cat\n'));
  clone.git('config', 'diff.external', program('diff.external'));
  clone.git(
    'config',
    'remote.origin.uploadpack',
    program('remote.origin.uploadpack', 'exec git-upload-pack "$@"\n'),
  );
  return () => (existsSync(marks) ? readdirSync(marks).sort() : []);
}
describe('git diff --name-status -z, read', () => {
  it('gives each path with its change, a rename as its old and its new path, whatever the names hold', () => {
    const output = [
      'A',
      'public/a\tb.png',
      'M',
      'public/line\nbreak.png',
      'D',
      'public/gone.png',
      'R087',
      'public/old.png',
      'public/new.png',
      'T',
      'public/link.png',
      '',
    ].join('\0');
    expect(parseNameStatus(output)).toEqual({
      files: [
        'public/a\tb.png',
        'public/line\nbreak.png',
        'public/gone.png',
        'public/old.png',
        'public/new.png',
        'public/link.png',
      ],
      changes: [
        { status: 'added' },
        { status: 'modified' },
        { status: 'deleted' },
        { status: 'renamed', to: 'public/new.png' },
        { status: 'renamed', from: 'public/old.png' },
        { status: 'modified' },
      ],
    });
  });
});
