import type { Dispatcher } from 'undici';
import { causes, isTimeout } from '../mechanics/causes.ts';
import { declaredLength, header } from '../mechanics/headers.ts';
import { httpGet } from '../mechanics/http-get.ts';
import { cacheIn } from './cache.ts';
import { pageIn } from './page.ts';
import type { OriginAnswer } from './verdict.ts';
import { errorMessage } from '../mechanics/error-message.ts';
import { seconds } from '../shown/format.ts';

/** Redirects followed within the same origin (scheme, host, port), as a browser would on the way to the image. */
export const MAX_REDIRECTS = 5;

/** Bytes of origin bodies a run reads at most: 1,000 images of a quarter MiB each, with room for retries. */
export const ORIGIN_BYTE_BUDGET = 256 * 1024 * 1024;

/** The bytes of origin bodies a run may still read, shared by every request of the run. */
export class ByteBudget {
  private left: number;
  constructor(left: number = ORIGIN_BYTE_BUDGET) {
    this.left = left;
  }
  get spent(): boolean {
    return this.left <= 0;
  }
  take(bytes: number): void {
    this.left -= bytes;
  }
}

export interface OriginFetchOptions {
  readonly dispatcher: Dispatcher;
  readonly timeoutMs: number;
  readonly userAgent: string;
  readonly budget: ByteBudget;
}

/**
 * Asks an origin for one image, as the image service would: a GET, no credential of any kind. The ask, its redirects
 * included, ends `timeoutMs` after it starts, or at `signal` (the run's cancel, the check's deadline).
 */
export type FetchOrigin = (
  url: string,
  limit: number,
  signal?: AbortSignal,
  validators?: Validators,
) => Promise<OriginAnswer>;

/**
 * What an earlier answer said of its body (`ETag`, `Last-Modified`), sent back so that an origin that still serves it
 * answers 304 with no body: cheaper for the origin than the body again, and just as sure.
 */
export interface Validators {
  readonly etag?: string | undefined;
  readonly lastModified?: string | undefined;
}

export function originFetcher(options: OriginFetchOptions): FetchOrigin {
  return (url, limit, signal, validators) => fetchOrigin(url, limit, options, signal, validators);
}

async function fetchOrigin(
  url: string,
  limit: number,
  options: OriginFetchOptions,
  signal: AbortSignal | undefined,
  validators: Validators | undefined,
): Promise<OriginAnswer> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { error: 'not a URL' };
  }
  const got = await httpGet(target, {
    dispatcher: options.dispatcher,
    // Only these headers: the image service fetches origins without cookies or keys, and so does this check.
    headers: { 'user-agent': options.userAgent, accept: '*/*', ...conditional(validators) },
    timeoutMs: options.timeoutMs,
    signal,
    // A body of `limit` bytes is already longer than any re-encoding of either version.
    maxBytes: limit - 1,
    keep: true,
    budget: options.budget,
    // As a browser would on the way to the image: within the same origin (scheme, host, port).
    follow: (next, from, followed) => next.origin === from.origin && followed < MAX_REDIRECTS,
  });
  if (got.kind === 'budget-spent') return { cut: 'budget', requests: got.requests };
  if (got.kind === 'failed') {
    if (byOwnTimeout(got.error, signal))
      return {
        error: `no answer within ${seconds(options.timeoutMs)} s`,
        requests: got.requests,
        stalled: true,
      };
    // Cut by the check's own end (origin-timeout, and one ask's time after it): said so, not as a bare abort.
    if (signal?.aborted === true && isTimeout(signal.reason))
      return { error: 'no answer before origin-timeout ended', requests: got.requests };
    return { error: errorMessage(got.error), requests: got.requests, ...unresolved(got.error) };
  }
  const { status, headers, requests, redirect, body } = got;
  const etag = header(headers, 'etag');
  if (redirect !== undefined)
    return { status, offsite: redirect.to?.href ?? redirect.location, etag, requests };
  const base = { status, etag, lastModified: header(headers, 'last-modified'), requests };
  if (status === 304) return base;
  if ('error' in body) {
    if (byOwnTimeout(body.error, signal))
      return { ...base, error: `no whole answer within ${seconds(options.timeoutMs)} s`, stalled: true };
    return { ...base, error: errorMessage(body.error) };
  }
  const length = declaredLength(headers) ?? body.read;
  // Read from the first bytes, cut or not: a page longer than any version of the image is a page all the same.
  const page =
    status >= 200 && status < 300 ? pageIn(header(headers, 'content-type'), body.bytes) : undefined;
  const cache = status >= 200 && status < 300 ? cacheIn(headers) : undefined;
  const seen = {
    ...base,
    length,
    ...(page === undefined ? {} : { page }),
    ...(cache === undefined ? {} : { cache }),
  };
  return body.cut === undefined ? { ...seen, body: body.bytes } : { ...seen, cut: body.cut };
}

/**
 * The ask was ended by its own timeout (timeout-seconds), not by the caller's signal (the cancel, the check's
 * deadline): the origin accepted it and then kept it waiting, headers or body.
 */
function byOwnTimeout(error: unknown, signal: AbortSignal | undefined): boolean {
  return isTimeout(error) && signal?.aborted !== true;
}

function conditional(validators: Validators | undefined): Record<string, string> {
  const sent: Record<string, string> = {};
  if (validators?.etag !== undefined) sent['if-none-match'] = validators.etag;
  if (validators?.lastModified !== undefined) sent['if-modified-since'] = validators.lastModified;
  return sent;
}

/**
 * A host name that does not resolve (ENOTFOUND: the resolver says no such name): a url-map mistake, never a deploy in
 * progress. A resolver that could not answer (EAI_AGAIN) may answer the next ask: it is not this.
 */
function unresolved(error: unknown): { unresolved?: true } {
  return causes(error).some((cause) => (cause as { code?: unknown }).code === 'ENOTFOUND')
    ? { unresolved: true }
    : {};
}
