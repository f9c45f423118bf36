import type { AssetRef } from '../domain/refs.ts';
import type { RunGitBytes } from '../mechanics/git.ts';
import { selectPaths } from '../settings/select.ts';
import { mapToUrl, ruleFor, type UrlMapRule } from '../settings/url-map.ts';
import type { OriginImage } from './check.ts';

/** Bytes of git's listing of one rule's folder read at most: past it, that rule has no witness. */
const MAX_LISTING_BYTES = 32 * 1024 * 1024;

/**
 * For each url-map rule that maps a held image, one image that the push did not change (the same in the base and the
 * head commit, selected by `paths`): the live site must serve it before the deploy and after, so a 404 for it proves
 * the rule wrong at once, where a changed image's 404 may be a deploy in progress. None without a base commit (files
 * given, not detected), and none for a rule whose folder git cannot list: the check then goes on without.
 */
export async function witnessesOf(
  images: ReadonlyMap<AssetRef, string>,
  from: {
    readonly urlMap: readonly UrlMapRule[];
    readonly patterns: readonly string[];
    readonly base?: string | undefined;
  },
  git: RunGitBytes,
): Promise<OriginImage[]> {
  const { base, urlMap } = from;
  if (base === undefined) return [];
  const held = new Set(images.values());
  const rules = new Set<UrlMapRule>();
  for (const path of held) {
    const rule = ruleFor(path, urlMap);
    if (rule !== undefined) rules.add(rule);
  }
  const witnesses: OriginImage[] = [];
  for (const rule of rules) {
    const folder = rule.pathPrefix === '' ? [] : ['--', rule.pathPrefix];
    try {
      const changed = new Set(
        names(
          await git(
            ['diff', '--name-only', '-z', '--no-renames', base, 'HEAD', ...folder],
            MAX_LISTING_BYTES,
          ),
        ),
      );
      const listed = names(
        await git(
          ['ls-tree', '-r', '-z', '--name-only', '--full-tree', 'HEAD', ...folder],
          MAX_LISTING_BYTES,
        ),
      );
      const unchanged = listed.filter(
        (path) =>
          !changed.has(path) &&
          !held.has(path) &&
          ruleFor(path, urlMap) === rule &&
          !isUnpublished(path.slice(rule.pathPrefix.length)),
      );
      const path = selectPaths(unchanged, from.patterns)[0];
      const ref = path === undefined ? undefined : mapToUrl(path, urlMap);
      if (path !== undefined && ref !== undefined) witnesses.push({ ref, path });
    } catch {
      // No witness: a 404 is then told at once and waited for, as before.
    }
  }
  return witnesses;
}

function names(listing: Buffer): string[] {
  return listing
    .toString('utf8')
    .split('\0')
    .filter((name) => name !== '');
}

/**
 * A path (below its rule's folder) that site builders leave out of what they publish: a folder or file whose name
 * starts with '.' or '_' (`.github/`, Jekyll's `_includes/`). The witness must be an image the live site serves.
 */
function isUnpublished(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.') || segment.startsWith('_'));
}
