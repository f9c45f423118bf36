import type { ReadVersions } from '../compare/versions.ts';
import type { OriginAnswer } from '../origin/verdict.ts';
import type { Served } from '../plan/learned.ts';
import { selectPaths } from '../settings/select.ts';
import { standsAlone, type Tree } from './tree.ts';

/** Changed images of one folder read for a probe at most: the first that can prove a URL serves. */
const READ_FOR_PROBE = 20;

/**
 * The image of a folder asked at each candidate, with the versions whose bytes stand in that folder alone: a
 * candidate that serves one of them serves the folder.
 */
export interface Probe {
  readonly path: string;
  /** Its bytes in the workspace, when they prove (the file's new version, or an unchanged image's). */
  readonly current?: Uint8Array | undefined;
  /** Its bytes at the base commit, when they prove. */
  readonly previous?: Uint8Array | undefined;
  /** The push did not change it: its bytes are the same before the deploy and after. */
  readonly unchanged: boolean;
}

export interface ProbeSources {
  readonly versions: ReadVersions;
  readonly head: Tree | undefined;
  readonly base: Tree | undefined;
  /** `paths`: an unchanged probe is an image too. */
  readonly patterns: readonly string[];
  /** Every changed path of the run. */
  readonly changed: ReadonlySet<string>;
}

/** What a folder's changed images are, for the words of a folder no candidate serves. */
export interface FolderImages {
  readonly probe?: Probe | undefined;
  /** Every changed image read was added: nothing of the folder can be cached yet. */
  readonly addedOnly: boolean;
}

/**
 * The probe of a folder, best first: a changed image with both versions (whichever the site serves, before the
 * deploy or after, proves it), an unchanged image of the folder, then a deleted one (until the deploy), then an added
 * one (once it lands). Only bytes that stand in the folder alone count.
 */
export async function probeOf(
  folder: string,
  images: readonly string[],
  sources: ProbeSources,
): Promise<FolderImages> {
  const read: Probe[] = [];
  // Over every changed image of the folder, not only those read: one modified image past them is cached already.
  // Without the base's listing (git cannot tell), none is known to be added.
  let addedOnly = sources.base !== undefined && images.every((path) => !sources.base?.blobOf.has(path));
  for (const path of images.slice(0, READ_FOR_PROBE)) {
    const current = await sources.versions.current(path);
    const previous = await sources.versions.previous(path);
    if (previous !== undefined) addedOnly = false;
    read.push({
      path,
      current: current instanceof Uint8Array && standsAlone(path, sources.head) ? current : undefined,
      previous: previous !== undefined && standsAlone(path, sources.base) ? previous : undefined,
      unchanged: false,
    });
  }
  const both = read.find((probe) => probe.current !== undefined && probe.previous !== undefined);
  const either = read.find((probe) => probe.current !== undefined || probe.previous !== undefined);
  const probe = both ?? (await unchangedIn(folder, sources)) ?? either;
  return { probe, addedOnly };
}

/** An image of the folder that the push did not change, whose bytes stand in it alone; none when git cannot say. */
async function unchangedIn(folder: string, sources: ProbeSources): Promise<Probe | undefined> {
  const { head, base } = sources;
  if (head === undefined) return undefined;
  const files = (head.filesIn.get(folder) ?? []).filter(
    (path) =>
      !sources.changed.has(path) &&
      !isUnpublished(path) &&
      (base === undefined || base.blobOf.get(path) === head.blobOf.get(path)) &&
      standsAlone(path, head),
  );
  for (const path of selectPaths(files, sources.patterns).slice(0, READ_FOR_PROBE)) {
    const current = await sources.versions.current(path);
    if (current instanceof Uint8Array) return { path, current, unchanged: true };
  }
  return undefined;
}

/** A name site builders leave out of what they publish: `.github/`, Jekyll's `_includes/`. */
function isUnpublished(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.') || segment.startsWith('_'));
}

/**
 * Which version of the probe an answer is: the same bytes, or the same picture re-encoded (an origin that
 * recompresses, a CDN that converts). A page, a redirect elsewhere, an error or another picture is none.
 */
export async function servedIn(
  answer: OriginAnswer,
  probe: Probe,
  signal: AbortSignal | undefined,
): Promise<Served | undefined> {
  const { body, status } = answer;
  if (status === undefined || status < 200 || status >= 300) return undefined;
  if (body === undefined || answer.offsite !== undefined) return undefined;
  const current: Served = probe.unchanged ? 'unchanged' : 'new';
  if (same(body, probe.current)) return current;
  if (same(body, probe.previous)) return 'previous';
  // A page that is not the file's very bytes (an app's fallback, a "deploying" page) serves no image.
  if (answer.page !== undefined) return undefined;
  // Loaded by the first answer whose picture is looked at: a site that serves its files as they are never opens it.
  // Named as the origin check and the proof name it (origin/verdict.ts): one chunk for the three.
  const { compareImage } = await import(/* webpackChunkName: "compare" */ '../compare/compare.ts');
  const comparison = await compareImage(
    body,
    { current: probe.current, previous: probe.previous },
    { signal },
  );
  switch (comparison.shows) {
    case 'new':
      return probe.current === undefined ? undefined : current;
    case 'previous':
      return 'previous';
    case 'cannot-tell':
      return undefined;
  }
}

function same(body: Uint8Array, version: Uint8Array | undefined): boolean {
  return version !== undefined && Buffer.from(body).equals(version);
}
