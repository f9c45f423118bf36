import { Agent, type Dispatcher } from 'undici';

/**
 * Keep-alive connections to the service, one per call in flight. Kept apart from the client so that a dry run,
 * which sends nothing, never loads undici.
 */
export function createDispatcher(concurrency: number, timeoutMs: number): Dispatcher {
  return new Agent({ connections: concurrency, keepAliveTimeout: 30_000, connect: { timeout: timeoutMs } });
}
