import { Agent, request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEmulator, type Emulator, type ErrorShape, type Route } from './server.ts';

const ROOT = 'root-key-0001';
const SUB = 'sub-key-0001';
const HASH = '0123456789abcdef0123456789abcdef';
const IMAGE = 'https://images.example.com/photos/cat.jpg';

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator();
});

afterAll(async () => {
  await emulator.close();
});

beforeEach(() => {
  emulator.reset();
  emulator.setOptions({ assetLimit: 100, latencyMs: 0, echoKey: false });
});

interface Call {
  key?: string | null; // null: no Authorization header
  authorization?: string; // the whole header, for malformed ones
  json?: unknown;
  body?: string;
  contentType?: string;
  method?: string;
  signal?: AbortSignal;
}

function call(path: string, options: Call = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  const key = options.key === undefined ? ROOT : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  const body = options.json === undefined ? options.body : JSON.stringify(options.json);
  if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  const init: RequestInit = { method: options.method ?? 'POST', headers };
  if (body !== undefined) init.body = body;
  if (options.signal !== undefined) init.signal = options.signal;
  return fetch(`${emulator.url}/api/svc/v2/cache${path}`, init);
}

async function answer(path: string, options: Call = {}): Promise<{ status: number; json: unknown }> {
  const response = await call(path, options);
  return { status: response.status, json: await response.json() };
}

function wordpressError(
  status: number,
  code: string,
  message: string = expect.any(String) as string,
): unknown {
  return { code, message, data: { status } };
}

describe('routing', () => {
  it.each([
    ['the singular /invalidate/asset path', 'POST', '/invalidate/asset'],
    ['a GET on a real route', 'GET', '/token'],
    ['an unknown invalidation type', 'POST', '/invalidate/everything'],
    ['a trailing slash', 'POST', '/token/'],
  ])('answers 404 rest_no_route for %s', async (_, method, path) => {
    expect(await answer(path, { method })).toEqual({
      status: 404,
      json: wordpressError(404, 'rest_no_route', 'No route was found matching the URL and request method.'),
    });
  });

  it('answers 404 for a wrong service key or API version', async () => {
    for (const prefix of ['/api/other/v2/cache', '/api/svc/v1/cache']) {
      const response = await fetch(`${emulator.url}${prefix}/token`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ROOT}` },
      });
      expect(response.status).toBe(404);
      await response.body?.cancel();
    }
  });

  it('resolves the route before authentication, so an unknown path is 404 even without a key', async () => {
    expect((await answer('/invalidate/asset', { key: null })).status).toBe(404);
  });

  it('ignores the query string when resolving a route', async () => {
    expect((await answer('/token?from=test')).status).toBe(200);
  });
});

describe('authentication', () => {
  it.each([
    ['no Authorization header', { key: null }],
    ['an unknown key', { key: 'no-such-key' }],
    ['the Basic scheme', { authorization: `Basic ${ROOT}` }],
    ['a key without a scheme', { authorization: ROOT }],
    ['an empty Bearer token', { authorization: 'Bearer ' }],
  ] satisfies [string, Call][])('refuses %s with 401 rest_unauthorized', async (_, options) => {
    expect(await answer('/token', options)).toEqual({
      status: 401,
      json: wordpressError(401, 'rest_unauthorized', 'Unauthorized'),
    });
  });

  it('accepts the Bearer scheme in any letter case', async () => {
    expect((await answer('/token', { authorization: `bEaReR ${ROOT}` })).status).toBe(200);
  });

  it('answers "User not found" with 401 for a key whose account does not exist', async () => {
    expect(await answer('/token', { key: 'ghost-key-0001' })).toEqual({
      status: 401,
      json: wordpressError(401, 'rest_user_not_found', 'User not found'),
    });
  });

  it('answers "User not active" with 403 for a key whose account is inactive', async () => {
    expect(await answer('/token', { key: 'dormant-key-0001' })).toEqual({
      status: 403,
      json: wordpressError(403, 'rest_user_inactive', 'User not active'),
    });
  });

  it.each(['/invalidate/all', '/invalidate/domain', '/invalidate/assets', '/token'])(
    'refuses a sub key on %s with 403 rest_forbidden',
    async (path) => {
      const { status, json } = await answer(path, {
        key: SUB,
        json: { domain: 'a.example', assets: [HASH] },
      });
      expect({ status, json }).toEqual({ status: 403, json: wordpressError(403, 'rest_forbidden') });
      expect(emulator.invalidated).toEqual({ all: 0, domains: [], assets: [] });
    },
  );

  it('checks the key before the body, so a refused key with a bad body gets 401, not 400', async () => {
    expect((await answer('/invalidate/assets', { key: 'no-such-key', body: '{not json' })).status).toBe(401);
  });

  it('accepts keys given in the options instead of the demo keys', async () => {
    const own = await startEmulator({ serviceKey: 'img', keys: { 'my-root': 'root' } });
    try {
      const post = (key: string) =>
        fetch(`${own.url}/api/img/v2/cache/token`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}` },
        });
      expect((await post('my-root')).status).toBe(200);
      expect((await post(ROOT)).status).toBe(401);
    } finally {
      await own.close();
    }
  });
});

describe('POST /invalidate/all', () => {
  it('clears everything for a root key and answers 200 with success true', async () => {
    expect(await answer('/invalidate/all')).toEqual({
      status: 200,
      json: { success: true, data: { scope: 'all' } },
    });
    expect(emulator.invalidated.all).toBe(1);
  });

  it('ignores a body it does not expect', async () => {
    expect((await answer('/invalidate/all', { body: 'ignored', contentType: 'text/plain' })).status).toBe(
      200,
    );
  });
});

describe('POST /invalidate/domain', () => {
  it('accepts a domain, known or not, and records it', async () => {
    expect(await answer('/invalidate/domain', { json: { domain: 'never-seen.example' } })).toEqual({
      status: 200,
      json: { success: true, data: { scope: 'domain', domain: 'never-seen.example' } },
    });
    expect(emulator.invalidated.domains).toEqual(['never-seen.example']);
  });

  it.each([
    ['a missing domain', { json: {} }, 'rest_missing_callback_param', 'Missing parameter(s): domain'],
    ['an empty domain', { json: { domain: '' } }, 'rest_invalid_param', /non-empty string/],
    ['a domain that is not a string', { json: { domain: 7 } }, 'rest_invalid_param', /non-empty string/],
    ['a URL instead of a domain', { json: { domain: 'https://a.example' } }, 'rest_invalid_param', /bare/],
    ['a domain with a path', { json: { domain: 'a.example/x' } }, 'rest_invalid_param', /bare/],
    [
      'a non-JSON content type',
      { body: 'domain=a.example', contentType: 'application/x-www-form-urlencoded' },
      'rest_invalid_content_type',
      /application\/json/,
    ],
    ['malformed JSON', { body: '{"domain":' }, 'rest_invalid_json', 'Invalid JSON body passed.'],
  ] satisfies [string, Call, string, string | RegExp][])(
    'rejects %s with 400',
    async (_, options, code, message) => {
      const { status, json } = await answer('/invalidate/domain', options);
      expect(status).toBe(400);
      expect(json).toMatchObject({ code, data: { status: 400 } });
      expect((json as { message: string }).message).toMatch(message);
      expect(emulator.invalidated.domains).toEqual([]);
    },
  );
});

describe('POST /invalidate/assets', () => {
  it('accepts a mix of image URLs and 32-character hashes, answers the count and records them in order', async () => {
    const assets = [IMAGE, HASH, 'http://origin.example/a.png?w=3'];
    expect(await answer('/invalidate/assets', { json: { assets } })).toEqual({
      status: 200,
      json: { success: true, data: { scope: 'assets', invalidated: 3 } },
    });
    expect(emulator.invalidated.assets).toEqual(assets);
  });

  it('accepts exactly 100 assets and refuses 101 with "Too many assets to invalidate"', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => `${IMAGE}?v=${i}`);
    expect((await answer('/invalidate/assets', { json: { assets: hundred } })).status).toBe(200);
    expect(await answer('/invalidate/assets', { json: { assets: [...hundred, HASH] } })).toEqual({
      status: 400,
      json: wordpressError(400, 'too_many_assets', 'Too many assets to invalidate'),
    });
    expect(emulator.invalidated.assets).toHaveLength(100);
  });

  it('applies a lowered asset limit set at runtime', async () => {
    emulator.setOptions({ assetLimit: 2 });
    expect((await answer('/invalidate/assets', { json: { assets: [HASH, HASH] } })).status).toBe(200);
    const { json } = await answer('/invalidate/assets', { json: { assets: [HASH, HASH, HASH] } });
    expect(json).toMatchObject({ message: 'Too many assets to invalidate' });
  });

  it('refuses a whole batch holding a URL on a host not of the account, naming the entry', async () => {
    emulator.setOptions({ foreignHosts: ['other.example'] });
    const assets = ['https://www.example.com/a.png', 'https://other.example/b.png'];
    const { status, json } = await answer('/invalidate/assets', { json: { assets } });
    emulator.setOptions({ foreignHosts: [] });
    expect(status).toBe(400);
    expect(json).toMatchObject({ code: 'rest_invalid_param' });
    expect(JSON.stringify(json)).toContain('entry 1 is not on a domain of this account');
    expect(emulator.invalidated.assets).toEqual([]);
  });

  it.each([
    ['an empty list', { json: { assets: [] } }, 'rest_invalid_param', /must not be empty/],
    ['a missing assets field', { json: { asset: [HASH] } }, 'rest_missing_callback_param', /assets/],
    ['a body that is a bare array', { json: [HASH] }, 'rest_missing_callback_param', /assets/],
    ['assets that are not an array', { json: { assets: HASH } }, 'rest_invalid_param', /array of strings/],
    ['a non-string entry', { json: { assets: [HASH, 42] } }, 'rest_invalid_param', /entry 1/],
    ['a 31-character hash', { json: { assets: [HASH.slice(1)] } }, 'rest_invalid_param', /entry 0/],
    ['a 33-character hash', { json: { assets: [`${HASH}0`] } }, 'rest_invalid_param', /entry 0/],
    ['a relative URL', { json: { assets: ['/photos/cat.jpg'] } }, 'rest_invalid_param', /entry 0/],
    [
      'a non-http URL',
      { json: { assets: ['ftp://images.example.com/photos/cat.jpg'] } },
      'rest_invalid_param',
      /entry 0/,
    ],
    ['an untrimmed URL', { json: { assets: [` ${IMAGE}`] } }, 'rest_invalid_param', /entry 0/],
    ['malformed JSON', { body: '{"assets": [' }, 'rest_invalid_json', /Invalid JSON/],
    ['no body', { body: '' }, 'rest_invalid_json', /Invalid JSON/],
    [
      'a text/plain body',
      { body: '{"assets":[]}', contentType: 'text/plain' },
      'rest_invalid_content_type',
      /application\/json/,
    ],
  ] satisfies [string, Call, string, RegExp][])('rejects %s with 400', async (_, options, code, message) => {
    const { status, json } = await answer('/invalidate/assets', options);
    expect(status).toBe(400);
    expect(json).toMatchObject({ code, data: { status: 400 } });
    expect((json as { message: string }).message).toMatch(message);
    expect(emulator.invalidated.assets).toEqual([]);
  });

  it('accepts a JSON content type with a charset parameter', async () => {
    const options = { json: { assets: [HASH] }, contentType: 'application/json; charset=utf-8' };
    expect((await answer('/invalidate/assets', options)).status).toBe(200);
  });
});

describe('POST /token', () => {
  it('issues a fresh 32-hex token with 200 each time and records it', async () => {
    const first = await answer('/token');
    const second = await answer('/token');
    expect(first).toEqual({
      status: 200,
      json: { success: true, data: { token: expect.stringMatching(/^[0-9a-f]{32}$/) as string } },
    });
    expect(second.json).not.toEqual(first.json);
    expect(emulator.tokens).toEqual(
      [first, second].map((a) => (a.json as { data: { token: string } }).data.token),
    );
  });
});

describe('faults', () => {
  it.each([
    ['wordpress', wordpressError(502, 'http_502', 'Upstream down')],
    ['success-false-error', { success: false, error: 'Upstream down' }],
    ['success-false-message', { success: false, message: 'Upstream down' }],
    ['success-false-data-message', { success: false, data: { message: 'Upstream down' } }],
  ] satisfies [ErrorShape, unknown][])(
    'answers an injected status with its message in the %s shape',
    async (shape, body) => {
      emulator.inject('token', { status: 502, message: 'Upstream down', shape });
      const response = await call('/token');
      expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 502, body });
    },
  );

  it('answers the text shape with the bare message as text/plain', async () => {
    emulator.inject('token', { status: 502, message: 'Upstream down', shape: 'text' });
    const response = await call('/token');
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('Upstream down');
  });

  it('answers the html shape with a proxy page: message in <title> and <h1>, noise in <style> and <script>', async () => {
    emulator.inject('token', { status: 502, message: 'Upstream down', shape: 'html' });
    const response = await call('/token');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toContain('<title>502 Upstream down</title>');
    expect(page).toContain('<h1>Upstream down</h1>');
    expect(page).toMatch(/<style>[^<]+<\/style>[\s\S]*<script>[^<]+<\/script>/);
  });

  it('answers the empty shape with no body at all', async () => {
    emulator.inject('token', { status: 503, shape: 'empty' });
    const response = await call('/token');
    expect(response.status).toBe(503);
    expect(response.headers.get('content-length')).toBe('0');
    expect(response.headers.get('content-type')).toBeNull();
    expect(await response.text()).toBe('');
  });

  it('fills in the reason phrase and a code when an injected status gives none', async () => {
    emulator.inject('token', { status: 429 }, { status: 500, code: 'boom' });
    expect(await answer('/token')).toEqual({
      status: 429,
      json: wordpressError(429, 'rest_too_many_requests', 'Too Many Requests'),
    });
    expect(await answer('/token')).toEqual({
      status: 500,
      json: wordpressError(500, 'boom', 'Internal Server Error'),
    });
  });

  it('escapes the message in the html shape', async () => {
    emulator.inject('token', { status: 502, shape: 'html', message: '<b>&</b>' });
    expect(await (await call('/token')).text()).toContain('<h1>&lt;b&gt;&amp;&lt;/b&gt;</h1>');
  });

  it('takes faults from a per-route queue in order, then answers normally', async () => {
    emulator.inject('token', { status: 500 }, { status: 503 });
    emulator.inject('invalidate/all', { status: 502 });
    expect((await call('/invalidate/all')).status).toBe(502);
    expect((await call('/invalidate/all')).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await answer('/token')).status);
    expect(statuses).toEqual([500, 503, 200]);
  });

  it('does not run the route for an injected error, so nothing is recorded as invalidated', async () => {
    emulator.inject('invalidate/assets', { status: 500 });
    expect((await answer('/invalidate/assets', { json: { assets: [HASH] } })).status).toBe(500);
    expect(emulator.invalidated.assets).toEqual([]);
  });

  it('applies to unknown routes through the unknown queue', async () => {
    emulator.inject('unknown', { status: 418 });
    expect((await answer('/nowhere')).status).toBe(418);
  });

  it('sends Retry-After verbatim and extra headers such as Location', async () => {
    emulator.inject('token', { status: 429, retryAfter: 'Wed, 21 Oct 2015 07:28:00 GMT' });
    emulator.inject('token', { status: 307, headers: { Location: 'https://elsewhere.example/' } });
    const limited = await call('/token');
    expect(limited.headers.get('retry-after')).toBe('Wed, 21 Oct 2015 07:28:00 GMT');
    await limited.body?.cancel();
    const moved = await fetch(`${emulator.url}/api/svc/v2/cache/token`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(moved.status).toBe(307);
    expect(moved.headers.get('location')).toBe('https://elsewhere.example/');
    await moved.body?.cancel();
  });

  it('applies headers alone on top of the normal answer', async () => {
    emulator.inject('token', { retryAfter: '3', headers: { 'X-Trace': 'abc' } });
    const response = await call('/token');
    expect(response.status).toBe(200);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(response.headers.get('x-trace')).toBe('abc');
    expect(emulator.tokens).toHaveLength(1);
  });

  it('sends a raw body as given, with 200 unless a status is given', async () => {
    emulator.inject(
      'token',
      { body: '{"success": true, "data": {' },
      { status: 502, body: 'gateway says no', shape: 'html' },
    );
    const truncated = await call('/token');
    expect(truncated.status).toBe(200);
    expect(await truncated.text()).toBe('{"success": true, "data": {');
    const raw = await call('/token');
    expect(raw.status).toBe(502);
    expect(await raw.text()).toBe('gateway says no');
  });

  it('renders the emulator’s own error in a shape-only fault’s shape', async () => {
    emulator.inject('token', { shape: 'success-false-error' });
    expect(await answer('/token', { key: SUB })).toEqual({
      status: 403,
      json: { success: false, error: 'Sorry, you are not allowed to do that.' },
    });
  });

  it('delays by a fault’s latency, then answers normally', async () => {
    emulator.inject('token', { latencyMs: 60 });
    const started = performance.now();
    expect((await answer('/token')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('resets the connection without answering, after recording the request', async () => {
    emulator.inject('invalidate/all', { reset: true });
    await expect(call('/invalidate/all')).rejects.toThrow();
    expect(emulator.requests.map((r) => r.route)).toEqual(['invalidate/all']);
    expect(emulator.invalidated.all).toBe(0);
    await vi.waitFor(() => {
      expect(emulator.inFlight).toBe(0);
    });
    expect((await call('/invalidate/all')).status).toBe(200);
  });

  it('hangs until the client gives up, then no longer counts the request in flight', async () => {
    emulator.inject('token', { hang: true });
    // The client gives up once the request is there, not after a time that a loaded machine can outlast before the
    // request even arrives.
    const givingUp = new AbortController();
    const asked = call('/token', { signal: givingUp.signal });
    await vi.waitFor(() => {
      expect(emulator.inFlight).toBe(1);
    });
    expect(emulator.requests).toHaveLength(1);
    givingUp.abort();
    await expect(asked).rejects.toThrow(/abort/i);
    await vi.waitFor(() => {
      expect(emulator.inFlight).toBe(0);
    });
  });

  it('trickles a complete, valid body one byte at a time, trickleMs apart', async () => {
    emulator.inject('token', { trickleMs: 3 });
    const started = performance.now();
    const response = await call('/token');
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    if (reader === undefined) throw new Error('no body');
    const chunks: Uint8Array[] = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      chunks.push(chunk.value as Uint8Array);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(JSON.parse(text)).toEqual({ success: true, data: { token: emulator.tokens[0] } });
    // A lower bound, which a loaded machine only lengthens: each byte waits its 3 ms (2 at least, as timers round).
    // How many reads the client makes of it is the machine's doing: one, when the reader was held up as the bytes came.
    expect(performance.now() - started).toBeGreaterThanOrEqual(2 * Buffer.byteLength(text));
  });

  it('cuts an answer: half its body, then the socket goes; the route ran, the record says not whole', async () => {
    emulator.inject('token', { cut: true });
    const response = await call('/token');
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect(emulator.tokens).toHaveLength(1);
    expect(emulator.requests[0]?.answer).toEqual({ status: 200, whole: false });
  });

  it('refuses a fault it cannot send, at inject time', () => {
    expect(() => {
      emulator.inject('token', { status: 99 });
    }).toThrow(RangeError);
    expect(() => {
      emulator.inject('token', { headers: { 'Bad Name': 'x' } });
    }).toThrow();
    expect(() => {
      emulator.inject('token', { latencyMs: -1 });
    }).toThrow(RangeError);
  });
});

describe('echoKey (a hostile server)', () => {
  it('puts the presented key in error bodies and in X-Echo on every answer', async () => {
    emulator.setOptions({ echoKey: true });
    const refused = await call('/token', { key: SUB });
    expect(refused.headers.get('x-echo')).toBe(SUB);
    expect(await refused.text()).toContain(SUB);
    const unknownScheme = await call('/token', { authorization: 'Token leaked-secret' });
    expect(await unknownScheme.text()).toContain('leaked-secret');
    const ok = await call('/token');
    expect(ok.headers.get('x-echo')).toBe(ROOT);
    await ok.body?.cancel();
  });

  it('puts the key in injected error bodies of every shape too', async () => {
    emulator.setOptions({ echoKey: true });
    emulator.inject('token', { status: 500, shape: 'text' }, { status: 502, shape: 'html' });
    expect(await (await call('/token')).text()).toContain(ROOT);
    expect(await (await call('/token')).text()).toContain(ROOT);
  });
});

describe('records', () => {
  it('records method, target, route, headers, raw and parsed body and arrival time', async () => {
    const before = performance.now();
    await answer('/invalidate/assets?trace=1', { json: { assets: [HASH] } });
    await answer('/invalidate/asset', { body: 'not json', contentType: 'text/plain' });
    expect(emulator.requests).toEqual([
      {
        method: 'POST',
        path: '/api/svc/v2/cache/invalidate/assets?trace=1',
        route: 'invalidate/assets',
        headers: expect.objectContaining({
          authorization: `Bearer ${ROOT}`,
          'content-type': 'application/json',
        }) as unknown,
        body: `{"assets":["${HASH}"]}`,
        json: { assets: [HASH] },
        receivedAt: expect.any(Number) as unknown,
        answeredBefore: 0,
        answer: { status: 200, whole: true },
      },
      expect.objectContaining({
        route: 'unknown' satisfies Route,
        body: 'not json',
        json: undefined,
        answeredBefore: 1,
        answer: { status: 404, whole: true },
      }),
    ]);
    expect(emulator.requests[0]?.receivedAt).toBeGreaterThanOrEqual(before);
  });

  it('records no answer for a request reset or hanging', async () => {
    emulator.inject('token', { reset: true });
    await expect(call('/token')).rejects.toThrow();
    expect(emulator.requests[0]?.answer).toBeUndefined();
  });

  it('counts the peak of concurrent requests, and none stay in flight afterwards', async () => {
    emulator.setOptions({ latencyMs: 40 });
    await Promise.all(Array.from({ length: 4 }, () => answer('/token')));
    expect(emulator.maxInFlight).toBe(4);
    await vi.waitFor(() => {
      expect(emulator.inFlight).toBe(0);
    });
  });

  it('adds the configured latency to every request', async () => {
    emulator.setOptions({ latencyMs: 50 });
    const started = performance.now();
    await answer('/invalidate/asset');
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('reset() clears records, fault queues and counters, in the same arrays', async () => {
    const { requests, tokens } = emulator;
    emulator.inject('token', { status: 500 });
    await answer('/invalidate/all');
    emulator.reset();
    expect(requests).toHaveLength(0);
    expect(emulator.invalidated).toEqual({ all: 0, domains: [], assets: [] });
    expect(emulator.maxInFlight).toBe(0);
    expect((await answer('/token')).status).toBe(200);
    expect(tokens).toHaveLength(1);
  });
});

describe('the server', () => {
  it('listens on 127.0.0.1 and keeps connections alive between requests', async () => {
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = () =>
      new Promise<boolean>((resolve, reject) => {
        const outgoing = request(`${emulator.url}/api/svc/v2/cache/token`, {
          method: 'POST',
          agent,
          headers: { authorization: `Bearer ${ROOT}` },
        });
        outgoing.on('response', (incoming) => {
          incoming.resume();
          incoming.on('end', () => {
            resolve(outgoing.reusedSocket);
          });
        });
        outgoing.on('error', reject);
        outgoing.end();
      });
    try {
      expect([await post(), await post()]).toEqual([false, true]);
    } finally {
      agent.destroy();
    }
  });

  it('close() ends hanging requests instead of waiting for them', async () => {
    const own = await startEmulator();
    own.inject('token', { hang: true });
    const hanging = fetch(`${own.url}/api/svc/v2/cache/token`, { method: 'POST' });
    await vi.waitFor(() => {
      expect(own.requests).toHaveLength(1);
    });
    await own.close();
    await expect(hanging).rejects.toThrow();
    await own.close(); // a second close is harmless
  });
});
