/**
 * `work`, or the reason of `signal` as soon as it aborts, whichever comes first. undici does not end a request whose
 * TLS connection is still being made when its signal aborts (its connections to one origin are made one after the
 * other, each up to its connect timeout): without this, eight requests to a host that never completes a handshake
 * took eight connect timeouts, not one. What `work` does after is not waited for, and its failure is not unhandled.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => undefined);
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      reject(abortReason(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', onAbort);
    });
  });
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('The operation was aborted');
}
