import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { cutOff } from '../../src/service/cut-off.ts';

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

  it('ends a call still in flight once the grace after the cancel has passed', async () => {
    const cancel = new AbortController();
    const cut = cutOff(cancel.signal);
    const inFlight = cut.bound(new Promise<string>(() => undefined));
    expect(getEventListeners(cut.signal, 'abort')).toHaveLength(1);
    cancel.abort();
    await expect(inFlight).rejects.toThrow('the run was cancelled before the service answered');
    cut.dispose();
  }, 10_000);
});
