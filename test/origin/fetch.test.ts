/**
 * One ask of an origin against a real local origin (node:http): one deadline for the whole ask, its redirects
 * included, and the run's cancel heard while it waits.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ByteBudget, originFetcher } from '../../src/origin/fetch.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
let handler: Handler = (_request, response) => response.end();
let url = '';
const server = createServer((request, response) => {
  handler(request, response);
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function fetcher(timeoutMs: number): ReturnType<typeof originFetcher> {
  return originFetcher({
    dispatcher: new Agent({ connections: 8 }),
    timeoutMs,
    userAgent: 'test',
    budget: new ByteBudget(),
  });
}

describe('one ask of an origin', () => {
  it('has one deadline for all its redirects: hops that each answer within the timeout cannot add up past it', async () => {
    // Each hop answers after 60% of the timeout: three of them take 180% of it.
    const timeoutMs = 1_000;
    handler = (request, response) => {
      const hop = Number(request.url?.slice(1) ?? '0');
      setTimeout(() => {
        if (hop < 3) response.writeHead(302, { location: `/${hop + 1}` }).end();
        else response.writeHead(200).end('the image');
      }, 600);
    };
    const answer = await fetcher(timeoutMs)(`${url}/0`, 1_000);
    expect(answer.status).toBeUndefined();
    expect(answer.error).toBe('no answer within 1 s');
    expect(answer.stalled).toBe(true);
  });

  it("ends on the run's cancel while the origin says nothing, however long the timeout", async () => {
    handler = () => undefined; // a silent origin: the connection stays open, no answer comes
    const cancel = new AbortController();
    const asked = fetcher(600_000)(`${url}/silent.png`, 1_000, cancel.signal);
    setTimeout(() => {
      cancel.abort();
    }, 200);
    const answer = await asked;
    expect(answer.status).toBeUndefined();
    expect(answer.error).toBeDefined();
  }, 20_000);

  it('sends back the ETag it was given, and reads a 304 as an answer with no body', async () => {
    let sent: string | undefined;
    handler = (request, response) => {
      sent = request.headers['if-none-match'];
      response.writeHead(304, { etag: '"v1"' }).end();
    };
    const answer = await fetcher(5_000)(`${url}/a.png`, 1_000, undefined, { etag: '"v1"' });
    expect(sent).toBe('"v1"');
    expect(answer).toMatchObject({ status: 304, etag: '"v1"', requests: 1 });
    expect(answer.body).toBeUndefined();
  });

  it('says a host that does not resolve is unresolved: no deploy will make it answer', async () => {
    const answer = await fetcher(5_000)('http://nothing-here.invalid/a.png', 1_000);
    expect(answer.status).toBeUndefined();
    expect(answer.unresolved).toBe(true);
  });
});
