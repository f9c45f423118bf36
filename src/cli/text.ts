import { plannedCalls } from '../plan/plan.ts';
import { unhandled } from '../mechanics/exhaustive.ts';
import type { Report } from '../report/report.ts';
import { callsWords, moreFailuresWords, notInvalidatedWords, originWords } from '../outcome/facts.ts';
import { proofWords } from '../proof/facts.ts';
import { warmWords } from '../warm/words.ts';
import { fileCounts, listedRefs, mergedSentence } from '../outcome/wording.ts';
import { count, plural } from '../shown/format.ts';
import { rewriteSentence } from '../rewrite/result.ts';
import { callListing, callWords } from '../domain/call-words.ts';

/** The URLs a run that sent lists on standard output; past them, a count and --json, which lists every one. */
export const MAX_LISTED_URLS = 50;

/** The result, in a few lines, for standard output: the same facts, words and caps as the job summary. */
export function resultText(report: Report): string {
  const lines: string[] = [];
  const { plan, outcome } = report;
  if (report.dryRun) lines.push('Dry run: nothing was sent.');
  if (outcome.cancelled) lines.push('Cancelled: no call started after the signal.');
  if (plan.files !== undefined)
    lines.push(`Changed files (${plan.files.source}): ${fileCounts(plan.files, 'brief')}.`);
  if (plan.merged !== undefined) lines.push(mergedSentence(plan.merged));
  lines.push(...invalidationLines(report));
  if (report.dryRun) lines.push(...callListing(plannedCalls(plan)));
  // What the service confirmed, one a line, as the dry run lists what it would send.
  else lines.push(...listedRefs(report.outcome.invalidated, MAX_LISTED_URLS, '--json'));
  const { token } = outcome;
  if (token !== undefined) lines.push(`Token: ${token}`, `Cache buster: cb:${token}`);
  if (outcome.origin !== undefined) lines.push(`Origin check: ${originWords(outcome.origin)}.`);
  if (report.rewrite !== undefined) lines.push(rewriteSentence(report.rewrite, report.dryRun, true));
  if (report.warm !== undefined) lines.push(`Warm-up: ${warmWords(report.warm)}.`);
  if (report.proof !== undefined) lines.push(`Verify: ${proofWords(report.proof.facts)}.`);
  for (const failure of outcome.namedFailures.shown) lines.push(`Failed: ${failure}`);
  const more = moreFailuresWords(outcome.namedFailures, '--json');
  if (more !== undefined) lines.push(more);
  return `${lines.join('\n')}\n`;
}

/**
 * What was invalidated: counted by assets for scope `assets`; for a scope sent whole, its call's subject; for
 * `none`, nothing. A scope
 * added to `SCOPES` fails to compile here until it says which.
 */
function invalidationLines(report: Report): string[] {
  const { plan, outcome } = report;
  const { counts } = outcome;
  const [first] = plan.calls;
  switch (plan.scope) {
    case 'assets': {
      const lines = [
        report.dryRun
          ? `Would invalidate ${plural(counts.assets, 'asset')} in ${plural(plan.calls.length, 'call')}.`
          : `Invalidated ${count(counts.invalidated)} of ${plural(counts.assets, 'asset')} in ${callsWords(counts, false)}.`,
      ];
      if (counts.notInvalidated > 0) lines.push(`Not invalidated: ${notInvalidatedWords(counts)}.`);
      return lines;
    }
    case 'none': // sends no invalidation
      return [];
    case 'domain':
    case 'all': {
      if (first === undefined) return [];
      const landed = outcome.calls.some((record) => record.outcome === 'confirmed');
      const verb = report.dryRun ? 'Would invalidate' : landed ? 'Invalidated' : 'Did not invalidate';
      return [`${verb} ${callWords(first).subject}.`];
    }
    default:
      return unhandled(plan.scope);
  }
}
