/**
 * The invalidation stage, its face: the origin check holding the images mapped from files, the calls sent as it
 * releases them, the token call last; and what it did, in every voice.
 */
import type { OriginPlan, RunPlan } from '../plan/run-plan.ts';
import type { OriginHold } from '../origin/start.ts';
import type { RunContext, Stage } from '../plan/stage.ts';
import { narration } from './narration.ts';
import { outcomeOf } from './outcome.ts';
import { tellInvalidation } from './told.ts';
import type { InvalidateSlice, Invalidated } from './invalidated.ts';

export type { Invalidated } from './invalidated.ts';
export type { Outcome } from './outcome.ts';
export type { Counts } from './facts.ts';
export { MAX_LISTED_URLS } from './text.ts';

export const invalidateStage = {
  name: 'invalidate',
  slice: (plan: RunPlan): InvalidateSlice => plan,
  run: invalidate,
  tell: tellInvalidation,
} as const satisfies Stage<'invalidate', InvalidateSlice, object, Invalidated>;

/**
 * The plan told, then the calls in a log group of their own: the origin check holding the images mapped from files,
 * the calls sent as it releases them, and what they came to. A dry run sends nothing and asks no origin.
 */
async function invalidate(
  slice: InvalidateSlice,
  _before: object,
  context: RunContext,
): Promise<Invalidated> {
  const { log } = context;
  const tell = narration(log, slice);
  log.startGroup('Plan');
  tell.plan();
  log.endGroup();
  const told = {
    plan: slice.invalidation,
    dryRun: slice.dryRun,
    imageHost: slice.report.imageHost,
    noApiKey: slice.report.noApiKey,
  };
  const cancelled = (): boolean => context.signal?.aborted === true;
  if (slice.dryRun) return { ...told, outcome: outcomeOf(slice.invalidation, undefined, cancelled()) };
  // Loaded by a run that sends: a dry run never opens the scheduler and its client.
  const { sendToService } = await import('../service/to-service.ts');
  log.startGroup('Invalidate');
  const hold = slice.origin === undefined ? undefined : await holdForOrigins(slice.origin, context);
  try {
    const result = await sendToService(slice.invalidation, {
      service: slice.service,
      calls: slice.calls,
      redact: context.redact,
      clock: context.clock,
      signal: context.signal,
      held: hold?.held,
      onRetry: tell.retry,
      onCall: (record) => {
        tell.call(record);
        context.callEnded?.(record.outcome === 'failed');
      },
    });
    // The hold reported before the calls could end: its run resolves after its report.
    const origin = await hold?.report;
    const outcome = outcomeOf(slice.invalidation, result, cancelled(), origin);
    if (outcome.origin !== undefined) tell.origins(outcome.origin);
    tell.sent(outcome);
    log.endGroup();
    return { ...told, result, origin, outcome };
  } finally {
    await hold?.close();
  }
}

/** The origin check and its words, loaded by a run that waits for its origins; told as it starts. */
async function holdForOrigins(origin: OriginPlan, context: RunContext): Promise<OriginHold> {
  const [{ startOriginCheck }, { originNarration }] = await Promise.all([
    import('../origin/start.ts'),
    import('./origin-told.ts'),
  ]);
  const tell = originNarration(context.log, origin, context.status);
  tell.start(origin.images.size, origin.waitMs);
  return startOriginCheck(origin, context, {
    onCannotTell: tell.cannotTell,
    onMistake: tell.mistake,
    onStalled: tell.stalled,
    onCache: tell.cache,
    onProgress: tell.progress,
  });
}
