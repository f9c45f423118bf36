import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_GRACE_MS, cutOff } from '../../src/service/cut-off.ts';

describe('the end of a cancelled run', () => {
  it('holds no answer once it has settled: a call that ended leaves no listener on the cut', async () => {
    const cut = cutOff(new AbortController().signal);
    const answers = [
      Promise.resolve('confirmed'),
      Promise.reject(new Error('refused')),
      Promise.resolve('token'),
    ];
    await Promise.allSettled(answers.map((answer) => cut.bound(answer)));
    expect(getEventListeners(cut.signal, 'abort')).toHaveLength(0);
    cut.dispose();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends a call still in flight once the grace after the cancel has passed', async () => {
    // The grace is a timer of its own (not the run's clock): faked, so that the wait costs no real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const cancel = new AbortController();
    const cut = cutOff(cancel.signal);
    const inFlight = cut.bound(new Promise<string>(() => undefined));
    expect(getEventListeners(cut.signal, 'abort')).toHaveLength(1);
    cancel.abort();
    const ended = expect(inFlight).rejects.toThrow('the run was cancelled before the service answered');
    await vi.advanceTimersByTimeAsync(CANCEL_GRACE_MS);
    await ended;
    cut.dispose();
  });
});
