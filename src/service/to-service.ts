import type { Plan } from '../plan/plan.ts';
import type { CallPlan, ServicePlan } from '../plan/run-plan.ts';
import type { Redact } from '../shown/redact.ts';
import { USER_AGENT } from '../mechanics/version.ts';
import { sendCall } from './client.ts';
import type { Clock } from '../mechanics/clock.ts';
import { cutOff } from './cut-off.ts';
import { execute, type ExecuteOptions, type RunResult } from './execute.ts';

/**
 * A plan's calls, sent to the service as every call of a run is sent: by the run's client (the key goes to the
 * service alone, redacted from whatever comes back), with the calls' concurrency, retries and policy, and the cancel,
 * which waits for the calls in flight as long as the cut-off allows. The run's invalidation and verify's second one
 * both go out here.
 */
export async function sendToService(
  plan: Plan,
  options: {
    readonly service: ServicePlan;
    readonly calls: CallPlan;
    readonly redact: Redact;
    /** The run's time: its retry window, the waits between attempts. */
    readonly clock: Clock;
    readonly signal?: AbortSignal | undefined;
  } & Pick<ExecuteOptions, 'policy' | 'onRetry' | 'onCall' | 'held'>,
): Promise<RunResult> {
  const { calls, service } = options;
  // Loaded only when something is sent: a dry run starts faster without undici.
  const { createDispatcher } = await import('../mechanics/dispatcher.ts');
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
    return await execute(plan, {
      send: (call) => cut.bound(sendCall(call, client)),
      clock: cut.clock,
      concurrency: calls.concurrency,
      maxRetries: calls.maxRetries,
      policy: options.policy ?? calls.policy,
      signal: options.signal,
      onRetry: options.onRetry,
      onCall: options.onCall,
      held: options.held,
    });
  } finally {
    cut.dispose();
    // Every call has ended: what the dispatcher still holds was given up on (a call cut off, a connection still being
    // made past its timeout), and closing would wait for it.
    await dispatcher.destroy();
  }
}
