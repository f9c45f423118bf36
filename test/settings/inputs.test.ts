import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseDomain } from '../../src/settings/inputs.ts';
import { InputError } from '../../src/mechanics/input-error.ts';
import { quote } from '../../src/shown/shown.ts';
import { RUNS } from '../support/runs.ts';

describe('parseDomain', () => {
  it('reduces a URL to its host, lower-cased', () => {
    expect(parseDomain('https://WWW.Example.com/')).toBe('www.example.com');
  });

  it('reduces a URL with nothing but its host to the host', () => {
    expect(parseDomain('https://cdn.example.com/')).toBe('cdn.example.com');
    expect(parseDomain('https://cdn.example.com:443')).toBe('cdn.example.com');
  });

  // The service's domain scope clears the whole domain: a path or a port would be silently widened to it.
  it.each([
    ['https://www.example.com/images/', 'a path'],
    ['www.example.com:8080', 'a port'],
    ['http://cdn.example.com:8080/img/a.png?w=1', 'a port'],
    ['https://www.example.com/?x=1', 'a query'],
  ])('refuses %s, which has %s, pointing to assets and url-map', (value, what) => {
    expect(() => parseDomain(value)).toThrow(
      `domain: ${JSON.stringify(value)} has ${what}, but scope 'domain' clears every image of the whole domain`,
    );
    expect(() => parseDomain(value)).toThrow(
      /use scope 'assets' with assets .* or url-map .*; to clear the whole domain, write domain: [a-z.]+\.$/,
    );
  });

  it('converts an internationalised name to its ASCII form', () => {
    expect(parseDomain('bücher.example')).toBe('xn--bcher-kva.example');
  });

  it('lower-cases a bare name and drops its final dot', () => {
    expect(parseDomain('Example.COM.')).toBe('example.com');
  });

  it('trims the value', () => {
    expect(parseDomain('  www.example.com\n')).toBe('www.example.com');
  });

  it('refuses an empty value, saying the domain is empty', () => {
    expect(() => parseDomain(' ')).toThrow(/^domain: is empty/);
  });

  it.each([
    'not a domain',
    '1.2.3.4',
    'https://1.2.3.4/',
    '[::1]',
    '*.example.com',
    '-bad.example',
    'bad-.example',
    'example..com',
    'http://',
  ])('refuses %j, quoting it', (value) => {
    expect(() => parseDomain(value)).toThrow(InputError);
    expect(() => parseDomain(value)).toThrow(`domain: ${JSON.stringify(value)} is not a domain name`);
  });

  it('refuses a label longer than 63 characters', () => {
    expect(() => parseDomain(`${'a'.repeat(64)}.example`)).toThrow(InputError);
  });

  it('refuses a name longer than 253 characters', () => {
    const name = Array.from({ length: 5 }, () => 'a'.repeat(60)).join('.');
    expect(() => parseDomain(name)).toThrow(InputError);
  });

  it.each(['ftp://example.com', 'ws://example.com/', 'file://example.com/x'])(
    'refuses the non-http(s) URL %j instead of taking its host',
    (value) => {
      expect(() => parseDomain(value)).toThrow(InputError);
    },
  );

  // Written without '//', it would otherwise parse as user 'mailto', password 'webmaster', host example.com.
  it('refuses a mailto: URL instead of taking the host of its address', () => {
    expect(() => parseDomain('mailto:webmaster@example.com')).toThrow(InputError);
  });

  it('gives every accepted name as lower-case ASCII labels of letters, digits and inner hyphens', () => {
    fc.assert(
      fc.property(fc.oneof(fc.domain(), fc.webUrl()), (value) => {
        let host: string;
        try {
          host = parseDomain(value);
        } catch (error) {
          if (error instanceof InputError) return;
          throw error;
        }
        for (const label of host.split('.')) expect(label).toMatch(/^(?!-)[a-z0-9-]{1,63}(?<!-)$/);
      }),
      { numRuns: RUNS },
    );
  });

  it('accepts any generated domain name, lower-cased', () => {
    fc.assert(
      fc.property(fc.domain(), (domain) => {
        expect(parseDomain(domain.toUpperCase())).toBe(domain.toLowerCase());
      }),
      { numRuns: RUNS },
    );
  });
});

describe('quote', () => {
  it('escapes line breaks, so that a value cannot start a new log line', () => {
    const shown = quote('x\n::error::forged\r::warning::also');
    expect(shown).not.toMatch(/[\r\n]/);
    expect(shown).toContain('\\n::error::forged\\r');
  });

  it('shows any value without a raw line break', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (value) => {
        expect(quote(value)).not.toMatch(/[\r\n]/);
      }),
      { numRuns: RUNS },
    );
  });

  it('shows a value of up to 200 characters whole, in double quotes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (value) => {
        const shown = quote(value);
        expect(shown.startsWith('"') && shown.endsWith('"')).toBe(true);
        expect(JSON.parse(shown)).toBe(value);
      }),
      { numRuns: RUNS },
    );
  });

  it('cuts a value longer than 200 characters to 200 and an ellipsis', () => {
    expect(JSON.parse(quote('a'.repeat(150) + 'b'.repeat(100)))).toBe(`${'a'.repeat(150)}${'b'.repeat(50)}…`);
  });
});
