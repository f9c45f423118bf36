/**
 * A site that serves images as their origin (node:http, or node:https with a test CA), whose content is either the
 * previous deploy or the new one, switched when a test says (the deploy landing); and an image host stand-in that
 * caches what the origin served until the API emulator records the image as invalidated, as the image service does.
 */
import { createServer as createHttp, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Emulator } from '../emulator/server.ts';

/** A path's answer: its bytes, or a status with no body (404 for a file that is not deployed). */
export type Served = Buffer | number;

/** Serves one request in place of the deployed files: a redirect, a slow or large body. */
export type Override = (request: { url: string }, respond: Respond) => void;
type Respond = (
  status: number,
  headers: Record<string, string>,
  body?: Buffer | AsyncIterable<Buffer>,
) => void;

export interface OriginSite {
  /** `http://127.0.0.1:<port>` (or https). */
  readonly url: string;
  /** Every request, with its headers as they arrived, when it arrived (performance.now()) and the status sent. */
  readonly requests: {
    readonly path: string;
    readonly headers: IncomingHttpHeaders;
    readonly at: number;
    status?: number;
  }[];
  /** Which deploy the site serves. */
  deployed: 'previous' | 'new';
  /**
   * Paths that flip to the new deploy at a set time (performance.now()), whatever `deployed` says: a deploy that lands
   * at a moment the action cannot know, all at once or image by image.
   */
  readonly flipAt: Map<string, number>;
  /** Bytes by path (`/images/a.png`) of each deploy; a path absent from one is a 404 there. */
  readonly files: { previous: Map<string, Buffer>; new: Map<string, Buffer> };
  readonly overrides: Map<string, Override>;
  /** Serves a path no deploy holds, in place of a 404: a single-page app's fallback `index.html`. */
  fallback?: Override | undefined;
  close(): Promise<void>;
}

export async function startOriginSite(tls?: { key: string; cert: string }): Promise<OriginSite> {
  const site: Omit<OriginSite, 'url' | 'close'> = {
    requests: [],
    deployed: 'previous',
    flipAt: new Map(),
    files: { previous: new Map(), new: new Map() },
    overrides: new Map(),
  };
  const handler = (
    request: import('node:http').IncomingMessage,
    response: import('node:http').ServerResponse,
  ): void => {
    const path = request.url ?? '/';
    const asked: OriginSite['requests'][number] = { path, headers: request.headers, at: performance.now() };
    site.requests.push(asked);
    const respond: Respond = (status, headers, body) => {
      asked.status = status;
      response.writeHead(status, headers);
      if (body === undefined) response.end();
      else if (Buffer.isBuffer(body)) response.end(body);
      else
        void (async () => {
          try {
            for await (const chunk of body) if (!response.write(chunk)) await once(response);
            response.end();
          } catch {
            response.destroy();
          }
        })();
    };
    const override = site.overrides.get(path);
    if (override !== undefined) {
      override({ url: path }, respond);
      return;
    }
    const flip = site.flipAt.get(path);
    const deployed = flip === undefined ? site.deployed : asked.at >= flip ? 'new' : 'previous';
    const bytes = site.files[deployed].get(path);
    const etag = `"${bytes?.length ?? 0}-${deployed}"`;
    // As a static host does: an unchanged file asked with its ETag is a 304, with no body.
    if (bytes === undefined && site.fallback !== undefined) site.fallback({ url: path }, respond);
    else if (bytes === undefined) respond(404, { 'content-type': 'text/plain' }, Buffer.from('not found'));
    else if (request.headers['if-none-match'] === etag) respond(304, { etag });
    else respond(200, { 'content-type': 'image/png', etag }, bytes);
  };
  const server: Server = tls === undefined ? createHttp(handler) : createHttps(tls, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(site, {
    url: `${tls === undefined ? 'http' : 'https'}://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  });
}

function once(response: import('node:http').ServerResponse): Promise<void> {
  return new Promise((resolve) => response.once('drain', resolve));
}

/**
 * The image service as visitors see it: the first request for an image fetches it from its origin and caches it;
 * later requests get the cached copy, until the emulator has recorded the image as invalidated since it was cached.
 */
export class ImageHost {
  private readonly cache = new Map<string, { served: Served; invalidations: number }>();
  /** Visits that fetched from the origin after the image's last invalidation. */
  readonly refetched = new Set<string>();

  private readonly emulator: () => Emulator;

  constructor(emulator: () => Emulator) {
    this.emulator = emulator;
  }

  /** What a visitor gets for this origin URL now. */
  async visit(originUrl: string): Promise<Served> {
    const invalidations = this.emulator().invalidated.assets.filter((ref) => ref === originUrl).length;
    const cached = this.cache.get(originUrl);
    if (cached !== undefined && cached.invalidations === invalidations) return cached.served;
    const answer = await fetch(originUrl);
    const served: Served = answer.ok ? Buffer.from(await answer.arrayBuffer()) : answer.status;
    if (invalidations > 0) this.refetched.add(originUrl);
    this.cache.set(originUrl, { served, invalidations });
    return served;
  }
}
