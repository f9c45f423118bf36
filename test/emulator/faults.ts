import { STATUS_CODES, validateHeaderName, validateHeaderValue } from 'node:http';
import { codingsOf } from './codings.ts';
import { errorReply, JSON_TYPE, type Reply } from './bodies.ts';
import { withEchoedKey, type ApiError } from './errors.ts';
import type { Fault, Route } from './types.ts';

// Codes for injected errors that give none, matching the emulator's own errors where they overlap.
const DEFAULT_CODES: Partial<Record<number, string>> = {
  400: 'rest_invalid_param',
  401: 'rest_unauthorized',
  403: 'rest_forbidden',
  404: 'rest_no_route',
  429: 'rest_too_many_requests',
  500: 'internal_server_error',
};

/** One queue per route; each request to a route takes the next fault, then normal behaviour resumes. */
export class FaultQueues {
  readonly #queues = new Map<Route, Fault[]>();

  add(route: Route, faults: readonly Fault[]): void {
    faults.forEach(checkFault);
    const queue = this.#queues.get(route) ?? [];
    queue.push(...faults);
    this.#queues.set(route, queue);
  }

  take(route: Route): Fault | undefined {
    return this.#queues.get(route)?.shift();
  }

  clear(): void {
    this.#queues.clear();
  }
}

/** The injected answer, or undefined when the fault leaves the answer to normal handling. */
export function faultReply(fault: Fault | undefined, echoedKey: string | undefined): Reply | undefined {
  if (fault?.body !== undefined) {
    return { status: fault.status ?? 200, headers: { 'Content-Type': JSON_TYPE }, body: fault.body };
  }
  if (fault?.status === undefined) return undefined;
  const error: ApiError = {
    status: fault.status,
    code: fault.code ?? DEFAULT_CODES[fault.status] ?? `http_${fault.status}`,
    message: fault.message ?? STATUS_CODES[fault.status] ?? 'Error',
  };
  return errorReply(withEchoedKey(error, echoedKey), fault.shape ?? 'wordpress');
}

export function faultHeaders(fault: Fault | undefined): Record<string, string> {
  const retryAfter = fault?.retryAfter === undefined ? {} : { 'Retry-After': fault.retryAfter };
  return { ...fault?.headers, ...retryAfter };
}

// Mistakes in a test's fault fail at inject(), where the stack points at the test, not mid-request.
function checkFault(fault: Fault): void {
  const { status } = fault;
  if (status !== undefined && !(Number.isInteger(status) && status >= 200 && status <= 599)) {
    throw new RangeError(`fault status must be an integer from 200 to 599, got ${status}`);
  }
  for (const delay of [fault.latencyMs, fault.trickleMs]) {
    if (delay !== undefined && !(Number.isFinite(delay) && delay >= 0)) {
      throw new RangeError(`fault delays must be finite and not negative, got ${delay}`);
    }
  }
  if (fault.contentEncoding !== undefined) codingsOf(fault.contentEncoding);
  for (const [name, value] of Object.entries(faultHeaders(fault))) {
    validateHeaderName(name);
    validateHeaderValue(name, value);
  }
}
