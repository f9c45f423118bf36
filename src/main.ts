import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '@actions/core';
import { githubCi, githubContextFromEnv } from './changes/ci/github.ts';
import { listFilesIn, withListFiles } from './list-files.ts';
import {
  makeFormsRedactor,
  makeRedactor,
  redactStrings,
  secretForms,
  secretValues,
  type Redact,
} from './redact.ts';
import { runFlow } from './run/flow.ts';
import { listCalls } from './run/narration.ts';
import { shownLog, withinAnnotationLimit } from './run/log.ts';
import type { Log } from './run/log.ts';
import {
  assetLists,
  failureJson,
  failuresOf,
  LIST_CUT,
  outputsOf,
  reportJsonText,
  type Report,
  type RunFailure,
} from './run/report.ts';
import { failureMarkdown, summaryMarkdown } from './run/summary.ts';
import { INPUT_NAMES, InputError, parseSettings, type RawInputs } from './settings.ts';
import { shownBy } from './shown.ts';
import { plural } from './wording.ts';

/** The action: inputs -> settings -> plan -> execute -> report. Fails the step for anything thrown. */
export async function run(): Promise<void> {
  const startedAt = new Date();
  const keys = registerSecrets([core.getInput('api-key'), core.getInput('github-token')]);
  // Everything the service sends is redacted as it comes in (the client), in its decoded forms too; the report,
  // built of such strings and of the inputs, is then cleaned of the key's known forms once more.
  const redact = makeRedactor(keys);
  const bulk = makeFormsRedactor(keys);
  // Every line through shown.ts, and no more annotations of a kind than the runner shows for a step.
  const log = withinAnnotationLimit(shownLog(core, shownBy(redact), shownBy(bulk)));
  try {
    await invalidate(redact, bulk, log);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof InputError)) log.debug(String(error instanceof Error ? error.stack : error));
    await publish({ error: redact(message), startedAt }, bulk).catch(() => undefined);
    fail(log, message);
  } finally {
    log.close();
  }
}

/** Fails the step with an error annotation, within the limit (core.setFailed would add one past it). */
function fail(log: Log, message: string): void {
  process.exitCode = 1;
  log.error(message);
}

/** First of all: the runner masks the keys, and every form of them, in everything it shows. */
function registerSecrets(rawKeys: readonly string[]): string[] {
  const keys = secretValues(rawKeys);
  for (const key of keys) for (const form of secretForms(key)) core.setSecret(form);
  return keys;
}

async function invalidate(redact: Redact, bulk: Redact, log: Log): Promise<void> {
  for (const warning of undeclaredInputs(process.env)) log.warning(warning);
  const inputs = Object.fromEntries(INPUT_NAMES.map((name) => [name, core.getInput(name)])) as RawInputs;
  const workspace = process.env.GITHUB_WORKSPACE || process.cwd();
  const raw = withListFiles(inputs, listFilesIn(workspace, process.env.RUNNER_TEMP));
  // Read once; gone from the environment, so that no process started later (git, its helpers) inherits them.
  delete process.env['INPUT_API-KEY'];
  delete process.env['INPUT_GITHUB-TOKEN'];
  const settings = parseSettings(raw);
  const report = await runFlow(settings, {
    log,
    redact,
    ci: () => githubCi(githubContextFromEnv(settings.githubToken)),
    // The command prints the same list as its result; the action's log is where a dry run shows it.
    onPlan: (plan) => {
      if (settings.dryRun) listCalls(log, plan);
    },
  });
  await publish(report, bulk, log);
  const failures = failuresOf(report);
  for (const failure of failures) log.error(failure);
  if (failures.length > 0) {
    fail(log, `${plural(failures.length, 'failure')}; the job summary and the report list each one.`);
  }
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

/** Outputs, job summary, JSON report and list files: written on every run, failed or not, planned or not. */
async function publish(run: Report | RunFailure, redact: Redact, log?: Log): Promise<void> {
  // Redacted before it is escaped or encoded, where every form of the key is still plain; and once more after.
  const shown = redactStrings(run, redact);
  const report = 'plan' in shown ? shown : undefined;
  const base = join(process.env.RUNNER_TEMP || tmpdir(), `image-cache-invalidate-${randomUUID()}`);
  const files = {
    report: `${base}.json`,
    invalidated: `${base}-invalidated.json`,
    failed: `${base}-failed.json`,
  };
  const text =
    'plan' in shown
      ? reportJsonText(shown, redact)
      : [redact(`${JSON.stringify(failureJson(shown), null, 2)}\n`)];
  await writePieces(files.report, text);
  const lists = assetLists(report);
  await writeJsonArray(files.invalidated, lists.invalidated, redact);
  await writeJsonArray(files.failed, lists.failed, redact);
  for (const [name, value] of Object.entries(outputsOf(report, files))) {
    core.setOutput(name, redact(value));
    if (value.startsWith(LIST_CUT)) log?.warning(`${name}: ${value.slice(LIST_CUT.length).trim()}.`);
  }
  if (process.env.GITHUB_STEP_SUMMARY) {
    const markdown = 'plan' in shown ? summaryMarkdown(shown) : failureMarkdown(shown);
    await core.summary.addRaw(redact(markdown)).write();
  }
}

/** A JSON array, written in pieces: a million references never become one string. */
function writeJsonArray(path: string, items: readonly string[], redact: Redact): Promise<void> {
  return writePieces(path, jsonArrayPieces(items, redact));
}

function* jsonArrayPieces(items: readonly string[], redact: Redact): Generator<string> {
  yield '[';
  for (let start = 0; start < items.length; start += 10_000) {
    const piece = items.slice(start, start + 10_000).map((item) => JSON.stringify(item));
    yield redact(`${start === 0 ? '' : ','}${piece.join(',')}`);
  }
  yield ']\n';
}

/** A file only this user can read (it lists the run's assets), written a piece at a time. */
async function writePieces(path: string, pieces: Iterable<string>): Promise<void> {
  const file = await open(path, 'w', 0o600);
  try {
    for (const piece of pieces) await file.write(piece);
  } finally {
    await file.close();
  }
}
