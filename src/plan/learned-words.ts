/**
 * The learned map in words, phrased once for the log, the job summary, the JSON report and the command: the rules as
 * url-map lines a person pastes to keep them, and each folder not mapped with what its candidates answered.
 */
import { count, firstOf, plural } from '../shown/format.ts';
import { quote } from '../shown/shown.ts';
import { ruleLine } from '../settings/url-map.ts';
import {
  learnedRules,
  type FolderFinding,
  type LearnedMap,
  type LearnedRule,
  type Served,
} from './learned.ts';

/**
 * The rules as url-map lines, each after a comment that says what confirmed it: pasted as they are, the comments are
 * lines url-map skips.
 */
export function pasteLines(rules: readonly LearnedRule[]): string[] {
  return rules.flatMap(({ rule, images, folders }) => [
    `# ${plural(images, 'changed image')}, ${plural(folders, 'folder')} (one image of each seen served)`,
    ruleLine(rule),
  ]);
}

/** A folder's name as the run shows it: the top of the repository is `.`. */
export function folderName(folder: string): string {
  return quote(folder === '' ? '.' : folder);
}

const SERVED_WORDS: Readonly<Record<Served, string>> = {
  new: 'its new version',
  previous: 'its previous version',
  unchanged: 'it, unchanged by this push',
};

/** What a folder came to, in a sentence; its candidates' answers are `triedLines`. */
export function findingSentence(finding: FolderFinding): string {
  const name = folderName(finding.folder);
  switch (finding.kind) {
    case 'learned': {
      const seen = finding.tried.find((tried) => tried.served !== undefined);
      return (
        `${name}: served at ${quote(seen?.url ?? finding.candidate.urlPrefix)}` +
        (seen?.served === undefined ? '' : ` (${SERVED_WORDS[seen.served]})`) +
        `, so ${quote(ruleLine(finding.candidate))}.`
      );
    }
    case 'unmapped':
      return (
        `${name}: not mapped, ${finding.why}; its images are not invalidated. If the site serves them under ` +
        'another path (a generator that renames folders, a permalink, a language prefix, another host), write ' +
        `url-map for them, e.g. ${quote(`${finding.folder === '' ? '.' : finding.folder} => <the URL of that folder>`)}.`
      );
    case 'not-served-yet':
      return (
        `${name}: only added images, which no candidate serves yet: nothing of them is cached, so there is nothing ` +
        'to invalidate until the site serves them (if it serves them under another path, write url-map for them).'
      );
    case 'fingerprinted':
      return (
        `${name}: sources of ${finding.bundler}, which serves its images under new names (e.g. ` +
        'hero-3f2a1b9c.png): each version is a new URL, so there is nothing to invalidate.'
      );
  }
}

/** What each candidate of a folder answered, a line each. */
export function triedLines(finding: FolderFinding): string[] {
  if (finding.kind === 'fingerprinted') return [];
  return finding.tried.map(
    (tried) =>
      `  ${quote(tried.url)}: ${tried.answered}` +
      (tried.served === undefined ? '' : `, ${SERVED_WORDS[tried.served]}`),
  );
}

/** Folders the log tells one by one: a push of thousands of folders is counted past them. */
const FOLDERS_LOGGED = 100;

/** The log's lines once the map is learned: each folder, then the rules to paste. */
export function learnedLines(learned: LearnedMap, imagesOf: (folder: string) => number): string[] {
  const { shown, more } = firstOf(learned.folders, FOLDERS_LOGGED);
  const lines = shown.flatMap((finding) => [
    findingSentence(finding),
    ...(finding.kind === 'unmapped' ? triedLines(finding) : []),
  ]);
  if (more !== undefined) lines.push(`… ${more} folders: the JSON report lists each one.`);
  const rules = learnedRules(learned, imagesOf);
  if (rules.length === 0) {
    lines.push(`No url-map rule learned from ${learned.site}.`);
    return lines;
  }
  lines.push(
    `url-map learned from ${learned.site}, ${plural(rules.length, 'rule')} (paste ${rules.length === 1 ? 'it' : 'them'} as url-map to keep ${rules.length === 1 ? 'it' : 'them'}):`,
  );
  lines.push(...pasteLines(rules).map((line) => `  ${line}`));
  return lines;
}

/** The folders of each kind, counted: `2 folders learned, 1 not mapped`. */
export function foldersCounted(learned: LearnedMap): string {
  const counts = { learned: 0, unmapped: 0, 'not-served-yet': 0, fingerprinted: 0 };
  for (const finding of learned.folders) counts[finding.kind]++;
  const parts = [`${plural(counts.learned, 'folder')} learned`];
  if (counts.unmapped > 0) parts.push(`${count(counts.unmapped)} not mapped`);
  if (counts['not-served-yet'] > 0) parts.push(`${count(counts['not-served-yet'])} not served yet`);
  if (counts.fingerprinted > 0) parts.push(`${count(counts.fingerprinted)} fingerprinted`);
  return parts.join(', ');
}
