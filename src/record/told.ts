/** What the run did with its target's record, in every voice: its lines of the summary. */
import { short } from '../domain/range.ts';
import { unhandled } from '../mechanics/exhaustive.ts';
import { SILENT, type Told } from '../plan/stage.ts';
import { FAILURES_NAMED, firstOf, plural } from '../shown/format.ts';
import { markdownRef, markdownText } from '../shown/shown.ts';
import type { LeftStale, RecordResult } from './record.ts';

export function tellRecord(record: RecordResult): Told {
  return {
    ...SILENT,
    summary: () => {
      const lines = [recordLine(record)];
      if (record.left !== undefined) lines.push('', ...leftSection(record.left));
      return lines;
    },
  };
}

/** What the run did with its target's record, in one line: which commit it recorded fresh, or why none. */
function recordLine(record: RecordResult): string {
  switch (record.state) {
    case 'recorded':
      return record.fresh
        ? `**Record:** \`${short(record.commit)}\` recorded fresh on ${markdownText(`'${record.target}'`)}.`
        : `**Record:** what \`${short(record.commit)}\` left stale is kept on ${markdownText(`'${record.target}'`)}, for ` +
            (record.skipped === undefined || record.skipped === 0
              ? 'the next run.'
              : `the next run; the ${plural(record.skipped, 'skipped image')} once mapped (\`url-map\` or \`site\`) or left out of \`paths\`.`);
    case 'fresh-already':
      return `**Record:** \`${short(record.commit)}\` was recorded fresh on ${markdownText(`'${record.target}'`)} already.`;
    case 'not-recorded':
      return `**Record:** none written, so the next run cannot know what this one did: ${withCode(record.reason)}.`;
    default:
      return unhandled(record);
  }
}

/** The images a failed or cancelled run left stale, and how they will be caught up. */
function leftSection(left: LeftStale): string[] {
  const { shown, more } = firstOf(left.images, FAILURES_NAMED);
  const lines = ['### Left stale', '', markdownText(left.caughtUpBy), ''];
  lines.push(...shown.map((image) => `- ${markdownRef(image)}`));
  if (more !== undefined) lines.push(`- … ${more}: \`failed-file\` lists each one`);
  return lines;
}

/**
 * Text with the code spans the action's own words hold (`permissions: { … }`) as code GitHub renders, the rest inert:
 * a span holding anything but plain words and punctuation is shown as text.
 */
function withCode(text: string): string {
  return text
    .split(/`([^`\n]+)`/)
    .map((part, index) =>
      index % 2 === 1 && /^[\w{}:,.\- ]+$/.test(part)
        ? `\`${part}\``
        : markdownText(index % 2 === 1 ? `\`${part}\`` : part),
    )
    .join('');
}
