/**
 * The record of a target, kept in GitHub's Deployments API (GitHub Enterprise Server has it too): one deployment per
 * run that invalidated, on an environment named for the target, its newest status `success` when the run made the
 * images fresh, `failure` when it did not, with what it owed in its payload. GitHub lists an environment's
 * deployments newest first, whatever the branch history, so the last state of a target is one read away: a rollback,
 * a force-push or 1,000 commits of code change nothing of that.
 *
 * Anyone with `deployments: write` can create a deployment or add a status to one: only those whose creator is the
 * identity this token writes as are trusted, so another app, a person or a bot cannot forge a run's record.
 */
import { errorMessage } from '../mechanics/error-message.ts';
import { isTimeout } from '../mechanics/causes.ts';
import { boundedOctokit, type Octokit } from './api.ts';
import { GithubRequestFailed } from './request-failed.ts';

export { rateLimitWait } from './request-failed.ts';

/** Where the record lives, and the token that reads and writes it (a secret: never shown). */
export interface RecordStore {
  readonly apiUrl: string;
  /** `owner/name`. */
  readonly repository: string;
  readonly token: string;
  /** Each request's bound. */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
  /** How often a request that met a 5xx or a reset is sent again (max-retries). */
  readonly maxRetries?: number | undefined;
}

/** The task every record's deployment carries, so that a host's own deployments are never read as records. */
export const RECORD_TASK = 'image-cache-invalidate';

/** The permission a workflow grants so that its token may read and write the record. */
export const RECORD_PERMISSION = 'deployments: write';

/** Deployments read per look: a target's newest run is in the first, unless other creators crowd it. */
const DEPLOYMENTS_PER_PAGE = 30;
/** Pages of deployments read at most to find the newest that this identity wrote. */
export const RECORD_PAGES = 3;

/** GitHub limits a deployment status's description to 140 characters. */
export const DESCRIPTION_LIMIT = 140;

/** Bytes of one answer about the record read at most: a page of 30 deployments is a few kilobytes. */
const MAX_RECORD_ANSWER_BYTES = 4 * 1024 * 1024;

/** Who wrote a record, as GitHub reports its creator. */
export interface Writer {
  readonly login: string;
  /** Undefined for the Actions bot, whose id differs from one GitHub Enterprise Server to another. */
  readonly id: number | undefined;
}

/**
 * The identity of a workflow's GITHUB_TOKEN (an installation token of GitHub Actions: `/user` refuses it), known by
 * its login and its type: a bot's login ends in `[bot]`, which no person's or app's other login can.
 */
export const ACTIONS_BOT: Writer = { login: 'github-actions[bot]', id: undefined };

/** The newest deployment of the target that this identity wrote, and the state its own newest status gives it. */
export interface RecordEntry {
  readonly id: number;
  /** The commit the run made fresh, or tried to. */
  readonly sha: string;
  /** `success`, `failure`, `in_progress`…; undefined: no status of its writer yet (a run that never ended). */
  readonly state: string | undefined;
  readonly payload: unknown;
}

/** An answer of the API that is not a success: its HTTP status and GitHub's message. */
export class RecordApiError extends Error {
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
 * The identity this token writes as: the user a personal token belongs to, else the Actions bot (a workflow's token,
 * for which `/user` answers 403).
 */
export async function writerOf(store: RecordStore): Promise<Writer> {
  try {
    const data = await request(store, 'GET', '/user');
    const login = field(data, 'login');
    const id = field(data, 'id');
    if (typeof login === 'string' && typeof id === 'number') return { login, id };
  } catch (error) {
    if (!(error instanceof RecordApiError) || (error.status !== 403 && error.status !== 401)) throw error;
    if (error.rateLimitWaitS !== undefined) throw error;
  }
  return ACTIONS_BOT;
}

/**
 * The newest deployment of `environment` that `writer` created, with its state by the newest status that `writer`
 * set; undefined when the environment holds none of its; an error when RECORD_PAGES full pages hold none of its. Two requests in the common case, 2 + RECORD_PAGES at
 * most, plus one per deployment whose statuses are read.
 */
export async function readRecord(
  store: RecordStore,
  environment: string,
  writer: Writer,
): Promise<RecordEntry | undefined> {
  const query = `environment=${encodeURIComponent(environment)}&task=${RECORD_TASK}&per_page=${DEPLOYMENTS_PER_PAGE}`;
  for (let page = 1; page <= RECORD_PAGES; page++) {
    const list = await request(store, 'GET', `${repoPath(store)}/deployments?${query}&page=${page}`);
    if (!Array.isArray(list)) throw new RecordApiError(200, 'the list of deployments is not a list');
    const ours = (list as unknown[]).find((entry) => isBy(field(entry, 'creator'), writer));
    if (ours !== undefined) {
      const id = field(ours, 'id');
      const sha = field(ours, 'sha');
      if (typeof id !== 'number' || typeof sha !== 'string' || !/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(sha))
        throw new RecordApiError(200, 'a deployment names no id or commit');
      return { id, sha, state: await stateOf(store, id, writer), payload: field(ours, 'payload') };
    }
    if (list.length < DEPLOYMENTS_PER_PAGE) return undefined;
  }
  // Pages full of others' deployments: the record may be past them, and "nothing recorded" would write over it.
  throw new RecordApiError(
    0,
    `the newest ${RECORD_PAGES * DEPLOYMENTS_PER_PAGE} deployments of '${environment}' were all created by ` +
      `others than ${writer.login}, so its record cannot be found among them`,
  );
}

/** The state the writer's newest status gives a deployment: statuses others add (a forged `success`) are not read. */
async function stateOf(store: RecordStore, id: number, writer: Writer): Promise<string | undefined> {
  const list = await request(store, 'GET', `${repoPath(store)}/deployments/${id}/statuses?per_page=100`);
  if (!Array.isArray(list)) throw new RecordApiError(200, 'the list of deployment statuses is not a list');
  const ours = (list as unknown[]).find((status) => isBy(field(status, 'creator'), writer));
  const state = field(ours, 'state');
  return typeof state === 'string' ? state : undefined;
}

/** A record to write: the deployment of the run's head, and the state it ended in. */
export interface RecordWrite {
  readonly environment: string;
  readonly sha: string;
  readonly state: 'success' | 'failure';
  readonly description: string;
  readonly payload: Record<string, unknown>;
  /** The run's page. */
  readonly logUrl?: string | undefined;
}

/** Creates the run's deployment and its status; returns who GitHub says wrote it. */
export async function writeRecord(store: RecordStore, record: RecordWrite): Promise<Writer | undefined> {
  const deployment = await request(store, 'POST', `${repoPath(store)}/deployments`, {
    ref: record.sha,
    task: RECORD_TASK,
    environment: record.environment,
    payload: record.payload,
    description: record.description.slice(0, DESCRIPTION_LIMIT),
    // A record is no deploy: no merge of the default branch into the ref, no wait for the commit's checks.
    auto_merge: false,
    required_contexts: [],
    production_environment: false,
    transient_environment: false,
  });
  const id = field(deployment, 'id');
  if (typeof id !== 'number') throw new RecordApiError(201, 'the created deployment has no id');
  await request(store, 'POST', `${repoPath(store)}/deployments/${id}/statuses`, {
    state: record.state,
    description: record.description.slice(0, DESCRIPTION_LIMIT),
    log_url: record.logUrl,
    // Earlier records stay as they were: a success of this run must not turn the last one inactive.
    auto_inactive: false,
  });
  const creator = field(deployment, 'creator');
  const login = field(creator, 'login');
  const creatorId = field(creator, 'id');
  if (typeof login !== 'string' || typeof creatorId !== 'number') return undefined;
  return field(creator, 'type') === 'Bot' ? { login, id: undefined } : { login, id: creatorId };
}

function isBy(creator: unknown, writer: Writer): boolean {
  if (field(creator, 'login') !== writer.login) return false;
  return writer.id === undefined ? field(creator, 'type') === 'Bot' : field(creator, 'id') === writer.id;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function repoPath(store: RecordStore): string {
  const [owner = '', repo = ''] = store.repository.split('/');
  return `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
}

// One client per store: a run reads and writes through it a few times.
const clients = new WeakMap<RecordStore, Promise<Octokit>>();

async function request(
  store: RecordStore,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<unknown> {
  let client = clients.get(store);
  if (client === undefined) {
    client = boundedOctokit(store, store, MAX_RECORD_ANSWER_BYTES);
    clients.set(store, client);
  }
  const octokit = await client;
  try {
    // octokit drops an option set to undefined: a GET sends no body.
    const answer = await octokit.request({ method, url: path, data: body });
    return answer.data;
  } catch (error) {
    if (store.signal?.aborted === true) throw new RecordApiError(0, 'the run was cancelled');
    if (isTimeout(error)) throw new RecordApiError(0, `no answer within ${store.timeoutMs / 1000} s`);
    if (error instanceof GithubRequestFailed)
      throw new RecordApiError(error.status ?? 0, error.message, error.rateLimitWaitS);
    throw new RecordApiError(0, errorMessage(error));
  }
}
