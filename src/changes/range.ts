/** The two commits whose difference is "what changed". */
export interface CommitRange {
  /** A commit, tag or branch; `PARENT` for the head's first parent (a push that created a branch). */
  readonly base: string | typeof PARENT;
  readonly head: string;
  /** How the range was found, for the summary: `push`, `pull_request #12`, `since v1.4.0`… */
  readonly origin: string;
  /** A pull request's number, for listing its files through an API when git cannot. */
  readonly pullNumber?: number;
  /** A pull request's test merge commit, compared with its first parent where it merges `head`. */
  readonly mergeCommit?: string;
}

export const PARENT = Symbol('parent of head');

/** The all-zeros SHA that CIs write for "no such commit": a new branch's before, a deleted branch's after. */
export const ZERO_SHA = /^0+$/;

/** A push that deleted a branch names an all-zero head: nothing to compare, nothing changed. */
export function isDeletion(range: CommitRange): boolean {
  return ZERO_SHA.test(range.head);
}

/** `since` in place of the event's base, compared with the head the pipeline runs on. */
export function sinceRange(since: string, head: string): CommitRange {
  return { base: since, head, origin: `since ${since}` };
}
