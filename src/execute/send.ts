import type { Narration } from '../narration/narration.ts';
import type { OriginReport } from '../origin/hold.ts';
import { holdImages } from '../origin/stage.ts';
import type { RunPlan } from '../plan/run-plan.ts';
import type { Redact } from '../shown/redact.ts';
import { USER_AGENT } from '../version.ts';
import { sendCall } from './client.ts';
import type { Clock } from './clock.ts';
import { cutOff } from './cut-off.ts';
import { execute, type CallRecord, type RunResult } from './execute.ts';

export interface Sent {
  readonly result: RunResult;
  /** What the origin check saw, when the plan held images for their origin. */
  readonly origin?: OriginReport;
}

/** The plan's calls, sent: the held images as their origins serve the new versions, the token call last. */
export async function sendPlan(
  plan: RunPlan,
  options: {
    readonly redact: Redact;
    readonly tell: Narration;
    /** Where the checkout is, for the origin check's two versions of each image. */
    readonly workspace: () => string;
    readonly signal?: AbortSignal;
    readonly onCall?: (record: CallRecord) => void;
    /** The run's time: its retry window, the waits between attempts and for origins. */
    readonly clock: Clock;
  },
): Promise<Sent> {
  const { calls, service } = plan;
  const { tell } = options;
  // Loaded only when something is sent: a dry run starts faster without undici.
  const { createDispatcher } = await import('./dispatcher.ts');
  const dispatcher = createDispatcher(calls.concurrency, calls.timeoutMs);
  const signal = options.signal === undefined ? {} : { signal: options.signal };
  if (plan.origin !== undefined) tell.originStart(plan.origin.images.size, plan.origin.waitMs);
  const origin =
    plan.origin === undefined
      ? undefined
      : await holdImages(plan.origin, {
          workspace: options.workspace(),
          clock: options.clock,
          onCannotTell: tell.originCannotTell,
          onMistake: tell.originMistake,
          onProgress: tell.originProgress,
          ...signal,
        });
  const cut = cutOff(options.signal, options.clock);
  const client = {
    endpoint: service.endpoint,
    apiKey: service.apiKey,
    dispatcher,
    timeoutMs: calls.timeoutMs,
    redact: options.redact,
    userAgent: USER_AGENT,
  };
  try {
    const result = await execute(plan.invalidation, {
      send: (call) => cut.bound(sendCall(call, client)),
      clock: cut.clock,
      ...signal,
      concurrency: calls.concurrency,
      maxRetries: calls.maxRetries,
      policy: calls.policy,
      onRetry: tell.retry,
      onCall: (record) => {
        tell.call(record);
        options.onCall?.(record);
      },
      ...(origin === undefined ? {} : { held: origin.held }),
    });
    // The hold reported before execute could end: its run resolves after its report.
    const report = await origin?.report;
    if (report !== undefined) tell.origins(report);
    return { result, ...(report === undefined ? {} : { origin: report }) };
  } finally {
    cut.dispose();
    // Every call has ended: what the dispatcher still holds was given up on (a call cut off, a connection still being
    // made past its timeout), and closing would wait for it.
    await dispatcher.destroy();
    await origin?.close();
  }
}
