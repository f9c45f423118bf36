/** The two commits whose difference is "what changed". */
export interface CommitRange {
  /** A commit, tag or branch; `PARENT` for the head's first parent (a push that created a branch). */
  readonly base: string | typeof PARENT;
  readonly head: string;
  /** How the range was found, for the summary: `push`, `pull_request #12`, `since v1.4.0`… */
  readonly origin: string;
  /** A pull request's number, for listing its files through an API when git cannot. */
  readonly pullNumber?: number | undefined;
  /** A pull request's test merge commit, compared with its first parent where it merges `head`. */
  readonly mergeCommit?: string | undefined;
  /**
   * A branch's range, whose head a green run records fresh: where catch-up looks for the newest commit recorded
   * fresh, from the event's base (a push) or from the head (the deployed commit of a deploy, dispatch or schedule).
   */
  readonly catchUp?: 'from-base' | 'from-head';
  /** Set when the base is only a guess (the head's parent) that a record must replace: why, naming what to set. */
  readonly needsBase?: string;
  /** Set when the event asks for nothing (a failed deploy): why, as a notice; nothing is compared or recorded. */
  readonly skip?: string;
  /**
   * Whether catch-up looked for the newest commit recorded fresh (so the next run, alike, looks too); and, when the
   * look failed, why: then the head is not recorded fresh either, since images before the base may be stale.
   */
  readonly looked?: true | { readonly failed: string };
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
