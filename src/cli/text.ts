import type { Report } from '../report/report.ts';
import { moreFailuresWords } from '../outcome/outcome.ts';

/** The result, in a few lines, for standard output: each stage's lines, with the same facts, words and caps as the job summary. */
export function resultText(report: Report): string {
  const { outcome } = report;
  const lines: string[] = [];
  if (outcome.dryRun) lines.push('Dry run: nothing was sent.');
  if (outcome.cancelled) lines.push('Cancelled: no call started after the signal.');
  for (const told of report.told) lines.push(...told.text());
  for (const failure of outcome.namedFailures.shown) lines.push(`Failed: ${failure}`);
  const more = moreFailuresWords(outcome.namedFailures, '--json');
  if (more !== undefined) lines.push(more);
  return `${lines.join('\n')}\n`;
}
