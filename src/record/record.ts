import type { Outcome } from '../outcome/outcome.ts';
import { plural } from '../shown/format.ts';
import { PERMISSION_LINES } from '../github/record-permission.ts';
import type { Counts } from '../invalidate/stage.ts';

/** What the run did with its target's record. */
export type RecordResult =
  /** Written: `fresh` when the run made its head fresh, else what it owes, for the next run to cover. */
  | {
      readonly state: 'recorded';
      readonly fresh: boolean;
      readonly commit: string;
      readonly target: string;
      /** Changed images the run skipped (no url-map rule maps them): owed until a run maps them. */
      readonly skipped?: number | undefined;
      readonly left?: LeftStale | undefined;
    }
  /** The head was recorded fresh already: nothing compared, nothing written. */
  | {
      readonly state: 'fresh-already';
      readonly commit: string;
      readonly target: string;
      readonly left?: LeftStale | undefined;
    }
  | { readonly state: 'not-recorded'; readonly reason: string; readonly left?: LeftStale | undefined };

/** What a failed or cancelled run leaves stale: each image not confirmed, and how it will be caught up. */
export interface LeftStale {
  readonly images: readonly string[];
  /** A sentence: the next run on the target, or a re-run of this job, as the record's state allows. */
  readonly caughtUpBy: string;
}

/** The next run covers what this one owes: its record says so. */
export function caughtUpByNextRun(target: string): string {
  return (
    `The next run on this target invalidates them too: the record ('${target}') keeps what this run owes. A ` +
    're-run of this job retries them now, which helps when the cause has passed (the service, the network); a ' +
    'cause in the settings (url-map, the origin) needs a fix, and the run after it.'
  );
}

/** No record keeps what this run owes: only a re-run does. `why`: why no record can. */
export function caughtUpByReRun(why: string): string {
  return `A re-run of this job invalidates them; no later run will, since ${why}.`;
}

/** Why no later run can catch up, when catch-up is not on for the run. */
export const NO_CATCH_UP =
  'catch-up is off (it needs a branch run in GitHub Actions with catch-up: true and ' +
  `${PERMISSION_LINES})`;

/**
 * Why the run cannot say its head is fresh, or undefined when every image it planned was confirmed, nothing failed
 * after (a rewrite) and no changed image was skipped: a skipped image is owed, so that the run that maps it (after a
 * fix of url-map) invalidates it.
 */
export function whyNotFresh(
  outcome: Pick<Outcome, 'cancelled' | 'failures' | 'failed'> & { readonly counts: Pick<Counts, 'skipped'> },
): string | undefined {
  if (outcome.cancelled) return 'the run was cancelled';
  if (outcome.failures.length > 0 || outcome.failed.length > 0) return 'not every image was confirmed';
  if (outcome.counts.skipped > 0) return skippedWords(outcome.counts.skipped);
  return undefined;
}

/** Why a run that skipped changed images is not fresh, within a deployment status's 140 characters. */
export function skippedWords(skipped: number): string {
  // Whether url-map or the map learned from site left them: the record is the same for both.
  return `${plural(skipped, 'changed image')} skipped (not mapped to a URL)`;
}

/** What the log says of skipped images the record keeps as owed. */
export const SKIPPED_OWED =
  'The skipped images are owed, not fresh: the record keeps their commits, and a run that maps them (url-map, or ' +
  'the map learned from site) invalidates them; until then every run compares their commits again. Images the ' +
  "site does not serve are left out with a '!' line in paths.";

/** What a record of a fresh commit says of the run, within a deployment status's 140 characters. */
export function freshWords(counts: Pick<Counts, 'invalidated'>): string {
  const { invalidated } = counts;
  return invalidated === 0
    ? 'Images fresh: no image to invalidate'
    : `Images fresh: ${plural(invalidated, 'image')} invalidated`;
}
