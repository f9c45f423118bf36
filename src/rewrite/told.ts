/** What the rewrite did, in every voice: a failure, its section of the summary, its line, its JSON. */
import { unhandled } from '../mechanics/exhaustive.ts';
import { SILENT, type Told } from '../plan/stage.ts';
import { firstOf } from '../shown/format.ts';
import { markdownRef, markdownText } from '../shown/shown.ts';
import { rewriteSentence, type Rewritten, type RewriteResult } from './result.ts';

const MAX_NAMED_FILES = 20;

/** What a rewrite that ran did: the face tells nothing of one that was skipped. */
export function tellRewrite(rewritten: Exclude<Rewritten, { readonly state: 'skipped' }>): Told {
  switch (rewritten.state) {
    case 'failed':
      // The invalidation and the token have landed: the report keeps them, and says what failed after.
      return { ...SILENT, failures: [rewritten.error] };
    case 'rewritten': {
      const { result, preview } = rewritten;
      return {
        ...SILENT,
        summary: () => rewriteSection(result, preview),
        json: () => ({ rewrite: result }),
        text: () => [rewriteSentence(result, preview, true)],
      };
    }
    default:
      return unhandled(rewritten);
  }
}

function rewriteSection(rewrite: RewriteResult, dryRun: boolean): string[] {
  const lines = ['### Rewritten files', '', rewriteSentence(rewrite, dryRun)];
  const perImage = rewrite.files.flatMap((file) =>
    Object.entries(file.cacheBusters ?? {}).map(([url, value]) => ({ path: file.path, url, value })),
  );
  if (perImage.length > 0) {
    const { shown, more } = firstOf(perImage, MAX_NAMED_FILES * 5);
    lines.push('', '| File | Image | Cache buster |', '|---|---|---|');
    for (const row of shown)
      lines.push(`| ${markdownText(row.path)} | ${markdownRef(row.url)} | cb:${markdownText(row.value)} |`);
    if (more !== undefined) lines.push(`| … ${more} | | |`);
  } else if (rewrite.files.length > 0) {
    const { shown, more } = firstOf(rewrite.files, MAX_NAMED_FILES);
    lines.push('', '| File | URLs |', '|---|---|');
    for (const file of shown) lines.push(`| ${markdownText(file.path)} | ${file.urls} |`);
    if (more !== undefined) lines.push(`| … ${more} | |`);
  }
  const kept = rewrite.notRewritten ?? [];
  if (kept.length > 0) {
    const { shown, more } = firstOf(kept, MAX_NAMED_FILES);
    lines.push('', 'Invalidated, but their URLs kept their cache buster:', '');
    lines.push(...shown.map((entry) => `- ${markdownRef(entry.ref)}: ${markdownText(entry.reason)}`));
    if (more !== undefined) lines.push(`- … ${more}`);
  }
  return lines;
}
