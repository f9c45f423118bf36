/** Child processes of the benchmark: a case in a process of its own, and timing a whole process from spawn to exit. */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isCaseResult, type CaseResult, type CaseSpec } from './protocol.ts';

const CASE_SCRIPT = fileURLToPath(new URL('case.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs one case in a fresh Node (the project's, process.execPath) and returns what it measured. */
export function runCaseProcess(spec: CaseSpec): Promise<CaseResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CASE_SCRIPT, JSON.stringify(spec)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      let parsed: unknown;
      try {
        parsed = JSON.parse(last) as unknown;
      } catch {
        parsed = undefined;
      }
      if (code === 0 && isCaseResult(parsed)) resolve(parsed);
      else reject(new Error(`case ${JSON.stringify(spec)} exited with ${code ?? 'a signal'}: ${stdout}`));
    });
  });
}

export interface Timed {
  readonly ms: number;
  readonly exitCode: number;
}

/** Wall time of a process, from spawn to exit, with its output discarded. */
export function timeProcess(args: readonly string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, { cwd, env, stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', (code) => {
      resolve({ ms: performance.now() - start, exitCode: code ?? -1 });
    });
  });
}

export interface ProcessFigure {
  readonly ms: number;
  readonly rssKiB: number;
}

/** A whole Node process, from spawn to exit, and its peak RSS as GNU time reports it. */
export function timed(
  args: readonly string[],
  env: Record<string, string>,
  /** Flags for node itself, for a diagnosis only: the runner passes none. */
  nodeArgs: readonly string[] = [],
  /** Where it runs: the repository, unless given. */
  cwd: string = ROOT,
): Promise<ProcessFigure> {
  const rssFile = join(tmpdir(), `bench-rss-${process.pid}-${Math.random().toString(36).slice(2)}`);
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(
      '/usr/bin/time',
      ['-f', '%M', '-o', rssFile, process.execPath, ...nodeArgs, ...args],
      {
        cwd,
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = performance.now() - start;
      const rssKiB = Number(readFileSync(rssFile, 'utf8').trim().split('\n').at(-1));
      rmSync(rssFile, { force: true });
      if (code !== 0)
        reject(new Error(`node ${args.join(' ')} exited with ${code ?? 'a signal'}: ${stderr}`));
      else resolve({ ms, rssKiB });
    });
  });
}

/** An output as the runner reads it back from GITHUB_OUTPUT (`name<<delimiter`, the value, the delimiter). */
export function outputValue(file: string, name: string): string {
  const lines = readFileSync(file, 'utf8').split('\n');
  const start = lines.findIndex((line) => line.startsWith(`${name}<<`));
  const delimiter = lines[start]?.slice(`${name}<<`.length);
  const end = lines.findIndex((line, index) => index > start && line === delimiter);
  if (start < 0 || end < 0) throw new Error(`no output ${name} in ${file}`);
  return lines.slice(start + 1, end).join('\n');
}
