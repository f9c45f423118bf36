/** An answer's headers, read one way: from a real server on 127.0.0.1, which may send a header more than once. */
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredLength, header, headerValues } from '../../src/mechanics/headers.ts';
import { endOfAsk, sendRequest } from '../../src/mechanics/http-request.ts';
import { localServer, type LocalServer } from '../support/local-server.ts';

let server: LocalServer;
const dispatcher = new Agent();
beforeAll(async () => {
  server = await localServer();
});
afterAll(async () => {
  await dispatcher.close();
  await server.close();
});

async function headersOf(raw: string[]): Promise<Record<string, unknown>> {
  server.answer((_request, response) => {
    response.writeHead(200, raw);
    response.end();
  });
  const get = { dispatcher, method: 'GET', headers: {}, timeoutMs: 5_000 } as const;
  const answer = await sendRequest(new URL(server.url), get, endOfAsk(5_000));
  await answer.body.dump();
  return answer.headers;
}

describe('headers', () => {
  it('reads the first value of a header sent twice, and every value in order where all count', async () => {
    const headers = await headersOf([
      'Vary',
      'Accept',
      'Vary',
      'Origin',
      'X-Cache',
      'HIT',
      'X-Cache',
      'MISS',
    ]);
    expect(header(headers, 'x-cache')).toBe('HIT');
    expect(headerValues(headers, 'vary').join(', ')).toBe('Accept, Origin');
  });

  it('reads a header that was not sent as absent, and as no values', async () => {
    const headers = await headersOf(['ETag', '"v1"']);
    expect(header(headers, 'last-modified')).toBeUndefined();
    expect(headerValues(headers, 'content-encoding')).toEqual([]);
  });

  it('reads a Content-Length as a length, and anything else there as none', () => {
    expect(declaredLength({ 'content-length': '512' })).toBe(512);
    expect(declaredLength({ 'content-length': '-1' })).toBeUndefined();
    expect(declaredLength({ 'content-length': 'lots' })).toBeUndefined();
    expect(declaredLength({})).toBeUndefined();
  });

  it('reads only text: a number a client parsed is not a header value', () => {
    expect(header({ 'retry-after': 30 }, 'retry-after')).toBeUndefined();
  });
});
