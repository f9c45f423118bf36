/**
 * The proof of freshness: after the invalidation (and the rewrite and warm-up), each image is asked for through
 * the image host as browsers ask, once per variant and per class of browsers the host keeps apart, and what it shows is compared with the image's new and
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
import { ACCEPT_ORDER, ACCEPTS, nextAccept, type AcceptClass } from './accepts.ts';

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

/** What one variant showed to one class of browsers (`accept`: the `Accept` it was asked with). */
export type VariantProof = (
  | (Finding & { readonly seen: Seen; readonly asks: number })
  /** Not asked: past the time, cancelled, or not in its host's sample. */
  | { readonly state: 'not-checked'; readonly why: 'timeout' | 'cancelled' | 'sampled' }
) & { readonly url: string; readonly accept: AcceptClass };

export interface ImageProof {
  readonly ref: AssetRef;
  readonly path: string;
  /** Each variant URL as each class of browsers got it, those the host keeps apart (accepts.ts), in order. */
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

/** One variant URL of one image: asked first as the most capable browser, then as each class the host keeps apart. */
interface VariantTask {
  readonly image: ProofImage;
  readonly url: string;
  readonly index: number;
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
  // For each image, for each of its variant URLs, what each class of browsers asked got.
  const proofs = new Map<AssetRef, VariantProof[][]>();
  const tasks = input.images
    .filter((image) => toCheck.has(image.ref))
    .flatMap((image) => image.urls.map((url, index): VariantTask => ({ image, url, index })));
  for (const image of input.images)
    proofs.set(
      image.ref,
      image.urls.map((url) => [
        {
          url,
          accept: ACCEPT_ORDER[0] ?? 'avif',
          state: 'not-checked',
          why: toCheck.has(image.ref) ? 'timeout' : 'sampled',
        },
      ]),
    );

  /** Asks one variant as one class of browsers; what it found, undefined when it was not asked or cut short. */
  const ask = async (task: VariantTask, accept: AcceptClass): Promise<VariantProof | undefined> => {
    const list = proofs.get(task.image.ref)?.[task.index] ?? [];
    const at = list.findIndex((proof) => proof.accept === accept);
    const previous = list[at];
    const put = (proof: VariantProof): void => {
      if (at < 0) list.push(proof);
      else list[at] = proof;
    };
    // Not asked, or cut short by the cancel or the proof's time: not checked, never a failure of the image; what an
    // earlier ask found stands (a stale image is still reported stale).
    const unasked = (why: 'timeout' | 'cancelled'): void => {
      if (previous === undefined || previous.state === 'not-checked')
        put({ url: task.url, accept, state: 'not-checked', why });
    };
    if (cancelled() || clock.now() >= deadline) {
      unasked(cancelled() ? 'cancelled' : 'timeout');
      return undefined;
    }
    const asks = (previous !== undefined && 'asks' in previous ? previous.asks : 0) + 1;
    const found = await askOnce(task.image, task.url, ACCEPTS[accept], input, deadline);
    if (found === undefined) {
      unasked(cancelled() ? 'cancelled' : 'timeout');
      return undefined;
    }
    const proof: VariantProof = { ...found, url: task.url, accept, asks };
    put(proof);
    return proof;
  };
  /** Every class of browsers the host keeps a copy apart for, one after the other (nextAccept decides). */
  const askEveryClass = async (task: VariantTask): Promise<void> => {
    for (let accept = ACCEPT_ORDER[0]; accept !== undefined;) {
      const proof = await ask(task, accept);
      accept =
        proof === undefined || proof.state === 'not-checked' ? undefined : nextAccept(accept, proof.seen);
    }
  };

  await inTurn(tasks, bounds.concurrency, askEveryClass);
  const stale = tasks.flatMap((task) =>
    (proofs.get(task.image.ref)?.[task.index] ?? [])
      .filter((proof) => proof.state === 'stale')
      .map((proof) => ({ task, accept: proof.accept })),
  );
  const again = [...new Set(stale.map(({ task }) => task.image.ref))];
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
    // Only the images the service confirmed, as the browsers that got them stale: another ask of the others would
    // find what the first found.
    await inTurn(
      stale.filter(({ task }) => invalidatedAgain.has(task.image.ref)),
      bounds.concurrency,
      async ({ task, accept }) => {
        await ask(task, accept);
      },
    );
  }
  const images = input.images.map((image): ImageProof => {
    const failed = failedAgain?.get(image.ref);
    return {
      ref: image.ref,
      path: image.path,
      variants: (proofs.get(image.ref) ?? []).flat(),
      invalidatedAgain: invalidatedAgain.has(image.ref),
      invalidateAgainFailed: failed,
    };
  });
  return { images };
}

/**
 * `task` for each item, at most `concurrency` at once. Unlike eachInFlight, every item is visited even after the
 * cancel or the deadline: each one then says why it was not asked.
 */
async function inTurn<T>(
  work: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < work.length) {
      const item = work[next++];
      if (item !== undefined) await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, work.length)) }, worker));
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
  accept: string,
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
  const answer = await input.fetch(url, input.bounds.maxBytes, ends, accept);
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
