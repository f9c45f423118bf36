/** Child processes of the benchmark: a case in a process of its own, and timing a whole process from spawn to exit. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isCaseResult, type CaseResult, type CaseSpec } from './protocol.ts';

const CASE_SCRIPT = fileURLToPath(new URL('case.ts', import.meta.url));

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
