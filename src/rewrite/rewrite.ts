/**
 * The rewrite's work, loaded by a run that asks for it (`rewrite`): a run without it never opens the built files'
 * reading and writing.
 */
import { canonicalRef } from '../domain/refs.ts';
import type { RewritePlan } from '../plan/run-plan.ts';
import type { Landed, RunContext } from '../plan/stage.ts';
import type { Log } from '../shown/log.ts';
import type { RewrittenUrl } from '../domain/variants.ts';
import { contentBusters } from './content.ts';
import { rewriteFiles } from './files.ts';
import type { CacheBusters } from './cache-buster.ts';
import {
  rewriteSentence,
  writesTheToken,
  type NotRewritten,
  type Rewritten,
  type RewriteResult,
  SKIPPED,
} from './result.ts';
import { count, firstOf, plural } from '../shown/format.ts';
import { quote } from '../shown/shown.ts';
import { errorMessage } from '../mechanics/error-message.ts';
import { unhandled } from '../mechanics/exhaustive.ts';

/** What the rewrite reads of the stages before it. */
export interface Before {
  readonly invalidate: { readonly outcome: Landed };
}

// What a dry run writes in place of the token it did not request: it changes every URL, so all are counted.
const DRY_RUN_TOKEN = 'dry-run';

/**
 * Puts fresh cache busters into the image URLs of the built files, so that the deploy after this ships fresh URLs:
 * the new token in every URL, or each invalidated image's content value in its own URLs.
 */
export async function rewrite(rewrite: RewritePlan, before: Before, context: RunContext): Promise<Rewritten> {
  const landed = before.invalidate.outcome;
  const { log, signal } = context;
  const dryRun = rewrite.preview;
  if (landed.cancelled) {
    log.info('rewrite: skipped, since the run was cancelled.');
    return SKIPPED;
  }
  if (writesTheToken(rewrite.with) && !dryRun && landed.token === undefined) {
    log.warning('rewrite: skipped, since no token was obtained.');
    return SKIPPED;
  }
  log.startGroup('Rewrite');
  try {
    const workspace = await context.workspace();
    const { cacheBusters, notRewritten } = await cacheBustersOf(rewrite, landed, workspace);
    const urls: RewrittenUrl[] = [];
    const result = await rewriteFiles({
      workspace,
      patterns: rewrite.patterns,
      imageHost: rewrite.imageHost,
      cacheBusters,
      dryRun,
      signal,
      ...(rewrite.keepUrls ? { onRewrite: (url: RewrittenUrl) => void urls.push(url) } : {}),
    });
    const told = notRewritten === undefined ? result : { ...result, notRewritten };
    logRewrite(log, told, rewrite, dryRun);
    return { state: 'rewritten', result: told, variants: urls, preview: dryRun };
  } catch (error) {
    // The invalidation and the token have landed: the report keeps them, and says what failed after.
    return {
      state: 'failed',
      error: `Rewriting the built files failed: ${errorMessage(error)}`,
      variants: undefined,
    };
  } finally {
    log.endGroup();
  }
}

/** What each URL gets: the token (a dry run's stand-in for it), or each invalidated image's content value. */
async function cacheBustersOf(
  rewrite: RewritePlan,
  landed: Landed,
  workspace: string,
): Promise<{ cacheBusters: CacheBusters; notRewritten?: readonly NotRewritten[] }> {
  const cacheBuster = rewrite.with;
  switch (cacheBuster) {
    case 'token':
      return { cacheBusters: landed.token ?? DRY_RUN_TOKEN };
    case 'content': {
      const content = await contentBusters(landed.touched, rewrite.fileOf, workspace);
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

/** What the rewrite did, in the log: each file at debug, a pattern or host that found nothing, the images kept. */
function logRewrite(log: Log, rewrite: RewriteResult, how: RewritePlan, dryRun: boolean): void {
  for (const file of rewrite.files) log.debug(`${quote(file.path)}: ${plural(file.urls, 'URL')}`);
  // A pattern that selects nothing is most likely a wrong folder: the deploy would ship the old URLs.
  if (rewrite.scanned === 0) log.warning(`rewrite: no file matches ${how.patterns.map(quote).join(', ')}.`);
  else if (rewrite.urls === 0 && writesTheToken(how.with))
    log.warning(`rewrite: no URL on ${how.imageHost} in the ${count(rewrite.scanned)} files.`);
  log.info(rewriteSentence(rewrite, dryRun));
  const kept = rewrite.notRewritten ?? [];
  if (kept.length > 0) {
    const { shown, more } = firstOf(kept, 20);
    const list = shown.map((entry) => `${quote(entry.ref)} (${entry.reason})`).join(', ');
    log.info(
      `${plural(kept.length, 'invalidated image')} kept ${kept.length === 1 ? 'its' : 'their'} URLs: ` +
        `${list}${more === undefined ? '' : ` ${more}`}.`,
    );
  }
}
