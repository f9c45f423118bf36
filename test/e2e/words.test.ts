/** The command speaks as a command: its own flags, variables and exit codes, and what it did, on standard output. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_LISTED_URLS } from '../../src/invalidate/stage.ts';
import { startEmulator, type Emulator } from '../emulator/server.ts';
import { ROOT_KEY } from '../support/client.ts';
import { runCommand, type CommandRun } from '../support/command.ts';
import { git, GitRepo } from '../support/git-repo.ts';

let emulator: Emulator;
let temp: string;
beforeAll(async () => {
  emulator = await startEmulator();
  temp = mkdtempSync(join(tmpdir(), 'cli-words-'));
});
afterAll(async () => {
  await emulator.close();
  rmSync(temp, { recursive: true, force: true });
});
beforeEach(() => {
  emulator.reset();
});

function cli(args: readonly string[], extraEnv: Record<string, string> = {}): Promise<CommandRun> {
  return runCommand(args, {
    env: {
      IMAGE_CACHE_API_KEY: ROOT_KEY,
      IMAGE_CACHE_BASE_URL: emulator.url,
      IMAGE_CACHE_SERVICE_KEY: emulator.serviceKey,
      ...extraEnv,
    },
  });
}

const urls = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `https://www.example.com/img/${i}.png`);

describe('a mistyped flag', () => {
  it.each([
    ['--concurency', '--concurrency'],
    ['--dryrun', '--dry-run'],
    ['--url_map', '--url-map'],
    ['--Scope', '--scope'],
  ])('%s is refused with "did you mean %s?", and nothing is sent', async (typed, meant) => {
    const run = await cli(['--assets', urls(1).join('\n'), typed, '8']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(`"${typed}" is not a flag of this command; did you mean ${meant}?`);
    expect(emulator.requests).toEqual([]);
  });

  it('far from every flag gets no guess, only --help', async () => {
    const run = await cli(['--assets', urls(1).join('\n'), '--frobnicate']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('"--frobnicate" is not a flag of this command; see --help.');
    expect(run.stderr).not.toContain('did you mean');
  });
});

describe('--help', () => {
  it("speaks of the command's flags and variables, never of the action, its job summary or its inputs", async () => {
    const run = await runCommand(['--help']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).not.toMatch(/the action/i);
    expect(run.stdout).not.toMatch(/job summary/i);
    expect(run.stdout).not.toMatch(/token: true/);
    expect(run.stdout).not.toContain('`');
    expect(run.stdout).toContain('--github-token-file <path>');
    expect(run.stdout).toMatch(/Exit codes:/);
  });
});

describe("--help's examples", () => {
  /** Each example line that runs the command, its words split as a shell splits them ('…' kept whole). */
  function examples(help: string): string[][] {
    return (
      help
        .split('\nExamples:\n')[1]
        ?.replace(/\\\n\s*/g, ' ')
        .split('\n')
        .map((line) => line.replace(/^.*\| /, '').trim())
        .filter((line) => line.startsWith('image-cache-invalidate '))
        .map((line) => [...line.matchAll(/'([^']*)'|(\S+)/g)].map((word) => word[1] ?? word[2] ?? ''))
        .map((words) => words.slice(1).filter((word) => word !== '>' && word !== 'report.json')) ?? []
    );
  }

  it('the first, a dry run in a clone, runs as written: no key, no variable, and it lists the changed image', async () => {
    const dir = mkdtempSync(join(temp, 'help-'));
    git(dir, ['init', '--quiet', '--initial-branch=main']);
    const repo = new GitRepo(dir).write('public/images/a.png');
    repo.commit('one');
    repo.write('public/images/b.png').commit('two');
    const [first] = examples((await runCommand(['--help'])).stdout);
    expect(first).toContain('--dry-run');
    const run = await runCommand(first ?? [], { cwd: dir });
    expect(run.stderr).not.toMatch(/^error:/m);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('https://www.example.com/images/b.png');
  });

  it('every other is accepted as written, once the variables it names are set', async () => {
    const all = examples((await runCommand(['--help'])).stdout);
    expect(all.length).toBeGreaterThan(2);
    for (const words of all.slice(1)) {
      const run = await runCommand([...words, '--dry-run'], {
        stdin: 'public/images/a.png\0',
        env: { IMAGE_CACHE_BASE_URL: 'https://dashboard.example.com', IMAGE_CACHE_SERVICE_KEY: 'svc' },
      });
      expect(run.stderr, words.join(' ')).not.toMatch(/^error:/m);
      expect(run.exitCode, words.join(' ')).toBe(0);
    }
  });

  it("name every exit code the command gives, a cancel's 130 among them", async () => {
    const help = (await runCommand(['--help'])).stdout;
    expect(help).toMatch(/Exit codes:[^\n]*\b130\b/);
  });
});

describe('a list flag given more than once', () => {
  it('adds each value to the list, as lines of one value would, rather than keeping the last alone', async () => {
    const [a, b] = urls(2);
    const run = await cli(['--dry-run', '--assets', a ?? '', '--assets', b ?? '']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain(`  ${a}\n  ${b}\n`);
  });

  it('--files - twice, or with other paths, is refused: standard input is the whole list', async () => {
    const run = await cli([
      '--dry-run',
      '--files',
      '-',
      '--files',
      'public/a.png',
      '--url-map',
      'public => https://a.example',
    ]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('error: --files: - (standard input)');
  });
});

describe('no API key', () => {
  it("says how a command is given one (its variable, its file flag, --dry-run), not a workflow's secrets", async () => {
    const run = await runCommand(['--assets', 'https://www.example.com/a.png'], {
      env: { IMAGE_CACHE_BASE_URL: 'https://dashboard.example.com', IMAGE_CACHE_SERVICE_KEY: 'svc' },
    });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('IMAGE_CACHE_API_KEY');
    expect(run.stderr).toContain('--api-key-file');
    expect(run.stderr).toContain('--dry-run');
    expect(run.stderr).not.toContain('secrets.');
    expect(run.stderr).not.toContain('dry-run: true');
  });
});

describe('a refusal that says what to set', () => {
  it.each([
    [['--scope', 'none'], '--token', 'token: true'],
    [
      [
        '--rewrite',
        'dist/**/*.html',
        '--image-host',
        'img.example.net',
        '--assets',
        'https://a.example/b.png',
      ],
      '--token',
      'token: true',
    ],
    [
      ['--assets', 'https://img.example.net/w:9/https://a.example/b.png'],
      '--image-host img.example.net',
      'image-host: img',
    ],
  ])('%j names the flag to set (%s), not the input of a workflow (%s)', async (args, flag, input) => {
    const run = await cli(['--dry-run', ...args]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(flag);
    expect(run.stderr).not.toContain(input);
  });
});

describe('--github-token', () => {
  it.each([
    [['--github-token', 'ghp_value-on-the-command-line']],
    [['--github-token=ghp_value-on-the-command-line']],
  ])(
    'given as a value (%j) is refused with the ways to give it, and the value is not printed',
    async (args) => {
      const run = await cli(['--assets', urls(1).join('\n'), ...args]);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain('--github-token: ');
      expect(run.stderr).toContain('GITHUB_TOKEN');
      expect(run.stderr).toContain('--github-token-file <path>');
      expect(run.stdout + run.stderr).not.toContain('ghp_value-on-the-command-line');
      expect(emulator.requests).toEqual([]);
    },
  );

  it('--github-token-file: a file that cannot be read is refused, naming the flag and the path', async () => {
    const run = await cli(['--assets', urls(1).join('\n'), '--github-token-file', join(temp, 'missing')]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('--github-token-file: cannot read');
    expect(emulator.requests).toEqual([]);
  });

  it('--github-token-file: the token read from it is withheld from everything printed', async () => {
    const file = join(temp, 'token');
    writeFileSync(file, 'ghp_read-from-a-file\n');
    const run = await cli([
      '--assets',
      'https://www.example.com/ghp_read-from-a-file.png',
      '--github-token-file',
      file,
    ]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout + run.stderr).not.toContain('ghp_read-from-a-file');
  });
});

describe('a run that sends', () => {
  it('lists on standard output the URLs it cleared, without --verbose', async () => {
    const run = await cli(['--assets', urls(3).join('\n')]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe(
      ['Invalidated 3 of 3 assets in 1 call.', ...urls(3).map((url) => `  ${url}`), ''].join('\n'),
    );
  });

  it(`lists the first ${MAX_LISTED_URLS} cleared, and counts the rest with a pointer to --json`, async () => {
    const run = await cli(['--assets', urls(MAX_LISTED_URLS + 30).join('\n')]);
    expect(run.exitCode).toBe(0);
    for (const url of urls(MAX_LISTED_URLS)) expect(run.stdout).toContain(`  ${url}\n`);
    expect(run.stdout).not.toContain(`${urls(MAX_LISTED_URLS + 1).at(-1) ?? ''}\n`);
    expect(run.stdout).toContain('… and 30 more: --json lists each one.');
  });
});
