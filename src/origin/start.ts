import { gitBytesIn } from '../mechanics/git.ts';
import type { OriginPlan } from '../plan/run-plan.ts';
import type { RunContext } from '../plan/stage.ts';
import { USER_AGENT } from '../mechanics/version.ts';
import { holdForOrigins } from './hold.ts';
import { witnessesOf } from './witness.ts';
import { versionsFrom } from '../compare/versions.ts';
import type { CachedImage, OriginCheck } from './wait.ts';
import type { OriginMistake, OriginProgress, SeenAnswer } from './watch.ts';

/** The hold on the plan's images, and its dispatcher, which the run closes once the calls have ended. */
export type OriginHold = ReturnType<typeof holdForOrigins> & { readonly close: () => Promise<void> };

/**
 * The images mapped from files, held back until their origin serves the new version: loaded only then, with a
 * dispatcher of their own, which sends no credential to any origin.
 */
export async function startOriginCheck(
  origin: OriginPlan,
  context: RunContext,
  events: {
    /** Once per origin host whose bytes are neither version. */
    readonly onCannotTell: (host: string, check: OriginCheck) => void;
    /** Once per origin host of a mapping mistake, as soon as it shows. */
    readonly onMistake: (mistake: OriginMistake) => void;
    /** Once per origin host of the first image a cache in front of it served old. */
    readonly onCache: (host: string, cached: CachedImage) => void;
    /** Once per origin host that kept an ask waiting past its timeout. */
    readonly onStalled: (host: string, seen: SeenAnswer) => void;
    /** Every PROGRESS_EVERY_MS while the wait goes on. */
    readonly onProgress: (progress: OriginProgress) => void;
  },
): Promise<OriginHold> {
  const [{ createDispatcher }, { ByteBudget, originFetcher }, { ORIGIN_CONCURRENCY }] = await Promise.all([
    import('../mechanics/dispatcher.ts'),
    import('./fetch.ts'),
    import('./wait.ts'),
  ]);
  const dispatcher = createDispatcher(ORIGIN_CONCURRENCY, origin.requestTimeoutMs);
  const workspace = await context.workspace();
  const { signal } = context;
  const git = gitBytesIn(workspace, signal);
  const hold = holdForOrigins(origin.images, {
    fetch: originFetcher({
      dispatcher,
      timeoutMs: origin.requestTimeoutMs,
      userAgent: USER_AGENT,
      budget: new ByteBudget(),
    }),
    versions: versionsFrom({
      workspace,
      git,
      base: origin.base,
    }),
    witnesses: await witnessesOf(origin.images, origin, git),
    clock: context.clock,
    timeoutMs: origin.waitMs,
    requestTimeoutMs: origin.requestTimeoutMs,
    signal,
    onCannotTell: events.onCannotTell,
    onMistake: events.onMistake,
    onStalled: events.onStalled,
    onCache: events.onCache,
    onProgress: events.onProgress,
    urlMap: origin.urlMap,
  });
  // Once the checks have ended, what the dispatcher still holds was given up on: closing would wait for it.
  return { ...hold, close: () => dispatcher.destroy() };
}
