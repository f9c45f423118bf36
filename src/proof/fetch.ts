import { request, type Dispatcher } from 'undici';
import { untilAborted } from '../mechanics/abortable.ts';
import { errorMessage } from '../mechanics/error-message.ts';

/** What one request through the image host saw; every text field is the host's, to be shown only through shown.ts. */
export interface Delivered {
  /** Absent when no answer came (`error` says why). */
  readonly status?: number;
  readonly contentType?: string | undefined;
  /** Content-Length, else the bytes read. */
  readonly length?: number;
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
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const ends = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
    let answer: Dispatcher.ResponseData;
    try {
      // Only these headers, as from a visitor's browser: no API key, cookie or GitHub token. undici does not end a
      // request whose TLS connection is still being made: untilAborted ends the wait at the timeout or the cancel.
      const asked = request(url, {
        method: 'GET',
        dispatcher: options.dispatcher,
        headers: { 'user-agent': options.userAgent, accept },
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        signal: ends,
      });
      answer = await untilAborted(asked, ends);
    } catch (error) {
      return { error: errorMessage(error) };
    }
    const { statusCode: status, headers, body } = answer;
    const declared = Number(header(headers, 'content-length'));
    const seen: Delivered = {
      status,
      contentType: header(headers, 'content-type'),
      age: header(headers, 'age'),
      cacheStatus: CACHE_HEADERS.map((name) => header(headers, name)).find((v) => v !== undefined),
      // A host may send Vary more than once: every one of them names what chose the answer.
      vary: [headers.vary ?? []].flat().join(', ') || undefined,
      location: header(headers, 'location'),
      placeholder: header(headers, 'x-not-found-o') === undefined ? undefined : true,
      ...(Number.isSafeInteger(declared) && declared >= 0 ? { length: declared } : {}),
    };
    if (seen.length !== undefined && seen.length > limit) {
      body.destroy();
      return { ...seen, cut: true };
    }
    const chunks: Buffer[] = [];
    let read = 0;
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        read += chunk.length;
        if (read > limit) {
          body.destroy();
          return { ...seen, cut: true, length: seen.length ?? read };
        }
        chunks.push(chunk);
      }
    } catch (error) {
      return { ...seen, error: errorMessage(error) };
    }
    return { ...seen, body: Buffer.concat(chunks), length: seen.length ?? read };
  };
}

function header(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
