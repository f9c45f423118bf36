import { countsOf, failuresOf, type Report } from '../run/report.ts';
import { plural } from '../format.ts';

/** The result, in a few lines, for standard output. */
export function resultText(report: Report): string {
  const lines: string[] = [];
  const invalidation = report.plan.invalidation;
  const counts = countsOf(report);
  if (report.dryRun) lines.push('Dry run: nothing was sent.');
  if (invalidation.scope === 'assets' && invalidation.files !== undefined) {
    const files = invalidation.files;
    lines.push(
      `Changed files (${files.source}): ${files.found} found, ${files.selected} selected, ${files.mapped} mapped, ` +
        `${files.unmapped.length} skipped.`,
    );
  }
  if (invalidation.scope === 'assets') {
    lines.push(
      report.dryRun
        ? `Would invalidate ${plural(counts.assets, 'asset')} in ${plural(invalidation.batches.length, 'call')}.`
        : `Invalidated ${counts.invalidated} of ${plural(counts.assets, 'asset')} in ${plural(counts.requests, 'call')}.`,
    );
  } else if (invalidation.scope !== 'none') {
    const what = invalidation.scope === 'all' ? 'every image' : `every image of ${invalidation.domain}`;
    const failed = failuresOf(report).length > 0;
    lines.push(
      `${report.dryRun ? 'Would invalidate' : failed ? 'Did not invalidate' : 'Invalidated'} ${what}.`,
    );
  }
  const token = report.result?.token;
  if (token !== undefined) lines.push(`Token: ${token}`, `Cache buster: cb:${token}`);
  const rewrite = report.rewrite;
  if (rewrite !== undefined) {
    const verb = report.dryRun ? 'Would rewrite' : 'Rewrote';
    lines.push(`${verb} ${plural(rewrite.urls, 'image URL')} in ${plural(rewrite.files.length, 'file')}.`);
  }
  for (const failure of failuresOf(report)) lines.push(`Failed: ${failure}`);
  return `${lines.join('\n')}\n`;
}
