/**
 * `error` and what caused it, outermost first. What happened is often some way down: fetch says "fetch failed" over
 * the socket's error, octokit wraps fetch's error, undici's own errors carry their code. A chain that loops is walked
 * once round.
 */
export function causes(error: unknown): object[] {
  const chain: object[] = [];
  for (let cause = error; typeof cause === 'object' && cause !== null && !chain.includes(cause);) {
    chain.push(cause);
    cause = (cause as { cause?: unknown }).cause;
  }
  return chain;
}

// undici's own bounds on the wait for an answer's headers and for each part of its body.
const UNDICI_TIMEOUTS: ReadonlySet<unknown> = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * A wait ended by its time bound, not by the network: a deadline (`AbortSignal.timeout`'s TimeoutError) or undici's
 * bound on the headers or the body. A connection that could not be made in time is a network error: its bound is the
 * connector's, which may be shorter than the one a message would name.
 */
export function isTimeout(error: unknown): boolean {
  return causes(error).some((cause) => {
    const { name, code } = cause as { name?: unknown; code?: unknown };
    return name === 'TimeoutError' || UNDICI_TIMEOUTS.has(code);
  });
}
