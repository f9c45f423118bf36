/**
 * The url-map learned from the site, as data: the candidates a folder's images may be served at, what each answered,
 * and the rules found. Pure: the asks are made by src/learn/, which fills these in; the plan maps with them as it
 * maps with url-map's rules.
 */
import { mapToUrl, type UrlMapRule } from '../settings/url-map.ts';

/**
 * Where a folder's images may be served: its path with leading folders removed, under the site's path. As a url-map
 * rule (`public => https://www.example.com/`), it maps the removed folders to the site, and so every folder below.
 */
export type Candidate = UrlMapRule;

/** Which version of the probe a candidate served: the file's new one, its previous one, or an unchanged image's. */
export type Served = 'new' | 'previous' | 'unchanged';

/** One candidate of a folder, asked once for its probe. */
export interface Tried {
  readonly url: string;
  /** What it answered, in words (its text is the site's, made printable by shown.ts). */
  readonly answered: string;
  /** The version it was seen to serve; absent: no version of the probe (a 404, a page, another picture). */
  readonly served?: Served | undefined;
}

/**
 * What became of one folder of changed images:
 * - `learned`: one candidate, and only one, served its probe;
 * - `unmapped`: none did, or two did alike, or nothing could prove either (`why`); its images are skipped;
 * - `not-served-yet`: only added images, none served yet: nothing cached, so nothing to invalidate until it is;
 * - `fingerprinted`: under a bundler's sources, whose built files get new names (`hero-3f2a1b9c.png`): a new name is
 *   a new URL, nothing cached to invalidate.
 */
export type FolderFinding =
  | {
      readonly kind: 'learned';
      readonly folder: string;
      readonly candidate: Candidate;
      readonly tried: readonly Tried[];
    }
  | {
      readonly kind: 'unmapped';
      readonly folder: string;
      readonly why: string;
      readonly tried: readonly Tried[];
    }
  | { readonly kind: 'not-served-yet'; readonly folder: string; readonly tried: readonly Tried[] }
  | { readonly kind: 'fingerprinted'; readonly folder: string; readonly bundler: string };

/** A learned rule as a person keeps it, in url-map syntax, with the images of this run it was confirmed on. */
export interface LearnedRule {
  readonly rule: UrlMapRule;
  /** Changed images of the folders whose probe confirmed it. */
  readonly images: number;
  /** The folders that confirmed it. */
  readonly folders: number;
}

/** The map learned from the site: what the plan maps with, and what the run tells. */
export interface LearnedMap {
  /** The site, ending in '/'. */
  readonly site: string;
  /** Each folder of changed images, by its path ('' for the top of the repository). */
  readonly folders: readonly FolderFinding[];
  /** What was not learned because the run was cancelled or origin-timeout passed: said, never guessed. */
  readonly cutShort?: string | undefined;
}

/** The folder of a repository path: `public/images` for `public/images/a.png`, '' at the top. */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/**
 * The candidates of a folder, the whole path first: `public/images` under `https://x/` is tried at
 * `https://x/public/images/`, then `https://x/images/`, then `https://x/`.
 */
export function candidatesOf(folder: string, site: string): Candidate[] {
  const segments = folder === '' ? [] : folder.split('/');
  return Array.from({ length: segments.length + 1 }, (_, stripped) => ({
    pathPrefix: segments.slice(0, stripped).join('/'),
    urlPrefix: site,
  }));
}

/** The URL of a file under a candidate, escaped as url-map escapes it. */
export function urlUnder(candidate: Candidate, path: string): string | undefined {
  return mapToUrl(path, [candidate]);
}

/**
 * The rule each learned folder maps with, for that folder's own images alone: an image of a folder below it that was
 * not learned is never mapped on its parent's word.
 */
export function folderRules(learned: LearnedMap): Map<string, UrlMapRule> {
  const rules = new Map<string, UrlMapRule>();
  for (const finding of learned.folders)
    if (finding.kind === 'learned') rules.set(finding.folder, finding.candidate);
  return rules;
}

/** The URL of a changed image by the learned map: only where its own folder was learned. */
export function mapLearned(path: string, rules: ReadonlyMap<string, UrlMapRule>): string | undefined {
  const rule = rules.get(folderOf(path));
  return rule === undefined ? undefined : mapToUrl(path, [rule]);
}

/**
 * The rules as a person pastes them into url-map: folders learned with the same leading folders removed share one
 * rule (`public => https://www.example.com/`), which maps them all; `images` counts the changed images of each.
 */
export function learnedRules(learned: LearnedMap, imagesOf: (folder: string) => number): LearnedRule[] {
  const byPrefix = new Map<string, { images: number; folders: number }>();
  for (const finding of learned.folders) {
    if (finding.kind !== 'learned') continue;
    const seen = byPrefix.get(finding.candidate.pathPrefix) ?? { images: 0, folders: 0 };
    byPrefix.set(finding.candidate.pathPrefix, {
      images: seen.images + imagesOf(finding.folder),
      folders: seen.folders + 1,
    });
  }
  return [...byPrefix]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([pathPrefix, counts]) => ({ rule: { pathPrefix, urlPrefix: learned.site }, ...counts }));
}
