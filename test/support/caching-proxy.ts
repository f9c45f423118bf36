/**
 * A cache in front of an origin, as a CDN is: it keeps each path's answer for `ttlS` seconds and answers from its copy
 * with that CDN's own headers (a hit, its copy's age, the lifetime it states), and asks the origin on a miss. A copy
 * can be seeded (the previous deploy, cached before the run) and purged, as a person does from the CDN's dashboard.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Cdn = 'cloudflare' | 'fastly' | 'cloudfront' | 'vercel' | 'netlify';

interface Copy {
  readonly bytes: Buffer;
  readonly status: number;
  readonly storedAt: number;
}

export interface CachingProxy {
  readonly url: string;
  /** A copy as if stored `ageS` seconds ago. */
  seed(path: string, bytes: Buffer, ageS: number): void;
  purge(): void;
  /** performance.now() of the first answer from the origin (a miss), by path. */
  readonly missedAt: Map<string, number>;
  close(): Promise<void>;
}

/** The headers `cdn` sends, for a hit or a miss; `ttlS` only where that CDN states it. */
function headersOf(cdn: Cdn, hit: boolean, ageS: number, ttlS: number): Record<string, string> {
  const age = hit ? { age: String(ageS) } : {};
  switch (cdn) {
    case 'cloudflare':
      return {
        'cf-cache-status': hit ? 'HIT' : 'MISS',
        'cf-ray': '8a1b2c3d4e5f-FRA',
        'cache-control': `public, max-age=${ttlS}`,
        ...age,
      };
    case 'fastly':
      return {
        'x-served-by': 'cache-fra-etou8220099-FRA',
        'x-cache': hit ? 'HIT' : 'MISS',
        'cache-control': `public, s-maxage=${ttlS}`,
        ...age,
      };
    case 'cloudfront':
      return {
        'x-cache': hit ? 'Hit from cloudfront' : 'Miss from cloudfront',
        via: '1.1 8f22.cloudfront.net (CloudFront)',
        'cache-control': `max-age=${ttlS}`,
        ...age,
      };
    case 'vercel':
      // Vercel's edge keeps its copy by rules it does not state: browsers are told to revalidate.
      return {
        'x-vercel-cache': hit ? 'HIT' : 'MISS',
        'cache-control': 'public, max-age=0, must-revalidate',
        ...age,
      };
    case 'netlify':
      return {
        'cache-status': hit ? '"Netlify Edge"; hit' : '"Netlify Edge"; fwd=miss',
        'cache-control': 'public, max-age=0, must-revalidate',
        ...age,
      };
    default: {
      const unknown: never = cdn;
      return unknown;
    }
  }
}

export async function startCachingProxy(origin: string, cdn: Cdn, ttlS: number): Promise<CachingProxy> {
  const copies = new Map<string, Copy>();
  const missedAt = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    const now = performance.now();
    const copy = copies.get(path);
    const ageS = copy === undefined ? Infinity : Math.floor((now - copy.storedAt) / 1000);
    if (copy !== undefined && ageS < ttlS) {
      response.writeHead(copy.status, { 'content-type': 'image/png', ...headersOf(cdn, true, ageS, ttlS) });
      response.end(copy.bytes);
      return;
    }
    void fetch(`${origin}${path}`).then(async (answer) => {
      const bytes = Buffer.from(await answer.arrayBuffer());
      if (!missedAt.has(path)) missedAt.set(path, performance.now());
      if (answer.ok) copies.set(path, { bytes, status: answer.status, storedAt: performance.now() });
      response.writeHead(answer.status, { 'content-type': 'image/png', ...headersOf(cdn, false, 0, ttlS) });
      response.end(bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seed: (path, bytes, ageS) => {
      copies.set(path, { bytes, status: 200, storedAt: performance.now() - ageS * 1000 });
    },
    purge: () => {
      copies.clear();
    },
    missedAt,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
