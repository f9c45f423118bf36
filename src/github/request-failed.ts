/**
 * A request to GitHub's REST API that failed, as facts a sentence can name: which request, what came back (the
 * status and GitHub's message, a proxy's page by its title), or which network error, and after how many attempts.
 * Whether a failure is tried again is the call policy's decision (src/domain/policy.ts), as for the service's calls.
 */
import { ApiError, type FailureKind } from '../domain/api-error.ts';
import { errorMessage } from '../mechanics/error-message.ts';
import { causes } from '../mechanics/causes.ts';
import { header } from '../mechanics/headers.ts';
import { answerShown } from '../shown/answer.ts';

export class GithubRequestFailed extends Error {
  override readonly name = 'GithubRequestFailed';
  /** `GET /repos/o/r/pulls/5/files`: the method and the path, without the host or the query. */
  readonly request: string;
  /** The HTTP status; undefined when nothing came back (a reset, a refused connection). */
  readonly status: number | undefined;
  /** GitHub's message, quoted and on one line; undefined when it said nothing. */
  readonly answer: string | undefined;
  /** When GitHub refused for its rate limit: the seconds until it takes requests again, as it said. */
  readonly rateLimitWaitS: number | undefined;
  /** The facts the call policy decides on. */
  readonly facts: ApiError;

  constructor(
    fields: {
      request: string;
      status: number | undefined;
      answer: string | undefined;
      rateLimitWaitS: number | undefined;
      facts: ApiError;
      attempts: number;
    },
    cause: unknown,
  ) {
    const came =
      fields.status === undefined
        ? `got no answer (${fields.facts.code ?? fields.facts.message})`
        : `answered ${fields.status}${fields.answer === undefined ? '' : ` ${fields.answer}`}`;
    const tries = fields.attempts > 1 ? `, ${fields.attempts} times` : '';
    super(`${fields.request} ${came}${tries}`, { cause });
    this.request = fields.request;
    this.status = fields.status;
    this.answer = fields.answer;
    this.rateLimitWaitS = fields.rateLimitWaitS;
    this.facts = fields.facts;
  }
}

interface OctokitFailure {
  readonly status?: unknown;
  readonly request?: { readonly method?: unknown; readonly url?: unknown };
  readonly response?: { readonly data?: unknown; readonly headers?: Readonly<Record<string, unknown>> };
}

/** An error of @actions/github's client as the facts of a failed request, its `attempts` counted. */
export function requestFailed(error: unknown, attempts: number, nowMs = Date.now()): GithubRequestFailed {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as OctokitFailure;
  const method = typeof failure.request?.method === 'string' ? failure.request.method : 'GET';
  const url = typeof failure.request?.url === 'string' ? failure.request.url : '';
  const request = `${method} ${pathOf(url)}`;
  const response = failure.response;
  if (response !== undefined && typeof failure.status === 'number') {
    const status = failure.status;
    const headers = response.headers ?? {};
    const answer = answerShown(response.data, header(headers, 'content-type') ?? '');
    const retryAfter = header(headers, 'retry-after');
    const facts = new ApiError(`${request} answered ${status}`, {
      kind: 'http',
      status,
      serverMessage: answer,
      retryAfterMs:
        retryAfter !== undefined && /^\d{1,6}$/.test(retryAfter) ? Number(retryAfter) * 1000 : undefined,
    });
    const rateLimitWaitS = rateLimitWait(status, headers, nowMs);
    return new GithubRequestFailed({ request, status, answer, rateLimitWaitS, facts, attempts }, error);
  }
  const code = networkCode(error);
  const kind: FailureKind = code !== undefined || isFetchFailure(error) ? 'network' : 'unexpected';
  const facts = new ApiError(errorMessage(error), { kind, code });
  return new GithubRequestFailed(
    { request, status: undefined, answer: undefined, rateLimitWaitS: undefined, facts, attempts },
    error,
  );
}

/** A URL's path, the query left out (its page numbers say nothing to a reader): the request as GitHub routes it. */
function pathOf(url: string): string {
  try {
    return decodeURI(new URL(url).pathname);
  } catch {
    return url.split('?')[0] ?? url;
  }
}

/** The system's code of a network failure (`ECONNRESET`, `UND_ERR_SOCKET`), wherever in the causes it is. */
function networkCode(error: unknown): string | undefined {
  for (const cause of causes(error)) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^(?:E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return code;
  }
  return undefined;
}

/** fetch's own failure without a code (`fetch failed`, `other side closed`). */
function isFetchFailure(error: unknown): boolean {
  return causes(error).some(
    (cause) => cause instanceof TypeError && /fetch failed|terminated|socket/i.test(cause.message),
  );
}

/**
 * The wait a 403 or 429 asks for when it is GitHub's rate limit, not a permission: `retry-after` (seconds, or an
 * HTTP date), or the reset of a primary limit that is spent (`x-ratelimit-remaining: 0`). Undefined for any other
 * refusal.
 */
export function rateLimitWait(
  status: number,
  headers: Readonly<Record<string, unknown>>,
  nowMs: number,
): number | undefined {
  if (status !== 403 && status !== 429) return undefined;
  const trimmed = (name: string): string | undefined => header(headers, name)?.trim();
  const retryAfter = trimmed('retry-after');
  if (retryAfter !== undefined) {
    if (/^\d{1,12}$/.test(retryAfter)) return Number(retryAfter);
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - nowMs) / 1000));
  }
  const reset = trimmed('x-ratelimit-reset');
  if (trimmed('x-ratelimit-remaining') !== '0' || reset === undefined || !/^\d{1,12}$/.test(reset))
    return undefined;
  return Math.max(0, Number(reset) - Math.floor(nowMs / 1000));
}
