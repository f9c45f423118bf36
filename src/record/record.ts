import { short } from '../github/api.ts';
import type { Outcome } from '../outcome/outcome.ts';
import type { Log } from '../shown/log.ts';
import { plural } from '../shown/format.ts';
import { statusProblem, writeFreshStatus, type StatusStore } from '../github/statuses.ts';

/** What a green run records: a `success` status with this context on the commit whose images are now fresh. */
export interface RecordRequest {
  readonly store: StatusStore;
  /** The full SHA of the head the run compared. */
  readonly commit: string;
  readonly context: string;
  /** The run's page, GITHUB_SERVER_URL/GITHUB_REPOSITORY/actions/runs/GITHUB_RUN_ID. */
  readonly runUrl?: string | undefined;
}

export type RecordResult =
  | { readonly state: 'recorded'; readonly commit: string; readonly context: string }
  | { readonly state: 'not-recorded'; readonly reason: string; readonly left?: LeftStale };

/** What a failed or cancelled run leaves stale: each image not confirmed, and how it will be caught up. */
export interface LeftStale {
  readonly images: readonly string[];
  /** A sentence: the next run on the branch, or a re-run of this job. */
  readonly caughtUpBy: string;
}

/** How a run's stale images get invalidated: by catch-up on a branch's next green run, else by a re-run alone. */
export function caughtUpBy(catchUp: boolean): string {
  return catchUp
    ? 'The next green run on this branch invalidates them too, since it catches up from the last commit recorded ' +
        'fresh; a re-run of this job invalidates them now.'
    : 'A re-run of this job invalidates them; no later run will (catch-up needs a branch run in GitHub Actions ' +
        'with catch-up: true and permissions: statuses: write).';
}

/**
 * Why the run leaves no record, or undefined when every image it planned was confirmed and nothing failed after
 * (a rewrite): a failed, cancelled or dry run never says its commit is fresh.
 */
export function whyNotRecorded(outcome: Outcome): string | undefined {
  if (outcome.dryRun) return 'a dry run invalidates nothing';
  if (outcome.cancelled) return 'the run was cancelled';
  if (outcome.failures.length > 0 || outcome.failed.length > 0) return 'not every image was confirmed';
  return undefined;
}

/**
 * Sets the status. A token without `statuses: write` (403) or any other refusal is one warning, and the run goes on:
 * the images were invalidated all the same; only the next run's catch-up has less to go on.
 */
export async function recordFresh(request: RecordRequest, outcome: Outcome, log: Log): Promise<RecordResult> {
  const commit = short(request.commit);
  try {
    await writeFreshStatus(request.store, request.commit, {
      context: request.context,
      description: freshDescription(outcome.counts.invalidated),
      targetUrl: request.runUrl,
    });
    log.info(`Recorded ${commit} as fresh: commit status '${request.context}'.`);
    return { state: 'recorded', commit: request.commit, context: request.context };
  } catch (error) {
    const why = statusProblem(error, 'set');
    log.warning(
      `The commit status that records ${commit} fresh ('${request.context}') was not set: ${why}. The images ` +
        'were invalidated all the same; the next run cannot catch up from this commit.',
    );
    return { state: 'not-recorded', reason: why };
  }
}

function freshDescription(invalidated: number): string {
  return invalidated === 0
    ? 'Images fresh: no image to invalidate'
    : `Images fresh: ${plural(invalidated, 'image')} invalidated`;
}
