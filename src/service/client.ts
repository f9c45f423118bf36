import { unhandled } from '../mechanics/exhaustive.ts';
import type { Dispatcher } from 'undici';
import type { ApiAnswer, ApiCall } from '../domain/call.ts';
import type { Redact } from '../shown/redact.ts';
import { ApiError, CERTIFICATE_CODES, KEY_REFUSED_HINT } from '../domain/api-error.ts';
import { isKeyRefusal } from '../domain/policy.ts';
import { isLoopbackHost } from '../mechanics/http-url.ts';
import { answerBody, confirmedJson, type AnswerBody } from './body.ts';
import { CACHE_BUSTER_BOUND_WHY, isCacheBuster, MAX_CACHE_BUSTER_LENGTH } from '../domain/urls.ts';
import { serverMessage, type ServerMessage } from './server-message.ts';
import { count } from '../shown/format.ts';
import { causes, isTimeout } from '../mechanics/causes.ts';
import { header } from '../mechanics/headers.ts';
import { endOfAsk, sendRequest } from '../mechanics/http-request.ts';
import { errorMessage } from '../mechanics/error-message.ts';

export type { ApiAnswer, ApiCall, Route } from '../domain/call.ts';

export interface ClientOptions {
  /** `{base-url}/api/{service-key}/v2/cache`. Its origin is the only one the key is sent to. */
  readonly endpoint: URL;
  readonly apiKey: string;
  /** Where requests go: an undici Agent in a run, anything that speaks HTTP in tests. */
  readonly dispatcher: Dispatcher;
  /** Time allowed for one request, from connecting to the last byte of the answer. */
  readonly timeoutMs: number;
  /** Applied to everything the server sends before it is put in an error. */
  readonly redact: Redact;
  readonly userAgent: string;
}

/**
 * Sends one call once. Resolves with the answer, or rejects with an ApiError (never anything else) that reports
 * what happened; what it means for the run is policy.ts's to decide.
 */
export async function sendCall(call: ApiCall, options: ClientOptions): Promise<ApiAnswer> {
  assertSafeEndpoint(options.endpoint);
  const ends = endOfAsk(options.timeoutMs);
  // The endpoint's origin, whatever its path holds: read as a URL of its own, a path `//host/…` names another host.
  const url = new URL(options.endpoint.origin);
  url.pathname = `${options.endpoint.pathname}/${call.route}`;
  const body = requestBody(call);
  let response: Dispatcher.ResponseData;
  let answer: AnswerBody;
  try {
    const { dispatcher, timeoutMs } = options;
    const headers = requestHeaders(body !== undefined, options);
    response = await sendRequest(url, { dispatcher, method: 'POST', headers, body, timeoutMs }, ends);
    answer = await answerBody(response, options.redact);
  } catch (error) {
    throw networkError(error, ends, options);
  }
  return interpret(call, response.statusCode, response.headers, answer, options);
}

/** The key travels only over https, or to this machine: checked here too, for callers of the library. */
function assertSafeEndpoint(endpoint: URL): void {
  const loopback = isLoopbackHost(endpoint.hostname);
  if (endpoint.protocol !== 'https:' && !(endpoint.protocol === 'http:' && loopback)) {
    throw new TypeError(
      `endpoint ${endpoint.origin} is not https: the key is sent over https only (or to loopback).`,
    );
  }
  if (endpoint.username !== '' || endpoint.password !== '')
    throw new TypeError('endpoint holds credentials.');
}

function requestHeaders(hasBody: boolean, options: ClientOptions): Record<string, string> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${options.apiKey}`,
    accept: 'application/json',
    // A coded body is decoded all the same (body.ts): asking for none keeps well-behaved servers from sending one.
    'accept-encoding': 'identity',
    'user-agent': options.userAgent,
  };
  if (hasBody) headers['content-type'] = 'application/json';
  return headers;
}

/**
 * The body as bytes, outside V8's heap: given as a string, each call's body (100 URLs) outlived a collection of the
 * young generation, which copied it and grew for it, in a heap profile of a run of 100,000 assets.
 */
function requestBody(call: ApiCall): Buffer | undefined {
  switch (call.route) {
    case 'invalidate/domain':
      return Buffer.from(JSON.stringify({ domain: call.domain }));
    case 'invalidate/assets':
      return Buffer.from(JSON.stringify({ assets: call.assets }));
    case 'invalidate/all':
    case 'token':
      return undefined;
    default:
      return unhandled(call);
  }
}

function networkError(error: unknown, ends: AbortSignal, options: ClientOptions): ApiError {
  const code = errorCode(error);
  if (ends.aborted || isTimeout(error)) {
    const seconds = options.timeoutMs / 1000;
    return new ApiError(
      `no complete answer within ${seconds} s (timeout-seconds)`,
      { kind: 'timeout' },
      { cause: error },
    );
  }
  if (code !== undefined && CERTIFICATE_CODES.has(code)) {
    return new ApiError(
      `the certificate of ${options.endpoint.host} does not verify (${code}); nothing was sent. If your network ` +
        "re-signs TLS with a certificate authority of its own (a corporate proxy), set NODE_EXTRA_CA_CERTS to the path of that CA's certificate (PEM) in the step's env.",
      { kind: 'network', code },
      { cause: error },
    );
  }
  const detail = options.redact(errorMessage(error));
  return new ApiError(
    `network error${code === undefined ? '' : ` ${code}`}: ${detail}`,
    { kind: 'network', code },
    { cause: error },
  );
}

function errorCode(error: unknown): string | undefined {
  return causes(error)
    .map((cause) => (cause as { code?: unknown }).code)
    .find((code): code is string => typeof code === 'string');
}

type Headers = Dispatcher.ResponseData['headers'];

function interpret(
  call: ApiCall,
  status: number,
  headers: Headers,
  answer: AnswerBody,
  options: ClientOptions,
): ApiAnswer {
  if (status >= 300 && status < 400) throw redirectError(status, headers, options);
  const body = answer.text;
  // Redacted only where server text goes into an error: a success costs no scan of its body.
  // Redacted before and after reading: a key hidden by an escape (`&quot;`, `\"`) shows only once it is decoded.
  const server = (): ServerMessage => {
    const { code, message } = serverMessage(options.redact(body), header(headers, 'content-type'));
    return {
      code: code === undefined ? undefined : options.redact(code),
      message: message === undefined ? undefined : options.redact(message),
    };
  };
  if (status < 200 || status >= 300) {
    throw httpError(status, server(), retryAfterMs(header(headers, 'retry-after')), options);
  }
  const json = confirmedJson(status, header(headers, 'content-type'), answer, server, options.redact);
  return call.route === 'token'
    ? { status, token: tokenFrom(status, json, body, options.redact) }
    : { status };
}

function httpError(
  status: number,
  server: ServerMessage,
  retryAfter: number | undefined,
  options: ClientOptions,
): ApiError {
  const code = server.code === undefined ? '' : ` (${server.code})`;
  const said = `HTTP ${status}${code}: ${sentence(server.message ?? 'no message')}`;
  let hint = '';
  if (isKeyRefusal(status, server.message)) hint = ` ${KEY_REFUSED_HINT}`;
  else if (status === 404) {
    hint = ` The service has no route ${options.endpoint.pathname}/…: check base-url and service-key.`;
  }
  return new ApiError(`${said}${hint}`, {
    kind: 'http',
    status,
    code: server.code,
    serverMessage: server.message,
    retryAfterMs: retryAfter,
  });
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function redirectError(status: number, headers: Headers, options: ClientOptions): ApiError {
  const location = header(headers, 'location');
  let target = 'no Location';
  if (location !== undefined) {
    try {
      target = new URL(location, options.endpoint).host;
    } catch {
      target = 'an unreadable Location';
    }
  }
  return new ApiError(
    `HTTP ${status}: the service redirected to ${options.redact(target)}. Redirects are not followed, so that ` +
      "the key goes to base-url's host alone: set base-url to the address that answers directly.",
    { kind: 'redirect', status },
  );
}

function tokenFrom(
  status: number,
  json: Record<string, unknown> | undefined,
  body: string,
  redact: Redact,
): string {
  const data = json?.data;
  const value =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>).token : undefined;
  const token = typeof value === 'string' ? value.trim() : '';
  if (json?.success === true && token !== '') {
    if (redact(token) !== token) {
      throw new ApiError(
        `HTTP ${status}, but the token holds the API key: refused, so that it is never published.`,
        { kind: 'response', status },
      );
    }
    if (token.length > MAX_CACHE_BUSTER_LENGTH) {
      throw new ApiError(
        `HTTP ${status}, but the token is ${count(token.length)} characters long, more than the ` +
          `${count(MAX_CACHE_BUSTER_LENGTH)} a cache buster may hold: ${CACHE_BUSTER_BOUND_WHY}. The service's ` +
          'answer is at fault; ask again, or report it to the service.',
        { kind: 'response', status },
      );
    }
    if (isCacheBuster(token)) return token;
    throw new ApiError(
      `HTTP ${status}, but the token ${JSON.stringify(token.slice(0, 80))} has characters that cannot stand in a URL ` +
        "path segment (letters, digits, '.', '_', '~' and '-' can).",
      { kind: 'response', status },
    );
  }
  const redacted = redact(body);
  const shown = redacted.trim() === '' ? 'an empty body' : (serverMessage(redacted).message ?? 'a body');
  throw new ApiError(
    `HTTP ${status}, but no token: expected {"success": true, "data": {"token": "…"}}, got ${
      json === undefined ? `not JSON (${shown})` : describeTokenAnswer(json)
    }.`,
    { kind: 'response', status },
  );
}

function describeTokenAnswer(json: Record<string, unknown>): string {
  if (json.success === undefined) return 'no "success" field';
  if (json.success !== true) return `"success": ${JSON.stringify(json.success)}`;
  return 'no non-empty string at data.token';
}

/** Retry-After as delta-seconds or an HTTP date; anything else (negative, not a number) is ignored. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
