/**
 * Section 0 of BENCHMARKS.md, what ships, as whole processes: `node dist/index.js` spawned as the runner spawns it (inputs as INPUT_*
 * variables, the list through files-from, outputs and summary into their files), and `node lib/cli/index.js` (the
 * command as the npm package ships it),
 * each timed from spawn to exit with its peak RSS (GNU time's %M). Beside each, in the same run: the same inputs as
 * a dry run (start-up, reading, planning, report, outputs and summary, but no call), and the floor
 * (scripts/bench/floor.ts) as a whole process.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Emulator } from '../../test/emulator/server.ts';
import { runnerInputs } from '../../test/support/runner.ts';
import { count, duration, markdownTable, mib, passFail, ratio } from './format.ts';
import { timed, type ProcessFigure } from './processes.ts';
import { idealMs, ROOT_KEY } from './protocol.ts';
import type { BenchContext, Section, SectionResult } from './section.ts';

const FLOOR = fileURLToPath(new URL('floor.ts', import.meta.url));
const COMMAND = fileURLToPath(new URL('../../lib/cli/index.js', import.meta.url));
const URL_MAP = 'public/images => https://www.example.com/images';

export interface ShippedCase {
  readonly name: 'action' | 'command';
  readonly assets: number;
  readonly concurrency: number;
  readonly runs: number;
  /**
   * Targets: (wall − dry run) ÷ ideal, (wall − dry run) ÷ floor, peak RSS in MiB or in MB. The peak RSS ÷ the
   * floor's is a figure, not a target: the floor is another program, whose own memory moves with Node and undici.
   */
  readonly targets: {
    readonly ideal?: number;
    readonly floor?: number;
    readonly rssMiB?: number;
    readonly rssMb?: number;
  };
}

interface ShippedResult {
  readonly spec: ShippedCase;
  readonly wall: ProcessFigure;
  readonly dry: ProcessFigure;
  readonly floor: ProcessFigure;
  readonly idealMs: number;
  readonly problems: readonly string[];
}

const SHIPPED_CASES: readonly ShippedCase[] = [
  { name: 'action', assets: 10_000, concurrency: 4, runs: 3, targets: { ideal: 1.25 } },
  {
    name: 'action',
    assets: 100_000,
    concurrency: 16,
    runs: 3,
    targets: { ideal: 1.15, floor: 1.1, rssMiB: 200 },
  },
  { name: 'command', assets: 100_000, concurrency: 16, runs: 1, targets: {} },
  { name: 'action', assets: 1_000_000, concurrency: 16, runs: 1, targets: { ideal: 1.2, rssMb: 600 } },
];

export const shippedSection: Section = {
  name: 'shipped',
  memory: true,
  async measure({ emulator, log, memoryOnly }: BenchContext): Promise<SectionResult> {
    log(
      'What ships: dist/index.js and lib/cli/index.js as whole processes, beside their dry runs and the floor.',
    );
    // `--memory`: the cases with a memory target, once each.
    const cases = memoryOnly
      ? SHIPPED_CASES.filter(hasMemoryTarget).map((spec) => ({ ...spec, runs: 1 }))
      : SHIPPED_CASES;
    return shippedResult(await measureShipped(emulator, log, cases));
  },
};

async function measureShipped(
  emulator: Emulator,
  log: (line: string) => void,
  cases: readonly ShippedCase[] = SHIPPED_CASES,
): Promise<ShippedResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-shipped-'));
  const results: ShippedResult[] = [];
  try {
    for (const spec of cases) {
      const list = changedList(dir, spec.assets);
      const problems: string[] = [];
      const runs = { wall: [] as ProcessFigure[], dry: [] as ProcessFigure[], floor: [] as ProcessFigure[] };
      for (let run = 0; run < spec.runs; run++) {
        // Side by side, so that the three see the same moment of a shared machine.
        emulator.reset();
        runs.wall.push(await runShipped(spec, list, dir, false));
        const received = new Set(emulator.invalidated.assets).size;
        if (received !== spec.assets)
          problems.push(`the emulator confirmed ${received} of ${spec.assets} assets`);
        emulator.reset();
        runs.dry.push(await runShipped(spec, list, dir, true));
        if (emulator.requests.length > 0) problems.push('the dry run sent calls');
        emulator.reset();
        runs.floor.push(await runFloor(emulator, list, spec.concurrency));
      }
      const result = {
        spec,
        wall: median(runs.wall),
        dry: median(runs.dry),
        floor: median(runs.floor),
        idealMs: idealMs(spec.assets, spec.concurrency),
        problems,
      };
      log(
        `${spec.name}, ${spec.assets} assets, concurrency ${spec.concurrency}: ${Math.round(result.wall.ms)} ms ` +
          `(dry run ${Math.round(result.dry.ms)} ms, floor ${Math.round(result.floor.ms)} ms), ` +
          `${Math.round(result.wall.rssKiB / 1024)} MiB`,
      );
      results.push(result);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;

  function runShipped(spec: ShippedCase, list: string, dir: string, dryRun: boolean): Promise<ProcessFigure> {
    if (spec.name === 'command') {
      return timed(
        [
          COMMAND,
          '--files-from',
          basename(list),
          '--url-map',
          URL_MAP,
          '--concurrency',
          String(spec.concurrency),
          ...(dryRun ? ['--dry-run'] : []),
        ],
        {
          IMAGE_CACHE_API_KEY: ROOT_KEY,
          IMAGE_CACHE_BASE_URL: emulator.url,
          IMAGE_CACHE_SERVICE_KEY: emulator.serviceKey,
          // The list's images are on a host that serves nothing: there is no origin to wait for.
          IMAGE_CACHE_ORIGIN_CHECK: 'off',
        },
        [],
        // The command reads lists only from the folder it runs in, as a CI job's checkout.
        dir,
      );
    }
    return runAction(emulator, list, dir, spec.concurrency, dryRun);
  }
}

/**
 * `node dist/index.js` as the runner spawns it, over the list of changed paths in `list` (`files-from`), its
 * outputs, summary and report in `dir`; `nodeArgs` for a diagnosis only (the runner passes none).
 */
export function runAction(
  emulator: Emulator,
  list: string,
  dir: string,
  concurrency: number,
  dryRun: boolean,
  nodeArgs: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<ProcessFigure> {
  const output = join(dir, 'output');
  const summary = join(dir, 'summary');
  writeFileSync(output, '');
  writeFileSync(summary, '');
  return timed(
    ['dist/index.js'],
    {
      ...runnerInputs({
        'api-key': ROOT_KEY,
        'base-url': emulator.url,
        'service-key': emulator.serviceKey,
        'files-from': list,
        'url-map': URL_MAP,
        // The list's images are on a host that serves nothing: there is no origin to wait for.
        'origin-check': 'off',
        concurrency: String(concurrency),
        'dry-run': String(dryRun),
      }),
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_WORKSPACE: dir,
      RUNNER_TEMP: dir,
      ...env,
    },
    nodeArgs,
  );
}

/** The floor process over the same list: the least a client can do (floor.ts). */
export function runFloor(emulator: Emulator, list: string, concurrency: number): Promise<ProcessFigure> {
  return timed([FLOOR, list, endpointOf(emulator), String(concurrency)], {});
}

/** Writes the list of `count` changed image paths into `dir`, once; returns its path. */
export function changedList(dir: string, count: number): string {
  const list = join(dir, `changed-${count}.txt`);
  if (!existsSync(list)) writeFileSync(list, `${paths(count).join('\n')}\n`);
  return list;
}

function endpointOf(emulator: Emulator): string {
  return `${emulator.url}/api/${emulator.serviceKey}/v2/cache`;
}

/** `count` changed image paths, as a push of many images lists them. */
function paths(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `public/images/${Math.floor(i / 1000)}/photo-${i}.jpg`);
}

function median(figures: readonly ProcessFigure[]): ProcessFigure {
  const sorted = figures.toSorted((a, b) => a.ms - b.ms);
  return sorted[Math.floor(sorted.length / 2)] ?? { ms: NaN, rssKiB: NaN };
}

/** The section of BENCHMARKS.md: a table of the whole processes, and the targets they missed. */
function shippedResult(results: readonly ShippedResult[]): SectionResult {
  const failures: string[] = [];
  const rows = results.map((result) => {
    const { spec, wall, dry, floor } = result;
    const sending = wall.ms - dry.ms;
    const checks: string[] = [];
    const check = (name: string, value: number, limit: number | undefined, shown: string): void => {
      if (limit === undefined) return;
      const ok = value <= limit;
      checks.push(`${name} ${passFail(ok)}`);
      if (!ok) failures.push(`${describeCase(spec)}: ${shown}, over ${limit}${unitOf(name)}`);
    };
    check(
      '× ideal',
      sending / result.idealMs,
      spec.targets.ideal,
      `wall minus dry run ${ratio(sending / result.idealMs)} the ideal`,
    );
    check(
      '÷ floor',
      sending / floor.ms,
      spec.targets.floor,
      `wall minus dry run ${ratio(sending / floor.ms)} the floor process`,
    );
    check('RSS MiB', wall.rssKiB / 1024, spec.targets.rssMiB, `peak RSS ${mib(wall.rssKiB)}`);
    check('RSS MB', wall.rssKiB / 1000, spec.targets.rssMb, `peak RSS ${(wall.rssKiB / 1000).toFixed(0)} MB`);
    return [
      `\`node ${spec.name === 'action' ? 'dist/index.js' : 'lib/cli/index.js'}\``,
      count(spec.assets),
      String(spec.concurrency),
      duration(wall.ms),
      duration(dry.ms),
      duration(sending),
      duration(result.idealMs),
      ratio(sending / result.idealMs),
      duration(floor.ms),
      ratio(sending / floor.ms),
      mib(wall.rssKiB),
      mib(floor.rssKiB),
      ratio(wall.rssKiB / floor.rssKiB),
      checks.join(', ') || 'no target',
      String(spec.runs),
    ];
  });
  const table = markdownTable({
    headers: [
      'Process',
      'Assets',
      'Concurrency',
      'Wall',
      'Dry run',
      'Wall − dry run',
      'Ideal',
      '(Wall − dry) ÷ ideal',
      'Floor process',
      '(Wall − dry) ÷ floor',
      'Peak RSS',
      'Floor RSS',
      'RSS ÷ floor',
      'Targets',
      'Runs',
    ],
    align: [
      'left',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'left',
      'right',
    ],
    rows,
  });
  const problems = results.flatMap((result) =>
    result.problems.map((problem) => `${describeCase(result.spec)}: ${problem}`),
  );
  return {
    markdown:
      '## 0. What ships, as whole processes\n\n' +
      table +
      '\n\nEach process is timed from spawn to exit, with its real outputs, summary, report and list files, and the ' +
      "list (changed paths, mapped by `url-map`) read through `files-from`; peak RSS is GNU time's (the tables in " +
      'MiB; the targets are 200 MiB at 100,000 assets and 600 decimal MB at 1,000,000; RSS ÷ floor is a figure, ' +
      'not a target). The dry run is the same process with `dry-run: true`: start-up, ' +
      'reading, planning and the results step, but no call; it also lists every asset it would send, in the log ' +
      'and the summary, which a run that sends does not, so wall − dry run is short of the sending by that ' +
      'listing. The floor is `scripts/bench/floor.ts` as a whole process: it reads the same list, maps it, and ' +
      'sends the same calls over an undici Pool at the same concurrency, with no validation, retries, report or ' +
      'outputs. Medians of the runs, each run of the action next to its dry run and its floor.',
    failures,
    problems,
    headline: results
      .filter((result) => hasMemoryTarget(result.spec))
      .map(
        ({ spec, wall, floor }) =>
          `Peak memory of ${describeCase(spec)}: ${mib(wall.rssKiB)} (${((wall.rssKiB * 1024) / 1e6).toFixed(1)} ` +
          `MB), ${ratio(wall.rssKiB / floor.rssKiB)} the floor process's.`,
      ),
  };
}

function hasMemoryTarget(spec: ShippedCase): boolean {
  return spec.targets.rssMiB !== undefined || spec.targets.rssMb !== undefined;
}

/** What follows a target's limit in a missed target's line. */
function unitOf(check: string): string {
  if (check.endsWith('MiB')) return ' MiB';
  return check.endsWith('MB') ? ' MB' : '×';
}

function describeCase(spec: ShippedCase): string {
  return `${spec.name === 'action' ? 'dist/index.js' : 'lib/cli/index.js'}, ${count(spec.assets)} assets, concurrency ${spec.concurrency}`;
}
