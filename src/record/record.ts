import { short } from '../domain/range.ts';
import type { Outcome } from '../outcome/outcome.ts';
import type { Log } from '../shown/log.ts';
import { plural } from '../shown/format.ts';
import { writeRecord, type Writer } from '../github/deployments.ts';
import { PERMISSION_LINES, recordProblem } from '../github/record-words.ts';
import { payloadOf } from '../domain/memory.ts';
import type { Counts } from '../invalidate/stage.ts';
import type { PendingRecord } from '../plan/run-plan.ts';

/** What the run did with its target's record. */
export type RecordResult =
  /** Written: `fresh` when the run made its head fresh, else what it owes, for the next run to cover. */
  | {
      readonly state: 'recorded';
      readonly fresh: boolean;
      readonly commit: string;
      readonly target: string;
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

/** How long a cancelled run may take to record what it owes, its two requests in all. */
const CANCELLED_WRITE_MS = 3_000;

/** The next run covers what this one owes: its record says so. */
export function caughtUpByNextRun(target: string): string {
  return (
    `The next run on this target invalidates them too: the record ('${target}') keeps what this run owes. A ` +
    're-run of this job invalidates them now.'
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
 * Why the run cannot say its head is fresh, or undefined when every image it planned was confirmed and nothing failed
 * after (a rewrite).
 */
export function whyNotFresh(outcome: Outcome): string | undefined {
  if (outcome.cancelled) return 'the run was cancelled';
  if (outcome.failures.length > 0 || outcome.failed.length > 0) return 'not every image was confirmed';
  return undefined;
}

/**
 * Writes the run's deployment on its target: `success` when it made its head fresh, else `failure` with what it
 * owes. A refusal is one warning, and the run goes on: the images were invalidated all the same.
 */
export async function writeTargetRecord(
  pending: Extract<PendingRecord, { state: 'write' }>,
  outcome: Outcome,
  log: Log,
): Promise<RecordResult> {
  const notFresh = whyNotFresh(outcome) ?? pending.unconfirmed;
  const fresh = notFresh === undefined;
  const commit = short(pending.head);
  // A cancelled run still records what it owes, past the cancel: the runner ends the step 7.5 s after it, so the
  // write is bounded well within that.
  const store = outcome.cancelled
    ? {
        ...pending.store,
        signal: AbortSignal.timeout(CANCELLED_WRITE_MS),
        timeoutMs: Math.min(pending.store.timeoutMs, CANCELLED_WRITE_MS),
      }
    : pending.store;
  try {
    const wrote = await writeRecord(store, {
      environment: pending.target,
      sha: pending.head,
      state: fresh ? 'success' : 'failure',
      description: fresh ? freshWords(outcome.counts) : `Images not all fresh: ${notFresh}`,
      payload: payloadOf(pending.memory, pending.spans, !fresh),
      logUrl: pending.runUrl,
    });
    if (wrote !== undefined && !sameWriter(wrote, pending.writer)) {
      // Written, but where no run will read it: as good as no record for the words a failed run says.
      const why = otherWriter(wrote, pending.writer);
      log.warning(why);
      return { state: 'not-recorded', reason: why };
    }
    log.info(
      fresh
        ? `Recorded ${commit} fresh on '${pending.target}'.`
        : `Recorded on '${pending.target}' that ${commit} is not all fresh (${notFresh}): the next run covers ` +
            `${plural(pending.spans.length, 'span')} of commits it owes.`,
    );
    return { state: 'recorded', fresh, commit: pending.head, target: pending.target };
  } catch (error) {
    const why = recordProblem(error, 'write');
    log.warning(
      `The record of '${pending.target}' was not written: ${why}. The images were invalidated all the same, but ` +
        `the next run cannot know that ${commit} ${fresh ? 'is fresh' : 'left images stale'}.`,
    );
    return { state: 'not-recorded', reason: `the record could not be written (${why})` };
  }
}

function sameWriter(a: Writer, b: Writer): boolean {
  return a.login === b.login && (a.id === undefined || b.id === undefined || a.id === b.id);
}

function otherWriter(wrote: Writer, trusted: Writer): string {
  return (
    `the record was written as ${wrote.login}, but runs read only records written as ${trusted.login}, the ` +
    "identity this token was taken for, so the next run will not read it; pass the workflow's own token " +
    '(github-token: ${{ github.token }}, the default), or a personal token, whose owner GitHub names'
  );
}

/**
 * What a record of a fresh commit says of the run, within a deployment status's 140 characters: how many images were
 * invalidated, and how many changed images were skipped; "no image to invalidate" only when none was skipped.
 */
export function freshWords(counts: Pick<Counts, 'invalidated' | 'skipped'>): string {
  const { invalidated, skipped } = counts;
  if (skipped === 0) {
    return invalidated === 0
      ? 'Images fresh: no image to invalidate'
      : `Images fresh: ${plural(invalidated, 'image')} invalidated`;
  }
  const done = invalidated === 0 ? 'none' : plural(invalidated, 'image');
  return (
    `Images fresh: ${done} invalidated, ${plural(skipped, 'changed image')} skipped ` +
    `(no url-map rule maps ${skipped === 1 ? 'it' : 'them'})`
  );
}
