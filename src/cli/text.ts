import { plannedCalls } from '../plan.ts';
import type { Report } from '../run/report.ts';
import {
  callListing,
  callWords,
  count,
  fileCounts,
  mergedSentence,
  plural,
  rewriteSentence,
} from '../wording.ts';

/** The result, in a few lines, for standard output. */
export function resultText(report: Report): string {
  const lines: string[] = [];
  const { plan, outcome } = report;
  const { counts } = outcome;
  if (report.dryRun) lines.push('Dry run: nothing was sent.');
  if (outcome.cancelled) lines.push('Cancelled: no call started after the signal.');
  if (plan.files !== undefined)
    lines.push(`Changed files (${plan.files.source}): ${fileCounts(plan.files, 'brief')}.`);
  if (plan.merged !== undefined) lines.push(mergedSentence(plan.merged));
  const [first] = plan.calls;
  if (plan.scope === 'assets') {
    lines.push(
      report.dryRun
        ? `Would invalidate ${plural(counts.assets, 'asset')} in ${plural(plan.calls.length, 'call')}.`
        : `Invalidated ${count(counts.invalidated)} of ${plural(counts.assets, 'asset')} in ${plural(counts.requests, 'call')}.`,
    );
  } else if (first !== undefined) {
    const landed = outcome.calls.some((record) => record.outcome === 'confirmed');
    const verb = report.dryRun ? 'Would invalidate' : landed ? 'Invalidated' : 'Did not invalidate';
    lines.push(`${verb} ${callWords(first).subject}.`);
  }
  if (report.dryRun) lines.push(...callListing(plannedCalls(plan)));
  const { token } = outcome;
  if (token !== undefined) lines.push(`Token: ${token}`, `Cache buster: cb:${token}`);
  if (report.rewrite !== undefined) lines.push(rewriteSentence(report.rewrite, report.dryRun, true));
  for (const failure of outcome.failures) lines.push(`Failed: ${failure}`);
  return `${lines.join('\n')}\n`;
}
