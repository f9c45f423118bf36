import { InputError } from '../settings/inputs.ts';
import { quote } from '../shown/shown.ts';
import type { CiContext } from './ci/context.ts';
import type { ApiChanges } from './github-api.ts';
import { short } from './github-api.ts';
import { gitChangedFiles, NameNotUtf8, type RunGit } from './git.ts';
import { isDeletion, type CommitRange } from './range.ts';

/** What happened to a changed file, as git and the GitHub API tell it. */
export interface FileChange {
  readonly status: 'added' | 'modified' | 'deleted' | 'renamed';
  /** A renamed file's path before the rename, on the entry of its new path. */
  readonly from?: string;
  /** A renamed file's path after the rename, on the entry of its old path (whose image is gone). */
  readonly to?: string;
}

/** The changed paths of a run, and where they came from. */
export interface ChangedFiles {
  readonly files: string[];
  /** What happened to each file, at the same index as `files`, when the source tells it (git, the GitHub API). */
  readonly changes?: readonly FileChange[];
  /** For the summary and the report: `git diff abc1234 def5678 (push)`, `the files input`… */
  readonly source: string;
  readonly truncated?: string;
  /** Why git could not be used, when an API stood in. */
  readonly fallbackReason?: string;
}

/** The files the triggering event changed: from git in the workspace, else as the CI allows (its API). */
export async function detectChangedFiles(
  ci: CiContext,
  since: string | undefined,
  git: RunGit,
): Promise<ChangedFiles> {
  const range = ci.changeRange(since);
  if (isDeletion(range)) return { files: [], source: `${range.origin}: a deleted branch changes no files` };
  let gitProblem: string;
  try {
    const diff = await gitChangedFiles(range, git);
    const origin = diff.merge === true ? `${range.origin}, its test merge` : range.origin;
    return {
      files: diff.files,
      changes: diff.changes,
      source: `git diff ${short(diff.base)} ${short(diff.head)} (${origin})`,
    };
  } catch (error) {
    if (error instanceof NameNotUtf8) throw error;
    gitProblem = error instanceof Error ? error.message : String(error);
  }
  const api = await withoutGit(ci, range, since, gitProblem);
  return {
    files: api.files,
    ...(api.changes === undefined ? {} : { changes: api.changes }),
    source: `${api.description} (${range.origin})`,
    fallbackReason: gitProblem,
    ...(api.truncated === undefined ? {} : { truncated: api.truncated }),
  };
}

/** The CI's API in place of git; when neither knows `since`, the mistake is most likely its value. */
async function withoutGit(
  ci: CiContext,
  range: CommitRange,
  since: string | undefined,
  gitProblem: string,
): Promise<ApiChanges> {
  try {
    return await ci.withoutGit(range, gitProblem);
  } catch (error) {
    if (since === undefined) throw error;
    const apiProblem = (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
    // Where no API stands in, its error only repeats what git said, and how to give git a checkout: there is one.
    const git = `git could not find it, even after fetching it (${gitProblem})`;
    const why = apiProblem.includes(gitProblem) ? git : `${git}, and neither could the API (${apiProblem})`;
    throw new InputError(
      `since: ${quote(since)} could not be compared with ${short(range.head)}: ${why}. Give a commit SHA, tag ` +
        'or branch that exists in the repository, and check its spelling.',
      { cause: error },
    );
  }
}
