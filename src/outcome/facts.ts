/**
 * The facts every renderer of a run shows (the log's closing lines, the summary, the outputs, the JSON report and the
 * command's text), each counted once and phrased once here, so that no two of them can say it differently.
 */
import { count, plural } from '../shown/format.ts';
import { seconds, type OriginReport } from '../origin/hold.ts';
import type { OriginState } from '../origin/wait.ts';
import type { WarmReport } from '../warm/warm.ts';
import type { Doubt } from '../compare/compare.ts';
import { unhandled } from '../mechanics/exhaustive.ts';
import type { Failure } from '../proof/judge.ts';
import type { ImageProof, ProofResult, Seen } from '../proof/proof.ts';

/** How many of each, as every renderer shows them. */
export interface Counts {
  readonly assets: number;
  readonly invalidated: number;
  /** Sent, and refused or never confirmed. */
  readonly failed: number;
  /** Never sent: the run stopped before them (a refused key, a cancel). */
  readonly notSent: number;
  /** Held back, never sent: their origin did not serve the new file in time (`origin-check`). */
  readonly notReady: number;
  /** Failed, not sent and not deployed at origin together: what the `failed` outputs list and count. */
  readonly notInvalidated: number;
  /** Invalidation calls sent (a retry is not a new call; the token call is not one): the `requests` output. */
  readonly requests: number;
  /** Attempts of those calls. */
  readonly attempts: number;
  /** The token call, when it went out (0 or 1): it is counted apart from the invalidation calls. */
  readonly tokenCalls: number;
}

/** Failures named one by one in the log, the summary and the command's text; the JSON report lists each. */
export const FAILURES_NAMED = 50;

/** The first items of a list that a renderer names, and how many it leaves to the JSON report. */
export interface Named<T> {
  readonly shown: readonly T[];
  readonly more: number;
}

export function named<T>(items: readonly T[], max: number): Named<T> {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}

/** `… and 3 more failures: the JSON report (output report-path) lists each one.`, or undefined when none is left. */
export function moreFailuresWords(failures: Named<string>, report: string): string | undefined {
  if (failures.more === 0) return undefined;
  return `… and ${plural(failures.more, 'more failure')}: the JSON report (${report}) lists each one.`;
}

/**
 * The assets the run did not invalidate, with why: `9 (2 failed, 7 not deployed at origin)`. The same number as the
 * `failed-count` output, which lists all three kinds.
 */
export function notInvalidatedWords(counts: Counts): string {
  const parts: string[] = [];
  if (counts.failed > 0) parts.push(`${count(counts.failed)} failed`);
  if (counts.notReady > 0) parts.push(`${count(counts.notReady)} not deployed at origin`);
  if (counts.notSent > 0) parts.push(`${count(counts.notSent)} not sent`);
  return `${count(counts.notInvalidated)}${parts.length === 0 ? '' : ` (${parts.join(', ')})`}`;
}

/**
 * What the call count counts: `3 calls`, or `3 invalidation calls and the token call` when a token was requested, so
 * that the token call is never counted among the invalidations without saying so.
 */
export function callsWords(counts: Counts, withAttempts: boolean): string {
  const attempts = withAttempts ? ` (${plural(counts.attempts, 'attempt')})` : '';
  if (counts.tokenCalls === 0) return `${plural(counts.requests, 'call')}${attempts}`;
  return `${plural(counts.requests, 'invalidation call')}${attempts} and the token call`;
}

/** How many images ended in each state of the origin check. */
export type OriginStates = Readonly<Record<OriginState, number>>;

/** What the origin check found, counted once: the log, the summary, the report and the command read it. */
export interface OriginFacts {
  readonly states: OriginStates;
  readonly waitedMs: number;
  readonly timeoutMs: number;
}

export function originFacts(report: OriginReport): OriginFacts {
  const states = { ready: 0, 'cannot-tell': 0, 'not-ready': 0, redirected: 0, cancelled: 0 };
  for (const check of report.checks) states[check.state]++;
  return { states, waitedMs: report.waitedMs, timeoutMs: report.timeoutMs };
}

/**
 * `3 served the new files, 1 could not be told (invalidated at once), 2 still not deployed (not invalidated); waited
 * 12 s`: the states with images, in the order of the check.
 */
export function originWords(origin: OriginFacts): string {
  const parts = [`${count(origin.states.ready)} served the new files`];
  for (const state of ['cannot-tell', 'not-ready', 'redirected', 'cancelled'] as const) {
    const n = origin.states[state];
    if (n > 0) parts.push(`${count(n)} ${originStateWords(state)}`);
  }
  return `${parts.join(', ')}; waited ${seconds(origin.waitedMs)} s`;
}

function originStateWords(state: Exclude<OriginState, 'ready'>): string {
  switch (state) {
    case 'cannot-tell':
      return 'could not be told (invalidated at once)';
    case 'not-ready':
      return 'still not deployed (not invalidated)';
    case 'redirected':
      return 'redirected to another host or scheme (not invalidated)';
    case 'cancelled':
      return 'not asked to the end, since the run was cancelled (not sent)';
    default:
      return state satisfies never;
  }
}

/**
 * The warm-up's answers, counted: `5 × 200, 1 × 404, 2 × no answer`, most common first (ties by status), so that
 * the log, the summary and the command read the same.
 */
export function warmWords(warm: WarmReport): string {
  const statuses = Object.entries(warm.statuses)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([status, n]) => `${count(n)} × ${status === 'error' ? 'no answer' : status}`)
    .join(', ');
  const over = warm.overLimit === 0 ? '' : `; ${count(warm.overLimit)} more not requested, past the limit`;
  return `requested ${plural(warm.requested, 'image URL')} through the image host (${statuses || 'none'}) in ${(warm.ms / 1000).toFixed(1)} s${over}`;
}

/** One variant of an image that did not prove fresh, as every renderer names it. */
export interface ProofFinding {
  readonly ref: string;
  readonly path: string;
  readonly url: string;
  /** What it showed: `its previous version`, `a placeholder`, `an error page`... */
  readonly shows: string;
  readonly seen?: Seen;
  /** The image, the variant, what it showed and the headers that matter, in one sentence. */
  readonly sentence: string;
}

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
      switch (variant.state) {
        case 'fresh':
          break;
        case 'not-checked':
          notChecked++;
          break;
        case 'stale': {
          failed.push(
            finding(
              image,
              variant.url,
              `its previous version${againWords(image, variant.asks)}`,
              variant.seen,
            ),
          );
          break;
        }
        case 'failed':
          failed.push(finding(image, variant.url, FAILURE_WORDS[variant.failure], variant.seen));
          break;
        case 'cannot-tell':
          cannotTell.push(finding(image, variant.url, DOUBT_WORDS[variant.doubt], variant.seen));
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
};

function finding(image: ImageProof, url: string, shows: string, seen: Seen | undefined): ProofFinding {
  return {
    ref: image.ref,
    path: image.path,
    url,
    shows,
    ...(seen === undefined ? {} : { seen }),
    sentence: `${image.ref} (${image.path}) at ${url} showed ${shows}${seen === undefined ? '' : ` (${headerWords(seen)})`}`,
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
