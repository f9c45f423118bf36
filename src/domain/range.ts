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
   * A branch's range, whose head a run records on its target: compared with the record where there is one. Its base
   * is the event's (`from-base`: a push), or a guess (`from-head`: the head's parent, after a deploy, a dispatch or a
   * schedule) that a first run uses. Named apart from the `catch-up` setting, which turns the record on or off.
   */
  readonly branch?: 'from-base' | 'from-head';
  /** A push that rewrote the branch's history: GitHub's payload says `forced`. */
  readonly forced?: boolean;
  /** Set when the base is only a guess (the head's parent) that a record must replace: why, naming what to set. */
  readonly needsBase?: string;
  /** Set when the event asks for nothing (a failed deploy): why, as a notice; nothing is compared or recorded. */
  readonly skip?: string;
  /** With `skip`: the event names no commit (a tag, a dispatch without one), and `since` gives it one to compare. */
  readonly skipUnlessSince?: boolean;
  /** After a deploy: where the event names the deployed commit, as a workflow writes it in actions/checkout's `ref:`. */
  readonly checkoutRef?: string | undefined;
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

/** The range with its base settled: the head's parent (or the event's base), once nothing better is known. */
export function withoutNeedsBase(range: CommitRange): CommitRange {
  const settled: { -readonly [K in keyof CommitRange]: CommitRange[K] } = { ...range };
  delete settled.needsBase;
  return settled;
}

/** A commit's name as people write it: a full SHA cut to seven characters, any other name (a tag, `HEAD~1`) as it is. */
export function short(sha: string): string {
  return /^[0-9a-f]{40,64}$/.test(sha) ? sha.slice(0, 7) : sha;
}
