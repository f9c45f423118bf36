import { request, type Dispatcher } from 'undici';
import type { WarmRequest } from './variants.ts';

/** Warm-up requests in flight at once: a handful of browsers, not a load test of the image host. */
export const WARM_CONCURRENCY = 8;

/** Bytes of one answer read (and discarded) at most: enough for the image host to finish a large image. */
export const WARM_BODY_CAP = 32 * 1024 * 1024;

/** What asking a browser's `Accept` gets: the service may then make and cache its AVIF or WebP variant. */
export const WARM_ACCEPT = 'image/avif,image/webp,image/*,*/*;q=0.8';

/** How the warm-up went: statuses counted (`error` for no answer), the first failure, how long it took. */
export interface WarmReport {
  readonly requested: number;
  readonly statuses: Readonly<Record<string, number>>;
  readonly failed: number;
  readonly overLimit: number;
  readonly ms: number;
  readonly firstFailure?: { readonly url: string; readonly reason: string };
}

export interface WarmOptions {
  readonly dispatcher: Dispatcher;
  readonly timeoutMs: number;
  readonly userAgent: string;
  readonly signal?: AbortSignal;
  readonly now?: () => number;
}

/** Requests each URL as a browser would, WARM_CONCURRENCY at a time, reading and discarding the answers. */
export async function warm(
  requests: readonly WarmRequest[],
  overLimit: number,
  options: WarmOptions,
): Promise<WarmReport> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const statuses: Record<string, number> = {};
  let failed = 0;
  let firstFailure: WarmReport['firstFailure'];
  let next = 0;
  let requested = 0;
  const worker = async (): Promise<void> => {
    while (next < requests.length && options.signal?.aborted !== true) {
      const { url } = requests[next++] as WarmRequest;
      requested += 1;
      const answer = await warmOne(url, options);
      const key = 'status' in answer ? String(answer.status) : 'error';
      statuses[key] = (statuses[key] ?? 0) + 1;
      // Only a 2xx put the image in the image host's cache: a redirect warmed nothing.
      if ('status' in answer && answer.status >= 200 && answer.status < 300) continue;
      failed += 1;
      firstFailure ??= { url, reason: 'status' in answer ? `HTTP ${answer.status}` : answer.error };
    }
  };
  await Promise.all(Array.from({ length: Math.min(WARM_CONCURRENCY, requests.length) }, worker));
  return {
    requested,
    statuses,
    failed,
    overLimit,
    ms: Math.round(now() - started),
    ...(firstFailure === undefined ? {} : { firstFailure }),
  };
}

async function warmOne(url: string, options: WarmOptions): Promise<{ status: number } | { error: string }> {
  try {
    // Only these headers: the image host gets no API key, cookie or GitHub token, as from a visitor's browser.
    const answer = await request(url, {
      method: 'GET',
      dispatcher: options.dispatcher,
      headers: { 'user-agent': options.userAgent, accept: WARM_ACCEPT },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      signal:
        options.signal === undefined
          ? AbortSignal.timeout(options.timeoutMs)
          : AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
    });
    await answer.body.dump({ limit: WARM_BODY_CAP }).catch(() => undefined);
    return { status: answer.statusCode };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
