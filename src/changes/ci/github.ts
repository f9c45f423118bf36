import { unhandled } from '../../exhaustive.ts';
import { readRegularFile, UnreadableFile } from '../../settings/regular-file.ts';
import { throwInput } from '../../settings/inputs.ts';
import { quote } from '../../shown/shown.ts';
import { apiChangedFiles, type ApiLimits, type GithubApi } from '../github-api.ts';
import { PARENT, sinceRange, ZERO_SHA, type CommitRange } from '../range.ts';
import { cannotTell, NO_RANGE_OUTSIDE_CI, type CiContext } from './context.ts';

/** What the runner tells about the workflow run (GITHUB_* variables and the event's payload). */
export interface GithubContext extends GithubApi {
  readonly eventName: string;
  /** The webhook payload from GITHUB_EVENT_PATH, as parsed JSON. */
  readonly payload: unknown;
  /** Why the payload could not be read (`from "/path" (ENOENT)`), when it could not: never guessed around. */
  readonly payloadProblem?: string;
  /** GITHUB_SHA: the commit the workflow runs on. */
  readonly sha: string;
  readonly workspace: string;
}

/** GitHub Actions: the event's payload names the commits; the REST API stands in where git cannot tell. */
export function githubCi(context: GithubContext): CiContext {
  return {
    workspace: context.workspace,
    changeRange: (since) => commitRange(context, since),
    async withoutGit(range, gitProblem) {
      if (context.token === '' || context.repository === '') {
        throw cannotTell(
          gitProblem,
          'The GitHub API needs github-token and GITHUB_REPOSITORY. Check out the repository first (actions/checkout)',
        );
      }
      return apiChangedFiles(range, context);
    },
  };
}

/** The workflow run, as the runner describes it in GITHUB_* variables. */
export function githubContextFromEnv(
  token: string,
  env: NodeJS.ProcessEnv = process.env,
  limits?: ApiLimits,
): GithubContext {
  return {
    ...(limits === undefined ? {} : { limits }),
    eventName: env.GITHUB_EVENT_NAME ?? '',
    ...readPayload(env.GITHUB_EVENT_PATH ?? ''),
    sha: env.GITHUB_SHA || 'HEAD',
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    repository: env.GITHUB_REPOSITORY ?? '',
    apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
    token,
  };
}

/** GitHub caps a webhook payload at 25 MB; the runner's event file holds one. */
const MAX_EVENT_BYTES = 32 * 1024 * 1024;

/** The event's payload, or why it cannot be read; only events that name their commits in it need it. */
function readPayload(path: string): { payload: unknown; payloadProblem?: string } {
  if (path === '') return { payload: {}, payloadProblem: ': GITHUB_EVENT_PATH is empty' };
  let text: string;
  try {
    // A regular file only, within a cap: a FIFO or a device there would block the process, deaf to every signal.
    text = readRegularFile(path, { maxBytes: MAX_EVENT_BYTES });
  } catch (error) {
    if (error instanceof UnreadableFile)
      return { payload: {}, payloadProblem: ` from ${quote(path)}: it ${error.what}` };
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    return { payload: {}, payloadProblem: ` from ${quote(path)} (${code})` };
  }
  try {
    return { payload: JSON.parse(text) as unknown };
  } catch {
    return { payload: {}, payloadProblem: ` from ${quote(path)}: it is not JSON` };
  }
}

/** The range the triggering event changed, with `since` in place of its base when given. */
export function commitRange(context: GithubContext, since: string | undefined): CommitRange {
  // `since` replaces the event's base: its head (GITHUB_SHA where the payload cannot tell) is all it needs.
  if (since !== undefined) {
    const head = context.payloadProblem === undefined ? eventRange(context)?.head : undefined;
    return sinceRange(since, head ?? context.sha);
  }
  const event = eventRange(context);
  if (event !== undefined) return event;
  if (context.eventName === '') return throwInput(NO_RANGE_OUTSIDE_CI);
  return throwInput(
    `since: the workflow was triggered by '${context.eventName}', which names no commits to compare. Set since ` +
      'to a commit, tag or branch to compare with (e.g. since: v1.4.0), or list the changed paths in files.',
  );
}

function eventRange(context: GithubContext): CommitRange | undefined {
  const payload = context.payload;
  const event = PAYLOAD_EVENTS.find((name) => name === context.eventName);
  if (event === undefined) return undefined;
  if (context.payloadProblem !== undefined) {
    return throwInput(
      `GITHUB_EVENT_PATH: the payload of the '${context.eventName}' event (GITHUB_EVENT_NAME) cannot be read` +
        `${context.payloadProblem}, and it names the commits to compare. The runner writes it for every job; ` +
        'outside one, set since (a commit, tag or branch to compare with), or list the changed paths in files.',
    );
  }
  switch (event) {
    case 'push': {
      const before = stringAt(payload, 'before');
      const after = stringAt(payload, 'after') ?? context.sha;
      if (before === undefined) {
        return throwInput(
          "GITHUB_EVENT_PATH: the 'push' event's payload has no 'before' commit, so what the push changed is " +
            'unknown; set since (a commit, tag or branch to compare with), or list the changed paths in files.',
        );
      }
      if (ZERO_SHA.test(before)) return { base: PARENT, head: after, origin: 'push (new branch)' };
      return { base: before, head: after, origin: 'push' };
    }
    case 'pull_request':
    case 'pull_request_target': {
      const base = stringAt(payload, 'pull_request', 'base', 'sha');
      const head = stringAt(payload, 'pull_request', 'head', 'sha');
      const number = numberAt(payload, 'pull_request', 'number') ?? numberAt(payload, 'number');
      if (base === undefined || head === undefined) return undefined;
      // For pull_request, GITHUB_SHA is the test merge of head into the base branch: where git has it, that merge
      // against its first parent is exactly what the pull request changes, whatever the base branch did since.
      const merge = event === 'pull_request' && context.sha !== head ? context.sha : undefined;
      return {
        base,
        head,
        origin: `${event}${number === undefined ? '' : ` #${number}`}`,
        ...(number === undefined ? {} : { pullNumber: number }),
        ...(merge === undefined || merge === 'HEAD' ? {} : { mergeCommit: merge }),
      };
    }
    case 'merge_group': {
      const base = stringAt(payload, 'merge_group', 'base_sha');
      const head = stringAt(payload, 'merge_group', 'head_sha');
      return base === undefined || head === undefined ? undefined : { base, head, origin: 'merge_group' };
    }
    default:
      return unhandled(event);
  }
}

/** The events whose payload names the commits to compare: an event added here must be read in eventRange. */
const PAYLOAD_EVENTS = ['push', 'pull_request', 'pull_request_target', 'merge_group'] as const;

function valueAt(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function stringAt(value: unknown, ...keys: string[]): string | undefined {
  const found = valueAt(value, ...keys);
  return typeof found === 'string' && found !== '' ? found : undefined;
}

function numberAt(value: unknown, ...keys: string[]): number | undefined {
  const found = valueAt(value, ...keys);
  return typeof found === 'number' ? found : undefined;
}
