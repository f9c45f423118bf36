/**
 * The proof of freshness: after the invalidation (and the rewrite and warm-up), each image is asked for through
 * the image host as a browser asks, once per variant, and what it shows is compared with the image's new and
 * previous versions. An image still stale is invalidated once more, and asked again after a short wait.
 *
 * Plain data in, a result out: the requests, the versions, the second invalidation and the time come through seams.
 */
import type { Clock } from '../mechanics/clock.ts';
import type { AssetRef } from '../domain/refs.ts';
import { sampleByHost } from '../domain/hosts.ts';
import type { ReadVersions } from '../compare/versions.ts';
import type { Delivered, FetchDelivered } from './fetch.ts';
import { judgeDelivered, type Finding } from './judge.ts';
import { errorMessage } from '../mechanics/error-message.ts';

/** Each image whose second invalidation the service did not confirm, and why (the key withheld). */
export type AgainFailures = ReadonlyMap<AssetRef, string>;

/** One invalidated image that came from a file, and the delivery URLs visitors use for it. */
export interface ProofImage {
  readonly ref: AssetRef;
  /** The file in the repository it came from. */
  readonly path: string;
  /** Each variant the pages use (as the warm-up plans them), or the plain delivery URL; at least one. */
  readonly urls: readonly string[];
}

export interface ProofBounds {
  /** Requests in flight at once. */
  readonly concurrency: number;
  /** Images checked one by one; past it, each host on a sample (sampleByHost), the others not checked. */
  readonly maxImages: number;
  /** Bytes read of one answer at most. */
  readonly maxBytes: number;
  /** The whole proof, second round included. */
  readonly timeoutMs: number;
  /** Between the second invalidation of the stale images and asking for them again. */
  readonly retryWaitMs: number;
}

export interface ProofInput {
  readonly images: readonly ProofImage[];
  readonly versions: ReadVersions;
  readonly fetch: FetchDelivered;
  /**
   * Invalidates these images once more, retrying nothing past `withinMs` (the proof's time left), and resolves with
   * each one the service did not confirm and why; absent: stale images are not asked again.
   */
  readonly invalidateAgain?: (refs: readonly AssetRef[], withinMs: number) => Promise<AgainFailures>;
  readonly clock: Clock;
  readonly signal?: AbortSignal | undefined;
  readonly bounds: ProofBounds;
}

/** The answer's facts that a report shows, without its body. */
export type Seen = Omit<Delivered, 'body'>;

export type VariantProof =
  | (Finding & { readonly url: string; readonly seen: Seen; readonly asks: number })
  /** Not asked: past the time, cancelled, or not in its host's sample. */
  | {
      readonly url: string;
      readonly state: 'not-checked';
      readonly why: 'timeout' | 'cancelled' | 'sampled';
    };

export interface ImageProof {
  readonly ref: AssetRef;
  readonly path: string;
  readonly variants: readonly VariantProof[];
  /**
   * Invalidated a second time, having shown its previous version: the service confirmed it. It was asked again if the
   * proof's time allowed (its variants' `asks` say).
   */
  readonly invalidatedAgain: boolean;
  /** Its second invalidation did not land: why (the service's reason, or the cancel). It was not asked again. */
  readonly invalidateAgainFailed?: string | undefined;
}

export interface ProofResult {
  readonly images: readonly ImageProof[];
}

export async function prove(input: ProofInput): Promise<ProofResult> {
  const { clock, bounds, signal } = input;
  const deadline = clock.now() + bounds.timeoutMs;
  // A function, read anew after each wait: the cancel may come while an answer is awaited.
  const cancelled = (): boolean => signal?.aborted === true;
  const { checked } = sampleByHost(
    input.images.map((image) => ({ ref: image.ref, path: image.path })),
    bounds.maxImages,
  );
  const toCheck = new Set(checked.map((image) => image.ref));
  const proofs = new Map<AssetRef, VariantProof[]>();
  const tasks = input.images
    .filter((image) => toCheck.has(image.ref))
    .flatMap((image) => image.urls.map((url, index) => ({ image, url, index })));
  for (const image of input.images)
    proofs.set(
      image.ref,
      image.urls.map((url) => ({
        url,
        state: 'not-checked',
        why: toCheck.has(image.ref) ? 'timeout' : 'sampled',
      })),
    );

  const round = async (work: readonly (typeof tasks)[number][]): Promise<void> => {
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < work.length) {
        const task = work[next++];
        if (task === undefined) return;
        const list = proofs.get(task.image.ref) ?? [];
        // A cancel keeps what a first ask found: a stale image is still reported stale.
        if (signal?.aborted === true) {
          if (list[task.index]?.state === 'not-checked')
            list[task.index] = { url: task.url, state: 'not-checked', why: 'cancelled' };
          continue;
        }
        if (clock.now() >= deadline) continue;
        const previous = list[task.index];
        const asks = (previous !== undefined && 'asks' in previous ? previous.asks : 0) + 1;
        const found = await askOnce(task.image, task.url, input, deadline);
        // An ask the cancel or the proof's time cut short found nothing: it is not checked, never a failure of the
        // image, and what an earlier ask found stands.
        if (found === undefined) {
          if (list[task.index]?.state === 'not-checked')
            list[task.index] = {
              url: task.url,
              state: 'not-checked',
              why: cancelled() ? 'cancelled' : 'timeout',
            };
          continue;
        }
        list[task.index] = { ...found, url: task.url, asks };
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(bounds.concurrency, work.length)) }, worker));
  };

  await round(tasks);
  const stale = tasks.filter((task) => proofs.get(task.image.ref)?.[task.index]?.state === 'stale');
  const again = [...new Set(stale.map((task) => task.image.ref))];
  // Not after a cancel: the run sends nothing new then, and a stale image is reported as the first ask found it.
  const failedAgain =
    again.length > 0 && input.invalidateAgain !== undefined && !cancelled()
      ? await invalidateAgain(input.invalidateAgain, again, clock, deadline - bounds.retryWaitMs)
      : undefined;
  const invalidatedAgain = new Set(
    failedAgain === undefined ? [] : again.filter((ref) => !failedAgain.has(ref)),
  );
  if (invalidatedAgain.size > 0) {
    const wait = Math.min(bounds.retryWaitMs, Math.max(0, deadline - clock.now()));
    await clock.sleep(wait, signal).catch(() => undefined);
    // Only the images the service confirmed: another ask of the others would find what the first found.
    await round(stale.filter((task) => invalidatedAgain.has(task.image.ref)));
  }
  const images = input.images.map((image): ImageProof => {
    const failed = failedAgain?.get(image.ref);
    return {
      ref: image.ref,
      path: image.path,
      variants: proofs.get(image.ref) ?? [],
      invalidatedAgain: invalidatedAgain.has(image.ref),
      invalidateAgainFailed: failed,
    };
  });
  return { images };
}

/**
 * The second invalidation of the stale images: each one the service did not confirm, and why. It has half the time
 * left before `until`, so that the images it lands can still be asked again.
 */
async function invalidateAgain(
  send: NonNullable<ProofInput['invalidateAgain']>,
  refs: readonly AssetRef[],
  clock: Clock,
  until: number,
): Promise<AgainFailures> {
  try {
    return await send(refs, Math.max(0, (until - clock.now()) / 2));
  } catch (error) {
    // Not the service's answer (those are each image's outcome) but a fault of the sending itself: each image.
    const why = errorMessage(error);
    return new Map(refs.map((ref) => [ref, why]));
  }
}

/** What one ask found; undefined when the cancel or the proof's time ended it before an answer. */
async function askOnce(
  image: ProofImage,
  url: string,
  input: ProofInput,
  deadline: number,
): Promise<(Finding & { readonly seen: Seen }) | undefined> {
  const [current, previous] = await Promise.all([
    input.versions.current(image.path),
    input.versions.previous(image.path),
  ]);
  // An ask in flight ends at the proof's deadline too, not only one that has not started.
  const atDeadline = AbortSignal.timeout(Math.max(0, Math.ceil(deadline - input.clock.now())));
  const ends = input.signal === undefined ? atDeadline : AbortSignal.any([input.signal, atDeadline]);
  const answer = await input.fetch(url, input.bounds.maxBytes, ends);
  if (answer.error !== undefined && ends.aborted) return undefined;
  const seen = withoutBody(answer);
  if (current === 'unreadable') return { state: 'cannot-tell', doubt: 'undecodable', seen };
  const finding = await judgeDelivered(answer, { current, previous }, ends);
  // A comparison the cancel or the deadline cut short saw nothing.
  if (ends.aborted) return undefined;
  return { ...finding, seen };
}

function withoutBody(answer: Delivered): Seen {
  const seen: { -readonly [K in keyof Delivered]?: Delivered[K] } = { ...answer };
  delete seen.body;
  return seen;
}
