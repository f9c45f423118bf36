import { execFile } from 'node:child_process';
import { isUtf8, quoteBytes } from '../shown/bytes.ts';
import type { FileChange } from './changed.ts';
import { PARENT, type CommitRange } from './range.ts';

/** Runs git with these arguments in the workspace and resolves with its standard output. Never a shell. */
export type RunGit = (args: readonly string[]) => Promise<string>;

/**
 * Before every command: git starts no program that the checkout names. Its .git/config may have been written by an
 * earlier step of the job, and git runs many settings as programs (git-config(1)): the file system monitor (on a
 * fetch into a shallow clone, too), hooks (a fetch runs reference-transaction), a pager, an external diff, the
 * command listing an alternate's refs, a proxy for git://, the ssh command, an askpass and credential helpers
 * (asked when an origin wants a password), transports that run a command (ext::, remote helpers), and a background
 * gc or maintenance after a fetch. Settings given with -c win over every config file: each is set to do nothing,
 * or to git's own program. A credential a fetch needs must come with the URL's configuration, as actions/checkout
 * gives its token (http.extraheader); an ssh origin is reached with the runner's own `ssh` and keys.
 *
 * Not set here, as no command the action runs reads them: diff drivers (`diff.<driver>.textconv`, `.command`) and
 * filters (`filter.<driver>.*`) named by .gitattributes, which only a diff of contents or a checkout run
 * (`--no-textconv` and `--no-ext-diff` are on the diff all the same); editors; gpg (no command verifies a
 * signature, and `log.showSignature` is off). Each is tested not to run.
 */
export const GIT_SAFETY: readonly string[] = [
  '--no-pager',
  ...[
    'core.fsmonitor=false',
    'core.hooksPath=/dev/null',
    'diff.external=',
    // The refs of an alternate are then listed by git itself.
    'core.alternateRefsCommand=',
    'core.askPass=',
    // An empty helper empties the list of helpers that the config files gave.
    'credential.helper=',
    'core.sshCommand=ssh -o BatchMode=yes',
    'log.showSignature=false',
    // Only the transports of git itself: not ext:: (a command), nor a remote helper (git-remote-<name>).
    'protocol.allow=never',
    ...['file', 'git', 'http', 'https', 'ssh'].map((scheme) => `protocol.${scheme}.allow=always`),
    'gc.auto=0',
    'maintenance.auto=false',
  ].flatMap((setting) => ['-c', setting]),
];

/**
 * A fetch from origin: no tags, no submodules, and the standard upload-pack, set here because for
 * remote.origin.uploadpack (the program a local or ssh fetch runs) the first setting found wins, not the last.
 */
const FETCH = ['fetch', '--quiet', '--no-tags', '--no-recurse-submodules', '--upload-pack=git-upload-pack'];

/**
 * A git command is ended (SIGTERM) past this: a fetch of one commit's tree from a slow remote fits well within it,
 * and a remote that stopped answering does not hold the run.
 */
export const GIT_TIMEOUT_MS = 5 * 60_000;

export function gitIn(workspace: string, signal?: AbortSignal): RunGit {
  return (args) =>
    new Promise((resolve, reject) => {
      execFile(
        'git',
        [...GIT_SAFETY, ...args],
        // Names are read from output only, as NUL-separated bytes; 100,000 paths fit well within this buffer.
        {
          cwd: workspace,
          encoding: 'buffer',
          maxBuffer: 512 * 1024 * 1024,
          env: gitEnvironment(),
          timeout: GIT_TIMEOUT_MS,
          ...(signal === undefined ? {} : { signal }),
        },
        (error, stdout, stderr) => {
          if (error !== null) {
            const message = stderr.toString('utf8').trim() || error.message;
            reject(new Error(`git ${args.join(' ')}: ${message}`, { cause: error }));
          } else if (isUtf8(stdout)) resolve(stdout.toString('utf8'));
          else reject(new NameNotUtf8(args, stdout));
        },
      );
    });
}

/**
 * A name in git's output that is not UTF-8 (`caf\xE9.png` committed from Latin-1). A URL names a file by its UTF-8
 * bytes, so decoding it would make up a name (`caf\uFFFD.png`) and invalidate an image that does not exist in place of
 * the real one: the run stops instead, naming it with its bytes shown. Not a reason to ask the GitHub API instead,
 * which would make up the same name.
 */
export class NameNotUtf8 extends Error {
  constructor(args: readonly string[], output: Buffer) {
    const name = fields(output).find((field) => !isUtf8(field)) ?? output;
    super(
      `git ${args[0] ?? ''}: the name ${quoteBytes(name)} is not UTF-8 (a byte that is not is shown as \\xHH); a ` +
        "name is requested by its UTF-8 bytes, so one in another encoding maps to no image's URL. Rename the file " +
        'in UTF-8, or list the changed images in files.',
    );
    this.name = 'NameNotUtf8';
  }
}

/** The NUL- or line-separated fields of git's output. */
function fields(output: Buffer): Buffer[] {
  const found: Buffer[] = [];
  let start = 0;
  for (let i = 0; i <= output.length; i++) {
    if (i === output.length || output[i] === 0 || output[i] === 0x0a) {
      found.push(output.subarray(start, i));
      start = i + 1;
    }
  }
  return found;
}

/** Runs git as gitIn does, and resolves with its standard output as bytes: a blob is not text. */
export type RunGitBytes = (args: readonly string[], maxBytes: number) => Promise<Buffer>;

export function gitBytesIn(workspace: string, signal?: AbortSignal): RunGitBytes {
  return (args, maxBytes) =>
    new Promise((resolve, reject) => {
      execFile(
        'git',
        [...GIT_SAFETY, ...args],
        {
          cwd: workspace,
          encoding: 'buffer',
          maxBuffer: maxBytes,
          env: gitEnvironment(),
          timeout: GIT_TIMEOUT_MS,
          ...(signal === undefined ? {} : { signal }),
        },
        (error, stdout, stderr) => {
          if (error === null) resolve(stdout);
          else
            reject(
              new Error(`git ${args.join(' ')}: ${stderr.toString('utf8').trim() || error.message}`, {
                cause: error,
              }),
            );
        },
      );
    });
}

// The tree of no files, to compare a root commit with.
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

export interface GitDiff {
  readonly base: string;
  readonly head: string;
  /** Added, modified and deleted paths; a rename is its old path and its new path. */
  readonly files: string[];
  /** What happened to each of `files`, at the same index. */
  readonly changes: FileChange[];
  /** Whether base..head is a pull request's test merge against its first parent. */
  readonly merge?: boolean;
}

/**
 * The paths that differ between the range's two commits, from the checkout in the workspace. A commit that a
 * shallow checkout lacks is fetched alone (depth 1, by SHA or name): the difference of two trees needs no history.
 */
export async function gitChangedFiles(range: CommitRange, git: RunGit): Promise<GitDiff> {
  await git(['rev-parse', '--is-inside-work-tree']);
  const merged =
    range.mergeCommit === undefined ? undefined : await mergeOf(range.mergeCommit, range.head, git);
  const head = merged?.merge ?? (await ensureCommit(range.head, git));
  const base =
    merged?.firstParent ??
    (range.base === PARENT ? await parentOf(head, git) : await ensureCommit(range.base, git));
  const output = await git([
    'diff',
    '--name-status',
    '-z',
    // Renames are found (a renamed file is its old path and its new path all the same), so that the preview can
    // say which file a new name came from.
    '-M',
    '--no-ext-diff',
    '--no-textconv',
    base,
    head,
    '--',
  ]);
  return {
    base,
    head,
    ...parseNameStatus(output),
    ...(merged === undefined ? {} : { merge: true }),
  };
}

/**
 * `git diff --name-status -z` output: a status (`A`, `M`, `D`, `T`, `R100`, `C75`…) then its path, or for a rename
 * or copy its old path and its new path, each NUL-terminated.
 */
export function parseNameStatus(output: string): { files: string[]; changes: FileChange[] } {
  const fields = output.split('\0');
  const files: string[] = [];
  const changes: FileChange[] = [];
  for (let i = 0; i < fields.length; i++) {
    const status = fields[i] ?? '';
    if (status === '') continue;
    const path = fields[++i] ?? '';
    if (status.startsWith('R')) {
      const to = fields[++i] ?? '';
      files.push(path, to);
      changes.push({ status: 'renamed', to }, { status: 'renamed', from: path });
    } else {
      // A copy (C) leaves its source as it was: only the new path changed.
      const target = status.startsWith('C') ? (fields[++i] ?? '') : path;
      files.push(target);
      changes.push({ status: statusOf(status) });
    }
  }
  return { files, changes };
}

function statusOf(status: string): FileChange['status'] {
  switch (status[0]) {
    case 'A':
    case 'C':
      return 'added';
    case 'D':
      return 'deleted';
    default: // M, T (a type change), U, X
      return 'modified';
  }
}

/**
 * The pull request's test merge and its first parent, when the merge commit's second parent is the pull
 * request's head; otherwise (no such commit here or at origin, another shape) undefined, and base..head is used.
 */
async function mergeOf(
  mergeCommit: string,
  pullHead: string,
  git: RunGit,
): Promise<{ merge: string; firstParent: string } | undefined> {
  try {
    const merge = await ensureCommit(mergeCommit, git);
    let second = await resolve(`${merge}^2`, git);
    if (second === undefined && (await isShallow(git))) {
      await git([...FETCH, '--depth=2', '--end-of-options', 'origin', merge]);
      second = await resolve(`${merge}^2`, git);
    }
    const firstParent = await resolve(`${merge}^1`, git);
    if (second === undefined || firstParent === undefined || second !== (await resolve(pullHead, git)))
      return undefined;
    return { merge, firstParent };
  } catch {
    return undefined;
  }
}

async function resolve(ref: string, git: RunGit): Promise<string | undefined> {
  try {
    return (await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])).trim();
  } catch {
    return undefined;
  }
}

async function ensureCommit(ref: string, git: RunGit): Promise<string> {
  const present = await resolve(ref, git);
  if (present !== undefined) return present;
  // Depth 1 only where the checkout is shallow already: a complete clone must stay complete for later steps.
  const depth = (await isShallow(git)) ? ['--depth=1'] : [];
  await git([...FETCH, ...depth, '--end-of-options', 'origin', ref]);
  // A name fetched this way is not stored under its ref: FETCH_HEAD holds it.
  return (await resolve(ref, git)) ?? (await git(['rev-parse', '--verify', 'FETCH_HEAD^{commit}'])).trim();
}

async function parentOf(head: string, git: RunGit): Promise<string> {
  const parent = await resolve(`${head}^`, git);
  if (parent !== undefined) return parent;
  if (!(await isShallow(git))) return EMPTY_TREE; // a root commit: everything in it is new
  await git([...FETCH, '--depth=2', '--end-of-options', 'origin', head]);
  return (await resolve(`${head}^`, git)) ?? EMPTY_TREE;
}

async function isShallow(git: RunGit): Promise<boolean> {
  return (await git(['rev-parse', '--is-shallow-repository'])).trim() === 'true';
}

/**
 * Variables that name a program for git to run, or that ssh runs: removed, or set empty where an empty value is
 * what turns them off (an empty GIT_ASKPASS also hides core.askPass and SSH_ASKPASS; an empty GIT_PROXY_COMMAND
 * hides every core.gitProxy).
 */
const PROGRAM_VARIABLES: Readonly<Record<string, string | undefined>> = {
  GIT_ASKPASS: '',
  SSH_ASKPASS: undefined,
  SSH_ASKPASS_REQUIRE: 'never',
  GIT_PROXY_COMMAND: '',
  GIT_SSH: undefined,
  GIT_SSH_COMMAND: undefined,
  GIT_EXTERNAL_DIFF: undefined,
  GIT_PAGER: undefined,
  PAGER: undefined,
  GIT_EDITOR: undefined,
  GIT_SEQUENCE_EDITOR: undefined,
};

/**
 * The environment git and what it starts (the ssh client, the upload-pack of a local fetch) run in: without the
 * inputs and the command's variables, which hold the Root key and the GitHub token, and without PROGRAM_VARIABLES.
 */
function gitEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(INPUT_|IMAGE_CACHE_)/i.test(name) && !(name.toUpperCase() in PROGRAM_VARIABLES),
    ),
  );
  for (const [name, value] of Object.entries(PROGRAM_VARIABLES)) if (value !== undefined) env[name] = value;
  return { ...env, GIT_TERMINAL_PROMPT: '0' };
}

/**
 * The commit and its ancestors, newest first, at most `limit`: a shallow checkout that holds fewer is deepened, by a
 * fetch of that commit's history to that depth (never shortened: it is fetched only when fewer are here).
 */
export async function historyOf(ref: string, limit: number, git: RunGit): Promise<string[]> {
  const list = async (sha: string): Promise<string[]> =>
    (await git(['rev-list', `--max-count=${limit}`, '--end-of-options', sha])).split('\n').filter(Boolean);
  const sha = await ensureCommit(ref, git);
  const history = await list(sha);
  if (history.length >= limit || !(await isShallow(git))) return history;
  await git([...FETCH, `--depth=${limit}`, '--end-of-options', 'origin', sha]);
  return list(sha);
}

/** The full SHA of a commit the checkout has, fetching it when it lacks it. */
export function commitOf(ref: string, git: RunGit): Promise<string> {
  return ensureCommit(ref, git);
}

/**
 * `since` as a full SHA, where a shallow checkout (actions/checkout's depth 1) lacks it: `HEAD~N` and `X^` by
 * deepening X's history by as many commits; a short SHA by deepening the head's history up to `depth` commits; a
 * tag or branch by fetching it by name. Undefined when it is still not found.
 */
export async function sinceCommit(
  since: string,
  head: string,
  depth: number,
  git: RunGit,
): Promise<string | undefined> {
  const here = await resolve(since, git);
  if (here !== undefined || !(await isShallow(git))) return here;
  const ancestry = /^(.+?)((?:[~^]\d*)+)$/.exec(since);
  if (ancestry !== null) {
    const [, start = '', suffix = ''] = ancestry;
    const steps = [...suffix.matchAll(/([~^])(\d*)/g)].reduce(
      (sum, [, kind, n]) => sum + (kind === '~' ? Number(n === '' ? 1 : n) : 1),
      0,
    );
    const from = await sinceCommit(start, head, depth, git);
    if (from === undefined || steps >= depth) return undefined;
    await git([...FETCH, `--depth=${steps + 1}`, '--end-of-options', 'origin', from]);
    return resolve(`${from}${suffix}`, git);
  }
  if (/^[0-9a-f]{4,39}$/i.test(since)) {
    await git([...FETCH, `--depth=${depth}`, '--end-of-options', 'origin', await ensureCommit(head, git)]);
    return resolve(since, git);
  }
  try {
    return await ensureCommit(since, git);
  } catch {
    return undefined;
  }
}
