/** The invalidation's lines of the command's result: the same facts, words and caps as the job summary. */
import { plannedCalls } from '../plan/plan.ts';
import { unhandled } from '../mechanics/exhaustive.ts';
import { callsWords, notInvalidatedWords, originWords } from './facts.ts';
import { fileCounts, listedRefs, mergedSentence, nothingToInvalidate } from './wording.ts';
import { count, plural } from '../shown/format.ts';
import { callListing, callWords } from '../domain/call-words.ts';
import type { Invalidated } from './invalidated.ts';
import type { LearnedTold } from './learned.ts';

/** The URLs a run that sent lists on standard output; past them, a count and --json, which lists every one. */
export const MAX_LISTED_URLS = 50;

/** The changed files, what was invalidated (or would be), each URL, the token and how the origins went. */
export function invalidationText(inv: Invalidated, learned: LearnedTold | undefined): string[] {
  const lines: string[] = [];
  const { plan, outcome } = inv;
  if (plan.files !== undefined)
    lines.push(`Changed files (${plan.files.source}): ${fileCounts(plan.files, 'brief')}.`);
  if (learned !== undefined) lines.push(...learned.text());
  if (plan.merged !== undefined) lines.push(mergedSentence(plan.merged));
  lines.push(...invalidationLines(inv));
  if (inv.dryRun) lines.push(...callListing(plannedCalls(plan)));
  // What the service confirmed, one a line, as the dry run lists what it would send.
  else lines.push(...listedRefs(outcome.invalidated, MAX_LISTED_URLS, '--json'));
  const { token } = outcome;
  if (token !== undefined) lines.push(`Token: ${token}`, `Cache buster: cb:${token}`);
  if (outcome.origin !== undefined) lines.push(`Origin check: ${originWords(outcome.origin)}.`);
  return lines;
}

/**
 * What was invalidated: counted by assets for scope `assets`; for a scope sent whole, its call's subject; for
 * `none`, nothing. A scope added to `SCOPES` fails to compile here until it says which.
 */
function invalidationLines(inv: Invalidated): string[] {
  const { plan, outcome } = inv;
  const { counts } = outcome;
  const [first] = plan.calls;
  switch (plan.scope) {
    case 'assets': {
      // The log's notice, with its reason, in place of "0 of 0 assets in 0 calls".
      if (counts.assets === 0) return [nothingToInvalidate(plan.files)];
      const lines = [
        inv.dryRun
          ? `Would invalidate ${plural(counts.assets, 'asset')} in ${plural(plan.calls.length, 'call')}.`
          : counts.requests === 0 && counts.invalidated === 0
            ? `Invalidated none of ${plural(counts.assets, 'asset')}: no invalidation call was sent${counts.tokenCalls > 0 ? ', only the token call' : ''}.`
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
      const verb = inv.dryRun ? 'Would invalidate' : landed ? 'Invalidated' : 'Did not invalidate';
      return [`${verb} ${callWords(first).subject}.`];
    }
    default:
      return unhandled(plan.scope);
  }
}
