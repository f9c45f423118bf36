/** A promise that ends as soon as its signal aborts, whatever the work behind it does. */
import { describe, expect, it } from 'vitest';
import { untilAborted } from '../../src/mechanics/abortable.ts';

describe('untilAborted', () => {
  it('rejects with the reason as soon as the signal aborts, while the work goes on', async () => {
    const cancel = new AbortController();
    const never = new Promise<string>(() => undefined);
    const ending = untilAborted(never, cancel.signal);
    cancel.abort(new Error('cancelled'));
    await expect(ending).rejects.toThrow('cancelled');
  });

  it('resolves with the work when it ends first, and rejects with its error', async () => {
    const signal = new AbortController().signal;
    await expect(untilAborted(Promise.resolve('done'), signal)).resolves.toBe('done');
    await expect(untilAborted(Promise.reject(new Error('failed')), signal)).rejects.toThrow('failed');
  });

  it('rejects at once for a signal already aborted, leaving no unhandled failure behind', async () => {
    const cancel = new AbortController();
    cancel.abort();
    await expect(untilAborted(Promise.reject(new Error('later')), cancel.signal)).rejects.toThrow(/abort/i);
  });
});
