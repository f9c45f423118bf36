/**
 * The proof's work, loaded by a run that asks for it (`verify: true`): a run without it never opens the proof, its
 * fetcher or the image comparison.
 */
import { gitBytesIn } from '../mechanics/git.ts';
import { acceptWords, proofFacts, proofWords, type ProofReport } from './facts.ts';
import { count, FAILURES_NAMED, named, plural } from '../shown/format.ts';
import { retryWords } from '../domain/call-words.ts';
import type { AssetRef } from '../domain/refs.ts';
import type { ProofPlan } from '../plan/run-plan.ts';
import type { AfterPages, RunContext } from '../plan/stage.ts';
import type { Log } from '../shown/log.ts';
import type { Redact } from '../shown/redact.ts';
import { USER_AGENT } from '../mechanics/version.ts';
import { planWarm, type RewrittenUrl } from '../domain/variants.ts';
import { versionsFrom } from '../compare/versions.ts';
import type { ImageProof, ProofBounds, ProofImage, ProofResult, Seen, VariantProof } from './proof.ts';

/** What `verify: true` proves, within these bounds (docs/proof.md says them). */
export const PROOF_BOUNDS: ProofBounds = {
  concurrency: 8,
  maxImages: 500,
  maxBytes: 32 * 1024 * 1024,
  timeoutMs: 120_000,
  retryWaitMs: 3_000,
};

/** Variant URLs asked at most: past it, an image is asked at its first variants only. */
const MAX_VARIANTS = 4_000;

/**
 * With `verify: true`, after the warm-up: each invalidated image that came from a file is asked for through the image
 * host as a browser asks, once per variant the pages use, and compared with its new and previous versions. An image
 * still stale is invalidated once more, through the run's own client, and asked again; stale then, the step fails.
 */
export async function proveFresh(
  proof: ProofPlan,
  before: AfterPages,
  context: RunContext,
): Promise<ProofReport | undefined> {
  const { log, signal } = context;
  const landed = before.invalidate.outcome;
  const variants = before.pages.variants;
  if (variants === undefined || landed.cancelled) return undefined;
  const sent = proof.preview ? [...proof.images.keys()] : landed.invalidated;
  const { images, overLimit } = proofImages(proof, sent, variants, landed.token);
  const asked = images.reduce((sum, image) => sum + image.urls.length, 0);
  if (proof.preview) {
    log.info(
      `verify: would ask for ${plural(images.length, 'image')} (${plural(asked, 'variant URL')}) through ${proof.imageHost} ` +
        'and compare each with its file.',
    );
    return undefined;
  }
  if (overLimit > 0)
    log.warning(
      `verify: ${plural(overLimit, 'variant URL')} past the ${count(MAX_VARIANTS)} a proof asks for ${overLimit === 1 ? 'is' : 'are'} not asked.`,
    );
  if (images.length === 0) {
    log.info('verify: no invalidated image came from a file: nothing to compare.');
    return undefined;
  }
  log.startGroup('Verify');
  const [{ createDispatcher }, { deliveredFetcher }, { prove }, { invalidateAgain }] = await Promise.all([
    import('../mechanics/dispatcher.ts'),
    import('./fetch.ts'),
    import('./proof.ts'),
    import('./again.ts'),
  ]);
  const dispatcher = createDispatcher(PROOF_BOUNDS.concurrency, proof.requestTimeoutMs);
  const workspace = await context.workspace();
  try {
    log.info(
      `verify: asking for ${plural(images.length, 'image')} (${plural(asked, 'variant URL')}) through ${proof.imageHost}.`,
    );
    const result = await prove({
      images,
      versions: versionsFrom({
        workspace,
        git: gitBytesIn(workspace, signal),
        base: proof.base,
      }),
      fetch: deliveredFetcher({ dispatcher, timeoutMs: proof.requestTimeoutMs, userAgent: USER_AGENT }),
      // Sent as the run's calls are, by the same client: the key goes to the service alone, never to the image host.
      invalidateAgain: (refs, withinMs) => {
        log.info(
          `verify: ${plural(refs.length, 'image')} still showed the previous version: invalidating once more.`,
        );
        return invalidateAgain(refs, {
          service: proof.service,
          calls: proof.calls,
          redact: context.redact,
          clock: context.clock,
          withinMs,
          signal,
          onRetry: (sent, error, waitMs, attempt) => {
            // Its calls are numbered from 1 again: said apart from the run's own.
            log.info(
              `verify, second invalidation: ${retryWords(sent, error, waitMs, attempt, proof.calls.maxRetries)}`,
            );
          },
        });
      },
      clock: context.clock,
      bounds: PROOF_BOUNDS,
      signal,
    });
    const report = redacted(result, context.redact);
    logProof(report, log);
    return report;
  } finally {
    log.endGroup();
    await dispatcher.destroy().catch(() => undefined);
  }
}

/** Each image sent that came from a file, with the variants the pages use (as the warm-up plans them). */
function proofImages(
  proof: ProofPlan,
  sent: readonly AssetRef[],
  rewritten: readonly RewrittenUrl[],
  token: string | undefined,
): { readonly images: ProofImage[]; readonly overLimit: number } {
  const fromFiles = sent.filter((ref) => proof.images.has(ref));
  const planned = planWarm({
    imageHost: proof.imageHost,
    images: fromFiles,
    rewritten,
    cacheBuster: token,
    limit: MAX_VARIANTS,
  });
  const urls = new Map<AssetRef, string[]>();
  for (const request of planned.requests)
    urls.set(request.image, [...(urls.get(request.image) ?? []), request.url]);
  const images = fromFiles.flatMap((ref) => {
    const path = proof.images.get(ref);
    const list = urls.get(ref);
    return path === undefined || list === undefined ? [] : [{ ref, path, urls: list }];
  });
  return { images, overLimit: planned.overLimit };
}

/** The log: the counts, and a notice for those that cannot be told (each failure is one of the run's failures). */
function logProof(report: ProofReport, log: Log): void {
  const { facts } = report;
  if (facts.cannotTell.length > 0)
    log.notice(
      `verify: ${plural(facts.cannotTell.length, 'variant')} could not be told new from old through the image host ` +
        `(e.g. ${facts.cannotTell[0]?.sentence ?? ''}); they are not counted as proven.`,
    );
  const { confirmed, failed } = facts.again;
  if (confirmed.length + failed.length > 0)
    log.info(
      `verify: the service confirmed the second invalidation of ${plural(confirmed.length, 'image')}.`,
    );
  // Each is a failure of the run too, once it is asked and found stale: the closing errors say it again.
  const { shown, more } = named(failed, FAILURES_NAMED);
  for (const failure of shown) log.info(`verify: ${failure.sentence}.`);
  if (more > 0)
    log.info(`verify: … and ${count(more)} more not invalidated once more: the JSON report lists each one.`);
  const byAccept = acceptWords(facts);
  if (byAccept !== undefined) log.info(`verify: ${byAccept}.`);
  log.info(`verify: ${proofWords(facts)}.`);
}

/** Every text the image host sent, with the key withheld, before the report keeps it. */
function redacted(result: ProofResult, redact: Redact): ProofReport {
  const variant = (proof: VariantProof): VariantProof => {
    if (proof.state === 'not-checked') return { ...proof, url: redact(proof.url) };
    const seen = Object.fromEntries(
      Object.entries(proof.seen).map(([key, value]) => [
        key,
        typeof value === 'string' ? redact(value) : value,
      ]),
    ) as Seen;
    return { ...proof, url: redact(proof.url), seen };
  };
  const images = result.images.map((image): ImageProof => {
    const failed = image.invalidateAgainFailed;
    return {
      ...image,
      variants: image.variants.map(variant),
      invalidateAgainFailed: failed === undefined ? undefined : redact(failed),
    };
  });
  return { images, facts: proofFacts({ images }) };
}
