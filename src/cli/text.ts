import { countsOf, failuresOf, invalidatedRefs, type Report } from '../run/report.ts';
import {
  callListing,
  callWords,
  count,
  fileCounts,
  firstOf,
  mergedSentence,
  plural,
  rewriteSentence,
} from '../wording.ts';

/** The URLs a run that sent lists on standard output; past them, a count and --json, which lists every one. */
export const MAX_LISTED_URLS = 50;

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
  else lines.push(...clearedListing(report));
  const token = report.result?.token;
  if (token !== undefined) lines.push(`Token: ${token}`, `Cache buster: cb:${token}`);
  if (report.rewrite !== undefined) lines.push(rewriteSentence(report.rewrite, report.dryRun, true));
  for (const failure of failuresOf(report)) lines.push(`Failed: ${failure}`);
  return `${lines.join('\n')}\n`;
}

/** What the service confirmed, one a line, as the dry run lists what it would send. */
function clearedListing(report: Report): string[] {
  const refs = invalidatedRefs(report.plan, report.result);
  const { shown } = firstOf(refs, MAX_LISTED_URLS);
  const lines = shown.map((ref) => `  ${ref}`);
  if (refs.length > shown.length)
    lines.push(`  … and ${count(refs.length - shown.length)} more: --json lists every one.`);
  return lines;
}
