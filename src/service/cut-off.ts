import { systemClock, type Clock } from '../mechanics/clock.ts';
import { ApiError } from '../domain/api-error.ts';

/**
 * How long a cancelled run waits for its calls in flight before it publishes what landed: GitHub's runner follows
 * its SIGINT with SIGTERM 7.5 s later, and kills the step 2.5 s after that.
 */
export const CANCEL_GRACE_MS = 3_000;

/**
 * The end of a cancelled run's wait, CANCEL_GRACE_MS after its signal: then a call still in flight fails at once,
 * and a wait between attempts passes at once (on the clock the run reads, as though its time had gone by).
 */
export function cutOff(
  signal: AbortSignal | undefined,
  base: Clock = systemClock,
): {
  signal: AbortSignal;
  bound: <T>(answer: Promise<T>) => Promise<T>;
  clock: Clock;
  dispose: () => void;
} {
  const cut = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const start = (): void => {
    timer = setTimeout(() => {
      cut.abort();
    }, CANCEL_GRACE_MS);
  };
  if (signal?.aborted === true) start();
  else signal?.addEventListener('abort', start, { once: true });
  let skipped = 0;
  const cutError = (): ApiError =>
    new ApiError('the run was cancelled before the service answered', { kind: 'unexpected' });
  return {
    signal: cut.signal,
    // The listener goes once the answer settles: kept, it would hold every call's answer to the end of the run.
    bound: (answer) =>
      new Promise((resolve, reject) => {
        const onCut = (): void => {
          reject(cutError());
        };
        answer.then(resolve, reject).finally(() => {
          cut.signal.removeEventListener('abort', onCut);
        });
        if (cut.signal.aborted) reject(cutError());
        else cut.signal.addEventListener('abort', onCut, { once: true });
      }),
    clock: {
      now: () => base.now() + skipped,
      random: () => base.random(),
      // The scheduler's own signal ends its waits when it closes: a timer left running would keep the step alive.
      sleep: (ms, signal) =>
        base
          .sleep(ms, signal === undefined ? cut.signal : AbortSignal.any([cut.signal, signal]))
          .catch(() => {
            if (cut.signal.aborted) skipped += ms;
          }),
    },
    dispose: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', start);
    },
  };
}
