import { Agent, buildConnector, Client, EnvHttpProxyAgent, Pool, type Dispatcher } from 'undici';
import { skipInterimAnswers } from './interim.ts';

/**
 * Keep-alive connections to the service, one per call in flight. Kept apart from the client so that a dry run,
 * which sends nothing, never loads undici.
 *
 * Behind a proxy (HTTPS_PROXY, else HTTP_PROXY, and NO_PROXY, in upper or lower case, as curl and
 * @actions/http-client read them), https calls go through it, each in a CONNECT tunnel: the proxy sees the host
 * and encrypted bytes, never the key. Plain http calls never do: the client sends them only to loopback, which is
 * this machine, and a proxy would receive them whole, the Authorization header in clear.
 */
export function createDispatcher(
  concurrency: number,
  timeoutMs: number,
  env: NodeJS.ProcessEnv = process.env,
): Dispatcher {
  const options = {
    connections: concurrency,
    keepAliveTimeout: 30_000,
    connect: { timeout: timeoutMs },
    factory: withoutInterimAnswers,
  };
  const proxy = firstSet(env, ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']);
  if (proxy === undefined) return new Agent(options);
  return new EnvHttpProxyAgent({
    ...options,
    httpsProxy: proxy,
    // Empty, not absent: undici then reads no variable for http and sends such calls directly.
    httpProxy: '',
    noProxy: firstSet(env, ['no_proxy', 'NO_PROXY']) ?? '',
  });
}

function firstSet(env: NodeJS.ProcessEnv, names: readonly string[]): string | undefined {
  return names.map((name) => env[name]).find((value) => value !== undefined && value !== '');
}

/** undici's own choice of a Client or a Pool per origin, with every connection's socket passed through. */
function withoutInterimAnswers(origin: URL | string, options: object): Dispatcher {
  const { connect, connections, allowH2 } = options as Pool.Options;
  const open =
    typeof connect === 'function'
      ? connect
      : buildConnector({ ...connect, ...(allowH2 === undefined ? {} : { allowH2 }) });
  const wrapped: buildConnector.connector = (connectOptions, callback) => {
    open(connectOptions, (error, socket) => {
      if (error === null) callback(null, skipInterimAnswers(socket));
      else callback(error, null);
    });
  };
  const settings = { ...options, connect: wrapped };
  return connections === 1 ? new Client(origin, settings) : new Pool(origin, settings);
}
