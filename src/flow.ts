import type { CiContext } from './ci/context.ts';
import { systemClock, type Clock } from './mechanics/clock.ts';
import type { CallRecord } from './service/execute.ts';
import { executeStage } from './execute/stage.ts';
import { narration, type Narration } from './narration/narration.ts';
import { endedOutcome, outcomeOf, type Outcome, type Sent } from './outcome/outcome.ts';
import { reportOf, type Report } from './report/report.ts';
import { planPages, planRewrite, planTheRun, type RunPlan } from './plan/run-plan.ts';
import { pagesStage } from './pages/stage.ts';
import { selectedFiles } from './settings/workspace-files.ts';
import type { RunContext } from './plan/stage.ts';
import { checkRewrite } from './rewrite/preflight.ts';
import { rewriteStage, urlsAfter, type Rewritten } from './rewrite/stage.ts';
import type { Settings } from './settings/settings.ts';
import type { Log } from './shown/log.ts';
import { warmStage } from './warm/stage.ts';
import { proofStage } from './proof/stage.ts';
import { recordStage } from './record/stage.ts';
import { changesStage } from './changes/stage.ts';
import { originStage } from './origin/stage.ts';
import type { Redact } from './shown/redact.ts';

export interface FlowOptions {
  readonly log: Log;
  readonly redact: Redact;
  /** The CI the run is in: where the checkout is, and which commits its event changed. Asked once, when needed. */
  readonly ci: () => CiContext;
  /** Told of the plan before anything is sent. */
  readonly onPlan?: ((plan: RunPlan) => void) | undefined;
  /** Told of each call as it ends, after the log. */
  readonly onCall?: ((record: CallRecord) => void) | undefined;
  /** Cancels the run: no call starts after it, and those in flight are waited for up to CANCEL_GRACE_MS. */
  readonly signal?: AbortSignal | undefined;
  /** The run's time (its retry window, its waits); the system's unless a test runs it on virtual time. */
  readonly clock?: Clock | undefined;
  /** Where a wait stands, each line replacing the last (the command's live line on a terminal); else logged. */
  readonly onStatus?: ((line: string) => void) | undefined;
}

/**
 * One run, from settings to report: the changed files, the plan, then each stage of the plan in turn. Not itself
 * async: once planned, the run holds its plan and no longer the settings, whose list of a million paths (and the
 * text they were read from) would otherwise stay in memory through every call.
 */
export function runFlow(settings: Settings, options: FlowOptions): Promise<Report> {
  const startedAt = new Date();
  const ci = once(options.ci);
  const context: RunContext = {
    log: options.log,
    redact: options.redact,
    clock: options.clock ?? systemClock,
    signal: options.signal,
    workspace: () => ci().workspace,
  };
  return planFlow(settings, { ...options, ci }).then((plan) => runStages(plan, context, options, startedAt));
}

/** The changed files and the plan. */
async function planFlow(settings: Settings, options: FlowOptions): Promise<RunPlan> {
  // A rewrite that would change nothing is found before anything is sent, not after the invalidation.
  const rewrite = planRewrite(settings);
  if (rewrite !== undefined) await checkRewrite(options.ci().workspace, rewrite.patterns, rewrite.imageHost);
  // So is a `pages` pattern that matches no page: the warm-up and the proof would ask for the plain URLs alone.
  const pages = planPages(settings);
  if (pages !== undefined) await selectedFiles('pages', options.ci().workspace, pages.patterns);
  const changes = await changesStage(settings, options);
  return planTheRun(settings, changes?.files, changes?.record);
}

/** The stages in order, each given its slice of the plan, the results before it and the run's context. */
async function runStages(
  plan: RunPlan,
  context: RunContext,
  options: FlowOptions,
  startedAt: Date,
): Promise<Report> {
  const { log } = context;
  const tell = narration(log, plan, options.onStatus);
  log.startGroup('Plan');
  tell.plan();
  log.endGroup();
  options.onPlan?.(plan);

  const cancelled = (): boolean => context.signal?.aborted === true;
  const sent = plan.dryRun ? undefined : await invalidate(plan, context, tell, options.onCall);
  const landed = sent?.outcome ?? outcomeOf(plan.invalidation, undefined, cancelled());
  const rewritten: Rewritten =
    plan.rewrite === undefined ? { state: 'skipped' } : await rewriteStage(plan.rewrite, { landed }, context);
  const read = plan.pages === undefined ? undefined : await pagesStage(plan.pages, { landed }, context);
  const written = urlsAfter(rewritten);
  // What rewrite wrote first: its URLs carry the new cache buster, and a variant is asked for once.
  const pages = written === undefined ? undefined : [...written, ...(read?.urls ?? [])];
  const warm =
    plan.warm === undefined || pages === undefined
      ? undefined
      : await warmStage(plan.warm, { landed, rewritten: pages, origin: sent?.origin }, context);
  const proof =
    plan.proof === undefined || pages === undefined
      ? undefined
      : await proofStage(plan.proof, { landed, rewritten: pages }, context);
  const outcome = endedOutcome(plan.invalidation, landed, { sent, cancelled: cancelled(), rewritten, proof });
  // Last: a commit is recorded fresh only once every other stage has landed.
  const record = await recordStage(plan.record, { outcome }, context);
  return reportOf(plan, { sent, outcome, rewritten, pages: read, warm, proof, record }, startedAt);
}

/**
 * The invalidation, in a log group of its own: the origin check holding the images mapped from files, the calls sent
 * as it releases them, and what they came to.
 */
async function invalidate(
  plan: RunPlan,
  context: RunContext,
  tell: Narration,
  onCall: FlowOptions['onCall'],
): Promise<Sent & { readonly outcome: Outcome }> {
  const { log } = context;
  log.startGroup('Invalidate');
  if (plan.origin !== undefined) tell.originStart(plan.origin.images.size, plan.origin.waitMs);
  const hold =
    plan.origin === undefined
      ? undefined
      : await originStage(plan.origin, context, {
          onCannotTell: tell.originCannotTell,
          onMistake: tell.originMistake,
          onProgress: tell.originProgress,
        });
  try {
    const result = await executeStage(plan, { held: hold?.held }, context, {
      onRetry: tell.retry,
      onCall: (record) => {
        tell.call(record);
        onCall?.(record);
      },
    });
    // The hold reported before the calls could end: its run resolves after its report.
    const origin = await hold?.report;
    const outcome = outcomeOf(plan.invalidation, result, context.signal?.aborted === true, origin);
    if (outcome.origin !== undefined) tell.origins(outcome.origin);
    tell.sent(outcome);
    log.endGroup();
    return { result, origin, outcome };
  } finally {
    await hold?.close();
  }
}

/** The CI's context, made once: it reads the event's payload from a file. */
function once(ci: () => CiContext): () => CiContext {
  let context: CiContext | undefined;
  return () => (context ??= ci());
}
