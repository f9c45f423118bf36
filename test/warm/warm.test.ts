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

describe('warm: its bounds', () => {
  /** A host that answers each request after `delayMs`, and counts them. */
  async function slowHost(delayMs: number): Promise<{ url: string; seen: () => number }> {
    let seen = 0;
    const server = createServer((_request, response) => {
      seen++;
      setTimeout(() => response.writeHead(200).end('image'), delayMs);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      });
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen: () => seen };
  }

  const requestsTo = (url: string, count: number): { image: string; url: string }[] =>
    Array.from({ length: count }, (_, i) => ({
      image: `https://www.example.com/${i}.png`,
      url: `${url}/${i}.png`,
    }));

  it('stops at its deadline: the requests cut are not counted, those not made are, and it says why', async () => {
    // Each answer takes 300 ms: the 200 requests would take 25 waves, far past a deadline of one second.
    const host = await slowHost(300);
    const dispatcher = new Agent({ connections: 64 });
    const report = await warm(requestsTo(host.url, 200), 0, {
      dispatcher,
      timeoutMs: 30_000,
      userAgent: 'test',
      deadlineMs: 1_000,
    });
    await dispatcher.destroy();
    expect(report.stopped).toBe('deadline');
    expect(host.seen()).toBeLessThan(200);
    expect(report.requested + (report.notRequested ?? 0)).toBe(200);
    expect(report.statuses).toEqual({ '200': report.requested });
  });

  it("stops on the run's cancel and says so, without counting what it cut as failures", async () => {
    const host = await slowHost(60_000);
    const dispatcher = new Agent({ connections: 64 });
    const cancel = new AbortController();
    setTimeout(() => {
      cancel.abort();
    }, 200);
    const report = await warm(requestsTo(host.url, 20), 0, {
      dispatcher,
      timeoutMs: 600_000,
      userAgent: 'test',
      signal: cancel.signal,
    });
    await dispatcher.destroy();
    expect(report).toMatchObject({ stopped: 'cancelled', failed: 0, requested: 0, notRequested: 20 });
  });
});
