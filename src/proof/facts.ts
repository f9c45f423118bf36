/** The proof of freshness, counted and phrased once: the log, the summary, the report and the command read it. */
import type { Doubt } from '../compare/compare.ts';
import { unhandled } from '../mechanics/exhaustive.ts';
import { count, plural } from '../shown/format.ts';
import type { Failure } from './judge.ts';
import type { ImageProof, ProofResult, Seen } from './proof.ts';
import { ACCEPT_ORDER, ACCEPTS, type AcceptClass } from './accepts.ts';

/** One variant of an image that did not prove fresh, as every renderer names it. */
export interface ProofFinding {
  readonly ref: string;
  readonly path: string;
  readonly url: string;
  /** The `Accept` it was asked with: the class of browsers that got what it showed. */
  readonly accept: string;
  /** What it showed: `its previous version`, `a placeholder`, `an error page`... */
  readonly shows: string;
  readonly seen?: Seen | undefined;
  /** The image, the variant, what it showed and the headers that matter, in one sentence. */
  readonly sentence: string;
}

/** What the proof saw, with the key withheld, and its facts: counted once, read by its every voice. */
export type ProofReport = ProofResult & { readonly facts: ProofFacts };

export interface ProofFacts {
  readonly images: number;
  /** Images seen fresh in every variant asked. */
  readonly verified: number;
  /** Variants that failed the proof: still old, or no image to judge. */
  readonly failed: readonly ProofFinding[];
  /** Variants whose picture could not be told new from old: a notice, not a failure. */
  readonly cannotTell: readonly ProofFinding[];
  /** Variants not asked: past the time, cancelled, or outside their host's sample. */
  readonly notChecked: number;
  /** The images first seen stale and invalidated once more: each the service confirmed, and each it did not. */
  readonly again: { readonly confirmed: readonly string[]; readonly failed: readonly AgainFailure[] };
  /** Per class of browsers: the variants answered to its `Accept`, and how many of them showed the new version. */
  readonly byAccept: readonly AcceptCount[];
}

export interface AcceptCount {
  readonly accept: string;
  readonly answered: number;
  readonly fresh: number;
}

/** An image whose second invalidation did not land, as every renderer names it. */
export interface AgainFailure {
  readonly ref: string;
  readonly path: string;
  /** The service's reason, or the cancel. */
  readonly error: string;
  /** `<ref> (<path>) was not invalidated once more: <error>` */
  readonly sentence: string;
}

/** The proof of freshness, counted and phrased once. */
export function proofFacts(proof: ProofResult): ProofFacts {
  const failed: ProofFinding[] = [];
  const cannotTell: ProofFinding[] = [];
  let verified = 0;
  let notChecked = 0;
  const confirmedAgain: string[] = [];
  const failedAgain: AgainFailure[] = [];
  const answered = new Map<AcceptClass, { answered: number; fresh: number }>(
    ACCEPT_ORDER.map((accept) => [accept, { answered: 0, fresh: 0 }]),
  );
  for (const image of proof.images) {
    if (image.invalidatedAgain) confirmedAgain.push(image.ref);
    const refused = image.invalidateAgainFailed;
    if (refused !== undefined)
      failedAgain.push({
        ref: image.ref,
        path: image.path,
        error: refused,
        sentence: `${image.ref} (${image.path}) was not invalidated once more: ${refused.replace(/\.$/, '')}`,
      });
    let fresh = image.variants.length > 0;
    for (const variant of image.variants) {
      if (variant.state !== 'fresh') fresh = false;
      const counted = answered.get(variant.accept);
      if (counted !== undefined && variant.state !== 'not-checked') {
        counted.answered++;
        if (variant.state === 'fresh') counted.fresh++;
      }
      switch (variant.state) {
        case 'fresh':
          break;
        case 'not-checked':
          notChecked++;
          break;
        case 'stale': {
          failed.push(
            finding(image, variant, `its previous version${againWords(image, variant.asks)}`, variant.seen),
          );
          break;
        }
        case 'failed':
          failed.push(finding(image, variant, FAILURE_WORDS[variant.failure], variant.seen));
          break;
        case 'cannot-tell':
          cannotTell.push(
            finding(
              image,
              variant,
              DOUBT_WORDS[variant.doubt] + (variant.detail === undefined ? '' : ` (${variant.detail})`),
              variant.seen,
            ),
          );
          break;
        default:
          unhandled(variant);
      }
    }
    if (fresh) verified++;
  }
  return {
    images: proof.images.length,
    verified,
    failed,
    cannotTell,
    notChecked,
    again: { confirmed: confirmedAgain, failed: failedAgain },
    byAccept: [...answered].map(([accept, counts]) => ({ accept: ACCEPTS[accept], ...counts })),
  };
}

/** What became of a stale image's second invalidation, said after what it showed. */
function againWords(image: ImageProof, asks: number): string {
  // Confirmed, but the proof's time ran out before the image was asked again: what it shows now is not known.
  if (image.invalidatedAgain)
    return asks > 1
      ? ' after one more invalidation'
      : "; invalidated once more, then not asked again within the proof's time";
  const refused = image.invalidateAgainFailed;
  return refused === undefined ? '' : `; invalidating it once more failed: ${refused.replace(/\.$/, '')}`;
}

/** `2 of 3 images proven fresh through the image host; 1 variant failed; 1 could not be told` */
export function proofWords(facts: ProofFacts): string {
  const parts = [
    `${count(facts.verified)} of ${plural(facts.images, 'image')} proven fresh through the image host`,
  ];
  if (facts.failed.length > 0) parts.push(`${plural(facts.failed.length, 'variant')} failed`);
  if (facts.cannotTell.length > 0)
    parts.push(`${count(facts.cannotTell.length)} could not be told new from old`);
  if (facts.notChecked > 0) parts.push(`${count(facts.notChecked)} not asked (time, cancel or sample)`);
  const { confirmed, failed } = facts.again;
  if (failed.length > 0)
    parts.push(
      `${count(failed.length)} of ${plural(confirmed.length + failed.length, 'image')} not invalidated once more`,
    );
  return parts.join('; ');
}

/**
 * `variants by the Accept they were asked with: image/avif,… 2 of 2 fresh; image/webp,… 1 of 2 fresh`, each class
 * of browsers the host was asked as; undefined when none was.
 */
export function acceptWords(
  facts: ProofFacts,
  show: (accept: string) => string = (accept) => accept,
): string | undefined {
  const asked = facts.byAccept.filter((counted) => counted.answered > 0);
  if (asked.length === 0) return undefined;
  const each = asked.map(
    (counted) => `${show(counted.accept)} ${count(counted.fresh)} of ${count(counted.answered)} fresh`,
  );
  return `variants by the Accept they were asked with: ${each.join('; ')}`;
}

const FAILURE_WORDS: Record<Failure, string> = {
  'no-answer': 'no answer',
  redirect: 'a redirect elsewhere',
  'error-page': 'an error page',
  placeholder: "the service's placeholder, not the image",
  'not-image': 'an answer that is not an image',
  'too-large': 'a body larger than any image (not read on)',
};

const DOUBT_WORDS: Record<Doubt, string> = {
  alike: 'a picture, but its two versions look alike',
  neither: 'a picture that is neither version (a crop or an edit)',
  'other-shape': 'a picture of another shape than either version (a crop)',
  'too-small': 'a picture too small to tell',
  'other-kind': 'an SVG against a raster image',
  undecodable: 'a file that could not be decoded',
  'version-undecodable': 'a picture, but a version of the file could not be decoded to compare it with',
  cancelled: 'a picture not compared: the run was cancelled',
};

function finding(
  image: ImageProof,
  variant: { readonly url: string; readonly accept: AcceptClass },
  shows: string,
  seen: Seen | undefined,
): ProofFinding {
  const { url } = variant;
  const accept = ACCEPTS[variant.accept];
  return {
    ref: image.ref,
    path: image.path,
    url,
    accept,
    shows,
    seen,
    sentence:
      `${image.ref} (${image.path}) at ${url}, asked with Accept ${accept}, showed ${shows}` +
      (seen === undefined ? '' : ` (${headerWords(seen)})`),
  };
}

/** The headers that matter: status, content type, length, Age and cache status, those the answer had. */
function headerWords(seen: Seen): string {
  const words = [
    seen.status === undefined ? `no answer: ${seen.error ?? 'unknown'}` : `status ${seen.status}`,
    seen.contentType === undefined ? undefined : `content type ${seen.contentType}`,
    seen.length === undefined ? undefined : `${count(seen.length)} bytes`,
    seen.age === undefined ? undefined : `Age ${seen.age}`,
    seen.cacheStatus === undefined ? undefined : `cache ${seen.cacheStatus}`,
    seen.location === undefined ? undefined : `to ${seen.location}`,
  ];
  return words.filter((word) => word !== undefined).join(', ');
}
