import type { AssetRef } from '../domain/refs.ts';
import type { WarmUpPlan } from '../plan/run-plan.ts';
import type { AfterPages, RunContext } from '../plan/stage.ts';
import { USER_AGENT } from '../mechanics/version.ts';
import { planWarm, WARM_LIMIT } from '../domain/variants.ts';
import { stoppedWords, warm, WARM_CONCURRENCY, type WarmReport } from './warm.ts';
import { warmWords } from './told.ts';

/** What the origin check saw of each image it asked, as the warm-up reads it. */
interface OriginSeen {
  readonly checks: readonly {
    readonly ref: AssetRef;
    readonly state: string;
    readonly followed?: boolean | undefined;
  }[];
}

/** What the warm-up reads of the stages before it. */
export interface Before extends AfterPages {
  readonly invalidate: AfterPages['invalidate'] & {
    /** What the origin check saw, when it ran. */
    readonly origin?: OriginSeen | undefined;
  };
}

/**
 * With `warm: true`, requests each invalidated image through the image host, as a browser would, so that its first
 * visitors get a cached copy. Anything that goes wrong is one warning: the invalidation has landed all the same.
 */
export async function warmUp(
  warmUp: WarmUpPlan,
  before: Before,
  context: RunContext,
): Promise<WarmReport | undefined> {
  const rewritten = before.pages.variants;
  const landed = before.invalidate.outcome;
  if (rewritten === undefined || landed.cancelled) return undefined;
  const { imageHost, timeoutMs } = warmUp;
  const { log, signal } = context;
  // An image whose origin was not seen serving the new version (the check could not tell, or it was not asked
  // itself but followed its host's sample): warming it could cache the old bytes under the new URL, which its first
  // visitor after the deploy would otherwise fetch fresh.
  const unconfirmed = new Set(
    before.invalidate.origin?.checks
      .filter((check) => check.state !== 'ready' || check.followed === true)
      .map((check) => check.ref),
  );
  const plan = planWarm({
    imageHost,
    images: landed.touched.filter((ref) => !unconfirmed.has(ref)),
    rewritten,
    cacheBuster: landed.token,
    limit: WARM_LIMIT,
  });
  const over =
    plan.overLimit === 0
      ? ''
      : ` (${plan.overLimit} more past the ${WARM_LIMIT.toLocaleString('en-US')} a run makes)`;
  if (warmUp.preview) {
    log.info(`warm: would request ${plan.requests.length} image URLs through ${imageHost}${over}.`);
    return undefined;
  }
  if (plan.requests.length === 0) {
    log.info('warm: no image URL to request.');
    return undefined;
  }
  log.startGroup('Warm-up');
  // undici, loaded by a run that requests: a preview of the warm-up needs none.
  const { createDispatcher } = await import('../mechanics/dispatcher.ts');
  const dispatcher = createDispatcher(WARM_CONCURRENCY, timeoutMs);
  try {
    for (const request of plan.requests) log.debug(`warm: ${request.url}`);
    const report = await warm(plan.requests, plan.overLimit, {
      dispatcher,
      timeoutMs,
      userAgent: USER_AGENT,
      signal,
    });
    log.info(`warm: ${warmWords(report)}.`);
    if (report.stopped !== undefined && report.stopped !== 'cancelled')
      log.warning(
        `warm: ${stoppedWords(report.stopped, imageHost)}; ${report.notRequested ?? 0} image URLs not requested.`,
      );
    if (report.failed > 0 && signal?.aborted !== true) {
      const first = report.firstFailure;
      log.warning(
        `warm: ${report.failed} of ${report.requested} requests through ${imageHost} failed` +
          (first === undefined ? '' : `, e.g. ${first.url}: ${first.reason}`) +
          '; the images are invalidated all the same, and their first visitors will wait for them.',
      );
    }
    return report;
  } finally {
    log.endGroup();
    await dispatcher.destroy().catch(() => undefined);
  }
}
