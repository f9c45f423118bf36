import type { Outcome } from '../outcome/outcome.ts';
import { warmWords } from '../outcome/facts.ts';
import type { Settings } from '../settings/settings.ts';
import type { Log } from '../shown/log.ts';
import { USER_AGENT } from '../version.ts';
import { planWarm, WARM_LIMIT, type RewrittenUrl } from './variants.ts';
import type { WarmReport } from './warm.ts';

/**
 * With `warm: true`, requests each invalidated image through the image host, as a browser would, so that its first
 * visitors get a cached copy. Anything that goes wrong is one warning: the invalidation has landed all the same.
 */
export async function warmStep(
  settings: Settings,
  outcome: Outcome,
  rewritten: readonly RewrittenUrl[],
  options: {
    readonly log: Log;
    readonly signal?: AbortSignal;
    /**
     * Images whose origin was not seen serving the new version (the check could not tell): warming them could cache
     * the old bytes under the new URL, which its first visitor after the deploy would otherwise fetch fresh.
     */
    readonly unconfirmed?: ReadonlySet<string>;
  },
): Promise<WarmReport | undefined> {
  const imageHost = settings.imageHost;
  if (!settings.warm || imageHost === undefined || outcome.cancelled) return undefined;
  const { log } = options;
  const plan = planWarm({
    imageHost,
    images: outcome.touched.filter((ref) => options.unconfirmed?.has(ref) !== true),
    rewritten,
    ...(outcome.token === undefined ? {} : { cacheBuster: outcome.token }),
    limit: WARM_LIMIT,
  });
  const over =
    plan.overLimit === 0
      ? ''
      : ` (${plan.overLimit} more past the ${WARM_LIMIT.toLocaleString('en-US')} a run makes)`;
  if (settings.dryRun) {
    log.info(`warm: would request ${plan.requests.length} image URLs through ${imageHost}${over}.`);
    return undefined;
  }
  if (plan.requests.length === 0) {
    log.info('warm: no image URL to request.');
    return undefined;
  }
  log.startGroup('Warm-up');
  const [{ createDispatcher }, { warm, WARM_CONCURRENCY }] = await Promise.all([
    import('../execute/dispatcher.ts'),
    import('./warm.ts'),
  ]);
  const dispatcher = createDispatcher(WARM_CONCURRENCY, settings.timeoutMs);
  try {
    for (const request of plan.requests) log.debug(`warm: ${request.url}`);
    const report = await warm(plan.requests, plan.overLimit, {
      dispatcher,
      timeoutMs: settings.timeoutMs,
      userAgent: USER_AGENT,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    log.info(`warm: ${warmWords(report)}.`);
    if (report.failed > 0 && options.signal?.aborted !== true) {
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
