import type { Outcome } from '../outcome/outcome.ts';
import { SILENT, type RunContext, type Stage } from '../plan/stage.ts';
import type { PendingRecord, RunPlan } from '../plan/run-plan.ts';
import type { RecordResult } from './record.ts';

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
  // Its words are loaded by a run that has a record to tell of; a chunk of their own, since a dry run tells of one
  // (not recorded) without writing it.
  tell: async (result) => (result === undefined ? SILENT : (await import('./told.ts')).tellRecord(result)),
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
  // Loaded by a run that left images stale.
  return (await import('./left.ts')).withLeft(pending, result, outcome.failed, log);
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
