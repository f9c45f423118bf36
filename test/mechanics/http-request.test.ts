/**
 * One request and its body read within bounds, as the service's client sends its POSTs: against a real server on
 * 127.0.0.1, what is sent, what is kept of a long body, and which ends count as a timeout.
 */
import { Agent } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isTimeout } from '../../src/mechanics/causes.ts';
import { readBody } from '../../src/mechanics/http-body.ts';
import { endOfAsk, sendRequest, type HttpRequest } from '../../src/mechanics/http-request.ts';
import { localServer, type LocalServer } from '../support/local-server.ts';

let server: LocalServer;
const dispatcher = new Agent({ connections: 4 });
beforeAll(async () => {
  server = await localServer();
});
afterAll(async () => {
  await dispatcher.close();
  await server.close();
});
beforeEach(() => {
  server.seen.length = 0;
});

const POST: HttpRequest = {
  dispatcher,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: Buffer.from('{"assets":["a.png"]}'),
  timeoutMs: 5_000,
};

describe('sendRequest', () => {
  it('sends the method, the headers and the body given, to the path and query of the URL', async () => {
    server.answer((_request, response) => response.end('{}'));
    const answer = await sendRequest(new URL(`${server.url}/api/x?y=1`), POST, endOfAsk(5_000));
    await answer.body.dump();
    expect(server.seen).toMatchObject([
      {
        method: 'POST',
        url: '/api/x?y=1',
        headers: { 'content-type': 'application/json' },
        body: '{"assets":["a.png"]}',
      },
    ]);
  });

  it("counts undici's own wait for the headers as a timeout, though its end never came", async () => {
    server.answer(() => undefined);
    const never = new AbortController().signal;
    const sent = sendRequest(new URL(`${server.url}/silent`), { ...POST, timeoutMs: 200 }, never);
    const error: unknown = await sent.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
    expect(isTimeout(error)).toBe(true);
  });

  it('does not count a refused connection as a timeout', async () => {
    const closed = await localServer();
    await closed.close();
    const error: unknown = await sendRequest(new URL(`${closed.url}/`), POST, endOfAsk(5_000)).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isTimeout(error)).toBe(false);
  });
});

describe('readBody', () => {
  it('keeps the first maxBytes of a longer body, so that its start can still be read', async () => {
    server.answer((_request, response) => response.end(`error: ${'x'.repeat(5_000)}`));
    const answer = await sendRequest(new URL(server.url), POST, endOfAsk(5_000));
    const read = await readBody(answer.body, { maxBytes: 10, keep: true });
    expect(read.cut).toBe('too-long');
    expect(read.bytes.toString()).toBe('error: xxx');
  });

  it('rejects when the connection goes mid-body', async () => {
    server.answer((_request, response) => {
      response.writeHead(200, { 'content-length': 100 });
      response.write('half', () => response.destroy());
    });
    const answer = await sendRequest(new URL(server.url), POST, endOfAsk(5_000));
    await expect(readBody(answer.body, { maxBytes: 1_000, keep: true })).rejects.toThrow();
  });
});
