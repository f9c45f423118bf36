/**
 * The renderers agree: for generated runs (random plans of URLs with awkward names and hashes; each call confirmed,
 * failed after a few attempts, or never sent; images held back by the origin check; a token confirmed, failed or
 * never sent; a call that stopped the run; a cancel; a warm-up), the step's outputs, the action's JSON report, the
 * command's `--json`, the job summary (as GitHub renders it) and the command's text say the same thing: the same
 * counts of invalidated, failed, not-deployed and not-sent assets in the same words, the same calls, the same
 * invalidated references, the same token, the same origin states and warm-up answers, and the same failures named up
 * to the same cap. The runs are made as data: what the scheduler and the client do is tested against the emulator
 * in test/service/.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resultText } from '../../src/cli/text.ts';
import { MAX_LISTED_URLS, type Counts } from '../../src/invalidate/stage.ts';
import { MAX_THUMBNAILS } from '../../src/invalidate/summary.ts';
import type { CallRecord, RunResult } from '../../src/service/execute.ts';
import { AssetResults, type AssetResult } from '../../src/service/asset-results.ts';
import { FAILURES_NAMED } from '../../src/shown/format.ts';
import { outputsOf, reportJsonText, type Report } from '../../src/report/report.ts';
import { summaryMarkdown } from '../../src/report/summary.ts';
import type { OriginReport } from '../../src/origin/hold.ts';
import type { OriginCheck } from '../../src/origin/wait.ts';
import { assetsIn, planRun, type Plan } from '../../src/plan/plan.ts';
import { makeFormsRedactor } from '../../src/shown/redact.ts';
import { markdownText, neutraliseJson } from '../../src/shown/shown.ts';
import type { WarmReport } from '../../src/warm/warm.ts';
import { ROOT_KEY } from '../support/client.ts';
import { hrefOf, renderGfm } from '../support/gfm.ts';
import { RUNS } from '../support/runs.ts';
import { reportFrom } from '../support/fixtures.ts';

const AGREEMENT_RUNS = Math.min(RUNS, 500);
const IMAGE_HOST = 'img.example.net';
const FILES = {
  report: 'report.json',
  invalidated: 'inv.json',
  failed: 'failed.json',
  summary: 'summary.md',
};
// Names that Markdown and tables read: the summary must still link and show them as they are.
const NAMES = ['IMG_2041', 'photo_1', 'a*b*', '[x]', 'p (1)', 'a|b', 'café', '<b>', 'x&amp;y'];

/** What became of one planned invalidation call. */
const FATE = fc.oneof(
  { weight: 6, arbitrary: fc.constant('confirmed' as const) },
  { weight: 2, arbitrary: fc.constant('failed' as const) },
  { weight: 1, arbitrary: fc.constant('not-sent' as const) },
  { weight: 1, arbitrary: fc.constant('held' as const) },
);

const MESSAGES = fc.constantFrom(
  'HTTP 500: Internal Server Error',
  'HTTP 400: bad_entry *IMG_1* | [x](y)',
  'timed out after 30 s',
  'HTTP 429: slow down <now>',
);

const RUN = fc.record({
  assets: fc.oneof(
    { weight: 5, arbitrary: fc.integer({ min: 1, max: 60 }) },
    { weight: 3, arbitrary: fc.integer({ min: 61, max: 700 }) },
  ),
  hashEvery: fc.integer({ min: 2, max: 9 }),
  // Up to 100 assets a call, as planned; fewer spread the fates over more calls.
  batches: fc.array(
    fc.record({
      fate: FATE,
      attempts: fc.integer({ min: 1, max: 4 }),
      message: MESSAGES,
      // One failed call in some runs stops every other: a refused key.
      stops: fc.boolean(),
    }),
    { minLength: 8, maxLength: 8 },
  ),
  token: fc.option(
    fc.oneof(
      fc.constant('failed' as const),
      fc.constant('not-sent' as const),
      fc.stringMatching(/^[a-z0-9]{6,12}$/),
    ),
    { nil: undefined },
  ),
  cancelled: fc.boolean(),
  originCheck: fc.boolean(),
  cannotTell: fc.integer({ min: 0, max: 5 }),
  imageHost: fc.boolean(),
  warm: fc.option(
    fc.record({
      statuses: fc.dictionary(
        fc.constantFrom('200', '304', '404', '503', 'error'),
        fc.integer({ min: 1, max: 900 }),
        {
          minKeys: 1,
        },
      ),
      overLimit: fc.nat({ max: 3 }),
      ms: fc.nat({ max: 90_000 }),
    }),
    { nil: undefined },
  ),
});

type Run = typeof RUN extends fc.Arbitrary<infer T> ? T : never;

function refsOf(run: Pick<Run, 'assets' | 'hashEvery'>): string[] {
  return Array.from({ length: run.assets }, (_, i) => {
    if (i % run.hashEvery === 0) return i.toString(16).padStart(32, '0');
    return new URL(`https://img.example.com/${NAMES[i % NAMES.length] ?? ''}-${i}.png`).href;
  });
}

/** The call records, asset results and origin checks of a run whose plan met the fates drawn for it. */
function resultOf(run: Run, plan: Plan): { result: RunResult; origin?: OriginReport } {
  const calls: CallRecord[] = [];
  const assets: AssetResult[] = [];
  const held: AssetResult[] = [];
  const checks: OriginCheck[] = [];
  let stop: CallRecord | undefined;
  plan.calls.forEach((call, position) => {
    const batch = run.batches[position % run.batches.length];
    if (batch === undefined) return;
    const refs = assetsIn(call);
    const fate = batch.fate === 'held' && !run.originCheck ? 'confirmed' : batch.fate;
    if (fate === 'held') {
      for (const ref of refs) {
        held.push({
          ref,
          outcome: 'not-ready',
          error: 'not invalidated: its origin still served the old file',
        });
        checks.push({ ref, path: ref, state: 'not-ready', askedMs: 1000, asks: 3 });
      }
      return;
    }
    if (fate === 'not-sent' || stop !== undefined) {
      for (const ref of refs) assets.push({ ref, outcome: 'not-sent', error: 'not sent: the run stopped' });
      return;
    }
    const index = calls.length + 1;
    const attempts = Array.from({ length: batch.attempts }, (_, i) => ({
      startedAt: i * 100,
      durationMs: 20,
      status: fate === 'confirmed' && i === batch.attempts - 1 ? 200 : 503,
    }));
    const record: CallRecord =
      fate === 'confirmed'
        ? { index, call, outcome: 'confirmed', attempts }
        : {
            index,
            call,
            outcome: 'failed',
            attempts,
            error: { message: batch.message, kind: 'http', status: 503 },
          };
    calls.push(record);
    if (fate === 'failed' && batch.stops) stop = record;
    for (const ref of refs) {
      assets.push(
        fate === 'confirmed'
          ? { ref, outcome: 'invalidated', call: index }
          : { ref, outcome: 'failed', call: index, error: batch.message },
      );
      if (run.originCheck && /^https:/.test(ref)) {
        const state = checks.length < run.cannotTell ? 'cannot-tell' : 'ready';
        checks.push({ ref, path: ref, state, settledAt: 500, askedMs: 500, asks: 2 });
      }
    }
  });
  let token: string | undefined;
  if (plan.token && stop === undefined && run.token !== 'not-sent') {
    const index = calls.length + 1;
    const attempts = [{ startedAt: 0, durationMs: 20, status: run.token === 'failed' ? 500 : 200 }];
    if (run.token === 'failed')
      calls.push({
        index,
        call: { route: 'token' },
        outcome: 'failed',
        attempts,
        error: { message: 'HTTP 500', kind: 'http', status: 500 },
      });
    else {
      calls.push({ index, call: { route: 'token' }, outcome: 'confirmed', attempts });
      token = run.token;
    }
  }
  const result: RunResult = {
    calls,
    assets: AssetResults.of([...assets, ...held]),
    ...(token === undefined ? {} : { token }),
    ...(stop === undefined
      ? {}
      : { stoppedBy: { call: stop, reason: 'the service refused the key', keyRefused: true } }),
    ...(run.cancelled ? { cancelled: true as const } : {}),
  };
  const origin = run.originCheck
    ? { checks, waitedMs: 12_345, timeoutMs: 300_000, requests: [], caches: [] }
    : undefined;
  return { result, ...(origin === undefined ? {} : { origin }) };
}

/** A generated run made into a Report as the flow makes it. */
function reportOf(run: Run): Promise<Report> {
  const plan = planRun({
    target: { scope: 'assets', assets: refsOf(run) },
    token: run.token !== undefined,
  });
  const { result, origin } = resultOf(run, plan);
  const warm: WarmReport | undefined =
    run.warm === undefined
      ? undefined
      : {
          ...run.warm,
          requested: Object.values(run.warm.statuses).reduce((sum, n) => sum + n, 0),
          failed: 0,
        };
  return reportFrom({
    plan,
    result,
    cancelled: run.cancelled,
    origin,
    warm,
    imageHost: run.imageHost ? IMAGE_HOST : undefined,
    startedAt: new Date(0),
    finishedAt: new Date(1000),
  });
}

/** What each renderer says, in the same shape, so that they can be compared whole. */
interface Told {
  readonly counts: Pick<Counts, 'assets' | 'invalidated' | 'notInvalidated' | 'requests' | 'tokenCalls'>;
  /** How the not-invalidated are broken down, in words: `7 (2 failed, 5 not deployed at origin)`. */
  readonly notInvalidated: string;
  readonly invalidatedRefs: readonly string[];
  readonly token: string | undefined;
  readonly failures: readonly string[];
  readonly moreFailures: number;
  readonly origin: string | undefined;
  readonly warm: string | undefined;
}

interface JsonReport {
  ok: boolean;
  counts: Counts;
  failures: string[];
  token: { requested: boolean; value?: string };
  origin?: { states: Record<string, number> };
  warm?: WarmReport;
  calls: { route: string }[];
  assets: { ref: string; outcome: string; origin?: string }[];
}

function json(report: Report, clean: (text: string) => string): JsonReport {
  return JSON.parse([...reportJsonText(report, clean)].join('')) as JsonReport;
}

/** What the JSON report says, checked against itself: its counts are those of its assets. */
function toldByJson(report: JsonReport): Omit<Told, 'notInvalidated' | 'origin' | 'warm'> {
  const byOutcome = (outcome: string): string[] =>
    report.assets.filter((asset) => asset.outcome === outcome).map((asset) => asset.ref);
  const { counts } = report;
  expect(byOutcome('invalidated')).toHaveLength(counts.invalidated);
  expect(byOutcome('failed')).toHaveLength(counts.failed);
  expect(byOutcome('not-sent')).toHaveLength(counts.notSent);
  expect(byOutcome('not-ready')).toHaveLength(counts.notReady);
  expect(counts.notInvalidated).toBe(counts.failed + counts.notSent + counts.notReady);
  expect(counts.assets).toBe(report.assets.length);
  expect(counts.requests).toBe(report.calls.filter((call) => call.route !== 'token').length);
  expect(counts.tokenCalls).toBe(report.calls.filter((call) => call.route === 'token').length);
  expect(report.ok).toBe(report.failures.length === 0);
  if (report.origin !== undefined) {
    for (const [state, n] of Object.entries(report.origin.states))
      expect(
        report.assets.filter((asset) => asset.origin === state),
        state,
      ).toHaveLength(n);
  }
  return {
    counts: {
      assets: counts.assets,
      invalidated: counts.invalidated,
      notInvalidated: counts.notInvalidated,
      requests: counts.requests,
      tokenCalls: counts.tokenCalls,
    },
    invalidatedRefs: byOutcome('invalidated'),
    token: report.token.value,
    failures: report.failures.slice(0, FAILURES_NAMED),
    moreFailures: Math.max(0, report.failures.length - FAILURES_NAMED),
  };
}

/** What the step's outputs say. */
function toldByOutputs(report: Report): Pick<Told, 'invalidatedRefs' | 'token'> & {
  counts: Pick<Counts, 'invalidated' | 'notInvalidated' | 'requests'>;
  notInvalidatedRefs: readonly string[];
} {
  const outputs = outputsOf(report, FILES);
  const invalidated = JSON.parse(outputs.invalidated) as string[];
  const failed = JSON.parse(outputs.failed) as string[];
  const token = outputs.token === '' ? undefined : outputs.token;
  expect(outputs['cache-buster']).toBe(token === undefined ? '' : `cb:${token}`);
  return {
    counts: {
      invalidated: Number(outputs['invalidated-count']),
      notInvalidated: Number(outputs['failed-count']),
      requests: Number(outputs.requests),
    },
    invalidatedRefs: invalidated,
    notInvalidatedRefs: failed,
    token,
  };
}

const NUMBER = '([\\d,]+)';
const CALLS = `${NUMBER} (?:invalidation )?calls?`;

/** What the job summary says: its overview line, token, origin, warm-up, invalidated images and failures. */
function toldBySummary(markdown: string): Told & { moreInvalidated: number } {
  // Counts that are zero are not said: a run with no asset names none of them, one that sent no call no calls.
  const overview = new RegExp(
    `^\\*\\*Scope:\\*\\* assets(?: · \\*\\*Assets:\\*\\* ${NUMBER} · \\*\\*Invalidated:\\*\\* ${NUMBER}(?: · ` +
      `\\*\\*Not invalidated:\\*\\* (${NUMBER}[^·\n]*))?)?(?: · \\*\\*Calls:\\*\\* (?:${CALLS} \\(${NUMBER} attempts?\\)` +
      `( and the token call)?|(the token call)))?$`,
    'm',
  ).exec(markdown);
  expect(overview, 'the overview line').not.toBeNull();
  const [
    ,
    assets = '0',
    invalidated = '0',
    words = '0',
    notInvalidated = '0',
    requests = '0',
    ,
    withToken,
    tokenAlone,
  ] = overview ?? [];
  const tokenCall = withToken ?? tokenAlone;
  const token = /^\*\*Token:\*\* (\S+) \(cache buster: cb:(\S+)\)$/m.exec(markdown);
  if (token !== null) expect(token[2]).toBe(token[1]);
  const section = (title: string): string[] =>
    markdown
      .split(`### ${title}\n\n`)[1]
      ?.split(/\n(?=\*\*|### )/)[0]
      ?.split('\n') ?? [];
  const failureLines = section('Failures').filter((line) => line.startsWith('- '));
  const more = failureLines.map((line) => /^- … and ([\d,]+) more failures?: /.exec(line)).find(Boolean);
  const warm = section('Warm-up')[0];
  // The invalidated images, as GitHub shows them: a link per URL beside its thumbnail, then the hashes.
  const images = section('Invalidated images').join('\n');
  const page = renderGfm(images);
  for (const link of page.links) expect(link.href).toBe(hrefOf(link.text));
  const hashes = images.split('By asset hash, with no URL to show:')[1] ?? '';
  const cuts = [...images.matchAll(/… and ([\d,]+) more/g)].map((cut) => number(cut[1]));
  return {
    counts: {
      assets: number(assets),
      invalidated: number(invalidated),
      notInvalidated: number(notInvalidated),
      requests: number(requests),
      tokenCalls: tokenCall === undefined ? 0 : 1,
    },
    notInvalidated: words,
    invalidatedRefs: [
      ...page.links.map((link) => link.text),
      ...renderGfm(hashes)
        .items.filter((item) => !item.startsWith('…'))
        .map((item) => item),
    ],
    moreInvalidated: cuts.reduce((sum, n) => sum + n, 0),
    token: token?.[1],
    failures: failureLines.filter((line) => !line.startsWith('- … ')).map((line) => line.slice(2)),
    moreFailures: more?.[1] === undefined ? 0 : number(more[1]),
    origin: /^\*\*Origin check:\*\* (.+)\.$/m.exec(markdown)?.[1],
    warm: warm === undefined ? undefined : warm.charAt(0).toLowerCase() + warm.slice(1, -1),
  };
}

/** What the command's text says. */
function toldByText(text: string): Told & { moreInvalidated: number } {
  const lines = text.trimEnd().split('\n');
  const countLine = new RegExp(
    `^Invalidated ${NUMBER} of ${NUMBER} assets? in ${CALLS}( and the token call)?\\.$`,
  );
  const counted = lines.map((line) => countLine.exec(line)).find(Boolean);
  // Counts that are zero are not said: no asset, or none sent, has a sentence of its own.
  const unsent = lines
    .map((line) =>
      /^Invalidated none of ([\d,]+) assets?: no invalidation call was sent(, only the token call)?\.$/.exec(
        line,
      ),
    )
    .find(Boolean);
  const nothing = lines.some((line) => line.startsWith('Nothing to invalidate: '));
  expect(counted ?? unsent ?? (nothing || null), 'the count line').not.toBeNull();
  const [, invalidated = '0', assets = unsent?.[1] ?? '0', requests = '0', tokenCall = unsent?.[2]] =
    counted ?? [];
  const notInvalidated = lines.find((line) => line.startsWith('Not invalidated: '))?.slice(17, -1) ?? '0';
  const cut = lines
    .map((line) => /^ {2}… and ([\d,]+) more: --json lists each one\.$/.exec(line))
    .find(Boolean);
  const more = lines
    .map((line) => /^… and ([\d,]+) more failures?: the JSON report \(--json\)/.exec(line))
    .find(Boolean);
  const token = lines.find((line) => line.startsWith('Token: '))?.slice('Token: '.length);
  if (token !== undefined) expect(lines).toContain(`Cache buster: cb:${token}`);
  const after = (prefix: string): string | undefined =>
    lines.find((line) => line.startsWith(prefix))?.slice(prefix.length, -1);
  return {
    counts: {
      assets: number(assets),
      invalidated: number(invalidated),
      notInvalidated: number(/^[\d,]+/.exec(notInvalidated)?.[0]),
      requests: number(requests),
      tokenCalls: tokenCall === undefined ? 0 : 1,
    },
    notInvalidated,
    invalidatedRefs: lines.filter((line) => /^ {2}[^…]/.test(line)).map((line) => line.slice(2)),
    moreInvalidated: cut?.[1] === undefined ? 0 : number(cut[1]),
    token,
    failures: lines
      .filter((line) => line.startsWith('Failed: '))
      .map((line) => line.slice('Failed: '.length)),
    moreFailures: more?.[1] === undefined ? 0 : number(more[1]),
    origin: after('Origin check: '),
    warm: after('Warm-up: '),
  };
}

function number(text: string | undefined): number {
  return Number((text ?? 'NaN').replace(/,/g, ''));
}

/** Each renderer, as the action and the command call it, checked against the others. */
function check(report: Report): void {
  const bulk = makeFormsRedactor([ROOT_KEY]);
  const actionReport = json(report, bulk);
  const commandReport = json(report, (text) => neutraliseJson(bulk(text)));
  // The action's JSON report and the command's --json say the same.
  expect(commandReport).toEqual(actionReport);
  const byJson = toldByJson(actionReport);
  const outputs = toldByOutputs(report);
  const summary = toldBySummary(summaryMarkdown(report));
  const text = toldByText(resultText(report));

  // The counts, and what they count.
  expect(summary.counts).toEqual(byJson.counts);
  expect(text.counts).toEqual(byJson.counts);
  expect(outputs.counts).toEqual({
    invalidated: byJson.counts.invalidated,
    notInvalidated: byJson.counts.notInvalidated,
    requests: byJson.counts.requests,
  });
  // What was not invalidated, in the same words in the summary and the text.
  if (byJson.counts.notInvalidated > 0) expect(text.notInvalidated).toBe(summary.notInvalidated);

  // The references: whole in the outputs, the first of them in the summary and the text, the rest counted.
  expect(outputs.invalidatedRefs).toEqual(byJson.invalidatedRefs);
  expect([...outputs.invalidatedRefs, ...outputs.notInvalidatedRefs].sort()).toEqual(
    actionReport.assets.map((asset) => asset.ref).sort(),
  );
  expect(text.invalidatedRefs).toEqual(byJson.invalidatedRefs.slice(0, MAX_LISTED_URLS));
  expect(text.invalidatedRefs.length + text.moreInvalidated).toBe(byJson.counts.invalidated);
  if (report.ran.invalidate.imageHost !== undefined) {
    const isUrl = (ref: string): boolean => ref.startsWith('https:');
    const urls = byJson.invalidatedRefs.filter(isUrl);
    const hashes = byJson.invalidatedRefs.filter((ref) => !isUrl(ref));
    expect(summary.invalidatedRefs).toEqual([
      ...urls.slice(0, MAX_THUMBNAILS),
      ...hashes.slice(0, MAX_THUMBNAILS),
    ]);
    expect(summary.invalidatedRefs.length + summary.moreInvalidated).toBe(byJson.counts.invalidated);
  } else expect(summary.invalidatedRefs).toEqual([]);

  // The token.
  expect(outputs.token).toBe(byJson.token);
  expect(summary.token).toBe(byJson.token);
  expect(text.token).toBe(byJson.token);

  // The failures, named up to the same cap in the summary and the text, the rest counted.
  expect(text.failures).toEqual(byJson.failures);
  expect(summary.failures).toEqual(byJson.failures.map(markdownText));
  expect(text.moreFailures).toBe(byJson.moreFailures);
  expect(summary.moreFailures).toBe(byJson.moreFailures);

  // The origin check and the warm-up, in the same words.
  expect(summary.origin).toBe(text.origin);
  expect(summary.origin === undefined).toBe(actionReport.origin === undefined);
  if (actionReport.origin !== undefined) {
    const ready = /^([\d,]+) served the new files/.exec(text.origin ?? '');
    expect(number(ready?.[1])).toBe(actionReport.origin.states.ready);
  }
  expect(summary.warm).toBe(text.warm);
  expect(summary.warm === undefined).toBe(actionReport.warm === undefined);
}

describe('the renderers of a run', () => {
  it('agree with each other on counts, words, references, token, origin, warm-up and failures', async () => {
    await fc.assert(
      fc.asyncProperty(RUN, async (run) => {
        check(await reportOf(run));
      }),
      { numRuns: AGREEMENT_RUNS },
    );
  }, 60_000);
});

describe('the renderers of a dry run', () => {
  it('agree with each other on what would be sent, call by call, and say nothing was', async () => {
    const DRY = fc.record({
      assets: fc.integer({ min: 1, max: 450 }),
      hashEvery: fc.integer({ min: 2, max: 9 }),
      token: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(DRY, async (dry) => {
        const plan = planRun({
          target: { scope: 'assets', assets: refsOf(dry) },
          token: dry.token,
        });
        const report = await reportFrom({ plan, startedAt: new Date(0), finishedAt: new Date(0) });
        const byJson = json(report, (text) => text);
        const planned = byJson.assets.filter((asset) => asset.outcome === 'planned');
        expect(planned).toHaveLength(byJson.assets.length);
        // The command lists each call with the assets it would carry, in the order of the report.
        const text = resultText(report);
        const counted = /^Would invalidate ([\d,]+) assets? in ([\d,]+) calls?\.$/m.exec(text);
        expect(number(counted?.[1])).toBe(byJson.counts.assets);
        expect(number(counted?.[2])).toBe(plan.calls.length);
        const listed = text
          .split('\n')
          .filter((line) => line.startsWith('  '))
          .map((line) => line.slice(2));
        expect(listed).toEqual(planned.map((asset) => asset.ref));
        // The summary counts the same assets, and lists the same in its folded lists, as GitHub shows them.
        const markdown = summaryMarkdown(report);
        expect(number(/\*\*Assets:\*\* ([\d,]+)/.exec(markdown)?.[1])).toBe(byJson.counts.assets);
        const items = renderGfm(markdown.split('### Assets that would be invalidated')[1] ?? '').items;
        expect(items).toEqual(planned.map((asset) => asset.ref));
        // Nothing was confirmed, and the outputs say so.
        const outputs = outputsOf(report, FILES);
        expect([
          outputs.invalidated,
          outputs['invalidated-count'],
          outputs['failed-count'],
          outputs.requests,
        ]).toEqual(['[]', '0', '0', '0']);
        expect(byJson.counts).toMatchObject({
          invalidated: 0,
          notInvalidated: 0,
          requests: 0,
          tokenCalls: 0,
        });
        expect(markdown).toContain(dry.token ? '**Token:** would be requested.' : '');
      }),
      { numRuns: Math.min(RUNS, 40) },
    );
  }, 60_000);
});
