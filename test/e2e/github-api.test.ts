/**
 * The GitHub API fallback, for a workspace without a checkout: a local node:http server stands in for
 * api.github.com (GITHUB_API_URL points at it), and serves pull request files page by page with Link headers,
 * comparisons, and commits. In-process through detectChangedFiles, and end to end through the spawned action.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator.ts';
import { detectChangedFiles } from '../../src/changes/detect.ts';
import { githubCi, type GithubContext } from '../../src/ci/github.ts';
import { gitIn } from '../../src/mechanics/git.ts';
import { ROOT_KEY } from '../support/client.ts';
import {
  createOrigin,
  pullRequestPayload,
  pushPayload,
  writeEvent,
  ZERO_SHA,
  type Origin,
} from '../support/git-repo.ts';
import { runAction, type ActionRun } from '../support/runner.ts';

const OWNER_REPO = 'octo-org/octo-repo';
const TOKEN = 'ghp_ApiFallbackTokenForTests0123456789ab';
const BASE = '1111111111111111111111111111111111111111';
const HEAD = '2222222222222222222222222222222222222222';

interface FileEntry {
  filename: string;
  status: 'added' | 'modified' | 'removed' | 'renamed' | 'copied' | 'changed';
  previous_filename?: string;
}

interface ApiRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
}

/** api.github.com for three endpoints, with GitHub's pagination (per_page, page, Link headers). */
class FakeGitHub {
  url = '';
  readonly requests: ApiRequest[] = [];
  readonly pulls = new Map<number, FileEntry[]>();
  readonly compares = new Map<string, FileEntry[]>();
  readonly commits = new Map<string, FileEntry[]>();
  /** Answer every request with this status and message instead (a refused token). */
  refuse: { status: number; message: string } | undefined;
  /** The origin the pages' links name, in place of this server's (a `next` link to another host). */
  linksTo: string | undefined;
  readonly #server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', this.url);
    this.requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      response.end(JSON.stringify(body));
    };
    if (this.refuse !== undefined) {
      send(this.refuse.status, { message: this.refuse.message });
      return;
    }
    const prefix = `/repos/${OWNER_REPO}/`;
    const rest = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : '';
    const pull = /^pulls\/(\d+)\/files$/.exec(rest);
    const compare = /^compare\/(.+)$/.exec(rest);
    const commit = /^commits\/([^/]+)$/.exec(rest);
    if (pull !== null) {
      const entries = this.pulls.get(Number(pull[1]));
      if (entries === undefined) send(404, { message: 'Not Found' });
      else {
        const { page, headers } = this.#page(url, entries, 30);
        send(200, page, headers);
      }
    } else if (compare !== null) {
      const entries = this.compares.get(decodeURIComponent(compare[1] ?? ''));
      // The files of a comparison all come with its first page, whatever per_page says.
      if (entries === undefined) send(404, { message: 'Not Found' });
      else send(200, { status: 'ahead', commits: [], files: entries });
    } else if (commit !== null) {
      const entries = this.commits.get(commit[1] ?? '');
      if (entries === undefined) send(422, { message: 'No commit found' });
      else {
        const { page, headers } = this.#page(url, entries, 300);
        send(200, { sha: commit[1], files: page }, headers);
      }
    } else send(404, { message: 'Not Found' });
  });

  #page(url: URL, entries: FileEntry[], defaultSize: number) {
    const size = Number(url.searchParams.get('per_page') ?? defaultSize);
    const number = Number(url.searchParams.get('page') ?? 1);
    const last = Math.max(1, Math.ceil(entries.length / size));
    const link = (page: number): string => {
      const next = new URL(`${url.pathname}${url.search}`, this.linksTo ?? url.origin);
      next.searchParams.set('per_page', String(size));
      next.searchParams.set('page', String(page));
      return next.href;
    };
    const links = [];
    if (number < last) links.push(`<${link(number + 1)}>; rel="next"`, `<${link(last)}>; rel="last"`);
    if (number > 1) links.push(`<${link(number - 1)}>; rel="prev"`, `<${link(1)}>; rel="first"`);
    return {
      page: entries.slice((number - 1) * size, number * size),
      headers: links.length === 0 ? {} : { link: links.join(', ') },
    };
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** The page numbers of the requests to one endpoint, in order (1 when the request names none). */
  pagesOf(pathname: string): number[] {
    return this.requests
      .map((request) => new URL(request.url, this.url))
      .filter((url) => url.pathname === pathname)
      .map((url) => Number(url.searchParams.get('page') ?? 1));
  }

  reset(): void {
    this.requests.length = 0;
    this.pulls.clear();
    this.compares.clear();
    this.commits.clear();
    this.refuse = undefined;
    this.linksTo = undefined;
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => {
      this.#server.close(() => {
        resolve();
      });
    });
  }
}

const images = (count: number, from = 0, dir = 'public/images'): FileEntry[] =>
  Array.from({ length: count }, (_, i) => ({ filename: `${dir}/${from + i}.png`, status: 'added' as const }));

let github: FakeGitHub;
let origin: Origin;
/** A workspace without a checkout: git fails there, and the API stands in. */
let empty: string;
beforeAll(async () => {
  github = new FakeGitHub();
  await github.listen();
  origin = createOrigin('changes-api-');
  empty = origin.emptyDir('no-checkout');
});
afterAll(async () => {
  await github.close();
  origin.dispose();
});
beforeEach(() => {
  github.reset();
});

describe('the GitHub API, in-process, when git cannot tell', () => {
  function context(eventName: string, payload: unknown, token = TOKEN): GithubContext {
    return {
      eventName,
      payload,
      sha: HEAD,
      workspace: empty,
      repository: OWNER_REPO,
      apiUrl: github.url,
      token,
    };
  }
  const detect = (eventName: string, payload: unknown, since?: string, token = TOKEN) =>
    detectChangedFiles(githubCi(context(eventName, payload, token)), since, gitIn(empty));

  it('reads every page of the files of a pull request', async () => {
    github.pulls.set(5, images(250));
    const changed = await detect('pull_request', pullRequestPayload(BASE, HEAD, 5));
    expect(changed.files).toEqual(images(250).map((entry) => entry.filename));
    expect(github.pagesOf(`/repos/${OWNER_REPO}/pulls/5/files`)).toEqual([1, 2, 3]);
    expect(changed.truncated).toBeUndefined();
  });

  it('lists the files of a pull_request_target by its pull request too', async () => {
    github.pulls.set(6, images(3));
    const changed = await detect('pull_request_target', pullRequestPayload(BASE, HEAD, 6));
    expect(changed.files).toHaveLength(3);
    expect(changed.source).toBe('the GitHub API (files of pull request #6) (pull_request_target #6)');
  });

  it('counts a renamed entry as its previous_filename and its filename', async () => {
    github.pulls.set(5, [
      ...images(120),
      { filename: 'public/images/new.png', previous_filename: 'public/images/old.png', status: 'renamed' },
    ]);
    const changed = await detect('pull_request', pullRequestPayload(BASE, HEAD, 5));
    expect(changed.files).toHaveLength(122);
    expect(changed.files).toContain('public/images/old.png');
    expect(changed.files).toContain('public/images/new.png');
  });

  it("keeps each file's change from its status, a rename's old path included", async () => {
    github.pulls.set(7, [
      { filename: 'public/images/a.png', status: 'added' },
      { filename: 'public/images/b.png', status: 'modified' },
      { filename: 'public/images/c.png', status: 'removed' },
      { filename: 'public/images/new.png', previous_filename: 'public/images/old.png', status: 'renamed' },
      { filename: 'public/images/copy.png', status: 'copied' },
      { filename: 'public/images/mode.png', status: 'changed' },
    ]);
    const changed = await detect('pull_request', pullRequestPayload(BASE, HEAD, 7));
    const byPath = Object.fromEntries(changed.files.map((path, i) => [path, changed.changes?.[i]]));
    expect(byPath).toEqual({
      'public/images/a.png': { status: 'added' },
      'public/images/b.png': { status: 'modified' },
      'public/images/c.png': { status: 'deleted' },
      'public/images/old.png': { status: 'renamed', to: 'public/images/new.png' },
      'public/images/new.png': { status: 'renamed', from: 'public/images/old.png' },
      'public/images/copy.png': { status: 'added' },
      'public/images/mode.png': { status: 'modified' },
    });
  });

  it('warns that 3,000 files of a pull request, the API cap, may be cut short', async () => {
    github.pulls.set(5, images(3_000));
    const changed = await detect('pull_request', pullRequestPayload(BASE, HEAD, 5));
    expect(changed.files).toHaveLength(3_000);
    expect(github.pagesOf(`/repos/${OWNER_REPO}/pulls/5/files`)).toHaveLength(30);
    expect(changed.truncated).toContain('at most 3,000 files');
  });

  it("compares a push's before...after", async () => {
    github.compares.set(`${BASE}...${HEAD}`, images(4));
    const changed = await detect('push', pushPayload(BASE, HEAD));
    expect(changed.files).toHaveLength(4);
    expect(github.requests.map((request) => new URL(request.url, github.url).pathname)).toEqual([
      `/repos/${OWNER_REPO}/compare/${BASE}...${HEAD}`,
    ]);
    expect(changed.source).toBe('the GitHub API (comparison 1111111...2222222) (push)');
    expect(changed.fallbackReason).toContain('not a git repository');
  });

  it('does not warn below the cap of a comparison (299 files)', async () => {
    github.compares.set(`${BASE}...${HEAD}`, images(299));
    expect((await detect('push', pushPayload(BASE, HEAD))).truncated).toBeUndefined();
  });

  it('compares since...head with since, even for a pull request', async () => {
    github.compares.set(`v1.4.0...${HEAD}`, images(2));
    const changed = await detect('pull_request', pullRequestPayload(BASE, HEAD, 5), 'v1.4.0');
    expect(changed.files).toHaveLength(2);
    expect(github.pagesOf(`/repos/${OWNER_REPO}/pulls/5/files`)).toEqual([]);
  });

  it('lists the files of the pushed commit, page by page, for a push that created a branch', async () => {
    github.commits.set(HEAD, images(150));
    const changed = await detect('push', pushPayload(ZERO_SHA, HEAD));
    expect(changed.files).toHaveLength(150);
    expect(github.pagesOf(`/repos/${OWNER_REPO}/commits/${HEAD}`)).toEqual([1, 2]);
    expect(changed.source).toBe('the GitHub API (files of commit 2222222) (push (new branch))');
  });

  it('without a token, says to check out the repository or list the paths in files', async () => {
    await expect(detect('push', pushPayload(BASE, HEAD), undefined, '')).rejects.toThrow(
      /github-token.*Check out the repository first \(actions\/checkout\), or list the paths in files/s,
    );
    expect(github.requests).toHaveLength(0);
  });
});

describe('the GitHub API, end to end', () => {
  const URL_MAP = 'public/images => https://www.example.com/images';
  const emulator = useEmulator();
  let events = 0;

  function run(eventName: string, payload: unknown, inputs: Record<string, string> = {}): Promise<ActionRun> {
    return runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': emulator().url,
        'service-key': 'svc',
        'url-map': URL_MAP,
        'github-token': TOKEN,
        ...inputs,
      },
      {
        GITHUB_EVENT_NAME: eventName,
        GITHUB_EVENT_PATH: writeEvent(origin.root, payload, `event-${++events}.json`),
        GITHUB_WORKSPACE: empty,
        GITHUB_SHA: HEAD,
        GITHUB_REPOSITORY: OWNER_REPO,
        GITHUB_API_URL: github.url,
      },
    );
  }

  /** Markdown as a reader sees it: backslash escapes and entities undone. */
  const rendered = (markdown: string): string =>
    markdown
      .replace(/\\([\\`*_{}[\]()#+!|~.-])/g, '$1')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');

  /** Everything the action shows, but the ::add-mask:: lines, which the runner hides and uses to mask. */
  function shown(result: ActionRun): Record<string, string> {
    return {
      stdout: result.stdout
        .split('\n')
        .filter((line) => !line.startsWith('::add-mask::'))
        .join('\n'),
      stderr: result.stderr,
      summary: result.summary,
      report: result.report,
      outputs: JSON.stringify(result.outputs),
    };
  }

  describe('a pull request of 3 pages, one entry renamed', () => {
    let result: ActionRun;
    // Copied here: the beforeEach hooks reset both servers before every test.
    let requests: ApiRequest[];
    let invalidated: string[];
    const entries: FileEntry[] = [
      ...images(200),
      { filename: 'docs/guide.md', status: 'modified' },
      { filename: 'public/images/new.png', previous_filename: 'public/images/old.png', status: 'renamed' },
      { filename: 'elsewhere/x.png', status: 'removed' },
      ...images(47, 200),
    ];
    beforeAll(async () => {
      github.pulls.set(42, entries);
      result = await run('pull_request', pullRequestPayload(BASE, HEAD, 42));
      requests = [...github.requests];
      invalidated = [...emulator().invalidated.assets];
    });

    it('reads every page and invalidates the URLs of every image on them, the old name of the rename too', () => {
      expect(result.exitCode).toBe(0);
      expect(
        requests.map((request) => new URL(request.url, github.url).searchParams.get('page') ?? '1'),
      ).toEqual(['1', '2', '3']);
      const expected = [
        ...images(247).map((entry) =>
          entry.filename.replace('public/images', 'https://www.example.com/images'),
        ),
        'https://www.example.com/images/new.png',
        'https://www.example.com/images/old.png',
      ];
      expect(invalidated.sort()).toEqual(expected.sort());
    });

    it('sends the github-token in the authorization header of every request', () => {
      expect(requests.length).toBeGreaterThan(0);
      for (const request of requests)
        expect(request.headers.authorization).toMatch(new RegExp(`^(token|Bearer) ${TOKEN}$`));
    });

    it('never shows the github-token in stdout, stderr, summary, report or outputs', () => {
      for (const [channel, text] of Object.entries(shown(result))) {
        expect(text.includes(TOKEN), `token in ${channel}`).toBe(false);
      }
    });

    it('says in the log and the summary that the list came from the GitHub API, and why', () => {
      expect(result.stdout).toContain(
        'Changed files: the GitHub API (files of pull request #42) (pull_request #42)',
      );
      expect(result.stdout).toMatch(/git could not tell: .*not a git repository/);
      expect(rendered(result.summary)).toContain(
        'From the GitHub API (files of pull request #42) (pull_request #42): 251 found, 250 selected by `paths`, ' +
          '249 mapped to URLs by `url-map`, 1 skipped.',
      );
    });
  });

  it('a next link to another host: the token never leaves GITHUB_API_URL, nothing is sent there, and the run says why', async () => {
    const elsewhere: ApiRequest[] = [];
    const other = createServer((request, response) => {
      elsewhere.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('[]');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      github.linksTo = `http://localhost:${(other.address() as AddressInfo).port}`;
      github.pulls.set(42, images(250));
      const result = await run('pull_request', pullRequestPayload(BASE, HEAD, 42));
      expect(elsewhere).toEqual([]);
      expect(result.exitCode).not.toBe(0);
      expect(result.stdout).toContain('the token is sent only to GITHUB_API_URL');
      expect(emulator().requests).toEqual([]);
    } finally {
      other.closeAllConnections();
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('warns in the log and the summary when a comparison reaches the cap of 300 files', async () => {
    github.compares.set(`${BASE}...${HEAD}`, images(300));
    const result = await run('push', pushPayload(BASE, HEAD), { 'dry-run': 'true' });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(
      '::warning::Changed files: the GitHub API lists at most 300 files here, so some may be missing.',
    );
    expect(rendered(result.summary)).toContain(
      '**Warning:** the GitHub API lists at most 300 files here, so some may be missing.',
    );
    expect(rendered(result.summary)).toContain(
      'From the GitHub API (comparison 1111111...2222222) (push): 300 found',
    );
    expect((JSON.parse(result.report) as { files?: { truncated?: string } }).files?.truncated).toContain(
      'at most 300 files',
    );
  });

  it('a token the API refuses, and echoes, fails the step without showing the token', async () => {
    github.refuse = { status: 401, message: `Bad credentials: ${TOKEN}` };
    const result = await run('push', pushPayload(BASE, HEAD));
    expect(result.exitCode).toBe(1);
    expect(emulator().requests).toHaveLength(0);
    expect(result.stdout).toMatch(/^::error::.*Bad credentials/m);
    for (const [channel, text] of Object.entries(shown(result))) {
      expect(text.includes(TOKEN), `token in ${channel}`).toBe(false);
    }
  });
});
