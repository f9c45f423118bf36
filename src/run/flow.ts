import { sendCall } from '../api/client.ts';
import { BACKOFF, RETRY_WINDOW_MS } from '../api/retry.ts';
import { detectChangedFiles, type ChangedFiles } from '../changes/detect.ts';
import type { GithubContext } from '../changes/event.ts';
import { gitIn } from '../changes/git.ts';
import { quote } from '../inputs.ts';
import { planRun, type FilesPlan, type Plan } from '../plan.ts';
import type { Redact } from '../redact.ts';
import { rewriteFiles, type RewriteResult } from '../rewrite/files.ts';
import type { Settings } from '../settings.ts';
import { USER_AGENT } from '../version.ts';
import { execute, type CallRecord, type RunResult } from './execute.ts';
import type { Log } from './log.ts';
import { describeCall, type Report } from './report.ts';
import { count, plural } from '../format.ts';

export interface FlowOptions {
  readonly log: Log;
  readonly redact: Redact;
  /** The workflow run, for detecting changed files. */
  readonly github: () => GithubContext;
  /** Told of the plan before anything is sent. */
  readonly onPlan?: (plan: Plan) => void;
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
  options.onPlan?.(plan);

  let result: RunResult | undefined;
  if (!settings.dryRun) {
    log.startGroup('Invalidate');
    result = await send(settings, plan, options);
    const calls = result.calls.filter((call) => call.route !== 'token');
    const withOutcome = (outcome: string): number => calls.filter((call) => call.outcome === outcome).length;
    const split = withOutcome('split') > 0 ? `, ${withOutcome('split')} split in halves` : '';
    log.info(
      `${withOutcome('confirmed')} of ${plural(calls.length, 'invalidation call')} confirmed${split}.`,
    );
    log.endGroup();
  }
  const rewrite = await rewriteStep(settings, result?.token, options);
  return {
    dryRun: settings.dryRun,
    plan,
    ...(result === undefined ? {} : { result }),
    startedAt,
    finishedAt: new Date(),
    ...(settings.imageHost === undefined ? {} : { imageHost: settings.imageHost }),
    ...(rewrite === undefined ? {} : 'error' in rewrite ? { rewriteError: rewrite.error } : { rewrite }),
  };
}

// What a dry run writes in place of the token it did not request: it changes every URL, so all are counted.
const DRY_RUN_TOKEN = 'dry-run';

/** Puts the new token into the image URLs of the built files, so that the deploy after this ships fresh URLs. */
async function rewriteStep(
  settings: Settings,
  token: string | undefined,
  options: FlowOptions,
): Promise<RewriteResult | { error: string } | undefined> {
  if (settings.rewrite.length === 0 || settings.imageHost === undefined) return undefined;
  const { log } = options;
  if (!settings.dryRun && token === undefined) {
    log.warning('rewrite: skipped, since no token was obtained.');
    return undefined;
  }
  log.startGroup('Rewrite');
  let rewrite: RewriteResult;
  try {
    rewrite = await rewriteFiles({
      workspace: options.github().workspace,
      patterns: settings.rewrite,
      imageHost: settings.imageHost,
      token: token ?? DRY_RUN_TOKEN,
      dryRun: settings.dryRun,
    });
  } catch (error) {
    // The invalidation and the token have landed: the report keeps them, and says what failed after.
    log.endGroup();
    return {
      error: `Rewriting the built files failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  for (const file of rewrite.files) log.debug(`${quote(file.path)}: ${plural(file.urls, 'URL')}`);
  // A pattern that selects nothing is most likely a wrong folder: the deploy would ship the old URLs.
  if (rewrite.scanned === 0)
    log.warning(`rewrite: no file matches ${settings.rewrite.map(quote).join(', ')}.`);
  else if (rewrite.urls === 0)
    log.warning(`rewrite: no URL on ${settings.imageHost} in the ${rewrite.scanned} files.`);
  log.info(
    `${settings.dryRun ? 'Would set' : 'Set'} the cache buster of ${plural(rewrite.urls, 'image URL')} in ` +
      `${plural(rewrite.files.length, 'file')} (of ${rewrite.scanned} scanned).`,
  );
  log.endGroup();
  return rewrite;
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
    `${plural(files.found, 'file')} found, ${count(files.selected)} selected by paths, ` +
      `${count(files.mapped)} mapped to URLs by url-map, ${count(files.unmapped.length)} skipped.`,
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
      onRetry: (call, error, waitMs, attempt) => {
        const seconds = (waitMs / 1000).toFixed(1);
        const failure = error.message.replace(/\.$/, '');
        options.log.info(
          `${describeCall(call)}: ${failure}; attempt ${attempt} of ${settings.maxRetries + 1} in ${seconds} s.`,
        );
      },
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
  // Confirmed calls are the normal case: listed in the summary and the report, not one log line each.
  if (call.outcome === 'split')
    log.info(`${describeCall(call)}: too many assets for the service; sending it in halves.`);
  else if (call.outcome === 'failed')
    log.warning(`${describeCall(call)}: ${call.error?.message ?? 'failed'}`);
}
