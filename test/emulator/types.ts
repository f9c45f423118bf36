// The emulator's public types. Tests, the demo and the benchmarks code against these, so they change only
// together with test/emulator/README.md.

export type KeyKind = 'root' | 'sub' | 'missing-account' | 'inactive-account';

export type ErrorShape =
  | 'wordpress' // {"code": "...", "message": "...", "data": {"status": N}}  (the default for all errors)
  | 'success-false-error' // {"success": false, "error": "..."}
  | 'success-false-message' // {"success": false, "message": "..."}
  | 'success-false-data-message' // {"success": false, "data": {"message": "..."}}
  | 'text' // text/plain body: the message
  | 'html' // text/html: a proxy-style error page with <title> and <h1> holding the message
  | 'empty'; // no body at all

export interface Fault {
  status?: number; // answer with this status (body: an error in `shape` carrying `message`)
  message?: string; // message to put in the error body (default: the status's reason phrase)
  code?: string; // server code for the wordpress shape
  shape?: ErrorShape; // without `status`: the shape of the emulator's own error, if it answers with one
  body?: string; // raw body, overrides shape/message; without `status` it is sent with 200
  headers?: Record<string, string>; // extra response headers (e.g. Location for 3xx, Retry-After)
  retryAfter?: string; // shorthand for the Retry-After header value, sent verbatim
  latencyMs?: number; // wait before answering
  reset?: boolean; // destroy the socket without answering (connection reset)
  hang?: boolean; // never answer (until the client gives up or the server closes)
  trickleMs?: number; // send the answer's body one byte every trickleMs
  cut?: boolean; // send the answer's headers and half its body (Content-Length says all), then destroy the socket
  contentEncoding?: string; // compress the answer's body with these codings, in the order listed, and say so in Content-Encoding
}

export type Route = 'invalidate/all' | 'invalidate/domain' | 'invalidate/assets' | 'token' | 'unknown';

export interface RecordedRequest {
  method: string;
  path: string; // the request target as sent, query string included
  route: Route;
  headers: Record<string, string | string[] | undefined>;
  body: string; // raw body text
  json: unknown; // parsed body, or undefined when empty or not JSON
  receivedAt: number; // performance.now() when the request's headers arrived
  answeredBefore: number; // responses closed (sent, reset, abandoned) before this request arrived
  answer?: { status: number; whole: boolean }; // the status sent; whole once the last byte of the body was written
}

export interface EmulatorOptions {
  port?: number;
  serviceKey?: string; // default 'svc'
  keys?: Record<string, KeyKind>; // default DEMO_KEYS
  assetLimit?: number; // default 100 (the spec's limit); lower it to test adaptive splitting
  latencyMs?: number; // fixed latency added to every request (benchmarks use 25)
  echoKey?: boolean; // hostile server: echo the presented key in every error body and in `X-Echo`
  tls?: { key: string; cert: string }; // serve https with this PEM key and certificate (url becomes https://)
  rateLimit?: { perSecond: number; burst: number }; // a token bucket: past it, 429 with Retry-After (whole seconds)
  foreignHosts?: readonly string[]; // hosts not of this account: a batch holding an image URL on one is refused (400)
}

export interface Emulator {
  url: string; // 'http://127.0.0.1:PORT', or https:// with `tls`
  serviceKey: string;
  requests: RecordedRequest[]; // every request, in arrival order
  maxInFlight: number; // peak number of requests being handled at once
  rateLimited: number; // requests refused by `rateLimit`
  readonly inFlight: number; // requests being handled now (hanging ones included until their socket closes)
  invalidated: { all: number; domains: string[]; assets: string[] }; // what was accepted, in order
  tokens: string[]; // tokens issued
  inject(route: Route, ...faults: Fault[]): void; // a queue per route: each request takes the next fault
  setOptions(
    patch: Partial<Pick<EmulatorOptions, 'assetLimit' | 'latencyMs' | 'echoKey' | 'foreignHosts'>>,
  ): void;
  reset(): void; // clear records, queues, counters
  close(): Promise<void>; // closes the server, destroying hanging sockets, so tests never hang
}
