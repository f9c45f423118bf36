import type { Dispatcher } from 'undici';
import { untilAborted } from './abortable.ts';

/** One request as the action makes any: what it sends, and how long it may take. */
export interface HttpRequest {
  readonly dispatcher: Dispatcher;
  readonly method: 'GET' | 'POST';
  /** Sent as given and nothing more: whether a key, a cookie or a token goes is the caller's to decide. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Buffer | undefined;
  /** The bound on each wait: for the answer's headers, and for each part of its body. */
  readonly timeoutMs: number;
}

/**
 * When a request, or a whole ask of several, must end: `timeoutMs` after it starts, or at `signal` (the run's cancel,
 * a stage's deadline). One end for a whole ask: a fresh timeout per redirect would let a chain of slow hops run on.
 */
export function endOfAsk(timeoutMs: number, signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal === undefined ? timeout : AbortSignal.any([timeout, signal]);
}

/**
 * Sends one request to `url`, and resolves with the answer once its headers are in; its body is the caller's to read,
 * and `ends` ends that read too. Never follows a redirect: a dispatcher does not.
 */
export function sendRequest(
  url: URL,
  request: HttpRequest,
  ends: AbortSignal,
): Promise<Dispatcher.ResponseData> {
  // undici does not end a request whose TLS connection is still being made: untilAborted ends the wait at `ends`.
  return untilAborted(
    request.dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers: request.headers,
      body: request.body ?? null,
      signal: ends,
      headersTimeout: request.timeoutMs,
      bodyTimeout: request.timeoutMs,
    }),
    ends,
  );
}
