/** The log's closing lines, once the run's files are written: what each stage says last, then each failure. */
import type { ListedIn } from '../plan/stage.ts';
import type { Log } from '../shown/log.ts';
import { moreFailuresWords } from '../outcome/outcome.ts';
import type { Report } from './report.ts';

export function tellClosing(log: Log, report: Report, listedIn: ListedIn): void {
  for (const told of report.told) told.closing(log, listedIn);
  // Each failure the outcome names, once, as an error (an outage fails every call).
  const { namedFailures } = report.outcome;
  for (const failure of namedFailures.shown) log.error(failure);
  const more = moreFailuresWords(namedFailures, 'output report-path');
  if (more !== undefined) log.error(more);
}
