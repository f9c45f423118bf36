import { apiChangedFiles, short } from './github-api.ts';
import { commitRange, isDeletion, type GithubContext } from './event.ts';
import { gitChangedFiles, type RunGit } from './git.ts';

/** The changed paths of a run, and where they came from. */
export interface ChangedFiles {
  readonly files: string[];
  /** For the summary and the report: `git diff abc1234 def5678 (push)`, `the files input`… */
  readonly source: string;
  readonly truncated?: string;
  /** Why git could not be used, when the API stood in. */
  readonly fallbackReason?: string;
}

/** The files the triggering event changed: from git in the workspace, else from the GitHub API. */
export async function detectChangedFiles(
  context: GithubContext,
  since: string | undefined,
  git: RunGit,
): Promise<ChangedFiles> {
  const range = commitRange(context, since);
  if (isDeletion(range)) return { files: [], source: `${range.origin}: a deleted branch changes no files` };
  let gitProblem: string;
  try {
    const diff = await gitChangedFiles(range, git);
    const origin = diff.merge === true ? `${range.origin}, its test merge` : range.origin;
    return { files: diff.files, source: `git diff ${short(diff.base)} ${short(diff.head)} (${origin})` };
  } catch (error) {
    gitProblem = error instanceof Error ? error.message : String(error);
  }
  if (context.token === '' || context.repository === '') {
    throw new Error(
      `Could not find the changed files: git could not (${gitProblem}), and the GitHub API needs github-token ` +
        'and GITHUB_REPOSITORY. Check out the repository first (actions/checkout), or list the paths in files.',
    );
  }
  const api = await apiChangedFiles(range, context);
  return {
    files: api.files,
    source: `${api.description} (${range.origin})`,
    fallbackReason: gitProblem,
    ...(api.truncated === undefined ? {} : { truncated: api.truncated }),
  };
}
