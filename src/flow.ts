import type { CiContext } from './ci/context.ts';
import { systemClock, type Clock } from './mechanics/clock.ts';
import { runOutcome } from './outcome/outcome.ts';
import { runStages } from './outcome/stages.ts';
import { reportOf, type Report } from './report/report.ts';
import { planBeforeChanges, planTheRun, type RunPlan } from './plan/run-plan.ts';
import type { RunContext } from './plan/stage.ts';
import { pagesStage } from './pages/stage.ts';
import { rewriteStage } from './rewrite/stage.ts';
import { recordStage } from './record/stage.ts';
import type { Settings } from './settings/settings.ts';
import type { Log } from './shown/log.ts';
import { changesStage } from './changes/stage.ts';
import type { Redact } from './shown/redact.ts';
import { learnedMap } from './learn/stage.ts';

export interface FlowOptions {
  readonly log: Log;
  readonly redact: Redact;
  /**
   * The CI the run is in: where the checkout is, and which commits its event changed. Asked once, when needed: a run
   * that reads neither loads no CI's code.
   */
  readonly ci: () => CiContext | Promise<CiContext>;
  /** Told of the plan before anything is sent. */
  readonly onPlan?: ((plan: RunPlan) => void) | undefined;
  /** Told as each invalidation call ends, after the log. */
  readonly callEnded?: ((failed: boolean) => void) | undefined;
  /** Cancels the run: no call starts after it, and those in flight are waited for up to CANCEL_GRACE_MS. */
  readonly signal?: AbortSignal | undefined;
  /** The run's time (its retry window, its waits); the system's unless a test runs it on virtual time. */
  readonly clock?: Clock | undefined;
  /** Where a wait stands, each line replacing the last (the command's live line on a terminal); else logged. */
  readonly status?: ((line: string) => void) | undefined;
}

/**
 * One run, from settings to report: the changed files, the plan, each stage of the list in turn, the outcome, then
 * the record. Not itself async: once planned, the run holds its plan and no longer the settings, whose list of a
 * million paths (and the text they were read from) would otherwise stay in memory through every call.
 */
export function runFlow(settings: Settings, options: FlowOptions): Promise<Report> {
  const startedAt = new Date();
  const ci = once(options.ci);
  const context: RunContext = {
    log: options.log,
    redact: options.redact,
    clock: options.clock ?? systemClock,
    signal: options.signal,
    workspace: async () => (await ci()).workspace,
    status: options.status,
    callEnded: options.callEnded,
  };
  return planFlow(settings, context, { ...options, ci }).then(async (plan) => {
    options.onPlan?.(plan);
    const ran = await runStages(plan, context);
    const outcome = await runOutcome(ran, context.signal?.aborted === true);
    // Last: a commit is recorded fresh only once every other stage has landed.
    const record = await recordStage.run(recordStage.slice(plan), { outcome }, context);
    return reportOf({ ran, outcome, record, startedAt });
  });
}

/** What is planned before the changes, checked before anything is sent; then the changed files, and the plan. */
async function planFlow(
  settings: Settings,
  context: RunContext,
  options: FlowOptions & { readonly ci: () => Promise<CiContext> },
): Promise<RunPlan> {
  const early = planBeforeChanges(settings);
  await rewriteStage.check(early.rewrite, context.workspace);
  const pages = await pagesStage.check(early.pages, context.workspace);
  const changes = await changesStage(settings, options);
  const learned = await learnedMap(settings, changes?.files, context, options.ci);
  return planTheRun(settings, { rewrite: early.rewrite, pages }, changes?.files, changes?.record, learned);
}

/** The CI's context, made once: it reads the event's payload from a file. */
function once(ci: () => CiContext | Promise<CiContext>): () => Promise<CiContext> {
  let context: Promise<CiContext> | undefined;
  return () => (context ??= Promise.resolve().then(ci));
}
