import { setTimeout as sleep } from 'node:timers/promises';
import { sendCall } from './execute/client.ts';
import { ApiError } from './execute/errors.ts';
import { systemClock, type Clock } from './execute/clock.ts';
import type { CiContext } from './changes/ci/context.ts';
import { detectChangedFiles, type ChangedFiles } from './changes/detect.ts';
import { gitBytesIn, gitIn } from './changes/git.ts';
import { PARENT } from './changes/range.ts';
import { DEFAULT_POLICY } from './execute/policy.ts';
import { holdForOrigins, type OriginReport } from './origin/hold.ts';
import { versionsFrom } from './origin/versions.ts';
import { canonicalRef } from './plan/refs.ts';
import { planRun, type Plan } from './plan/plan.ts';
import { redactEach, type Redact } from './shown/redact.ts';
import { contentBusters } from './rewrite/content.ts';
import { rewriteFiles, type RewriteResult } from './rewrite/files.ts';
import { checkRewrite } from './rewrite/preflight.ts';
import type { Settings } from './settings/settings.ts';
import { USER_AGENT } from './version.ts';
import { execute, type CallRecord, type RunResult } from './execute/execute.ts';
import type { Log } from './shown/log.ts';
import { narration, type Narration } from './shown/narration.ts';
import { outcomeOf, withFailure, type Outcome } from './outcome/outcome.ts';
import type { Report } from './outcome/report.ts';
import type { RewrittenUrl } from './warm/variants.ts';
import { warmStep } from './warm/step.ts';
import { caughtUpRange } from './changes/catch-up.ts';
import { defaultStatusContext } from './record/context.ts';
import { recordStage, type PendingRecord } from './record/stage.ts';

export interface FlowOptions {
  readonly log: Log;
  readonly redact: Redact;
  /** The CI the run is in: where the checkout is, and which commits its event changed. */
  readonly ci: () => CiContext;
  /** Told of the plan before anything is sent. */
  readonly onPlan?: (plan: Plan) => void;
  /** Told of each call as it ends, after the log. */
  readonly onCall?: (record: CallRecord) => void;
  /** Cancels the run: no call starts after it, and those in flight are waited for up to CANCEL_GRACE_MS. */
  readonly signal?: AbortSignal;
}

/**
 * How long a cancelled run waits for its calls in flight before it publishes what landed: GitHub's runner follows
 * its SIGINT with SIGTERM 7.5 s later, and kills the step 2.5 s after that.
 */
export const CANCEL_GRACE_MS = 3_000;

/** One run, from settings to report: plan (with the changed files), execute unless a dry run, rewrite. */
export async function runFlow(settings: Settings, options: FlowOptions): Promise<Report> {
  const startedAt = new Date();
  const { log } = options;
  const tell = narration(log, settings);
  // A rewrite that would change nothing is found before anything is sent, not after the invalidation.
  if (settings.rewrite.length > 0 && settings.imageHost !== undefined) {
    await checkRewrite(options.ci().workspace, settings.rewrite, settings.imageHost);
  }
  const changes = await changedFiles(settings, options);
  const plan = planRun(settings, changes?.files);
  log.startGroup('Plan');
  tell.plan(plan);
  log.endGroup();
  options.onPlan?.(plan);

  let result: RunResult | undefined;
  let origin: OriginReport | undefined;
  const cancelled = (): boolean => options.signal?.aborted === true;
  let outcome = outcomeOf(plan, undefined, cancelled());
  if (!settings.dryRun) {
    log.startGroup('Invalidate');
    ({ result, origin } = await send(settings, plan, options, tell, changes?.base));
    outcome = outcomeOf(plan, result, cancelled());
    tell.sent(outcome);
    log.endGroup();
  }
  const rewritten: RewrittenUrl[] = [];
  // Every URL of every page, kept only for the warm-up that asks for them.
  const keep = settings.warm ? (url: RewrittenUrl): void => void rewritten.push(url) : undefined;
  const rewrite = await rewriteStep(settings, plan, outcome, options, tell, keep);
  const warm =
    rewrite !== undefined && 'error' in rewrite
      ? undefined
      : await warmStep(settings, outcome, rewritten, {
          log,
          ...(options.signal === undefined ? {} : { signal: options.signal }),
          unconfirmed: new Set(
            origin?.checks.filter((check) => check.state !== 'ready').map((check) => check.ref),
          ),
        });
  // A cancel that came after the calls (while rewriting) is a cancelled run all the same.
  if (cancelled() && !outcome.cancelled) outcome = outcomeOf(plan, result, true);
  if (rewrite !== undefined && 'error' in rewrite) outcome = withFailure(outcome, rewrite.error);
  const record = await recordStage(changes?.record, outcome, log);
  return {
    dryRun: settings.dryRun,
    plan,
    ...(result === undefined ? {} : { result }),
    outcome,
    startedAt,
    finishedAt: new Date(),
    ...(settings.imageHost === undefined ? {} : { imageHost: settings.imageHost }),
    ...(settings.apiKey === '' ? { noApiKey: true } : {}),
    ...(rewrite === undefined || 'error' in rewrite ? {} : { rewrite }),
    ...(origin === undefined ? {} : { origin }),
    ...(warm === undefined ? {} : { warm }),
    ...(record === undefined ? {} : { record }),
  };
}

/**
 * The files given in `files`, or those changed since the base (the event's, or on a branch the newest commit
 * recorded fresh), when the target asks for them, with that base; and on a branch, the record to write if the run
 * ends green.
 */
async function changedFiles(
  settings: Settings,
  options: FlowOptions,
): Promise<{ files: ChangedFiles; base?: string; record?: PendingRecord } | undefined> {
  const target = settings.target;
  if (target.scope !== 'assets' || target.changes === undefined) return undefined;
  if (target.changes.files !== undefined)
    return { files: { files: [...target.changes.files], source: 'the files input' } };
  const context = options.ci();
  const git = gitIn(context.workspace);
  const statusContext =
    settings.statusContext ?? defaultStatusContext(settings.endpoint, target.changes.urlMap);
  const range = await caughtUpRange(context, {
    since: target.changes.since,
    enabled: settings.catchUp,
    context: statusContext,
    git,
    log: options.log,
    timeoutMs: settings.timeoutMs,
    signal: options.signal,
  });
  if (range.skip !== undefined) {
    options.log.notice(`${range.origin}: ${range.skip}`);
    return { files: { files: [], source: `${range.origin}: ${range.skip}` } };
  }
  const changed = await detectChangedFiles(
    { ...context, changeRange: () => range },
    target.changes.since,
    git,
  );
  const record =
    context.record === undefined || range.catchUp === undefined
      ? undefined
      : {
          place: context.record,
          range,
          context: statusContext,
          catchUp: settings.catchUp,
          git,
          timeoutMs: settings.timeoutMs,
          signal: options.signal,
        };
  // Paths from git or the GitHub API are text from outside: the key is withheld from them before any is shown.
  return {
    files: { ...changed, files: redactEach(changed.files, options.redact) },
    // The commit whose files are the previous versions, for the origin check.
    base: range.base === PARENT ? `${range.head}^` : range.base,
    ...(record === undefined ? {} : { record }),
  };
}

async function send(
  settings: Settings,
  plan: Plan,
  options: FlowOptions,
  tell: Narration,
  base: string | undefined,
): Promise<{ result: RunResult; origin?: OriginReport }> {
  // Loaded only when something is sent: a dry run starts faster without undici.
  const { createDispatcher } = await import('./execute/dispatcher.ts');
  const dispatcher = createDispatcher(settings.concurrency, settings.timeoutMs);
  const origin = await originHold(settings, plan, options, tell, base);
  const cut = cutOff(options.signal);
  const client = {
    endpoint: settings.endpoint,
    apiKey: settings.apiKey,
    dispatcher,
    timeoutMs: settings.timeoutMs,
    redact: options.redact,
    userAgent: USER_AGENT,
  };
  try {
    const result = await execute(plan, {
      send: (call) => cut.bound(sendCall(call, client)),
      clock: cut.clock,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      concurrency: settings.concurrency,
      maxRetries: settings.maxRetries,
      onRetry: tell.retry,
      onCall: (record) => {
        tell.call(record);
        options.onCall?.(record);
      },
      ...(origin === undefined
        ? {}
        : {
            held: origin.held,
            // The retry window starts when the first call could go out, not before the wait for origins.
            policy: { retryWindowMs: DEFAULT_POLICY.retryWindowMs + settings.originTimeoutMs },
          }),
    });
    const report = origin?.report();
    if (report !== undefined) tell.origins(report);
    return { result, ...(report === undefined ? {} : { origin: report }) };
  } finally {
    cut.dispose();
    // Calls cut off are still open: closing would wait for their answers.
    await (cut.signal.aborted ? dispatcher.destroy() : dispatcher.close());
    await origin?.close();
  }
}

/**
 * With `origin-check: content`, the images mapped from files are held back until their origin serves the new
 * version: loaded only then, with a dispatcher of their own, which sends no credential to any origin.
 */
async function originHold(
  settings: Settings,
  plan: Plan,
  options: FlowOptions,
  tell: Narration,
  base: string | undefined,
): Promise<(ReturnType<typeof holdForOrigins> & { close: () => Promise<void> }) | undefined> {
  const fileOf = plan.fileOf;
  if (settings.originCheck !== 'content' || fileOf === undefined || fileOf.size === 0) return undefined;
  const [{ createDispatcher }, { ByteBudget, originFetcher }, { ORIGIN_CONCURRENCY }] = await Promise.all([
    import('./execute/dispatcher.ts'),
    import('./origin/fetch.ts'),
    import('./origin/wait.ts'),
  ]);
  const dispatcher = createDispatcher(ORIGIN_CONCURRENCY, settings.timeoutMs);
  const workspace = options.ci().workspace;
  tell.originStart(fileOf.size, settings.originTimeoutMs);
  const hold = holdForOrigins(fileOf, {
    fetch: originFetcher({
      dispatcher,
      timeoutMs: settings.timeoutMs,
      userAgent: USER_AGENT,
      budget: new ByteBudget(),
    }),
    versions: versionsFrom({
      workspace,
      git: gitBytesIn(workspace),
      ...(base === undefined ? {} : { base }),
    }),
    clock: systemClock,
    timeoutMs: settings.originTimeoutMs,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    onCannotTell: tell.originCannotTell,
  });
  return { ...hold, close: () => dispatcher.close() };
}

/**
 * The end of a cancelled run's wait, CANCEL_GRACE_MS after its signal: then a call still in flight fails at once,
 * and a wait between attempts passes at once (on the clock the run reads, as though its time had gone by).
 */
function cutOff(signal: AbortSignal | undefined): {
  signal: AbortSignal;
  bound: <T>(answer: Promise<T>) => Promise<T>;
  clock: Clock;
  dispose: () => void;
} {
  const cut = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const start = (): void => {
    timer = setTimeout(() => {
      cut.abort();
    }, CANCEL_GRACE_MS);
  };
  if (signal?.aborted === true) start();
  else signal?.addEventListener('abort', start, { once: true });
  let skipped = 0;
  const cutError = (): ApiError =>
    new ApiError('the run was cancelled before the service answered', { kind: 'unexpected' });
  return {
    signal: cut.signal,
    bound: (answer) =>
      new Promise((resolve, reject) => {
        answer.then(resolve, reject);
        if (cut.signal.aborted) reject(cutError());
        else
          cut.signal.addEventListener(
            'abort',
            () => {
              reject(cutError());
            },
            { once: true },
          );
      }),
    clock: {
      now: () => systemClock.now() + skipped,
      random: () => systemClock.random(),
      // The scheduler's own signal ends its waits when it closes: a timer left running would keep the step alive.
      sleep: (ms, signal) =>
        sleep(ms, undefined, {
          signal: signal === undefined ? cut.signal : AbortSignal.any([cut.signal, signal]),
        }).catch(() => {
          if (cut.signal.aborted) skipped += ms;
        }),
    },
    dispose: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', start);
    },
  };
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
  outcome: Outcome,
  options: FlowOptions,
  tell: Narration,
  onRewrite: ((url: RewrittenUrl) => void) | undefined,
): Promise<RewriteResult | { error: string } | undefined> {
  if (settings.rewrite.length === 0 || settings.imageHost === undefined) return undefined;
  const { log } = options;
  if (outcome.cancelled) {
    log.info('rewrite: skipped, since the run was cancelled.');
    return undefined;
  }
  if (settings.rewriteWith === 'token' && !settings.dryRun && outcome.token === undefined) {
    log.warning('rewrite: skipped, since no token was obtained.');
    return undefined;
  }
  log.startGroup('Rewrite');
  try {
    const workspace = options.ci().workspace;
    const content =
      settings.rewriteWith === 'content'
        ? await contentBusters(outcome.touched, plan.fileOf, workspace)
        : undefined;
    const rewrite = await rewriteFiles({
      workspace,
      patterns: settings.rewrite,
      imageHost: settings.imageHost,
      cacheBusters:
        // A page may write an origin URL in another form (`HTTPS://WWW.Example.com/…`): the same image all the same.
        content === undefined
          ? (outcome.token ?? DRY_RUN_TOKEN)
          : (origin) => content.values.get(canonicalRef(origin)),
      dryRun: settings.dryRun,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(onRewrite === undefined ? {} : { onRewrite }),
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
