/**
 * Runs the built command (lib/cli/index.js, compiled by the tests' global setup) as a user runs it: a separate Node process with its own environment,
 * arguments and standard input, or inside a real shell pipeline. Always asynchronous, so that an emulator
 * running in the test's process keeps answering while the command waits on it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runnerCommands } from './runner-commands.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const COMMAND = fileURLToPath(new URL('../../lib/cli/index.js', import.meta.url));

export interface CommandRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CommandOptions {
  /** The whole environment of the command, besides PATH (nothing else is inherited). */
  readonly env?: Record<string, string>;
  /** Written to standard input, then closed; without it, standard input is empty. */
  readonly stdin?: string | Buffer;
  readonly cwd?: string;
  /** Told of the process once started (to send it signals). */
  readonly started?: (child: ChildProcess) => void;
}

/** `node lib/cli/index.js ...args`, with only PATH and `env` in its environment. */
export function runCommand(args: readonly string[], options: CommandOptions = {}): Promise<CommandRun> {
  return spawnProcess(process.execPath, [COMMAND, ...args], options).then(withoutRunnerCommands);
}

/**
 * The command writes no CI command of its own, on any CI: a line of its output that GitHub's runner or Azure
 * Pipelines would read as one fails the test.
 */
function withoutRunnerCommands(run: CommandRun): CommandRun {
  const commands = runnerCommands(`${run.stdout}\n${run.stderr}`);
  if (commands.length > 0) {
    throw new Error(
      `a CI would read commands in the command's output:\n${commands.map((c) => c.line).join('\n')}`,
    );
  }
  return run;
}

/**
 * `bash -c script`, where `$CLI` runs the built command with this Node (`"$CLI" --flags`), as a CI job's script
 * line runs `npx image-cache-invalidate`.
 */
export function runShell(script: string, options: CommandOptions = {}): Promise<CommandRun> {
  const cli = `${shellQuote(process.execPath)} ${shellQuote(COMMAND)}`;
  return spawnProcess('bash', ['-c', `CLI() { ${cli} "$@"; }\n${script}`], options).then(
    withoutRunnerCommands,
  );
}

/** Single-quoted for bash, whatever the text holds. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** Any program, collected the same way: exit code, standard output and standard error. */
export function spawnProcess(
  file: string,
  args: readonly string[],
  options: CommandOptions = {},
): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd ?? ROOT,
      // As the action's runs (runner.ts, TEST_DEFAULTS): the origin check is set by the suites that test it.
      env: { PATH: process.env.PATH ?? '', IMAGE_CACHE_ORIGIN_CHECK: 'off', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      resolve({
        exitCode: code ?? (signal === null ? -1 : 128),
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
    // A command that exits without reading its input closes the pipe: not an error of the test.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.stdin ?? '');
    options.started?.(child);
  });
}
