/**
 * The command finds the changed files by itself outside GitHub: from GitLab CI's and Bitbucket Pipelines'
 * predefined variables, or from --since anywhere. Real repositories (a GitLab-style clone is shallow, depth 20),
 * the built command spawned as a job's script runs it, the emulator receiving the calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { runCommand, type CommandRun } from '../support/command.ts';
import { useEmulator } from '../support/emulator.ts';
import { createOrigin, ZERO_SHA, type GitRepo, type Origin, type Sha } from '../support/git-repo.ts';

const emulator = useEmulator();
const URL_MAP = 'public/images => https://www.example.com/images';
const image = (name: string): string => `https://www.example.com/images/${name}`;

let origin: Origin;
/** main: old (a.png) → 24 commits of docs → deployed (b.png) → head (c.png); feature: head → f1 (f.png). */
const c: Record<'old' | 'deployed' | 'head' | 'f1', Sha> = { old: '', deployed: '', head: '', f1: '' };
let clone: GitRepo;

beforeAll(() => {
  origin = createOrigin('other-ci-');
  const work = origin.work;
  c.old = work.write('public/images/a.png').write('docs/0.md').commit('a');
  for (let i = 1; i <= 24; i++) work.write(`docs/${i}.md`).commit(`docs ${i}`);
  c.deployed = work.write('public/images/b.png').commit('b');
  c.head = work.write('public/images/c.png').write('docs/c.md').commit('c');
  work.push('main');
  work.git('checkout', '--quiet', '-b', 'feature');
  c.f1 = work.write('public/images/f.png').commit('f');
  work.push('feature');
  // GitLab's default: a shallow clone of depth 20, which lacks `old`.
  clone = origin.clone({ depth: 20 });
});
afterAll(() => {
  origin.dispose();
});

/** The command in the clone, as a job's `script:` runs it, with only the CI's variables and the service's. */
function job(ci: Record<string, string>, args: readonly string[] = []): Promise<CommandRun> {
  return runCommand(['--url-map', URL_MAP, ...args], {
    cwd: clone.dir,
    env: {
      IMAGE_CACHE_API_KEY: ROOT_KEY,
      IMAGE_CACHE_BASE_URL: emulator().url,
      IMAGE_CACHE_SERVICE_KEY: emulator().serviceKey,
      ...ci,
    },
  });
}

/** The variables GitLab sets for every job of a pipeline on `main`. */
function gitlab(source: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    CI: 'true',
    GITLAB_CI: 'true',
    CI_PROJECT_DIR: clone.dir,
    CI_PIPELINE_SOURCE: source,
    CI_COMMIT_SHA: c.head,
    CI_COMMIT_BRANCH: 'main',
    ...extra,
  };
}

describe('GitLab CI', () => {
  it('a push compares CI_COMMIT_BEFORE_SHA with CI_COMMIT_SHA, fetching a base the depth-20 clone lacks', async () => {
    expect(clone.isShallow() && !clone.has(c.old)).toBe(true);
    const run = await job(gitlab('push', { CI_COMMIT_BEFORE_SHA: c.old }));
    expect(run.stderr).not.toContain('error');
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets.toSorted()).toEqual([image('b.png'), image('c.png')]);
    expect(run.stderr).toMatch(/Changed files: git diff \w{7} \w{7} \(push\)/);
  });

  it('a push that created the branch (before all zeros) compares the pushed commit with its parent', async () => {
    const run = await job(gitlab('push', { CI_COMMIT_BEFORE_SHA: ZERO_SHA }));
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual([image('c.png')]);
    expect(run.stderr).toContain('(push (new branch))');
  });

  it('a merge request pipeline compares the diff base with CI_COMMIT_SHA', async () => {
    const run = await job(
      gitlab('merge_request_event', {
        CI_COMMIT_SHA: c.f1,
        CI_COMMIT_BEFORE_SHA: ZERO_SHA,
        CI_MERGE_REQUEST_DIFF_BASE_SHA: c.deployed,
        CI_MERGE_REQUEST_IID: '7',
      }),
    );
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets.toSorted()).toEqual([image('c.png'), image('f.png')]);
    expect(run.stderr).toContain('(merge request !7)');
  });

  it('a scheduled pipeline names no commits: an error that names since, and nothing is sent', async () => {
    const run = await job(gitlab('schedule', { CI_COMMIT_BEFORE_SHA: ZERO_SHA }));
    expect(run.exitCode).toBe(2);
    expect(emulator().requests).toHaveLength(0);
    expect(run.stderr).toContain("since: the GitLab pipeline's source is 'schedule'");
  });

  it('with since, a scheduled pipeline compares since with CI_COMMIT_SHA', async () => {
    const run = await job(gitlab('schedule'), ['--since', c.deployed]);
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual([image('c.png')]);
  });
});

describe('Bitbucket Pipelines', () => {
  const bitbucket = (extra: Record<string, string>): Record<string, string> => ({
    CI: 'true',
    BITBUCKET_BUILD_NUMBER: '12',
    BITBUCKET_CLONE_DIR: clone.dir,
    BITBUCKET_COMMIT: c.head,
    ...extra,
  });

  it('a pull request pipeline compares the destination commit with BITBUCKET_COMMIT', async () => {
    const run = await job(bitbucket({ BITBUCKET_PR_ID: '3', BITBUCKET_PR_DESTINATION_COMMIT: c.deployed }));
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual([image('c.png')]);
  });

  it('a push names no earlier commit: an error that says to set since', async () => {
    const run = await job(bitbucket({}));
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('since: Bitbucket Pipelines names no earlier commit for a push');
    expect(emulator().requests).toHaveLength(0);
  });
});

describe('outside any CI', () => {
  it('--since compares it with HEAD of the checkout in the working directory', async () => {
    const run = await job({}, ['--since', c.deployed]);
    expect(run.exitCode).toBe(0);
    expect(emulator().invalidated.assets).toEqual([image('c.png')]);
  });

  it('a --since that names nothing: an error that names it and says to check it, not to find a checkout', async () => {
    const run = await job({}, ['--since', 'v9.9.9']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('since: "v9.9.9" could not be compared with HEAD: git could not find it');
    expect(run.stderr).toMatch(/\. Give a commit SHA, tag or branch that exists in the repository/);
    expect(run.stderr).not.toContain('Run it in a git checkout');
  });

  it('without --since: an error that names since and the other way, --files', async () => {
    const run = await job({});
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/since: outside a CI .* --files - -0/);
  });
});
