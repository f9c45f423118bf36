/** Small helpers of the reliability suites: a bystander server, polling, and the counts each suite prints. */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { it } from 'vitest';

/** A second local server that must never be reached: it records whatever arrives, and would accept it. */
export interface Bystander {
  readonly url: string;
  readonly host: string;
  readonly requests: { method: string; url: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

export async function startBystander(): Promise<Bystander> {
  const requests: Bystander['requests'] = [];
  const server = createServer((request: IncomingMessage, response) => {
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
    });
    request.resume();
    response.setHeader('content-type', 'application/json');
    response.end('{"success":true,"data":{"token":"bystander"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

/** Polls until `done()` holds or `withinMs` passes; says whether it held. */
export async function waitUntil(done: () => boolean, withinMs = 3_000): Promise<boolean> {
  const until = performance.now() + withinMs;
  while (!done()) {
    if (performance.now() > until) return false;
    await sleep(10);
  }
  return true;
}

type Body = () => Promise<void> | void;
interface CaseOptions {
  readonly timeout?: number;
  readonly concurrent?: boolean;
}

/**
 * Registers the tests of a matrix and counts them: cases registered and cases passed. `line()` is what the suite
 * prints in afterAll.
 */
export class Tally {
  cases = 0;
  passed = 0;
  checks = 0;
  readonly #label: string;

  constructor(label: string) {
    this.#label = label;
  }

  /** A case that must pass. */
  case(name: string, body: Body, options: CaseOptions = {}): void {
    this.cases += 1;
    it(name, { ...options }, async () => {
      await body();
      this.passed += 1;
    });
  }

  line(extra = ''): string {
    return `${this.#label}: ${this.cases} cases, ${this.passed} passed${extra}`;
  }
}
