import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '@actions/core';
import {
  makeFormsRedactor,
  makeRedactor,
  redactInputs,
  secretForms,
  secretValues,
  type Redact,
} from './shown/redact.ts';
import { cancelNotice, cancelOnSignals } from './cancel.ts';
import { CANCEL_GRACE_MS } from './service/cut-off.ts';
import { runFlow } from './flow.ts';
import { FailedAfterTheCalls } from './outcome/stages.ts';
import { tellClosing } from './report/closing.ts';
import { shownLog, withinAnnotationLimit } from './shown/log.ts';
import type { Log } from './shown/log.ts';
import { runnerLog } from './shown/runner-log.ts';
import {
  failureJson,
  LIST_CUT,
  outputsOf,
  reportJsonText,
  unlistedOutputs,
  type WrittenFiles,
  type Report,
  type RunFailure,
} from './report/report.ts';
import {
  COMMENT_LIMIT_BYTES,
  failureMarkdown,
  summaryMarkdown,
  withinSummaryLimit,
} from './report/summary.ts';
import { INPUT_NAMES, parseSettings, type RawInputs } from './settings/settings.ts';
import { InputError } from './mechanics/input-error.ts';
import { plural } from './shown/format.ts';
import { errorMessage } from './mechanics/error-message.ts';

/** The action: inputs -> settings -> plan -> execute -> publish. Fails the step for anything thrown. */
export async function run(): Promise<void> {
  const startedAt = new Date();
  const inputs = readInputs();
  const keys = registerSecrets([inputs['api-key'], inputs['github-token']]);
  // Everything from outside is redacted as it comes in: the service's answers (the client), the inputs and the
  // changed files (here and in the flow), in their decoded forms too. What is written is cleaned of the key's
  // known forms once more, a piece at a time.
  const redact = makeRedactor(keys);
  const bulk = makeFormsRedactor(keys);
  // Every line through shown.ts, and no more annotations of a kind than the runner shows for a step.
  const log = withinAnnotationLimit(shownLog(runnerLog(), redact, bulk));
  const cancel = cancelOnSignals((name) => {
    log.info(cancelNotice(name, CANCEL_GRACE_MS));
  });
  try {
    const done = await invalidate(inputs, redact, log, cancel.signal).catch((error: unknown) => {
      if (!(error instanceof InputError)) log.debug(String(error instanceof Error ? error.stack : error));
      return {
        error: redact(errorMessage(error)),
        startedAt,
        sent: error instanceof FailedAfterTheCalls && error.sent,
      };
    });
    // Everything is published before the step is failed: a piece that cannot be written is its own error.
    const { problems, files } = await publish(done, bulk, log);
    if ('outcome' in done) {
      // The file that lists every one, as written: the list, else the report (which lists each asset).
      tellClosing(log, done, (list) =>
        files[list] === '' ? 'the JSON report (report-path)' : `${list}-file`,
      );
    } else log.error(done.error);
    for (const problem of problems) log.error(problem);
    const failures = 'outcome' in done ? done.outcome.failures.length : 1;
    if (failures + problems.length > 0) process.exitCode = 1;
    if (failures > 1)
      log.info(`${plural(failures, 'failure')}; the job summary and the report list each one.`);
  } finally {
    log.close();
    cancel.dispose();
  }
  // A cancelled run leaves calls it stopped waiting for: they would keep the step alive past its publishing.
  // Exits once standard output is flushed: on a pipe it may be written asynchronously, and the log would lose its end.
  if (cancel.signal.aborted) process.stdout.write('', () => process.exit());
}

/**
 * Every input, read once; the secret ones then leave the environment, before anything can start a process (git,
 * its helpers), which would inherit them. The environment the process started with stays in /proc (SECURITY.md).
 */
function readInputs(): RawInputs {
  const inputs = Object.fromEntries(INPUT_NAMES.map((name) => [name, core.getInput(name)])) as RawInputs;
  delete process.env['INPUT_API-KEY'];
  delete process.env['INPUT_GITHUB-TOKEN'];
  return inputs;
}

/** First of all: the runner masks the keys, and every form of them, in everything it shows. */
function registerSecrets(rawKeys: readonly string[]): string[] {
  const keys = secretValues(rawKeys);
  for (const key of keys) for (const form of secretForms(key)) core.setSecret(form);
  return keys;
}

async function invalidate(inputs: RawInputs, redact: Redact, log: Log, signal: AbortSignal): Promise<Report> {
  for (const warning of undeclaredInputs(process.env)) log.warning(warning);
  const workspace = process.env.GITHUB_WORKSPACE || process.cwd();
  const raw = await withListsRead(inputs, workspace);
  const settings = parseSettings(redactInputs(raw, redact));
  // The CI's context needs these two alone: the settings, with their list, are let go once the run is planned.
  const { githubToken, timeoutMs, maxRetries } = settings;
  return runFlow(settings, {
    log,
    redact,
    signal,
    // Loaded by a run that reads the event or the checkout: a list of assets needs neither.
    ci: async () => {
      const { githubCi, githubContextFromEnv } = await import('./ci/github.ts');
      return githubCi(githubContextFromEnv(githubToken, process.env, { timeoutMs, signal, maxRetries }));
    },
  });
}

/** The lists that `assets-from` and `files-from` name, read in: their reader is loaded by a run that names one. */
async function withListsRead(inputs: RawInputs, workspace: string): Promise<RawInputs> {
  if (inputs['assets-from'].trim() === '' && inputs['files-from'].trim() === '') return inputs;
  const { listFilesIn, withListFiles } = await import('./settings/list-files.ts');
  return withListFiles(inputs, listFilesIn(workspace, process.env.RUNNER_TEMP));
}

/**
 * A `with:` key that action.yml does not declare (`url_map` for `url-map`) still reaches the action, as
 * INPUT_URL_MAP; the runner only warns. Named here with the input it most likely meant.
 */
function undeclaredInputs(env: NodeJS.ProcessEnv): string[] {
  const bare = (name: string): string => name.toLowerCase().replace(/[-_ ]/g, '');
  const declared = new Set(INPUT_NAMES.map((name) => `INPUT_${name.replace(/ /g, '_').toUpperCase()}`));
  return Object.keys(env)
    .filter((key) => key.startsWith('INPUT_') && !declared.has(key))
    .map((key) => {
      const name = key.slice('INPUT_'.length).toLowerCase();
      const meant = INPUT_NAMES.find((input) => bare(input) === bare(name));
      return (
        `${name}: is not an input of this action, so it is ignored` +
        (meant === undefined ? '; the README lists the inputs.' : `; did you mean ${meant}?`)
      );
    });
}

/**
 * Outputs, JSON report, list files and job summary: written on every run, failed or not, planned or not, each
 * output once. Each piece that cannot be written is a problem of its own, named, and stops none of the others.
 */
async function publish(
  run: Report | RunFailure,
  redact: Redact,
  log: Log,
): Promise<{ problems: string[]; files: WrittenFiles }> {
  const problems: string[] = [];
  const report = 'outcome' in run ? run : undefined;
  let markdown = '';
  try {
    markdown = 'outcome' in run ? summaryMarkdown(run) : failureMarkdown(run);
  } catch (error) {
    problems.push(`The job summary could not be made: ${errorMessage(error)}`);
  }
  const base = join(process.env.RUNNER_TEMP || tmpdir(), `image-cache-invalidate-${randomUUID()}`);
  const paths: WrittenFiles = {
    report: `${base}.json`,
    invalidated: `${base}-invalidated.json`,
    failed: `${base}-failed.json`,
    summary: `${base}-summary.md`,
  };
  // Why each file that was not written whole was not: an output that would name it is left empty, and says why.
  const notWritten = new Map<keyof WrittenFiles, string>();
  const written = async (
    file: keyof WrittenFiles,
    what: string,
    pieces: Iterable<string>,
  ): Promise<string> => {
    try {
      await writePieces(paths[file], pieces);
      return paths[file];
    } catch (error) {
      problems.push(`${what} could not be written to ${paths[file]}: ${errorMessage(error)}`);
      notWritten.set(file, `${paths[file]}: ${errorMessage(error)}`);
      return '';
    }
  };
  const files: WrittenFiles = {
    report: await written(
      'report',
      'The JSON report',
      'outcome' in run
        ? reportJsonText(run, redact)
        : [redact(`${JSON.stringify(failureJson(run), null, 2)}\n`)],
    ),
    invalidated: await written(
      'invalidated',
      'The list of invalidated assets',
      jsonArrayPieces(report?.outcome.invalidated ?? [], redact),
    ),
    failed: await written(
      'failed',
      'The list of failed assets',
      jsonArrayPieces(report?.outcome.failed ?? [], redact),
    ),
    // `summary-file`: the summary for a pull-request comment, within what a comment holds.
    summary: await written('summary', 'The summary file', [
      redact(withinSummaryLimit(markdown, COMMENT_LIMIT_BYTES)),
    ]),
  };
  for (const warning of unlistedOutputs(report, files, (file) => notWritten.get(file) ?? paths[file]))
    log.warning(warning);
  // Each output on its own: one that cannot be set does not keep the others (the token, the lists) from the step.
  for (const [name, value] of Object.entries(outputsOf(report, files))) {
    try {
      core.setOutput(name, redact(value));
      if (value.startsWith(LIST_CUT)) log.warning(`${name}: ${value.slice(LIST_CUT.length).trim()}.`);
    } catch (error) {
      problems.push(`The output ${name} could not be set: ${errorMessage(error)}`);
    }
  }
  const summaryPath = process.env.GITHUB_STEP_SUMMARY;
  if (summaryPath && markdown !== '') {
    try {
      await core.summary.addRaw(redact(markdown)).write();
    } catch (error) {
      problems.push(`The job summary could not be written to ${summaryPath}: ${errorMessage(error)}`);
    }
  }
  return { problems, files };
}

// Small enough that no piece is a large object (over 128 KiB), for which V8 maps pages of its own.
const ITEMS_PER_PIECE = 1_000;

function* jsonArrayPieces(items: readonly string[], redact: Redact): Generator<string> {
  yield '[';
  for (let start = 0; start < items.length; start += ITEMS_PER_PIECE) {
    if (start > 0) yield ',';
    // An array of strings, written by JSON.stringify in one go, without its brackets.
    yield redact(JSON.stringify(items.slice(start, start + ITEMS_PER_PIECE)).slice(1, -1));
  }
  yield ']\n';
}

/**
 * A file only this user can read (it lists the run's assets), written a piece at a time, and whole or not at all: a
 * full disk cuts a write short without an error, so each piece is written until every byte is, and a file that
 * could not be is removed, so that no output names it.
 */
async function writePieces(path: string, pieces: Iterable<string>): Promise<void> {
  const file = await open(path, 'w', 0o600);
  try {
    for (const piece of pieces) {
      const bytes = Buffer.from(piece);
      for (let at = 0; at < bytes.length;) at += (await file.write(bytes, at)).bytesWritten;
    }
    // On the disk before an output names it: a full disk may only say so when the file is flushed.
    await file.sync();
    await file.close();
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(path, { force: true });
    throw error;
  }
}
