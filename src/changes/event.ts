import { throwInput } from '../inputs.ts';

/** What the runner tells about the workflow run (GITHUB_* variables and the event's payload). */
export interface GithubContext {
  readonly eventName: string;
  /** The webhook payload from GITHUB_EVENT_PATH, as parsed JSON. */
  readonly payload: unknown;
  /** GITHUB_SHA: the commit the workflow runs on. */
  readonly sha: string;
  readonly workspace: string;
  /** `owner/name`. */
  readonly repository: string;
  readonly apiUrl: string;
  readonly token: string;
}

/** The two commits whose difference is "what changed". */
export interface CommitRange {
  /** A commit, tag or branch; `parent` for the head's first parent (a push that created a branch). */
  readonly base: string | typeof PARENT;
  readonly head: string;
  /** How the range was found, for the summary: `push`, `pull_request #12`, `since`… */
  readonly origin: string;
  readonly pullNumber?: number;
  /** A pull request's test merge commit (GITHUB_SHA), compared with its first parent where it merges `head`. */
  readonly mergeCommit?: string;
}

export const PARENT = Symbol('parent of head');

const ZERO_SHA = /^0+$/;

/** A push that deleted a branch names an all-zero head: nothing to compare, nothing changed. */
export function isDeletion(range: CommitRange): boolean {
  return ZERO_SHA.test(range.head);
}

/** The range the triggering event changed, with `since` in place of its base when given. */
export function commitRange(context: GithubContext, since: string | undefined): CommitRange {
  const event = eventRange(context);
  const head = event?.head ?? context.sha;
  if (since !== undefined) return { base: since, head, origin: `since ${since}` };
  if (event !== undefined) return event;
  if (context.eventName === '') {
    return throwInput(
      'since: outside a GitHub workflow, no event names the commits to compare. Set since to a commit, tag or ' +
        'branch (e.g. --since v1.4.0), or pass the changed paths: git diff --name-only -z A B | … --files - -0',
    );
  }
  return throwInput(
    `since: the workflow was triggered by '${context.eventName}', which names no commits to compare. Set since ` +
      'to a commit, tag or branch to compare with (e.g. since: v1.4.0), or list the changed paths in files.',
  );
}

function eventRange(context: GithubContext): CommitRange | undefined {
  const payload = context.payload;
  switch (context.eventName) {
    case 'push': {
      const before = stringAt(payload, 'before');
      const after = stringAt(payload, 'after') ?? context.sha;
      if (before === undefined || ZERO_SHA.test(before))
        return { base: PARENT, head: after, origin: 'push (new branch)' };
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
      const merge = context.eventName === 'pull_request' && context.sha !== head ? context.sha : undefined;
      return {
        base,
        head,
        origin: `${context.eventName}${number === undefined ? '' : ` #${number}`}`,
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
      return undefined;
  }
}

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
