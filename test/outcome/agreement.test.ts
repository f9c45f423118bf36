/**
 * The renderers agree: for random runs through the real scheduler and client against the emulator (random plans of
 * URLs and hashes, with and without a token, random faults: rate limits, 500 and 503, refused entries, "Too many
 * assets" at a random cap, a refused key mid-run), the step's outputs, the action's JSON report, the job summary,
 * the command's text and its `--json` say the same thing: the same counts of invalidated, failed and not-sent
 * assets, the same invalidated references, the same token. And all of them agree with the emulator: what it accepted
 * is what they call invalidated, the token is the one it issued, and every planned asset is reported exactly once.
 */
import fc from 'fast-check';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultText } from '../../src/cli/text.ts';
import type { Clock } from '../../src/execute/clock.ts';
import { sendCall } from '../../src/execute/client.ts';
import { execute } from '../../src/execute/execute.ts';
import { outcomeOf } from '../../src/outcome/outcome.ts';
import { outputsOf, reportJsonText, type Report } from '../../src/outcome/report.ts';
import { MAX_THUMBNAILS, summaryMarkdown } from '../../src/outcome/summary.ts';
import { plannedAssets, planRun } from '../../src/plan/plan.ts';
import { makeFormsRedactor } from '../../src/shown/redact.ts';
import { markdownRef, markdownText, neutraliseJson } from '../../src/shown/shown.ts';
import { startEmulator, type Emulator, type Fault } from '../emulator/server.ts';
import { clientFor, ROOT_KEY } from '../support/client.ts';
import { waitUntil } from '../support/reliability.ts';
import { RUNS } from '../support/runs.ts';
import { MAX_LISTED_URLS } from '../../src/cli/text.ts';

const AGREEMENT_RUNS = Math.min(RUNS, 5_000);
const FOREIGN_HOST = 'other.example';
const IMAGE_HOST = 'img.example.net';
const FILES = {
  report: 'report.json',
  invalidated: 'inv.json',
  failed: 'failed.json',
  summary: 'summary.md',
};

let emulator: Emulator;
let dispatcher: Agent;
beforeAll(async () => {
  emulator = await startEmulator();
  dispatcher = new Agent({ connections: 16 });
});
afterAll(async () => {
  await dispatcher.close();
  await emulator.close();
});

/** Waits pass at once: a run's retries and pauses cost no time. */
const instantClock: Clock = {
  now: () => 0,
  random: () => 0.5,
  sleep: () => new Promise((resolve) => setImmediate(resolve)),
};

// Faults whose answers the client reads whole: what the emulator accepted is then exactly what the run confirmed.
const FAULTS: fc.Arbitrary<Fault> = fc.oneof(
  { weight: 20, arbitrary: fc.constant({}) },
  { weight: 3, arbitrary: fc.constant({ status: 429 }) },
  { weight: 2, arbitrary: fc.constant({ status: 429, retryAfter: '1' }) },
  { weight: 3, arbitrary: fc.constant({ status: 500 }) },
  { weight: 3, arbitrary: fc.constant({ status: 503 }) },
  { weight: 1, arbitrary: fc.constant({ status: 401 }) },
);

const SCENARIO = fc.record({
  assets: fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 60 }) },
    { weight: 3, arbitrary: fc.integer({ min: 61, max: 400 }) },
  ),
  hashEvery: fc.integer({ min: 2, max: 9 }),
  // Refused entries in half the runs: a run where every asset lands must be common too.
  foreign: fc.oneof(fc.constant<number[]>([]), fc.uniqueArray(fc.nat(), { minLength: 1, maxLength: 4 })),
  concurrency: fc.integer({ min: 1, max: 8 }),
  maxRetries: fc.integer({ min: 0, max: 3 }),
  token: fc.boolean(),
  imageHost: fc.boolean(),
  assetLimit: fc.option(fc.integer({ min: 1, max: 100 }), { freq: 3, nil: undefined }),
  faults: fc.array(FAULTS, { maxLength: 10 }),
  tokenFaults: fc.array(FAULTS, { maxLength: 3 }),
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

/** A run of the scenario against the emulator, made into a Report as the flow makes it. */
async function runScenario(scenario: Scenario): Promise<Report> {
  expect(await waitUntil(() => emulator.inFlight === 0)).toBe(true);
  emulator.reset();
  emulator.setOptions({
    // Low caps only for small plans, so that no run needs thousands of calls.
    assetLimit: Math.max(scenario.assetLimit ?? 100, Math.ceil(scenario.assets / 20)),
    latencyMs: 0,
    foreignHosts: [FOREIGN_HOST],
  });
  emulator.inject('invalidate/assets', ...scenario.faults);
  emulator.inject('token', ...scenario.tokenFaults);
  const client = clientFor(emulator, ROOT_KEY, { dispatcher });
  const plan = planRun({ target: { scope: 'assets', assets: assetsOf(scenario) }, token: scenario.token });
  const startedAt = new Date();
  const result = await execute(plan, {
    send: (call) => sendCall(call, client),
    concurrency: scenario.concurrency,
    maxRetries: scenario.maxRetries,
    clock: instantClock,
  });
  return {
    dryRun: false,
    plan,
    result,
    outcome: outcomeOf(plan, result),
    startedAt,
    finishedAt: new Date(),
    ...(scenario.imageHost ? { imageHost: IMAGE_HOST } : {}),
  };
}

interface Told {
  readonly invalidated: number;
  readonly failed: number;
  readonly notSent: number;
  readonly requests: number;
  /** The invalidated references the renderer lists, in its order. */
  readonly invalidatedRefs: readonly string[];
  readonly token: string | undefined;
  readonly failures: readonly string[];
}

interface JsonReport {
  ok: boolean;
  counts: { assets: number; invalidated: number; failed: number; notSent: number; requests: number };
  failures: string[];
  token: { requested: boolean; value?: string };
  assets: { ref: string; outcome: string }[];
}

/** What the JSON report (the action's file, or the command's `--json`) says. */
function toldByJson(text: string, planned: readonly string[]): Told {
  const json = JSON.parse(text) as JsonReport;
  // Every planned asset exactly once, in the plan's order.
  expect(json.assets.map((asset) => asset.ref)).toEqual(planned);
  const byOutcome = (outcome: string): string[] =>
    json.assets.filter((asset) => asset.outcome === outcome).map((asset) => asset.ref);
  expect(json.counts.assets).toBe(planned.length);
  expect(byOutcome('invalidated')).toHaveLength(json.counts.invalidated);
  expect(byOutcome('failed')).toHaveLength(json.counts.failed);
  expect(byOutcome('not-sent')).toHaveLength(json.counts.notSent);
  expect(json.ok).toBe(json.failures.length === 0);
  if (json.token.value !== undefined) expect(json.token.requested).toBe(true);
  return {
    invalidated: json.counts.invalidated,
    failed: json.counts.failed,
    notSent: json.counts.notSent,
    requests: json.counts.requests,
    invalidatedRefs: byOutcome('invalidated'),
    token: json.token.value,
    failures: json.failures,
  };
}

/** What the step's outputs say; `failed` there holds the failed and the not-sent alike. */
function toldByOutputs(
  report: Report,
  planned: readonly string[],
): Omit<Told, 'failed' | 'notSent' | 'failures'> & {
  failedOrNotSent: number;
} {
  const outputs = outputsOf(report, FILES);
  const invalidated = JSON.parse(outputs.invalidated) as string[];
  const failed = JSON.parse(outputs.failed) as string[];
  expect(outputs['invalidated-count']).toBe(String(invalidated.length));
  expect(outputs['failed-count']).toBe(String(failed.length));
  // Every planned asset in exactly one of the two lists.
  expect([...invalidated, ...failed].sort()).toEqual([...planned].sort());
  const token = outputs.token === '' ? undefined : outputs.token;
  expect(outputs['cache-buster']).toBe(token === undefined ? '' : `cb:${token}`);
  if (token === undefined || report.imageHost === undefined) expect(outputs['image-url-prefix']).toBe('');
  else expect(outputs['image-url-prefix']).toContain(`cb:${token}`);
  return {
    invalidated: invalidated.length,
    failedOrNotSent: failed.length,
    requests: Number(outputs.requests),
    invalidatedRefs: invalidated,
    token,
  };
}

/** What the job summary says: its overview line, its token line, its invalidated images and its failures. */
function toldBySummary(
  markdown: string,
  report: Report,
): Omit<Told, 'failed' | 'notSent'> & { failedOrNotSent: number; moreInvalidated: number } {
  const overview =
    /\*\*Assets:\*\* ([\d,]+) · \*\*Invalidated:\*\* ([\d,]+) · \*\*Failed:\*\* ([\d,]+) · \*\*Calls:\*\* ([\d,]+) \(/.exec(
      markdown,
    );
  expect(overview, 'the overview line').not.toBeNull();
  const [assets, invalidated, failed, requests] = (overview ?? []).slice(1).map(number);
  expect(assets).toBe(
    report.plan.calls.reduce((sum, call) => sum + ('assets' in call ? call.assets.length : 0), 0),
  );
  const token = /\*\*Token:\*\* (\S+) \(cache buster: cb:(\S+)\)/.exec(markdown);
  if (token !== null) expect(token[2]).toBe(token[1]);
  if (report.plan.token && token === null) expect(markdown).toMatch(/\*\*Token:\*\* (none|not requested)/);
  if (!report.plan.token) expect(markdown).not.toContain('**Token:**');
  // The invalidated images: thumbnails of the URLs, then the hashes, each list cut at MAX_THUMBNAILS.
  const listed: string[] = [];
  let more = 0;
  const section = markdown.split('### Invalidated images\n')[1]?.split(/\n(?=\*\*Token|### )/)[0];
  if (report.imageHost === undefined || (invalidated ?? 0) === 0) expect(section).toBeUndefined();
  for (const line of section?.split('\n') ?? []) {
    const row = /^\| <img src="[^"]*" width="\d+" alt=""> \| (.+) \|$/.exec(line);
    const hash = /^- (?!…)(.+)$/.exec(line);
    const cut = /…\s*and ([\d,]+) more/.exec(line);
    if (row?.[1] !== undefined) listed.push(row[1]);
    else if (cut?.[1] !== undefined) more += number(cut[1]);
    else if (hash?.[1] !== undefined) listed.push(hash[1]);
  }
  const failures =
    markdown
      .split('### Failures\n\n')[1]
      ?.split('\n')
      .filter((line) => line.startsWith('- ')) ?? [];
  return {
    invalidated: invalidated ?? -1,
    failedOrNotSent: failed ?? -1,
    requests: requests ?? -1,
    invalidatedRefs: listed,
    moreInvalidated: more,
    token: token?.[1],
    failures: failures.map((line) => line.slice(2)),
  };
}

/** What the command's text says: its count line, its list of what was invalidated, its token and its failures. */
function toldByText(
  text: string,
): Omit<Told, 'failed' | 'notSent'> & { assets: number; moreInvalidated: number } {
  const lines = text.trimEnd().split('\n');
  const counted = /^Invalidated ([\d,]+) of ([\d,]+) assets? in ([\d,]+) calls?\.$/.exec(lines[0] ?? '');
  expect(counted, 'the count line').not.toBeNull();
  const [invalidated, assets, requests] = (counted ?? []).slice(1).map(number);
  const listed = lines.filter((line) => /^ {2}[^…]/.test(line)).map((line) => line.slice(2));
  const cut = lines
    .map((line) => /^ {2}… and ([\d,]+) more: --json lists every one\.$/.exec(line))
    .find(Boolean);
  const token = lines.find((line) => line.startsWith('Token: '))?.slice('Token: '.length);
  if (token !== undefined) expect(lines).toContain(`Cache buster: cb:${token}`);
  return {
    assets: assets ?? -1,
    invalidated: invalidated ?? -1,
    requests: requests ?? -1,
    invalidatedRefs: listed,
    moreInvalidated: cut?.[1] === undefined ? 0 : number(cut[1]),
    token,
    failures: lines
      .filter((line) => line.startsWith('Failed: '))
      .map((line) => line.slice('Failed: '.length)),
  };
}

function number(text: string | undefined): number {
  return Number((text ?? '').replace(/,/g, ''));
}

/** Each renderer, as the action and the command call it, checked against the others and against the emulator. */
function check(report: Report): void {
  const planned = plannedAssets(report.plan);
  const bulk = makeFormsRedactor([ROOT_KEY]);
  const actionJson = toldByJson([...reportJsonText(report, bulk)].join(''), planned);
  const commandJson = toldByJson(
    [...reportJsonText(report, (text) => neutraliseJson(bulk(text)))].join(''),
    planned,
  );
  const outputs = toldByOutputs(report, planned);
  const summary = toldBySummary(summaryMarkdown(report), report);
  const text = toldByText(resultText(report));

  // The JSON reports: the action's file and the command's --json say the same.
  expect(commandJson).toEqual(actionJson);
  const { invalidated, failed, notSent, requests, token, failures } = actionJson;

  // The counts.
  expect(outputs.invalidated).toBe(invalidated);
  expect(outputs.failedOrNotSent).toBe(failed + notSent);
  expect(outputs.requests).toBe(requests);
  expect(summary.invalidated).toBe(invalidated);
  expect(summary.failedOrNotSent).toBe(failed + notSent);
  expect(summary.requests).toBe(requests);
  expect(text.assets).toBe(planned.length);
  expect(text.invalidated).toBe(invalidated);
  expect(text.requests).toBe(requests);

  // The invalidated references: whole in the outputs; the first of them in the summary and the text, the rest counted.
  expect(outputs.invalidatedRefs).toEqual(actionJson.invalidatedRefs);
  expect(text.invalidatedRefs).toEqual(actionJson.invalidatedRefs.slice(0, MAX_LISTED_URLS));
  expect(text.invalidatedRefs.length + text.moreInvalidated).toBe(invalidated);
  if (report.imageHost !== undefined) {
    const isUrl = (ref: string): boolean => ref.startsWith('https:');
    const urls = actionJson.invalidatedRefs.filter(isUrl);
    const hashes = actionJson.invalidatedRefs.filter((ref) => !isUrl(ref));
    const shown = [...urls.slice(0, MAX_THUMBNAILS), ...hashes.slice(0, MAX_THUMBNAILS)];
    expect(summary.invalidatedRefs).toEqual(shown.map(markdownRef));
    expect(summary.invalidatedRefs.length + summary.moreInvalidated).toBe(invalidated);
  }

  // The token, and the failures.
  expect(outputs.token).toBe(token);
  expect(summary.token).toBe(token);
  expect(text.token).toBe(token);
  expect(text.failures).toEqual(failures);
  expect(summary.failures).toEqual(failures.slice(0, 50).map(markdownText));

  // And the emulator: what it accepted is what was reported invalidated, and each asset reported failed reached it.
  const accepted = emulator.invalidated.assets;
  expect([...accepted].sort()).toEqual([...actionJson.invalidatedRefs].sort());
  const reached = new Set(
    emulator.requests
      .filter((request) => request.route === 'invalidate/assets')
      .flatMap((request) => (request.json as { assets: string[] }).assets),
  );
  const failedRefs = [...report.outcome.assets].filter((asset) => asset.outcome === 'failed');
  expect(failedRefs.filter((asset) => !reached.has(asset.ref))).toEqual([]);
  const assetAttempts = emulator.requests.filter((request) => request.route === 'invalidate/assets').length;
  expect(requests).toBeLessThanOrEqual(assetAttempts);
  // The token output is the one the service issued, whenever it issued one.
  if (emulator.tokens.length > 0) expect(token).toBe(emulator.tokens.at(-1));
  else expect(token).toBeUndefined();
  if (!report.plan.token)
    expect(emulator.requests.filter((request) => request.route === 'token')).toEqual([]);
}

describe('the renderers of a run', () => {
  it(
    'agree with each other and with the service on counts, references, token and failures',
    async () => {
      await fc.assert(
        fc.asyncProperty(SCENARIO, async (scenario) => {
          check(await runScenario(scenario));
        }),
        { numRuns: AGREEMENT_RUNS },
      );
    },
    AGREEMENT_RUNS * 1_000,
  );
});
