/**
 * Outside text commands nothing: what a hostile server answers and what hostile file names hold reach the log, the
 * command's output, the summary and the report, and no CI runner reads any of it as a command. Unit properties of
 * shown.ts, then the built action and command end to end, their output parsed as GitHub's runner parses it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandProperty,
  markdownText,
  neutraliseCommands,
  neutraliseControls,
  neutraliseJson,
  workflowCommand,
} from '../../src/shown/shown.ts';
import { rendered } from '../support/markdown.ts';
import { ROOT_KEY } from '../support/client.ts';
import { runCommand } from '../support/command.ts';
import { useEmulator } from '../support/emulator.ts';
import { createOrigin, pushPayload, writeEvent, type Origin } from '../support/git-repo.ts';
import { runAction, type ActionRun } from '../support/runner.ts';
import { foreignCommands, runnerCommands } from '../support/runner-commands.ts';
import { RUNS } from '../support/runs.ts';

/** Every hostile payload starts with this, so that a command made of one is told from the action's own. */
const MARK = 'HOSTILE';
const PAYLOADS = [
  `${MARK} ##[set-output name=a;]b`,
  `${MARK} ##[stop-commands]token`,
  `${MARK} ##[error]legacy`,
  `${MARK} ##vso[task.setvariable variable=x]y`,
  `${MARK}\n::error::${MARK} after a line feed`,
  `${MARK}\r::warning::${MARK} after a carriage return`,
  `${MARK}\r\n  ::set-output name=x::${MARK} indented`,
  `${MARK} <img src=x onerror=alert(1)> **bold** | pipe | [link](javascript:alert(1))`,
];
const HOSTILE = PAYLOADS.join(' ');

describe('neutraliseCommands', () => {
  const piece = fc.constantFrom(
    '::',
    '##[',
    '##vso[',
    '#',
    ':',
    '[',
    ']',
    'error',
    'set-output',
    'stop-commands',
    'group',
    ' ',
    '\t',
    '\u0085',
    '\u00a0',
    '\n',
    '\r',
    '\r\n',
    'x',
    ';',
    '=',
    '%0A',
    '\\',
  );
  const text = fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join(''));

  it('leaves no command a runner would read, in any line, whatever the text', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(runnerCommands(neutraliseCommands(value))).toEqual([]);
      }),
      { numRuns: RUNS * 10 },
    );
  });

  it('keeps the line breaks and every character, only adding backslashes', () => {
    fc.assert(
      fc.property(text, (value) => {
        const shown = neutraliseCommands(value);
        expect(shown.replace(/\\(?=::|\[)/g, '')).toBe(value.replace(/\\(?=::|\[)/g, ''));
        expect(shown.split(/\r\n|\r|\n/)).toHaveLength(value.split(/\r\n|\r|\n/).length);
      }),
      { numRuns: RUNS * 10 },
    );
  });

  it('keeps JSON the same value, with no command in it', () => {
    fc.assert(
      fc.property(fc.array(text), (values) => {
        const json = neutraliseJson(JSON.stringify(values, null, 2));
        expect(JSON.parse(json)).toEqual(values);
        expect(runnerCommands(json)).toEqual([]);
      }),
      { numRuns: RUNS * 10 },
    );
  });
});

/** What a terminal obeys rather than shows: C0 but tab and line feed, DEL, C1, and the bidirectional controls. */
// eslint-disable-next-line no-control-regex
const OBEYED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Escape sequences a server may hide in a message: clear the screen, colour, a hyperlink, a clipboard write. */
const TERMINAL = [
  '\u001b[2J\u001b[H',
  '\u001b[31mred\u001b[0m',
  '\u001b]8;;https://evil.example/\u0007click\u001b]8;;\u0007',
  '\u001b]52;c;ZXZpbA==\u0007',
  '\u009b2J',
  'gnp.\u202eexe',
  'over\rwritten',
].join(' ');

describe('neutraliseControls', () => {
  const anyText = fc.string({ unit: 'binary', maxLength: 60 });

  it('leaves nothing a terminal would obey, whatever the text', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        expect(neutraliseControls(value)).not.toMatch(OBEYED);
      }),
      { numRuns: RUNS * 10 },
    );
  });

  it('shows each control as its escape, and keeps tabs, line feeds and every other character', () => {
    expect(neutraliseControls('a\u001b[2Jb\tc\nd\u202ee\u009bf\r\ng')).toBe(
      'a\\x1B[2Jb\tc\nd\\u202Ee\\x9Bf\ng',
    );
  });
});

describe('commandProperty', () => {
  // The runner trims the properties and drops an empty one: a path never starts or ends with white space here.
  const path = fc
    .string({ unit: 'binary', minLength: 1, maxLength: 40 })
    .filter((value) => value.trim() === value);

  it('reads back, as the runner unescapes a property, as exactly the value', () => {
    fc.assert(
      fc.property(path, (file) => {
        const [command] = runnerCommands(workflowCommand('warning', { file, line: '1' }, 'message'));
        expect(command?.properties).toEqual({ file, line: '1' });
        expect(command?.data).toBe('message');
      }),
      { numRuns: RUNS * 10 },
    );
  });

  it('escapes what the runner unescapes, and nothing else', () => {
    expect(commandProperty('a,b:c%d\re\nf##[g')).toBe('a%2Cb%3Ac%25d%0De%0Af##[g');
  });
});

describe('markdownText', () => {
  const words = fc.constantFrom(
    'https://evil.example/x',
    'www.evil.example',
    'mailto:a@evil.example',
    'x@evil.example',
    ' ',
    'text',
    '[',
    ')',
  );
  const message = fc.array(words, { maxLength: 12 }).map((parts) => parts.join(''));

  it('leaves nothing GitHub would turn into a link by itself, and reads as the text did', () => {
    fc.assert(
      fc.property(message, (text) => {
        const markdown = markdownText(text);
        expect(markdown).not.toMatch(/[a-z]:\/\/|www\.|[\w.+-]@|mailto:[^\u200b]/i);
        expect(rendered(markdown).replaceAll('\u200b', '')).toBe(text);
      }),
      { numRuns: RUNS * 10 },
    );
  });
});

describe('a hostile server, against the built action', () => {
  const emulator = useEmulator();
  const action = (inputs: Record<string, string>): Promise<ActionRun> =>
    runAction({ 'api-key': ROOT_KEY, 'base-url': emulator().url, 'service-key': 'svc', ...inputs });

  /** The runner stand-in already fails a run with a foreign command; this also catches a forged own one. */
  function expectNoForeignCommand(run: ActionRun): void {
    expect(foreignCommands(`${run.stdout}\n${run.stderr}`, MARK)).toEqual([]);
  }

  it.each(['wordpress', 'text', 'html', 'success-false-message'] as const)(
    'an error body in shape %s, retried and then failed, commands nothing',
    async (shape) => {
      emulator().inject(
        'invalidate/assets',
        { status: 503, shape, message: HOSTILE, retryAfter: '0' },
        { status: 400, shape, message: HOSTILE },
      );
      const run = await action({ assets: 'https://www.example.com/a.png', 'max-retries': '1' });
      expect(run.exitCode).toBe(1);
      expect(run.stdout).toContain(MARK); // the server's words are shown, only made inert
      expectNoForeignCommand(run);
      expect(run.summary).not.toContain('<img');
      expect(() => JSON.parse(run.report) as unknown).not.toThrow();
    },
  );

  it('a message with terminal escapes and links reaches neither a terminal nor a link', async () => {
    const message = `${TERMINAL} see https://evil.example/x or www.evil.example or x@evil.example`;
    emulator().inject('invalidate/assets', { status: 400, message });
    const run = await action({ assets: 'https://www.example.com/a.png' });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('red'); // the server's words are shown, only made inert
    expect(run.stdout).not.toMatch(OBEYED);
    expect(run.summary).not.toMatch(OBEYED);
    expect(run.summary).not.toMatch(/:\/\/evil|www\.evil|x@evil/);
  });

  it('a token that carries commands is refused, and shown inert', async () => {
    const token = `${MARK}##[set-output name=token;]x`;
    emulator().inject('token', { body: JSON.stringify({ success: true, data: { token } }) });
    const run = await action({ scope: 'none', token: 'true' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.token).toBe('');
    expectNoForeignCommand(run);
  });

  it('a redirect whose Location holds commands shows its host alone', async () => {
    emulator().inject('invalidate/all', {
      status: 302,
      headers: { location: `https://evil.example/##[error]${MARK}` },
    });
    const run = await action({ scope: 'all' });
    expect(run.stdout).toContain('redirected to evil.example');
    expectNoForeignCommand(run);
  });
});

describe('a hostile server, against the command', () => {
  const emulator = useEmulator();

  it.each([[[]], [['--json']]])(
    'an error body carrying commands and line breaks (%s) commands nothing on any CI',
    async (extra) => {
      emulator().inject('invalidate/all', { status: 400, message: HOSTILE });
      // runCommand fails the test when any line of the output is a command to GitHub's runner or Azure's agent.
      const run = await runCommand(['--scope', 'all', ...extra], {
        env: {
          IMAGE_CACHE_API_KEY: ROOT_KEY,
          IMAGE_CACHE_BASE_URL: emulator().url,
          IMAGE_CACHE_SERVICE_KEY: 'svc',
        },
      });
      expect(run.exitCode).toBe(1);
      expect(`${run.stdout}${run.stderr}`).toContain(MARK); // shown, only made inert
    },
  );

  it.each([[[]], [['--json']]])(
    'an error body carrying terminal escapes (%s) reaches the terminal as text',
    async (extra) => {
      emulator().inject('invalidate/all', { status: 400, message: TERMINAL });
      const run = await runCommand(['--scope', 'all', ...extra], {
        env: {
          IMAGE_CACHE_API_KEY: ROOT_KEY,
          IMAGE_CACHE_BASE_URL: emulator().url,
          IMAGE_CACHE_SERVICE_KEY: 'svc',
        },
      });
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toContain('red');
      expect(run.stdout).not.toMatch(OBEYED);
      expect(run.stderr).not.toMatch(OBEYED);
    },
  );
});

const NAMES = [
  '##[error]legacy.png',
  '##[set-output name=a;]b.png',
  '##vso[task.setvariable variable=x]y.png',
  `new\n::error::${MARK}-line.png`,
  `cr\r##[warning]${MARK}-cr.png`,
];

describe('hostile file names', () => {
  const emulator = useEmulator();
  let origin: Origin;
  beforeAll(() => {
    origin = createOrigin('shown-names-');
  });
  afterAll(() => {
    origin.dispose();
  });

  it('detected by git in a pushed commit, command nothing in the action log', async () => {
    const work = origin.work;
    const base = work.write('README.md').commit('root');
    for (const name of NAMES) work.write(`other/${name}`);
    const head = work.commit('names');
    work.push('main');
    const run = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': emulator().url,
        'service-key': 'svc',
        'url-map': 'images => https://www.example.com/images',
      },
      {
        GITHUB_EVENT_NAME: 'push',
        GITHUB_EVENT_PATH: writeEvent(origin.root, pushPayload(base, head)),
        GITHUB_WORKSPACE: origin.clone().dir,
        GITHUB_SHA: head,
      },
    );
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('legacy.png'); // named in the warning about unmapped files
    expect(foreignCommands(run.stdout, MARK)).toEqual([]);
  });

  it('given in files, command nothing in the action log', async () => {
    const run = await runAction({
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      files: JSON.stringify(NAMES.map((name) => `other/${name}`)),
      'url-map': 'images => https://www.example.com/images',
      'dry-run': 'true',
    });
    expect(run.exitCode).toBe(0);
    expect(foreignCommands(run.stdout, MARK)).toEqual([]);
  });

  it('read from files-from, command nothing in the action log', async () => {
    const list = join(origin.root, 'hostile-names.bin');
    writeFileSync(list, NAMES.map((name) => `other/${name}`).join('\0'));
    const run = await runAction(
      {
        'api-key': ROOT_KEY,
        'base-url': emulator().url,
        'service-key': 'svc',
        'files-from': list,
        'url-map': 'images => https://www.example.com/images',
        'dry-run': 'true',
      },
      { GITHUB_WORKSPACE: origin.root },
    );
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('legacy.png');
    expect(foreignCommands(run.stdout, MARK)).toEqual([]);
  });

  it.each([[[]], [['--json']]])(
    "read by the command from standard input (%s), command nothing in any CI's log",
    async (extra) => {
      // runCommand fails the test when any line of the output is a command to GitHub's runner or Azure's agent.
      const run = await runCommand(
        [
          '--files',
          '-',
          '-0',
          '--url-map',
          'images => https://www.example.com/images',
          '--dry-run',
          ...extra,
        ],
        {
          env: {
            IMAGE_CACHE_API_KEY: ROOT_KEY,
            IMAGE_CACHE_BASE_URL: emulator().url,
            IMAGE_CACHE_SERVICE_KEY: 'svc',
          },
          stdin: NAMES.map((name) => `other/${name}`).join('\0'),
        },
      );
      expect(run.exitCode).toBe(0);
      expect(`${run.stdout}${run.stderr}`).toMatch(/legacy|##\\\[|u005b/);
    },
  );
});
