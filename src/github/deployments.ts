/**
 * The record of a target, kept in GitHub's Deployments API (GitHub Enterprise Server has it too): one deployment per
 * run that invalidated, on an environment named for the target, its newest status `success` when the run made the
 * images fresh, `failure` when it did not, with what it owed in its payload. GitHub lists an environment's
 * deployments newest first, whatever the branch history, so the last state of a target is one read away: a rollback,
 * a force-push or 1,000 commits of code change nothing of that.
 *
 * Anyone with `deployments: write` can create a deployment or add a status to one, and every workflow's GITHUB_TOKEN
 * writes as the same github-actions[bot]: a record counts only when its payload proves that its writer held the
 * service's Root key (src/domain/record-proof.ts), whoever created it. Its state is the one its proof covers; a
 * status someone adds to it changes nothing.
 */
import { errorMessage } from '../mechanics/error-message.ts';
import { isTimeout } from '../mechanics/causes.ts';
import { boundedOctokit, type Octokit } from './api.ts';
import { GithubRequestFailed } from './request-failed.ts';
import { verify, type RecordProof } from '../domain/record-proof.ts';
import { quote } from '../shown/shown.ts';
import { RECORD_KEY } from '../domain/memory.ts';

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

/** Deployments read per look: a target's newest run is in the first, unless other creators crowd it. */
const DEPLOYMENTS_PER_PAGE = 30;
/** Pages of deployments read at most to find the newest that proves itself. */
export const RECORD_PAGES = 3;

/** GitHub limits a deployment status's description to 140 characters. */
export const DESCRIPTION_LIMIT = 140;

/** Bytes of one answer about the record read at most: a page of 30 deployments is a few kilobytes. */
const MAX_RECORD_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * The Actions bot, as GitHub reports a deployment's creator: known by its login and its type (a bot's login ends in
 * `[bot]`, which no person's or app's other login can), whatever its id (it differs on GitHub Enterprise Server).
 */
const ACTIONS_BOT_LOGIN = 'github-actions[bot]';

/** The newest deployment of the target that proves itself, and the state its proof gives it. */
export interface RecordEntry {
  readonly id: number;
  /** The commit the run made fresh, or tried to. */
  readonly sha: string;
  /** `success`, `failure`; undefined: a record of an earlier version with no status of its writer yet. */
  readonly state: string | undefined;
  readonly payload: unknown;
}

/** What the newest deployments of a target hold. */
export interface RecordRead {
  /** The newest record that proves itself with this key; undefined: none among those read. */
  readonly entry: RecordEntry | undefined;
  /** The creators of the newer deployments passed over, since they carry no proof of the key. */
  readonly passedOver: readonly string[];
  /** The newest record carrying a proof was proved with another Root key: the key changed since. */
  readonly keyChanged: boolean;
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
 * The newest deployment of `environment` whose payload proves it was written with the key (`proof`), whoever created
 * it: those newer than it are passed over and named by creator. A proof that names another key is passed over too:
 * its key id is not itself proved, so anyone could write one to hide the record; only when no record of this key is
 * found does it say the key may have changed. An error when RECORD_PAGES full pages hold none: the record may lie
 * past them, and "nothing recorded" would write over it. One request in the common case.
 */
export async function readRecord(
  store: RecordStore,
  environment: string,
  proof: RecordProof,
): Promise<RecordRead> {
  const passedOver: string[] = [];
  let otherKey = false;
  for (let page = 1; page <= RECORD_PAGES; page++) {
    const list = await deploymentsPage(store, environment, page);
    for (const deployment of list) {
      const sha = field(deployment, 'sha');
      const carried = field(field(deployment, 'payload'), RECORD_KEY);
      const verdict = typeof sha === 'string' ? verify(proof, environment, sha, carried) : undefined;
      if (verdict?.verdict === 'other-key') otherKey = true;
      if (verdict?.verdict !== 'proven') {
        passedOver.push(creatorLogin(deployment));
        continue;
      }
      const entry = { ...entryOf(deployment), state: verdict.state };
      return { entry, passedOver, keyChanged: false };
    }
    if (list.length < DEPLOYMENTS_PER_PAGE) return { entry: undefined, passedOver, keyChanged: otherKey };
  }
  throw new RecordApiError(
    0,
    `the newest ${RECORD_PAGES * DEPLOYMENTS_PER_PAGE} deployments of '${environment}' all carry no proof of the ` +
      "service's key, so its record cannot be found among them",
  );
}

/**
 * The record an earlier version of the action kept under `environment`, which carried no proof: the newest
 * deployment the Actions bot created, with the state its own newest status gives it. Read once, to carry it over.
 */
export async function readLegacyRecord(
  store: RecordStore,
  environment: string,
): Promise<RecordEntry | undefined> {
  const list = await deploymentsPage(store, environment, 1);
  const ours = list.find((entry) => isActionsBot(field(entry, 'creator')));
  if (ours === undefined) return undefined;
  const entry = entryOf(ours);
  const statuses = await request(
    store,
    'GET',
    `${repoPath(store)}/deployments/${entry.id}/statuses?per_page=100`,
  );
  if (!Array.isArray(statuses))
    throw new RecordApiError(200, 'the list of deployment statuses is not a list');
  const state = field(
    (statuses as unknown[]).find((status) => isActionsBot(field(status, 'creator'))),
    'state',
  );
  return { ...entry, state: typeof state === 'string' ? state : undefined };
}

async function deploymentsPage(store: RecordStore, environment: string, page: number): Promise<unknown[]> {
  const query = `environment=${encodeURIComponent(environment)}&task=${RECORD_TASK}&per_page=${DEPLOYMENTS_PER_PAGE}`;
  const list = await request(store, 'GET', `${repoPath(store)}/deployments?${query}&page=${page}`);
  if (!Array.isArray(list)) throw new RecordApiError(200, 'the list of deployments is not a list');
  return list as unknown[];
}

function entryOf(deployment: unknown): RecordEntry {
  const id = field(deployment, 'id');
  const sha = field(deployment, 'sha');
  if (typeof id !== 'number' || typeof sha !== 'string' || !/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(sha))
    throw new RecordApiError(200, 'a deployment names no id or commit');
  return { id, sha, state: undefined, payload: field(deployment, 'payload') };
}

function creatorLogin(deployment: unknown): string {
  const login = field(field(deployment, 'creator'), 'login');
  return typeof login === 'string' ? login : 'an unnamed creator';
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

/** Creates the run's deployment, its proof in its payload, and its status. */
export async function writeRecord(store: RecordStore, record: RecordWrite): Promise<void> {
  const { status, data: deployment } = await answerOf(store, 'POST', `${repoPath(store)}/deployments`, {
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
  if (typeof id !== 'number') {
    // 202: GitHub merged the default branch into the ref, or refused to, instead of creating a deployment.
    const message = field(deployment, 'message');
    const said = typeof message === 'string' ? `: ${quote(message.slice(0, 200))}` : '';
    throw new RecordApiError(status, `POST /deployments answered ${status} with no deployment${said}`);
  }
  await request(store, 'POST', `${repoPath(store)}/deployments/${id}/statuses`, {
    state: record.state,
    description: record.description.slice(0, DESCRIPTION_LIMIT),
    log_url: record.logUrl,
    // Earlier records stay as they were: a success of this run must not turn the last one inactive.
    auto_inactive: false,
  });
}

function isActionsBot(creator: unknown): boolean {
  return field(creator, 'login') === ACTIONS_BOT_LOGIN && field(creator, 'type') === 'Bot';
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
  return (await answerOf(store, method, path, body)).data;
}

async function answerOf(
  store: RecordStore,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ readonly status: number; readonly data: unknown }> {
  let client = clients.get(store);
  if (client === undefined) {
    client = boundedOctokit(store, store, MAX_RECORD_ANSWER_BYTES);
    clients.set(store, client);
  }
  const octokit = await client;
  try {
    // octokit drops an option set to undefined: a GET sends no body.
    const answer = await octokit.request({ method, url: path, data: body });
    return { status: answer.status, data: answer.data as unknown };
  } catch (error) {
    if (store.signal?.aborted === true) throw new RecordApiError(0, 'the run was cancelled');
    if (isTimeout(error)) throw new RecordApiError(0, `no answer within ${store.timeoutMs / 1000} s`);
    if (error instanceof GithubRequestFailed)
      throw new RecordApiError(error.status ?? 0, error.message, error.rateLimitWaitS);
    throw new RecordApiError(0, errorMessage(error));
  }
}
