import { commitOf, type RunGit } from '../mechanics/git.ts';
import { FAILURES_NAMED } from '../shown/format.ts';
import type { Outcome } from '../outcome/outcome.ts';
import { firstOf, plural } from '../shown/format.ts';
import type { RunContext } from '../plan/stage.ts';
import type { PendingRecord } from '../plan/run-plan.ts';
import { caughtUpBy, recordFresh, whyNotRecorded, type RecordResult } from './record.ts';

/**
 * The record stage: a commit status on the head when the run confirmed every image it planned; else nothing, and
 * a failed or cancelled run names the images it left stale and how they will be caught up.
 */
export async function recordStage(
  pending: PendingRecord | undefined,
  { outcome }: { readonly outcome: Outcome },
  { log }: Pick<RunContext, 'log'>,
): Promise<RecordResult | undefined> {
  const why = whyNotRecorded(outcome);
  if (why !== undefined) {
    if (outcome.failed.length === 0) {
      if (pending !== undefined) log.info(`No commit recorded fresh, since ${why}.`);
      return pending === undefined ? undefined : { state: 'not-recorded', reason: why };
    }
    // A pending record, written or not, means catch-up is on for this branch: the next green run catches up.
    const left = { images: outcome.failed, caughtUpBy: caughtUpBy(pending !== undefined) };
    const { shown, more } = firstOf(left.images, FAILURES_NAMED);
    log.info(`Left stale, not confirmed: ${plural(left.images.length, 'image')}. ${left.caughtUpBy}`);
    log.lines(shown.map((image) => `  ${image}`));
    if (more !== undefined) log.info(`  … ${more}: failed-file lists each one.`);
    return { state: 'not-recorded', reason: why, left };
  }
  if (pending === undefined) return undefined;
  // Said already, when the changes were detected.
  if (pending.unrecordable !== undefined) return { state: 'not-recorded', reason: pending.unrecordable };
  const commit = await headCommit(pending.range.head, pending.git);
  if (commit === undefined) {
    log.info(
      `No commit recorded fresh: ${pending.range.head} is not a commit the checkout or the event names.`,
    );
    return { state: 'not-recorded', reason: 'no commit' };
  }
  return recordFresh(
    {
      store: {
        apiUrl: pending.place.apiUrl,
        repository: pending.place.repository,
        token: pending.place.token,
        timeoutMs: pending.timeoutMs,
        signal: pending.signal,
      },
      commit,
      context: pending.context,
      runUrl: pending.place.runUrl,
    },
    outcome,
    log,
  );
}

/** The head's full SHA: from git, or as the event named it when there is no checkout. */
async function headCommit(head: string, git: RunGit): Promise<string | undefined> {
  try {
    return await commitOf(head, git);
  } catch {
    return /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(head) ? head : undefined;
  }
}
