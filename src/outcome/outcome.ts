/**
 * What the run did, computed once from what its stages returned: the invalidation's facts, and the failures of every
 * stage. The record, the log's closing lines, the outputs, the summary, the JSON report and the command read it.
 */
import type { Outcome } from '../invalidate/stage.ts';
import { FAILURES_NAMED, named, plural, type Named } from '../shown/format.ts';
import { toldBy, type Ran } from './stages.ts';

export type { Outcome } from '../invalidate/stage.ts';

/** The run's outcome: a cancel that came after the calls (while rewriting) makes a cancelled run all the same. */
export async function runOutcome(ran: Ran, cancelled: boolean): Promise<Outcome> {
  const landed = ran.invalidate.outcome;
  const failures = (await toldBy(ran, { cancelled })).flatMap((told) => told.failures);
  return {
    ...landed,
    cancelled: cancelled || landed.cancelled,
    failures,
    namedFailures: named(failures, FAILURES_NAMED),
  };
}

/** The outcome with failures told after it was computed (the record's, which runs after it). */
export function withFailures(outcome: Outcome, more: readonly string[]): Outcome {
  if (more.length === 0) return outcome;
  const failures = [...outcome.failures, ...more];
  return { ...outcome, failures, namedFailures: named(failures, FAILURES_NAMED) };
}

/** `… and 3 more failures: the JSON report (output report-path) lists each one.`, or undefined when none is left. */
export function moreFailuresWords(failures: Named<string>, report: string): string | undefined {
  if (failures.more === 0) return undefined;
  return `… and ${plural(failures.more, 'more failure')}: the JSON report (${report}) lists each one.`;
}
