import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_KEYS, presentedKey } from './accounts.ts';
import { errorReply, jsonReply, type Reply } from './bodies.ts';
import { withEchoedKey } from './errors.ts';
import { encodedReply } from './codings.ts';
import { faultHeaders, faultReply, FaultQueues } from './faults.ts';
import { handle, headerValue } from './handlers.ts';
import { resolveRoute } from './routes.ts';
import { sendReply } from './send.ts';
import type {
  Emulator,
  EmulatorOptions,
  ErrorShape,
  Fault,
  KeyKind,
  RecordedRequest,
  Route,
} from './types.ts';
import { parseJson } from './validation.ts';

export type * from './types.ts';
export { DEMO_KEYS } from './accounts.ts';

const SPEC_ASSET_LIMIT = 100;

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = new EmulatorServer(options);
  await emulator.listen(options.port ?? 0);
  return emulator;
}

class EmulatorServer implements Emulator {
  url = '';
  readonly serviceKey: string;
  readonly requests: RecordedRequest[] = [];
  readonly invalidated: Emulator['invalidated'] = { all: 0, domains: [], assets: [] };
  readonly tokens: string[] = [];
  maxInFlight = 0;
  #inFlight = 0;
  #answered = 0;
  #assetLimit = SPEC_ASSET_LIMIT;
  #latencyMs = 0;
  #echoKey = false;
  #foreignHosts: ReadonlySet<string> = new Set();
  readonly #keys: ReadonlyMap<string, KeyKind>;
  readonly #faults = new FaultQueues();
  // Aborted by close(), so that no latency or trickle timer outlives the server.
  readonly #closing = new AbortController();
  #closed: Promise<void> | undefined;
  readonly #server: Server;
  readonly #options: EmulatorOptions;
  #tokens = 0;
  #refilledAt = performance.now();
  rateLimited = 0;
  readonly #scheme: 'http' | 'https';

  constructor(options: EmulatorOptions) {
    const accept = (request: IncomingMessage, response: ServerResponse): void => {
      this.#accept(request, response);
    };
    // With a certificate (from a CA a test made), https, as the service is served in production.
    this.#server = options.tls === undefined ? createServer(accept) : createTlsServer(options.tls, accept);
    this.#scheme = options.tls === undefined ? 'http' : 'https';
    this.#options = options;
    this.#tokens = options.rateLimit?.burst ?? 0;
    this.serviceKey = options.serviceKey ?? 'svc';
    this.#keys = new Map(Object.entries(options.keys ?? DEMO_KEYS));
    this.setOptions(options);
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  /**
   * A token bucket, when `rateLimit` is set: a request finding it empty is refused with 429 and a Retry-After of the
   * whole seconds until the next token, as rate-limited services answer.
   */
  #rateLimit(): Fault | undefined {
    const limit = this.#options.rateLimit;
    if (limit === undefined) return undefined;
    const now = performance.now();
    this.#tokens = Math.min(limit.burst, this.#tokens + ((now - this.#refilledAt) / 1000) * limit.perSecond);
    this.#refilledAt = now;
    if (this.#tokens >= 1) {
      this.#tokens -= 1;
      return undefined;
    }
    this.rateLimited += 1;
    const seconds = Math.ceil((1 - this.#tokens) / limit.perSecond);
    return { status: 429, message: 'Too many requests', retryAfter: String(seconds) };
  }

  async listen(port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, '127.0.0.1', () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
    const { port: bound } = this.#server.address() as AddressInfo;
    this.url = `${this.#scheme}://127.0.0.1:${bound}`;
  }

  inject(route: Route, ...faults: Fault[]): void {
    this.#faults.add(route, faults);
  }

  setOptions(
    patch: Partial<Pick<EmulatorOptions, 'assetLimit' | 'latencyMs' | 'echoKey' | 'foreignHosts'>>,
  ): void {
    const { assetLimit, latencyMs, echoKey, foreignHosts } = patch;
    if (assetLimit !== undefined) {
      if (!Number.isInteger(assetLimit) || assetLimit < 1)
        throw new RangeError('assetLimit must be a positive integer');
      this.#assetLimit = assetLimit;
    }
    if (latencyMs !== undefined) {
      if (!Number.isFinite(latencyMs) || latencyMs < 0)
        throw new RangeError('latencyMs must be finite and not negative');
      this.#latencyMs = latencyMs;
    }
    if (echoKey !== undefined) this.#echoKey = echoKey;
    if (foreignHosts !== undefined) this.#foreignHosts = new Set(foreignHosts);
  }

  // Arrays are emptied in place, so a test holding `emulator.requests` sees the reset too. Requests still
  // in flight (a hang, say) count towards the new peak: they are still being handled.
  reset(): void {
    this.requests.length = 0;
    this.tokens.length = 0;
    this.invalidated.all = 0;
    this.invalidated.domains.length = 0;
    this.invalidated.assets.length = 0;
    this.#faults.clear();
    this.maxInFlight = this.#inFlight;
    this.#answered = 0;
    this.rateLimited = 0;
    this.#tokens = this.#options.rateLimit?.burst ?? 0;
    this.#refilledAt = performance.now();
  }

  close(): Promise<void> {
    this.#closed ??= new Promise((resolve) => {
      this.#closing.abort();
      this.#server.close(() => {
        resolve();
      });
      this.#server.closeAllConnections();
    });
    return this.#closed;
  }

  // Synchronous up to the record and the fault, so both follow arrival order even for concurrent requests.
  #accept(request: IncomingMessage, response: ServerResponse): void {
    const route = resolveRoute(request.method, request.url, this.serviceKey);
    const record: RecordedRequest = {
      method: request.method ?? '',
      path: request.url ?? '',
      route,
      headers: { ...request.headers },
      body: '',
      json: undefined,
      receivedAt: performance.now(),
      answeredBefore: this.#answered,
    };
    this.requests.push(record);
    const fault = this.#faults.take(route) ?? this.#rateLimit();
    this.#inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.#inFlight);
    // 'close' comes once per response: after it is sent, or when its socket goes (reset, hang, client gone).
    response.once('close', () => {
      this.#inFlight -= 1;
      this.#answered += 1;
    });
    this.#respond(request, response, record, fault).catch((error: unknown) => {
      this.#fail(response, error);
    });
  }

  async #respond(
    request: IncomingMessage,
    response: ServerResponse,
    record: RecordedRequest,
    fault: Fault | undefined,
  ): Promise<void> {
    // The latency runs from the request's arrival, as a service's fixed time to answer; reading the body and
    // working out the answer happen within it, so concurrent requests do not queue behind each other's checks.
    const delay = this.#latencyMs + (fault?.latencyMs ?? 0);
    const answerTime = delay > 0 ? sleep(delay, undefined, { signal: this.#closing.signal }) : undefined;
    answerTime?.catch(() => undefined); // closed while the body is read: handled where it is awaited, if ever
    record.body = await readBody(request);
    record.json = parseJson(record.body);
    const silent = fault?.reset === true || fault?.hang === true;
    const reply = silent ? undefined : this.#reply(record, fault);
    await answerTime;
    if (fault?.reset === true) {
      request.socket.destroy();
      return;
    }
    // Hanging: no answer at all; close() or the client's giving up ends the socket.
    if (reply === undefined) return;
    record.answer = { status: reply.status, whole: false };
    response.once('finish', () => {
      if (record.answer !== undefined) record.answer.whole = !fault?.cut;
    });
    await sendReply(response, reply, fault?.trickleMs, this.#closing.signal, fault?.cut === true);
  }

  #reply(record: RecordedRequest, fault: Fault | undefined): Reply {
    const echoed = this.#echoKey ? presentedKey(headerValue(record.headers, 'authorization')) : undefined;
    const reply = faultReply(fault, echoed) ?? this.#normalReply(record, fault?.shape ?? 'wordpress', echoed);
    const echo = echoed === undefined ? {} : { 'X-Echo': headerSafe(echoed) };
    reply.headers = { ...reply.headers, ...faultHeaders(fault), ...echo };
    return fault?.contentEncoding === undefined ? reply : encodedReply(reply, fault.contentEncoding);
  }

  #normalReply(record: RecordedRequest, shape: ErrorShape, echoed: string | undefined): Reply {
    const outcome = handle(record.route, record, {
      keys: this.#keys,
      assetLimit: this.#assetLimit,
      foreignHosts: this.#foreignHosts,
      invalidated: this.invalidated,
      tokens: this.tokens,
    });
    return outcome.ok
      ? jsonReply(200, outcome.body)
      : errorReply(withEchoedKey(outcome.error, echoed), shape);
  }

  // After close() the sockets are gone already; otherwise a bug in the emulator shows as a 500 naming it.
  #fail(response: ServerResponse, error: unknown): void {
    if (this.#closing.signal.aborted || response.destroyed) return;
    if (response.headersSent) {
      response.destroy();
      return;
    }
    const message = `emulator error: ${error instanceof Error ? error.message : String(error)}`;
    const reply = errorReply({ status: 500, code: 'emulator_error', message }, 'wordpress');
    void sendReply(response, reply, undefined, this.#closing.signal);
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

// A header carries only visible Latin-1; anything else is percent-encoded, still recognisable in a leak check.
function headerSafe(value: string): string {
  return /^[\t\x20-\x7e\x80-\xff]*$/.test(value) ? value : encodeURIComponent(value);
}
