/** Git, run safely (no shell, no program the checkout names, bounded in time), and the commits it resolves. */
import { execFile } from 'node:child_process';
import { isUtf8, quoteBytes } from '../shown/bytes.ts';

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
export const FETCH = [
  'fetch',
  '--quiet',
  '--no-tags',
  '--no-recurse-submodules',
  '--upload-pack=git-upload-pack',
];

/**
 * A git command is ended (SIGTERM) past this: a fetch of one commit's tree from a slow remote fits well within it,
 * and a remote that stopped answering does not hold the run.
 */
export const GIT_TIMEOUT_MS = 5 * 60_000;

// Names are read from output only, as NUL-separated bytes; 100,000 paths fit well within this buffer.
const TEXT_OUTPUT_BYTES = 512 * 1024 * 1024;

export function gitIn(workspace: string, signal?: AbortSignal): RunGit {
  const run = gitBytesIn(workspace, signal);
  return async (args) => {
    const stdout = await run(args, TEXT_OUTPUT_BYTES);
    if (!isUtf8(stdout)) throw new NameNotUtf8(args, stdout);
    return stdout.toString('utf8');
  };
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

/** Runs git (never a shell, with GIT_SAFETY, bounded in time and output) and resolves with its output as bytes. */
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
          signal,
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

export async function resolveCommit(ref: string, git: RunGit): Promise<string | undefined> {
  try {
    return (await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])).trim();
  } catch {
    return undefined;
  }
}

/** The full SHA of a commit the checkout has, fetching it when it lacks it. */
export async function commitOf(ref: string, git: RunGit): Promise<string> {
  const present = await resolveCommit(ref, git);
  if (present !== undefined) return present;
  // Depth 1 only where the checkout is shallow already: a complete clone must stay complete for later steps.
  const depth = (await isShallow(git)) ? ['--depth=1'] : [];
  await git([...FETCH, ...depth, '--end-of-options', 'origin', ref]);
  // A name fetched this way is not stored under its ref: FETCH_HEAD holds it.
  return (
    (await resolveCommit(ref, git)) ?? (await git(['rev-parse', '--verify', 'FETCH_HEAD^{commit}'])).trim()
  );
}

export async function isShallow(git: RunGit): Promise<boolean> {
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
      ([name]) => !/^(?:INPUT_|IMAGE_CACHE_)/i.test(name) && !(name.toUpperCase() in PROGRAM_VARIABLES),
    ),
  );
  for (const [name, value] of Object.entries(PROGRAM_VARIABLES)) if (value !== undefined) env[name] = value;
  return { ...env, GIT_TERMINAL_PROMPT: '0' };
}
