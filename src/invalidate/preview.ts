/**
 * The preview of a run over changed files, for the job summary and a pull-request comment: each image once, with the
 * file it came from and what happened to that file, and the changed files that `paths` left out.
 */
import type { FileChange } from '../domain/changed.ts';
import { PREVIEW_ROWS, type ChangedFile } from '../plan/plan.ts';
import { count, firstOf, plural } from '../shown/format.ts';
import type { Invalidated } from './invalidated.ts';
import { markdownRef, markdownText } from '../shown/shown.ts';
import { NOT_DEPLOYED_YET, thumbnailCell, thumbnailHeader } from './thumbnail.ts';

/** The preview's section, or undefined when the run did not go through changed files. */
export function previewSection(inv: Invalidated): string[] | undefined {
  const { preview, files } = inv.plan;
  if (preview === undefined || files === undefined) return undefined;
  const fileOf = new Map(preview.images.map((image) => [image.url, image]));
  const refs = inv.outcome.touched;
  const lines: string[] = [];
  if (refs.length > 0) {
    const title = inv.dryRun ? 'Images that would be invalidated' : 'Invalidated images';
    const { shown, more } = firstOf(refs, PREVIEW_ROWS);
    const host = inv.imageHost;
    lines.push('', `### ${title}`, '');
    lines.push(
      host === undefined
        ? '| URL | File | Change |'
        : `| ${thumbnailHeader(inv.dryRun)} | URL | File | Change |`,
    );
    lines.push(host === undefined ? '|---|---|---|' : '|---|---|---|---|');
    for (const ref of shown) {
      const file = fileOf.get(ref);
      const cells = [
        markdownRef(ref),
        // The preview keeps the first images of the files in plan order; a run may invalidate them in another
        // (as their origins become ready), so a row without its file may be of `assets`, or past those kept.
        file === undefined ? '' : markdownText(file.path),
        file === undefined ? '' : changeWords(file.change),
      ];
      const picture = host === undefined ? [] : [thumbnail(host, ref, file, inv.dryRun)];
      lines.push(`| ${[...picture, ...cells].join(' | ')} |`);
    }
    if (more !== undefined) {
      lines.push('', `… ${more}: the JSON report (output \`report-path\`) lists every one.`);
    }
  }
  const leftOutCount = files.found - files.selected;
  if (leftOutCount > 0) {
    lines.push(
      '',
      `Changed files left out by \`paths\` (not images by its patterns): ${count(leftOutCount)}.`,
      '',
      ...preview.leftOut.map((file) => `- ${markdownText(file.path)}${inParentheses(file.change)}`),
    );
    if (leftOutCount > preview.leftOut.length)
      lines.push(`- … and ${plural(leftOutCount - preview.leftOut.length, 'more file')}`);
  }
  return lines;
}

/** What happened to a file, in the preview's words: added, changed, deleted, renamed from <old path>. */
export function changeWords(change: FileChange | undefined): string {
  if (change === undefined) return '';
  switch (change.status) {
    case 'added':
      return 'added';
    case 'modified':
      return 'changed';
    case 'deleted':
      return 'deleted';
    case 'renamed':
      if (change.from !== undefined) return `renamed from ${markdownText(change.from)}`;
      return change.to === undefined ? 'renamed' : `renamed to ${markdownText(change.to)}`;
  }
}

/**
 * The thumbnail of an image: what the image host serves now, as the column says; nothing for a file that is gone;
 * and before the invalidation, words for a file that the site does not serve yet.
 */
function thumbnail(host: string, ref: string, file: ChangedFile | undefined, dryRun: boolean): string {
  const change = file?.change;
  const status = change?.status;
  switch (status) {
    case undefined:
    case 'modified':
      return thumbnailCell(host, ref);
    case 'deleted':
      return '';
    case 'added':
    case 'renamed':
      if (change?.to !== undefined) return '';
      return dryRun ? NOT_DEPLOYED_YET : thumbnailCell(host, ref);
    default:
      return status satisfies never;
  }
}

function inParentheses(change: ChangedFile['change']): string {
  const words = changeWords(change);
  return words === '' ? '' : ` (${words})`;
}
