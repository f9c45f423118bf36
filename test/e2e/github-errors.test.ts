/**
 * What a user reads when git cannot fetch and GitHub's API answers badly: every real payload of
 * @octokit/webhooks-examples of the events the action reads, fed through the built action as the runner does, in a
 * shallow checkout whose origin cannot be fetched from, with a local GitHub that answers every request 500, 403, 404
 * or a proxy's HTML 502 page. Each run that asked GitHub ends with one sentence naming the request, what came back,
 * git's own reason and the fix; never GitHub's bare text, never a whole HTML page.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator.ts';
import { ROOT_KEY } from '../support/client.ts';
import { createOrigin, webhookExamples, writeEvent, type GitRepo, type Origin } from '../support/git-repo.ts';
import { runAction, type ActionRun } from '../support/runner.ts';
import { runnerCommands } from '../support/runner-commands.ts';

type Failure = '500' | '403' | '404' | 'html 502' | 'reset';

const TOKEN = 'ghs_githubErrorsTokenForTests0123456789';
const PROXY_PAGE =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{font:1em sans-serif}</style></head>' +
  `<body><h1>Bad Gateway</h1><p>The proxy could not reach the upstream server.</p>${'<p>filler</p>'.repeat(200)}` +
  '</body></html>';

/** GitHub answering every request with one failure, as it did during outages, or for a token it does not serve. */
class FailingGithub {
  url = '';
  failure: Failure = '500';
  readonly requests: string[] = [];
  readonly #server: Server = createServer((request, response) => {
    this.requests.push(`${request.method ?? ''} ${request.url ?? ''}`);
    request.resume();
    request.on('end', () => {
      this.#fail(response);
    });
  });

  #fail(response: ServerResponse): void {
    const json = (status: number, message: string): void => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ message, documentation_url: 'https://docs.github.com/rest', status }));
    };
    switch (this.failure) {
      case '500':
        json(500, 'Server Error');
        return;
      case '403':
        json(403, 'Resource not accessible by integration');
        return;
      case '404':
        json(404, 'Not Found');
        return;
      case 'html 502':
        response.writeHead(502, { 'content-type': 'text/html' });
        response.end(PROXY_PAGE);
        return;
      case 'reset':
        response.socket?.destroy();
        return;
    }
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** The requests for changed files, the record's (`/user`, deployments) left out. */
  changeRequests(): string[] {
    return this.requests.filter((line) => !/ \/user$| \/repos\/[^/]+\/[^/]+\/deployments/.test(line));
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) =>
      this.#server.close(() => {
        resolve();
      }),
    );
  }
}

let origin: Origin;
let checkout: GitRepo;
const github = new FailingGithub();

beforeAll(async () => {
  origin = createOrigin('github-errors-');
  origin.work.write('public/images/a.png').commit('first');
  origin.work.write('public/images/b.png').commit('second');
  origin.work.push();
  checkout = origin.clone({ depth: 1 });
  // A checkout that cannot fetch: its origin is gone (a job without credentials, a runner offline).
  checkout.git('remote', 'set-url', 'origin', `${origin.root}/gone.git`);
  await github.listen();
});
afterAll(async () => {
  await github.close();
  origin.dispose();
});

/** Every real payload of the events the action reads, as [event, payload, label]. */
function payloads(): [string, Record<string, unknown>, string][] {
  const events = ['push', 'pull_request', 'merge_group', 'deployment_status', 'deployment', 'workflow_run'];
  const all: [string, Record<string, unknown>, string][] = [];
  for (const event of [...events, 'repository_dispatch', 'workflow_dispatch'])
    webhookExamples(event).forEach((payload, index) => all.push([event, payload, `${event} #${index}`]));
  // A pull_request_target's payload is a pull_request's.
  webhookExamples('pull_request').forEach((payload, index) =>
    all.push(['pull_request_target', payload, `pull_request_target #${index}`]),
  );
  all.push(['schedule', { schedule: '17 3 * * *' }, 'schedule']);
  return all;
}

const FAILURES: readonly Failure[] = ['500', '403', '404', 'html 502'];

describe('every real payload, git unable to fetch, GitHub answering an error', () => {
  const emulator = useEmulator();
  let events = 0;

  async function run(event: string, payload: Record<string, unknown>, failure: Failure): Promise<ActionRun> {
    github.failure = failure;
    github.requests.length = 0;
    const repository = (payload.repository as { full_name?: string } | undefined)?.full_name;
    return runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': emulator().url,
        'service-key': 'svc',
        'url-map': 'public/images => https://www.example.com/images',
        'github-token': TOKEN,
        'max-retries': '1',
      },
      {
        GITHUB_ACTIONS: 'true',
        GITHUB_EVENT_NAME: event,
        GITHUB_EVENT_PATH: writeEvent(origin.root, payload, `event-${++events}.json`),
        GITHUB_WORKSPACE: checkout.dir,
        GITHUB_SHA: checkout.head(),
        GITHUB_REPOSITORY: repository ?? 'octo-org/octo-repo',
        GITHUB_API_URL: github.url,
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_RUN_ID: '42',
      },
    );
  }

  const FIX = /pull-requests: read|contents: read|fetch-depth|ref: |since|re-run|github-token/;

  // Each payload meets each failure in turn: 85 payloads, each failure met by a fair share of every event's.
  const cases = payloads().map(
    ([event, payload, label], index): [string, Failure, string, Record<string, unknown>] => [
      label,
      FAILURES[index % FAILURES.length] ?? '500',
      event,
      payload,
    ],
  );
  it.each(cases)(
    '%s, GitHub answering %s: ends with a sentence naming the request, what came back, git and the fix',
    async (_label, failure, event, payload) => {
      const result = await run(event, payload, failure);
      const errors = runnerCommands(result.stdout).filter((command) => command.name === 'error');
      const shown = `${result.stdout}\n${result.stderr}\n${result.summary}`;
      // Never a page, never GitHub's text alone as the error.
      expect(shown).not.toMatch(/<html|<body|<p>/i);
      for (const error of errors)
        expect(error.data).not.toMatch(/^(?:Server Error|Not Found|Resource not accessible by integration)$/);
      const asked = github.changeRequests();
      if (asked.length === 0) {
        // Nothing asked of GitHub for the changes: a skipped event (no error), or an error that says what to set.
        for (const error of errors) expect(error.data).toMatch(FIX);
        return;
      }
      expect(result.exitCode).toBe(1);
      const last = errors.at(-1)?.data ?? '';
      const [method, path] = (asked[0] ?? '').split(' ');
      expect(last).toContain(`${method ?? ''} ${(path ?? '').split('?')[0] ?? ''}`);
      expect(last).toContain(failure === 'html 502' ? '502' : failure);
      if (failure === 'html 502') expect(last).toContain('502 Bad Gateway');
      expect(last).toMatch(FIX);
      // git was tried first: its own reason is kept.
      expect(last).toMatch(/does not appear to be a git repository|Could not read from remote/);
      // A 5xx is retried before it is reported (max-retries: 1).
      if (failure === '500' || failure === 'html 502')
        expect(asked.filter((line) => line === asked[0]).length).toBe(2);
    },
    60_000,
  );
});

describe('a connection GitHub resets', () => {
  const emulator = useEmulator();

  it('is retried under the call policy (max-retries), then named with its code and the fix', async () => {
    github.failure = 'reset';
    github.requests.length = 0;
    const payload = webhookExamples('push').find((example) => example.ref === 'refs/heads/master') ?? {};
    const result = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': emulator().url,
        'service-key': 'svc',
        'url-map': 'public/images => https://www.example.com/images',
        'github-token': TOKEN,
        'max-retries': '2',
      },
      {
        GITHUB_EVENT_NAME: 'push',
        GITHUB_EVENT_PATH: writeEvent(origin.root, payload, 'reset.json'),
        GITHUB_WORKSPACE: checkout.dir,
        GITHUB_SHA: checkout.head(),
        GITHUB_REPOSITORY: 'Codertocat/Hello-World',
        GITHUB_API_URL: github.url,
      },
    );
    expect(result.exitCode).toBe(1);
    expect(github.requests).toHaveLength(3);
    const last = runnerCommands(result.stdout)
      .filter((command) => command.name === 'error')
      .at(-1)?.data;
    expect(last).toMatch(
      /GET \/repos\/Codertocat\/Hello-World\/commits\/\w+ got no answer \((?:ECONNRESET|UND_ERR_SOCKET)\), 3 times/,
    );
    expect(last).toContain('re-run the job');
  });
});
