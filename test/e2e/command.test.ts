/** The built command (lib/cli/index.js, what the npm package's bin runs), spawned as a user or a CI script runs it, against the emulator. */
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startEmulator, type Emulator } from '../emulator/server.ts';
import { ROOT_KEY, SUB_KEY } from '../support/client.ts';
import { ROOT, runCommand, runShell, type CommandRun } from '../support/command.ts';
import { git, GitRepo } from '../support/git-repo.ts';

let emulator: Emulator;
let temp: string;
beforeAll(async () => {
  emulator = await startEmulator();
  temp = mkdtempSync(join(tmpdir(), 'cli-command-'));
});
afterAll(async () => {
  await emulator.close();
  rmSync(temp, { recursive: true, force: true });
});
beforeEach(() => {
  emulator.reset();
});

/** What a CI job sets: the key, the dashboard and the service, as environment variables. */
function serviceEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    IMAGE_CACHE_API_KEY: ROOT_KEY,
    IMAGE_CACHE_BASE_URL: emulator.url,
    IMAGE_CACHE_SERVICE_KEY: emulator.serviceKey,
    ...extra,
  };
}

function cli(
  args: readonly string[],
  extraEnv: Record<string, string> = {},
  stdin?: string,
): Promise<CommandRun> {
  return runCommand(args, { env: serviceEnv(extraEnv), ...(stdin === undefined ? {} : { stdin }) });
}

const A = 'https://www.example.com/images/a.png';
const B = 'https://www.example.com/images/b.png';
const URL_MAP = 'public/images => https://www.example.com/images';
const urls = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `https://www.example.com/img/${i}.png`);

describe('the command invalidates', () => {
  it('the assets of --assets, exits with 0 and prints the result on standard output', async () => {
    const run = await cli(['--assets', `${A}\n${B}`]);
    expect(run.exitCode).toBe(0);
    expect(emulator.invalidated.assets).toEqual([A, B]);
    expect(run.stdout).toBe(`Invalidated 2 of 2 assets in 1 call.\n  ${A}\n  ${B}\n`);
  });

  it('the paths of a Windows tool, with backslashes and CRLF line ends, as the repository paths they name', async () => {
    const run = await cli(
      ['--files', '-', '--url-map', URL_MAP],
      {},
      'public\\images\\a.png\r\n.\\public\\images\\b.png\r\nREADME.md\r\n',
    );
    expect(run.exitCode).toBe(0);
    expect(emulator.invalidated.assets).toEqual([A, B]);
  });

  it('the paths read from standard input one per line with --files -, mapped by --url-map', async () => {
    const run = await cli(
      ['--files', '-', '--url-map', URL_MAP],
      {},
      'public/images/a.png\npublic/images/b.png\nREADME.md\n',
    );
    expect(run.exitCode).toBe(0);
    expect(emulator.invalidated.assets).toEqual([A, B]);
    expect(run.stdout).toContain('Changed files (the files input): 3 found, 2 selected, 2 mapped.');
  });

  it('a list on one line from standard input is refused before anything is sent, as any list input is', async () => {
    const run = await cli(
      ['--files', '-', '--url-map', URL_MAP],
      {},
      'public/images/a.png public/images/b.png\n',
    );
    expect(run.exitCode).toBe(2);
    expect(emulator.requests).toHaveLength(0);
    expect(run.stderr).toContain('holds several entries');
  });

  // Windows refuses a line break in a file name, so no checkout there holds one (and the pipeline is bash's).
  it.skipIf(process.platform === 'win32')(
    'each whole name of `git diff --name-only -z A B | image-cache-invalidate --files - -0`, line breaks and spaces included',
    async () => {
      const dir = mkdtempSync(join(temp, 'repo-'));
      git(dir, ['init', '--quiet', '--initial-branch=main']);
      const repo = new GitRepo(dir);
      const before = repo.write('README.md').commit('first');
      const after = repo
        .write('public/images/with space.png')
        .write('public/images/line\nbreak.png')
        .write('public/images/plain.png')
        .write('docs/guide.md')
        .commit('images');

      const run = await runShell(
        'cd "$REPO" && git diff --name-only -z "$BEFORE" "$AFTER" | CLI --files - -0 --url-map "$MAP"',
        { env: serviceEnv({ REPO: dir, BEFORE: before, AFTER: after, MAP: URL_MAP }) },
      );

      expect(run.stderr).not.toContain('error');
      expect(run.exitCode).toBe(0);
      expect([...emulator.invalidated.assets].sort()).toEqual([
        'https://www.example.com/images/line%0Abreak.png',
        'https://www.example.com/images/plain.png',
        'https://www.example.com/images/with%20space.png',
      ]);
      expect(run.stdout).toContain('Changed files (the files input): 4 found, 3 selected, 3 mapped.');
    },
  );

  it('requests a token with --token and prints it with its cache buster', async () => {
    const run = await cli(['--scope', 'none', '--token']);
    expect(run.exitCode).toBe(0);
    const [token = ''] = emulator.tokens;
    expect(token).not.toBe('');
    expect(run.stdout).toBe(`Token: ${token}\nCache buster: cb:${token}\n`);
  });
});

describe('the command prints', () => {
  it('with --json, only the JSON report on standard output, and its log on standard error', async () => {
    const run = await cli(['--assets', `${A}\n${B}`, '--json']);
    expect(run.exitCode).toBe(0);
    const report = JSON.parse(run.stdout) as { ok: boolean; assets: { ref: string; outcome: string }[] };
    expect(report.ok).toBe(true);
    expect(report.assets).toEqual([
      expect.objectContaining({ ref: A, outcome: 'invalidated' }),
      expect.objectContaining({ ref: B, outcome: 'invalidated' }),
    ]);
    expect(run.stderr).toContain(`Service: ${emulator.url}/api/svc/v2/cache`);
    expect(run.stdout).not.toContain('Service:');
  });

  it('--help: every input of action.yml as a flag (the key and the GitHub token excepted) with its variable, and examples', async () => {
    const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
      inputs: Record<string, unknown>;
    };
    const run = await runCommand(['--help']);
    expect(run.exitCode).toBe(0);
    const names = Object.keys(action.inputs);
    expect(names.length).toBeGreaterThan(10);
    // The secrets come from the environment or a file, never from a flag.
    const secrets = ['api-key', 'github-token'];
    for (const name of names.filter((input) => !secrets.includes(input))) {
      expect(run.stdout).toMatch(new RegExp(`^  --${name}[ ,]`, 'm'));
      expect(run.stdout).toContain(`env: IMAGE_CACHE_${name.toUpperCase().replaceAll('-', '_')}`);
    }
    expect(run.stdout).not.toMatch(/^ {2}--api-key[ ,]/m);
    expect(run.stdout).toContain('IMAGE_CACHE_API_KEY');
    expect(run.stdout).toContain('--api-key-file <path>');
    expect(run.stdout).toContain('Examples:');
    expect(run.stdout).toMatch(/^ {2}image-cache-invalidate --assets /m);
    expect(run.stdout).toContain('git diff --name-only -z');
  });

  it('--version: the version of package.json, alone', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const run = await runCommand(['--version']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe(`${pkg.version}\n`);
  });
});

describe('the exit code', () => {
  it('is 1 when a batch is not confirmed, after the other batches were sent', async () => {
    emulator.inject('invalidate/assets', { body: JSON.stringify({ success: false, message: 'Bad batch' }) });
    const run = await cli(['--assets', urls(150).join('\n'), '--concurrency', '1']);
    expect(run.exitCode).toBe(1);
    expect(emulator.requests).toHaveLength(2);
    expect(emulator.invalidated.assets).toEqual(urls(150).slice(100));
    expect(run.stdout).toContain(
      'Failed: Call 1 (invalidate 100 assets) failed: HTTP 200 with "success": false: Bad batch',
    );
    expect(run.stdout).toContain('Bad batch');
  });

  it('is 2 for an input out of range, naming the input, the value and what is allowed, and nothing is sent', async () => {
    const run = await cli(['--assets', A, '--concurrency', '99']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('error: concurrency: "99" is not allowed; use a whole number from 1 to 32.');
    expect(run.stdout).toBe('');
    expect(emulator.requests).toEqual([]);
  });

  it('is 2 when the service refuses a Sub key', async () => {
    const run = await cli(['--assets', A], { IMAGE_CACHE_API_KEY: SUB_KEY });
    expect(run.exitCode).toBe(2);
    expect(emulator.requests).toHaveLength(1);
    expect(emulator.invalidated.assets).toEqual([]);
    expect(run.stdout).toContain('The service refused the API key');
  });

  it('is 2 for a flag the command does not know, and nothing is sent', async () => {
    const run = await cli(['--assets', A, '--scopes', 'all']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('error: "--scopes" is not a flag of this command; did you mean --scope?');
    expect(emulator.requests).toEqual([]);
  });

  it('never prints the value of a mistyped flag: it may be the key', async () => {
    const run = await cli(['--assets', A, '--apikey=secret-typed-into-the-wrong-flag']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('error: "--apikey" is not a flag of this command; see --help.');
    expect(run.stderr + run.stdout).not.toContain('secret-typed-into-the-wrong-flag');
  });

  it('is 2 for -0 without --files -', async () => {
    const run = await cli(['--assets', A, '-0']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('-0: goes with --files -');
    expect(emulator.requests).toEqual([]);
  });
});

describe('the API key', () => {
  it.each([['--api-key', ROOT_KEY], [`--api-key=${ROOT_KEY}`]])(
    'is refused as a flag (%s), with exit 2, nothing sent, and a pointer to IMAGE_CACHE_API_KEY and --api-key-file',
    async (...args) => {
      const run = await runCommand(['--assets', A, ...args], {
        env: { IMAGE_CACHE_BASE_URL: emulator.url, IMAGE_CACHE_SERVICE_KEY: 'svc' },
      });
      expect(run.exitCode).toBe(2);
      expect(emulator.requests).toEqual([]);
      expect(run.stderr).toContain(
        'set IMAGE_CACHE_API_KEY, or put it in a file and pass --api-key-file <path>',
      );
      expect(run.stderr).not.toContain(ROOT_KEY);
    },
  );

  it('is read from --api-key-file, its line break trimmed, and sent as a Bearer token', async () => {
    const file = join(temp, 'key');
    writeFileSync(file, `${ROOT_KEY}\n`, { mode: 0o600 });
    const run = await runCommand(['--assets', A, '--api-key-file', file], {
      env: { IMAGE_CACHE_BASE_URL: emulator.url, IMAGE_CACHE_SERVICE_KEY: 'svc' },
    });
    expect(run.exitCode).toBe(0);
    expect(emulator.requests[0]?.headers.authorization).toBe(`Bearer ${ROOT_KEY}`);
    expect(emulator.invalidated.assets).toEqual([A]);
  });

  it('is refused from both IMAGE_CACHE_API_KEY and --api-key-file at once, with exit 2', async () => {
    const file = join(temp, 'key-twice');
    writeFileSync(file, ROOT_KEY);
    const run = await cli(['--assets', A, '--api-key-file', file]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('api-key: given twice');
    expect(emulator.requests).toEqual([]);
  });

  it('--api-key-file that cannot be read: exit 2, naming the argument by its place, not its text', async () => {
    const missing = join(temp, 'no-such-key');
    const run = await runCommand(['--assets', A, '--api-key-file', missing], {
      env: { IMAGE_CACHE_BASE_URL: emulator.url, IMAGE_CACHE_SERVICE_KEY: 'svc' },
    });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(
      `--api-key-file: cannot read argument 4 (${missing.length} characters, not shown) (ENOENT).`,
    );
  });
});

describe('--api-key-file: a regular file, small, opened without waiting, never shown', () => {
  const env = (): Record<string, string> => ({
    IMAGE_CACHE_BASE_URL: emulator.url,
    IMAGE_CACHE_SERVICE_KEY: 'svc',
  });

  it('is read through a symbolic link, as a mounted secret is one', async () => {
    const file = join(temp, 'mounted-key');
    writeFileSync(file, `${ROOT_KEY}\n`, { mode: 0o600 });
    symlinkSync(file, join(temp, 'key-link'));
    const run = await runCommand(['--assets', A, '--api-key-file', join(temp, 'key-link')], { env: env() });
    expect(run.exitCode).toBe(0);
    expect(emulator.requests[0]?.headers.authorization).toBe(`Bearer ${ROOT_KEY}`);
  });

  it('a FIFO is refused at once (exit 2), pointing to IMAGE_CACHE_API_KEY', async () => {
    const fifo = join(temp, 'key.fifo');
    execFileSync('mkfifo', [fifo]);
    try {
      const run = await runCommand(['--assets', A, '--api-key-file', fifo], { env: env() });
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain(
        `--api-key-file: ${JSON.stringify(fifo)} is a FIFO (a named pipe), not a regular file;`,
      );
      expect(run.stderr).toContain('IMAGE_CACHE_API_KEY');
      expect(emulator.requests).toEqual([]);
    } finally {
      // Releases a reader that would wait for a writer, so that no run outlives the test.
      try {
        closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // No reader.
      }
    }
  }, 20_000);

  it('a link to /dev/zero is refused (exit 2)', async () => {
    symlinkSync('/dev/zero', join(temp, 'zero-key'));
    const run = await runShell(`ulimit -d 1048576 && CLI --assets ${A} --api-key-file zero-key`, {
      env: env(),
      cwd: temp,
    });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('--api-key-file: "zero-key" is a device, not a regular file;');
  });

  it('a file over 64 KiB is refused without a word of its content', async () => {
    const file = join(temp, 'not-a-key');
    writeFileSync(file, 'secret-looking-line\n'.repeat(4000));
    const run = await runCommand(['--assets', A, '--api-key-file', file], { env: env() });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(
      `--api-key-file: ${JSON.stringify(file)} is larger than the 64 KiB it may hold;`,
    );
    expect(run.stderr + run.stdout).not.toContain('secret-looking-line');
  });
});

describe('flags and environment variables', () => {
  it('a flag wins over the environment variable of the same input', async () => {
    const run = await cli(['--assets', B], { IMAGE_CACHE_ASSETS: A });
    expect(run.exitCode).toBe(0);
    expect(emulator.invalidated.assets).toEqual([B]);
  });

  it('an environment variable alone is an input', async () => {
    const run = await cli([], { IMAGE_CACHE_SCOPE: 'domain', IMAGE_CACHE_DOMAIN: 'www.example.com' });
    expect(run.exitCode).toBe(0);
    expect(emulator.invalidated.domains).toEqual(['www.example.com']);
  });

  it('--dry-run sends nothing and says what it would do', async () => {
    const run = await cli(['--assets', `${A}\n${B}`, '--token', '--dry-run']);
    expect(run.exitCode).toBe(0);
    expect(emulator.requests).toEqual([]);
    expect(run.stdout).toBe(
      'Dry run: nothing was sent.\nWould invalidate 2 assets in 1 call.\n' +
        `Call 1 (invalidate 2 assets):\n  ${A}\n  ${B}\nCall 2 (token)\n`,
    );
  });

  it('--dry-run needs no key, and --json gives each asset with the call that would carry it', async () => {
    const run = await cli(['--assets', urls(150).join('\n'), '--dry-run', '--json'], {
      IMAGE_CACHE_API_KEY: '',
    });
    expect(run.exitCode).toBe(0);
    expect(emulator.requests).toEqual([]);
    const report = JSON.parse(run.stdout) as { assets: { ref: string; outcome: string; call: number }[] };
    expect(report.assets).toEqual(
      urls(150).map((ref, i) => ({ ref, outcome: 'planned', call: i < 100 ? 1 : 2 })),
    );
  });

  it('without --dry-run, an empty key is refused, pointing to --dry-run for a preview', async () => {
    const run = await cli(['--assets', A], { IMAGE_CACHE_API_KEY: '' });
    expect(run.exitCode).toBe(2);
    expect(emulator.requests).toEqual([]);
    expect(run.stderr).toContain('To preview what would be invalidated without a key, add --dry-run.');
  });

  it.each([['--no-token'], ['--token=false']])(
    '%s turns off IMAGE_CACHE_TOKEN=true: no token is requested',
    async (flag) => {
      const run = await cli(['--assets', A, flag], { IMAGE_CACHE_TOKEN: 'true' });
      expect(run.exitCode).toBe(0);
      expect(emulator.requests.map((request) => request.route)).toEqual(['invalidate/assets']);
      expect(run.stdout).not.toContain('Token:');
    },
  );

  it('--token=true requests a token as --token does', async () => {
    const run = await cli(['--assets', A, '--token=true']);
    expect(run.exitCode).toBe(0);
    expect(emulator.requests.map((request) => request.route)).toEqual(['invalidate/assets', 'token']);
  });
});

describe('the key is never shown, even by a server that echoes it', () => {
  let echo: Emulator;
  beforeAll(async () => {
    echo = await startEmulator({ echoKey: true });
  });
  afterAll(async () => {
    await echo.close();
  });
  beforeEach(() => {
    echo.reset();
  });

  const echoEnv = (key: string): Record<string, string> => ({
    IMAGE_CACHE_API_KEY: key,
    IMAGE_CACHE_BASE_URL: echo.url,
    IMAGE_CACHE_SERVICE_KEY: echo.serviceKey,
  });

  function expectNoKey(run: CommandRun, key: string): void {
    const shown = run.stdout + run.stderr;
    expect(shown).not.toContain(key);
    expect(shown).not.toContain(Buffer.from(key).toString('base64').slice(0, 12));
    // The server did echo it, and it was blanked out.
    expect(shown).toContain('***');
  }

  it.each([[[]], [['--json']], [['--verbose']]])(
    'a refused Sub key is not in standard output or error (extra flags %j)',
    async (flags) => {
      const run = await runCommand(['--assets', A, ...flags], { env: echoEnv(SUB_KEY) });
      expect(run.exitCode).toBe(2);
      expectNoKey(run, SUB_KEY);
    },
  );

  it('a Root key in the error body of a batch is not shown', async () => {
    echo.inject('invalidate/assets', { status: 400, message: 'Bad batch' });
    const run = await runCommand(['--assets', A, '--json'], { env: echoEnv(ROOT_KEY) });
    expect(run.exitCode).toBe(1);
    expectNoKey(run, ROOT_KEY);
  });

  it('a key read from --api-key-file is not shown', async () => {
    const file = join(temp, 'echo-key');
    writeFileSync(file, `${SUB_KEY}\n`);
    const run = await runCommand(['--assets', A, '--api-key-file', file], {
      env: { IMAGE_CACHE_BASE_URL: echo.url, IMAGE_CACHE_SERVICE_KEY: echo.serviceKey },
    });
    expect(run.exitCode).toBe(2);
    expectNoKey(run, SUB_KEY);
  });

  // The key is sent trimmed, so a server echoes the trimmed form: both forms are redacted.
  it('a key whose variable ends in a line break (as CI variables often do) is not shown', async () => {
    const run = await runCommand(['--assets', A], { env: echoEnv(`${SUB_KEY}\n`) });
    expect(run.exitCode).toBe(2);
    expectNoKey(run, SUB_KEY);
  });
});

describe('names read from standard input are taken whole', () => {
  // `public/images/logo.png ` is a file of its own, as git diff -z prints it: trimming would invalidate another image.
  it('with -0, a trailing space stays part of the name', async () => {
    const run = await cli(
      ['--files', '-', '-0', '--url-map', URL_MAP, '--paths', '**'],
      {},
      'public/images/logo.png \0',
    );
    expect(run.exitCode).toBe(0);
    expect(emulator.invalidated.assets).toEqual(['https://www.example.com/images/logo.png%20']);
  });

  // `git diff --name-only` may well start with a folder such as `[wip]`: that must not read as JSON.
  it('one per line, a first path that starts with [ is a path', async () => {
    const run = await cli(
      ['--files', '-', '--url-map', '[wip] => https://www.example.com/wip'],
      {},
      '[wip]/a.png\n',
    );
    expect(run.exitCode).toBe(0);
    expect(emulator.invalidated.assets).toEqual(['https://www.example.com/wip/a.png']);
  });
});
