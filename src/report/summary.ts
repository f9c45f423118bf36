/**
 * The job summary, as Markdown: the heading, then each stage's section in the order of the list, then the failures.
 * Everything from outside (refs, server text) is escaped by the stage that shows it: no markup gets through.
 */
import { markdownText } from '../shown/shown.ts';
import { moreFailuresWords } from '../outcome/outcome.ts';
import type { Report, RunFailure } from './report.ts';

export function summaryMarkdown(report: Report, limitBytes = SUMMARY_LIMIT_BYTES): string {
  const { outcome } = report;
  const lines = [`## Image cache invalidation${heading(report)}`, ''];
  if (outcome.cancelled) lines.push(CANCELLED, '');
  for (const told of report.told) {
    const section = told.summary();
    if (section.length > 0) lines.push(...section, '');
  }
  const { shown } = outcome.namedFailures;
  if (shown.length > 0) {
    lines.push('### Failures', '', ...shown.map((failure) => `- ${markdownText(failure)}`));
    const rest = moreFailuresWords(outcome.namedFailures, 'output `report-path`');
    if (rest !== undefined) lines.push(`- ${rest}`);
  }
  return withinSummaryLimit(`${lines.join('\n').trimEnd()}\n`, limitBytes);
}

function heading(report: Report): string {
  if (report.outcome.dryRun) return ' — dry run: nothing was sent';
  return report.outcome.cancelled ? ' — cancelled' : '';
}

const CANCELLED =
  '**The run was cancelled:** no call started after the signal; what the service confirmed before it is below.';

/** GitHub refuses a step summary over 1 MiB; this leaves room for what other steps add. */
export const SUMMARY_LIMIT_BYTES = 1_000_000;
/**
 * GitHub refuses a comment over 65,536 characters; bytes are never fewer than characters, and this leaves room for
 * the marker a sticky-comment action adds.
 */
export const COMMENT_LIMIT_BYTES = 60_000;

/** The summary, cut at a line break where it would pass the limit, and saying so. */
export function withinSummaryLimit(markdown: string, limitBytes = SUMMARY_LIMIT_BYTES): string {
  if (Buffer.byteLength(markdown) <= limitBytes) return markdown;
  const note =
    '\n\n**The summary is cut here**, to stay within what GitHub shows; the JSON report lists everything.\n';
  const room = limitBytes - Buffer.byteLength(note);
  let cut = Buffer.from(markdown).subarray(0, room).toString('utf8');
  cut = cut.slice(0, cut.lastIndexOf('\n'));
  return cut + note;
}

/** The summary of a run that ended before its report: why, quoted, and whether its calls had been sent. */
export function failureMarkdown(failure: RunFailure): string {
  const lines = failure.error.split('\n').map((line) => `> ${markdownText(line)}`);
  const what = failure.sent === true ? 'The run failed after its calls were sent' : 'Nothing was sent';
  return `## Image cache invalidation\n\n${what}:\n\n${lines.join('\n')}\n`;
}
