import type { Narration } from '../narration/narration.ts';
import type { Outcome } from '../outcome/outcome.ts';
import type { Plan } from '../plan/plan.ts';
import { canonicalRef } from '../domain/refs.ts';
import type { RewritePlan } from '../plan/run-plan.ts';
import type { Log } from '../shown/log.ts';
import type { RewrittenUrl } from '../domain/variants.ts';
import { contentBusters } from './content.ts';
import { rewriteFiles } from './files.ts';
import type { CacheBusters } from './cache-buster.ts';
import { writesTheToken, type NotRewritten, type RewriteResult } from './result.ts';
import { unhandled } from '../mechanics/exhaustive.ts';

/** What the rewrite stage did: rewrote (with every URL it wrote, when asked to keep them), skipped, or failed. */
export type Rewritten =
  | { readonly state: 'rewritten'; readonly result: RewriteResult; readonly urls: readonly RewrittenUrl[] }
  | { readonly state: 'skipped' }
  | { readonly state: 'failed'; readonly error: string };

// What a dry run writes in place of the token it did not request: it changes every URL, so all are counted.
const DRY_RUN_TOKEN = 'dry-run';

/**
 * Puts fresh cache busters into the image URLs of the built files, so that the deploy after this ships fresh URLs:
 * the new token in every URL, or each invalidated image's content value in its own URLs.
 */
export async function rewriteStep(
  rewrite: RewritePlan,
  run: { readonly invalidation: Plan; readonly dryRun: boolean; readonly outcome: Outcome },
  options: {
    readonly workspace: string;
    readonly log: Log;
    readonly tell: Narration;
    /** Keep every URL written, for the warm-up that asks for them. */
    readonly keepUrls: boolean;
    readonly signal?: AbortSignal;
  },
): Promise<Rewritten> {
  const { log } = options;
  const { outcome, dryRun } = run;
  if (outcome.cancelled) {
    log.info('rewrite: skipped, since the run was cancelled.');
    return { state: 'skipped' };
  }
  if (writesTheToken(rewrite.with) && !dryRun && outcome.token === undefined) {
    log.warning('rewrite: skipped, since no token was obtained.');
    return { state: 'skipped' };
  }
  log.startGroup('Rewrite');
  try {
    const { workspace } = options;
    const { cacheBusters, notRewritten } = await cacheBustersOf(rewrite.with, run, workspace);
    const urls: RewrittenUrl[] = [];
    const result = await rewriteFiles({
      workspace,
      patterns: rewrite.patterns,
      imageHost: rewrite.imageHost,
      cacheBusters,
      dryRun,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.keepUrls ? { onRewrite: (url: RewrittenUrl) => void urls.push(url) } : {}),
    });
    const told = notRewritten === undefined ? result : { ...result, notRewritten };
    options.tell.rewrite(told, rewrite);
    return { state: 'rewritten', result: told, urls };
  } catch (error) {
    // The invalidation and the token have landed: the report keeps them, and says what failed after.
    return {
      state: 'failed',
      error: `Rewriting the built files failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    log.endGroup();
  }
}

/** What each URL gets: the token (a dry run's stand-in for it), or each invalidated image's content value. */
async function cacheBustersOf(
  cacheBuster: RewritePlan['with'],
  run: { readonly invalidation: Plan; readonly outcome: Outcome },
  workspace: string,
): Promise<{ cacheBusters: CacheBusters; notRewritten?: readonly NotRewritten[] }> {
  switch (cacheBuster) {
    case 'token':
      return { cacheBusters: run.outcome.token ?? DRY_RUN_TOKEN };
    case 'content': {
      const content = await contentBusters(run.outcome.touched, run.invalidation.fileOf, workspace);
      return {
        // A page may write an origin URL in another form (`HTTPS://WWW.Example.com/…`): the same image all the same.
        cacheBusters: (origin) => content.values.get(canonicalRef(origin)),
        notRewritten: content.notRewritten,
      };
    }
    default:
      return unhandled(cacheBuster);
  }
}
