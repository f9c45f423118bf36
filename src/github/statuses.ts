/**
 * GitHub's REST commit-status endpoints, which GitHub Enterprise Server has too: the record of which commits'
 * images are fresh. Every request is bounded by a timeout and the run's cancel, and a read by a number of pages.
 */
import { MAX_API_PAGES, short } from './api.ts';
import { count } from '../shown/format.ts';
import { errorMessage } from '../mechanics/error-message.ts';
import { loadGithub } from './client.ts';

/** Where the statuses live, and the token that reads and writes them (a secret: never shown). */
export interface StatusStore {
  readonly apiUrl: string;
  /** `owner/name`. */
  readonly repository: string;
  readonly token: string;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
  /** Requests a look for the record may make in all, across the commits it reads; none: each commit's own bound. */
  readonly budget?: RequestBudget | undefined;
}

/** Requests shared by every read of one look for the record: a commit's pages are many only where a CI matrix is. */
export class RequestBudget {
  readonly requests: number;
  private left: number;

  constructor(requests: number) {
    this.requests = requests;
    this.left = requests;
  }

  /** Takes one request, or throws once every one is taken. */
  take(): void {
    if (this.left <= 0)
      throw new StatusApiError(
        0,
        `the record was looked for in ${count(this.requests)} requests, the most a run makes`,
      );
    this.left--;
  }
}

/** A status as the record writes it. */
export interface FreshStatus {
  readonly context: string;
  readonly description: string;
  readonly targetUrl?: string | undefined;
}

/** An answer of the API that is not a success: its HTTP status and GitHub's message. */
export class StatusApiError extends Error {
  readonly status: number;
  /** When GitHub refused for its rate limit: the seconds until it takes requests again, as it said. */
  readonly rateLimitWaitS: number | undefined;
  constructor(status: number, message: string, rateLimitWaitS?: number) {
    super(message);
    this.status = status;
    this.rateLimitWaitS = rateLimitWaitS;
  }
}

/**
 * The wait a 403 or 429 asks for when it is GitHub's rate limit, not a permission: `retry-after` (a secondary limit),
 * or the reset of a primary limit that is spent (`x-ratelimit-remaining: 0`). Undefined for any other refusal.
 */
function rateLimitWait(
  status: number,
  headers: Readonly<Record<string, unknown>>,
  nowMs: number,
): number | undefined {
  if (status !== 403 && status !== 429) return undefined;
  const seconds = (name: string): number | undefined => {
    const value = headers[name];
    return typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
  };
  const retryAfter = seconds('retry-after');
  if (retryAfter !== undefined) return retryAfter;
  const reset = seconds('x-ratelimit-reset');
  if (headers['x-ratelimit-remaining'] !== '0' || reset === undefined) return undefined;
  return Math.max(0, reset - Math.floor(nowMs / 1000));
}

/** Why a request failed, naming the permission to add when the token may not use commit statuses. */
export function statusProblem(error: unknown, what: 'read' | 'set'): string {
  const reason = errorMessage(error);
  const status = error instanceof StatusApiError ? error.status : 0;
  const wait = error instanceof StatusApiError ? error.rateLimitWaitS : undefined;
  if (wait !== undefined)
    return (
      `GitHub answered ${status}: GitHub's API rate limit is spent (${reason}); it takes requests again in about ` +
      (wait < 90 ? `${wait} s` : `${Math.round(wait / 60)} min`)
    );
  if (status === 403 || status === 404)
    return (
      `GitHub answered ${status} (${reason}): the token may not ${what} commit statuses; add ` +
      `\`${PERMISSION_LINE}\` to the job (or the workflow)`
    );
  return status === 0 ? reason : `GitHub answered ${status}: ${reason}`;
}

/** The permission line a workflow adds so that the token may set commit statuses. */
export const PERMISSION_LINE = 'permissions: statuses: write';

/** GitHub limits a status's description to 140 characters. */
export const DESCRIPTION_LIMIT = 140;

/** Sets a `success` status with this context on the commit. */
export async function writeFreshStatus(store: StatusStore, sha: string, status: FreshStatus): Promise<void> {
  await request(store, 'POST', `statuses/${sha}`, {
    state: 'success',
    context: status.context,
    description: status.description.slice(0, DESCRIPTION_LIMIT),
    ...(status.targetUrl === undefined ? {} : { target_url: status.targetUrl }),
  });
}

/** Contexts asked for per page of the combined status: the most GitHub gives. */
const CONTEXTS_PER_PAGE = 100;

/**
 * Whether the commit's newest status with this context is `success`. The combined status holds the newest status of
 * each context, so statuses other systems set later (a CI matrix, bots, re-runs) cannot push the record out of sight;
 * its pages are read until one holds the context or none follows, at most MAX_API_PAGES of them.
 */
export async function isRecordedFresh(store: StatusStore, sha: string, context: string): Promise<boolean> {
  for (let page = 1; page <= MAX_API_PAGES; page++) {
    store.budget?.take();
    const answer = await request(
      store,
      'GET',
      `commits/${sha}/status?per_page=${CONTEXTS_PER_PAGE}&page=${page}`,
    );
    const ours = statusesOf(answer.data).find((status) => status.context === context);
    if (ours !== undefined) return ours.state === 'success';
    if (!hasNextPage(answer.link)) return false;
  }
  throw new StatusApiError(
    0,
    `the combined status of ${short(sha)} runs past ${MAX_API_PAGES} pages of ${CONTEXTS_PER_PAGE} contexts, and ` +
      'the record is not in them',
  );
}

/** The statuses of a page of the combined status; an answer of another shape is an error, not "not fresh". */
function statusesOf(data: unknown): { readonly context?: unknown; readonly state?: unknown }[] {
  const statuses =
    typeof data === 'object' && data !== null ? (data as { statuses?: unknown }).statuses : undefined;
  if (!Array.isArray(statuses))
    throw new StatusApiError(200, 'the combined status holds no list of statuses');
  return (statuses as unknown[]).filter((status) => typeof status === 'object' && status !== null);
}

// Only whether a next page exists is read from the Link header: the next request is built here, to the same host.
function hasNextPage(link: string | undefined): boolean {
  return link?.split(',').some((part) => /;\s*rel="?next"?/.test(part)) === true;
}

type Octokit = ReturnType<(typeof import('@actions/github'))['getOctokit']>;

// One client per store: catch-up asks up to a hundred times.
const clients = new WeakMap<StatusStore, Promise<Octokit>>();

/** @actions/github's client, whose fetch goes through the runner's proxy (https_proxy) as the rest of the action. */
function clientOf(store: StatusStore): Promise<Octokit> {
  let client = clients.get(store);
  if (client === undefined) {
    client = loadGithub().then(({ getOctokit }) => getOctokit(store.token, { baseUrl: store.apiUrl }));
    clients.set(store, client);
  }
  return client;
}

async function request(
  store: StatusStore,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ readonly data: unknown; readonly link: string | undefined }> {
  const [owner = '', repo = ''] = store.repository.split('/');
  const url = `${store.apiUrl.replace(/(?<!\/)\/+$/, '')}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/${path}`;
  const timeout = AbortSignal.timeout(store.timeoutMs);
  const signal = store.signal === undefined ? timeout : AbortSignal.any([store.signal, timeout]);
  const octokit = await clientOf(store);
  try {
    const answer = await octokit.request({
      method,
      url,
      ...(body === undefined ? {} : { data: body }),
      request: { signal },
    });
    return { data: answer.data, link: answer.headers.link };
  } catch (error) {
    if (timeout.aborted) throw new StatusApiError(0, `no answer within ${store.timeoutMs / 1000} s`);
    if (store.signal?.aborted === true) throw new StatusApiError(0, 'the run was cancelled');
    const found = (error as { status?: unknown }).status;
    const status = typeof found === 'number' ? found : 0;
    const response = (
      error as { response?: { data?: { message?: unknown }; headers?: Record<string, unknown> } }
    ).response;
    const message = response?.data?.message;
    throw new StatusApiError(
      status,
      typeof message === 'string' ? message : errorMessage(error),
      rateLimitWait(status, response?.headers ?? {}, Date.now()),
    );
  }
}
