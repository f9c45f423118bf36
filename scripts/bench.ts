/**
 * `npm run bench`: the action's benchmark. Measures every section and writes BENCHMARKS.md whole.
 *
 * The machines are shared and noisy, so every figure is read against another measured side by side in the same run
 * (the ideal of 25 ms per call, the floor process, the hand-written loops, bare `node`, the same run without the
 * feature), never against an absolute threshold. Each section is a module of scripts/bench/ (section.ts says what
 * one returns); to add one, write its module and list it in SECTIONS.
 *
 *   npm run bench                        every section, then writes BENCHMARKS.md
 *   npm run bench -- --only origin,warm  those sections, printed, nothing written
 *   npm run bench -- --memory            what has a memory target, once each, printed, nothing written
 */
import { execFileSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { startEmulator } from '../test/emulator/server.ts';
import { compareSection } from './bench/compare.ts';
import { detectionSection } from './bench/detection.ts';
import { memorySection } from './bench/memory.ts';
import { originSection } from './bench/origin.ts';
import { LATENCY_MS } from './bench/protocol.ts';
import type { BenchContext, Section, SectionResult } from './bench/section.ts';
import { shippedSection } from './bench/shipped.ts';
import { stalenessSection } from './bench/staleness.ts';
import { startupSection } from './bench/startup.ts';
import { throughputSection } from './bench/throughput.ts';
import { warmSection } from './bench/warm.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUTPUT_FILE = join(ROOT, 'BENCHMARKS.md');

/** In the order BENCHMARKS.md shows them. */
const SECTIONS: readonly Section[] = [
  shippedSection,
  memorySection,
  throughputSection,
  startupSection,
  detectionSection,
  originSection,
  stalenessSection,
  warmSection,
  compareSection,
];

const memoryOnly = process.argv.includes('--memory');
const only = argumentOf('--only')?.split(',');
const unknown = only?.filter((name) => !SECTIONS.some((section) => section.name === name)) ?? [];
if (unknown.length > 0) {
  throw new Error(
    `--only: no section ${unknown.join(', ')}; the sections are ${SECTIONS.map((s) => s.name).join(', ')}`,
  );
}
const chosen = SECTIONS.filter((section) =>
  only !== undefined ? only.includes(section.name) : !memoryOnly || section.memory,
);
const writes = only === undefined && !memoryOnly;

// The command runs as the package ships it, from lib/; the action as dist/ holds it (`npm run build`).
execFileSync('npm', ['run', '--silent', 'build:lib'], { cwd: ROOT, stdio: 'inherit' });
const loadBefore = loadavg();
const started = performance.now();
const emulator = await startEmulator({ latencyMs: LATENCY_MS });
log(`Emulator at ${emulator.url}, ${LATENCY_MS} ms per call.`);
const results: SectionResult[] = [];
try {
  const context: BenchContext = { emulator, log, memoryOnly };
  for (const section of chosen) results.push(await section.measure(context));
} finally {
  await emulator.close();
}
const elapsedMs = performance.now() - started;

const document = await report(results, elapsedMs, loadBefore);
if (writes) {
  writeFileSync(OUTPUT_FILE, document);
  log(`Wrote ${OUTPUT_FILE} in ${(elapsedMs / 1000).toFixed(0)} s.`);
} else {
  console.log(document);
}
if (!document.includes('**FAIL**') && results.every((result) => result.failures.length === 0))
  log('Every target met.');

async function report(
  sections: readonly SectionResult[],
  totalMs: number,
  loadAtStart: readonly number[],
): Promise<string> {
  const headline = sections.flatMap((section) => section.headline);
  const failures = sections.flatMap((section) => section.failures);
  const problems = sections.flatMap((section) => section.problems);
  const bullets = (lines: readonly string[]): string => lines.map((line) => `- ${line}`).join('\n');
  const markdown = [
    '# Benchmarks',
    '<!-- Written by `npm run bench` (scripts/bench.ts and scripts/bench/): edit the scripts, not this file. -->',
    `Measured ${new Date().toISOString().slice(0, 10)} in ${(totalMs / 1000).toFixed(0)} s, on ${machine()}, ` +
      `under a load average of ${load(loadAtStart)} at the start and ${load(loadavg())} at the end (over 1, 5 ` +
      `and 15 minutes; the machine is shared). ${sources()}`,
    'The machines are shared and noisy, so every figure is a ratio to another measured side by side in the same ' +
      'run: the ideal time of the emulator, the floor process, the loops people write by hand, bare `node`, the ' +
      'same run without the feature. The service is the API emulator (`test/emulator/`) with a fixed latency of ' +
      `${LATENCY_MS} ms per call, on 127.0.0.1, in the benchmark's own process; it checks every call as the ` +
      'service would (key, body, at most 100 assets), and a case whose counts are not exactly right is listed ' +
      'under "Problems with the measurements".',
    ...(headline.length > 0 ? [`## Headline\n\n${bullets(headline)}`] : []),
    failures.length > 0 ? `**Targets missed:**\n\n${bullets(failures)}` : '**Every target met.**',
    ...(problems.length > 0 ? [`**Problems with the measurements:**\n\n${bullets(problems)}`] : []),
    ...sections.map((section) => section.markdown),
  ].join('\n\n');
  const config = (await resolveConfig(OUTPUT_FILE)) ?? {};
  return format(markdown, { ...config, filepath: OUTPUT_FILE });
}

function argumentOf(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index < 0 ? undefined : process.argv[index + 1];
}

function load(averages: readonly number[]): string {
  return averages.map((value) => value.toFixed(2)).join(', ');
}

function machine(): string {
  const model = cpus()[0]?.model.trim() ?? 'an unknown CPU';
  const memory = `${(totalmem() / 1024 ** 3).toFixed(1)} GiB`;
  return `${model}, ${cpus().length} cores, ${memory} of memory, ${platform()} ${release()}, Node ${process.version}`;
}

/** Which code was measured: the commit, whether src/ had changes on top of it, and when dist/ was built. */
function sources(): string {
  const git = (...args: string[]): string | undefined => {
    try {
      return execFileSync('git', args, {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      return undefined;
    }
  };
  const commit = git('rev-parse', '--short', 'HEAD');
  const changed = git('status', '--porcelain', '--', 'src', 'dist');
  const built = statSync(join(ROOT, 'dist', 'index.js'))
    .mtime.toISOString()
    .slice(0, 16)
    .replace('T', ' ');
  const state = changed === undefined || changed === '' ? '' : ', with uncommitted changes in src/ or dist/';
  return `Code: commit ${commit ?? 'unknown'}${state}; dist/index.js built ${built} UTC.`;
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}
