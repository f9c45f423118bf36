import { count } from '../shown/format.ts';
import type { ApiChanges, FileChange } from '../domain/changed.ts';
import { PARENT, short, type CommitRange } from '../domain/range.ts';
import { loadGithub } from './client.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { decide, DEFAULT_POLICY } from '../domain/policy.ts';
import { causes, isTimeout } from '../mechanics/causes.ts';
import { quote } from '../shown/shown.ts';
import { unhandled } from '../mechanics/exhaustive.ts';
import { GithubRequestFailed, requestFailed } from './request-failed.ts';

/** Where the repository's API is, and the token that reads it. */
export interface GithubApi {
  /** `owner/name`. */
  readonly repository: string;
  readonly apiUrl: string;
  readonly token: string;
  /** How long each request may take, and the run's cancel. */
  readonly limits?: ApiLimits | undefined;
}

interface FileEntry {
  readonly filename: string;
  readonly previous_filename?: string;
  /** added, removed, modified, renamed, copied, changed or unchanged. */
  readonly status?: string;
}

// The REST API lists at most 3,000 files of a pull request or a commit, and 300 of a comparison.
const PULL_FILES_CAP = 3_000;
const COMMIT_FILES_CAP = 3_000;
const COMPARE_FILES_CAP = 300;
const PER_PAGE = 100;

/** Pages asked for at most: those that hold the files the API lists. A `next` link past them is not followed. */
export const MAX_API_PAGES = PULL_FILES_CAP / PER_PAGE;

/** Bytes of one API answer read at most: 100 files with their patches are far less; more is refused, not read on. */
export const MAX_API_ANSWER_BYTES = 32 * 1024 * 1024;

/** How the API is asked: each request within `timeoutMs` (timeout-seconds), all of them within the run's cancel. */
export interface ApiLimits {
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
  /** max-retries: how often a request that met a 5xx or a reset is sent again, as the call policy decides; 0 unless told. */
  readonly maxRetries?: number | undefined;
}

/**
 * The changed paths from the GitHub REST API, for when git cannot tell (no checkout, no remote). A rename counts
 * as its old path and its new path, as with git.
 */
export async function apiChangedFiles(range: CommitRange, context: GithubApi): Promise<ApiChanges> {
  const limits = context.limits ?? { timeoutMs: DEFAULT_TIMEOUT_MS };
  try {
    return await askApi(range, context, limits);
  } catch (error) {
    if (limits.signal?.aborted === true)
      throw new Error('the run was cancelled while the GitHub API was asked for the changed files', {
        cause: error,
      });
    if (!(error instanceof GithubRequestFailed) && isTimeout(error))
      throw new Error(
        `the GitHub API did not answer within ${limits.timeoutMs / 1000} s (timeout-seconds) at ${context.apiUrl}`,
        { cause: error },
      );
    throw error;
  }
}

/** timeout-seconds' default, for a context made without limits (the library's callers). */
const DEFAULT_TIMEOUT_MS = 30_000;

export type Octokit = ReturnType<(typeof import('@actions/github'))['getOctokit']>;

/**
 * @actions/github's client (its fetch goes through the runner's proxy, https_proxy, as the rest of the action), each
 * request ended at the limits' timeout or the run's cancel, and each answer read up to `maxBytes`.
 */
export async function boundedOctokit(
  api: Pick<GithubApi, 'token' | 'apiUrl'>,
  limits: ApiLimits,
  maxBytes = MAX_API_ANSWER_BYTES,
): Promise<Octokit> {
  const { getOctokit } = await loadGithub();
  const octokit = getOctokit(api.token, { baseUrl: api.apiUrl });
  // A wrap hook's method is bound to the options it was given: they are changed in place, not passed on.
  octokit.hook.wrap('request', async (request, options) => {
    const fetch = (options.request.fetch as typeof globalThis.fetch | undefined) ?? globalThis.fetch;
    options.request = {
      ...options.request,
      fetch: boundedFetch(apiOnly(fetch, api.apiUrl), limits, maxBytes),
    };
    const started = Date.now();
    for (let retries = 0; ; retries++) {
      try {
        return await request(options);
      } catch (error) {
        // A cancel, or a request past its time, is said as such by the caller: never sent again.
        if (limits.signal?.aborted === true || (!answered(error) && isTimeout(error))) throw error;
        const kept = causes(error).find((cause) => cause instanceof TokenKept);
        if (kept !== undefined) throw kept;
        const failed = requestFailed(error, retries + 1);
        const wait = retryWait(failed, retries, started, limits.maxRetries ?? 0);
        if (wait === undefined) throw failed;
        await sleep(wait, undefined, { signal: limits.signal });
      }
    }
  });
  return octokit;
}

async function askApi(range: CommitRange, context: GithubApi, limits: ApiLimits): Promise<ApiChanges> {
  const octokit = await boundedOctokit(context, limits);
  const [owner = '', repo = ''] = context.repository.split('/');
  if (range.pullNumber !== undefined && range.origin.startsWith('pull_request')) {
    const entries: FileEntry[] = [];
    let pages = 0;
    for await (const { data } of octokit.paginate.iterator(octokit.rest.pulls.listFiles, {
      owner,
      repo,
      pull_number: range.pullNumber,
      per_page: PER_PAGE,
    })) {
      entries.push(...data);
      if (++pages >= MAX_API_PAGES || entries.length >= PULL_FILES_CAP) break;
    }
    return changes(entries, PULL_FILES_CAP, `the GitHub API (files of pull request #${range.pullNumber})`);
  }
  if (range.base === PARENT) {
    const entries: FileEntry[] = [];
    let parent: string | undefined;
    for (let page = 1; entries.length < COMMIT_FILES_CAP && page <= MAX_API_PAGES; page++) {
      const { data } = await octokit.rest.repos.getCommit({
        owner,
        repo,
        ref: range.head,
        per_page: PER_PAGE,
        page,
      });
      entries.push(...(data.files ?? []));
      // A server that names no parents (an older GitHub Enterprise Server) leaves the base to git's words.
      parent ??= (data.parents as readonly { sha?: string }[] | undefined)?.[0]?.sha;
      if ((data.files ?? []).length < PER_PAGE) break;
    }
    const found = changes(entries, COMMIT_FILES_CAP, `the GitHub API (files of commit ${short(range.head)})`);
    return parent === undefined ? found : { ...found, base: parent };
  }
  const compare = (base: string, head: string) =>
    octokit.rest.repos.compareCommitsWithBasehead({
      owner,
      repo,
      basehead: `${base}...${head}`,
      per_page: 1, // the files come with the first page, whatever its size
    });
  const { data } = await compare(range.base, range.head);
  const description = `the GitHub API (comparison ${short(range.base)}...${short(range.head)})`;
  // GitHub compares from the merge base: after a rollback (the head behind the base) or a force-push (the two
  // diverged), what the base changed since then differs too, and is read the other way round.
  if (data.status !== 'behind' && data.status !== 'diverged')
    return changes(data.files ?? [], COMPARE_FILES_CAP, description);
  const back = await compare(range.head, range.base);
  const reversed = (back.data.files ?? []).map(reverse);
  return changes([...reversed, ...(data.files ?? [])], COMPARE_FILES_CAP, description);
}

/** A file of a comparison read the other way round: what the base added is gone from the head, and so on. */
function reverse(entry: FileEntry): FileEntry {
  switch (entry.status) {
    case 'added':
    case 'copied':
      return { filename: entry.filename, status: 'removed' };
    case 'removed':
      return { filename: entry.filename, status: 'added' };
    case 'renamed':
      return entry.previous_filename === undefined
        ? { filename: entry.filename, status: 'removed' }
        : { filename: entry.previous_filename, previous_filename: entry.filename, status: 'renamed' };
    default:
      return { filename: entry.filename, status: entry.status ?? 'modified' };
  }
}

function changes(entries: readonly FileEntry[], cap: number, description: string): ApiChanges {
  const files = new Map<string, FileChange>();
  for (const entry of entries) {
    const from = entry.previous_filename;
    if (from !== undefined) files.set(from, { status: 'renamed', to: entry.filename });
    files.set(
      entry.filename,
      from !== undefined && entry.status === 'renamed'
        ? { status: 'renamed', from }
        : apiStatus(entry.status),
    );
  }
  return {
    files: [...files.keys()],
    changes: [...files.values()],
    description,
    ...(entries.length >= cap
      ? {
          truncated: `the GitHub API lists at most ${count(cap)} files here, so some may be missing`,
        }
      : {}),
  };
}

function apiStatus(status: string | undefined): FileChange {
  switch (status) {
    case 'added':
    case 'copied':
      return { status: 'added' };
    case 'removed':
      return { status: 'deleted' };
    default: // modified, changed, unchanged
      return { status: 'modified' };
  }
}

/**
 * The API's fetch, each request ended at timeout-seconds or the run's cancel, its answer read up to `maxBytes`
 * (error answers too): a server that never answers, or never stops, ends the ask.
 */
function boundedFetch(
  fetch: typeof globalThis.fetch,
  limits: ApiLimits,
  maxBytes: number,
): typeof globalThis.fetch {
  return async (url, init) => {
    const ends = [
      AbortSignal.timeout(limits.timeoutMs),
      ...(limits.signal === undefined ? [] : [limits.signal]),
    ];
    const signal = AbortSignal.any(init?.signal == null ? ends : [init.signal, ...ends]);
    const answer = await fetch(url, { ...init, signal });
    if (answer.body === null) return answer;
    const chunks: Uint8Array[] = [];
    let read = 0;
    for await (const chunk of answer.body as AsyncIterable<Uint8Array>) {
      read += chunk.length;
      if (read > maxBytes) {
        await answer.body.cancel().catch(() => undefined);
        throw new Error(`the GitHub API answered more than ${maxBytes / 2 ** 20} MiB for one page`);
      }
      chunks.push(chunk);
    }
    return new Response(Buffer.concat(chunks), {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    });
  };
}

/** A request the API named elsewhere than GITHUB_API_URL, not sent: the token goes nowhere else. */
export class TokenKept extends Error {
  override readonly name = 'TokenKept';
}

/** Redirects followed at most, each on the API itself. */
const MAX_REDIRECTS = 5;

/**
 * The API's fetch, sending only to `apiUrl` (its origin, under its path): a `next` link that octokit's paginator
 * follows, or a redirect, that names another place is refused before anything is sent there, since the request
 * carries the token. Redirects of a read (GET, HEAD) on the API itself are followed here, at most MAX_REDIRECTS; a
 * write is never sent again to where a redirect points (fetch would turn it into a GET): its 3xx is its answer.
 */
function apiOnly(fetch: typeof globalThis.fetch, apiUrl: string): typeof globalThis.fetch {
  const api = new URL(apiUrl);
  const prefix = api.pathname.endsWith('/') ? api.pathname : `${api.pathname}/`;
  const check = (url: URL): void => {
    if (url.origin === api.origin && (url.pathname === api.pathname || url.pathname.startsWith(prefix)))
      return;
    throw new TokenKept(
      `the GitHub API named ${quote(url.origin)} to ask next, which is not GITHUB_API_URL ` +
        `(${quote(api.origin)}): the token is sent only to GITHUB_API_URL, so it was not followed`,
    );
  };
  return async (input, init) => {
    let url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const follows = method === 'GET' || method === 'HEAD';
    for (let redirects = 0; ; redirects++) {
      check(url);
      const answer = await fetch(url, { ...init, redirect: 'manual' });
      // 304 is an answer (to a conditional request); any other 3xx points elsewhere.
      if (answer.status < 300 || answer.status > 399 || answer.status === 304) return answer;
      const location = answer.headers.get('location');
      await answer.body?.cancel().catch(() => undefined);
      if (location !== null && follows && redirects < MAX_REDIRECTS) {
        url = new URL(location, url);
        continue;
      }
      // Passed on, octokit would read a redirect's body as the answer: a list of no changed files, a record written.
      throw new Error(
        `GitHub's API answered ${String(answer.status)} to ${method} ${quote(url.pathname)}, a redirect ` +
          (location === null
            ? 'naming no place'
            : follows
              ? `past the ${String(MAX_REDIRECTS)} it follows`
              : 'that a write does not follow (it would send the token and the body elsewhere)') +
          ', so nothing was read of it',
      );
    }
  };
}

/** How long to wait before sending a failed request again, as the call policy decides; undefined: not again. */
function retryWait(failed: GithubRequestFailed, retries: number, startedMs: number, maxRetries: number) {
  const now = Date.now();
  const decision = decide(failed.facts, {
    retries,
    maxRetries,
    now,
    deadline: startedMs + DEFAULT_POLICY.retryWindowMs,
    random: Math.random(),
    assets: 0,
    bisectionCallsLeft: 0,
  });
  switch (decision.action) {
    case 'retry':
      return decision.waitMs;
    case 'pause':
      return decision.retry ? decision.waitMs : undefined;
    case 'split':
    case 'bisect':
    case 'stop':
    case 'give-up':
      return undefined;
    default:
      return unhandled(decision);
  }
}

function answered(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { response?: unknown }).response !== undefined
  );
}
