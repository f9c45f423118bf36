import type { Dispatcher } from 'undici';
import { declaredLength, header, headerValues } from '../mechanics/headers.ts';
import { httpGet } from '../mechanics/http-get.ts';
import { errorMessage } from '../mechanics/error-message.ts';

/** What one request through the image host saw; every text field is the host's, to be shown only through shown.ts. */
export interface Delivered {
  /** Absent when no answer came (`error` says why). */
  readonly status?: number;
  readonly contentType?: string | undefined;
  /** Content-Length, else the bytes read. */
  readonly length?: number | undefined;
  /** The `Age` header: seconds the answer spent in a cache. */
  readonly age?: string | undefined;
  /** What the host or a CDN in front says of its cache (`X-Cache`, `CF-Cache-Status`...), as it says it. */
  readonly cacheStatus?: string | undefined;
  /** The service's mark of a placeholder served for an image its origin could not serve. */
  readonly placeholder?: true | undefined;
  /** The `Vary` header: which request headers chose this answer (`Accept`: one copy per format). */
  readonly vary?: string | undefined;
  /** A redirect: where it pointed. */
  readonly location?: string | undefined;
  /** The body, when read whole within its limit. */
  readonly body?: Uint8Array;
  /** The body was longer than the limit: not read on. */
  readonly cut?: true;
  readonly error?: string;
}

/** Asks the image host for one delivery URL as a browser that sends `accept`, reading at most `limit` bytes. */
export type FetchDelivered = (
  url: string,
  limit: number,
  signal: AbortSignal | undefined,
  accept: string,
) => Promise<Delivered>;

export interface DeliveredFetchOptions {
  readonly dispatcher: Dispatcher;
  readonly timeoutMs: number;
  readonly userAgent: string;
}

const CACHE_HEADERS = ['x-cache', 'cf-cache-status', 'x-cache-status', 'cdn-cache', 'x-proxy-cache'];

export function deliveredFetcher(options: DeliveredFetchOptions): FetchDelivered {
  return async (url, limit, signal, accept) => {
    const got = await httpGet(url, {
      dispatcher: options.dispatcher,
      // Only these headers, as from a visitor's browser: no API key, cookie or GitHub token.
      headers: { 'user-agent': options.userAgent, accept },
      timeoutMs: options.timeoutMs,
      signal,
      maxBytes: limit,
      keep: true,
    });
    if (got.kind === 'failed') return { error: errorMessage(got.error) };
    const { status, headers, body } = got;
    const seen: Delivered = {
      status,
      contentType: header(headers, 'content-type'),
      age: header(headers, 'age'),
      cacheStatus: CACHE_HEADERS.map((name) => header(headers, name)).find((v) => v !== undefined),
      // A host may send Vary more than once: every one of them names what chose the answer.
      vary: headerValues(headers, 'vary').join(', ') || undefined,
      location: header(headers, 'location'),
      placeholder: header(headers, 'x-not-found-o') === undefined ? undefined : true,
      length: declaredLength(headers),
    };
    if ('error' in body) return { ...seen, error: errorMessage(body.error) };
    const length = seen.length ?? body.read;
    return body.cut === undefined ? { ...seen, body: body.bytes, length } : { ...seen, cut: true, length };
  };
}
