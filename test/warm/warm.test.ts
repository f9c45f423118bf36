import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { warm, WARM_ACCEPT, WARM_CONCURRENCY } from '../../src/warm/warm.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/**
 * A host that holds every request until as many are in flight as could be (the bound, or all that are left), then
 * answers them all: it sees the most a warm-up ever has in flight at once, and every request but the last batch
 * waits for others, so a warm-up over the bound would show more at once.
 */
async function holdingHost(
  total: number,
): Promise<{ url: string; most: () => number; seen: IncomingMessage[] }> {
  const held: ServerResponse[] = [];
  const seen: IncomingMessage[] = [];
  let most = 0;
  let answered = 0;
  const server = createServer((request, response) => {
    seen.push(request);
    held.push(response);
    most = Math.max(most, held.length);
    if (held.length !== Math.min(WARM_CONCURRENCY, total - answered)) return;
    // Answered a moment later, so that requests over the bound, had any been sent, arrive and are counted first:
    // with the bound kept, nothing can arrive meanwhile, so the moment's length changes nothing.
    setTimeout(() => {
      for (const waiting of held.splice(0)) {
        answered += 1;
        waiting.writeHead(200, { 'content-type': 'image/avif' }).end(Buffer.alloc(1024));
      }
    }, 50);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        resolve();
      });
    });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, most: () => most, seen };
}

describe('warm', () => {
  it(`has at most ${WARM_CONCURRENCY} requests in flight, sends a browser's Accept and no credential`, async () => {
    const total = 30;
    const host = await holdingHost(total);
    const requests = Array.from({ length: total }, (_, index) => ({
      image: `https://www.example.com/${index}.png`,
      url: `${host.url}/w:640/https://www.example.com/${index}.png`,
    }));
    const dispatcher = new Agent({ connections: 64 });
    const report = await warm(requests, 0, { dispatcher, timeoutMs: 30_000, userAgent: 'test' });
    await dispatcher.close();
    expect(host.most()).toBe(WARM_CONCURRENCY);
    expect(report).toMatchObject({ requested: total, statuses: { '200': total }, failed: 0 });
    for (const request of host.seen) {
      expect(request.headers.accept).toBe(WARM_ACCEPT);
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers.cookie).toBeUndefined();
    }
  });
});
