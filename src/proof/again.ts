import { sendCall } from '../execute/client.ts';
import type { Clock } from '../execute/clock.ts';
import { cutOff } from '../execute/cut-off.ts';
import { createDispatcher } from '../execute/dispatcher.ts';
import { execute, type SentCall } from '../execute/execute.ts';
import type { ApiError } from '../execute/errors.ts';
import { DEFAULT_POLICY } from '../execute/policy.ts';
import { toBatches } from '../plan/batches.ts';
import type { Plan } from '../plan/plan.ts';
import type { AssetRef } from '../plan/refs.ts';
import type { CallPlan, ServicePlan } from '../plan/run-plan.ts';
import type { Redact } from '../shown/redact.ts';
import type { AgainFailures } from './proof.ts';
import { USER_AGENT } from '../version.ts';

/**
 * Invalidates the images a proof found stale once more, as the run's calls went out: the same client, batches of at
 * most 100, the plan's concurrency, retries and rate-limit pauses, and the run's cancel (the calls in flight are
 * waited for as the run's are). Each batch lands or fails on its own; no retry starts past `withinMs`, the proof's
 * time left.
 */
export async function invalidateAgain(
  refs: readonly AssetRef[],
  options: {
    readonly service: ServicePlan;
    readonly calls: CallPlan;
    readonly redact: Redact;
    readonly clock: Clock;
    readonly withinMs: number;
    readonly signal?: AbortSignal;
    readonly onRetry?: (sent: SentCall, error: ApiError, waitMs: number, attempt: number) => void;
  },
): Promise<AgainFailures> {
  const { calls, service } = options;
  const plan: Plan = {
    scope: 'assets',
    calls: toBatches(refs).map((assets) => ({ route: 'invalidate/assets', assets })),
    token: false,
  };
  const dispatcher = createDispatcher(calls.concurrency, calls.timeoutMs);
  const client = {
    endpoint: service.endpoint,
    apiKey: service.apiKey,
    dispatcher,
    timeoutMs: calls.timeoutMs,
    redact: options.redact,
    userAgent: USER_AGENT,
  };
  const cut = cutOff(options.signal, options.clock);
  try {
    const result = await execute(plan, {
      send: (call) => cut.bound(sendCall(call, client)),
      clock: cut.clock,
      concurrency: calls.concurrency,
      maxRetries: calls.maxRetries,
      policy: {
        ...calls.policy,
        retryWindowMs: Math.min(calls.policy.retryWindowMs ?? DEFAULT_POLICY.retryWindowMs, options.withinMs),
      },
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.onRetry === undefined ? {} : { onRetry: options.onRetry }),
    });
    const failures = new Map<AssetRef, string>();
    result.assets.forEach((ref, outcome, error) => {
      if (outcome !== 'invalidated') failures.set(ref, error ?? outcome);
    });
    return failures;
  } finally {
    cut.dispose();
    // Every call has ended: what the dispatcher still holds was given up on, and closing would wait for it.
    await dispatcher.destroy();
  }
}
