import { createHash } from 'node:crypto';
import { parseHttpUrl } from '../mechanics/http-url.ts';
import { count } from '../shown/format.ts';

/**
 * Cache-busted image URLs (API spec, parts 2 and 4.3): `https://{image_host}/cb:<token>/<segments>/<origin URL>`.
 * The counterpart of the PHP SDK's cache-buster setting: set the cache buster, then ask for an origin image's URL.
 */

export interface ImageUrlOptions {
  /** The account's image delivery host, e.g. `img.example.net` (a port is allowed). */
  readonly imageHost: string;
  /** The image's absolute http(s) URL on the origin server. */
  readonly originUrl: string;
  /** A token from the API, or any string, to make the service fetch or serve a fresh copy. */
  readonly cacheBuster?: string | undefined;
  /** Processing segments such as `w:640`, or as an object `{ w: 640 }`. */
  readonly segments?: readonly string[] | Readonly<Record<string, string | number>>;
}

/**
 * The longest cache buster: what one image URL can carry beside everything else it holds. A delivery URL is
 * `https://{image_host}/cb:<token>/w:640/<origin image URL>`, and the servers between a browser and the image service
 * refuse a request line or URL past 8 KiB (Amazon CloudFront's limit is 8,192 bytes of URL, Apache's request line
 * 8,190 bytes, nginx's default header buffer 8 KiB; Cloudflare allows more, 16 KiB). Out of 8 KiB, the origin
 * image URL takes up to 2,048 (the longest URL that works everywhere, as sitemaps and old browsers bound it), the
 * host up to 253, the other processing segments a few hundred: 4,096 for the token leaves room for all of them. The
 * same bound holds the outputs small: `token`, `cache-buster` and `image-url-prefix` carry it three times, far
 * under the runner's 1 MB of outputs and Windows' 32,767 characters of one environment variable, through which a
 * later step reads an output. Tokens GitHub issues (about 520 characters) and the service's (32) fit many times.
 */
export const MAX_CACHE_BUSTER_LENGTH = 4_096;

/** Why a cache buster is bounded, in the words of a refusal. */
export const CACHE_BUSTER_BOUND_WHY =
  'an image URL holds it beside the origin URL, and past 8 KiB a URL is refused by the CDNs and servers on its way ' +
  '(CloudFront, Apache, nginx)';

/**
 * What a cache buster may hold: safe in a URL path segment and in any text that carries the URL (HTML, a srcset
 * list, CSS url(), JSON), and short. The client holds a token from the service to it, rewrite and imageUrl a value
 * given.
 */
export function isCacheBuster(value: string): boolean {
  return value.length <= MAX_CACHE_BUSTER_LENGTH && /^[\w.~-]+$/.test(value);
}

// What may stand in one path segment without changing the URL's shape.
const SEGMENT_VALUE = /^[\w.~!$&'()*+,;=:@-]+$/;
const SEGMENT_NAME = /^[A-Z][\w-]*$/i;

/** Builds the URL, or throws a TypeError naming the part that would make a broken URL. */
export function imageUrl(options: ImageUrlOptions): string {
  const base = `https://${imageHostOf(options.imageHost)}`;
  const segments = segmentsOf(options.segments);
  if (options.cacheBuster !== undefined) {
    if (segments.some((text) => text.startsWith('cb:'))) {
      throw new TypeError('a cb segment is given both as cacheBuster and in segments; give it once');
    }
    segments.unshift(cacheBusterSegment(options.cacheBuster));
  }
  return [base, ...segments, originOf(options.originUrl)].join('/');
}

/** `https://{image_host}/cb:<token>`, to which a page appends `/<segments>/<origin URL>`. */
export function imageUrlPrefix(imageHost: string, cacheBuster: string): string {
  return `https://${imageHostOf(imageHost)}/${cacheBusterSegment(cacheBuster)}`;
}

/** A host name (or `host:port`), lower-cased; anything else is refused. */
export function imageHostOf(value: string): string {
  const trimmed = value.trim();
  const url = URL.parse(`https://${trimmed}`);
  // The parser drops the default port, so `img.example.net:443` compares as `img.example.net`.
  const written = trimmed.toLowerCase().replace(/:443$/, '');
  if (url?.host !== written || url.username !== '' || url.pathname !== '/' || trimmed === '') {
    throw new TypeError(`image host ${JSON.stringify(value)} is not a host name such as img.example.net`);
  }
  return url.host;
}

function cacheBusterSegment(value: string): string {
  if (!isCacheBuster(value)) {
    throw new TypeError(
      `cache buster ${JSON.stringify(value.slice(0, 80))}: use letters, digits, '.', '_', '~' and '-', at most ` +
        `${count(MAX_CACHE_BUSTER_LENGTH)} of them, since ${CACHE_BUSTER_BOUND_WHY}`,
    );
  }
  return `cb:${value}`;
}

function segmentsOf(segments: ImageUrlOptions['segments']): string[] {
  if (segments === undefined) return [];
  if (Array.isArray(segments)) {
    return (segments as readonly string[]).map((text) => {
      const colon = text.indexOf(':');
      return segment(text.slice(0, colon < 0 ? text.length : colon), colon < 0 ? '' : text.slice(colon + 1));
    });
  }
  return Object.entries(segments).map(([name, value]) => segment(name, String(value)));
}

function segment(name: string, value: string): string {
  if (!SEGMENT_NAME.test(name))
    throw new TypeError(`processing segment name ${JSON.stringify(name)} is not a name`);
  if (!SEGMENT_VALUE.test(value)) {
    throw new TypeError(`${name}: ${JSON.stringify(value)} cannot stand in one URL path segment`);
  }
  return `${name}:${value}`;
}

function originOf(value: string): string {
  const url = parseHttpUrl(value);
  if (url === undefined)
    throw new TypeError(`origin URL ${JSON.stringify(value)} is not an absolute http(s) URL`);
  return url.href;
}

/**
 * A cache buster derived from an image's bytes: the first 12 hex characters of their SHA-256. The same bytes give
 * the same value on every machine and every run, so a site generator can write the URL at build time
 * (`imageUrl({ …, cacheBuster: contentCacheBuster(bytes) })`) and `rewrite-with: content` writes the same.
 */
export function contentCacheBuster(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 12);
}

/** An image delivery URL taken apart: its host, its processing segments, and the origin image URL it serves. */
export interface DeliveryUrl {
  readonly host: string;
  /** `cb:abc`, `w:640`…; none for `https://{image_host}/<origin URL>`. */
  readonly segments: readonly string[];
  readonly originUrl: string;
}

// `https://{image_host}/<name:value>/…/<origin URL>`, as a browser shows it (the origin's `//` kept in the path).
const DELIVERY_URL = /^https?:\/\/([^/?#]+)\/((?:[A-Z][\w-]*:[^/]*\/)*)(https?:\/\/[^/?#\s].*)$/i;

/** The parts of a URL of the delivery shape (API spec, part 2), or undefined for any other text. */
export function deliveryUrlOf(text: string): DeliveryUrl | undefined {
  const match = DELIVERY_URL.exec(text);
  if (match === null) return undefined;
  const [, host = '', segments = '', originUrl = ''] = match;
  return {
    host: host.toLowerCase(),
    segments: segments.split('/').filter((segment) => segment !== ''),
    originUrl,
  };
}
