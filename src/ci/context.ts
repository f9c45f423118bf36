import { InputError } from '../mechanics/input-error.ts';
import type { ApiChanges } from '../domain/changed.ts';
import { sinceRange, type CommitRange } from '../domain/range.ts';

/**
 * The CI the run happens in, as far as finding the changed files goes: where the checkout is, which commits the
 * triggering event changed, and what to do when git cannot tell.
 */
export interface CiContext {
  /** Where the checkout is: git runs here, and `rewrite` looks here. */
  readonly workspace: string;
  /**
   * The commits whose difference is what changed, with `since` in place of the base when given. Throws an
   * InputError saying what to pass when the pipeline names no commits.
   */
  changeRange(since: string | undefined): CommitRange;
  /** The changed files when git could not tell (`gitProblem` says why): from the CI's API, or an error. */
  withoutGit(range: CommitRange, gitProblem: string): Promise<ApiChanges>;
  /** Where a run records what it made fresh on its target, and a later one reads it: GitHub's deployments. */
  readonly record?: RecordPlace;
  /**
   * The URL the deploy event names (a deployment status's `environment_url` or `target_url`, Vercel's
   * `client_payload.url`): often the deployment's own host, not the public site. Text from outside.
   */
  readonly deployedUrl?: string | undefined;
}

/** The deployments of a workflow run's repository, and the range its event covers as a branch's run. */
export interface RecordPlace {
  readonly apiUrl: string;
  /** `owner/name`. */
  readonly repository: string;
  /** A secret: never shown. */
  readonly token: string;
  /** The run's page, for the record's link. */
  readonly runUrl?: string;
  /**
   * The event's range, marked for catch-up (`branch`) when it is a branch's run; unlike changeRange, it gives the
   * events that name no commits (a dispatch, a schedule) their head, the base to come from the record. A deploy to
   * another environment than `deployEnvironment` (a preview) is skipped.
   */
  branchRange(since: string | undefined, deployEnvironment: string): CommitRange;
}

/** A CI known by its variables: the range its event names, if any, and what to say when it names none. */
export interface PipelineFacts {
  readonly workspace: string;
  /** The commit the pipeline runs on. */
  readonly head: string;
  readonly range?: CommitRange | undefined;
  /** Why no range, and what to set instead: an InputError naming since. */
  readonly noRange: string;
  /** How to let git tell, when it cannot: e.g. `Let the job fetch the repository`. */
  readonly remedy: string;
}

export function pipelineCi(facts: PipelineFacts): CiContext {
  return {
    workspace: facts.workspace,
    changeRange(since) {
      if (since !== undefined) return sinceRange(since, facts.head);
      if (facts.range !== undefined) return facts.range;
      throw new InputError(facts.noRange);
    },
    withoutGit: (_range, gitProblem) => Promise.reject(cannotTell(gitProblem, facts.remedy)),
  };
}

/** Outside any CI: the working directory's checkout, compared from `since` to HEAD. */
export function localCi(workspace: string): CiContext {
  return pipelineCi({
    workspace,
    head: 'HEAD',
    noRange: NO_RANGE_OUTSIDE_CI,
    remedy: 'Run it in a git checkout',
  });
}

/** The error when git cannot tell and no API stands in. `remedy` says how to give git a checkout. */
export function cannotTell(gitProblem: string, remedy: string): Error {
  return new Error(
    `Could not find the changed files: git could not (${gitProblem}). ${remedy}, or list the paths in files.`,
  );
}

/** Outside a CI that names the commits to compare, `since` is needed. */
export const NO_RANGE_OUTSIDE_CI =
  'since: outside a CI that names the commits to compare (GitHub Actions, GitLab CI), no event names them. Set ' +
  'since to a commit, tag or branch (e.g. --since v1.4.0), or pass the changed paths: ' +
  'git diff --name-only -z A B | … --files - -0';
