import { sendCall } from '../api/client.ts';
import type { CiContext } from '../changes/ci/context.ts';
import { detectChangedFiles, type ChangedFiles } from '../changes/detect.ts';
import { gitIn } from '../changes/git.ts';
import { canonicalRef } from '../assets/refs.ts';
import { planRun, type Plan } from '../plan.ts';
import type { Redact } from '../redact.ts';
import { contentBusters } from '../rewrite/content.ts';
import { rewriteFiles, type RewriteResult } from '../rewrite/files.ts';
import { checkRewrite } from '../rewrite/preflight.ts';
import type { Settings } from '../settings.ts';
import { USER_AGENT } from '../version.ts';
import { execute, type CallRecord, type RunResult } from './execute.ts';
import type { Log } from './log.ts';
import { narration, type Narration } from './narration.ts';
import { invalidatedRefs, type Report } from './report.ts';

export interface FlowOptions {
  readonly log: Log;
  readonly redact: Redact;
  /** The CI the run is in: where the checkout is, and which commits its event changed. */
  readonly ci: () => CiContext;
  /** Told of the plan before anything is sent. */
  readonly onPlan?: (plan: Plan) => void;
  /** Told of each call as it ends, after the log. */
  readonly onCall?: (record: CallRecord) => void;
}

/** One run, from settings to report: plan (with the changed files), execute unless a dry run, rewrite. */
export async function runFlow(settings: Settings, options: FlowOptions): Promise<Report> {
  const startedAt = new Date();
  const { log } = options;
  const tell = narration(log, settings);
  // A rewrite that would change nothing is found before anything is sent, not after the invalidation.
  if (settings.rewrite.length > 0 && settings.imageHost !== undefined) {
    await checkRewrite(options.ci().workspace, settings.rewrite, settings.imageHost);
  }
  const plan = planRun(settings, await changedFiles(settings, options.ci));
  log.startGroup('Plan');
  tell.plan(plan);
  log.endGroup();
  options.onPlan?.(plan);

  let result: RunResult | undefined;
  if (!settings.dryRun) {
    log.startGroup('Invalidate');
    result = await send(settings, plan, options, tell);
    tell.sent(result);
    log.endGroup();
  }
  const rewrite = await rewriteStep(settings, plan, result, options, tell);
  return {
    dryRun: settings.dryRun,
    plan,
    ...(result === undefined ? {} : { result }),
    startedAt,
    finishedAt: new Date(),
    ...(settings.imageHost === undefined ? {} : { imageHost: settings.imageHost }),
    ...(settings.apiKey === '' ? { noApiKey: true } : {}),
    ...(rewrite === undefined ? {} : 'error' in rewrite ? { rewriteError: rewrite.error } : { rewrite }),
  };
}

/** The files given in `files`, or those the triggering event changed, when the target asks for them. */
async function changedFiles(settings: Settings, ci: () => CiContext): Promise<ChangedFiles | undefined> {
  const target = settings.target;
  if (target.scope !== 'assets' || target.changes === undefined) return undefined;
  if (target.changes.files !== undefined)
    return { files: [...target.changes.files], source: 'the files input' };
  const context = ci();
  return detectChangedFiles(context, target.changes.since, gitIn(context.workspace));
}

async function send(
  settings: Settings,
  plan: Plan,
  options: FlowOptions,
  tell: Narration,
): Promise<RunResult> {
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
      onRetry: tell.retry,
      onCall: (record) => {
        tell.call(record);
        options.onCall?.(record);
      },
    });
  } finally {
    await dispatcher.close();
  }
}

// What a dry run writes in place of the token it did not request: it changes every URL, so all are counted.
const DRY_RUN_TOKEN = 'dry-run';

/**
 * Puts fresh cache busters into the image URLs of the built files, so that the deploy after this ships fresh URLs:
 * the new token in every URL, or each invalidated image's content value in its own URLs.
 */
async function rewriteStep(
  settings: Settings,
  plan: Plan,
  result: RunResult | undefined,
  options: FlowOptions,
  tell: Narration,
): Promise<RewriteResult | { error: string } | undefined> {
  if (settings.rewrite.length === 0 || settings.imageHost === undefined) return undefined;
  const { log } = options;
  if (settings.rewriteWith === 'token' && !settings.dryRun && result?.token === undefined) {
    log.warning('rewrite: skipped, since no token was obtained.');
    return undefined;
  }
  log.startGroup('Rewrite');
  try {
    const workspace = options.ci().workspace;
    const content =
      settings.rewriteWith === 'content'
        ? await contentBusters(invalidatedRefs(plan, result), plan.fileOf, workspace)
        : undefined;
    const rewrite = await rewriteFiles({
      workspace,
      patterns: settings.rewrite,
      imageHost: settings.imageHost,
      cacheBusters:
        // A page may write an origin URL in another form (`HTTPS://WWW.Example.com/…`): the same image all the same.
        content === undefined
          ? (result?.token ?? DRY_RUN_TOKEN)
          : (origin) => content.values.get(canonicalRef(origin)),
      dryRun: settings.dryRun,
    });
    const told = content === undefined ? rewrite : { ...rewrite, notRewritten: content.notRewritten };
    tell.rewrite(told);
    return told;
  } catch (error) {
    // The invalidation and the token have landed: the report keeps them, and says what failed after.
    return {
      error: `Rewriting the built files failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    log.endGroup();
  }
}
