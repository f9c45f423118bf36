/**
 * Inputs made to leak, climb out or make things up, through the built action and the built command: each is
 * refused before anything is sent, naming the input the user set, with nothing secret in any output.
 */
import { describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { runCommand } from '../support/command.ts';
import { useEmulator } from '../support/emulator.ts';
import { runAction, type ActionRun } from '../support/runner.ts';

const emulator = useEmulator();
const SECRET = 'hunter2-in-the-url';

function action(inputs: Record<string, string>, env: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({ 'api-key': ROOT_KEY, 'base-url': emulator().url, 'service-key': 'svc', ...inputs }, env);
}

/** Everything a run leaves for a reader: its log, outputs, summary, report and list files. */
function everything(run: ActionRun): string {
  return [run.stdout, run.stderr, JSON.stringify(run.outputs), run.summary, run.report, run.summaryFile]
    .concat(Object.values(run.lists))
    .join('\n');
}

/** The step failed with this error annotation, and nothing reached the service. */
function expectRefused(run: ActionRun, error: string): void {
  expect(run.exitCode).toBe(1);
  expect(emulator().requests).toEqual([]);
  expect(run.stdout).toContain(`::error::${error}`);
}

describe('no credential in any URL input: refused, shown with *** for them', () => {
  it.each([
    [
      'user:password@',
      `https://deploy:${SECRET}@www.example.com/images`,
      'https://***@www.example.com/images',
    ],
    ['token@', `https://${SECRET}@www.example.com/images`, 'https://***@www.example.com/images'],
    [
      'user:password@ without slashes',
      `https:deploy:${SECRET}@www.example.com/images`,
      '***@www.example.com/images',
    ],
  ])('a url-map URL prefix with %s', async (_, prefix, shown) => {
    const run = await action({ files: 'public/images/a.png', 'url-map': `public/images => ${prefix}` });
    expectRefused(run, `url-map: "public/images => ${shown}" holds a user name or password`);
    expect(everything(run)).not.toContain(SECRET);
  });

  it('a url-map URL prefix that is not http, with a password', async () => {
    const run = await action({
      files: 'public/images/a.png',
      'url-map': `public/images => ftp://u:${SECRET}@h/i`,
    });
    expectRefused(run, 'url-map: "public/images => ftp://***@h/i" holds a user name or password');
    expect(everything(run)).not.toContain(SECRET);
  });

  it.each([
    [
      'image-host',
      { scope: 'all', token: 'true', 'image-host': `u:${SECRET}@img.example.net` },
      '***@img.example.net',
    ],
    [
      'domain',
      { scope: 'domain', domain: `https://u:${SECRET}@www.example.com` },
      'https://***@www.example.com',
    ],
    ['domain', { scope: 'domain', domain: `u:${SECRET}@www.example.com` }, '***@www.example.com'],
    [
      'base-url',
      { scope: 'all', 'base-url': `https://u:${SECRET}@api.example.com` },
      'https://***@api.example.com',
    ],
  ])('%s with a password', async (input, inputs, shown) => {
    const run = await action(inputs);
    expectRefused(run, `${input}: "${shown}" holds a user name or password`);
    expect(everything(run)).not.toContain(SECRET);
  });
});

describe('the command never prints an argument it could not parse in full', () => {
  const env = (): Record<string, string> => ({
    IMAGE_CACHE_API_KEY: ROOT_KEY,
    IMAGE_CACHE_BASE_URL: emulator().url,
    IMAGE_CACHE_SERVICE_KEY: 'svc',
  });

  it.each([
    ['after a flag that takes no value', ['--scope', 'all', '--token', ROOT_KEY], 4],
    ['alone', ['--scope', 'all', ROOT_KEY], 3],
  ])('a stray argument %s: shown by its position and length', async (_, args, position) => {
    const run = await runCommand(args, { env: env() });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(
      `error: argument ${position} (${ROOT_KEY.length} characters, not shown) is not a flag of this command;`,
    );
    expect(run.stderr + run.stdout).not.toContain(ROOT_KEY);
    expect(emulator().requests).toEqual([]);
  });

  it('--api-key-file given the key instead of a path: shown by its position and length', async () => {
    const run = await runCommand(['--scope', 'all', '--api-key-file', ROOT_KEY], {
      env: { IMAGE_CACHE_BASE_URL: emulator().url, IMAGE_CACHE_SERVICE_KEY: 'svc' },
    });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(
      `--api-key-file: cannot read argument 4 (${ROOT_KEY.length} characters, not shown) (ENOENT)`,
    );
    expect(run.stderr + run.stdout).not.toContain(ROOT_KEY);
  });
});
