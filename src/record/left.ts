/** What a failed or cancelled run left stale: each image not confirmed, and how the record lets it be caught up. */
import type { PendingRecord } from '../plan/run-plan.ts';
import type { RunContext } from '../plan/stage.ts';
import { FAILURES_NAMED, firstOf, plural } from '../shown/format.ts';
import {
  caughtUpByNextRun,
  caughtUpByReRun,
  NO_CATCH_UP,
  type LeftStale,
  type RecordResult,
} from './record.ts';

/** The record's result with the images left stale, told in the log. */
export function withLeft(
  pending: PendingRecord | undefined,
  result: RecordResult | undefined,
  images: readonly string[],
  log: RunContext['log'],
): RecordResult {
  const left = { images, caughtUpBy: caughtUpBy(pending, result) };
  tellLeft(left, log);
  return result === undefined
    ? { state: 'not-recorded', reason: 'catch-up is off', left }
    : { ...result, left };
}

/** How the images left stale get invalidated, as the record now stands. */
function caughtUpBy(pending: PendingRecord | undefined, result: RecordResult | undefined): string {
  if (pending === undefined) return caughtUpByReRun(NO_CATCH_UP);
  if (result?.state === 'recorded') return caughtUpByNextRun(result.target);
  if (pending.state === 'off') return caughtUpByReRun(`catch-up is off for this run (${pending.why})`);
  return caughtUpByReRun(
    result?.state === 'not-recorded' ? result.reason : 'the record could not be written',
  );
}

function tellLeft(left: LeftStale, log: RunContext['log']): void {
  const { shown, more } = firstOf(left.images, FAILURES_NAMED);
  log.info(`Left stale, not confirmed: ${plural(left.images.length, 'image')}. ${left.caughtUpBy}`);
  log.lines(shown.map((image) => `  ${image}`));
  if (more !== undefined) log.info(`  … ${more}: failed-file lists each one.`);
}
