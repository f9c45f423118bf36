/**
 * The built command in a pipeline whose reader leaves early (`… | head -1`), as a person or a CI script writes it:
 * the command ends quietly, with the exit code of its own work, and its log on standard error as usual.
 */
import { describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { runShell } from '../support/command.ts';
import { useEmulator } from '../support/emulator.ts';

const emulator = useEmulator();

// Far more than a pipe holds (64 KiB): the command is still writing its list when `head` has gone.
const ASSETS = Array.from({ length: 5_000 }, (_, i) => `https://www.example.com/images/img${i}.png`).join(
  '\n',
);

/** The command's standard output read by `head -1`; its own exit status appended to standard error. */
function intoHead(flags: string, env: Record<string, string>) {
  return runShell(`CLI ${flags} | head -1; echo "command exit: \${PIPESTATUS[0]}" >&2`, {
    env,
    stdin: ASSETS,
  });
}

describe('a reader that leaves early', () => {
  it('ends a dry run quietly, with exit code 0 and no error or stack trace', async () => {
    const run = await intoHead('--dry-run --scope assets --assets-from -', {
      IMAGE_CACHE_BASE_URL: emulator().url,
      IMAGE_CACHE_SERVICE_KEY: 'svc',
    });
    expect(run.stdout.split('\n').filter((line) => line !== '')).toHaveLength(1);
    expect(run.stderr).not.toMatch(/EPIPE|Error|^\s+at /m);
    expect(run.stderr).toContain('command exit: 0\n');
  }, 60_000);

  it('leaves the invalidation whose --json report it was writing done, reported on standard error', async () => {
    const run = await intoHead('--json --scope assets --assets-from -', {
      IMAGE_CACHE_API_KEY: ROOT_KEY,
      IMAGE_CACHE_BASE_URL: emulator().url,
      IMAGE_CACHE_SERVICE_KEY: emulator().serviceKey,
    });
    expect(emulator().invalidated.assets).toHaveLength(5_000);
    expect(run.stderr).toContain('50 of 50 invalidation calls confirmed.');
    expect(run.stderr).not.toMatch(/EPIPE|Error|^\s+at /m);
    expect(run.stderr).toContain('command exit: 0\n');
  }, 60_000);
});

describe('a standard output that cannot be written', () => {
  it('(a full disk) ends with one error line and exit code 1, never a stack trace', async () => {
    const run = await runShell(
      `CLI --dry-run --scope assets --assets-from - > /dev/full; echo "command exit: $?" >&2`,
      {
        env: { IMAGE_CACHE_BASE_URL: emulator().url, IMAGE_CACHE_SERVICE_KEY: 'svc' },
        stdin: ASSETS,
      },
    );
    expect(run.stderr).toContain('error: standard output could not be written (ENOSPC)');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stderr).toContain('command exit: 1\n');
  }, 60_000);
});
