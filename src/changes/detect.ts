import { InputError } from '../mechanics/input-error.ts';
import { quote } from '../shown/shown.ts';
import type { CiContext } from '../ci/context.ts';
import type { ApiChanges, ChangedFiles } from '../domain/changed.ts';
import { short } from '../github/api.ts';
import { gitChangedFiles } from './git.ts';
import { NameNotUtf8, type RunGit } from '../mechanics/git.ts';
import { isDeletion, PARENT, type CommitRange } from '../domain/range.ts';
import { errorMessage } from '../mechanics/error-message.ts';

/** The files the triggering event changed: from git in the workspace, else as the CI allows (its API). */
export async function detectChangedFiles(
  ci: CiContext,
  since: string | undefined,
  git: RunGit,
): Promise<ChangedFiles> {
  const range = ci.changeRange(since);
  if (isDeletion(range)) return { files: [], source: `${range.origin}: a deleted branch changes no files` };
  const base = previousVersions(range);
  let gitProblem: string;
  try {
    const diff = await gitChangedFiles(range, git);
    const origin = diff.merge === true ? `${range.origin}, its test merge` : range.origin;
    return {
      files: diff.files,
      changes: diff.changes,
      source: `git diff ${short(diff.base)} ${short(diff.head)} (${origin})`,
      base,
    };
  } catch (error) {
    if (error instanceof NameNotUtf8) throw error;
    gitProblem = errorMessage(error);
  }
  const api = await withoutGit(ci, range, since, gitProblem);
  return {
    files: api.files,
    changes: api.changes,
    source: `${api.description} (${range.origin})`,
    fallbackReason: gitProblem,
    truncated: api.truncated,
    base,
  };
}

/** The commit whose files are the previous versions of the changed files: the range's base. */
function previousVersions(range: CommitRange): string {
  return range.base === PARENT ? `${range.head}^` : range.base;
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
    const apiProblem = errorMessage(error).replace(/\.$/, '');
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
