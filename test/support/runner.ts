/**
 * Runs the built action the way the GitHub runner does: `node dist/index.js` with every input declared in
 * action.yml as an INPUT_<NAME> variable (the workflow's value, or action.yml's default), and outputs, summary and
 * temp files in files of their own.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { foreignCommands } from './runner-commands.ts';

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
  readonly summary: string;
  /** The JSON report's text, when the action wrote one. */
  readonly report: string;
}

/** The INPUT_* variables the runner would set for a step `with:` these values. */
export function runnerInputs(withValues: Record<string, string>): Record<string, string> {
  const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as ActionYaml;
  const unknown = Object.keys(withValues).filter((name) => !(name in action.inputs));
  if (unknown.length > 0) throw new Error(`not inputs of action.yml: ${unknown.join(', ')}`);
  return Object.fromEntries(
    Object.entries(action.inputs).map(([name, input]) => [
      `INPUT_${name.replace(/ /g, '_').toUpperCase()}`,
      withValues[name] ?? (input.default ?? '').replaceAll('${{ github.token }}', WORKFLOW_TOKEN),
    ]),
  );
}

export async function runAction(
  withValues: Record<string, string>,
  extraEnv: Record<string, string> = {},
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
    const { exitCode, stdout, stderr } = await spawnNode(['dist/index.js'], env);
    // As the runner would: a command in the output that the action did not write fails the test.
    const foreign = foreignCommands(`${stdout}\n${stderr}`);
    if (foreign.length > 0) {
      throw new Error(
        `the runner would read commands the action did not write:\n${foreign.map((c) => c.line).join('\n')}`,
      );
    }
    const outputs = parseOutputFile(readFileSync(files.GITHUB_OUTPUT, 'utf8'));
    const reportPath = outputs['report-path'];
    return {
      exitCode,
      stdout,
      stderr,
      outputs,
      summary: readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8'),
      report: reportPath === undefined ? '' : readFileSync(reportPath, 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function spawnNode(
  args: string[],
  env: Record<string, string>,
): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ exitCode: code ?? -1, stdout, stderr });
    });
  });
}

/** The runner's GITHUB_OUTPUT format, as @actions/core writes it: `name<<DELIMITER`, the value, `DELIMITER`. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<]+)<<(.+)$/.exec(lines[i] ?? '');
    if (match === null) continue;
    const [, name = '', delimiter] = match;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] ?? '');
    outputs[name] = value.join('\n');
  }
  return outputs;
}
