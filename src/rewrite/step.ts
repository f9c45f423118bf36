import type { Narration } from '../narration/narration.ts';
import type { Outcome } from '../outcome/outcome.ts';
import type { Plan } from '../plan/plan.ts';
import { canonicalRef } from '../plan/refs.ts';
import type { RewritePlan } from '../plan/run-plan.ts';
import type { Log } from '../shown/log.ts';
import type { RewrittenUrl } from '../warm/variants.ts';
import { contentBusters } from './content.ts';
import { rewriteFiles } from './files.ts';
import type { RewriteResult } from './result.ts';

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
  if (rewrite.with === 'token' && !dryRun && outcome.token === undefined) {
    log.warning('rewrite: skipped, since no token was obtained.');
    return { state: 'skipped' };
  }
  log.startGroup('Rewrite');
  try {
    const { workspace } = options;
    const content =
      rewrite.with === 'content'
        ? await contentBusters(outcome.touched, run.invalidation.fileOf, workspace)
        : undefined;
    const urls: RewrittenUrl[] = [];
    const result = await rewriteFiles({
      workspace,
      patterns: rewrite.patterns,
      imageHost: rewrite.imageHost,
      cacheBusters:
        // A page may write an origin URL in another form (`HTTPS://WWW.Example.com/…`): the same image all the same.
        content === undefined
          ? (outcome.token ?? DRY_RUN_TOKEN)
          : (origin) => content.values.get(canonicalRef(origin)),
      dryRun,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.keepUrls ? { onRewrite: (url: RewrittenUrl) => void urls.push(url) } : {}),
    });
    const told = content === undefined ? result : { ...result, notRewritten: content.notRewritten };
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
