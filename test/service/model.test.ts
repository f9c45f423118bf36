/**
 * The scheduler against a model of its promises: random plans (1 to 5,000 assets, URLs and hashes), random
 * concurrency and retries, and random faults at the emulator (rate limits with and without Retry-After, 500 and 503,
 * resets, cut bodies, timeouts, "Too many assets" at a random limit, refused entries, a refused key mid-run), through
 * the real client over 127.0.0.1. Waits run on virtual time (the injected clock); requests on real time.
 *
 * Every run checks: each planned asset reported exactly once; every asset reported invalidated was in a whole 2xx
 * answer, and none in a whole 2xx answer is reported failed (unless the client timed out on as many answers of its
 * call: it cannot know those landed); the emulator saw every attempt (but perhaps one the client timed out on before
 * it was read); never more calls started than the window and the concurrency allow; in flight back at the limit
 * whenever work is ready; no call started during a pause; the token the one the service issued.
 */
import fc from 'fast-check';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCall } from '../../src/service/client.ts';
import { planRun } from '../../src/plan/plan.ts';
import type { Clock } from '../../src/mechanics/clock.ts';
import { execute, type RunResult, type SchedulerEvent } from '../../src/service/execute.ts';
import { startEmulator, type Emulator, type Fault, type RecordedRequest } from '../emulator/server.ts';
import { clientFor, ROOT_KEY } from '../support/client.ts';
import { waitUntil } from '../support/reliability.ts';
import { RUNS } from '../support/runs.ts';

const MODEL_RUNS = Math.min(RUNS, 5_000);
// Long enough that an answer written in time is read in time on a loaded machine; short enough for a few hangs.
const TIMEOUT_MS = 250;
const FOREIGN_HOST = 'other.example';

let emulator: Emulator;
let dispatcher: Agent;
beforeAll(async () => {
  emulator = await startEmulator();
  dispatcher = new Agent({ connections: 32 });
});
afterAll(async () => {
  await dispatcher.close();
  await emulator.close();
});

/** Virtual time: a sleep passes its time at once (after the tasks already due), whatever it was. */
class VirtualClock implements Clock {
  private time = 0;
  private seed: number;

  constructor(seed: number) {
    this.seed = seed;
  }

  now(): number {
    return this.time;
  }

  async sleep(ms: number): Promise<void> {
    const until = this.time + ms;
    await new Promise((resolve) => setImmediate(resolve));
    this.time = Math.max(this.time, until);
  }

  // mulberry32: the jitter's draws, reproducible from the run's seed.
  random(): number {
    this.seed = (this.seed + 0x6d2b79f5) | 0;
    let t = this.seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}

const FAULTS: fc.Arbitrary<Fault> = fc.oneof(
  { weight: 90, arbitrary: fc.constant({}) },
  { weight: 9, arbitrary: fc.constant({ status: 429 }) },
  { weight: 9, arbitrary: fc.constantFrom('0', '1', '2').map((retryAfter) => ({ status: 429, retryAfter })) },
  { weight: 6, arbitrary: fc.constant({ status: 500 }) },
  { weight: 6, arbitrary: fc.constant({ status: 503 }) },
  { weight: 6, arbitrary: fc.constant({ status: 503, retryAfter: '1' }) },
  { weight: 6, arbitrary: fc.constant({ reset: true }) },
  { weight: 6, arbitrary: fc.constant({ cut: true }) },
  { weight: 1, arbitrary: fc.constant({ hang: true }) },
  { weight: 3, arbitrary: fc.constant({ status: 401 }) },
);

const SCENARIO = fc.record({
  assets: fc.oneof(
    { weight: 12, arbitrary: fc.integer({ min: 1, max: 250 }) },
    { weight: 3, arbitrary: fc.integer({ min: 251, max: 1_500 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1_501, max: 5_000 }) },
  ),
  hashEvery: fc.integer({ min: 2, max: 9 }),
  foreign: fc.uniqueArray(fc.nat(), { maxLength: 5 }),
  concurrency: fc.integer({ min: 1, max: 32 }),
  maxRetries: fc.integer({ min: 0, max: 5 }),
  token: fc.boolean(),
  assetLimit: fc.option(fc.integer({ min: 1, max: 100 }), { freq: 3, nil: undefined }),
  latencyMs: fc.integer({ min: 0, max: 1 }),
  faults: fc.array(FAULTS, { maxLength: 16 }),
  tokenFaults: fc.array(FAULTS, { maxLength: 3 }),
  seed: fc.integer(),
});

type Scenario = typeof SCENARIO extends fc.Arbitrary<infer T> ? T : never;

function assetsOf(scenario: Scenario): string[] {
  const foreign = new Set(scenario.foreign.map((position) => position % scenario.assets));
  return Array.from({ length: scenario.assets }, (_, i) => {
    if (foreign.has(i)) return `https://${FOREIGN_HOST}/${i}.png`;
    if (i % scenario.hashEvery === 0) return i.toString(16).padStart(32, '0');
    return `https://img.example.com/${i}.png`;
  });
}

/** The service's limit per call; low only for small plans, so that no run needs thousands of calls. */
function assetLimitOf(scenario: Scenario): number {
  return Math.max(scenario.assetLimit ?? 100, Math.ceil(scenario.assets / 60));
}

interface Observed {
  readonly result: RunResult;
  readonly events: readonly SchedulerEvent[];
  /** Problems seen as the run went, by the sender (counted around the client). */
  readonly problems: readonly string[];
}

async function runScenario(scenario: Scenario): Promise<Observed> {
  expect(await waitUntil(() => emulator.inFlight === 0)).toBe(true);
  emulator.reset();
  emulator.setOptions({
    assetLimit: assetLimitOf(scenario),
    latencyMs: scenario.latencyMs,
    foreignHosts: [FOREIGN_HOST],
  });
  emulator.inject('invalidate/assets', ...scenario.faults);
  emulator.inject('token', ...scenario.tokenFaults);
  const client = clientFor(emulator, ROOT_KEY, { dispatcher, timeoutMs: TIMEOUT_MS });
  const events: SchedulerEvent[] = [];
  const problems: string[] = [];
  let inFlight = 0;
  let paused = false;
  const plan = planRun({ target: { scope: 'assets', assets: assetsOf(scenario) }, token: scenario.token });
  const result = await execute(plan, {
    send: async (call) => {
      inFlight += 1;
      if (inFlight > scenario.concurrency) problems.push(`${inFlight} in flight at the client`);
      if (paused) problems.push('a call started during a pause');
      try {
        return await sendCall(call, client);
      } finally {
        inFlight -= 1;
      }
    },
    concurrency: scenario.concurrency,
    maxRetries: scenario.maxRetries,
    clock: new VirtualClock(scenario.seed),
    observer: (event) => {
      events.push(event);
      if (event.type === 'pause') paused = true;
      if (event.type === 'resume') paused = false;
    },
  });
  return { result, events, problems };
}

/**
 * The calls each of whose whole 2xx answers could be one the client stopped waiting for (its timeout): on a loaded
 * machine an answer written in time may not be read in time, and the client cannot know that it landed. Requests are
 * matched to the call by the assets they carried, which are its own. Once per run, not once per asset: a plan of
 * 5,000 assets would compare every request with every asset's call.
 */
function callsGivenUpOn(result: RunResult, requests: readonly RecordedRequest[]): Set<number> {
  const wholeOk = new Map<string, number>();
  for (const request of requests)
    if (request.answer?.whole === true && request.answer.status < 300) {
      const assets = JSON.stringify((request.json as { assets?: unknown }).assets);
      wholeOk.set(assets, (wholeOk.get(assets) ?? 0) + 1);
    }
  const givenUp = new Set<number>();
  for (const record of result.calls) {
    if (record.call.route !== 'invalidate/assets') continue;
    const timedOut = record.attempts.filter((attempt) => attempt.kind === 'timeout').length;
    const answered = wholeOk.get(JSON.stringify(record.call.assets)) ?? 0;
    if (answered > 0 && answered <= timedOut) givenUp.add(record.index);
  }
  return givenUp;
}

function check(scenario: Scenario, { result, events, problems }: Observed): void {
  expect(problems).toEqual([]);
  const planned = assetsOf(scenario);

  // Each planned asset reported exactly once, in the plan's order; not sent only after a stop.
  expect([...result.assets].map((asset) => asset.ref)).toEqual(planned);
  if (result.stoppedBy === undefined) {
    expect([...result.assets].filter((asset) => asset.outcome === 'not-sent')).toEqual([]);
  }

  // Invalidated only what a whole 2xx answer confirmed; failed nothing that one did.
  const assetRequests = emulator.requests.filter((request) => request.route === 'invalidate/assets');
  const confirmed = new Set(
    assetRequests
      .filter((request) => request.answer?.whole === true && request.answer.status < 300)
      .flatMap((request) => (request.json as { assets: string[] }).assets),
  );
  const accepted = new Set(emulator.invalidated.assets);
  const givenUpOn = callsGivenUpOn(result, assetRequests);
  for (const asset of result.assets) {
    if (asset.outcome === 'invalidated') {
      expect(confirmed.has(asset.ref), `${asset.ref} reported invalidated`).toBe(true);
      expect(accepted.has(asset.ref), `${asset.ref} reported invalidated`).toBe(true);
    } else if (asset.call === undefined || !givenUpOn.has(asset.call)) {
      expect(confirmed.has(asset.ref), `${asset.ref} confirmed, reported ${asset.outcome}`).toBe(false);
    }
  }
  // Every call is in the records once, and the emulator saw each of its attempts (but perhaps one that the client
  // gave up on before the request was read).
  const assetAttempts = result.calls
    .filter((call) => call.call.route === 'invalidate/assets')
    .flatMap((call) => call.attempts);
  const givenUp = assetAttempts.filter((attempt) => attempt.kind === 'timeout').length;
  expect(assetRequests.length).toBeLessThanOrEqual(assetAttempts.length);
  expect(assetRequests.length).toBeGreaterThanOrEqual(assetAttempts.length - givenUp);

  // Never more started than the window and the concurrency allow; at the limit whenever work was ready.
  let paused = false;
  let window = scenario.concurrency;
  for (const event of events) {
    if (event.type === 'window') window = event.window;
    if (event.type === 'pause') paused = true;
    if (event.type === 'resume') paused = false;
    if (event.type === 'send') {
      expect(event.inFlight, 'in flight when a call starts').toBeLessThanOrEqual(event.limit);
      expect(event.limit).toBeLessThanOrEqual(Math.min(scenario.concurrency, window));
      expect(paused, 'a call started during a pause').toBe(false);
    }
    if (event.type === 'settled' && !event.paused && !event.halted && event.ready > 0) {
      expect(event.inFlight, 'in flight while calls are ready').toBeGreaterThanOrEqual(event.limit);
    }
  }
  // At the emulator too, but for hangs: an abandoned request leaves it a moment after the client gave up.
  if (![...scenario.faults, ...scenario.tokenFaults].some((fault) => fault.hang === true)) {
    expect(emulator.maxInFlight).toBeLessThanOrEqual(scenario.concurrency);
  }

  // The token is the last the service issued, whenever the client read one whole.
  const tokenRequests = emulator.requests.filter((request) => request.route === 'token');
  if (result.token !== undefined) expect(result.token).toBe(emulator.tokens.at(-1));
  const lastToken = tokenRequests.at(-1)?.answer;
  if (lastToken?.whole === true && lastToken.status === 200)
    expect(result.token).toBe(emulator.tokens.at(-1));
  if (!scenario.token) expect(tokenRequests).toEqual([]);
}

describe('the scheduler under random plans and faults', () => {
  it(
    'keeps every promise on every run',
    async () => {
      await fc.assert(
        fc.asyncProperty(SCENARIO, async (scenario) => {
          check(scenario, await runScenario(scenario));
        }),
        { numRuns: MODEL_RUNS },
      );
    },
    MODEL_RUNS * 2_000,
  );
});
