import { ciFromEnv } from '../ci/index.ts';
import { NO_API_KEY } from '../settings/inputs.ts';
import { InputError } from '../mechanics/input-error.ts';
import { plannedCalls } from '../plan/plan.ts';
import { makeFormsRedactor, makeRedactor, redactInputs, secretValues, type Redact } from '../shown/redact.ts';
import { SIGNAL_EXIT } from '../cancel.ts';
import { runFlow } from '../flow.ts';
import { shownLog } from '../shown/log.ts';
import { FailedAfterTheCalls } from '../outcome/stages.ts';
import { failureJson, reportJsonText, type Report } from '../report/report.ts';
import { parseSettings, type InputName } from '../settings/settings.ts';
import { neutraliseJson, oneLine, shownBy } from '../shown/shown.ts';
import { VERSION } from '../mechanics/version.ts';
import { BOOLEAN_INPUTS, envName, FLAG_INPUTS, parseCommandLine, rawInputs, type Sources } from './args.ts';
import { helpText } from './help.ts';
import { progress, stderrLog } from './log.ts';
import { resultText } from './text.ts';
import { errorMessage } from '../mechanics/error-message.ts';

/** The command's surroundings, so that tests run it in-process or spawned alike. */
export interface Terminal extends Sources {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Standard error is a terminal: show progress. */
  readonly interactive: boolean;
  /** Cancels the run (Ctrl-C, a CI's cancel): no call starts after it, and what landed is the result. */
  readonly signal?: AbortSignal | undefined;
}

export const EXIT_CONFIRMED = 0;
export const EXIT_NOT_CONFIRMED = 1;
export const EXIT_REFUSED = 2;
/** Cancelled by a signal, as a shell gives the exit of a process stopped by SIGINT. */
export const EXIT_CANCELLED = SIGNAL_EXIT.SIGINT;

/** The command: argv and environment -> the action's settings -> the same flow -> an exit code. */
export async function runCommand(argv: readonly string[], terminal: Terminal): Promise<number> {
  // Before anything is parsed, so that no message, not even one about a mistyped flag, can show the key.
  let redact = makeRedactor(
    secretValues([
      terminal.env[envName('api-key')] ?? '',
      terminal.env[envName('github-token')] ?? '',
      terminal.env.GITHUB_TOKEN ?? '',
    ]),
  );
  const startedAt = new Date();
  let json = argv.includes('--json');
  let ran: { report: Report; bulk: Redact };
  try {
    const commandLine = parseCommandLine(argv);
    json = commandLine.json;
    if (commandLine.help) return done(terminal.stdout, helpText());
    if (commandLine.version) return done(terminal.stdout, `${VERSION}\n`);
    const raw = rawInputs(commandLine, terminal);
    redact = makeRedactor(secretValues([raw['api-key'], raw['github-token']]));
    const settings = inCommandWords(() => parseSettings(redactInputs(raw, redact)));
    // On a terminal, a log line first clears the progress line it would otherwise run into.
    const screen = { progressShown: false };
    const clear = terminal.interactive ? '\r\x1b[K' : '';
    const log = shownLog(
      stderrLog((text) => {
        terminal.stderr(`${clear}${text}`);
        screen.progressShown = false;
      }, commandLine.verbose),
      redact,
    );
    let callEnded: ((failed: boolean) => void) | undefined;
    // The CI's context needs these two alone: the settings, with their list, are let go once the run is planned.
    const { githubToken, timeoutMs, maxRetries } = settings;
    const report = await runFlow(settings, {
      log,
      redact,
      ci: () => ciFromEnv(terminal.env, githubToken, { timeoutMs, signal: terminal.signal, maxRetries }),
      onPlan: (plan) => {
        if (!terminal.interactive) return;
        callEnded = progress((text) => {
          terminal.stderr(text);
          screen.progressShown = true;
        }, plannedCalls(plan.invalidation).length);
      },
      callEnded: (failed) => callEnded?.(failed),
      // The same words as the action's log; on a terminal, one line rewritten in place.
      ...(terminal.interactive
        ? {
            status: (line: string) => {
              terminal.stderr(`\r${shownBy(redact)(oneLine(line))}\x1b[K`);
              screen.progressShown = true;
            },
          }
        : {}),
      signal: terminal.signal,
    });
    if (screen.progressShown) terminal.stderr('\n');
    // Server text and inputs were redacted as they came in; what is written is cleaned of the key's known forms once
    // more, a piece at a time.
    ran = { report, bulk: makeFormsRedactor(secretValues([raw['api-key'], raw['github-token']])) };
  } catch (error) {
    const message = errorMessage(error);
    terminal.stderr(shownBy(redact)(`error: ${message}\n`));
    // --json promises a report on standard output, a failed run's too.
    if (json) {
      const sent = error instanceof FailedAfterTheCalls && error.sent;
      const failure = failureJson({ error: redact(message), startedAt, sent });
      terminal.stdout(neutraliseJson(redact(`${JSON.stringify(failure, null, 2)}\n`)));
    }
    return error instanceof InputError ? EXIT_REFUSED : EXIT_NOT_CONFIRMED;
  }
  return publish(ran.report, json, terminal, (text) => neutraliseJson(ran.bulk(text)), shownBy(redact));
}

/**
 * The result on standard output, and the exit code the outcome gives. Once the calls were sent, the result is the
 * run's: one that cannot be written is an error of its own on standard error, never a second result.
 */
function publish(report: Report, json: boolean, terminal: Terminal, clean: Redact, shown: Redact): number {
  const { outcome } = report;
  const code = outcome.cancelled
    ? EXIT_CANCELLED
    : outcome.keyRefused
      ? EXIT_REFUSED
      : outcome.failures.length > 0
        ? EXIT_NOT_CONFIRMED
        : EXIT_CONFIRMED;
  try {
    if (json) for (const piece of reportJsonText(report, clean)) terminal.stdout(piece);
    else terminal.stdout(shown(resultText(report)));
  } catch (error) {
    const reason = errorMessage(error);
    terminal.stderr(shown(`error: the result could not be written to standard output: ${reason}\n`));
    return code === EXIT_CONFIRMED ? EXIT_NOT_CONFIRMED : code;
  }
  return code;
}

/** The API key, as a command is given one: a workflow's secrets mean nothing in a terminal. */
const NO_API_KEY_COMMAND =
  "api-key: is empty; export the account's Root API key as IMAGE_CACHE_API_KEY, or give a file that holds it " +
  'with --api-key-file <path>. To preview what would be invalidated without a key, add --dry-run.';

/**
 * What a refusal tells to set, as a command sets it: `set dry-run: true` becomes `set --dry-run`, `image-host: h`
 * becomes `--image-host h`. Only inside a sentence: a line that starts with an input's name (`rewrite: needs …`, or
 * a listed `- url-map: …`) names what was refused, and a rule (`url-map: a => b`) is left as it reads.
 */
const SET_INPUT = new RegExp(
  `(?<=(?:^|[^-])\\s|\\()(${FLAG_INPUTS.join('|')}): ([^\\s,;)'"]+?)(?=[.,;)]?(?:\\s(?!=>)|$))`,
  'gm',
);

/** Settings' refusals in the command's terms: its flags and variables, where they say what to set. */
function inCommandWords<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const message = error.message
      .replace(NO_API_KEY, NO_API_KEY_COMMAND)
      .replace(SET_INPUT, (_, name: string, value: string) =>
        value === 'true' && BOOLEAN_INPUTS.has(name as InputName) ? `--${name}` : `--${name} ${value}`,
      );
    throw new InputError(message, { cause: error });
  }
}

function done(write: (text: string) => void, text: string): number {
  write(text);
  return EXIT_CONFIRMED;
}
