import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultStatusContext, parseStatusContext } from '../../src/settings/status-context.ts';
import { parseUrlMap } from '../../src/settings/url-map.ts';
import { InputError } from '../../src/mechanics/input-error.ts';

const ENDPOINT = new URL('https://dashboard.example.com/api/svc/v2/cache');
const MAP = parseUrlMap('public/images => https://www.example.com/images');

describe('the status context', () => {
  it('by default names the action and a digest of the target, the same for the same target', () => {
    const context = defaultStatusContext(ENDPOINT, MAP, 'production');
    expect(context).toMatch(/^image-cache-invalidate\/[0-9a-f]{8}$/);
    expect(
      defaultStatusContext(
        new URL(ENDPOINT.href),
        parseUrlMap('public/images => https://www.example.com/images'),
        'Production',
      ),
    ).toBe(context);
  });

  it('differs for another url-map or another service', () => {
    const context = defaultStatusContext(ENDPOINT, MAP, 'production');
    expect(
      defaultStatusContext(
        ENDPOINT,
        parseUrlMap('public/images => https://cdn.example.org/images'),
        'production',
      ),
    ).not.toBe(context);
    expect(
      defaultStatusContext(new URL('https://dashboard.example.com/api/other/v2/cache'), MAP, 'production'),
    ).not.toBe(context);
    expect(defaultStatusContext(ENDPOINT, MAP, 'Deploy Preview')).not.toBe(context);
  });

  it('status-context: empty is the default, one line is kept as given, anything else is refused naming the input', () => {
    expect(parseStatusContext('  ')).toBeUndefined();
    expect(parseStatusContext(' image-cache-invalidate/staging ')).toBe('image-cache-invalidate/staging');
    expect(() => parseStatusContext('a\nb')).toThrow(InputError);
    expect(() => parseStatusContext('x'.repeat(256))).toThrow(/^status-context: .* at most 255 characters/);
  });

  it('any text gives a context of one line or an InputError', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        try {
          const context = parseStatusContext(text);
          if (context !== undefined) expect(context).not.toMatch(/[\n\r]/);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
    );
  });
});
