import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';

/**
 * Keep-alive connections to the service, one per call in flight. Kept apart from the client so that a dry run,
 * which sends nothing, never loads undici.
 *
 * Behind a proxy (HTTPS_PROXY, HTTP_PROXY and NO_PROXY, in upper or lower case, as curl and @actions/http-client
 * read them), the calls go through it, each in a CONNECT tunnel: the proxy sees the host and encrypted bytes, never
 * the key.
 */
export function createDispatcher(
  concurrency: number,
  timeoutMs: number,
  env: NodeJS.ProcessEnv = process.env,
): Dispatcher {
  const options = { connections: concurrency, keepAliveTimeout: 30_000, connect: { timeout: timeoutMs } };
  const proxied = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some(
    (name) => (env[name] ?? '') !== '',
  );
  return proxied ? new EnvHttpProxyAgent(options) : new Agent(options);
}
