/** The command's publishing: runCommand in-process, with a standard output that refuses what is written to it. */
import { describe, expect, it } from 'vitest';
import { runCommand, type Terminal } from '../../src/cli/main.ts';
import { useEmulator } from '../support/emulator.ts';
import { ROOT_KEY } from '../support/client.ts';
import { imageUrls as urls } from '../support/fixtures.ts';

const emulator = useEmulator();

/** A run whose standard output is closed: every write to it throws, as a write to a closed pipe can. */
async function runWithClosedOutput(
  argv: string[],
): Promise<{ exitCode: number; stderr: string; writes: number }> {
  let stderr = '';
  let writes = 0;
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
    stdout: () => {
      writes++;
      throw new Error('write EPIPE');
    },
    stderr: (text) => {
      stderr += text;
    },
    interactive: false,
  };
  const exitCode = await runCommand(argv, terminal);
  return { exitCode, stderr, writes };
}

describe('the command, once its calls were sent', () => {
  it.each([[[]], [['--json']]])(
    'with %j, a result that cannot be written is one error on standard error, and no second result is tried',
    async (flags) => {
      const run = await runWithClosedOutput(['--assets', urls(3).join('\n'), '--token', ...flags]);
      expect(emulator().invalidated.assets).toHaveLength(3);
      expect(run.exitCode).toBe(1);
      expect(run.writes).toBe(1);
      expect(run.stderr).toContain('error: the result could not be written to standard output: write EPIPE');
    },
  );
});
