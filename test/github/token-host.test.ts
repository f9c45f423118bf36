/**
 * The token goes only to GITHUB_API_URL, whatever the API answers: a `next` link or a redirect to another host is
 * not followed with it (octokit's paginator would follow it, its auth hook adding the token), over real sockets.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiChangedFiles } from '../../src/github/api.ts';

const TOKEN = 'ghs_tokenHostTestToken0123456789';
const REPOSITORY = 'octo-org/octo-repo';

interface Local {
  readonly server: Server;
  readonly url: string;
  readonly seen: IncomingMessage[];
}

/** A local server answering each request with `answer`; `host`: the name the URL gives it. */
async function serve(
  host: string,
  answer: (
    request: IncomingMessage,
    url: string,
  ) => { status: number; headers?: Record<string, string>; body?: unknown },
): Promise<Local> {
  const seen: IncomingMessage[] = [];
  let url = '';
  const server = createServer((request, response) => {
    seen.push(request);
    const { status, headers, body } = answer(request, url);
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(body === undefined ? '' : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return { server, url, seen };
}

const files = (names: string[]) => names.map((filename) => ({ filename, status: 'modified' }));
const pullRange = { base: 'a'.repeat(40), head: 'b'.repeat(40), origin: 'pull_request #5', pullNumber: 5 };

let servers: Local[] = [];
let elsewhere: Local;
beforeEach(async () => {
  // Another host: "localhost", where the API is "127.0.0.1".
  elsewhere = await serve('localhost', () => ({ status: 200, body: files(['public/images/stolen.png']) }));
  servers = [elsewhere];
});
afterEach(async () => {
  for (const { server } of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function api(
  answer: (
    request: IncomingMessage,
    url: string,
  ) => { status: number; headers?: Record<string, string>; body?: unknown },
): Promise<Local> {
  const local = await serve('127.0.0.1', answer);
  servers.push(local);
  return local;
}

/** What asking `github` for the pull request's files ends in. */
function refusal(github: Local): Promise<unknown> {
  const context = { repository: REPOSITORY, apiUrl: github.url, token: TOKEN };
  return apiChangedFiles(pullRange, context).catch((caught: unknown) => caught);
}

describe('the token goes only to GITHUB_API_URL', () => {
  it("a pull request's files whose next link names another host: not followed, the token kept, said so", async () => {
    const github = await api(() => ({
      status: 200,
      headers: { link: `<${elsewhere.url}/repositories/1/pulls/5/files?page=2>; rel="next"` },
      body: files(['public/images/a.png']),
    }));
    const error = await refusal(github);
    expect(elsewhere.seen).toEqual([]);
    expect(String(error)).toContain('the token is sent only to GITHUB_API_URL');
    expect(String(error)).toContain('localhost');
    expect(github.seen.every((request) => request.headers.authorization === `token ${TOKEN}`)).toBe(true);
  });

  it('a redirect to another host: not followed, the token kept', async () => {
    const github = await api(() => ({
      status: 302,
      headers: { location: `${elsewhere.url}/repos/${REPOSITORY}/pulls/5/files` },
    }));
    const error = await refusal(github);
    expect(elsewhere.seen).toEqual([]);
    expect(String(error)).toContain('the token is sent only to GITHUB_API_URL');
  });

  it('a next link on the API itself is followed, as every page of a long list is', async () => {
    const github = await api((request, url) =>
      request.url?.includes('page=2') === true
        ? { status: 200, body: files(['public/images/b.png']) }
        : {
            status: 200,
            headers: { link: `<${url}/repos/${REPOSITORY}/pulls/5/files?per_page=100&page=2>; rel="next"` },
            body: files(['public/images/a.png']),
          },
    );
    const found = await apiChangedFiles(pullRange, {
      repository: REPOSITORY,
      apiUrl: github.url,
      token: TOKEN,
    });
    expect(found.files).toEqual(['public/images/a.png', 'public/images/b.png']);
    expect(github.seen).toHaveLength(2);
  });
});

describe('a redirect the API fetch does not follow', () => {
  it.each<[string, Record<string, string>, RegExp]>([
    ['one that names no place', {}, /a redirect naming no place/],
    [
      'a loop on the API itself, past the redirects followed',
      { location: '/again' },
      /past the 5 it follows/,
    ],
  ])('is an error, never an empty answer: %s', async (_name, headers, said) => {
    const github = await api(() => ({ status: 302, headers }));
    const error = await refusal(github);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toMatch(said);
  });
});
