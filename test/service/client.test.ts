/** The API client against the emulator(), over real HTTP: one request per call, no retries at this level. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator.ts';
import { sendCall, retryAfterMs, type ApiCall } from '../../src/service/client.ts';
import { ApiError } from '../../src/domain/api-error.ts';
import { decide, type Decision } from '../../src/domain/policy.ts';
import { startEmulator, type ErrorShape } from '../emulator/server.ts';
import { clientFor, DORMANT_KEY, GHOST_KEY, ROOT_KEY, SUB_KEY } from '../support/client.ts';

const emulator = useEmulator();

async function failure(call: ApiCall, key = ROOT_KEY, overrides = {}): Promise<ApiError> {
  const error: unknown = await sendCall(call, clientFor(emulator(), key, overrides)).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

/** What the policy makes of a failure of a call with retries left, for the facts the client reported. */
const decided = (error: ApiError): Decision['action'] =>
  decide(error, {
    retries: 0,
    maxRetries: 5,
    now: 0,
    deadline: 1e12,
    random: 0,
    assets: 2,
    bisectionCallsLeft: 100,
  }).action;

const ASSETS: ApiCall = { route: 'invalidate/assets', assets: ['https://www.example.com/a.png'] };

describe('requests', () => {
  it('invalidates all with a bodiless POST to /invalidate/all and the Bearer key', async () => {
    await sendCall({ route: 'invalidate/all' }, clientFor(emulator(), ROOT_KEY));
    const [request] = emulator().requests;
    expect(request).toMatchObject({ method: 'POST', path: '/api/svc/v2/cache/invalidate/all', body: '' });
    expect(request?.headers.authorization).toBe(`Bearer ${ROOT_KEY}`);
    expect(emulator().invalidated.all).toBe(1);
  });

  it('invalidates a domain with {"domain"} as application/json', async () => {
    await sendCall(
      { route: 'invalidate/domain', domain: 'www.example.com' },
      clientFor(emulator(), ROOT_KEY),
    );
    const [request] = emulator().requests;
    expect(request?.path).toBe('/api/svc/v2/cache/invalidate/domain');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.json).toEqual({ domain: 'www.example.com' });
  });

  it('invalidates assets with {"assets"} on the plural path, URLs and hashes mixed', async () => {
    const assets = ['https://www.example.com/a.png', '5d41402abc4b2a76b9719d911017c592'];
    await sendCall({ route: 'invalidate/assets', assets }, clientFor(emulator(), ROOT_KEY));
    const [request] = emulator().requests;
    expect(request?.path).toBe('/api/svc/v2/cache/invalidate/assets');
    expect(request?.json).toEqual({ assets });
    expect(emulator().invalidated.assets).toEqual(assets);
  });

  it('requests a token with a bodiless POST to /token and returns data.token', async () => {
    const answer = await sendCall({ route: 'token' }, clientFor(emulator(), ROOT_KEY));
    expect(emulator().requests[0]?.path).toBe('/api/svc/v2/cache/token');
    expect(emulator().requests[0]?.body).toBe('');
    expect(answer.token).toBe(emulator().tokens[0]);
  });
});

describe('the token answer', () => {
  const cases: [string, string, RegExp][] = [
    ['success false', '{"success": false, "data": {"token": "abc"}}', /"success": false/],
    ['no success field', '{"data": {"token": "abc"}}', /no "success" field/],
    ['an empty token', '{"success": true, "data": {"token": ""}}', /no non-empty string at data\.token/],
    ['a token that is not a string', '{"success": true, "data": {"token": 42}}', /no non-empty string/],
    ['no data', '{"success": true}', /no non-empty string at data\.token/],
    ['a body that is not JSON', 'OK', /not JSON \(OK\)/],
    ['an empty body', '', /not JSON \(an empty body\)/],
  ];
  it.each(cases)('with %s is an error that says what was wrong', async (_name, body, expected) => {
    emulator().inject('token', { body });
    const error = await failure({ route: 'token' });
    expect(error.kind).toBe('response');
    expect(decided(error)).toBe('give-up');
    expect(error.message).toMatch(expected);
  });
});

describe('answers that are not what they seem', () => {
  it('reads the message of {"success": false, "data": "…"}, as WordPress sends it', async () => {
    emulator().inject('invalidate/assets', {
      status: 400,
      body: JSON.stringify({ success: false, data: 'Too many assets to invalidate' }),
    });
    expect(decided(await failure(ASSETS))).toBe('split');
  });

  it('reports "Too many assets to invalidate" with a 500 as it came: the policy splits it', async () => {
    emulator().inject('invalidate/assets', { status: 500, message: 'Too many assets to invalidate' });
    const error = await failure(ASSETS);
    expect(error).toMatchObject({ status: 500, serverMessage: 'Too many assets to invalidate' });
    expect(decided(error)).toBe('split');
  });

  it('does not take a 200 HTML page (a login page, a proxy) for a confirmation', async () => {
    emulator().inject('invalidate/assets', {
      body: '<html><title>Sign in</title></html>',
      headers: { 'content-type': 'text/html' },
    });
    const error = await failure(ASSETS);
    expect(error.kind).toBe('response');
    expect(error.message).toContain('with an HTML page, not an API answer');
  });

  it('judges a 2xx JSON answer by its JSON, even served as text/html (as PHP serves it by default)', async () => {
    emulator().inject('token', {
      body: JSON.stringify({ success: true, data: { token: 'fresh42' } }),
      headers: { 'content-type': 'text/html; charset=UTF-8' },
    });
    const answer = await sendCall({ route: 'token' }, clientFor(emulator(), ROOT_KEY));
    expect(answer.token).toBe('fresh42');
  });

  it('refuses an endpoint that is not https (but for loopback), before anything is sent', async () => {
    const endpoint = new URL('http://dashboard.example.com/api/svc/v2/cache');
    await expect(sendCall(ASSETS, clientFor(emulator(), ROOT_KEY, { endpoint }))).rejects.toThrow(
      /not https/,
    );
  });
});

describe('a token that must not be used', () => {
  it('is refused when it holds the API key, so that rewrite never publishes the key', async () => {
    emulator().inject('token', { body: JSON.stringify({ success: true, data: { token: `x${ROOT_KEY}x` } }) });
    const error = await failure({ route: 'token' });
    expect(error.message).toContain('the token holds the API key');
    expect(error.message).not.toContain(ROOT_KEY);
  });

  it.each(['a/b', 'a b', 'a?b', '<img>'])(
    'is refused when it cannot stand in a URL path segment: %s',
    async (token) => {
      emulator().inject('token', { body: JSON.stringify({ success: true, data: { token } }) });
      expect((await failure({ route: 'token' })).message).toContain('cannot stand in a URL path segment');
    },
  );
});

describe("the spec's errors reach the user verbatim", () => {
  it('a Sub key is refused, with the causes to check', async () => {
    const error = await failure(ASSETS, SUB_KEY);
    expect(error.status).toBe(403);
    expect(decided(error)).toBe('stop');
    expect(error.message).toContain('Sub key');
    expect(error.message).toContain('subscription');
  });

  it('an unknown key gets a 401 that says the key was refused', async () => {
    const error = await failure(ASSETS, 'nobody-knows-this-key');
    expect(error.status).toBe(401);
    expect(error.message).toContain('The service refused the API key');
  });

  it.each([
    [GHOST_KEY, 'User not found'],
    [DORMANT_KEY, 'User not active'],
  ])('key %s: "%s"', async (key, text) => {
    const error = await failure(ASSETS, key);
    expect(error.serverMessage).toBe(text);
    expect(error.message).toContain(text);
    expect(decided(error)).toBe('stop');
  });

  it('"Too many assets to invalidate" is recognised', async () => {
    emulator().setOptions({ assetLimit: 1 });
    const error = await failure({ route: 'invalidate/assets', assets: ['a'.repeat(32), 'b'.repeat(32)] });
    expect(error.serverMessage).toBe('Too many assets to invalidate');
    expect(decided(error)).toBe('split');
  });

  it('rest_no_route (a wrong service key) names the code and points at base-url and service-key', async () => {
    const endpoint = new URL(`${emulator().url}/api/wrong/v2/cache`);
    const error = await failure(ASSETS, ROOT_KEY, { endpoint });
    expect(error.status).toBe(404);
    expect(error.code).toBe('rest_no_route');
    expect(error.message).toContain('check base-url and service-key');
  });
});

describe('error bodies of any shape', () => {
  const shapes: ErrorShape[] = [
    'wordpress',
    'success-false-error',
    'success-false-message',
    'success-false-data-message',
    'text',
    'html',
  ];
  it.each(shapes)('the message is found in a %s body', async (shape) => {
    emulator().inject('invalidate/assets', { status: 400, shape, message: 'Asset list rejected by policy' });
    const error = await failure(ASSETS);
    expect(error.status).toBe(400);
    expect(error.serverMessage).toContain('Asset list rejected by policy');
    expect(error.message).toContain('Asset list rejected by policy');
  });

  it('an empty error body still gives the status', async () => {
    emulator().inject('invalidate/assets', { status: 418, shape: 'empty' });
    const error = await failure(ASSETS);
    expect(error.message).toBe('HTTP 418: no message.');
  });

  it('a 200 with "success": false is a failure, not a confirmation', async () => {
    emulator().inject('invalidate/assets', { body: '{"success": false, "error": "Quota exceeded"}' });
    const error = await failure(ASSETS);
    expect(error.kind).toBe('response');
    expect(error.message).toContain('Quota exceeded');
  });

  it('a huge error body is read only up to a cap', async () => {
    emulator().inject('invalidate/assets', { status: 400, body: 'x'.repeat(5_000_000) });
    const error = await failure(ASSETS);
    expect(error.message.length).toBeLessThan(1_000);
  });
});

describe('the facts the policy decides on', () => {
  it.each([408, 429, 500, 502, 503, 504])('HTTP %i: retried', async (status) => {
    emulator().inject('invalidate/assets', { status });
    expect(decided(await failure(ASSETS))).toBe('retry');
  });

  it.each([
    [400, 'bisect'],
    [401, 'stop'],
    [403, 'stop'],
    [404, 'stop'],
    [409, 'bisect'],
    [422, 'bisect'],
    [501, 'give-up'],
  ])('HTTP %i: not retried (%s)', async (status, action) => {
    emulator().inject('invalidate/assets', { status });
    expect(decided(await failure(ASSETS))).toBe(action);
  });

  it('a connection reset is a retryable network error', async () => {
    emulator().inject('invalidate/assets', { reset: true });
    const error = await failure(ASSETS);
    expect(error.kind).toBe('network');
    expect(decided(error)).toBe('retry');
  });

  it('a refused connection is a retryable network error', async () => {
    const closed = await startEmulator();
    await closed.close();
    const endpoint = new URL(`${closed.url}/api/svc/v2/cache`);
    const error = await failure(ASSETS, ROOT_KEY, { endpoint });
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.code).toBe('ECONNREFUSED');
    expect(decided(error)).toBe('retry');
  });

  it('a server that never answers times out after timeout-seconds, retryably', async () => {
    emulator().inject('invalidate/assets', { hang: true });
    const error = await failure(ASSETS, ROOT_KEY, { timeoutMs: 200 });
    expect(error.kind).toBe('timeout');
    expect(decided(error)).toBe('retry');
  });

  it('a body that trickles past the timeout times out too', async () => {
    emulator().inject('invalidate/assets', { trickleMs: 50 });
    const error = await failure(ASSETS, ROOT_KEY, { timeoutMs: 300 });
    expect(error.kind).toBe('timeout');
  });

  it('Retry-After is read as seconds or as an HTTP date', async () => {
    emulator().inject('invalidate/assets', { status: 429, retryAfter: '7' });
    expect((await failure(ASSETS)).retryAfterMs).toBe(7_000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('-1', now)).toBeUndefined();
    expect(retryAfterMs('abc', now)).toBeUndefined();
  });
});

describe('the key goes to base-url and nowhere else', () => {
  it('a redirect is not followed: the error names the Location host and the other origin gets nothing', async () => {
    const elsewhere: string[] = [];
    const other = createServer((request, response) => {
      elsewhere.push(String(request.headers.authorization));
      response.end('{}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as AddressInfo).port;
    try {
      emulator().inject('invalidate/assets', {
        status: 307,
        headers: { location: `http://localhost:${port}/api/svc/v2/cache/invalidate/assets` },
      });
      const error = await failure(ASSETS);
      expect(error.kind).toBe('redirect');
      expect(decided(error)).toBe('stop');
      expect(error.message).toContain(`localhost:${port}`);
      expect(elsewhere).toEqual([]);
      expect(emulator().requests).toHaveLength(1);
    } finally {
      other.close();
    }
  });

  it('a server that echoes the key in its body and headers never gets it into the error', async () => {
    emulator().setOptions({ echoKey: true });
    const error = await failure(ASSETS, 'echoed-secret-key-1234');
    expect(JSON.stringify({ message: error.message, server: error.serverMessage })).not.toContain(
      'echoed-secret-key-1234',
    );
    expect(error.message).toContain('***');
  });
});
