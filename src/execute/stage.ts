import type { RunPlan } from '../plan/run-plan.ts';
import type { RunContext } from '../plan/stage.ts';
import type { ExecuteOptions, HeldAssets, RunResult } from '../service/execute.ts';
import { sendToService } from '../service/to-service.ts';

/**
 * The invalidation: the plan's calls sent to the service, the images the origin check holds each sent once its
 * origin serves the new version, the token call last.
 */
export function executeStage(
  plan: Pick<RunPlan, 'invalidation' | 'service' | 'calls'>,
  before: {
    /** The images the origin check holds, released as their origins serve the new versions. */
    readonly held: HeldAssets | undefined;
  },
  context: RunContext,
  events: Pick<ExecuteOptions, 'onRetry' | 'onCall'>,
): Promise<RunResult> {
  return sendToService(plan.invalidation, {
    service: plan.service,
    calls: plan.calls,
    redact: context.redact,
    clock: context.clock,
    signal: context.signal,
    ...events,
    held: before.held,
  });
}
