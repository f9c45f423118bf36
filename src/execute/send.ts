import type { Narration } from '../narration/narration.ts';
import type { OriginReport } from '../origin/hold.ts';
import { holdImages } from '../origin/stage.ts';
import type { RunPlan } from '../plan/run-plan.ts';
import type { Redact } from '../shown/redact.ts';
import type { Clock } from '../mechanics/clock.ts';
import type { CallRecord, RunResult } from '../service/execute.ts';
import { sendToService } from '../service/to-service.ts';

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
  const { tell } = options;
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
  try {
    const result = await sendToService(plan.invalidation, {
      service: plan.service,
      calls: plan.calls,
      redact: options.redact,
      clock: options.clock,
      ...signal,
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
    await origin?.close();
  }
}
