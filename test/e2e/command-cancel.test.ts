/** The built command cancelled by a signal (Ctrl-C, a CI's cancel): what landed is its result, and it exits 130. */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../emulator/server.ts';
import { ROOT_KEY } from '../support/client.ts';
import { runCommand, type CommandRun } from '../support/command.ts';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => {
  emulator.reset();
  emulator.setOptions({ latencyMs: 0 });
});

const urls = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `https://www.example.com/img/${i}.png`);

function cli(args: readonly string[], started: (child: ChildProcess) => void): Promise<CommandRun> {
  const env = {
    IMAGE_CACHE_API_KEY: ROOT_KEY,
    IMAGE_CACHE_BASE_URL: emulator.url,
    IMAGE_CACHE_SERVICE_KEY: emulator.serviceKey,
  };
  return runCommand(args, { env, started });
}

/** Resolves once `condition` holds, checked as time passes; or once the process has exited. */
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

interface ReportJson {
  ok: boolean;
  cancelled?: boolean;
  failures: string[];
  assets: { ref: string; outcome: string; error?: string }[];
}

describe('the command, cancelled', () => {
  it('on SIGINT starts no new call, gives the confirmed assets in its --json report, says it was cancelled, and exits 130', async () => {
    emulator.setOptions({ latencyMs: 300 });
    const assets = urls(500);
    const run = await cli(['--assets', assets.join('\n'), '--concurrency', '1', '--json'], (child) => {
      void until(child, () => emulator.invalidated.assets.length >= 200).then(() => child.kill('SIGINT'));
    });
    const landed = [...emulator.invalidated.assets];
    expect(landed.length).toBeGreaterThanOrEqual(200);
    expect(landed.length).toBeLessThan(500);
    expect(run.exitCode).toBe(130);
    const report = JSON.parse(run.stdout) as ReportJson;
    expect(report.cancelled).toBe(true);
    expect(report.ok).toBe(false);
    const confirmed = report.assets.filter((asset) => asset.outcome === 'invalidated');
    expect(confirmed.map((asset) => asset.ref)).toEqual(landed);
    expect(report.failures).toEqual([
      `Not sent, since the run was cancelled: ${500 - landed.length} assets.`,
    ]);
    expect(run.stderr).toContain('Cancelled (SIGINT)');
  });

  it('on SIGINT, its text result says it was cancelled and what landed', async () => {
    emulator.setOptions({ latencyMs: 300 });
    const run = await cli(['--assets', urls(500).join('\n'), '--concurrency', '1'], (child) => {
      void until(child, () => emulator.invalidated.assets.length >= 100).then(() => child.kill('SIGINT'));
    });
    const landed = emulator.invalidated.assets.length;
    expect(run.exitCode).toBe(130);
    expect(run.stdout).toContain('Cancelled: no call started after the signal.');
    expect(run.stdout).toContain(`Invalidated ${landed} of 500 assets`);
  });

  it('on a second SIGINT exits at once, without waiting for the call in flight', async () => {
    emulator.inject('invalidate/assets', { hang: true });
    let stderr = '';
    const run = await cli(
      ['--assets', urls(300).join('\n'), '--concurrency', '1', '--timeout-seconds', '60', '--json'],
      (child) => {
        child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        void until(child, () => emulator.inFlight > 0)
          .then(() => child.kill('SIGINT'))
          .then(() => until(child, () => stderr.includes('Cancelled')))
          .then(() => child.kill('SIGINT'));
      },
    );
    expect(run.stderr).toContain('Cancelled (SIGINT)');
    expect(run.exitCode).toBe(130);
    // It did not wait to give its result: the call in flight would have ended the wait first.
    expect(run.stdout).toBe('');
  });
});
