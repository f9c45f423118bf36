/**
 * Writing the record: loaded by a run that writes one (a branch's run with catch-up on that was not fresh already).
 */
import { short } from '../domain/range.ts';
import type { Outcome } from '../outcome/outcome.ts';
import type { Log } from '../shown/log.ts';
import { counted, plural } from '../shown/format.ts';
import { writeRecord } from '../github/deployments.ts';
import { recordProblem } from '../github/record-words.ts';
import { RECORD_KEY, recordBody } from '../domain/memory.ts';
import { provenBody } from '../domain/record-proof.ts';
import type { PendingRecord } from '../plan/run-plan.ts';
import { freshWords, SKIPPED_OWED, whyNotFresh, type RecordResult } from './record.ts';

/** How long a cancelled run may take to record what it owes, its two requests in all. */
const CANCELLED_WRITE_MS = 3_000;

/**
 * Writes the run's deployment on its target: `success` when it made its head fresh, else `failure` with what it
 * owes. A refusal is one warning, and the run goes on: what it invalidated stays invalidated.
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
    const environment = pending.target;
    const state = fresh ? 'success' : 'failure';
    const body = recordBody(pending.memory, pending.spans, !fresh);
    await writeRecord(store, {
      environment,
      sha: pending.head,
      state,
      description: fresh ? freshWords(outcome.counts) : `Images not all fresh: ${notFresh}`,
      payload: { [RECORD_KEY]: provenBody(pending.proof, { environment, sha: pending.head, state, body }) },
      logUrl: pending.runUrl,
    });
    log.info(
      fresh
        ? `Recorded ${commit} fresh on '${pending.target}'.`
        : `Recorded on '${pending.target}' that ${commit} is not all fresh (${notFresh}): the next run covers ` +
            `${plural(pending.spans.length, 'span')} of commits it owes.`,
    );
    if (outcome.counts.skipped > 0) log.info(SKIPPED_OWED);
    const skipped = outcome.counts.skipped;
    return { state: 'recorded', fresh, commit: pending.head, target: pending.target, skipped };
  } catch (error) {
    const why = recordProblem(error, 'write');
    const done =
      outcome.invalidated.length === 0
        ? 'none of its images was invalidated'
        : `${counted(outcome.invalidated.length, 'image was', 'images were')} invalidated all the same`;
    log.warning(
      `The record of '${pending.target}' was not written: ${why}. This run's ${done}, but the next run cannot ` +
        `know that ${commit} ${fresh ? 'is fresh' : 'left images stale'}.`,
    );
    return { state: 'not-recorded', reason: `the record could not be written (${why})` };
  }
}
