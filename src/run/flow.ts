import { sendCall } from '../api/client.ts';
import { BACKOFF, RETRY_WINDOW_MS } from '../api/retry.ts';
import { detectChangedFiles, type ChangedFiles } from '../changes/detect.ts';
import type { GithubContext } from '../changes/event.ts';
import { gitIn } from '../changes/git.ts';
import { quote } from '../inputs.ts';
import { planRun, type FilesPlan, type Plan } from '../plan.ts';
import type { Redact } from '../redact.ts';
import type { Settings } from '../settings.ts';
import { USER_AGENT } from '../version.ts';
import { execute, type CallRecord, type RunResult } from './execute.ts';
import type { Log } from './log.ts';
import { describeCall, plural, type Report } from './report.ts';

export interface FlowOptions {
  readonly log: Log;
  readonly redact: Redact;
  /** The workflow run, for detecting changed files. */
  readonly github: () => GithubContext;
  /** Told of each call as it ends, after the log. */
  readonly onCall?: (call: CallRecord) => void;
}

/** One run, from settings to report: plan (with the changed files), execute unless a dry run, and tell. */
export async function runFlow(settings: Settings, options: FlowOptions): Promise<Report> {
  const startedAt = new Date();
  const { log } = options;
  const plan = planRun(settings, await changedFiles(settings, options.github));
  log.startGroup('Plan');
  logPlan(settings, plan, log);
  log.endGroup();

  let result: RunResult | undefined;
  if (!settings.dryRun) {
    log.startGroup('Invalidate');
    result = await send(settings, plan, options);
    log.endGroup();
  }
  return {
    dryRun: settings.dryRun,
    plan,
    ...(result === undefined ? {} : { result }),
    startedAt,
    finishedAt: new Date(),
  };
}

/** The files given in `files`, or those the triggering event changed, when the target asks for them. */
async function changedFiles(
  settings: Settings,
  github: () => GithubContext,
): Promise<ChangedFiles | undefined> {
  const target = settings.target;
  if (target.scope !== 'assets' || target.changes === undefined) return undefined;
  if (target.changes.files !== undefined)
    return { files: [...target.changes.files], source: 'the files input' };
  const context = github();
  return detectChangedFiles(context, target.changes.since, gitIn(context.workspace));
}

function logPlan(settings: Settings, plan: Plan, log: Log): void {
  const invalidation = plan.invalidation;
  log.info(`Service: ${settings.endpoint.href}`);
  if (settings.dryRun) log.info('Dry run: nothing will be sent.');
  switch (invalidation.scope) {
    case 'all':
      log.info('Invalidate: every image of the account (1 call).');
      break;
    case 'domain':
      log.info(`Invalidate: every image of ${invalidation.domain} (1 call).`);
      break;
    case 'assets':
      if (invalidation.files !== undefined) logFiles(invalidation.files, log);
      if (invalidation.assets.length === 0)
        log.notice(`Nothing to invalidate: ${emptyReason(invalidation.files)}`);
      else {
        log.info(
          `Invalidate: ${plural(invalidation.assets.length, 'asset')} in ${plural(invalidation.batches.length, 'call')}, ` +
            `up to ${Math.min(settings.concurrency, invalidation.batches.length)} at a time.`,
        );
      }
      break;
    case 'none':
      log.info('Invalidate: nothing (scope none).');
      break;
  }
  if (plan.token) log.info('Then request a fresh cache token.');
}

function logFiles(files: FilesPlan, log: Log): void {
  log.info(`Changed files: ${files.source}`);
  if (files.fallbackReason !== undefined) log.info(`(git could not tell: ${files.fallbackReason})`);
  if (files.truncated !== undefined) log.warning(`Changed files: ${files.truncated}.`);
  log.info(
    `${plural(files.found, 'file')} found, ${files.selected} selected by paths, ${files.mapped} mapped to URLs by url-map, ` +
      `${files.unmapped.length} skipped.`,
  );
  if (files.unmapped.length > 0) {
    const shown = files.unmapped.slice(0, 20).map(quote).join(', ');
    const more = files.unmapped.length > 20 ? ` and ${files.unmapped.length - 20} more` : '';
    log.warning(
      `${plural(files.unmapped.length, 'selected file')} skipped: no url-map rule maps ${shown}${more}.`,
    );
  }
}

function emptyReason(files: FilesPlan | undefined): string {
  if (files === undefined) return 'the asset list is empty.';
  return `none of the ${plural(files.found, 'changed file')} is an image that url-map maps (${files.source}).`;
}

async function send(settings: Settings, plan: Plan, options: FlowOptions): Promise<RunResult> {
  // Loaded only when something is sent: a dry run starts faster without undici.
  const { createDispatcher } = await import('../api/dispatcher.ts');
  const dispatcher = createDispatcher(settings.concurrency, settings.timeoutMs);
  const client = {
    endpoint: settings.endpoint,
    apiKey: settings.apiKey,
    dispatcher,
    timeoutMs: settings.timeoutMs,
    redact: options.redact,
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
        logCall(call, options.log);
        options.onCall?.(call);
      },
    });
  } finally {
    await dispatcher.close();
  }
}

function logCall(call: CallRecord, log: Log): void {
  for (const attempt of call.attempts) {
    const answer = attempt.status ?? attempt.error ?? '';
    log.debug(`${describeCall(call)}: ${answer} in ${Math.round(attempt.durationMs)} ms`);
  }
  const line = `${describeCall(call)}: ${call.outcome}${call.error === undefined ? '' : ` (${call.error.message})`}`;
  if (call.outcome === 'confirmed') log.info(line);
  else log.warning(line);
}
