/**
 * What a run says about itself, phrased once: the action's log, the job summary and the command all take their
 * sentences from here, so that the same fact reads the same everywhere.
 */
import { count, counted, firstOf, plural } from '../shown/format.ts';
import { quote } from '../shown/shown.ts';
import type { FilesPlan } from '../plan/plan.ts';

/**
 * A list of the run's references, one a line, cut to its first `max` like the failures: `… and 10 more:
 * invalidated-file lists each one.`, naming `whereAll`, which holds every one.
 */
export function listedRefs(refs: readonly string[], max: number, whereAll: string): string[] {
  const { shown, more } = firstOf(refs, max);
  const lines = shown.map((ref) => `  ${ref}`);
  if (more !== undefined) lines.push(`  … ${more}: ${whereAll} lists each one.`);
  return lines;
}

/** Entries sent once, since they were the same asset as another once in canonical form. */
export function mergedSentence(merged: number): string {
  const entries = merged === 1 ? '1 entry was' : `${count(merged)} entries were`;
  return `${entries} the same asset as another (once in canonical form: lower-case host, no default port, no fragment), and sent once.`;
}

/** Entries of `assets` given as image delivery URLs, sent as the origin image URLs they serve. */
export function deliveryUrlsSentence(count: number): string {
  const given =
    count === 1
      ? '1 asset was given as an image delivery URL: its origin image URL is invalidated'
      : `${plural(count, 'asset')} were given as image delivery URLs: their origin image URLs are invalidated`;
  return `${given}, since the service caches images by their origin URL.`;
}

/**
 * How many changed files were found, selected, mapped and skipped: in full for the log, with the inputs marked as
 * code for the summary, or brief for the command's result.
 */
export function fileCounts(files: FilesPlan, style: 'log' | 'summary' | 'brief'): string {
  const by = (words: string, input: string): string =>
    style === 'brief' ? '' : ` ${words} ${style === 'summary' ? `\`${input}\`` : input}`;
  if (files.found === 0) return style === 'log' ? 'no file found' : 'none found';
  const found = style === 'log' ? plural(files.found, 'file') : count(files.found);
  const mappedBy =
    files.learned === undefined
      ? by('to URLs by', 'url-map')
      : style === 'brief'
        ? ''
        : ` to URLs by the url-map learned from ${style === 'summary' ? '`site`' : 'site'}`;
  // Each stage after the first that left none would say 0 again: the count stops there, at "none".
  const stages = [
    [files.selected, `selected${by('by', 'paths')}`],
    [files.mapped, `mapped${mappedBy}`],
  ] as const;
  const parts = [`${found} found`];
  for (const [counted, words] of stages) {
    parts.push(`${counted === 0 ? 'none' : count(counted)} ${words}`);
    if (counted === 0) return parts.join(', ');
  }
  if (files.unmapped.length > 0) parts.push(`${count(files.unmapped.length)} skipped`);
  const needNone = files.learned?.needNone ?? 0;
  if (needNone > 0) parts.push(`${count(needNone)} need no invalidation`);
  return parts.join(', ');
}

/** The remedy for changed images the site never serves, which no map can map: else every run owes them. */
export const LEAVE_OUT =
  "Images the site does not serve (docs, tests) are left out with a '!' line in paths, e.g. !docs/**.";

/**
 * Changed images that `paths` selected and no url-map rule maps, told as a warning wherever the run speaks: they
 * were not invalidated, which a wrong url-map left side would otherwise leave unsaid in a green run.
 */
export function skippedSentence(files: FilesPlan): string | undefined {
  const skipped = files.unmapped.length;
  if (skipped === 0) return undefined;
  const { shown, more } = firstOf(files.unmapped, 20);
  const them = skipped === 1 ? 'it' : 'them';
  const why =
    files.learned === undefined
      ? `no url-map rule maps ${them}`
      : `no single URL under ${files.learned.map.site} was found to serve ${skipped === 1 ? 'its folder' : 'their folders'}, so no rule was learned for ${them}`;
  return (
    `${counted(skipped, 'changed image was', 'changed images were')} skipped: ${why} ` +
    `(${shown.map(quote).join(', ')}${more === undefined ? '' : `, ${more}`}). ${LEAVE_OUT}`
  );
}

/**
 * Why a run of scope `assets` has nothing to send, naming the stage that left nothing: no file changed, `paths`
 * selected none, or `url-map` mapped none; with the counts, the patterns or rules, and a path that did not match.
 */
export function nothingToInvalidate(files: FilesPlan | undefined): string {
  if (files === undefined) return 'Nothing to invalidate: the asset list is empty.';
  if (files.skipped !== undefined) return `Nothing to invalidate: ${files.skipped}`;
  const from = `(${files.source})`;
  if (files.found === 0) return `Nothing to invalidate: no file changed ${from}.`;
  if (files.selected === 0) {
    const { shown, more } = firstOf(files.patterns, 5);
    return (
      `Nothing to invalidate: ${plural(files.found, 'file')} changed ${from}, and paths selects none of them ` +
      `(paths: ${shown.map(quote).join(', ')}${more === undefined ? '' : `, ${more}`}).${topLevelHint(files.patterns)}`
    );
  }
  if (files.learned !== undefined) {
    const { needNone, map } = files.learned;
    // Folders not asked (origin-timeout ended, a cancel) were not seen to serve nothing: they were not seen at all.
    const seen =
      map.cutShort === undefined
        ? 'was seen to serve none of their folders'
        : `was seen to serve none of their folders it was asked for; the others were ${map.cutShort}`;
    return (
      `Nothing to invalidate: paths selects ${count(files.selected)} of the ${plural(files.found, 'changed file')} ` +
      `${from}, and the site ${map.site} ${seen}` +
      (needNone > 0 ? ` (${count(needNone)} need no invalidation)` : '') +
      '; each folder is named above, with what its candidates answered.'
    );
  }
  const { shown, more } = firstOf(files.urlMap, 5);
  const rules = shown.map((rule) => quote(`${rule.pathPrefix || '.'} => ${rule.urlPrefix}`));
  return (
    `Nothing to invalidate: paths selects ${count(files.selected)} of the ${plural(files.found, 'changed file')} ` +
    `${from}, and url-map maps none of them (url-map: ${rules.join(', ')}${more === undefined ? '' : `, ${more}`}); ` +
    `for example ${quote(files.unmapped[0] ?? '')} is under none of its path prefixes.`
  );
}

/**
 * The likeliest reason `paths` selects nothing: a pattern without '/' or `**` (`*.jpg`) matches files at the top
 * level only.
 */
function topLevelHint(patterns: readonly string[]): string {
  // `**.jpg` has no '/' either, and matches in every folder.
  const topLevel = patterns.find((pattern) => !pattern.startsWith('!') && !/\/|\*\*/.test(pattern));
  if (topLevel === undefined) return '';
  return (
    ` ${quote(topLevel)} matches files at the top level only; ${quote(`**/${topLevel}`)} matches them in every ` +
    'folder.'
  );
}
