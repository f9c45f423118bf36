/**
 * Sections 1 and 2 of BENCHMARKS.md: the throughput of execute() inside a process, and what users write by hand
 * instead. execute() with the real client (sendCall) over createDispatcher(), against the emulator with a fixed
 * latency of 25 ms per call; each case runs in a child process of its own (scripts/bench/case.ts), whose
 * process.resourceUsage().maxRSS at its end is the case's peak memory, next to its floor (the least a client can do).
 */
import type { Emulator } from '../../test/emulator/server.ts';
import { count, duration, markdownTable, median, mib, ms, passFail, ratio, type Table } from './format.ts';
import { runCaseProcess } from './processes.ts';
import {
  ASSETS_PER_CALL,
  idealMs,
  LATENCY_MS,
  type CaseMode,
  type CaseResult,
  type CaseSpec,
} from './protocol.ts';
import type { BenchContext, Section, SectionResult } from './section.ts';

const ASSET_COUNTS = [1_000, 10_000, 100_000] as const;
const CONCURRENCIES = [1, 4, 8, 16] as const;
/** The concurrency the hand-written loops are compared with: the action's default. */
const DEFAULT_CONCURRENCY = 4;
const PER_ASSET_COUNT = 1_000;

const TARGET_RATIO = 1.15;
const TARGET_FROM_ASSETS = 10_000;

/**
 * Runs of a case, by its ideal time: short cases are noisier and cheap, so they run more often (the median is kept);
 * the longest run once, to keep the whole benchmark within about 3 minutes.
 */
const REPEATS: readonly { readonly belowMs: number; readonly runs: number }[] = [
  { belowMs: 1_000, runs: 5 },
  { belowMs: 2_000, runs: 3 },
];
const MAX_REPEATS = 5;

interface Run {
  readonly result: CaseResult;
  /** Requests the emulator received. */
  readonly received: number;
  readonly peakInFlight: number;
}

interface Measurement {
  readonly spec: CaseSpec;
  readonly runs: Run[];
  /** Anything that makes the figures untrustworthy: calls lost, assets not confirmed, runs that disagree. */
  readonly problems: string[];
}

interface Summary {
  readonly spec: CaseSpec;
  readonly runs: number;
  readonly wallMs: number;
  /** The client's CPU time per call sent. */
  readonly cpuPerCallMs: number;
  readonly prepareMs: number;
  readonly received: number;
  readonly peakInFlight: number;
  readonly maxRssKiB: number;
  readonly idealMs: number;
  readonly ratio: number;
  readonly problems: readonly string[];
}

export const throughputSection: Section = {
  name: 'throughput',
  memory: false,
  async measure({ emulator, log }: BenchContext): Promise<SectionResult> {
    const endpoint = `${emulator.url}/api/${emulator.serviceKey}/v2/cache`;
    log(`Throughput: ${LATENCY_MS} ms per call; each case in a child process.`);
    const baselineKiB = (await runCaseProcess({ mode: 'idle', assets: 0, concurrency: 1, endpoint }))
      .maxRssKiB;
    return report(await throughput(emulator, endpoint, log), baselineKiB);
  },
};

async function throughput(
  service: Emulator,
  endpoint: string,
  log: (line: string) => void,
): Promise<Summary[]> {
  // Each action case next to its floor (at concurrency 1, the hand-written loop of 100-asset calls), so that the
  // two see the same moment of a shared machine.
  const specs: CaseSpec[] = [
    ...ASSET_COUNTS.flatMap((assets) =>
      CONCURRENCIES.flatMap((concurrency) => [
        spec('action', assets, concurrency, endpoint),
        concurrency === 1
          ? spec('per-batch', assets, 1, endpoint)
          : spec('floor', assets, concurrency, endpoint),
      ]),
    ),
    spec('per-asset', PER_ASSET_COUNT, 1, endpoint),
  ];
  const measurements = specs.map((caseSpec): Measurement => ({ spec: caseSpec, runs: [], problems: [] }));
  // Round-robin: the repeated cases take turns, so that a noisy moment spreads over all of them.
  for (let round = 0; round < MAX_REPEATS; round++) {
    for (const measurement of measurements) {
      if (round >= repeatsOf(measurement.spec)) continue;
      await measureOnce(service, measurement, log);
    }
  }
  return measurements.map(summarise);
}

function spec(mode: CaseMode, assets: number, concurrency: number, endpoint: string): CaseSpec {
  return { mode, assets, concurrency, endpoint };
}

function idealOf(caseSpec: CaseSpec): number {
  return caseSpec.mode === 'per-asset'
    ? caseSpec.assets * LATENCY_MS
    : idealMs(caseSpec.assets, caseSpec.concurrency);
}

function repeatsOf(caseSpec: CaseSpec): number {
  const ideal = idealOf(caseSpec);
  return REPEATS.find((repeat) => ideal < repeat.belowMs)?.runs ?? 1;
}

function expectedCalls(caseSpec: CaseSpec): number {
  return caseSpec.mode === 'per-asset' ? caseSpec.assets : Math.ceil(caseSpec.assets / ASSETS_PER_CALL);
}

async function measureOnce(
  service: Emulator,
  measurement: Measurement,
  log: (line: string) => void,
): Promise<void> {
  const { spec: caseSpec, problems } = measurement;
  service.reset();
  const result = await runCaseProcess(caseSpec);
  const received = service.requests.length;
  const accepted = new Set(service.invalidated.assets).size;
  const expected = expectedCalls(caseSpec);
  if (received !== expected) problems.push(`the emulator received ${received} calls, expected ${expected}`);
  if (accepted !== caseSpec.assets || result.confirmed !== caseSpec.assets) {
    problems.push(
      `${accepted} distinct assets accepted, ${result.confirmed} confirmed, of ${caseSpec.assets} sent`,
    );
  }
  if (service.maxInFlight > caseSpec.concurrency) {
    problems.push(`${service.maxInFlight} calls in flight, above the concurrency of ${caseSpec.concurrency}`);
  }
  measurement.runs.push({ result, received, peakInFlight: service.maxInFlight });
  log(
    `  ${describe(caseSpec).padEnd(44)} ${duration(result.wallMs).padStart(9)}` +
      `  ${ratio(result.wallMs / idealOf(caseSpec)).padStart(7)} ideal  ${mib(result.maxRssKiB)}`,
  );
}

function describe(caseSpec: CaseSpec): string {
  const assets = `${count(caseSpec.assets)} assets`;
  switch (caseSpec.mode) {
    case 'action':
      return `action, ${assets}, concurrency ${caseSpec.concurrency}`;
    case 'per-asset':
      return `by hand, 1 call per asset, ${assets}`;
    case 'per-batch':
      return `by hand, 1 call per 100, ${assets}`;
    case 'floor':
      return `floor, ${assets}, concurrency ${caseSpec.concurrency}`;
    case 'idle':
      return 'baseline, nothing sent';
  }
}

function summarise(measurement: Measurement): Summary {
  const { spec: caseSpec, runs } = measurement;
  const wallMs = median(runs.map((run) => run.result.wallMs));
  const ideal = idealOf(caseSpec);
  return {
    spec: caseSpec,
    runs: runs.length,
    wallMs,
    cpuPerCallMs: median(runs.map((run) => run.result.cpuMs / Math.max(1, run.result.calls))),
    prepareMs: median(runs.map((run) => run.result.prepareMs)),
    received: Math.max(...runs.map((run) => run.received)),
    peakInFlight: Math.max(...runs.map((run) => run.peakInFlight)),
    maxRssKiB: Math.max(...runs.map((run) => run.result.maxRssKiB)),
    idealMs: ideal,
    ratio: wallMs / ideal,
    problems: [...new Set(measurement.problems)],
  };
}

function report(all: readonly Summary[], baselineKiB: number): SectionResult {
  const find = (mode: CaseMode, assets: number, concurrency: number): Summary => {
    const found = all.find(
      (s) => s.spec.mode === mode && s.spec.assets === assets && s.spec.concurrency === concurrency,
    );
    if (found === undefined) throw new Error(`no ${mode} case of ${assets} × ${concurrency}`);
    return found;
  };
  const actions = all.filter((s) => s.spec.mode === 'action');
  const byHand = all.filter((s) => s.spec.mode === 'per-asset' || s.spec.mode === 'per-batch');

  /** The least a client can do against this emulator at the same concurrency: the harness's own share. */
  const floorOf = (s: Summary): Summary =>
    s.spec.concurrency === 1
      ? find('per-batch', s.spec.assets, 1)
      : find('floor', s.spec.assets, s.spec.concurrency);
  const actionTable: Table = {
    headers: [
      'Assets',
      'Concurrency',
      'Calls received',
      'Peak in flight',
      'Wall (median)',
      'Ideal',
      '× ideal',
      `Target ≤ ${TARGET_RATIO}× ideal`,
      'Floor × ideal',
      'Action ÷ floor',
      'Client CPU per call, action / floor',
      'Peak RSS',
      'Parse + plan',
      'Runs',
    ],
    align: [
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'left',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
    ],
    rows: actions.map((s) => {
      const floor = floorOf(s);
      return [
        count(s.spec.assets),
        String(s.spec.concurrency),
        count(s.received),
        String(s.peakInFlight),
        duration(s.wallMs),
        duration(s.idealMs),
        ratio(s.ratio),
        s.spec.assets >= TARGET_FROM_ASSETS ? passFail(s.ratio <= TARGET_RATIO) : 'no target (under 10,000)',
        ratio(floor.ratio),
        ratio(s.wallMs / floor.wallMs),
        `${ms(s.cpuPerCallMs)} / ${ms(floor.cpuPerCallMs)}`,
        mib(s.maxRssKiB),
        ms(s.prepareMs),
        String(s.runs),
      ];
    }),
  };

  const handTable: Table = {
    headers: [
      'Written by hand',
      'Assets',
      'Calls received',
      'Wall (median)',
      '× ideal',
      'Action, concurrency 4',
      'By hand ÷ action',
      'Client CPU per call',
      'Peak RSS',
      'Runs',
    ],
    align: ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
    rows: byHand.map((s) => {
      const action = find('action', s.spec.assets, DEFAULT_CONCURRENCY);
      return [
        s.spec.mode === 'per-asset'
          ? 'one call per asset, in sequence (a curl loop)'
          : 'one call per 100 assets, in sequence (`for` + `await`)',
        count(s.spec.assets),
        count(s.received),
        duration(s.wallMs),
        ratio(s.ratio),
        duration(action.wallMs),
        ratio(s.wallMs / action.wallMs),
        ms(s.cpuPerCallMs),
        mib(s.maxRssKiB),
        String(s.runs),
      ];
    }),
  };

  const a100k16 = find('action', 100_000, 16);
  const a100k4 = find('action', 100_000, DEFAULT_CONCURRENCY);
  const a1k4 = find('action', PER_ASSET_COUNT, DEFAULT_CONCURRENCY);
  const perAsset = find('per-asset', PER_ASSET_COUNT, 1);
  const perBatch100k = find('per-batch', 100_000, 1);
  const headline = [
    `Throughput: 100,000 assets (1,000 calls of 100, ${LATENCY_MS} ms each) in ${duration(a100k16.wallMs)} at ` +
      `concurrency 16, ${ratio(a100k16.ratio)} the ideal; ${duration(a100k4.wallMs)} at the default concurrency 4 ` +
      `(${ratio(a100k4.ratio)} the ideal).`,
    `Against hand-written loops, the action at concurrency 4 is ${ratio(perAsset.wallMs / a1k4.wallMs)} faster ` +
      `than one call per asset (1,000 assets) and ${ratio(perBatch100k.wallMs / a100k4.wallMs)} faster than a ` +
      `sequential loop of 100-asset calls (100,000 assets).`,
  ];

  const problems = all.flatMap((s) => s.problems.map((problem) => `${describe(s.spec)}: ${problem}`));
  const failures = [
    ...actions
      .filter((s) => s.spec.assets >= TARGET_FROM_ASSETS && s.ratio > TARGET_RATIO)
      .map((s) => {
        const floor = floorOf(s);
        return (
          `${describe(s.spec)}: ${ratio(s.ratio)} the ideal, over ${TARGET_RATIO}×; a plain undici client at ` +
          `the same concurrency (the floor) takes ${ratio(floor.ratio)} the ideal, so the action's own share is ` +
          `${ratio(s.wallMs / floor.wallMs)} the floor`
        );
      }),
  ];

  const targeted = actions.filter((s) => s.spec.assets >= TARGET_FROM_ASSETS);
  const shares = targeted.map((s) => s.wallMs / floorOf(s).wallMs);
  const floors = targeted.map((s) => floorOf(s).ratio);
  const worst = targeted.reduce((a, b) =>
    a.wallMs / floorOf(a).wallMs >= b.wallMs / floorOf(b).wallMs ? a : b,
  );
  const range = (values: readonly number[]): string =>
    `${ratio(Math.min(...values))} to ${ratio(Math.max(...values))}`;
  const reading =
    `From ${count(TARGET_FROM_ASSETS)} assets up, the action takes ${range(shares)} the floor's time, and the ` +
    `floor itself ${range(floors)} the ideal: ` +
    (Math.max(...shares) <= 1.05
      ? "the time above the ideal is the harness's (this emulator and any client's work per call), not the action's."
      : `the action itself adds up to ${ratio(Math.max(...shares))} the time of the least a client can do ` +
        `(${describe(worst.spec)}).`);
  const markdown = [
    `## 1. Throughput of execute(), inside a process (the core alone: no start-up, no results step)\n\n${markdownTable(actionTable)}\n\n${reading} ` +
      `Peak RSS of the same case script sending nothing (modules loaded, no assets): ${mib(baselineKiB)}.`,
    `## 2. What users write by hand instead\n\n${markdownTable(handTable)}`,
    method(),
  ].join('\n\n');
  return { markdown, failures, problems, headline };
}

/** How sections 1 and 2 are measured: one line a bullet, so that Prettier leaves them whole. */
function method(): string {
  const repeats = REPEATS.map((r) => `${r.runs} times when its ideal is under ${count(r.belowMs)} ms`);
  const bullets = [
    "**Client.** Each case runs in a child process of its own (`scripts/bench/case.ts`, on the project's Node), so " +
      "that its peak memory, `process.resourceUsage().maxRSS` read at its end, is its own and not the emulator's. " +
      "The action's case parses the `assets` input (one URL a line) with `parseAssetList` and plans with `planRun` " +
      '("Parse + plan"), then times `execute()` with the real client (`sendCall`) over ' +
      '`createDispatcher(concurrency, 30_000)`, as the action does (without its log line per call).',
    `**Ideal.** \`ceil(assets / ${ASSETS_PER_CALL} / concurrency) × ${LATENCY_MS} ms\`: every call takes exactly ` +
      `the emulator's latency, with no time at all for HTTP, JSON or scheduling. The target is at most ` +
      `${TARGET_RATIO}× this ideal from ${count(TARGET_FROM_ASSETS)} assets up; under that, setting up the ` +
      'connections weighs on a run of a few calls.',
    '**Floor.** The ideal leaves out the time that any client, and this emulator, need per call. The floor ' +
      'measures it: the least a concurrent client can do, `concurrency` plain loops of undici requests sharing ' +
      'one cursor (at concurrency 1, the hand-written loop of 100-asset calls). "Floor × ideal" is the harness\'s ' +
      'share, "Action ÷ floor" the action\'s own. "Client CPU per call" is the case process\'s CPU time (user + ' +
      'system) over the timed part, divided by the calls.',
    '**By hand.** A plain sequential loop of undici requests over one keep-alive connection: one asset a call ' +
      '(what a `curl` loop over changed files sends; curl would also pay a process and a new connection per ' +
      'call), or 100 assets a call (`for` + `await`). Compared with the action at concurrency ' +
      `${DEFAULT_CONCURRENCY}, its default, for the same assets.`,
    `**Repeats.** A case runs ${repeats.join(', ')}, once otherwise (its 100 to 1,000 calls average out the ` +
      'noise); the runs take turns, each action case next to its floor. The tables show the median wall time ' +
      'and the highest peak RSS.',
  ];
  return `How sections 1 and 2 are measured:\n\n${bullets.map((bullet) => `- ${bullet}`).join('\n')}`;
}
