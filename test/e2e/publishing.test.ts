/** How the built action publishes a run: outputs, report and summary in phases that cannot undo each other. */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_OUTPUTS as OUTPUTS } from '../../src/settings/action-contract.ts';
import { useEmulator } from '../support/emulator.ts';
import { ROOT_KEY, SUB_KEY } from '../support/client.ts';
import { runAction, type ActionRun } from '../support/runner.ts';
import { runnerCommands } from '../support/runner-commands.ts';

const emulator = useEmulator();

function action(
  inputs: Record<string, string>,
  options: { key?: string; env?: Record<string, string>; started?: (child: ChildProcess) => void } = {},
): Promise<ActionRun> {
  return runAction(
    { 'api-key': options.key ?? ROOT_KEY, 'base-url': emulator().url, 'service-key': 'svc', ...inputs },
    options.env,
    options.started,
  );
}

const urls = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `https://www.example.com/img/${i}.png`);

/** How many times each output was set, as GITHUB_OUTPUT holds them. */
function timesSet(outputFile: string): Record<string, number> {
  const times: Record<string, number> = {};
  for (const match of outputFile.matchAll(/^([a-z-]+)(?:<<|=)/gm)) {
    const name = match[1] ?? '';
    times[name] = (times[name] ?? 0) + 1;
  }
  return times;
}

/** Resolves once `condition` holds, checked as the process writes and as time passes; or once it has exited. */
function until(child: ChildProcess, condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const timer = setInterval(check, 10);
    child.once('exit', done);
    function check(): void {
      if (condition()) done();
    }
    function done(): void {
      clearInterval(timer);
      resolve();
    }
  });
}

function errors(run: ActionRun): string[] {
  return runnerCommands(run.stdout)
    .filter((command) => command.name === 'error')
    .map((command) => command.line);
}

describe('publishing a run whose calls landed', () => {
  it('when the job summary cannot be written, the outputs still carry the token and counts, each set once, and the step fails naming the summary', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'summary-folder-'));
    try {
      const run = await action(
        { assets: urls(3).join('\n'), token: 'true' },
        { env: { GITHUB_STEP_SUMMARY: folder } },
      );
      const [token] = emulator().tokens;
      expect(run.outputs.token).toBe(token);
      expect(run.outputs['cache-buster']).toBe(`cb:${token ?? ''}`);
      expect(run.outputs['invalidated-count']).toBe('3');
      expect(run.outputs.requests).toBe('1');
      expect(JSON.parse(run.report)).toMatchObject({ token: { value: token } });
      expect(Object.values(timesSet(run.outputFile ?? '')).every((times) => times === 1)).toBe(true);
      expect(Object.keys(timesSet(run.outputFile ?? '')).sort()).toEqual([...OUTPUTS].sort());
      expect(run.exitCode).toBe(1);
      expect(errors(run).join('\n')).toMatch(/The job summary could not be written/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('a run that ends while the service asked it to wait', () => {
  // Out of retries, a 429 still pauses the other workers for its Retry-After; once the run has ended, that wait
  // must not keep the step alive: the test would time out long before 100 s.
  it('exits once published, not when the Retry-After it no longer needs runs out', async () => {
    emulator().inject('invalidate/assets', { status: 429, retryAfter: '100' });
    const run = await action({ assets: urls(1).join('\n'), 'max-retries': '0' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs['failed-count']).toBe('1');
  });
});

describe('a refused key', () => {
  it('is one error, not a warning and an error', async () => {
    const run = await action({ assets: urls(250).join('\n'), concurrency: '1' }, { key: SUB_KEY });
    expect(run.exitCode).toBe(1);
    const annotations = runnerCommands(run.stdout).filter((command) =>
      ['error', 'warning'].includes(command.name),
    );
    expect(annotations.map((command) => command.name)).toEqual(['error']);
    expect(annotations[0]?.line).toContain('a Root API key, since a Sub key cannot invalidate');
  });
});

interface ReportJson {
  cancelled?: boolean;
  failures: string[];
  assets: { ref: string; outcome: string; error?: string }[];
}

describe('a cancelled step', () => {
  it('on SIGINT starts no new call and publishes the confirmed assets in the outputs, the report and the summary, saying it was cancelled', async () => {
    emulator().setOptions({ latencyMs: 300 });
    try {
      const assets = urls(500);
      const run = await action(
        { assets: assets.join('\n'), concurrency: '1', token: 'true' },
        {
          started: (child) => {
            void until(child, () => emulator().invalidated.assets.length >= 200).then(() =>
              child.kill('SIGINT'),
            );
          },
        },
      );
      const landed = [...emulator().invalidated.assets];
      expect(landed.length).toBeGreaterThanOrEqual(200);
      expect(landed.length).toBeLessThan(500);
      expect(emulator().tokens).toEqual([]);
      expect(run.exitCode).not.toBe(0);
      expect(JSON.parse(run.outputs.invalidated ?? '')).toEqual(landed);
      expect(JSON.parse(run.outputs.failed ?? '')).toEqual(assets.slice(landed.length));
      const report = JSON.parse(run.report) as ReportJson;
      expect(report.cancelled).toBe(true);
      expect(report.assets.filter((asset) => asset.outcome === 'invalidated')).toHaveLength(landed.length);
      expect(report.assets.at(-1)?.error).toContain('the run was cancelled');
      expect(run.summary).toContain('cancelled');
      expect(run.summary).toContain(`**Invalidated:** ${landed.length}`);
    } finally {
      emulator().setOptions({ latencyMs: 0 });
    }
  });

  it('on SIGINT waits a bounded time for a call that never answers, then publishes it as failed, cancelled', async () => {
    emulator().inject('invalidate/assets', {}, { hang: true });
    const run = await action(
      { assets: urls(300).join('\n'), concurrency: '2', 'timeout-seconds': '600' },
      {
        started: (child) => {
          void until(
            child,
            () => emulator().invalidated.assets.length >= 100 && emulator().inFlight > 0,
          ).then(() => child.kill('SIGINT'));
        },
      },
    );
    expect(run.exitCode).not.toBe(0);
    const report = JSON.parse(run.report) as ReportJson;
    expect(report.cancelled).toBe(true);
    expect(report.failures.join('\n')).toContain('the run was cancelled before the service answered');
    expect(run.outputs['invalidated-count']).toBe(String(emulator().invalidated.assets.length));
  });

  it('on SIGINT while rewrite stages the pages, leaves no staged file and changes all of them or none', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'cancel-rewrite-'));
    const page = '<img src="https://img.example.net/w:640/https://www.example.com/a.png">\n'.repeat(300);
    const pages = Array.from({ length: 400 }, (_, i) => `build/page-${i}.html`);
    mkdirSync(join(workspace, 'build'));
    for (const path of pages) writeFileSync(join(workspace, path), page);
    let stdout = '';
    try {
      const run = await runAction(
        {
          'api-key': ROOT_KEY,
          'base-url': emulator().url,
          'service-key': 'svc',
          scope: 'none',
          token: 'true',
          'image-host': 'img.example.net',
          rewrite: 'build/**/*.html',
        },
        { GITHUB_WORKSPACE: workspace },
        (child) => {
          child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
          void until(child, () => stdout.includes('::group::Rewrite')).then(() => child.kill('SIGINT'));
        },
      );
      expect(run.exitCode).not.toBe(0);
      const names = readdirSync(workspace, { recursive: true, encoding: 'utf8' });
      expect(names.filter((name) => !name.endsWith('.html') && name !== 'build')).toEqual([]);
      const changed = pages.filter((path) => readFileSync(join(workspace, path), 'utf8') !== page);
      expect([0, pages.length]).toContain(changed.length);
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });

  it('on a second SIGINT exits at once, without waiting for the call in flight', async () => {
    emulator().inject('invalidate/assets', { hang: true });
    let stdout = '';
    const run = await action(
      { assets: urls(300).join('\n'), concurrency: '1', 'timeout-seconds': '60' },
      {
        started: (child) => {
          child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
          void until(child, () => emulator().inFlight > 0)
            .then(() => child.kill('SIGINT'))
            .then(() => until(child, () => stdout.includes('Cancelled')))
            .then(() => child.kill('SIGINT'));
        },
      },
    );
    expect(run.stdout).toContain('Cancelled');
    expect(run.exitCode).not.toBe(0);
    // It did not wait to publish: the call in flight would have ended the wait first.
    expect(run.outputFile).toBe('');
  });
});
