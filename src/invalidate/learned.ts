/**
 * The url-map learned from the site, in the summary, the JSON report and the command's result: the rules to paste,
 * with the images each was confirmed on, and each folder not mapped with what its candidates answered.
 */
import type { LearnedFiles } from '../plan/plan.ts';
import { findingSentence, foldersCounted, pasteLines, triedLines } from '../plan/learned-words.ts';
import { ruleLine } from '../settings/url-map.ts';
import { firstOf } from '../shown/format.ts';
import { markdownCodeBlock, markdownText } from '../shown/shown.ts';

/** Folders told one by one at most; the JSON report lists every one. */
const MAX_FOLDERS_TOLD = 20;

/** The learned map in each voice of the invalidation that tells it. */
export interface LearnedTold {
  readonly section: () => string[];
  readonly text: () => string[];
  readonly json: () => Record<string, unknown>;
}

export function tellLearned(learned: LearnedFiles): LearnedTold {
  return {
    section: () => learnedSection(learned),
    text: () => learnedText(learned),
    json: () => learnedJson(learned),
  };
}

/** The summary's section: the rules as a block to paste, then each folder that is not mapped by them. */
export function learnedSection(learned: LearnedFiles): string[] {
  const { map, rules } = learned;
  // No changed image to learn a folder of: nothing learned, nothing to say.
  if (map.folders.length === 0) return [];
  const lines = [`### url-map learned from ${markdownText(map.site)}`, '', `${foldersCounted(map)}.`, ''];
  if (rules.length > 0) {
    lines.push('Paste it as `url-map` to keep it:', '', ...markdownCodeBlock(pasteLines(rules)), '');
  }
  const { shown, more } = firstOf(
    map.folders.filter((finding) => finding.kind !== 'learned'),
    MAX_FOLDERS_TOLD,
  );
  for (const finding of shown) {
    lines.push(`- ${markdownText(findingSentence(finding))}`);
    lines.push(...triedLines(finding).map((line) => `  - ${markdownText(line.trim())}`));
  }
  if (more !== undefined) lines.push(`- … ${more}: the JSON report lists each one.`);
  if (map.cutShort !== undefined)
    lines.push('', `**Warning:** some folders were ${markdownText(map.cutShort)}.`);
  lines.push('');
  return lines;
}

/** The command's lines: the rules to paste, then each folder not mapped, in a sentence. */
export function learnedText(learned: LearnedFiles): string[] {
  const { map, rules } = learned;
  if (map.folders.length === 0) return [];
  const lines = [`url-map learned from ${map.site}: ${foldersCounted(map)}.`];
  if (rules.length > 0) lines.push(...pasteLines(rules).map((line) => `  ${line}`));
  const { shown, more } = firstOf(
    map.folders.filter((finding) => finding.kind !== 'learned'),
    MAX_FOLDERS_TOLD,
  );
  for (const finding of shown) lines.push(findingSentence(finding), ...triedLines(finding));
  if (more !== undefined) lines.push(`… ${more}: --json lists each one.`);
  return lines;
}

/** The JSON report's `learned`: the rules as url-map lines, and every folder with what its candidates answered. */
export function learnedJson(learned: LearnedFiles): Record<string, unknown> {
  const { map, rules } = learned;
  return {
    site: map.site,
    rules: rules.map(({ rule, images, folders }) => ({ rule: ruleLine(rule), images, folders })),
    needNone: learned.needNone,
    cutShort: map.cutShort,
    folders: map.folders.map((finding) => ({
      folder: finding.folder,
      state: finding.kind,
      ...(finding.kind === 'learned' ? { rule: ruleLine(finding.candidate) } : {}),
      ...(finding.kind === 'unmapped' ? { why: finding.why } : {}),
      ...(finding.kind === 'fingerprinted' ? { bundler: finding.bundler } : { tried: finding.tried }),
    })),
  };
}
