/**
 * Runs the built action the way the GitHub runner does: `node dist/index.js` with every input declared in
 * action.yml as an INPUT_<NAME> variable (the workflow's value, or action.yml's default), and outputs, summary and
 * temp files in files of their own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { foreignCommands, runnerCommands } from './runner-commands.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** What `${{ github.token }}` evaluates to in these runs. */
export const WORKFLOW_TOKEN = 'ghs_workflowTokenForTests0123456789';

interface ActionYaml {
  inputs: Record<string, { default?: string }>;
}

export interface ActionRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly outputs: Record<string, string>;
  /** GITHUB_OUTPUT as written, to see how often each output was set. */
  readonly outputFile?: string;
  readonly summary: string;
  /** The JSON report's text, when the action wrote one. */
  readonly report: string;
  /** The Markdown of the file the `summary-file` output names, when the action wrote one. */
  readonly summaryFile: string;
  /** The files the list outputs name (`invalidated-file`, `failed-file`), by output, as written. */
  readonly lists: Record<string, string>;
}

/**
 * Inputs whose default these runs replace unless a test gives them: `origin-check` asks each mapped image's origin
 * before invalidating it, and the url-map of most suites points at hosts that serve nothing (www.example.com), so
 * the check would wait its whole timeout. The origin check's own suites set it, with origins that serve.
 */
export const TEST_DEFAULTS: Readonly<Record<string, string>> = { 'origin-check': 'off' };

/** The INPUT_* variables the runner would set for a step `with:` these values. */
export function runnerInputs(withValues: Record<string, string>): Record<string, string> {
  const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as ActionYaml;
  const unknown = Object.keys(withValues).filter((name) => !(name in action.inputs));
  if (unknown.length > 0) throw new Error(`not inputs of action.yml: ${unknown.join(', ')}`);
  return Object.fromEntries(
    Object.entries(action.inputs).map(([name, input]) => [
      `INPUT_${name.replace(/ /g, '_').toUpperCase()}`,
      withValues[name] ??
        TEST_DEFAULTS[name] ??
        (input.default ?? '').replaceAll('${{ github.token }}', WORKFLOW_TOKEN),
    ]),
  );
}

export async function runAction(
  withValues: Record<string, string>,
  extraEnv: Record<string, string> = {},
  /** Told of the process once started, as the runner holds it (to send it signals), and of its output. */
  started?: (child: ChildProcess) => void,
  /**
   * The most a file the action writes may hold, in KiB (the shell's `ulimit -f`): past it, a write fails with EFBIG,
   * as on a full disk, even for root.
   */
  fileSizeLimitKiB?: number,
): Promise<ActionRun> {
  const dir = mkdtempSync(join(tmpdir(), 'action-run-'));
  const files = {
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
    RUNNER_TEMP: dir,
  };
  writeFileSync(files.GITHUB_OUTPUT, '');
  writeFileSync(files.GITHUB_STEP_SUMMARY, '');
  const env = { PATH: process.env.PATH ?? '', ...runnerInputs(withValues), ...files, ...extraEnv };
  try {
    checkEnvironment(env);
    const { exitCode, stdout, stderr } = await spawnNode(['dist/index.js'], env, started, fileSizeLimitKiB);
    // As the runner would: a command in the output that the action did not write fails the test.
    const foreign = foreignCommands(`${stdout}\n${stderr}`);
    if (foreign.length > 0) {
      throw new Error(
        `the runner would read commands the action did not write:\n${foreign.map((c) => c.line).join('\n')}`,
      );
    }
    const outputFile = readFileSync(files.GITHUB_OUTPUT, 'utf8');
    const outputs = parseOutputFile(outputFile);
    const reportPath = outputs['report-path'];
    const run = {
      exitCode,
      stdout,
      stderr,
      outputs,
      outputFile,
      summary: readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8'),
      report: readIfNamed(reportPath),
      summaryFile: readIfNamed(outputs['summary-file']),
      lists: Object.fromEntries(
        ['invalidated-file', 'failed-file'].flatMap((name) => {
          const path = outputs[name];
          return path === undefined || path === '' ? [] : [[name, readFileSync(path, 'utf8')]];
        }),
      ),
    };
    checkLimits(run);
    return run;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function readIfNamed(path: string | undefined): string {
  return path === undefined || path === '' ? '' : readFileSync(path, 'utf8');
}

function spawnNode(
  args: string[],
  env: Record<string, string>,
  started?: (child: ChildProcess) => void,
  fileSizeLimitKiB?: number,
): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Node ignores SIGXFSZ, so a write past the limit fails with EFBIG rather than ending the process.
    const [file, fileArgs] =
      fileSizeLimitKiB === undefined
        ? [process.execPath, args]
        : ['bash', ['-c', `ulimit -f ${fileSizeLimitKiB} && exec "$0" "$@"`, process.execPath, ...args]];
    const child = spawn(file, fileArgs, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ exitCode: code ?? -1, stdout, stderr });
    });
    started?.(child);
  });
}

/**
 * GITHUB_OUTPUT as the runner reads it (FileCommandManager): each line `name=value`, or `name<<DELIMITER`, the
 * value's lines, and a line that is exactly the delimiter; a heredoc without its delimiter fails the step.
 */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line === '') continue;
    const equals = line.indexOf('=');
    const heredoc = line.indexOf('<<');
    if (equals >= 0 && (heredoc < 0 || equals < heredoc)) {
      outputs[nonEmpty(line.slice(0, equals))] = line.slice(equals + 1);
      continue;
    }
    if (heredoc < 0)
      throw new Error(`GITHUB_OUTPUT: the runner cannot read the line ${JSON.stringify(line)}`);
    const name = nonEmpty(line.slice(0, heredoc));
    const delimiter = line.slice(heredoc + 2);
    const value: string[] = [];
    for (i++; lines[i] !== delimiter; i++) {
      if (i >= lines.length)
        throw new Error(`GITHUB_OUTPUT: no delimiter ${delimiter} ends the output ${name}`);
      value.push(lines[i] ?? '');
    }
    outputs[name] = value.join('\n');
  }
  return outputs;
}

function nonEmpty(name: string): string {
  if (name === '') throw new Error('GITHUB_OUTPUT: an output without a name');
  return name;
}

/** What GitHub's runner and service accept from a step; a test fails when the action goes past it. */
export const RUNNER_LIMITS = {
  /** Linux refuses a single environment string (NAME=value) over 128 KiB: the step does not start (E2BIG). */
  environmentStringBytes: 128 * 1024,
  /** Outputs of a job, sizes counted as UTF-16. */
  outputBytes: 1024 * 1024,
  /** A step summary over 1 MiB is not shown ("upload aborted"). */
  summaryBytes: 1024 * 1024,
  /** Annotations shown per step, of each kind. */
  annotationsPerKind: 10,
};

/** Refuses what the runner would refuse, before spawning: as Linux does, whatever machine the tests run on. */
function checkEnvironment(env: Record<string, string>): void {
  for (const [name, value] of Object.entries(env)) {
    const bytes = Buffer.byteLength(`${name}=${value}`) + 1;
    if (bytes > RUNNER_LIMITS.environmentStringBytes) {
      throw Object.assign(new Error(`spawn E2BIG: ${name} is ${bytes} bytes`), { code: 'E2BIG' });
    }
  }
}

/** Fails when a step's outputs, summary or annotations go past what the runner accepts. */
function checkLimits(run: { stdout: string; outputs: Record<string, string>; summary: string }): void {
  const outputBytes = Object.entries(run.outputs).reduce(
    (sum, [name, value]) => sum + 2 * (name.length + value.length),
    0,
  );
  if (outputBytes > RUNNER_LIMITS.outputBytes)
    throw new Error(`outputs of ${outputBytes} bytes (UTF-16): over 1 MB`);
  const summaryBytes = Buffer.byteLength(run.summary);
  if (summaryBytes > RUNNER_LIMITS.summaryBytes)
    throw new Error(`a step summary of ${summaryBytes} bytes: over 1 MiB`);
  for (const kind of ['warning', 'error', 'notice']) {
    const annotations = runnerCommands(run.stdout).filter((command) => command.name === kind).length;
    if (annotations > RUNNER_LIMITS.annotationsPerKind) {
      throw new Error(
        `${annotations} ${kind} annotations: the runner shows ${RUNNER_LIMITS.annotationsPerKind}`,
      );
    }
  }
}
