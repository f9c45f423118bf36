import { errorMessage } from '../mechanics/error-message.ts';
import { RecordApiError } from './deployments.ts';
import { PERMISSION_LINES } from './record-permission.ts';

/**
 * Why a request about the record failed: a rate limit as a rate limit, with the time to wait; a refusal naming the
 * permission to add.
 */
export function recordProblem(error: unknown, what: 'read' | 'write'): string {
  const reason = errorMessage(error);
  const status = error instanceof RecordApiError ? error.status : 0;
  const wait = error instanceof RecordApiError ? error.rateLimitWaitS : undefined;
  // A failed request names itself and what came back; the record's own checks (a list that is not one) do not.
  const said =
    status === 0 || reason.includes(` answered ${status}`) ? reason : `GitHub answered ${status}: ${reason}`;
  if (wait !== undefined)
    return (
      `${said}, a rate limit: it takes requests again in about ` +
      (wait < 90 ? `${wait} s` : `${Math.round(wait / 60)} min`)
    );
  if (status === 403 || status === 404)
    return `${said}: the token may not ${what} deployments; add \`${PERMISSION_LINES}\``;
  return said;
}
