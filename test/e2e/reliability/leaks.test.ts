/**
 * Leak matrix: the built action (dist/index.js, spawned as the runner does) against a hostile emulator that echoes
 * the key it is sent: appended to every error message, in every ErrorShape, and in an `X-Echo` header on every
 * answer, plus injected bodies that carry the key in every usual encoding. Each case gets a fresh random key (seeded
 * fast-check; every key holds + / = % and "), runs with debug logging off and on, and the scan looks for the key in
 * stdout, the log as the runner shows it, the annotations, stderr, every output, the summary (as written and as
 * rendered), and the report (as written and parsed), raw, base64 and base64url at each of the 3 byte offsets, hex in
 * both cases, URL-encoded and JSON-escaped.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { sendCall } from '../../../src/service/client.ts';
import { ApiError } from '../../../src/domain/api-error.ts';
import {
  startEmulator,
  type Emulator,
  type ErrorShape,
  type Fault,
  type KeyKind,
  type Route,
} from '../../emulator/server.ts';
import { clientFor } from '../../support/client.ts';
import { runAction, type ActionRun } from '../../support/runner.ts';
import { encodeThrough, encodingChain } from '../../support/encodings.ts';
import { RUNS } from '../../support/runs.ts';
import { echoedForms, scan, type Leak } from '../../support/scan.ts';
import { startBystander, Tally, type Bystander } from '../../support/reliability.ts';
import { TEST_SEED } from '../../support/seed.ts';

/** The keys' and the encodings' seed: the run's (support/seed.ts), which a failure names and TEST_SEED replays. */
const SEED = TEST_SEED;
const SHAPES: ErrorShape[] = [
  'wordpress',
  'success-false-error',
  'success-false-message',
  'success-false-data-message',
  'text',
  'html',
  'empty',
];

/** Visible ASCII (what api-key accepts), with each of + / = % " inserted somewhere. */
const keyArbitrary = fc
  .tuple(
    fc.array(
      fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
      { minLength: 12, maxLength: 40 },
    ),
    fc.array(fc.nat(), { minLength: 5, maxLength: 5 }),
  )
  .map(([chars, positions]) => {
    const key = [...chars];
    ['+', '/', '=', '%', '"'].forEach((special, i) => {
      key.splice((positions[i] ?? 0) % (key.length + 1), 0, special);
    });
    return key.join('');
  })
  // What api-key refuses before anything is sent (wrapped in quotes, a GitHub token's prefix) is a mistake the
  // settings name, tested apart: a key here must reach the hostile server for it to echo.
  .filter((key) => !/^(["'`]).+\1$/s.test(key) && !/^(?:ghp|gho|ghs|ghu|ghr)_|^github_pat_/.test(key));

const tally = new Tally('leak matrix');
let bystander: Bystander;
const KEYS = fc.sample(keyArbitrary, { seed: SEED, numRuns: 100 });
let nextKey = 0;
/** A fresh key for each case, from the seeded sequence, handed out as the cases are registered. */
const freshKey = (): string => {
  const key = KEYS[nextKey++];
  if (key === undefined) throw new Error('ran out of sampled keys');
  return key;
};

const root = fileURLToPath(new URL('../../..', import.meta.url));
function newest(dir: string): number {
  return Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((entry) =>
      entry.isDirectory() ? newest(join(dir, entry.name)) : statSync(join(dir, entry.name)).mtimeMs,
    ),
  );
}

beforeAll(async () => {
  bystander = await startBystander();
  const dist = join(root, 'dist/index.js');
  if (!existsSync(dist)) throw new Error('dist/index.js is missing: run `npm run build` first');
  if (newest(join(root, 'src')) > statSync(dist).mtimeMs + 1_000) {
    console.warn('leak matrix: dist/ is older than src/, so it tests an older build; run `npm run build`');
  }
});
afterAll(async () => {
  await bystander.close();
  console.log(
    tally.line(`; ${tally.checks} (case × debug × channel × encoding) checks; keys from seed ${SEED}`),
  );
});

interface LeakCase {
  readonly name: string;
  /** What the key is to the emulator; 'unknown' leaves it out, so that every call gets 401. */
  readonly kind?: KeyKind | 'unknown';
  /** Injects the faults and gives the inputs beyond api-key, base-url and service-key. */
  readonly setup: (key: string, emulator: Emulator) => Record<string, string>;
  /** A fixed key, in place of a fresh one from the seeded sequence. */
  readonly key?: string;
  /** The api-key input, when it is not the key alone. */
  readonly apiKey?: (key: string) => string;
  /** The secrets to look for; the key by default. */
  readonly secrets?: (key: string) => string[];
  /** False when the run must stop before sending anything. */
  readonly sends?: boolean;
}

// JSON escapes a backslash and a quote, and URL-encoding every other special character here.
const FIXED_KEY = 'rk+Live/Key=42%"quote"\\end';

const ASSETS = Array.from({ length: 250 }, (_, i) => `https://www.example.com/img/${i}.png`).join('\n');

/** An error message holding the key in every encoding (the emulator appends the raw key too). */
const everyEncoding = (key: string): string => `echo: ${echoedForms(key).join(' ')}`;

const inject = (emulator: Emulator, route: Route, ...faults: Fault[]): void => {
  emulator.inject(route, ...faults);
};

const CASES: LeakCase[] = [
  ...SHAPES.map((shape): LeakCase => ({
    name: `HTTP 400 in shape ${shape}, its message holding the key in every encoding`,
    setup: (key, emulator) => {
      inject(emulator, 'invalidate/all', { status: 400, shape, message: everyEncoding(key) });
      return { scope: 'all' };
    },
  })),
  ...SHAPES.map((shape): LeakCase => ({
    name: `HTTP 503 then 502 in shape ${shape}, retried until max-retries, echoing the key each time`,
    setup: (key, emulator) => {
      const message = everyEncoding(key);
      inject(
        emulator,
        'invalidate/domain',
        { status: 503, shape, message, retryAfter: '0' },
        { status: 502, shape, message, retryAfter: '0' },
      );
      return { scope: 'domain', domain: 'www.example.com', 'max-retries': '1' };
    },
  })),
  ...(['sub', 'missing-account', 'inactive-account', 'unknown'] as const).map((kind): LeakCase => ({
    name: `a refused key (${kind}), echoed by the emulator's own error, with assets and a token`,
    kind,
    setup: () => ({ assets: ASSETS, token: 'true' }),
  })),
  {
    name: 'a run that succeeds: 3 calls and a token, the key echoed in X-Echo on every answer',
    setup: () => ({ assets: ASSETS, token: 'true', 'image-host': 'img.example.net' }),
  },
  {
    name: 'redirects whose Location carries the key: in the query, the path, the user info, a host label',
    setup: (key, emulator) => {
      const hex = Buffer.from(key).toString('hex').slice(0, 60);
      const locations = [
        `${bystander.url}/steal?key=${encodeURIComponent(key)}`,
        `${bystander.url}/${encodeURIComponent(key)}/invalidate/assets`,
        `http://user:${encodeURIComponent(key)}@${bystander.host}/`,
        `http://${hex}.evil.example/`,
      ];
      inject(
        emulator,
        'invalidate/assets',
        ...locations.map((location) => ({ status: 307, headers: { location } })),
      );
      return { assets: ASSETS };
    },
  },
  ...(['raw', 'base64', 'hex'] as const).map((encoding): LeakCase => ({
    name: `a token answer that is the key, ${encoding}, with image-host`,
    setup: (key, emulator) => {
      const token = encoding === 'raw' ? key : Buffer.from(key).toString(encoding);
      inject(emulator, 'token', { body: JSON.stringify({ success: true, data: { token } }) });
      return { scope: 'none', token: 'true', 'image-host': 'img.example.net' };
    },
  })),
  {
    name: 'a token call that fails in text, then succeeds',
    setup: (key, emulator) => {
      inject(emulator, 'token', { status: 500, shape: 'text', message: everyEncoding(key), retryAfter: '0' });
      return { scope: 'none', token: 'true' };
    },
  },
  {
    name: 'connection resets until max-retries',
    setup: (_key, emulator) => {
      inject(emulator, 'invalidate/all', { reset: true }, { reset: true });
      return { scope: 'all', 'max-retries': '1' };
    },
  },
  {
    name: 'a hang past timeout-seconds',
    setup: (_key, emulator) => {
      inject(emulator, 'invalidate/all', { hang: true });
      return { scope: 'all', 'max-retries': '0', 'timeout-seconds': '0.5' };
    },
  },
  // Echoes in any chain of one to three encodings: more of them under `npm run fuzz`.
  ...fc
    .sample(encodingChain, { seed: SEED, numRuns: Math.max(6, Math.round(RUNS / 20)) })
    .map((chain): LeakCase => ({
      name: `a 400 echoing the key through ${chain.join(' → ')}`,
      setup: (key, emulator) => {
        inject(emulator, 'invalidate/assets', { status: 400, message: `echo: ${encodeThrough(key, chain)}` });
        return { assets: ASSETS };
      },
      secrets: (key) => [key, encodeThrough(key, chain)],
    })),
  {
    name: 'a fixed key holding a backslash, quotes and each of + / = %, echoed by a run that succeeds',
    key: FIXED_KEY,
    setup: () => ({ assets: ASSETS, token: 'true' }),
  },
  {
    name: 'a key refused as input: two lines',
    apiKey: (key) => `${key}\n${key.split('').reverse().join('')}`,
    secrets: (key) => [key, key.split('').reverse().join('')],
    setup: () => ({ scope: 'all' }),
    sends: false,
  },
  {
    name: 'the key as the password of base-url (refused as input)',
    setup: (key, emulator) => ({
      scope: 'all',
      'base-url': emulator.url.replace('//', `//user:${encodeURIComponent(key)}@`),
    }),
    sends: false,
  },
  {
    name: 'the key pasted into service-key by mistake (refused as input)',
    setup: (key) => ({ scope: 'all', 'service-key': key }),
    sends: false,
  },
];

const describeLeaks = (leaks: readonly Leak[]): string[] =>
  leaks.map((leak) => `${leak.encoding} in ${leak.channel}`);

async function runCase(leakCase: LeakCase, key: string, debug: boolean): Promise<void> {
  const kind = leakCase.kind ?? 'root';
  const emulator = await startEmulator({ keys: kind === 'unknown' ? {} : { [key]: kind }, echoKey: true });
  let run: ActionRun;
  try {
    const inputs = {
      'api-key': leakCase.apiKey?.(key) ?? key,
      'base-url': emulator.url,
      'service-key': emulator.serviceKey,
      'max-retries': '1',
      ...leakCase.setup(key, emulator),
    };
    run = await runAction(inputs, debug ? { RUNNER_DEBUG: '1' } : {});
    if (leakCase.sends === false) expect(emulator.requests).toHaveLength(0);
    else {
      // The hostile server did get the key, so it had it to echo.
      expect(emulator.requests.length).toBeGreaterThan(0);
      for (const request of emulator.requests) expect(request.headers.authorization).toBe(`Bearer ${key}`);
    }
  } finally {
    await emulator.close();
  }
  expect(bystander.requests).toEqual([]);
  expect(run.stdout).toContain('::add-mask::'); // the scan ignores these lines: they must be there to ignore
  const { leaks, checks } = scan(run, leakCase.secrets?.(key) ?? [key]);
  tally.checks += checks;
  const found = describeLeaks(leaks);
  expect(found.join('; '), 'leaks').toBe('');
}

describe('the scan finds what it looks for', () => {
  const key = freshKey();
  const empty: ActionRun = {
    exitCode: 0,
    stdout: '',
    stderr: '',
    outputs: {},
    summary: '',
    summaryFile: '',
    report: '',
    lists: {},
  };
  const found = (run: Partial<ActionRun>): string[] => describeLeaks(scan({ ...empty, ...run }, [key]).leaks);
  // What the runner, GitHub's Markdown and JSON do to text, written here as they do it.
  const commandData = (text: string): string =>
    text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
  const markdownEscaped = (text: string): string => text.replace(/[\\`*_{}[\]()#+!|~-]/g, '\\$&');

  tally.case('every form, in the channel that undoes its encoding, and never in an ::add-mask:: line', () => {
    expect(found({ stdout: `::add-mask::${key}\n::add-mask::${commandData(key)}` })).toEqual([]);
    expect(found({ stdout: `::error::${commandData(`x ${key} y`)}` })).toEqual(
      expect.arrayContaining(['raw in annotations', 'raw in log as shown']),
    );
    expect(found({ stdout: `::error::${commandData(key)}` })).not.toContain('raw in stdout');
    expect(found({ summary: `- ${markdownEscaped(key)}` })).toEqual(['raw in summary as rendered']);
    expect(found({ report: JSON.stringify({ error: JSON.stringify({ key }) }) })).toEqual(
      expect.arrayContaining(['JSON-escaped in report, parsed']),
    );
    expect(found({ outputs: { token: encodeURIComponent(key) } })).toEqual(['URL-encoded in output token']);
    const bytes = Buffer.from(key);
    expect(found({ stderr: bytes.toString('hex').toUpperCase() })).toEqual(['HEX in stderr']);
    for (const offset of [0, 1, 2]) {
      for (const encoding of ['base64', 'base64url'] as const) {
        // Inside a longer text, after `offset` bytes of something else, with more after it.
        const text = Buffer.concat([
          Buffer.from('xyz').subarray(0, offset),
          bytes,
          Buffer.from('!?'),
        ]).toString(encoding);
        expect(found({ stderr: text }), `${encoding} at ${offset}`).toContain(
          `${encoding}@${offset} in stderr`,
        );
      }
    }
  });
});

describe('the key never shows (built action, hostile server)', () => {
  for (const leakCase of CASES) {
    for (const debug of [false, true]) {
      const name = `${leakCase.name}, debug ${debug ? 'on' : 'off'}`;
      const key = leakCase.key ?? freshKey();
      const body = (): Promise<void> => runCase(leakCase, key, debug);
      tally.case(name, body, { concurrent: true, timeout: 60_000 });
    }
  }
});

describe('the client alone (the library API): an ApiError never carries the key', () => {
  async function failure(key: string, fault: Fault): Promise<ApiError> {
    const emulator = await startEmulator({ keys: { [key]: 'root' }, echoKey: true });
    const client = clientFor(emulator, key);
    try {
      emulator.inject('invalidate/all', fault);
      const thrown: unknown = await sendCall({ route: 'invalidate/all' }, client).then(
        () => undefined,
        (error: unknown) => error,
      );
      if (!(thrown instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(thrown)}`);
      return thrown;
    } finally {
      await client.dispatcher.close();
      await emulator.close();
    }
  }
  const shown = (error: ApiError): string =>
    [error.message, error.serverMessage ?? '', error.code ?? ''].join('\n');

  for (const shape of SHAPES.filter((s) => s !== 'html')) {
    const key = freshKey();
    tally.case(`shape ${shape}, the key echoed and in every encoding`, async () => {
      const error = await failure(key, { status: 400, shape, message: everyEncoding(key) });
      for (const form of echoedForms(key)) expect(shown(error)).not.toContain(form);
    });
  }

  const htmlKey = freshKey();
  tally.case('shape html: a key with a quote, echoed in an HTML error page', async () => {
    const error = await failure(htmlKey, { status: 400, shape: 'html' });
    expect(shown(error)).not.toContain(htmlKey);
  });

  const jsonKey = freshKey();
  tally.case('a JSON message holding JSON with the key: the JSON-escaped key is shown', async () => {
    const error = await failure(jsonKey, {
      status: 400,
      message: `bad request headers: ${JSON.stringify({ authorization: `Bearer ${jsonKey}` })}`,
    });
    expect(shown(error)).not.toContain(JSON.stringify(jsonKey).slice(1, -1));
  });

  const hostKey = `Rk${freshKey().replace(/[^A-Za-z0-9]/g, '')}Q7`;
  tally.case('a Location whose host is an alphanumeric key: the lower-cased key is shown', async () => {
    const key = hostKey;
    const error = await failure(key, {
      status: 302,
      headers: { location: `https://${key}.evil.example/` },
    });
    expect(shown(error).toLowerCase()).not.toContain(key.toLowerCase());
  });

  const urlKey = freshKey();
  tally.case("a key holding ( ) ! ' *, echoed URL-encoded the RFC 3986 way (PHP rawurlencode)", async () => {
    const key = `rk+Live/Key=42%"(prod)!'*${urlKey}`;
    const strict = encodeURIComponent(key).replace(
      /[!'()*]/g,
      (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
    );
    const error = await failure(key, { status: 400, shape: 'text', message: `key=${strict}` });
    expect(shown(error)).not.toContain(strict);
  });
});
