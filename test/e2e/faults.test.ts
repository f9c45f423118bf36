/**
 * Fault matrix: execute() with the real client (sendCall) against the emulator over 127.0.0.1, faults injected on
 * the first requests of a run of 350 assets (4 calls, 3 in flight, 15 ms of latency each). Every case checks:
 *
 * - the exact number of requests the retry policy implies, and for each call that the emulator saw its body exactly
 *   as many times as the call has attempts, every attempt but a confirmed last one being a failure;
 * - nothing lost: every asset ends invalidated or failed, none missing; the invalidated ones are exactly what the
 *   emulator accepted (a trickled success is the exception: the service accepted it, the client could not know);
 * - nothing sent twice but by a retry: an asset is in as many request bodies as its call has attempts;
 * - never more calls in flight than `concurrency`, seen by the emulator and around the client;
 * - a second local server, a redirect's target, never receives anything (so never the key).
 *
 * Then a failure after the calls landed, in the built action: the outputs must still say what landed.
 */
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { sendCall } from '../../src/service/client.ts';
import { assetsIn, planRun } from '../../src/plan/plan.ts';
import { MAX_REWRITE_BYTES } from '../../src/rewrite/result.ts';
import { execute, type CallRecord, type RunResult } from '../../src/service/execute.ts';
import { startEmulator, type Emulator, type Fault, type RecordedRequest } from '../emulator/server.ts';
import { clientFor, ROOT_KEY } from '../support/client.ts';
import { runAction } from '../support/runner.ts';
import { startBystander, Tally, waitUntil, type Bystander } from '../support/reliability.ts';
import { imageUrls as urls } from '../support/fixtures.ts';

const ASSETS = 350;
const BATCHES = 4; // 100, 100, 100, 50
const CONCURRENCY = 3;
const MAX_RETRIES = 3;
const LATENCY_MS = 15;
const TIMEOUT_MS = 3_000; // for requests that should answer: far above anything a loaded machine takes
const SHORT_TIMEOUT_MS = 800; // for hangs and trickles
const TRICKLE_MS = 40; // the 58-byte success body takes 2.3 s: about three times the short timeout
const REPEATS = [1, 2, MAX_RETRIES, MAX_RETRIES + 3] as const;
const RETRYABLE_STATUSES = [408, 429, 500, 502, 503, 504] as const;

let emulator: Emulator;
let bystander: Bystander;
const tally = new Tally('fault matrix');

beforeAll(async () => {
  emulator = await startEmulator({ latencyMs: LATENCY_MS });
  bystander = await startBystander();
});
afterAll(async () => {
  await emulator.close();
  await bystander.close();
  console.log(tally.line());
});
beforeEach(async () => {
  // A hung request of the case before is gone once its socket closes; the next case starts from a clean slate.
  expect(await waitUntil(() => emulator.inFlight === 0)).toBe(true);
  emulator.reset();
  emulator.setOptions({ latencyMs: LATENCY_MS, assetLimit: 100 });
});

interface RunOptions {
  readonly assets?: number;
  readonly concurrency?: number;
  readonly maxRetries?: number;
  readonly timeoutMs?: number;
  readonly retryWindowMs?: number;
}

interface Observed {
  readonly result: RunResult;
  readonly assets: readonly string[];
  readonly concurrency: number;
  readonly maxRetries: number;
  /** The most calls that were being sent at once, counted around the client. */
  readonly clientPeak: number;
}

/** Real HTTP and real time; backoff waits of at most 10 ms, so that retries run quickly. */
async function run(options: RunOptions = {}): Promise<Observed> {
  const assets = urls(options.assets ?? ASSETS);
  const concurrency = options.concurrency ?? CONCURRENCY;
  const maxRetries = options.maxRetries ?? MAX_RETRIES;
  const client = clientFor(emulator, ROOT_KEY, { timeoutMs: options.timeoutMs ?? TIMEOUT_MS });
  let inFlight = 0;
  let clientPeak = 0;
  try {
    const result = await execute(planRun({ target: { scope: 'assets', assets }, token: false }), {
      send: async (call) => {
        inFlight += 1;
        clientPeak = Math.max(clientPeak, inFlight);
        try {
          return await sendCall(call, client);
        } finally {
          inFlight -= 1;
        }
      },
      concurrency,
      maxRetries,
      policy: { retryWindowMs: options.retryWindowMs ?? 60_000, baseDelayMs: 2, maxDelayMs: 10 },
    });
    return { result, assets, concurrency, maxRetries, clientPeak };
  } finally {
    await client.dispatcher.close();
  }
}

interface Expected {
  /** Requests to invalidate/assets, retries included. */
  readonly requests: number | ((result: RunResult) => number);
  /** Calls that end failed. */
  readonly failedCalls: number;
  /** Attempts of each failed call. */
  readonly failedAttempts?: number;
  /** What each failed call's error says. */
  readonly failure?: RegExp;
  /** The status of every failed attempt; 'none' for network failures and timeouts. */
  readonly faultStatus?: number | 'none';
  /** A faulted request still ran the route (a success trickled too slowly): the service accepted it. */
  readonly routeRunsOnFault?: boolean;
  /** Assets never sent, since a failure showed that every call would fail (a redirect, a refused key). */
  readonly notSent?: number;
}

const assetsOf = (request: RecordedRequest): string[] => {
  const json = request.json as { assets?: unknown } | undefined;
  if (!Array.isArray(json?.assets)) throw new Error(`request without an assets array: ${request.body}`);
  return json.assets as string[];
};

function countBy(values: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

const sorted = (values: Iterable<string>): string[] => [...values].sort();

/** The invariants every case must keep, and the counts the policy implies for it. */
function check(observed: Observed, expected: Expected): void {
  const { result, assets } = observed;
  const requests = emulator.requests.filter((request) => request.route === 'invalidate/assets');
  const calls = result.calls;

  // The exact request count, in total and call by call.
  const total = typeof expected.requests === 'number' ? expected.requests : expected.requests(result);
  expect(requests.length, 'requests to invalidate/assets').toBe(total);
  expect(emulator.requests.length, 'requests to any route').toBe(total);
  const bodies = countBy(requests.map((request) => request.body));
  for (const call of calls) {
    expect(
      bodies.get(JSON.stringify({ assets: assetsIn(call.call) })) ?? 0,
      `requests of call ${call.index}`,
    ).toBe(call.attempts.length);
    expect(call.attempts.length, `attempts of call ${call.index}`).toBeLessThanOrEqual(
      observed.maxRetries + 1,
    );
    // Sent until the first success, never after it: every attempt but a confirmed last one failed.
    call.attempts.forEach((attempt, i) => {
      const last = i === call.attempts.length - 1;
      const failedAttempt = attempt.error !== undefined;
      expect(failedAttempt, `attempt ${i + 1} of call ${call.index}`).toBe(
        !last || call.outcome !== 'confirmed',
      );
      if (failedAttempt && expected.faultStatus !== undefined && call.outcome !== 'split') {
        expect(attempt.status ?? 'none', `status of attempt ${i + 1} of call ${call.index}`).toBe(
          expected.faultStatus,
        );
      }
    });
  }
  const failedCalls = calls.filter((call) => call.outcome === 'failed');
  expect(failedCalls.length, 'failed calls').toBe(expected.failedCalls);
  for (const call of failedCalls) {
    if (expected.failedAttempts !== undefined) {
      expect(call.attempts.length, `attempts of failed call ${call.index}`).toBe(expected.failedAttempts);
    }
    if (expected.failure !== undefined) expect(call.error?.message).toMatch(expected.failure);
  }

  // Nothing lost: every asset, in input order, invalidated, failed or (after a stop) not sent; the failed ones
  // are those of failed calls.
  expect([...result.assets].map((asset) => asset.ref)).toEqual(assets);
  const invalidated = [...result.assets].filter((a) => a.outcome === 'invalidated').map((a) => a.ref);
  const failed = [...result.assets].filter((a) => a.outcome === 'failed').map((a) => a.ref);
  const notSent = [...result.assets].filter((a) => a.outcome === 'not-sent').length;
  expect(notSent, 'assets not sent').toBe(expected.notSent ?? 0);
  expect(invalidated.length + failed.length + notSent, 'assets accounted for').toBe(assets.length);
  expect(sorted(failed)).toEqual(sorted(failedCalls.flatMap((call) => assetsIn(call.call))));
  const accepted = new Set(emulator.invalidated.assets);
  if (expected.routeRunsOnFault === true) {
    // The service accepted what the client could not confirm: reported failed, never reported invalidated.
    for (const ref of invalidated) expect(accepted.has(ref), ref).toBe(true);
    const failedSet = new Set(failed);
    for (const ref of accepted) expect(invalidated.includes(ref) || failedSet.has(ref), ref).toBe(true);
  } else {
    expect(sorted(accepted), 'what the emulator accepted').toEqual(sorted(invalidated));
  }

  // Nothing sent twice but by a retry (or in the halves of a split call); each asset exactly as often as the calls
  // carrying it were attempted.
  const sent = countBy(requests.flatMap(assetsOf));
  const resent = new Set(
    calls
      .filter((call) => call.attempts.length > 1 || call.outcome === 'split')
      .flatMap((call) => assetsIn(call.call)),
  );
  for (const [ref, times] of sent) {
    if (times > 1) expect(resent.has(ref), `${ref} sent ${times} times`).toBe(true);
  }
  const implied = new Map<string, number>();
  for (const call of calls) {
    for (const ref of assetsIn(call.call)) implied.set(ref, (implied.get(ref) ?? 0) + call.attempts.length);
  }
  const mismatched = [...new Set([...sent.keys(), ...implied.keys()])]
    .filter((ref) => sent.get(ref) !== implied.get(ref))
    .map((ref) => `${ref} sent ${sent.get(ref) ?? 0} times, its calls' attempts ${implied.get(ref) ?? 0}`);
  expect(mismatched.slice(0, 5).join('; '), 'assets sent other than as often as attempted').toBe('');

  // Never more in flight than allowed; nothing ever went elsewhere.
  expect(emulator.maxInFlight, 'peak in flight at the emulator').toBeLessThanOrEqual(observed.concurrency);
  expect(observed.clientPeak, 'peak in flight at the client').toBeLessThanOrEqual(observed.concurrency);
  expect(bystander.requests).toEqual([]);
}

/** The fault on the first `repeats` requests; past the retry budget, on every attempt of every call. */
function repeated(fault: Fault, repeats: number): { faults: Fault[]; expected: Expected } {
  if (repeats <= MAX_RETRIES) {
    // At most max-retries faults in all: no call can run out of retries, each fault costs one more request.
    return {
      faults: Array.from({ length: repeats }, () => ({ ...fault })),
      expected: { requests: BATCHES + repeats, failedCalls: 0 },
    };
  }
  // Never recovering: enough of the fault for every call to meet it `repeats` times, more than its budget.
  return {
    faults: Array.from({ length: BATCHES * repeats }, () => ({ ...fault })),
    expected: {
      requests: BATCHES * (MAX_RETRIES + 1),
      failedCalls: BATCHES,
      failedAttempts: MAX_RETRIES + 1,
    },
  };
}

interface FaultKind {
  readonly name: string;
  readonly fault: Fault;
  readonly options: RunOptions;
  readonly expected: Partial<Expected>;
  readonly timeout?: number;
}

const FAULT_KINDS: FaultKind[] = [
  ...RETRYABLE_STATUSES.map((status) => ({
    name: `HTTP ${status}`,
    fault: { status },
    options: {},
    expected: { faultStatus: status, failure: new RegExp(`^HTTP ${status}\\b`) },
  })),
  {
    name: 'connection reset',
    fault: { reset: true },
    options: {},
    expected: { faultStatus: 'none', failure: /^network error/ },
  },
  {
    name: 'hang',
    fault: { hang: true },
    options: { timeoutMs: SHORT_TIMEOUT_MS },
    expected: { faultStatus: 'none', failure: /no complete answer within 0\.8 s/ },
    timeout: 60_000,
  },
  {
    name: 'success trickled slower than the timeout',
    fault: { trickleMs: TRICKLE_MS },
    options: { timeoutMs: SHORT_TIMEOUT_MS },
    expected: { faultStatus: 'none', failure: /no complete answer within 0\.8 s/, routeRunsOnFault: true },
    timeout: 60_000,
  },
];

describe('retryable failures × repeat count (350 assets, 4 calls, 3 in flight, max-retries 3)', () => {
  for (const kind of FAULT_KINDS) {
    for (const repeats of REPEATS) {
      const label = repeats > MAX_RETRIES ? `${repeats} times per call (never recovering)` : `${repeats}×`;
      tally.case(
        `${kind.name}, ${label}`,
        async () => {
          const { faults, expected } = repeated(kind.fault, repeats);
          emulator.inject('invalidate/assets', ...faults);
          const observed = await run(kind.options);
          check(observed, { ...kind.expected, ...expected });
          if (repeats <= MAX_RETRIES) {
            expect([...observed.result.assets].every((asset) => asset.outcome === 'invalidated')).toBe(true);
          }
        },
        kind.timeout === undefined ? {} : { timeout: kind.timeout },
      );
    }
  }

  // Deterministic with one call in flight and no retries: the first call fails, the three after it land. (With
  // retries, the calls after it go out while it waits out its backoff, so which call meets the faults varies.)
  for (const kind of FAULT_KINDS) {
    tally.case(
      `${kind.name} with max-retries 0, one call in flight: that call fails, the other calls land`,
      async () => {
        emulator.inject('invalidate/assets', { ...kind.fault });
        const observed = await run({ ...kind.options, concurrency: 1, maxRetries: 0 });
        check(observed, { ...kind.expected, requests: BATCHES, failedCalls: 1, failedAttempts: 1 });
        expect(observed.result.calls[0]?.outcome).toBe('failed');
        expect([...observed.result.assets].filter((asset) => asset.outcome === 'failed').length).toBe(100);
      },
      kind.timeout === undefined ? {} : { timeout: kind.timeout },
    );
  }
});

/** The waits before each retry of the faulted calls. */
const waitsOf = (result: RunResult): number[] =>
  result.calls.flatMap((call) => call.attempts.flatMap((attempt) => attempt.waitMs ?? []));

describe('Retry-After (HTTP 503 on the first requests)', () => {
  const httpDate = (offsetMs: number): string => new Date(Date.now() + offsetMs).toUTCString();
  const cases: {
    name: string;
    value: () => string;
    repeats: number;
    expected: Expected;
    waits: (waits: number[]) => void;
  }[] = [
    {
      name: "'0': retried at once",
      value: () => '0',
      repeats: 2,
      expected: { requests: BATCHES + 2, failedCalls: 0 },
      waits: (waits) => {
        expect(waits).toEqual([0, 0]);
      },
    },
    ...['-1', 'abc', '1.5', ''].map((value) => ({
      name: `${JSON.stringify(value)}: ignored, the backoff applies`,
      value: () => value,
      repeats: 2,
      expected: { requests: BATCHES + 2, failedCalls: 0 },
      waits: (waits: number[]) => {
        expect(waits).toHaveLength(2);
        for (const wait of waits) expect(wait).toBeLessThanOrEqual(10);
      },
    })),
    {
      name: "'99999': past the retry deadline, so not retried",
      value: () => '99999',
      repeats: 2,
      expected: { requests: BATCHES, failedCalls: 2, failedAttempts: 1, failure: /retry deadline/ },
      waits: (waits) => {
        expect(waits).toEqual([]);
      },
    },
    {
      name: 'an HTTP date 3.5 s ahead: waited for, at least a second (the date has whole seconds) and at most 3.5 s',
      value: () => httpDate(3_500),
      repeats: 1,
      expected: { requests: BATCHES + 1, failedCalls: 0 },
      waits: (waits) => {
        expect(waits).toHaveLength(1);
        expect(waits[0]).toBeGreaterThanOrEqual(1_000);
        expect(waits[0]).toBeLessThanOrEqual(3_500);
      },
    },
    {
      name: 'an HTTP date in the past: retried at once',
      value: () => httpDate(-60_000),
      repeats: 2,
      expected: { requests: BATCHES + 2, failedCalls: 0 },
      waits: (waits) => {
        expect(waits).toEqual([0, 0]);
      },
    },
  ];
  for (const { name, value, repeats, expected, waits } of cases) {
    tally.case(name, async () => {
      const retryAfter = value();
      emulator.inject(
        'invalidate/assets',
        ...Array.from({ length: repeats }, () => ({ status: 503, retryAfter })),
      );
      const observed = await run();
      check(observed, { ...expected, faultStatus: 503 });
      waits(waitsOf(observed.result));
    });
  }
});

describe('the retry deadline', () => {
  tally.case('a Retry-After beyond a short retry window: exactly 1 request, failed, saying why', async () => {
    emulator.inject('invalidate/assets', { status: 429, retryAfter: '2' });
    const observed = await run({ assets: 1, retryWindowMs: 500 });
    check(observed, {
      requests: 1,
      failedCalls: 1,
      failedAttempts: 1,
      faultStatus: 429,
      failure: /Retry-After \(2 s\) would end after the run's retry deadline/,
    });
  });

  tally.case('the same in a multi-batch run: the faulted call is sent once, the others land', async () => {
    emulator.inject('invalidate/assets', { status: 503, retryAfter: '2' });
    const observed = await run({ retryWindowMs: 500 });
    check(observed, {
      requests: BATCHES,
      failedCalls: 1,
      failedAttempts: 1,
      faultStatus: 503,
      failure: /deadline/,
    });
  });

  tally.case('a retry window already over: no backoff retry starts either', async () => {
    emulator.inject('invalidate/assets', { status: 503 }, { status: 502 });
    const observed = await run({ retryWindowMs: 0 });
    check(observed, { requests: BATCHES, failedCalls: 2, failedAttempts: 1, failure: /deadline/ });
  });
});

describe('redirects are never followed (the target is a second local server)', () => {
  const location = (): string => `${bystander.url}/api/svc/v2/cache/invalidate/assets`;
  // A redirect would answer every call alike: the calls already in flight end, no new one starts.
  const stopped = { requests: CONCURRENCY, notSent: 50 } as const;
  for (const status of [301, 302, 303, 307, 308]) {
    tally.case(
      `HTTP ${status} to another origin: the call fails once, naming the host, and the run stops`,
      async () => {
        emulator.inject('invalidate/assets', { status, headers: { location: location() } });
        const observed = await run();
        check(observed, {
          ...stopped,
          failedCalls: 1,
          failedAttempts: 1,
          faultStatus: status,
          failure: new RegExp(
            `^HTTP ${status}: the service redirected to ${bystander.host.replaceAll('.', '\\.')}\\.`,
          ),
        });
        expect(observed.result.calls.find((call) => call.outcome === 'failed')?.error?.kind).toBe('redirect');
        expect(observed.result.stoppedBy?.reason).toBe('the service could not be reached at base-url');
      },
    );
  }

  tally.case(
    'HTTP 307 on every call: every call in flight fails once, none reaches the other server',
    async () => {
      emulator.inject(
        'invalidate/assets',
        ...Array.from({ length: BATCHES }, () => ({ status: 307, headers: { location: location() } })),
      );
      const observed = await run();
      check(observed, { ...stopped, failedCalls: CONCURRENCY, failedAttempts: 1, faultStatus: 307 });
    },
  );

  tally.case('HTTP 307 to the same origin is not followed either', async () => {
    emulator.inject('invalidate/assets', {
      status: 307,
      headers: { location: '/api/svc/v2/cache/invalidate/assets' },
    });
    const observed = await run();
    check(observed, { ...stopped, failedCalls: 1, failedAttempts: 1, faultStatus: 307 });
  });
});

describe('many batches, mixed faults', () => {
  tally.case(
    '1,000 assets in 10 calls, 3 in flight, eight faults of every kind: all land, at most 3 in flight',
    async () => {
      emulator.setOptions({ latencyMs: 20 });
      const faults: Fault[] = [
        { status: 503 },
        { reset: true },
        { status: 429, retryAfter: '0' },
        { hang: true },
        { status: 502, shape: 'html' },
        { status: 500, shape: 'empty' },
        { trickleMs: TRICKLE_MS },
        { status: 504, retryAfter: 'abc' },
      ];
      emulator.inject('invalidate/assets', ...faults);
      // Ten retries each: however the eight faults fall on the calls, none runs out.
      const observed = await run({ assets: 1_000, maxRetries: 10, timeoutMs: SHORT_TIMEOUT_MS });
      check(observed, { requests: 10 + faults.length, failedCalls: 0, routeRunsOnFault: true });
      expect([...observed.result.assets].every((asset) => asset.outcome === 'invalidated')).toBe(true);
    },
    { timeout: 60_000 },
  );

  tally.case('"Too many assets" splits, with 503s on top: every asset lands, each call counted', async () => {
    emulator.setOptions({ assetLimit: 30 });
    emulator.inject('invalidate/assets', { status: 503 }, { status: 503 });
    const observed = await run();
    // One request per attempt: a call that met a 503 is sent again, or, when the size shrank meanwhile, in parts.
    const attempts = (result: RunResult): number =>
      result.calls.reduce((sum, call) => sum + call.attempts.length, 0);
    check(observed, { requests: attempts, failedCalls: 0 });
    // Each 503 is an attempt of its call, whether the call was then sent again or, smaller, in parts.
    const met503 = observed.result.calls.flatMap((call) => call.attempts.filter((a) => a.status === 503));
    expect(met503).toHaveLength(2);
    expect(observed.result.calls.some((call: CallRecord) => call.outcome === 'split')).toBe(true);
    expect([...observed.result.assets].every((asset) => asset.outcome === 'invalidated')).toBe(true);
  });
});

describe('a failure after the calls landed (the built action)', () => {
  tally.case(
    'a rewrite step that throws does not hide the confirmed invalidation and token',
    async () => {
      // A page that grows past the size rewrite reads while the calls are in flight: it passed the check before
      // sending, and is refused when the rewrite reads it, after the calls landed. Sparse: it takes no room on disk.
      const workspace = join(mkdtempSync(join(tmpdir(), 'reliability-workspace-')), 'site');
      mkdirSync(join(workspace, 'build'), { recursive: true });
      const page = join(workspace, 'build', 'big.html');
      writeFileSync(page, '<img src="https://img.example.net/w:640/https://www.example.com/a.jpg">');
      // Each answer long enough for the page to grow while its call waits, however loaded the machine.
      emulator.setOptions({ latencyMs: 300 });
      const grow = setInterval(() => {
        if (emulator.inFlight === 0) return;
        clearInterval(grow);
        truncateSync(page, MAX_REWRITE_BYTES + 1);
      }, 5);
      try {
        const run = await runAction(
          {
            'api-key': ROOT_KEY,
            'base-url': emulator.url,
            'service-key': emulator.serviceKey,
            scope: 'all',
            token: 'true',
            'image-host': 'img.example.net',
            rewrite: 'build/**/*.html',
          },
          { GITHUB_WORKSPACE: workspace },
        );
        expect(emulator.invalidated.all).toBe(1);
        expect(emulator.tokens).toHaveLength(1);
        expect(run.exitCode).toBe(1);
        expect(run.summary).toContain('Rewriting the built files failed');
        if (run.outputs.token !== emulator.tokens[0] || run.outputs.requests !== '1') {
          throw new Error(
            `the token the service issued is not in the outputs: token ${JSON.stringify(run.outputs.token)}, ` +
              `requests ${JSON.stringify(run.outputs.requests)}; the summary says ${JSON.stringify(run.summary)}`,
          );
        }
      } finally {
        clearInterval(grow);
        rmSync(dirname(workspace), { recursive: true, force: true });
      }
    },
    { timeout: 60_000 },
  );
});
