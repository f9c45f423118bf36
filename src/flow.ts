import type { CiContext } from './changes/ci/context.ts';
import { systemClock, type Clock } from './execute/clock.ts';
import type { CallRecord } from './execute/execute.ts';
import { sendPlan, type Sent } from './execute/send.ts';
import { narration, type Narration } from './narration/narration.ts';
import { outcomeOf, withFailure, type Outcome } from './outcome/outcome.ts';
import type { Report } from './outcome/report.ts';
import { planRewrite, planTheRun, type RunPlan } from './plan/run-plan.ts';
import { checkRewrite } from './rewrite/preflight.ts';
import { rewriteStep, type Rewritten } from './rewrite/step.ts';
import type { Settings } from './settings/settings.ts';
import type { Log } from './shown/log.ts';
import { warmStep } from './warm/step.ts';
import { proofStep } from './proof/step.ts';
import type { ProofResult } from './proof/proof.ts';
import { proofFacts } from './outcome/facts.ts';
import { recordStage } from './record/stage.ts';
import { changesStage } from './changes/stage.ts';
import type { Redact } from './shown/redact.ts';

export interface FlowOptions {
  readonly log: Log;
  readonly redact: Redact;
  /** The CI the run is in: where the checkout is, and which commits its event changed. Asked once, when needed. */
  readonly ci: () => CiContext;
  /** Told of the plan before anything is sent. */
  readonly onPlan?: (plan: RunPlan) => void;
  /** Told of each call as it ends, after the log. */
  readonly onCall?: (record: CallRecord) => void;
  /** Cancels the run: no call starts after it, and those in flight are waited for up to CANCEL_GRACE_MS. */
  readonly signal?: AbortSignal;
  /** The run's time (its retry window, its waits); the system's unless a test runs it on virtual time. */
  readonly clock?: Clock;
  /** Where a wait stands, each line replacing the last (the command's live line on a terminal); else logged. */
  readonly onStatus?: (line: string) => void;
}

/**
 * One run, from settings to report: the changed files, the plan, then each stage of the plan in turn. Not itself
 * async: once planned, the run holds its plan and no longer the settings, whose list of a million paths (and the
 * text they were read from) would otherwise stay in memory through every call.
 */
export function runFlow(settings: Settings, options: FlowOptions): Promise<Report> {
  const startedAt = new Date();
  const ci = once(options.ci);
  return planFlow(settings, { ...options, ci }).then((plan) =>
    runStages(plan, { ...options, ci }, startedAt),
  );
}

/** The changed files and the plan. */
async function planFlow(settings: Settings, options: FlowOptions): Promise<RunPlan> {
  // A rewrite that would change nothing is found before anything is sent, not after the invalidation.
  const rewrite = planRewrite(settings);
  if (rewrite !== undefined) await checkRewrite(options.ci().workspace, rewrite.patterns, rewrite.imageHost);
  const changes = await changesStage(settings, options);
  return planTheRun(settings, changes?.files, changes?.record);
}

/** The stages in order, each given its slice of the plan and the results before it, each returning its own. */
async function runStages(plan: RunPlan, options: FlowOptions, startedAt: Date): Promise<Report> {
  const { log, signal } = options;
  const workspace = (): string => options.ci().workspace;
  const tell = narration(log, plan, options.onStatus);
  log.startGroup('Plan');
  tell.plan();
  log.endGroup();
  options.onPlan?.(plan);

  const cancelled = (): boolean => signal?.aborted === true;
  const sent = plan.dryRun ? undefined : await invalidate(plan, options, tell);
  const { result, origin } = sent ?? {};
  const outcome = sent?.outcome ?? outcomeOf(plan.invalidation, undefined, cancelled());
  const run = { invalidation: plan.invalidation, dryRun: plan.dryRun, outcome };
  const rewritten: Rewritten =
    plan.rewrite === undefined
      ? { state: 'skipped' }
      : await rewriteStep(plan.rewrite, run, {
          workspace: workspace(),
          log,
          tell,
          keepUrls: plan.warm !== undefined || plan.proof !== undefined,
          ...(signal === undefined ? {} : { signal }),
        });
  const warm =
    plan.warm === undefined || rewritten.state === 'failed'
      ? undefined
      : await warmStep(plan.warm, run, rewritten.state === 'rewritten' ? rewritten.urls : [], {
          log,
          ...(signal === undefined ? {} : { signal }),
          ...(origin === undefined ? {} : { origin }),
        });
  const proof =
    plan.proof === undefined || rewritten.state === 'failed'
      ? undefined
      : await proofStep(plan.proof, run, rewritten.state === 'rewritten' ? rewritten.urls : [], {
          log,
          redact: options.redact,
          workspace,
          service: plan.service,
          calls: plan.calls,
          clock: options.clock ?? systemClock,
          ...(signal === undefined ? {} : { signal }),
        });
  // A cancel that came after the calls (while rewriting) is a cancelled run all the same.
  const ended =
    cancelled() && !outcome.cancelled ? outcomeOf(plan.invalidation, result, true, origin) : outcome;
  const rewriteEnded = rewritten.state === 'failed' ? withFailure(ended, rewritten.error) : ended;
  const final = proofFailures(proof).reduce(withFailure, rewriteEnded);
  // Last: a commit is recorded fresh only once every other stage has landed.
  const record = await recordStage(plan.record, final, log);
  return {
    dryRun: plan.dryRun,
    plan: plan.invalidation,
    ...(result === undefined ? {} : { result }),
    outcome: final,
    startedAt,
    finishedAt: new Date(),
    ...(plan.report.imageHost === undefined ? {} : { imageHost: plan.report.imageHost }),
    ...(plan.report.noApiKey ? { noApiKey: true } : {}),
    ...(rewritten.state === 'rewritten' ? { rewrite: rewritten.result } : {}),
    ...(origin === undefined ? {} : { origin }),
    ...(warm === undefined ? {} : { warm }),
    ...(proof === undefined ? {} : { proof }),
    ...(record === undefined ? {} : { record }),
  };
}

/** Each variant that failed the proof of freshness fails the run, named as the log names it. */
function proofFailures(proof: ProofResult | undefined): string[] {
  if (proof === undefined) return [];
  return proofFacts(proof).failed.map((failure) => `The proof of freshness failed: ${failure.sentence}.`);
}

/** The invalidation, in a log group of its own: the calls sent, and what they came to. */
async function invalidate(
  plan: RunPlan,
  options: FlowOptions,
  tell: Narration,
): Promise<Sent & { readonly outcome: Outcome }> {
  const { log, signal } = options;
  log.startGroup('Invalidate');
  const sent = await sendPlan(plan, {
    redact: options.redact,
    tell,
    workspace: () => options.ci().workspace,
    clock: options.clock ?? systemClock,
    ...(signal === undefined ? {} : { signal }),
    ...(options.onCall === undefined ? {} : { onCall: options.onCall }),
  });
  const outcome = outcomeOf(plan.invalidation, sent.result, signal?.aborted === true, sent.origin);
  tell.sent(outcome);
  log.endGroup();
  return { ...sent, outcome };
}

/** The CI's context, made once: it reads the event's payload from a file. */
function once(ci: () => CiContext): () => CiContext {
  let context: CiContext | undefined;
  return () => (context ??= ci());
}
