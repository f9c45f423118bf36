import { countsOf, failuresOf, type Report } from '../run/report.ts';
import { callListing, callWords, fileCounts, mergedSentence, plural, rewriteSentence } from '../wording.ts';

/** The result, in a few lines, for standard output. */
export function resultText(report: Report): string {
  const lines: string[] = [];
  const { plan } = report;
  const counts = countsOf(report);
  if (report.dryRun) lines.push('Dry run: nothing was sent.');
  if (plan.files !== undefined)
    lines.push(`Changed files (${plan.files.source}): ${fileCounts(plan.files, 'brief')}.`);
  if (plan.merged !== undefined) lines.push(mergedSentence(plan.merged));
  const invalidations = plan.calls.filter((call) => call.route !== 'token');
  const [first] = invalidations;
  if (plan.scope === 'assets') {
    lines.push(
      report.dryRun
        ? `Would invalidate ${plural(counts.assets, 'asset')} in ${plural(invalidations.length, 'call')}.`
        : `Invalidated ${counts.invalidated} of ${plural(counts.assets, 'asset')} in ${plural(counts.requests, 'call')}.`,
    );
  } else if (first !== undefined) {
    const failed = failuresOf(report).length > 0;
    const verb = report.dryRun ? 'Would invalidate' : failed ? 'Did not invalidate' : 'Invalidated';
    lines.push(`${verb} ${callWords(first).subject}.`);
  }
  if (report.dryRun) lines.push(...callListing(plan.calls));
  const token = report.result?.token;
  if (token !== undefined) lines.push(`Token: ${token}`, `Cache buster: cb:${token}`);
  if (report.rewrite !== undefined) lines.push(rewriteSentence(report.rewrite, report.dryRun, true));
  for (const failure of failuresOf(report)) lines.push(`Failed: ${failure}`);
  return `${lines.join('\n')}\n`;
}
