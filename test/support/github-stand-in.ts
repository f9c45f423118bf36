/**
 * A local stand-in of GitHub's REST API for the runs of the action that read and write the targets' records: a
 * node:http server (GITHUB_API_URL points at it) that keeps its state across runs, as GitHub does between the runs
 * of a workflow. It serves deployments and their statuses (create; list newest first, filtered and paged as GitHub
 * does; each with its creator, by the token that wrote it), `/user`, and the comparison and commit endpoints that list
 * changed files, answered from a real bare repository with git (three dots, as GitHub compares).
 */
import { execFileSync } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  readonly method: string;
  /** Path and query, as sent. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

/** Who a token is, as GitHub reports a record's creator. */
export interface Identity {
  readonly login: string;
  readonly id: number;
  readonly type: 'Bot' | 'User';
}

/** The identity of a workflow's GITHUB_TOKEN, as GitHub reports it. */
export const ACTIONS_BOT: Identity = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' };

/** A deployment, as GitHub stores and lists it. */
export interface Deployment {
  readonly id: number;
  readonly sha: string;
  readonly ref: string;
  readonly task: string;
  readonly environment: string;
  readonly payload: unknown;
  readonly description: string | null;
  readonly creator: Identity;
  readonly created_at: string;
}

/** A deployment's status, as GitHub stores and lists it. */
export interface DeploymentStatus {
  readonly id: number;
  readonly state: string;
  readonly description: string;
  readonly log_url: string;
  readonly creator: Identity;
  readonly created_at: string;
}

const DEPLOYMENT_STATES = new Set([
  'error',
  'failure',
  'inactive',
  'in_progress',
  'queued',
  'pending',
  'success',
]);

export class GithubStandIn {
  url = '';
  readonly requests: StandInRequest[] = [];
  /** Deployments, oldest first, and each one's statuses, oldest first. */
  readonly deployments: Deployment[] = [];
  readonly deploymentStatuses = new Map<number, DeploymentStatus[]>();
  /** Who each token is: the workflow's token is the Actions bot unless told otherwise. */
  readonly identities = new Map<string, Identity>();
  /**
   * A token without `deployments: write` (`write`: 403 on a write), or without any deployments permission (`all`:
   * 403 on reads too), as GitHub answers a workflow whose `permissions:` leave it out.
   */
  deploymentsForbidden: false | 'write' | 'all' = false;
  /** Never answer the deployments endpoints (a GitHub that does not answer). */
  deploymentsHang = false;
  /** Answer the deployments endpoints 403 with the primary rate limit spent, resetting this many seconds from now. */
  deploymentsRateLimitedFor: number | undefined;
  readonly #repository: string;
  readonly #bare: string | undefined;
  #ids = 0;
  readonly #server: Server;

  /** `repository`: `owner/name`; `bare`: the repository that answers comparisons and commits. */
  constructor(repository: string, bare?: string) {
    this.#repository = repository;
    this.#bare = bare;
    this.#server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        this.requests.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
        });
        if (this.deploymentsHang && /\/deployments(\/|\?|$)/.test(request.url ?? '')) return;
        const who = this.#identityOf(request.headers.authorization);
        const url = new URL(request.url ?? '/', this.url);
        const answer =
          url.pathname === '/user'
            ? who?.type === 'User'
              ? { status: 200, body: who }
              : { status: 403, body: { message: 'Resource not accessible by integration' } }
            : this.#answer(request.method ?? 'GET', url, body, who);
        response.writeHead(answer.status, {
          'content-type': 'application/json; charset=utf-8',
          ...answer.headers,
        });
        response.end(JSON.stringify(answer.body));
      });
    });
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  /** The deployments of an environment, newest first. */
  deploymentsOf(environment?: string): Deployment[] {
    return this.deployments
      .filter((d) => environment === undefined || d.environment === environment)
      .reverse();
  }

  /** A deployment's statuses, newest first. */
  statusesOfDeployment(id: number): DeploymentStatus[] {
    return [...(this.deploymentStatuses.get(id) ?? [])].reverse();
  }

  /** Creates a deployment and its status as `creator` would (an earlier run, or someone forging one). */
  recordDeployment(
    fields: { sha: string; environment: string; payload?: unknown; task?: string },
    state: string,
    creator: Identity = ACTIONS_BOT,
  ): Deployment {
    const deployment: Deployment = {
      id: ++this.#ids,
      sha: fields.sha,
      ref: fields.sha,
      task: fields.task ?? 'image-cache-invalidate',
      environment: fields.environment,
      payload: fields.payload ?? {},
      description: null,
      creator,
      created_at: new Date().toISOString(),
    };
    this.deployments.push(deployment);
    this.addDeploymentStatus(deployment.id, state, creator);
    return deployment;
  }

  /** Adds a status to a deployment, as `creator`. */
  addDeploymentStatus(
    id: number,
    state: string,
    creator: Identity = ACTIONS_BOT,
    description = '',
    logUrl = '',
  ): void {
    const list = this.deploymentStatuses.get(id) ?? [];
    list.push({
      id: ++this.#ids,
      state,
      description,
      log_url: logUrl,
      creator,
      created_at: new Date().toISOString(),
    });
    this.deploymentStatuses.set(id, list);
  }

  /** The requests that wrote to the deployments endpoints, in order. */
  deploymentWrites(): StandInRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && /\/deployments(\/|$)/.test(r.url));
  }

  reset(): void {
    this.requests.length = 0;
    this.deployments.length = 0;
    this.deploymentStatuses.clear();
    this.deploymentsForbidden = false;
    this.deploymentsHang = false;
    this.deploymentsRateLimitedFor = undefined;
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) =>
      this.#server.close(() => {
        resolve();
      }),
    );
  }

  #identityOf(authorization: string | undefined): Identity | undefined {
    const token = /^(?:token|bearer) (.+)$/i.exec(authorization ?? '')?.[1];
    if (token === undefined) return undefined;
    return this.identities.get(token) ?? ACTIONS_BOT;
  }

  #answer(method: string, url: URL, body: string, who: Identity | undefined): Answer {
    const prefix = `/repos/${this.#repository}/`;
    if (!url.pathname.startsWith(prefix)) return notFound();
    const rest = decodeURIComponent(url.pathname.slice(prefix.length));
    if (/^deployments(\/|$)/.test(rest)) return this.#deploymentsAnswer(method, url, rest, body, who);
    const compare = /^compare\/(.+)\.\.\.(.+)$/.exec(rest);
    const commit = /^commits\/([^/]+)$/.exec(rest);
    if (method !== 'GET') return notFound();
    if (compare !== null) {
      const [base, head] = [this.#resolve(compare[1] ?? ''), this.#resolve(compare[2] ?? '')];
      if (base === undefined || head === undefined) return notFound();
      // As GitHub compares: three dots, the head against the merge base, never the base's own later changes.
      const mergeBase = this.#git(['merge-base', base, head]).trim();
      const status =
        base === head
          ? 'identical'
          : mergeBase === base
            ? 'ahead'
            : mergeBase === head
              ? 'behind'
              : 'diverged';
      return { status: 200, body: { status, commits: [], files: this.#files(mergeBase, head) } };
    }
    if (commit !== null) {
      const sha = this.#resolve(commit[1] ?? '');
      if (sha === undefined) return noCommit();
      const parents = this.#git(['rev-list', '--parents', '-n', '1', sha]).trim().split(' ').slice(1);
      return {
        status: 200,
        body: {
          sha,
          parents: parents.map((parent) => ({ sha: parent })),
          files: this.#files(`${sha}^`, sha),
        },
      };
    }
    return notFound();
  }

  #deploymentsAnswer(
    method: string,
    url: URL,
    rest: string,
    text: string,
    who: Identity | undefined,
  ): Answer {
    if (this.deploymentsRateLimitedFor !== undefined)
      return {
        status: 403,
        body: { message: 'API rate limit exceeded for installation ID 42.' },
        headers: {
          'x-ratelimit-limit': '5000',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + this.deploymentsRateLimitedFor),
        },
      };
    if (this.deploymentsForbidden === 'all' || (this.deploymentsForbidden === 'write' && method === 'POST'))
      return { status: 403, body: { message: 'Resource not accessible by integration' } };
    if (who === undefined) return { status: 401, body: { message: 'Requires authentication' } };
    let input: Record<string, unknown> = {};
    if (method === 'POST') {
      try {
        input = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return { status: 400, body: { message: 'Problems parsing JSON' } };
      }
    }
    if (rest === 'deployments' && method === 'GET') {
      const query = url.searchParams;
      const listed = this.deploymentsOf().filter((d) =>
        ['environment', 'task', 'sha', 'ref'].every(
          (key) => !query.has(key) || query.get(key) === d[key as 'environment' | 'task' | 'sha' | 'ref'],
        ),
      );
      const { entries, headers } = page(url, listed);
      return { status: 200, body: entries, headers };
    }
    if (rest === 'deployments' && method === 'POST') {
      const { ref, environment = 'production', task = 'deploy', payload = {}, description } = input;
      const sha = typeof ref === 'string' ? this.#resolve(ref) : undefined;
      if (sha === undefined) return { status: 422, body: { message: `No ref found for: ${String(ref)}` } };
      if (typeof environment !== 'string' || typeof task !== 'string')
        return { status: 422, body: { message: 'Validation Failed' } };
      // GitHub checks the ref's commit statuses unless told which contexts are required (none here).
      if (!Array.isArray(input.required_contexts))
        return { status: 409, body: { message: 'Conflict: Commit status checks failed for main.' } };
      const deployment: Deployment = {
        id: ++this.#ids,
        sha,
        ref: ref as string,
        task,
        environment,
        payload: typeof payload === 'string' ? (JSON.parse(payload) as unknown) : payload,
        description: typeof description === 'string' ? description : null,
        creator: who,
        created_at: new Date().toISOString(),
      };
      this.deployments.push(deployment);
      return { status: 201, body: deployment };
    }
    const statuses = /^deployments\/(\d+)\/statuses$/.exec(rest);
    const deployment = this.deployments.find((d) => d.id === Number(statuses?.[1]));
    if (statuses === null || deployment === undefined) return notFound();
    if (method === 'GET') {
      const { entries, headers } = page(url, this.statusesOfDeployment(deployment.id));
      return { status: 200, body: entries, headers };
    }
    const { state, description = '', log_url: logUrl = '', auto_inactive: autoInactive } = input;
    if (typeof state !== 'string' || !DEPLOYMENT_STATES.has(state))
      return { status: 422, body: { message: 'Validation Failed' } };
    if (typeof description !== 'string' || description.length > 140)
      return { status: 422, body: { message: 'Validation Failed', errors: [{ field: 'description' }] } };
    // As GitHub: a success marks the environment's earlier successful deployments inactive, unless told not to.
    if (state === 'success' && autoInactive !== false)
      for (const other of this.deploymentsOf(deployment.environment))
        if (other.id !== deployment.id && this.statusesOfDeployment(other.id)[0]?.state === 'success')
          this.addDeploymentStatus(other.id, 'inactive', who);
    this.addDeploymentStatus(
      deployment.id,
      state,
      who,
      description,
      typeof logUrl === 'string' ? logUrl : '',
    );
    return { status: 201, body: this.statusesOfDeployment(deployment.id)[0] };
  }

  /**
   * A ref as GitHub reads it in a path: a SHA (short ones too), a branch or a tag; never `HEAD~1` or `X^`, which are
   * git's syntax, not the API's. Without a repository, only full SHAs.
   */
  #resolve(ref: string): string | undefined {
    if (this.#bare === undefined) return /^[0-9a-f]{40}$/.test(ref) ? ref : undefined;
    if (/[~^:@{}\\\s]|\.\./.test(ref)) return undefined;
    const names = /^[0-9a-f]{7,40}$/.test(ref) ? [ref] : [`refs/heads/${ref}`, `refs/tags/${ref}`];
    for (const name of names) {
      try {
        return this.#git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${name}^{commit}`]).trim();
      } catch {
        // not this one
      }
    }
    return undefined;
  }

  #files(base: string, head: string): { filename: string; status: string; previous_filename?: string }[] {
    const fields = this.#git(['diff', '--name-status', '-z', '-M', base, head, '--']).split('\0');
    const files = [];
    for (let i = 0; i < fields.length - 1; i++) {
      const status = fields[i] ?? '';
      const path = fields[++i] ?? '';
      if (status.startsWith('R'))
        files.push({ filename: fields[++i] ?? '', status: 'renamed', previous_filename: path });
      else
        files.push({
          filename: path,
          status: status === 'A' ? 'added' : status === 'D' ? 'removed' : 'modified',
        });
    }
    return files;
  }

  #git(args: string[]): string {
    if (this.#bare === undefined) throw new Error('no repository');
    return execFileSync('git', args, {
      cwd: this.#bare,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  }
}

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Record<string, string>;
}

const notFound = (): Answer => ({ status: 404, body: { message: 'Not Found' } });
const noCommit = (): Answer => ({ status: 422, body: { message: 'No commit found for SHA' } });

/** GitHub's pagination: per_page (30 unless asked, at most 100), page, and a Link header with next and last. */
function page<T>(url: URL, all: readonly T[]): { entries: T[]; headers: Record<string, string> } {
  const size = Math.min(100, Number(url.searchParams.get('per_page') ?? 30));
  const number = Number(url.searchParams.get('page') ?? 1);
  const last = Math.max(1, Math.ceil(all.length / size));
  const link = (to: number): string => {
    const next = new URL(url);
    next.searchParams.set('per_page', String(size));
    next.searchParams.set('page', String(to));
    return next.href;
  };
  const links = number < last ? [`<${link(number + 1)}>; rel="next"`, `<${link(last)}>; rel="last"`] : [];
  return {
    entries: all.slice((number - 1) * size, number * size),
    headers: links.length === 0 ? {} : { link: links.join(', ') },
  };
}

/** Starts a stand-in for `owner/name`, answering comparisons and commits from `bare` when given. */
export function startGithubStandIn(repository: string, bare?: string): Promise<GithubStandIn> {
  return new GithubStandIn(repository, bare).listen();
}
