import type { Clock } from '../mechanics/clock.ts';
import type { SentCall } from '../service/execute.ts';
import type { ApiError } from '../domain/api-error.ts';
import { DEFAULT_POLICY } from '../domain/policy.ts';
import { sendToService } from '../service/to-service.ts';
import { toBatches } from '../domain/batches.ts';
import type { Plan } from '../plan/plan.ts';
import type { AssetRef } from '../domain/refs.ts';
import type { CallPlan, ServicePlan } from '../plan/run-plan.ts';
import type { Redact } from '../shown/redact.ts';
import type { AgainFailures } from './proof.ts';

/** Why an image's second invalidation did not land when the proof's time ran out first. */
export const OUT_OF_TIME = "not confirmed by the service before the proof's time ran out";

/**
 * Invalidates the images a proof found stale once more, as the run's calls went out (sendToService): batches of at
 * most 100, the plan's concurrency, retries and rate-limit pauses, and the run's cancel. Each batch lands or fails on
 * its own; nothing starts past `withinMs`, its share of
 * the proof's time, and a call still in flight then is waited for as a cancelled run's calls are.
 */
export async function invalidateAgain(
  refs: readonly AssetRef[],
  options: {
    readonly service: ServicePlan;
    readonly calls: CallPlan;
    readonly redact: Redact;
    readonly clock: Clock;
    readonly withinMs: number;
    readonly signal?: AbortSignal | undefined;
    readonly onRetry?: (sent: SentCall, error: ApiError, waitMs: number, attempt: number) => void;
  },
): Promise<AgainFailures> {
  const { calls, service } = options;
  const plan: Plan = {
    scope: 'assets',
    calls: toBatches(refs).map((assets) => ({ route: 'invalidate/assets', assets })),
    token: false,
  };
  // The proof's time ends the sending as a cancel does: no call starts past it, and one in flight is waited for as
  // a cancelled run's calls are. What that cut short is said to be the time's doing, not a cancel's.
  const outOfTime = AbortSignal.timeout(Math.max(0, Math.ceil(options.withinMs)));
  const stop = options.signal === undefined ? outOfTime : AbortSignal.any([options.signal, outOfTime]);
  const result = await sendToService(plan, {
    service,
    calls,
    redact: options.redact,
    clock: options.clock,
    signal: stop,
    policy: {
      ...calls.policy,
      retryWindowMs: Math.min(calls.policy.retryWindowMs ?? DEFAULT_POLICY.retryWindowMs, options.withinMs),
    },
    onRetry: options.onRetry,
  });
  const late = outOfTime.aborted && options.signal?.aborted !== true;
  const failures = new Map<AssetRef, string>();
  result.assets.forEach((ref, outcome, error) => {
    if (outcome === 'invalidated') return;
    const stopped = outcome === 'not-sent' || error?.includes('cancelled') === true;
    failures.set(ref, late && stopped ? OUT_OF_TIME : (error ?? outcome));
  });
  return failures;
}
