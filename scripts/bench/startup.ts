/**
 * Section 3 of BENCHMARKS.md, start-up: `node dist/index.js` spawned as the runner spawns it, for a dry run of one
 * asset, against a bare `node -e ''`, interleaved; and the code of dist/ that dry run opens.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { distBytes, recordLoads } from '../../test/support/loaded-files.ts';
import { runnerInputs } from '../../test/support/runner.ts';
import { count, markdownTable, median, ms, passFail } from './format.ts';
import { timeProcess } from './processes.ts';
import { ROOT_KEY } from './protocol.ts';
import type { BenchContext, Section, SectionResult } from './section.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STARTUP_RUNS = 20;
const STARTUP_TARGET_MS = 100;

interface Startup {
  readonly bareMs: number[];
  readonly actionMs: number[];
  /** The files of dist/ the dry run opened (relative to dist/), and their bytes. */
  readonly opened: { readonly files: string[]; readonly bytes: number };
}

export const startupSection: Section = {
  name: 'startup',
  memory: false,
  async measure({ log }: BenchContext): Promise<SectionResult> {
    log(`Start-up: ${STARTUP_RUNS} runs each of bare node and a dry run of dist/index.js, interleaved.`);
    const times = await measureStartup();
    const bare = median(times.bareMs);
    const action = median(times.actionMs);
    const overhead = action - bare;
    const table = markdownTable({
      headers: ['Process', 'Median', 'Min', 'Max', 'Runs'],
      align: ['left', 'right', 'right', 'right', 'right'],
      rows: [
        ["bare `node -e ''`", ...spread(times.bareMs)],
        ['`node dist/index.js`, dry run of 1 asset', ...spread(times.actionMs)],
        [
          `difference (target ≤ ${STARTUP_TARGET_MS} ms): ${passFail(overhead <= STARTUP_TARGET_MS)}`,
          ms(overhead),
          '',
          '',
          '',
        ],
      ],
    });
    return {
      markdown:
        `## 3. Start-up\n\n${table}\n\n` +
        '`node dist/index.js` spawned as the runner does, with `INPUT_*` variables for a dry run of one asset (the ' +
        'inputs not given are empty) and `GITHUB_OUTPUT` and `RUNNER_TEMP` in a temporary directory, against a bare ' +
        `\`node -e ''\`: ${STARTUP_RUNS} runs of each, interleaved, from spawn to exit. The target is at most ` +
        `${STARTUP_TARGET_MS} ms over bare node.\n\n` +
        `Code opened: the dry run loads ${kib(times.opened.bytes)} of dist/ (${times.opened.files.join(', ')}), ` +
        'recorded by a module hook (test/support/loaded-files.ts); the image comparison, the decoders and undici ' +
        'are in chunks it does not open (test/e2e/decoders.test.ts).',
      failures: overhead > STARTUP_TARGET_MS ? [`start-up: ${ms(overhead)} over bare node`] : [],
      problems: [],
      headline: [
        `Start-up: a dry run of dist/index.js takes ${ms(action)}, ${ms(overhead)} more than bare node ` +
          `(${ms(bare)}), median of ${STARTUP_RUNS} runs each, and opens ${kib(times.opened.bytes)} of dist/.`,
      ],
    };
  },
};

async function measureStartup(): Promise<Startup> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  const outputFile = join(dir, 'output');
  writeFileSync(outputFile, '');
  const env = {
    PATH: process.env.PATH ?? '',
    ...dryRunInputs(),
    GITHUB_OUTPUT: outputFile,
    RUNNER_TEMP: dir,
  };
  const bare = ['-e', ''];
  const action = ['dist/index.js'];
  try {
    // One of each first, not counted: it fills the file cache, and shows that the dry run works.
    await timeProcess(bare, env, ROOT);
    const check = await timeProcess(action, env, ROOT);
    if (check.exitCode !== 0 || !readFileSync(outputFile, 'utf8').includes('requests<<')) {
      throw new Error(`the dry run of dist/index.js failed (exit code ${check.exitCode}, no outputs)`);
    }
    const result: Startup = { bareMs: [], actionMs: [], opened: await openedBy(action, env) };
    for (let i = 0; i < STARTUP_RUNS; i++) {
      // Alternate which goes first, so that neither always follows the other.
      const order = i % 2 === 0 ? [bare, action] : [action, bare];
      for (const args of order) {
        const timed = await timeProcess(args, env, ROOT);
        if (timed.exitCode !== 0) throw new Error(`node ${args.join(' ')} exited with ${timed.exitCode}`);
        (args === bare ? result.bareMs : result.actionMs).push(timed.ms);
      }
    }
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The files of dist/ a run of `args` opens, and their bytes. */
async function openedBy(args: readonly string[], env: NodeJS.ProcessEnv): Promise<Startup['opened']> {
  const recorder = recordLoads();
  try {
    const run = await timeProcess(args, { ...env, ...recorder.env }, ROOT);
    if (run.exitCode !== 0) throw new Error(`node ${args.join(' ')} exited with ${run.exitCode}`);
    const { files, bytes } = distBytes(recorder.loaded());
    return { files: files.map((file) => relative(join(ROOT, 'dist'), file)), bytes };
  } finally {
    recorder.dispose();
  }
}

function kib(bytes: number): string {
  return `${count(Math.round(bytes / 1024))} KiB`;
}

/** Every input of action.yml as the runner sets it, for a dry run of one asset; the inputs not named are empty. */
function dryRunInputs(): Record<string, string> {
  return runnerInputs({
    'api-key': ROOT_KEY,
    'base-url': 'http://127.0.0.1:9',
    'service-key': 'svc',
    assets: 'https://www.example.com/a.png',
    'dry-run': 'true',
  });
}

function spread(values: readonly number[]): string[] {
  return [ms(median(values)), ms(Math.min(...values)), ms(Math.max(...values)), String(values.length)];
}
