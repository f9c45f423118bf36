/** The command's progress line on a terminal: runCommand in-process, with standard error captured. */
import { describe, expect, it } from 'vitest';
import { runCommand, type Terminal } from '../../src/cli/main.ts';
import { useEmulator } from '../support/emulator.ts';
import { ROOT_KEY } from '../support/client.ts';
import { imageUrls as urls } from '../support/fixtures.ts';

const emulator = useEmulator();

interface Captured {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function run(argv: string[], interactive: boolean): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const terminal: Terminal = {
    env: {
      IMAGE_CACHE_API_KEY: ROOT_KEY,
      IMAGE_CACHE_BASE_URL: emulator().url,
      IMAGE_CACHE_SERVICE_KEY: emulator().serviceKey,
    },
    readFile: () => {
      throw new Error('no file is read in these runs');
    },
    stdin: () => Buffer.alloc(0),
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    interactive,
  };
  const exitCode = await runCommand(argv, terminal);
  return { exitCode, stdout, stderr };
}

const PROGRESS = /(\d+) of (\d+) calls done/g;

describe('progress on standard error', () => {
  it('on a terminal: one "N of M calls done" per call, the invalidations and the token counted', async () => {
    const result = await run(['--assets', urls(250).join('\n'), '--token', '--concurrency', '1'], true);
    expect(result.exitCode).toBe(0);
    const counts = [...result.stderr.matchAll(PROGRESS)].map(
      (match) => `${match[1] ?? ''}/${match[2] ?? ''}`,
    );
    expect(counts).toEqual(['1/4', '2/4', '3/4', '4/4']);
    // Each rewrites the same line.
    expect(result.stderr).toContain('\r1 of 4 calls done\x1b[K\r2 of 4 calls done\x1b[K');
  });

  it('on a terminal: a log line first clears the progress line, so that the two never run together', async () => {
    const result = await run(['--assets', urls(250).join('\n'), '--concurrency', '1', '--verbose'], true);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toMatch(PROGRESS);
    expect(result.stderr).toContain('\r\x1b[K3 of 3 invalidation calls confirmed.\n');
    // After a progress line comes the next one (\r) or the end of the run (\n), never text on the same line.
    // eslint-disable-next-line no-control-regex -- the terminal's escape sequence is what is checked
    expect(result.stderr).not.toMatch(/calls done(?:, \d+ failed)?\x1b\[K(?![\r\n]|$)/);
  });

  it('on a terminal: the calls that failed are counted', async () => {
    emulator().inject('invalidate/assets', {
      body: JSON.stringify({ success: false, message: 'Bad batch' }),
    });
    const result = await run(['--assets', urls(150).join('\n'), '--concurrency', '1'], true);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('1 of 2 calls done, 1 failed');
    expect(result.stderr).toContain('2 of 2 calls done, 1 failed');
  });

  it('on a terminal: standard output holds only the result, without progress', async () => {
    const result = await run(['--assets', urls(3).join('\n')], true);
    expect(result.stdout).toBe(
      ['Invalidated 3 of 3 assets in 1 call.', ...urls(3).map((url) => `  ${url}`), ''].join('\n'),
    );
  });

  it('not on a terminal: no progress line and no terminal control characters', async () => {
    const result = await run(['--assets', urls(250).join('\n'), '--token', '--concurrency', '1'], false);
    expect(result.exitCode).toBe(0);
    expect(emulator().requests).toHaveLength(4);
    expect(result.stderr).not.toMatch(PROGRESS);
    expect(result.stderr).not.toContain('\r');
    expect(result.stderr).not.toContain('\x1b');
  });

  it('on a terminal, a dry run shows no progress, since nothing is sent', async () => {
    const result = await run(['--assets', urls(3).join('\n'), '--dry-run'], true);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).not.toMatch(PROGRESS);
  });
});
