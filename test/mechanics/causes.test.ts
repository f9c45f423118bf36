/** An error's causes, walked one way: what wrappers hide is found, and a chain that loops ends. */
import { describe, expect, it } from 'vitest';
import { causes, isTimeout } from '../../src/mechanics/causes.ts';

describe('causes', () => {
  it('lists an error and each cause beneath it, outermost first', () => {
    const socket = Object.assign(new Error('getaddrinfo ENOTFOUND x.invalid'), { code: 'ENOTFOUND' });
    const wrapped = new TypeError('fetch failed', { cause: socket });
    expect(causes(wrapped)).toEqual([wrapped, socket]);
  });

  it('walks a chain that loops once round', () => {
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    first.cause = second;
    expect(causes(first)).toEqual([first, second]);
  });

  it('walks causes that are plain objects, as some clients throw', () => {
    const status = { status: 404 };
    expect(causes(new Error('not found', { cause: status }))).toContain(status);
  });

  it('lists nothing for a thrown value that is not an object', () => {
    expect(causes('a string')).toEqual([]);
  });
});

describe('isTimeout', () => {
  it("is a deadline's TimeoutError, however deep", () => {
    const deadline = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(isTimeout(new Error('request failed', { cause: deadline }))).toBe(true);
  });

  it('is not a cancel, nor a connection that could not be made in time', () => {
    expect(isTimeout(new DOMException('This operation was aborted', 'AbortError'))).toBe(false);
    expect(
      isTimeout(Object.assign(new Error('Connect Timeout Error'), { code: 'UND_ERR_CONNECT_TIMEOUT' })),
    ).toBe(false);
  });
});
