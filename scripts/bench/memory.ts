/**
 * Section 0.1 of BENCHMARKS.md: where the peak memory of the shipped action is, at 100,000 assets. The same process
 * as section 0 (`node dist/index.js` over a list of changed paths), with a probe loaded before it (`--import`, for
 * this diagnosis only: the runner passes no flag) that reads, at the end of each stage (when the log opens the
 * calls' group, when it closes it, at exit), the peak RSS so far and the size of V8's young and old generations;
 * beside it, the floor process.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, markdownTable, mib, ratio } from './format.ts';
import type { ProcessFigure } from './processes.ts';
import { changedList, runAction, runFloor } from './shipped.ts';
import type { BenchContext, Section, SectionResult } from './section.ts';

const ASSETS = 100_000;
const CONCURRENCY = 16;

/** The stages, as the probe names them, in order. */
const STAGES = ['start-up, reading and planning', 'the calls', 'the results'] as const;

interface StageFigure {
  readonly stage: (typeof STAGES)[number];
  /** process.resourceUsage().maxRSS: the peak so far. */
  readonly peakKiB: number;
  /** V8's young generation (new space and its large objects), reserved. */
  readonly youngBytes: number;
  /** Old space and large objects, in use. */
  readonly oldBytes: number;
}

// The probe, plain JavaScript (a TypeScript file would load Node's type stripper into the measured process).
// `::group::Invalidate` opens the calls' group in the log and the next `::endgroup::` closes it.
const PROBE = `
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';
const stages = ${JSON.stringify(STAGES)};
const figures = [];
const space = (name) => v8.getHeapSpaceStatistics().find((s) => s.space_name === name) ?? { space_size: 0, space_used_size: 0 };
const mark = () => figures.push({
  stage: stages[figures.length],
  peakKiB: process.resourceUsage().maxRSS,
  youngBytes: space('new_space').space_size + space('new_large_object_space').space_size,
  oldBytes: space('old_space').space_used_size + space('large_object_space').space_used_size,
});
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const text = String(chunk);
  if (figures.length === 0 && text.includes('::group::Invalidate')) mark();
  else if (figures.length === 1 && text.includes('::endgroup::')) mark();
  return write(chunk, ...rest);
};
process.on('exit', () => {
  mark();
  writeFileSync(process.env.BENCH_PROBE_FILE, JSON.stringify(figures));
});
`;

interface Probed {
  readonly whole: ProcessFigure;
  readonly stages: readonly StageFigure[];
}

export const memorySection: Section = {
  name: 'memory',
  memory: true,
  async measure({ emulator, log }: BenchContext): Promise<SectionResult> {
    log(`Where the memory goes: dist/index.js at ${count(ASSETS)} assets, probed, beside the floor.`);
    const dir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
    const probe = join(dir, 'probe.mjs');
    writeFileSync(probe, PROBE);
    const list = changedList(dir, ASSETS);
    const probed = async (): Promise<Probed> => {
      const file = join(dir, 'stages.json');
      emulator.reset();
      const whole = await runAction(emulator, list, dir, CONCURRENCY, false, ['--import', probe], {
        BENCH_PROBE_FILE: file,
      });
      return { whole, stages: JSON.parse(readFileSync(file, 'utf8')) as StageFigure[] };
    };
    try {
      const shipped = await probed();
      emulator.reset();
      const floor = await runFloor(emulator, list, CONCURRENCY);
      return result(shipped, floor);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

function result(shipped: Probed, floor: ProcessFigure): SectionResult {
  const row = (name: string, run: Probed): string[] => [
    name,
    ...run.stages.map(
      (stage) =>
        `${mib(stage.peakKiB)} (young ${mebibytes(stage.youngBytes)}, old ${mebibytes(stage.oldBytes)})`,
    ),
    mib(run.whole.rssKiB),
    ratio(run.whole.rssKiB / floor.rssKiB),
  ];
  const table = markdownTable({
    headers: [
      'Process',
      ...STAGES.map((stage) => `Peak by the end of ${stage}`),
      'Peak RSS (GNU time)',
      '÷ floor',
    ],
    align: ['left', 'right', 'right', 'right', 'right', 'right'],
    rows: [
      row('`node dist/index.js`', shipped),
      ['the floor process', '', '', '', mib(floor.rssKiB), '1.00×'],
    ],
  });
  const young = mebibytes(Math.max(...shipped.stages.map((stage) => stage.youngBytes)));
  const markdown =
    `## 0.1. Where the memory goes, at ${count(ASSETS)} assets\n\n${table}\n\n` +
    "Each cell: the peak RSS so far at the end of the stage, with the size of V8's young generation (reserved) and " +
    'of its old generation (in use) at that moment. The process is the same as in section 0, with a probe loaded ' +
    'before it (`--import`, a diagnosis only) that reads these figures when the log opens and closes the group of ' +
    'the calls, and at exit. The action sets no option of V8: V8 doubles its young generation each time as many ' +
    `bytes have survived its collections as it holds (here up to ${young}), and its pages stay resident, so what ` +
    "the action can do is to have less survive and hold less. The list is read outside V8's heap (ASCII read as " +
    'Latin-1), each path is a slice of it and a plain name is joined to its URL prefix without a URL object, ' +
    'repeats are found through a table of hashes in a typed array rather than a Set, and once planned the run ' +
    "holds its plan, not the list; a call's body goes to undici as bytes (a body given as a string outlived the " +
    "collections of the young generation, which copied it each time); each asset's result is a byte, a call number " +
    'and a message index in typed arrays (not an object an asset), and the JSON report and the lists are written in ' +
    'pieces of 1,000 assets, each one string, none of them a large object.';
  return { markdown, failures: [], problems: [], headline: [] };
}

function mebibytes(bytes: number): string {
  return mib(bytes / 1024);
}
