/**
 * The image service's delivery host, as visitors meet it: an HTTP server (node:http, or node:https with a test CA)
 * that answers `/<segments>/<origin URL>` (`/w:640/q:70/cb:abc/http://127.0.0.1:8080/images/a.jpg`) with the origin's
 * image really re-encoded by sharp, an image library of the tests' own (not the decoders under test): resized per
 * `w:` and `h:` (both: cropped to that shape), in the format the request's `Accept` allows (AVIF, else WebP, else
 * the original's), at the quality of `q:`, the picture turned by its EXIF orientation tag when `orients` is set (as
 * real services deliver phone photos: turned, without the tag) or else as stored, by sharp at its least effort
 * (./encode.ts), as a service encoding on the fly favours speed too. Each answer is cached per URL and format until the API emulator
 * records an invalidation of its origin URL (or of everything) after it was cached, as the service does; a copy in a
 * format of `keepsOld` outlives every invalidation, as behind a CDN that purged one copy and not the others.
 */
import { createServer as createHttp, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { Emulator } from '../emulator/server.ts';
import { encodeAs, type Encoding } from './encode.ts';

export type Delivered = 'avif' | 'webp' | 'jpeg' | 'png' | 'gif' | 'svg';

/** One request the host answered. */
export interface HostRequest {
  readonly path: string;
  readonly accept: string;
  readonly originUrl?: string;
  /** `hit`: from the cache; `miss`: fetched from the origin and re-encoded; `override`: a test's answer. */
  readonly cache: 'hit' | 'miss' | 'override';
  readonly status: number;
  readonly format?: Delivered;
}

/** Answers a request in place of the image: a placeholder, an error page, a redirect, an endless body. */
export type HostOverride = (request: IncomingMessage, response: ServerResponse) => void;

export interface ImageHostStandIn {
  /** `http://127.0.0.1:<port>` (or https). */
  readonly url: string;
  /** `127.0.0.1:<port>`, as the `image-host` input takes it. */
  readonly host: string;
  readonly requests: HostRequest[];
  /** By origin URL. */
  readonly overrides: Map<string, HostOverride>;
  /** Origin URLs fetched again after an invalidation of theirs. */
  readonly refetched: Set<string>;
  /** Turn each picture by its orientation tag, as real services do; off (the default), its pixels as stored. */
  orients: boolean;
  /**
   * The formats whose cached copy no invalidation reaches (as a CDN in front that purges one copy of a URL and keeps
   * the others): such a copy, once cached, is served as it is.
   */
  readonly keepsOld: Set<Delivered>;
  /**
   * Whether the host delivers each browser the format its `Accept` allows, saying `Vary: Accept` (the default, as the
   * service does); off: every browser gets the original's format, and no answer says Vary.
   */
  varies: boolean;
  close(): Promise<void>;
}

interface Cached {
  readonly status: number;
  readonly body: Buffer;
  readonly format?: Delivered;
  readonly at: number;
  /** The emulator's count of invalidations that cover the origin URL, when it was cached. */
  readonly invalidations: number;
}

const QUALITY = 80;

export async function startImageHost(
  emulator: () => Emulator,
  tls?: { key: string; cert: string },
): Promise<ImageHostStandIn> {
  const cache = new Map<string, Cached>();
  const requests: HostRequest[] = [];
  const overrides = new Map<string, HostOverride>();
  const refetched = new Set<string>();
  const invalidationsOf = (originUrl: string): number => {
    const { all, domains, assets } = emulator().invalidated;
    const host = new URL(originUrl).host;
    return (
      all +
      domains.filter((domain) => domain === host).length +
      assets.filter((ref) => ref === originUrl).length
    );
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = request.url ?? '/';
    const accept = request.headers.accept ?? '';
    const parsed = parseDeliveryPath(path);
    if (parsed === undefined) {
      requests.push({ path, accept, cache: 'miss', status: 400 });
      response.writeHead(400, { 'content-type': 'text/plain' }).end('not a delivery URL');
      return;
    }
    const { originUrl, segments } = parsed;
    const override = overrides.get(originUrl);
    if (override !== undefined) {
      requests.push({ path, accept, originUrl, cache: 'override', status: 0 });
      override(request, response);
      return;
    }
    // A host that does not say Vary: Accept serves every browser the same copy: the original's format.
    const format = stand.varies ? negotiate(accept) : undefined;
    const key = `${format ?? 'original'} ${path}`;
    const invalidations = invalidationsOf(originUrl);
    let cached = cache.get(key);
    let state: 'hit' | 'miss' = 'hit';
    const kept = cached?.format !== undefined && stand.keepsOld.has(cached.format);
    if (cached === undefined || (cached.invalidations !== invalidations && !kept)) {
      state = 'miss';
      if (cached !== undefined) refetched.add(originUrl);
      cached = {
        ...(await render(originUrl, segments, format, stand.orients)),
        at: Date.now(),
        invalidations,
      };
      cache.set(key, cached);
    }
    requests.push({
      path,
      accept,
      originUrl,
      cache: state,
      status: cached.status,
      ...(cached.format === undefined ? {} : { format: cached.format }),
    });
    response
      .writeHead(cached.status, {
        'content-type': cached.format === undefined ? 'text/plain' : mediaType(cached.format),
        'content-length': String(cached.body.length),
        age: String(Math.floor((Date.now() - cached.at) / 1000)),
        'x-cache': state.toUpperCase(),
        ...(stand.varies ? { vary: 'Accept' } : {}),
      })
      .end(cached.body);
  };
  const listener = (request: IncomingMessage, response: ServerResponse): void => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  };
  const server = tls === undefined ? createHttp(listener) : createHttps(tls, listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stand: ImageHostStandIn = {
    url: `${tls === undefined ? 'http' : 'https'}://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    overrides,
    refetched,
    orients: false,
    keepsOld: new Set(),
    varies: true,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
  return stand;
}

/** `/w:640/q:70/http://origin/a.jpg` into its segments and the origin URL; undefined for anything else. */
export function parseDeliveryPath(
  path: string,
): { segments: Map<string, string>; originUrl: string } | undefined {
  const at = path.search(/\/https?:\/\//);
  if (at < 0) return undefined;
  const segments = new Map<string, string>();
  for (const segment of path
    .slice(1, at)
    .split('/')
    .filter((s) => s !== '')) {
    const colon = segment.indexOf(':');
    if (colon <= 0) return undefined;
    segments.set(segment.slice(0, colon), decodeURIComponent(segment.slice(colon + 1)));
  }
  return { segments, originUrl: path.slice(at + 1) };
}

/** The best format the request accepts, as the service picks it; undefined: the original's. */
function negotiate(accept: string): 'avif' | 'webp' | undefined {
  if (/\bimage\/avif\b/.test(accept)) return 'avif';
  if (/\bimage\/webp\b/.test(accept)) return 'webp';
  return undefined;
}

async function render(
  originUrl: string,
  segments: Map<string, string>,
  accepted: 'avif' | 'webp' | undefined,
  orients: boolean,
): Promise<Omit<Cached, 'at' | 'invalidations'>> {
  const answer = await fetch(originUrl, { signal: AbortSignal.timeout(10_000) });
  const original = Buffer.from(await answer.arrayBuffer());
  if (!answer.ok) return { status: answer.status, body: Buffer.from(`origin answered ${answer.status}`) };
  const metadata = await sharp(original).metadata();
  // An SVG is delivered as it is, as the service does.
  if (metadata.format === 'svg') return { status: 200, body: original, format: 'svg' };
  const width = positive(segments.get('w'));
  const height = positive(segments.get('h'));
  const quality = positive(segments.get('q')) ?? QUALITY;
  let image = sharp(original, { autoOrient: orients });
  if (width !== undefined || height !== undefined)
    image = image.resize({
      ...(width === undefined ? {} : { width }),
      ...(height === undefined ? {} : { height }),
      fit: width !== undefined && height !== undefined ? 'cover' : 'inside',
    });
  const format: Encoding = accepted ?? originalFormat(metadata.format);
  const body = await encodeAs(image, format, format === 'png' || format === 'gif' ? undefined : quality);
  return { status: 200, body, format };
}

function originalFormat(format: string | undefined): Encoding {
  switch (format) {
    case 'png':
    case 'gif':
    case 'webp':
      return format;
    case 'heif':
      return 'avif';
    default:
      return 'jpeg';
  }
}

function mediaType(format: Delivered): string {
  return format === 'svg' ? 'image/svg+xml' : `image/${format}`;
}

function positive(value: string | undefined): number | undefined {
  const number = Number(value);
  return value !== undefined && Number.isInteger(number) && number > 0 ? number : undefined;
}
