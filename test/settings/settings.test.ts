import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseSettings, type RawInputs } from '../../src/settings/settings.ts';
import { InputError } from '../../src/mechanics/input-error.ts';
import { RUNS } from '../support/runs.ts';
import { DEFAULT_INPUTS } from '../support/inputs.ts';

const HASH = '0123456789abcdef0123456789abcdef';
const KEY = DEFAULT_INPUTS['api-key'];

function inputs(overrides: Partial<RawInputs> = {}): RawInputs {
  return { ...DEFAULT_INPUTS, ...overrides };
}

/** The InputError parseSettings throws for these inputs; fails the test when it accepts them. */
function inputError(raw: RawInputs): InputError {
  try {
    parseSettings(raw);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('parseSettings accepted inputs it should refuse');
}

function problem(overrides: Partial<RawInputs>): string {
  return inputError(inputs(overrides)).message;
}

describe('parseSettings: defaults', () => {
  it('turns the action.yml defaults into settings with 4 calls in flight, 5 retries and a 30 s timeout', () => {
    const settings = parseSettings(inputs({ assets: HASH }));
    expect(settings).toMatchObject({
      apiKey: KEY,
      token: false,
      dryRun: false,
      concurrency: 4,
      maxRetries: 5,
      timeoutMs: 30_000,
      originCheck: 'content',
      originTimeoutMs: 300_000,
      target: { scope: 'assets', assets: [HASH] },
    });
    expect(settings.endpoint.href).toBe('https://dashboard.example.com/api/svc/v2/cache');
  });
});

describe('parseSettings: scope', () => {
  it('accepts scope all', () => {
    expect(parseSettings(inputs({ scope: 'all' })).target).toEqual({ scope: 'all' });
  });

  it('accepts scope domain with a domain', () => {
    expect(parseSettings(inputs({ scope: 'domain', domain: 'www.example.com' })).target).toEqual({
      scope: 'domain',
      domain: 'www.example.com',
    });
  });

  it('accepts scope assets with de-duplicated assets in input order', () => {
    const url = 'https://www.example.com/a.jpg';
    expect(parseSettings(inputs({ scope: 'assets', assets: `${url}\n${HASH}\n ${url}` })).target).toEqual({
      scope: 'assets',
      assets: [url, HASH],
      merged: 1,
    });
  });

  it('accepts scope none with token true', () => {
    const settings = parseSettings(inputs({ scope: 'none', token: 'true' }));
    expect(settings.target).toEqual({ scope: 'none' });
    expect(settings.token).toBe(true);
  });

  it.each(['everything', 'asset', 'ALL', ''])('refuses scope %j, naming the input and the value', (scope) => {
    const message = problem({ scope });
    expect(message).toContain(`scope: ${JSON.stringify(scope)}`);
    expect(message).toContain('assets, domain, all, none');
  });

  it('refuses scope none without token true', () => {
    expect(problem({ scope: 'none', token: 'false' })).toMatch(/^scope: .*token: true/m);
  });

  it('refuses scope domain with an empty domain', () => {
    expect(problem({ scope: 'domain', domain: '  ' })).toMatch(/^domain: is empty/m);
  });

  it('refuses scope domain with a value that is not a domain name, quoting it', () => {
    expect(problem({ scope: 'domain', domain: 'not a domain' })).toContain('domain: "not a domain"');
  });

  it.each(['assets', 'all', 'none'])('refuses a domain with scope %s', (scope) => {
    expect(problem({ scope, domain: 'www.example.com', token: 'true' })).toMatch(
      new RegExp(`^domain: is set, but scope '${scope}' does not use it`, 'm'),
    );
  });

  it.each(['all', 'domain', 'none'])('refuses assets with scope %s', (scope) => {
    const domain = scope === 'domain' ? 'www.example.com' : '';
    expect(problem({ scope, domain, assets: HASH, token: 'true' })).toMatch(
      new RegExp(`^assets: is set, but scope '${scope}' does not use it`, 'm'),
    );
  });

  it('ignores a domain or assets of whitespace only where the scope does not use them', () => {
    expect(parseSettings(inputs({ scope: 'all', domain: ' \n', assets: '\t' })).target).toEqual({
      scope: 'all',
    });
  });

  it('reports both domain and assets when both are set with scope all', () => {
    const message = problem({ scope: 'all', domain: 'www.example.com', assets: HASH });
    expect(message).toMatch(/^domain: /m);
    expect(message).toMatch(/^assets: /m);
  });
});

describe('parseSettings: booleans', () => {
  it.each([
    ['true', true],
    ['True', true],
    ['TRUE', true],
    ['false', false],
    ['False', false],
    ['FALSE', false],
  ])('reads %j as %s for token and dry-run', (value, expected) => {
    const settings = parseSettings(inputs({ scope: 'all', token: value, 'dry-run': value }));
    expect(settings.token).toBe(expected);
    expect(settings.dryRun).toBe(expected);
  });

  it.each(['yes', 'no', '1', '0', 'tRUE', 'on', 'y', ''])('refuses %j as a boolean, quoting it', (value) => {
    const message = problem({ scope: 'all', 'dry-run': value });
    expect(message).toContain(`dry-run: ${JSON.stringify(value)} is not a boolean`);
  });
});

describe('parseSettings: numbers', () => {
  it.each([
    ['1', 1],
    ['32', 32],
    ['16', 16],
  ])('accepts concurrency %j', (value, expected) => {
    expect(parseSettings(inputs({ scope: 'all', concurrency: value })).concurrency).toBe(expected);
  });

  it.each(['0', '33', '1.5', 'abc', '', '-1', '1e1', '4 calls'])(
    'refuses concurrency %j, quoting it',
    (value) => {
      expect(problem({ scope: 'all', concurrency: value })).toContain(
        `concurrency: ${JSON.stringify(value)} is not allowed; use a whole number from 1 to 32`,
      );
    },
  );

  it.each([
    ['0', 0],
    ['10', 10],
  ])('accepts max-retries %j', (value, expected) => {
    expect(parseSettings(inputs({ scope: 'all', 'max-retries': value })).maxRetries).toBe(expected);
  });

  it.each(['11', '1.5', 'abc', '', '-1'])('refuses max-retries %j, quoting it', (value) => {
    expect(problem({ scope: 'all', 'max-retries': value })).toContain(
      `max-retries: ${JSON.stringify(value)} is not allowed; use a whole number from 0 to 10`,
    );
  });

  it('accepts every whole number from 1 to 32 for concurrency and refuses every other integer', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => {
        const accepted = (() => {
          try {
            return parseSettings(inputs({ scope: 'all', concurrency: String(n) })).concurrency === n;
          } catch (error) {
            if (error instanceof InputError) return false;
            throw error;
          }
        })();
        expect(accepted).toBe(n >= 1 && n <= 32);
      }),
      { numRuns: RUNS },
    );
  });

  it.each([
    ['0.1', 100],
    ['2.5', 2_500],
    ['600', 600_000],
  ])('reads timeout-seconds %j as %i ms', (value, expected) => {
    expect(parseSettings(inputs({ scope: 'all', 'timeout-seconds': value })).timeoutMs).toBe(expected);
  });

  it.each(['0', '0.09', '600.1', '601', 'abc', '', '-1', '1e2', '.5'])(
    'refuses timeout-seconds %j, quoting it',
    (value) => {
      expect(problem({ scope: 'all', 'timeout-seconds': value })).toContain(
        `timeout-seconds: ${JSON.stringify(value)} is not allowed; use a number of seconds from 0.1 to 600`,
      );
    },
  );
});

describe('parseSettings: base-url and endpoint', () => {
  const endpointOf = (baseUrl: string, serviceKey = 'svc'): string =>
    parseSettings(inputs({ scope: 'all', 'base-url': baseUrl, 'service-key': serviceKey })).endpoint.href;

  it('builds the endpoint as {base}/api/{service-key}/v2/cache', () => {
    expect(endpointOf('https://dashboard.example.com', 'img')).toBe(
      'https://dashboard.example.com/api/img/v2/cache',
    );
  });

  it('drops trailing slashes of the base URL', () => {
    expect(endpointOf('https://dashboard.example.com///')).toBe(
      'https://dashboard.example.com/api/svc/v2/cache',
    );
  });

  // base-url is the dashboard's host: the endpoint's path is the action's to add.
  it('refuses a base URL with a path, naming the host it should be', () => {
    expect(problem({ scope: 'all', 'base-url': 'https://dashboard.example.com/tenant/x//' })).toMatch(
      /^base-url: "https:\/\/dashboard\.example\.com\/tenant\/x\/\/" has a path; give the dashboard host alone, base-url: https:\/\/dashboard\.example\.com \(the action adds/m,
    );
  });

  it('refuses a base URL holding the API path, naming the host and the service key in it', () => {
    expect(problem({ scope: 'all', 'base-url': 'https://dash.example.com/api/img/v2/cache' })).toContain(
      'give the dashboard host alone, base-url: https://dash.example.com and service-key: img (the action adds ' +
        '/api/<service-key>/v2/cache itself).',
    );
  });

  it('keeps a port of the base URL', () => {
    expect(endpointOf('https://dashboard.example.com:8443/')).toBe(
      'https://dashboard.example.com:8443/api/svc/v2/cache',
    );
  });

  // A path starting with '//' (or a '\' that the URL parser turns into '/') must not be read as another host:
  // the Authorization header carrying the Root key goes wherever the endpoint points.
  it('refuses a path that looks like another host, naming the real one', () => {
    for (const baseUrl of [
      'https://dashboard.example.com//evil.example',
      'https://dashboard.example.com/\\evil.example/',
    ]) {
      expect(problem({ scope: 'all', 'base-url': baseUrl })).toContain(
        'has a path; give the dashboard host alone, base-url: https://dashboard.example.com ',
      );
    }
  });

  it.each(['http://localhost:8080', 'http://127.0.0.1', 'http://127.8.9.10:3000', 'http://[::1]:8080/'])(
    'accepts plain http for the loopback host in %s',
    (baseUrl) => {
      expect(new URL(endpointOf(baseUrl)).protocol).toBe('http:');
    },
  );

  it.each(['http://dashboard.example.com', 'http://10.0.0.1', 'http://127.0.0.1.example.com'])(
    'refuses plain http for the non-loopback %s',
    (baseUrl) => {
      expect(problem({ scope: 'all', 'base-url': baseUrl })).toMatch(
        new RegExp(`^base-url: ${JSON.stringify(baseUrl).replace(/[.\\[\]]/g, '\\$&')} uses plain http`, 'm'),
      );
    },
  );

  it.each(['ftp://dashboard.example.com', 'file:///etc/passwd', 'ws://localhost'])(
    'refuses the non-http scheme of %s',
    (baseUrl) => {
      expect(problem({ scope: 'all', 'base-url': baseUrl })).toContain(
        `base-url: ${JSON.stringify(baseUrl)} is not an https URL`,
      );
    },
  );

  it.each(['dashboard.example.com', '/api'])('refuses %j, which is not an absolute URL', (baseUrl) => {
    expect(problem({ scope: 'all', 'base-url': baseUrl })).toContain(
      `base-url: ${JSON.stringify(baseUrl)} is not an absolute URL`,
    );
  });

  it('suggests the https:// form of a base-url written without a scheme', () => {
    expect(problem({ scope: 'all', 'base-url': 'dashboard.example.com' })).toContain(
      'e.g. https://dashboard.example.com.',
    );
  });

  // 'https://https://dashboard…' would still parse (host 'https'), so the guess must look for a scheme first.
  it('does not suggest a second https:// for a base-url that already has one', () => {
    expect(problem({ scope: 'all', 'base-url': 'https://dashboard.example.com:99999' })).not.toContain(
      'https://https://',
    );
  });

  it('refuses an empty base-url', () => {
    expect(problem({ scope: 'all', 'base-url': ' ' })).toMatch(/^base-url: is empty/m);
  });

  it.each(['https://dashboard.example.com/?tenant=1', 'https://dashboard.example.com/#top'])(
    'refuses the query or fragment in %s',
    (baseUrl) => {
      expect(problem({ scope: 'all', 'base-url': baseUrl })).toContain('has a query or fragment');
    },
  );

  it.each(['https://deploy:s3cret-Pa55@dashboard.example.com', 'http://deploy:s3cret-Pa55@localhost'])(
    'refuses credentials in %s, showing them as ***',
    (baseUrl) => {
      const message = problem({ scope: 'all', 'base-url': baseUrl });
      expect(message).toMatch(/^base-url: "https?:\/\/\*\*\*@[^"]+" holds a user name or password/m);
      expect(message).not.toContain('s3cret-Pa55');
    },
  );

  // A typo in the host or port makes the URL unparsable; the message must still not quote the password.
  it('never shows the password of a base-url that does not parse', () => {
    for (const baseUrl of [
      'https://deploy:s3cret-Pa55@dashboard.example.com:99999',
      'https://deploy:s3cret-Pa55@dash board.example.com',
    ]) {
      expect(problem({ scope: 'all', 'base-url': baseUrl })).not.toContain('s3cret-Pa55');
    }
  });

  it.each(['svc', 'my.service_v2~-', 'A'])('accepts the service-key %j as one path segment', (serviceKey) => {
    expect(endpointOf('https://dashboard.example.com', serviceKey)).toBe(
      `https://dashboard.example.com/api/${serviceKey}/v2/cache`,
    );
  });

  it.each(['', '   '])(
    'refuses the empty service-key %j, saying it is empty and where the value is found',
    (serviceKey) => {
      const message = problem({ scope: 'all', 'service-key': serviceKey });
      expect(message).toMatch(/^service-key: is empty; give the service's short name/m);
      expect(message).toContain('/api/<service-key>/v2/cache');
    },
  );

  it.each(['a/b', '.', '..', 'a b', 'a?b', 'a#b', '%2e%2e', 'bücher'])(
    'refuses the service-key %j, quoting it',
    (serviceKey) => {
      expect(problem({ scope: 'all', 'service-key': serviceKey })).toContain(
        `service-key: ${JSON.stringify(serviceKey)} is not allowed`,
      );
    },
  );
});

describe('parseSettings: api-key', () => {
  it('trims the api-key, as a secret pasted with a final newline', () => {
    expect(parseSettings(inputs({ scope: 'all', 'api-key': `  ${KEY}\n` })).apiKey).toBe(KEY);
  });

  it.each(['', '   ', '\n'])('refuses the empty api-key %j', (apiKey) => {
    expect(problem({ scope: 'all', 'api-key': apiKey })).toMatch(/^api-key: is empty/m);
  });

  it('refuses an api-key with a line break without showing it', () => {
    const message = problem({ scope: 'all', 'api-key': 'Zq9xK7first\nWm3pL2second' });
    expect(message).toMatch(/^api-key: contains a line break/m);
    expect(message).not.toContain('Zq9xK7first');
    expect(message).not.toContain('Wm3pL2second');
  });

  it('refuses an api-key with a space without showing it', () => {
    const message = problem({ scope: 'all', 'api-key': 'Zq9xK7first Wm3pL2second' });
    expect(message).toMatch(/^api-key: contains spaces/m);
    expect(message).not.toContain('Zq9xK7first');
    expect(message).not.toContain('Wm3pL2second');
  });

  it.each([
    [
      'wrapped in double quotes',
      `"Zq9xK7secretWm3pL2"`,
      /^api-key: is wrapped in quotes \(value not shown\)/m,
    ],
    ['wrapped in single quotes', `'Zq9xK7secretWm3pL2'`, /^api-key: is wrapped in quotes/m],
    [
      'a GitHub personal token',
      'ghp_Zq9xK7secretWm3pL2',
      /^api-key: looks like a GitHub token \(value not shown\)/m,
    ],
    ['a fine-grained GitHub token', 'github_pat_Zq9xK7secretWm3pL2', /^api-key: looks like a GitHub token/m],
    ['a workflow token', 'ghs_Zq9xK7secretWm3pL2', /^api-key: looks like a GitHub token/m],
  ])('refuses an api-key %s without showing it', (_, apiKey, expected) => {
    const message = problem({ scope: 'all', 'api-key': apiKey });
    expect(message).toMatch(expected);
    expect(message).not.toContain('Zq9xK7secretWm3pL2');
  });

  it('never shows any part of a refused api-key, whatever else is wrong', () => {
    const part = fc.string({ minLength: 4, maxLength: 20 }).map((text) => `Kq7${text}`);
    fc.assert(
      fc.property(
        part,
        fc.constantFrom(' ', '\n', '\r\n', '\t', '\u00a0', 'é'),
        part,
        fc.constantFrom('4', '0', 'x'),
        (before, bad, after, concurrency) => {
          const message = problem({ scope: 'all', 'api-key': `${before}${bad}${after}`, concurrency });
          expect(message).toMatch(/^api-key: /m);
          expect(message).not.toContain(before);
          expect(message).not.toContain(after);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('parseSettings: several problems', () => {
  it('reports every bad input in one InputError, each naming the input and quoting the value', () => {
    const bad = {
      scope: 'everything',
      token: 'maybe',
      'dry-run': 'yes',
      concurrency: '0',
      'max-retries': '11',
      'timeout-seconds': 'abc',
      'base-url': 'http://dashboard.example.com',
    } as const;
    const error = inputError(inputs(bad));
    for (const [name, value] of Object.entries(bad)) {
      expect(error.message).toMatch(
        new RegExp(`^${name}: ${JSON.stringify(value).replace(/\./g, '\\.')} `, 'm'),
      );
    }
    expect(error.message.split('\n')).toHaveLength(Object.keys(bad).length);
  });

  it('reports an unused domain together with a bad asset entry', () => {
    const message = problem({ scope: 'assets', domain: 'www.example.com', assets: 'abc' });
    expect(message).toMatch(/^domain: is set, but scope 'assets'/m);
    expect(message).toMatch(/^assets: 1 entry is neither/m);
  });

  it('reports a bad api-key and a bad service-key together', () => {
    const message = problem({ 'api-key': '', 'service-key': 'a/b', assets: HASH });
    expect(message).toMatch(/^api-key: is empty/m);
    expect(message).toMatch(/^service-key: "a\/b"/m);
  });
});

describe('parseSettings: base-url and service-key together', () => {
  it('reports a bad service-key beside a bad base-url', () => {
    const message = problem({ 'base-url': 'not a url', 'service-key': 'a/b' });
    expect(message).toMatch(/^base-url: /m);
    expect(message).toMatch(/^service-key: /m);
  });

  it('never quotes a base-url with credentials, whatever its shape', () => {
    expect(problem({ 'base-url': 'http:/admin:hunter2@dashboard.example.com' })).not.toContain('hunter2');
  });
});

describe('parseSettings: changed files', () => {
  const MAP = 'public/images => https://www.example.com/images';
  const changes = (overrides: Partial<RawInputs>) => {
    const target = parseSettings(inputs(overrides)).target;
    return target.scope === 'assets' ? target.changes : undefined;
  };

  it('takes the paths in files, mapped by url-map, with no detection', () => {
    expect(changes({ files: 'public/images/a.png\npublic/images/b.png', 'url-map': MAP })?.files).toEqual([
      'public/images/a.png',
      'public/images/b.png',
    ]);
  });

  it('refuses a single line of space-separated image paths, as changed-files actions print by default', () => {
    expect(problem({ files: 'public/images/a.png public/images/b.png', 'url-map': MAP })).toMatch(
      /^files: line 1, "public\/images\/a.png public\/images\/b.png", holds several entries; give one entry per line, or a JSON array/m,
    );
  });

  it('takes a name with a space, alone on its line, as one path', () => {
    expect(changes({ files: 'public/images/team photo.png\na b/c d.png', 'url-map': MAP })?.files).toEqual([
      'public/images/team photo.png',
      'a b/c d.png',
    ]);
  });

  it('names files-from and its file in an error about its list', () => {
    expect(problem({ files: 'a.png,b.png', 'files-from': 'changed.txt', 'url-map': MAP })).toMatch(
      /^files-from "changed.txt": line 1, "a.png,b.png", holds several entries/m,
    );
  });

  it('takes files as a JSON array too', () => {
    expect(changes({ files: '["a b.png", "c.png"]', 'url-map': MAP })?.files).toEqual(['a b.png', 'c.png']);
  });

  it('detects changed files when assets and files are empty and url-map is set', () => {
    const request = changes({ 'url-map': MAP, since: 'v1.2.0' });
    expect(request?.files).toBeUndefined();
    expect(request?.since).toBe('v1.2.0');
    expect(request?.urlMap).toEqual([
      { pathPrefix: 'public/images', urlPrefix: 'https://www.example.com/images/' },
    ]);
  });

  it('detects nothing, and asks for nothing, with assets alone', () => {
    expect(changes({ assets: HASH })).toBeUndefined();
  });

  // A step that would end green having done nothing: the three ways to say what to invalidate are shown.
  it('refuses scope assets with no assets, no files, no url-map and no site, showing the four ways', () => {
    const message = problem({});
    expect(message).toMatch(
      /^assets: scope 'assets' needs to know what to invalidate, but assets, assets-from, files, files-from, url-map and site are all empty/m,
    );
    expect(message).toMatch(/^ {2}- assets: /m);
    expect(message).toMatch(/^ {2}- url-map: /m);
    expect(message).toMatch(/^ {2}- site: /m);
    expect(message).toMatch(/^ {2}- files: /m);
  });

  it('refuses files without url-map, showing how to write one', () => {
    expect(problem({ files: 'a.png' })).toMatch(
      /^files: needs url-map .* e\.g\. url-map: public\/images => https:/m,
    );
  });

  it('refuses url-map or since with assets given, since nothing would be detected', () => {
    expect(problem({ assets: HASH, 'url-map': MAP })).toMatch(
      /^url-map: is set, but changed files are detected only/m,
    );
    expect(problem({ assets: HASH, since: 'main' })).toMatch(
      /^since: is set, but changed files are detected only/m,
    );
  });

  it('refuses site with assets given: it would be ignored, nothing being detected', () => {
    expect(problem({ assets: HASH, site: 'https://www.example.com/' })).toMatch(
      /^site: is set, but changed files are detected only when assets and files are both empty/m,
    );
  });

  it('refuses since without url-map, and since beside files', () => {
    expect(problem({ since: 'main' })).toMatch(/^since: .*also needs url-map/m);
    expect(problem({ files: 'a.png', 'url-map': MAP, since: 'main' })).toMatch(
      /^since: .*set one or the other/m,
    );
  });

  it.each(['files', 'url-map', 'since'] as const)("refuses %s with a scope other than 'assets'", (name) => {
    expect(problem({ scope: 'all', [name]: 'main' })).toContain(
      `${name}: is set, but scope 'all' does not use it`,
    );
  });

  it.each(['main~3', 'v1.2.0', 'release/2026-11', 'a1b2c3d'])('accepts since %s', (since) => {
    expect(changes({ 'url-map': MAP, since })?.since).toBe(since);
  });

  it.each(['--output=/tmp/x', 'main..feature', 'a b', 'HEAD:path'])('refuses since %s', (since) => {
    expect(problem({ 'url-map': MAP, since })).toMatch(/^since: .* is not a commit SHA, tag or branch name/m);
  });

  it('refuses paths that only exclude', () => {
    expect(problem({ 'url-map': MAP, paths: '!**/*.svg' })).toMatch(/^paths: .* selects nothing/m);
  });

  it.each(['files', 'url-map', 'since'] as const)('accepts %s of whitespace only', (name) => {
    expect(parseSettings(inputs({ scope: 'all', [name]: ' \n ' })).target).toEqual({ scope: 'all' });
  });
});

describe('parseSettings: assets given as delivery URLs', () => {
  const delivery = 'https://img.example.net/cb:abc/w:640/https://www.example.com/a.jpg';

  it('refuses one without image-host, naming the origin URL to give', () => {
    expect(problem({ assets: delivery })).toMatch(
      /^assets: ".*" is an image delivery URL; give the origin image URL it serves, "https:\/\/www.example.com\/a.jpg"/m,
    );
  });

  it('takes one on image-host, or of the delivery shape, as its origin URL, and counts them', () => {
    const other = 'https://cdn.example.org/w:320/https://www.example.com/b.jpg';
    const bare = 'https://img.example.net/https://www.example.com/c.jpg';
    const target = parseSettings(
      inputs({ assets: [delivery, other, bare].join('\n'), 'image-host': 'img.example.net' }),
    ).target;
    expect(target).toEqual({
      scope: 'assets',
      assets: [
        'https://www.example.com/a.jpg',
        'https://www.example.com/b.jpg',
        'https://www.example.com/c.jpg',
      ],
      fromDeliveryUrls: 3,
    });
  });

  it('keeps an origin URL that merely holds a URL in its query', () => {
    const url = 'https://www.example.com/a.jpg?from=https://b.example/';
    expect(parseSettings(inputs({ assets: url })).target).toMatchObject({ assets: [url] });
  });
});

describe('parseSettings: lists from files', () => {
  it('names assets-from and its file in an error about its list', () => {
    expect(
      problem({ assets: 'https://a.example/x.jpg https://a.example/y.jpg', 'assets-from': 'list.txt' }),
    ).toMatch(/^assets-from "list.txt": line 1, .*holds several entries/m);
  });

  // The list read from the file arrives in assets (or files): the input the user set is the one to name.
  it.each([
    ['assets-from', 'assets'],
    ['files-from', 'files'],
  ] as const)("names %s, not %s, when scope 'all' does not use it", (from, list) => {
    const message = problem({ scope: 'all', [list]: 'https://a.example/x.jpg', [from]: 'list.txt' });
    expect(message).toMatch(new RegExp(`^${from}: is set, but scope 'all' does not use it`, 'm'));
    expect(message).not.toMatch(new RegExp(`^${list}: `, 'm'));
  });
});

describe('parseSettings: assets', () => {
  it('names every bad entry in one error, with its reason', () => {
    const message = problem({
      assets: `${HASH}\nexample.com/a.png\nftp://example.com/b.png\n${HASH.slice(1)}`,
    });
    expect(message).toMatch(/^assets: 3 entries are neither/m);
    expect(message).toContain('  - "example.com/a.png": not an absolute URL: write it with https://');
    expect(message).toContain('  - "ftp://example.com/b.png": a ftp: URL, not http(s)');
    expect(message).toContain(`  - "${HASH.slice(1)}": 31 characters, but a hash has exactly 32`);
  });

  it('says "1 entry is" for a single bad entry', () => {
    expect(problem({ assets: 'abc' })).toMatch(/^assets: 1 entry is neither/m);
  });

  it('shows at most 20 bad entries, then "... and N more"', () => {
    const bad = Array.from({ length: 27 }, (_, index) => `bad${String(index).padStart(2, '0')}`);
    const message = problem({ assets: bad.join('\n') });
    expect(message).toMatch(/^assets: 27 entries are neither/m);
    for (const entry of bad.slice(0, 20)) expect(message).toContain(`"${entry}"`);
    for (const entry of bad.slice(20)) expect(message).not.toContain(`"${entry}"`);
    expect(message).toMatch(/^ {2}\.\.\. and 7 more$/m);
  });

  it('shows all 20 bad entries without a "more" line', () => {
    const bad = Array.from({ length: 20 }, (_, index) => `bad${String(index).padStart(2, '0')}`);
    const message = problem({ assets: JSON.stringify(bad) });
    for (const entry of bad) expect(message).toContain(`"${entry}"`);
    expect(message).not.toContain('more');
  });

  it('escapes a bad entry so that it cannot forge a log line', () => {
    const message = problem({ assets: 'x"\u001b::error::forged' });
    expect(message).not.toContain('\u001b');
    expect(message).toContain('\\u001b');
  });
});

describe('parseSettings: warm', () => {
  it('is off unless asked for', () => {
    expect(parseSettings(inputs({ assets: 'https://www.example.com/a.jpg' })).warm).toBe(false);
  });

  it('refuses warm: true without image-host, naming the input to set', () => {
    expect(problem({ assets: 'https://www.example.com/a.jpg', warm: 'true' })).toMatch(
      /^warm: true requests the invalidated images through the image host, so it needs image-host \(e\.g\. image-host: img\.example\.net\)/m,
    );
  });

  it('takes warm: true with image-host', () => {
    const raw = inputs({
      assets: 'https://www.example.com/a.jpg',
      warm: 'true',
      'image-host': 'img.example.net',
    });
    expect(parseSettings(raw).warm).toBe(true);
  });
});

describe('parseSettings: pages', () => {
  const mapped = {
    files: 'public/a.jpg',
    'url-map': 'public => https://www.example.com',
    'image-host': 'img.example.net',
  };

  it('reads its patterns as rewrite reads them, one per line', () => {
    expect(
      parseSettings(inputs({ ...mapped, verify: 'true', pages: '_site/**/*.html\n!_site/drafts/**' })).pages,
    ).toEqual(['_site/**/*.html', '!_site/drafts/**']);
  });

  it('refuses pages without warm or verify, which are what read them', () => {
    expect(problem({ ...mapped, pages: '_site/**/*.html' })).toMatch(
      /^pages: names the pages whose image variants warm and verify ask for, but neither is true; set warm: true or verify: true, or remove pages\.$/m,
    );
  });

  it('refuses pages without image-host, naming the input to set', () => {
    expect(
      problem({ assets: 'https://www.example.com/a.jpg', warm: 'true', pages: '_site/**/*.html' }),
    ).toMatch(/^pages: reads the URLs on image-host from the pages, so it needs image-host/m);
  });

  it("refuses a pages pattern written with '\\' between folders", () => {
    expect(problem({ ...mapped, verify: 'true', pages: '_site\\index.html' })).toMatch(
      /^pages: .* separates folders with '\\'/m,
    );
  });
});

/** What parseSettings refuses the inputs for, or '' when it takes them. */
function refusal(overrides: Partial<RawInputs>): string {
  try {
    parseSettings(inputs(overrides));
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('parseSettings: a list input pasted as a YAML list', () => {
  const MAP = 'public/images => https://www.example.com/images';

  it("refuses paths: ['public/images/**'] as a YAML list, showing it one pattern a line", () => {
    expect(problem({ 'url-map': MAP, paths: "['public/images/**']" })).toBe(
      `paths: "['public/images/**']" is a YAML list, as a workflow's on.push.paths is written; this input takes one ` +
        'pattern a line, not a list. Written one pattern a line, it reads:\n  public/images/**',
    );
  });

  it('refuses a plain YAML list of patterns in paths or rewrite, each pattern on its line', () => {
    expect(problem({ 'url-map': MAP, paths: '[public/images/**, "!**/*.svg"]' })).toContain(
      'takes one pattern a line, not a list. Written one pattern a line, it reads:\n  public/images/**\n  !**/*.svg',
    );
    expect(
      problem({
        scope: 'none',
        token: 'true',
        'image-host': 'img.example.net',
        rewrite: "[ 'dist/**/*.html' ]",
      }),
    ).toMatch(/^rewrite: .* is a YAML list, .*it reads:\n {2}dist\/\*\*\/\*\.html$/);
  });

  it('refuses files, assets and url-map written as YAML lists, naming the input and what it takes a line', () => {
    expect(problem({ 'url-map': MAP, files: "['public/images/a.png', 'public/images/b.png']" })).toMatch(
      /^files: .* takes one path a line, not a list\. .*:\n {2}public\/images\/a\.png\n {2}public\/images\/b\.png$/,
    );
    expect(problem({ assets: '[https://www.example.com/a.png, https://www.example.com/b.png]' })).toMatch(
      /^assets: .* takes one asset a line, not a list\. .*:\n {2}https:\/\/www\.example\.com\/a\.png\n/,
    );
    expect(problem({ 'url-map': `['${MAP}']` })).toMatch(
      /^url-map: .* takes one rule a line, not a list\. .*:\n {2}public\/images => https:\/\/www\.example\.com\/images$/,
    );
  });

  it('takes patterns that begin and end with a class, and a url-map whose host is IPv6, as they are', () => {
    for (const paths of ['[0-9][0-9][0-9][0-9]/**/*.[jJ][pP][gG]', '[ab]/{x,y}/*.[ch]']) {
      const target = parseSettings(inputs({ 'url-map': MAP, paths })).target;
      expect(target.scope === 'assets' ? target.changes?.patterns : undefined).toEqual([paths]);
    }
    expect(refusal({ 'url-map': '[docs]/images => http://[::1]/images' })).not.toContain('YAML list');
  });

  it('reads a url-map of 20,000 rules that start with a bracket in linear time', () => {
    const rules = Array.from({ length: 20_000 }, (_, i) => `[x]${i} => https://www.example.com/${i}`).join(
      '\n',
    );
    const started = performance.now();
    expect(refusal({ 'url-map': rules })).not.toContain('YAML list');
    // Quadratic, this took minutes; linear, well under a second even on a loaded machine.
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('still takes a JSON array in files, and a character class in paths', () => {
    const target = parseSettings(
      inputs({ 'url-map': MAP, files: '["public/images/a.png"]', paths: '[ab].png' }),
    ).target;
    expect(target.scope === 'assets' ? target.changes : undefined).toMatchObject({
      files: ['public/images/a.png'],
      patterns: ['[ab].png'],
    });
  });
});
