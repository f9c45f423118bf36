/**
 * The dispatcher a run sends through: interim (1xx) answers before the real one, against a raw node:net server
 * that writes exactly the bytes given; and which requests a proxy sees.
 */
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendCall, type ApiCall } from '../../src/service/client.ts';
import { createDispatcher } from '../../src/mechanics/dispatcher.ts';
import { ApiError } from '../../src/domain/api-error.ts';
import { makeRedactor } from '../../src/shown/redact.ts';
import { ROOT_KEY } from '../support/client.ts';
import { startProxy, type TestProxy } from '../support/proxy.ts';
import { runAction } from '../support/runner.ts';
import { makeTestCa, type TestCa } from '../support/tls.ts';

const ASSETS: ApiCall = { route: 'invalidate/assets', assets: ['https://www.example.com/a.png'] };
const CONFIRMED = '{"success":true}';

/** The pieces a raw server writes in answer to each request, each piece a write of its own. */
let pieces: string[] = [];
let requests = 0;
const sockets = new Set<Socket>();
let plainServer: NetServer;
let url: string;
/** The same server over TLS, named HOST (only the proxy resolves it), and a proxy in front of it. */
const HOST = 'api.images.test';
let ca: TestCa;
let tlsServer: TlsServer;
let tlsPort: number;
let proxy: TestProxy;

/** Answers each request (its header block and the body its Content-Length announces) with `pieces`. */
function answerEachRequest(socket: Socket): void {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
  socket.on('error', () => socket.destroy());
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
    for (;;) {
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(received.slice(0, end))?.[1] ?? 0);
      if (received.length < end + 4 + length) return;
      received = received.slice(end + 4 + length);
      requests++;
      void writePieces(socket, pieces);
    }
  });
}

beforeAll(async () => {
  plainServer = createNetServer(answerEachRequest);
  await new Promise<void>((resolve) => plainServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(plainServer.address() as AddressInfo).port}`;
  ca = makeTestCa([HOST]);
  tlsServer = createTlsServer(ca.server, answerEachRequest);
  await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
  tlsPort = (tlsServer.address() as AddressInfo).port;
  proxy = await startProxy({ [HOST]: '127.0.0.1' });
});
afterEach(() => {
  requests = 0;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await proxy.close();
  await new Promise((resolve) => plainServer.close(resolve));
  await new Promise((resolve) => tlsServer.close(resolve));
  ca.dispose();
});

async function writePieces(socket: Socket, answer: readonly string[]): Promise<void> {
  for (const piece of answer) {
    await new Promise<void>((resolve) =>
      socket.write(piece, 'latin1', () => {
        resolve();
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function final(status: string, body: string): string {
  return `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

async function send(dispatcher = createDispatcher(1, 5_000, {})): Promise<ApiError | 'confirmed'> {
  try {
    return await sendCall(ASSETS, {
      endpoint: new URL(`${url}/api/svc/v2/cache`),
      apiKey: ROOT_KEY,
      dispatcher,
      timeoutMs: 5_000,
      redact: makeRedactor([ROOT_KEY]),
      userAgent: 'image-cache-invalidate/test',
    }).then(() => 'confirmed' as const);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  } finally {
    await dispatcher.close();
  }
}

describe('interim answers before the real one', () => {
  it('100 Continue, then the answer, in one write: the answer counts', async () => {
    pieces = [`HTTP/1.1 100 Continue\r\n\r\n${final('200 OK', CONFIRMED)}`];
    expect(await send()).toBe('confirmed');
  });

  it('100 Continue, then the answer, in writes of their own: the answer counts', async () => {
    pieces = ['HTTP/1.1 100 Continue\r\n\r\n', final('200 OK', CONFIRMED)];
    expect(await send()).toBe('confirmed');
  });

  it('100 Continue cut across writes, then the answer: the answer counts', async () => {
    pieces = ['HTTP/1.1 1', '00 Contin', 'ue\r\n\r', '\n', final('200 OK', CONFIRMED)];
    expect(await send()).toBe('confirmed');
  });

  it('100 Continue, 102 Processing and 103 Early Hints with headers, then the answer: the answer counts', async () => {
    pieces = [
      'HTTP/1.1 100 Continue\r\n\r\n',
      'HTTP/1.1 102 Processing\r\n\r\n',
      'HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n',
      final('200 OK', CONFIRMED),
    ];
    expect(await send()).toBe('confirmed');
  });

  it('100 Continue, then a refusal: the refusal is what the call gets', async () => {
    pieces = [
      'HTTP/1.1 100 Continue\r\n\r\n',
      final('200 OK', '{"success":false,"message":"Quota exceeded"}'),
    ];
    const answer = await send();
    expect(answer).toBeInstanceOf(ApiError);
    expect((answer as ApiError).message).toContain('Quota exceeded');
  });

  it('each call on a kept-alive connection skips its own 100 Continue', async () => {
    pieces = ['HTTP/1.1 100 Continue\r\n\r\n', final('200 OK', CONFIRMED)];
    const dispatcher = createDispatcher(1, 5_000, {});
    const options = {
      endpoint: new URL(`${url}/api/svc/v2/cache`),
      apiKey: ROOT_KEY,
      dispatcher,
      timeoutMs: 5_000,
      redact: makeRedactor([ROOT_KEY]),
      userAgent: 'image-cache-invalidate/test',
    };
    try {
      for (let call = 0; call < 3; call++) await sendCall(ASSETS, options);
    } finally {
      await dispatcher.close();
    }
    expect(requests).toBe(3);
  });

  it('any interim answers, cut at any bytes, leave the answer after them whole', async () => {
    const interim = fc.constantFrom(
      'HTTP/1.1 100 Continue\r\n\r\n',
      'HTTP/1.1 100\r\n\r\n',
      'HTTP/1.0 102 Processing\r\n\r\n',
      'HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\nLink: </b.js>; rel=preload\r\n\r\n',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(interim, { maxLength: 3 }),
        fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (interims, message, cuts) => {
          const bytes =
            interims.join('') + final('200 OK', JSON.stringify({ success: false, message: `<${message}>` }));
          const points = [...new Set(cuts.map((cut) => cut % bytes.length))].sort((a, b) => a - b);
          pieces = [0, ...points]
            .map((start, i) => bytes.slice(start, points[i] ?? bytes.length))
            .filter(Boolean);
          const answer = await send();
          expect(answer).toBeInstanceOf(ApiError);
          // The service's message is read as a reader would see it: runs of spaces as one.
          expect((answer as ApiError).serverMessage).toBe(`<${message.replace(/ {2,}/g, ' ')}>`);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a body that holds the bytes of a 100 Continue is read as it is', async () => {
    const body = JSON.stringify({ success: false, message: 'HTTP/1.1 100 Continue\r\n\r\n' });
    pieces = [final('200 OK', body)];
    const answer = await send();
    expect((answer as ApiError).message).toContain('HTTP/1.1 100 Continue');
  });

  it('through the built action: 100 Continue before each answer, the step succeeds', async () => {
    pieces = ['HTTP/1.1 100 Continue\r\n\r\n', final('200 OK', CONFIRMED)];
    const run = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': url,
        'service-key': 'svc',
        assets: 'https://www.example.com/a.png',
      },
      {},
    );
    expect(run.exitCode).toBe(0);
    expect(run.outputs['invalidated-count']).toBe('1');
  });

  it('over TLS, through a proxy tunnel, with the built action: the step succeeds', async () => {
    pieces = ['HTTP/1.1 100 Continue\r\n\r\n', final('200 OK', CONFIRMED)];
    const run = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': `https://${HOST}:${tlsPort}`,
        'service-key': 'svc',
        assets: 'https://www.example.com/a.png',
      },
      { HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: ca.caFile },
    );
    expect(run.exitCode).toBe(0);
    expect(proxy.connects).toEqual([`${HOST}:${tlsPort}`]);
  });
});
