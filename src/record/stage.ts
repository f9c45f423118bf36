import { FAILURES_NAMED } from '../shown/format.ts';
import type { Outcome } from '../outcome/outcome.ts';
import type { Stage } from '../plan/stage.ts';
import { tellRecord } from './told.ts';
import { firstOf, plural } from '../shown/format.ts';
import type { RunContext } from '../plan/stage.ts';
import type { PendingRecord, RunPlan } from '../plan/run-plan.ts';
import {
  caughtUpByNextRun,
  caughtUpByReRun,
  NO_CATCH_UP,
  type LeftStale,
  type RecordResult,
} from './record.ts';

export type { RecordResult } from './record.ts';

/**
 * The record stage: the run's deployment on its target (fresh, or what it owes) unless it is a dry run or its head
 * was fresh already; and a failed or cancelled run names the images it left stale and how they will be caught up, as
 * the record's state allows.
 */
export const recordStage = {
  name: 'record',
  slice: (plan: RunPlan): PendingRecord | undefined => plan.record,
  run: record,
  tell: tellRecord,
} as const satisfies Stage<
  'record',
  PendingRecord | undefined,
  { readonly outcome: Outcome },
  RecordResult | undefined
>;

async function record(
  pending: PendingRecord | undefined,
  { outcome }: { readonly outcome: Outcome },
  { log }: Pick<RunContext, 'log'>,
): Promise<RecordResult | undefined> {
  if (outcome.dryRun) {
    if (pending?.state === 'write') log.info('Nothing recorded, since a dry run invalidates nothing.');
    return pending === undefined
      ? undefined
      : { state: 'not-recorded', reason: 'a dry run invalidates nothing' };
  }
  const result = await written(pending, outcome, log);
  if (outcome.failed.length === 0) return result;
  const left = { images: outcome.failed, caughtUpBy: caughtUpBy(pending, result) };
  tellLeft(left, log);
  return result === undefined
    ? { state: 'not-recorded', reason: 'catch-up is off', left }
    : { ...result, left };
}

async function written(
  pending: PendingRecord | undefined,
  outcome: Outcome,
  log: RunContext['log'],
): Promise<RecordResult | undefined> {
  if (pending === undefined) return undefined;
  switch (pending.state) {
    case 'off':
      // Said as a warning when the record could not be read.
      return { state: 'not-recorded', reason: `catch-up is off: ${pending.why}` };
    case 'write':
      if (pending.freshAlready)
        return { state: 'fresh-already', commit: pending.head, target: pending.target };
      // Loaded by a run that writes the record.
      return (await import('./write.ts')).writeTargetRecord(pending, outcome, log);
  }
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
