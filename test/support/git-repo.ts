/**
 * Real git repositories in temporary folders, for the tests of changed-file detection: a bare origin, a work
 * repository that commits and pushes to it, and clones of it (full or shallow, over file://). Git always runs
 * through execFileSync with an argument list, never a shell, so any file name can be committed as it is.
 *
 * Also the real webhook payloads of @octokit/webhooks-examples, with the SHAs replaced by a repository's, written
 * where GITHUB_EVENT_PATH can point.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Git with no system or global configuration of the machine it runs on, and a fixed identity. */
const GIT_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_TERMINAL_PROMPT: '0',
  GIT_AUTHOR_NAME: 'Test Author',
  GIT_AUTHOR_EMAIL: 'author@example.com',
  GIT_COMMITTER_NAME: 'Test Committer',
  GIT_COMMITTER_EMAIL: 'committer@example.com',
};

const IDENTITY = ['-c', 'user.name=Test Author', '-c', 'user.email=author@example.com'];

/** Runs git in `cwd` and returns its standard output. */
export function git(cwd: string, args: readonly string[], input?: string): string {
  return execFileSync('git', [...IDENTITY, ...args], {
    cwd,
    env: GIT_ENV,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'pipe'],
    ...(input === undefined ? {} : { input }),
  });
}

/** A SHA of a commit, 40 hex digits. */
export type Sha = string;

export const ZERO_SHA = '0'.repeat(40);

/** A repository with a work tree. */
export class GitRepo {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  git(...args: string[]): string {
    return git(this.dir, args);
  }

  /** Writes a file (creating its folders); its content defaults to its path, so that every file differs. */
  write(path: string, content = `${path}\n`): this {
    const full = join(this.dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
    return this;
  }

  /** `git rm` */
  remove(path: string): this {
    this.git('rm', '--quiet', '--', path);
    return this;
  }

  /** `git mv` */
  move(from: string, to: string): this {
    mkdirSync(dirname(join(this.dir, to)), { recursive: true });
    this.git('mv', '--', from, to);
    return this;
  }

  /** Stages everything and commits it; returns the new commit's SHA. */
  commit(message = 'change'): Sha {
    this.git('add', '--all');
    this.git('commit', '--quiet', '--allow-empty', '--no-verify', '-m', message);
    return this.head();
  }

  /**
   * Commits `paths` (all with the same small content) without writing them to the work tree: one blob, one
   * `update-index --index-info`, then plumbing to commit. Fast enough for 100,000 paths.
   */
  commitPaths(paths: readonly string[], message = 'many files', content = 'x\n'): Sha {
    const blob = git(this.dir, ['hash-object', '-w', '--stdin'], content).trim();
    const lines = paths.map((path) => `100644 ${blob}\t${path}\0`).join('');
    git(this.dir, ['update-index', '-z', '--add', '--index-info'], lines);
    const tree = this.git('write-tree').trim();
    const parent = this.tryRevParse('HEAD');
    const commit = this.git(
      'commit-tree',
      tree,
      ...(parent === undefined ? [] : ['-p', parent]),
      '-m',
      message,
    ).trim();
    this.git('update-ref', 'HEAD', commit);
    return commit;
  }

  head(): Sha {
    return this.revParse('HEAD');
  }

  revParse(ref: string): Sha {
    return this.git('rev-parse', '--verify', `${ref}^{commit}`).trim();
  }

  tryRevParse(ref: string): Sha | undefined {
    try {
      return this.revParse(ref);
    } catch {
      return undefined;
    }
  }

  /** Pushes HEAD to `branch` of origin. */
  push(branch = 'main'): this {
    this.git('push', '--quiet', '--force', 'origin', `HEAD:refs/heads/${branch}`);
    return this;
  }

  /** Whether the object is in this repository's object store. */
  has(sha: Sha): boolean {
    try {
      this.git('cat-file', '-e', `${sha}^{commit}`);
      return true;
    } catch {
      return false;
    }
  }

  isShallow(): boolean {
    return this.git('rev-parse', '--is-shallow-repository').trim() === 'true';
  }
}

export interface Origin {
  /** The temporary folder holding everything; removed by dispose(). */
  readonly root: string;
  /** The bare repository that plays GitHub. */
  readonly bare: string;
  /** `file://…` URL of the bare repository: a clone over it may be shallow, as actions/checkout's is. */
  readonly url: string;
  /** A repository cloned from origin, with a work tree, that commits and pushes. */
  readonly work: GitRepo;
  /** A new clone of origin, as actions/checkout makes it (by default depth 1, one branch, no tags). */
  clone(options?: CloneOptions): GitRepo;
  /**
   * A copy of a clone, files and all (its shallow history, its config, its remote): a new checkout in a few
   * milliseconds, where a clone takes a hundred or more. For the suites that set up the same checkout test after test.
   */
  copy(of: GitRepo): GitRepo;
  /** A new, empty folder inside root (a workspace without a checkout). */
  emptyDir(name?: string): string;
  dispose(): void;
}

export interface CloneOptions {
  /** Default: the whole history. */
  readonly depth?: number;
  readonly branch?: string;
  /** Default false: like actions/checkout, no tags. */
  readonly tags?: boolean;
}

/** A bare origin, and a work repository on branch `main` cloned from it. */
export function createOrigin(prefix = 'changes-git-'): Origin {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const bare = join(root, 'origin.git');
  git(root, ['init', '--quiet', '--bare', '--initial-branch=main', bare]);
  const url = pathToFileURL(bare).href;
  const workDir = join(root, 'work');
  git(root, ['init', '--quiet', '--initial-branch=main', workDir]);
  git(workDir, ['remote', 'add', 'origin', url]);
  let clones = 0;
  return {
    root,
    bare,
    url,
    work: new GitRepo(workDir),
    clone(options = {}) {
      const dir = join(root, `clone-${++clones}`);
      git(root, [
        'clone',
        '--quiet',
        ...(options.depth === undefined ? [] : [`--depth=${options.depth}`]),
        ...(options.tags === true ? [] : ['--no-tags']),
        '--branch',
        options.branch ?? 'main',
        url,
        dir,
      ]);
      return new GitRepo(dir);
    },
    copy(of) {
      const dir = join(root, `clone-${++clones}`);
      cpSync(of.dir, dir, { recursive: true });
      return new GitRepo(dir);
    },
    emptyDir(name = `empty-${++clones}`) {
      const dir = join(root, name);
      mkdirSync(dir, { recursive: true });
      return dir;
    },
    dispose() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

// --- webhook payloads -------------------------------------------------------------------------------------

interface WebhookDefinition {
  readonly name: string;
  readonly examples: unknown[];
}

let definitions: readonly WebhookDefinition[] | undefined;

/** The real payloads of @octokit/webhooks-examples for one event, fresh copies each call. */
export function webhookExamples(event: string): Record<string, unknown>[] {
  definitions ??= JSON.parse(
    readFileSync(
      new URL('../../node_modules/@octokit/webhooks-examples/api.github.com/index.json', import.meta.url),
      'utf8',
    ),
  ) as WebhookDefinition[];
  const examples = definitions.find((definition) => definition.name === event)?.examples ?? [];
  return structuredClone(examples) as Record<string, unknown>[];
}

/** The first real payload of the event that `match` accepts; throws when there is none. */
export function webhookExample(
  event: string,
  match: (payload: Record<string, unknown>) => boolean = () => true,
): Record<string, unknown> {
  const found = webhookExamples(event).find(match);
  if (found === undefined) throw new Error(`no ${event} example in @octokit/webhooks-examples matches`);
  return found;
}

/** Sets a nested property of a payload, creating the objects on the way. */
export function setAt(payload: Record<string, unknown>, keys: readonly string[], value: unknown): void {
  let current: Record<string, unknown> = payload;
  for (const key of keys.slice(0, -1)) {
    const next = current[key];
    if (typeof next !== 'object' || next === null) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
  const last = keys.at(-1);
  if (last !== undefined) current[last] = value;
}

/** A real push payload (to a branch) with this repository's SHAs in place of the example's. */
export function pushPayload(before: Sha, after: Sha): Record<string, unknown> {
  const payload = webhookExample('push', (example) => String(example.ref).startsWith('refs/heads/'));
  payload.before = before;
  payload.after = after;
  setAt(payload, ['head_commit', 'id'], after);
  return payload;
}

/** A real pull_request payload (the `opened` one) with this repository's SHAs and a PR number of our own. */
export function pullRequestPayload(base: Sha, head: Sha, number: number): Record<string, unknown> {
  const payload = webhookExample('pull_request', (example) => example.action === 'opened');
  payload.number = number;
  setAt(payload, ['pull_request', 'number'], number);
  setAt(payload, ['pull_request', 'base', 'sha'], base);
  setAt(payload, ['pull_request', 'head', 'sha'], head);
  return payload;
}

/** Writes a payload as the runner does, for GITHUB_EVENT_PATH; returns the file's path. */
export function writeEvent(dir: string, payload: unknown, name = 'event.json'): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(payload));
  return path;
}

/** The runner's variables for a push from `base` to `head` of `origin`, on a fresh full clone as the workspace. */
export function pushEnv(origin: Origin, base: Sha, head: Sha): Record<string, string> {
  return {
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: writeEvent(origin.root, pushPayload(base, head)),
    GITHUB_WORKSPACE: origin.clone().dir,
    GITHUB_SHA: head,
  };
}
