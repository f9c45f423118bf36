import { request, type Dispatcher } from 'undici';
import { untilAborted } from '../mechanics/abortable.ts';
import type { OriginAnswer } from './verdict.ts';
import { errorMessage } from '../mechanics/error-message.ts';

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
  // One deadline for the whole ask: each redirect hop with a fresh timeout would let a chain of slow hops run on.
  const ends = AbortSignal.any([
    AbortSignal.timeout(options.timeoutMs),
    ...(signal === undefined ? [] : [signal]),
  ]);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { error: 'not a URL' };
  }
  for (let redirects = 0; ; redirects++) {
    if (options.budget.spent) return { cut: 'budget', requests: redirects };
    let answer: Dispatcher.ResponseData;
    try {
      // Only these headers: the image service fetches origins without cookies or keys, and so does this check.
      answer = await untilAborted(
        request(target, {
          method: 'GET',
          dispatcher: options.dispatcher,
          headers: { 'user-agent': options.userAgent, accept: '*/*', ...conditional(validators) },
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
          signal: ends,
        }),
        ends,
      );
    } catch (error) {
      return { error: errorMessage(error), requests: redirects + 1, ...unresolved(error) };
    }
    const requests = redirects + 1;
    const { statusCode: status, headers, body } = answer;
    const etag = header(headers, 'etag');
    const lastModified = header(headers, 'last-modified');
    const declared = Number(header(headers, 'content-length'));
    const length = Number.isSafeInteger(declared) && declared >= 0 ? declared : undefined;
    const location = header(headers, 'location');
    if (status >= 300 && status < 400 && location !== undefined) {
      await body.dump().catch(() => undefined);
      const next = safeUrl(location, target);
      if (next === undefined || next.origin !== target.origin || redirects >= MAX_REDIRECTS)
        return { status, offsite: next?.href ?? location, etag, requests };
      target = next;
      continue;
    }
    const base = { status, etag, lastModified, requests };
    if (status === 304) {
      await body.dump().catch(() => undefined);
      return base;
    }
    if (length !== undefined && length >= limit) {
      await body.dump({ limit: 0 }).catch(() => undefined);
      return { ...base, length, cut: 'too-long' };
    }
    return { ...base, ...(await readBody(body, limit, options.budget, length)) };
  }
}

/** The body up to `limit` bytes, each counted against the run's budget; past it, the rest is not read. */
async function readBody(
  body: Dispatcher.ResponseData['body'],
  limit: number,
  budget: ByteBudget,
  declared: number | undefined,
): Promise<Pick<OriginAnswer, 'body' | 'cut' | 'length' | 'error'>> {
  const chunks: Buffer[] = [];
  let read = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      read += chunk.length;
      budget.take(chunk.length);
      if (read >= limit || budget.spent) {
        body.destroy();
        return { cut: read >= limit ? 'too-long' : 'budget', length: declared ?? read };
      }
      chunks.push(chunk);
    }
  } catch (error) {
    return { error: errorMessage(error) };
  }
  return { body: Buffer.concat(chunks), length: declared ?? read };
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
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause)
    if ((cause as { code?: unknown }).code === 'ENOTFOUND') return { unresolved: true };
  return {};
}

function header(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function safeUrl(location: string, base: URL): URL | undefined {
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}
