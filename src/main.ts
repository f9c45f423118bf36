import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '@actions/core';
import { githubCi, githubContextFromEnv } from './changes/ci/github.ts';
import { makeRedactor, redactStrings, secretForms, secretValues, type Redact } from './redact.ts';
import { runFlow } from './run/flow.ts';
import { shownLog } from './run/log.ts';
import {
  failureJson,
  failuresOf,
  outputsOf,
  reportJson,
  type Report,
  type RunFailure,
} from './run/report.ts';
import { failureMarkdown, summaryMarkdown } from './run/summary.ts';
import { INPUT_NAMES, InputError, parseSettings, type RawInputs } from './settings.ts';
import { shownBy, type Shown } from './shown.ts';
import { plural } from './wording.ts';

/** The action: inputs -> settings -> plan -> execute -> report. Fails the step for anything thrown. */
export async function run(): Promise<void> {
  const startedAt = new Date();
  const redact = registerSecrets([core.getInput('api-key'), core.getInput('github-token')]);
  const shown = shownBy(redact);
  try {
    await invalidate(redact, shown);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof InputError))
      core.debug(shown(String(error instanceof Error ? error.stack : error)));
    await publish({ error: message, startedAt }, redact).catch(() => undefined);
    core.setFailed(shown(message));
  }
}

/** First of all: the runner masks the keys, and every form of them, in everything it shows. */
function registerSecrets(rawKeys: readonly string[]): Redact {
  const keys = secretValues(rawKeys);
  for (const key of keys) for (const form of secretForms(key)) core.setSecret(form);
  return makeRedactor(keys);
}

async function invalidate(redact: Redact, shown: Shown): Promise<void> {
  const raw = Object.fromEntries(INPUT_NAMES.map((name) => [name, core.getInput(name)])) as RawInputs;
  // Read once; gone from the environment, so that no process started later (git, its helpers) inherits them.
  delete process.env['INPUT_API-KEY'];
  delete process.env['INPUT_GITHUB-TOKEN'];
  const settings = parseSettings(raw);
  const log = shownLog(core, shown);
  const report = await runFlow(settings, {
    log,
    redact,
    ci: () => githubCi(githubContextFromEnv(settings.githubToken)),
  });
  await publish(report, redact);
  const failures = failuresOf(report);
  for (const failure of failures.slice(0, 10)) log.error(failure);
  if (failures.length > 0) {
    core.setFailed(`${plural(failures.length, 'failure')}; the job summary and the report list each one.`);
  }
}

/** Outputs, job summary and JSON report: written on every run, failed or not, ended before its plan or not. */
async function publish(run: Report | RunFailure, redact: Redact): Promise<void> {
  // Redacted before it is escaped or encoded, where every form of the key is still plain; and once more after.
  const shown = redactStrings(run, redact);
  const report = 'plan' in shown ? shown : undefined;
  const path = await writeReport('plan' in shown ? reportJson(shown) : failureJson(shown), redact);
  for (const [name, value] of Object.entries(outputsOf(report, path))) core.setOutput(name, redact(value));
  if (process.env.GITHUB_STEP_SUMMARY) {
    const markdown = 'plan' in shown ? summaryMarkdown(shown) : failureMarkdown(shown);
    await core.summary.addRaw(redact(markdown)).write();
  }
}

/** `json` holds redacted strings already; the text is redacted once more, after JSON has escaped it. */
async function writeReport(json: object, redact: Redact): Promise<string> {
  const path = join(process.env.RUNNER_TEMP || tmpdir(), `image-cache-invalidate-${randomUUID()}.json`);
  await writeFile(path, redact(`${JSON.stringify(json, null, 2)}\n`), { mode: 0o600 });
  return path;
}
