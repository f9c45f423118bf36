/**
 * The sentence a run ends with when neither git nor GitHub's API could list the changed files: what git said, which
 * request failed and what came back, and the fix, which depends on what came back: the permission a refusal asks
 * for, a re-run after an outage, and in every case the checkout that lets git tell without asking anyone.
 */
import { GithubRequestFailed } from '../github/request-failed.ts';
import { errorMessage } from '../mechanics/error-message.ts';
import type { CommitRange } from '../domain/range.ts';

/** The error of a failed fallback to the API, its cause kept (a 404 or 422 still reads as a missing commit). */
export function apiFailure(range: CommitRange, gitProblem: string, error: unknown): Error {
  const said = errorMessage(error).replace(/\.$/, '');
  // git's reason on one line: its advice after a failed fetch ("Please make sure…") is no fix here.
  const git = gitProblem
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ')
    .replace(/ Please make sure you have the correct access rights and the repository exists\./, '');
  return new Error(
    `Could not find the changed files (${range.origin}): git could not (${git}), nor could GitHub's API ` +
      `(${said}). ${fixOf(range, error)}`,
    { cause: error },
  );
}

/** What to change, from what GitHub answered. */
function fixOf(range: CommitRange, error: unknown): string {
  const checkout = checkoutFix(range);
  if (!(error instanceof GithubRequestFailed)) return `To let git tell, ${checkout}.`;
  const status = error.status;
  if (error.rateLimitWaitS !== undefined)
    return `GitHub's rate limit is spent until about ${error.rateLimitWaitS} s from now: re-run the job then, or ${checkout}.`;
  if (status === 401)
    return `The github-token was refused: check that it is set and not expired (the default, \${{ github.token }}, is), or ${checkout}.`;
  if (status === 403 || status === 404) {
    const permissions = error.request.includes('/pulls/')
      ? '`permissions: { contents: read, pull-requests: read }`'
      : '`permissions: { contents: read }`';
    const missing =
      status === 404 ? ' (GitHub answers 404 to a token that may not read a private repository)' : '';
    return `The token may not read this${missing}: grant the job ${permissions}, or ${checkout}.`;
  }
  if (status === 422)
    return `GitHub does not have that commit: ${checkout}, or set since to a commit it has.`;
  if (status === undefined || status >= 500)
    return `GitHub's API is failing: re-run the job when it answers again, or ${checkout}.`;
  return `To let git tell, ${checkout}.`;
}

/** The checkout git can read both commits in without fetching: the whole history, at the deployed commit if any. */
function checkoutFix(range: CommitRange): string {
  const ref = range.checkoutRef === undefined ? '' : ` and ref: \${{ ${range.checkoutRef} }}`;
  return `give git the commits to compare: actions/checkout with fetch-depth: 0${ref}`;
}
