import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '@actions/core';
import { sendCall } from './api/client.ts';
import { BACKOFF, RETRY_WINDOW_MS } from './api/retry.ts';
import { detectChangedFiles, type ChangedFiles } from './changes/detect.ts';
import type { GithubContext } from './changes/event.ts';
import { gitIn } from './changes/git.ts';
import { quote } from './inputs.ts';
import { planRun, type FilesPlan, type Plan } from './plan.ts';
import { makeRedactor, secretForms, type Redact } from './redact.ts';
import { execute, type CallRecord, type RunResult } from './run/execute.ts';
import { describeCall, failuresOf, outputsOf, plural, reportJson, type Report } from './run/report.ts';
import { escapeMarkdown, summaryMarkdown } from './run/summary.ts';
import { INPUT_NAMES, InputError, parseSettings, type RawInputs, type Settings } from './settings.ts';
import { USER_AGENT } from './version.ts';

/** The action: inputs -> settings -> plan -> execute -> report. Fails the step for anything thrown. */
export async function run(): Promise<void> {
  const startedAt = new Date();
  const redact = registerSecrets([core.getInput('api-key'), core.getInput('github-token')]);
  try {
    await invalidate(startedAt, redact);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof InputError))
      core.debug(redact(String(error instanceof Error ? error.stack : error)));
    await publishFailure(startedAt, redact, message).catch(() => undefined);
    core.setFailed(redact(message));
  }
}

/** First of all: the runner masks the keys, and every form of them, in everything it shows. */
function registerSecrets(rawKeys: readonly string[]): Redact {
  const keys = [...new Set(rawKeys.flatMap((key) => [key, key.trim()]))].filter((key) => key !== '');
  for (const key of keys) for (const form of secretForms(key)) core.setSecret(form);
  return makeRedactor(keys);
}

async function invalidate(startedAt: Date, redact: Redact): Promise<void> {
  const raw = Object.fromEntries(INPUT_NAMES.map((name) => [name, core.getInput(name)])) as RawInputs;
  const settings = parseSettings(raw);
  const changed = await changedFiles(settings);
  const plan = planRun(settings, changed);
  core.startGroup('Plan');
  logPlan(settings, plan);
  core.endGroup();

  let result: RunResult | undefined;
  if (!settings.dryRun) {
    core.startGroup('Invalidate');
    result = await send(settings, plan, redact);
    core.endGroup();
  }
  const report: Report = {
    dryRun: settings.dryRun,
    plan,
    ...(result === undefined ? {} : { result }),
    startedAt,
    finishedAt: new Date(),
  };
  await publish(report, redact);
  const failures = failuresOf(report);
  for (const failure of failures.slice(0, 10)) core.error(redact(failure));
  if (failures.length > 0) {
    core.setFailed(
      redact(`${plural(failures.length, 'failure')}; the job summary and the report list each one.`),
    );
  }
}

/** The files given in `files`, or those the triggering event changed, when the target asks for them. */
async function changedFiles(settings: Settings): Promise<ChangedFiles | undefined> {
  const target = settings.target;
  if (target.scope !== 'assets' || target.changes === undefined) return undefined;
  if (target.changes.files !== undefined)
    return { files: [...target.changes.files], source: 'the files input' };
  const context = githubContext(settings.githubToken);
  return detectChangedFiles(context, target.changes.since, gitIn(context.workspace));
}

function githubContext(token: string): GithubContext {
  const env = process.env;
  const eventPath = env.GITHUB_EVENT_PATH ?? '';
  return {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    payload:
      eventPath !== '' && existsSync(eventPath)
        ? (JSON.parse(readFileSync(eventPath, 'utf8')) as unknown)
        : {},
    sha: env.GITHUB_SHA ?? 'HEAD',
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    repository: env.GITHUB_REPOSITORY ?? '',
    apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
    token,
  };
}

function logFiles(files: FilesPlan): void {
  core.info(`Changed files: ${files.source}`);
  if (files.fallbackReason !== undefined) core.info(`(git could not tell: ${files.fallbackReason})`);
  if (files.truncated !== undefined) core.warning(`Changed files: ${files.truncated}.`);
  core.info(
    `${plural(files.found, 'file')} found, ${files.selected} selected by paths, ${files.mapped} mapped to URLs by url-map, ` +
      `${files.unmapped.length} skipped.`,
  );
  if (files.unmapped.length > 0) {
    const shown = files.unmapped.slice(0, 20).map(quote).join(', ');
    const more = files.unmapped.length > 20 ? ` and ${files.unmapped.length - 20} more` : '';
    core.warning(
      `${plural(files.unmapped.length, 'selected file')} skipped: no url-map rule maps ${shown}${more}.`,
    );
  }
}

function emptyReason(files: FilesPlan | undefined): string {
  if (files === undefined) return 'the asset list is empty.';
  return `none of the ${plural(files.found, 'changed file')} is an image that url-map maps (${files.source}).`;
}

function logPlan(settings: Settings, plan: Plan): void {
  const invalidation = plan.invalidation;
  core.info(`Service: ${settings.endpoint.href}`);
  if (settings.dryRun) core.info('Dry run: nothing will be sent.');
  switch (invalidation.scope) {
    case 'all':
      core.info('Invalidate: every image of the account (1 call).');
      break;
    case 'domain':
      core.info(`Invalidate: every image of ${invalidation.domain} (1 call).`);
      break;
    case 'assets':
      if (invalidation.files !== undefined) logFiles(invalidation.files);
      if (invalidation.assets.length === 0)
        core.notice(`Nothing to invalidate: ${emptyReason(invalidation.files)}`);
      else {
        core.info(
          `Invalidate: ${plural(invalidation.assets.length, 'asset')} in ${plural(invalidation.batches.length, 'call')}, ` +
            `up to ${Math.min(settings.concurrency, invalidation.batches.length)} at a time.`,
        );
      }
      break;
    case 'none':
      core.info('Invalidate: nothing (scope none).');
      break;
  }
  if (plan.token) core.info('Then request a fresh cache token.');
}

async function send(settings: Settings, plan: Plan, redact: Redact): Promise<RunResult> {
  // Loaded only when something is sent: a dry run starts faster without undici.
  const { createDispatcher } = await import('./api/dispatcher.ts');
  const dispatcher = createDispatcher(settings.concurrency, settings.timeoutMs);
  const client = {
    endpoint: settings.endpoint,
    apiKey: settings.apiKey,
    dispatcher,
    timeoutMs: settings.timeoutMs,
    redact,
    userAgent: USER_AGENT,
  };
  try {
    return await execute(plan, {
      send: (call) => sendCall(call, client),
      concurrency: settings.concurrency,
      maxRetries: settings.maxRetries,
      retryWindowMs: RETRY_WINDOW_MS,
      ...BACKOFF,
      onCall: (call) => {
        logCall(call, redact);
      },
    });
  } finally {
    await dispatcher.close();
  }
}

function logCall(call: CallRecord, redact: Redact): void {
  for (const attempt of call.attempts) {
    const answer = attempt.status ?? attempt.error ?? '';
    core.debug(redact(`${describeCall(call)}: ${answer} in ${Math.round(attempt.durationMs)} ms`));
  }
  const line = `${describeCall(call)}: ${call.outcome}${call.error === undefined ? '' : ` (${call.error.message})`}`;
  if (call.outcome === 'confirmed') core.info(redact(line));
  else core.warning(redact(line));
}

/** Outputs, job summary and JSON report: written on every run, failed or not. */
async function publish(report: Report, redact: Redact): Promise<void> {
  const path = await writeReport(reportJson(report), redact);
  for (const [name, value] of Object.entries(outputsOf(report))) core.setOutput(name, redact(value));
  core.setOutput('report-path', path);
  if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(redact(summaryMarkdown(report))).write();
}

/** A run that ended before its plan (bad input): empty outputs and a report that says why. */
async function publishFailure(startedAt: Date, redact: Redact, message: string): Promise<void> {
  const path = await writeReport({ ok: false, error: message, startedAt: startedAt.toISOString() }, redact);
  for (const name of ['token', 'cache-buster']) core.setOutput(name, '');
  for (const name of ['invalidated', 'failed']) core.setOutput(name, '[]');
  core.setOutput('requests', '0');
  core.setOutput('report-path', path);
  if (process.env.GITHUB_STEP_SUMMARY) {
    const lines = message.split('\n').map((line) => `> ${escapeMarkdown(line)}`);
    await core.summary
      .addRaw(redact(`## Image cache invalidation\n\nNothing was sent:\n\n${lines.join('\n')}\n`))
      .write();
  }
}

async function writeReport(json: object, redact: Redact): Promise<string> {
  const path = join(process.env.RUNNER_TEMP || tmpdir(), `image-cache-invalidate-${randomUUID()}.json`);
  await writeFile(path, redact(`${JSON.stringify(json, null, 2)}\n`), { mode: 0o600 });
  return path;
}
