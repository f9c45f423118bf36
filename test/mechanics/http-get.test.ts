/**
 * The one bounded GET, against a real server on 127.0.0.1: its body cap, its byte budget, its one deadline, its
 * cancel, its redirect rule, and the headers it sends.
 */
import { Agent } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isTimeout } from '../../src/mechanics/causes.ts';
import { httpGet, type HttpAnswer, type HttpGetOptions } from '../../src/mechanics/http-get.ts';
import type { BodyRead } from '../../src/mechanics/http-body.ts';
import { localServer, type LocalServer } from '../support/local-server.ts';

let server: LocalServer;
const dispatcher = new Agent({ connections: 8 });
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

function options(more: Partial<HttpGetOptions> = {}): HttpGetOptions {
  return { dispatcher, headers: { accept: '*/*' }, timeoutMs: 5_000, maxBytes: 1_000, keep: true, ...more };
}

function answered(got: Awaited<ReturnType<typeof httpGet>>): HttpAnswer {
  if (got.kind !== 'answer') throw new Error(`expected an answer, got ${got.kind}`);
  return got;
}

function read(got: Awaited<ReturnType<typeof httpGet>>): BodyRead {
  const { body } = answered(got);
  if ('error' in body) throw new Error('expected a body read, got an error');
  return body;
}

/** Sends `size` bytes in chunks, with no Content-Length: only reading tells how long the body is. */
function chunked(size: number): (response: import('node:http').ServerResponse) => void {
  return (response) => {
    response.writeHead(200);
    for (let sent = 0; sent < size; sent += 100)
      response.write(Buffer.alloc(Math.min(100, size - sent), 0x61));
    response.end();
  };
}

describe('httpGet: the body cap', () => {
  it('reads a body of exactly maxBytes whole', async () => {
    server.answer((_request, response) => {
      chunked(1_000)(response);
    });
    const body = read(await httpGet(`${server.url}/a`, options()));
    expect(body).toMatchObject({ read: 1_000 });
    expect(body.cut).toBeUndefined();
    expect(body.bytes.length).toBe(1_000);
  });

  it('cuts a body found longer than maxBytes, and says it was too long', async () => {
    server.answer((_request, response) => {
      chunked(5_000)(response);
    });
    const body = read(await httpGet(`${server.url}/a`, options()));
    expect(body.cut).toBe('too-long');
    expect(body.bytes.length).toBe(1_000);
  });

  it('does not read a body whose Content-Length is over maxBytes', async () => {
    server.answer((_request, response) => {
      response.writeHead(200, { 'content-length': 2_000 }).end(Buffer.alloc(2_000));
    });
    const body = read(await httpGet(`${server.url}/a`, options()));
    expect(body).toMatchObject({ read: 0, cut: 'too-long' });
  });

  it('reads a body it does not keep to the end of the cap, keeping no bytes', async () => {
    server.answer((_request, response) => {
      chunked(800)(response);
    });
    const body = read(await httpGet(`${server.url}/a`, options({ keep: false })));
    expect(body.read).toBe(800);
    expect(body.bytes.length).toBe(0);
  });
});

describe('httpGet: the byte budget', () => {
  class Budget {
    left: number;
    constructor(left: number) {
      this.left = left;
    }
    get spent(): boolean {
      return this.left <= 0;
    }
    take(bytes: number): void {
      this.left -= bytes;
    }
  }

  it('counts each body against the budget, and cuts the read that spends it', async () => {
    server.answer((_request, response) => {
      chunked(600)(response);
    });
    const budget = new Budget(1_000);
    expect(read(await httpGet(`${server.url}/a`, options({ budget }))).cut).toBeUndefined();
    expect(read(await httpGet(`${server.url}/b`, options({ budget }))).cut).toBe('budget');
  });

  it('sends no request once the budget is spent', async () => {
    const got = await httpGet(`${server.url}/a`, options({ budget: new Budget(0) }));
    expect(got).toEqual({ kind: 'budget-spent', requests: 0 });
    expect(server.seen).toEqual([]);
  });
});

describe('httpGet: its time', () => {
  it('ends at its timeout while the server says nothing, as a timeout', async () => {
    server.answer(() => undefined);
    const got = await httpGet(`${server.url}/silent`, options({ timeoutMs: 200 }));
    expect(got.kind).toBe('failed');
    expect(got.kind === 'failed' && isTimeout(got.error)).toBe(true);
  });

  it('has one deadline for all its redirects: hops that each answer within the timeout cannot add up past it', async () => {
    // Each hop answers after 60% of the timeout: two of them take 120% of it.
    server.answer((request, response) => {
      const hop = Number(request.url?.slice(1));
      setTimeout(() => {
        response.writeHead(302, { location: `/${hop + 1}` }).end();
      }, 600);
    });
    const got = await httpGet(`${server.url}/0`, options({ timeoutMs: 1_000, follow: () => true }));
    expect(got.kind === 'failed' && isTimeout(got.error)).toBe(true);
  });

  it('ends a body that trickles past its timeout, as a timeout', async () => {
    server.answer((_request, response) => {
      response.writeHead(200);
      const drip = setInterval(() => response.write('x'), 50);
      response.on('close', () => {
        clearInterval(drip);
      });
    });
    const { body } = answered(await httpGet(`${server.url}/drip`, options({ timeoutMs: 300 })));
    expect('error' in body && isTimeout(body.error)).toBe(true);
  });

  it('ends at the cancel, however long its timeout, and a cancel is not a timeout', async () => {
    server.answer(() => undefined);
    const cancel = new AbortController();
    setTimeout(() => {
      cancel.abort(new Error('cancelled'));
    }, 100);
    const started = performance.now();
    const got = await httpGet(`${server.url}/silent`, options({ timeoutMs: 600_000, signal: cancel.signal }));
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(got).toMatchObject({ kind: 'failed', requests: 1, error: new Error('cancelled') });
    expect(got.kind === 'failed' && isTimeout(got.error)).toBe(false);
  });
});

describe('httpGet: redirects', () => {
  it('without a rule, answers with the redirect itself and asks nothing of where it points', async () => {
    server.answer((request, response) => {
      if (request.url === '/from') response.writeHead(301, { location: '/to' }).end('moved');
      else response.end('the image');
    });
    const got = answered(await httpGet(`${server.url}/from`, options()));
    expect(got).toMatchObject({ status: 301, requests: 1, redirect: { location: '/to' } });
    expect(got.redirect?.to?.href).toBe(`${server.url}/to`);
    expect(server.seen.map((request) => request.url)).toEqual(['/from']);
  });

  it('follows the redirects its rule allows, and answers with the first it refuses, unread', async () => {
    server.answer((request, response) => {
      const hop = Number(request.url?.slice(1));
      response.writeHead(302, { location: `/${hop + 1}` }).end('moved');
    });
    const got = answered(
      await httpGet(`${server.url}/0`, options({ follow: (_next, _from, followed) => followed < 2 })),
    );
    expect(got).toMatchObject({ status: 302, requests: 3, redirect: { location: '/3' } });
    expect(got.body).toEqual({ bytes: Buffer.alloc(0), read: 0 });
    expect(server.seen.map((request) => request.url)).toEqual(['/0', '/1', '/2']);
  });

  it('gives its rule where the redirect leads and from where', async () => {
    server.answer((request, response) => {
      if (request.url === '/from') response.writeHead(302, { location: 'http://elsewhere.invalid/to' }).end();
      else response.end();
    });
    const asked: string[] = [];
    const rule: HttpGetOptions['follow'] = (next, from) => {
      asked.push(`${from.pathname} -> ${next.host}${next.pathname}`);
      return next.origin === from.origin;
    };
    const got = answered(await httpGet(`${server.url}/from`, options({ follow: rule })));
    expect(asked).toEqual(['/from -> elsewhere.invalid/to']);
    expect(got.redirect?.to?.host).toBe('elsewhere.invalid');
  });
});

describe('httpGet: what it sends', () => {
  it('sends a GET with the headers given and no credential of its own', async () => {
    server.answer((_request, response) => response.end());
    await httpGet(
      `${server.url}/a?x=1#fragment`,
      options({ headers: { 'user-agent': 'test', accept: 'image/avif' } }),
    );
    const [request] = server.seen;
    expect(request).toMatchObject({ method: 'GET', url: '/a?x=1' });
    expect(request?.headers).toMatchObject({ 'user-agent': 'test', accept: 'image/avif' });
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers.cookie).toBeUndefined();
  });

  it('says why when the URL is not one', async () => {
    const got = await httpGet('not a url', options());
    expect(got).toMatchObject({ kind: 'failed', requests: 0 });
  });
});
