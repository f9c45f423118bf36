import { InputError } from '../mechanics/input-error.ts';
import { quote } from '../shown/shown.ts';
import type { CiContext } from '../ci/context.ts';
import type { ApiChanges, ChangedFiles, FileChange } from '../domain/changed.ts';
import type { Span } from '../domain/memory.ts';
import { short } from '../domain/range.ts';
import { GithubRequestFailed } from '../github/request-failed.ts';
import { gitChangedFiles } from './git.ts';
import { NameNotUtf8, type RunGit } from '../mechanics/git.ts';
import { isDeletion, PARENT, type CommitRange } from '../domain/range.ts';
import { errorMessage } from '../mechanics/error-message.ts';
import { causes } from '../mechanics/causes.ts';

/** The files the triggering event changed: from git in the workspace, else as the CI allows (its API). */
export async function detectChangedFiles(
  ci: CiContext,
  since: string | undefined,
  git: RunGit,
): Promise<ChangedFiles> {
  const range = ci.changeRange(since);
  if (range.skip !== undefined) return { files: [], source: range.origin, skipped: range.skip };
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
      compared: { base: diff.base, head: diff.head },
    };
  } catch (error) {
    if (error instanceof NameNotUtf8) throw error;
    gitProblem = errorMessage(error);
  }
  const api = await withoutGit(ci, range, since, gitProblem);
  const compared = api.base ?? (range.base === PARENT ? undefined : range.base);
  // A record keeps commits by SHA only: a name (a tag, `since`) may move, and the next run could not read it.
  const known = compared !== undefined && FULL_SHA.test(compared) && FULL_SHA.test(range.head);
  return {
    files: api.files,
    changes: api.changes,
    source: `${api.description} (${range.origin})`,
    fallbackReason: gitProblem,
    truncated: api.truncated,
    base,
    compared: known ? { base: compared, head: range.head } : undefined,
  };
}

const FULL_SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/**
 * The files changed across several ranges, oldest first: every path any of them changed, with what happened to it
 * as the newest range that changed it tells (the state it has at the head, since no later range changed it).
 */
export async function detectAcross(
  ci: CiContext,
  ranges: readonly CommitRange[],
  since: string | undefined,
  git: RunGit,
): Promise<{ readonly files: ChangedFiles; readonly compared: readonly (Span | undefined)[] }> {
  const each: ChangedFiles[] = [];
  for (const range of ranges)
    each.push(await detectChangedFiles({ ...ci, changeRange: () => range }, since, git));
  // At the same index as its range: undefined where the commits compared are not known by their SHAs.
  const compared = each.map((found) => found.compared);
  const [only] = each;
  if (each.length === 1 && only !== undefined) return { files: only, compared };
  const changes = new Map<string, FileChange>();
  for (const found of each)
    found.files.forEach((file, index) => {
      changes.delete(file); // kept in the order of the newest range that changed it
      changes.set(file, found.changes?.[index] ?? { status: 'modified' });
    });
  // The previous versions are those of the oldest state compared: an image changed only in an owed span has them.
  const first = each[0];
  const truncated = each.find((found) => found.truncated !== undefined)?.truncated;
  const fallbackReason = each.find((found) => found.fallbackReason !== undefined)?.fallbackReason;
  return {
    files: {
      files: [...changes.keys()],
      changes: [...changes.values()],
      source: each.map((found) => found.source).join('; '),
      truncated,
      fallbackReason,
      base: first?.base,
    },
    compared,
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
    if (
      since === undefined &&
      range.origin.startsWith('push') &&
      typeof range.base === 'string' &&
      isNoSuchCommit(error)
    )
      throw new InputError(
        `The push's before commit, ${short(range.base)}, is in neither the checkout (${gitProblem}) nor the ` +
          `repository as GitHub's API tells (${requestOf(error)}; a force-push drops the commits it replaced), so ` +
          'what the push changed is unknown. To compare with a commit of your choice, set since (e.g. since: ' +
          'HEAD~1, or the last commit whose images are fresh); if the repository is private, the job needs ' +
          '`permissions: { contents: read }` for GitHub to answer at all.',
        { cause: error },
      );
    // Only a commit GitHub does not have is since's mistake: an outage or a refusal has its own fix, said there.
    if (since === undefined || (failedRequest(error) !== undefined && !isNoSuchCommit(error))) throw error;
    const apiProblem = requestOf(error).replace(/\.$/, '');
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

/** The failed request and what came back, as the API's error names it. */
function requestOf(error: unknown): string {
  return failedRequest(error)?.message ?? errorMessage(error);
}

function failedRequest(error: unknown): GithubRequestFailed | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause)
    if (cause instanceof GithubRequestFailed) return cause;
  return undefined;
}

/** GitHub's answer for a commit it does not have: 404, or 422 "No commit found for SHA". */
export function isNoSuchCommit(error: unknown): boolean {
  return causes(error).some((cause) => {
    const { status } = cause as { status?: unknown };
    return status === 404 || status === 422;
  });
}
