import { versionsFrom } from '../compare/versions.ts';
import type { ChangedFiles } from '../domain/changed.ts';
import type { Clock } from '../mechanics/clock.ts';
import { gitBytesIn } from '../mechanics/git.ts';
import { USER_AGENT } from '../mechanics/version.ts';
import type { FetchOrigin } from '../origin/fetch.ts';
import { ASKS_PER_IMAGE, ASKS_PER_SECOND, ORIGIN_CONCURRENCY } from '../origin/pace.ts';
import { bodyLimit, seenWords } from '../origin/verdict.ts';
import {
  candidatesOf,
  folderOf,
  type Candidate,
  urlUnder,
  type FolderFinding,
  type LearnedMap,
  type Tried,
} from '../plan/learned.ts';
import { selectPaths } from '../settings/select.ts';
import type { Log } from '../shown/log.ts';
import { quote } from '../shown/shown.ts';
import { parseHttpUrl } from '../mechanics/http-url.ts';
import { probeOf, servedIn, type FolderImages, type ProbeSources } from './probe.ts';
import { bundlerOf, treeAt, type Tree } from './tree.ts';
import { learnedLines } from '../plan/learned-words.ts';

/** What learning needs to know of the run. */
export interface LearnRequest {
  /** The site, ending in '/'. */
  readonly site: string;
  readonly changed: ChangedFiles;
  /** `paths`: which changed files are images. */
  readonly patterns: readonly string[];
  /** origin-timeout: the asks end within it (and one ask's own timeout). */
  readonly waitMs: number;
  /** timeout-seconds: one ask's own timeout. */
  readonly requestTimeoutMs: number;
  /** The URL the deploy event names, when it names one: said when it is on another host than the site. */
  readonly deployedUrl?: string | undefined;
}

export interface LearnContext {
  readonly log: Log;
  readonly clock: Clock;
  readonly signal?: AbortSignal | undefined;
  /** Where the checkout is. */
  readonly workspace: string;
}

/**
 * The url-map learned from the site: for each folder of changed images, the one candidate URL (the folder's path with
 * leading folders removed, under the site's path) that serves one of its images, asked once each, one at a time, at
 * the origin check's pace, within origin-timeout. Nothing is guessed: a folder two candidates serve alike, or none,
 * is unmapped, with what each answered. Only the site's host is asked, with no credential.
 */
export async function learnMap(request: LearnRequest, context: LearnContext): Promise<LearnedMap> {
  const { log, clock, signal } = context;
  const elsewhere = otherHost(request.deployedUrl, request.site);
  if (elsewhere !== undefined) {
    log.notice(
      `The deploy event names ${quote(elsewhere)}, another host than site (${new URL(request.site).host}): the map is ` +
        "learned and images are invalidated on the site's host, which the pages put in image URLs and the service " +
        "caches; a deployment's own URL (a *.vercel.app or *.netlify.app host) is often not the public one.",
    );
  }
  const byFolder = foldersOf(selectPaths(request.changed.files, request.patterns));
  if (byFolder.size === 0) return { site: request.site, folders: [] };
  log.startGroup(`Learn the url-map from ${request.site}`);
  const [{ createDispatcher }, { ByteBudget, originFetcher }] = await Promise.all([
    import('../mechanics/dispatcher.ts'),
    import('../origin/fetch.ts'),
  ]);
  const dispatcher = createDispatcher(ORIGIN_CONCURRENCY, request.requestTimeoutMs);
  try {
    const { workspace } = context;
    const git = gitBytesIn(workspace, signal);
    const { base } = request.changed;
    const head = await treeAt('HEAD', git);
    const sources: ProbeSources = {
      versions: versionsFrom({ workspace, git, base }),
      head,
      base: base === undefined ? undefined : await treeAt(base, git),
      patterns: request.patterns,
      changed: new Set(request.changed.files),
    };
    const fetch = originFetcher({
      dispatcher,
      timeoutMs: request.requestTimeoutMs,
      userAgent: USER_AGENT,
      budget: new ByteBudget(),
    });
    const asks = new Pace(
      clock,
      byFolder.size,
      clock.now() + Math.max(request.waitMs, request.requestTimeoutMs),
    );
    const folders: FolderFinding[] = [];
    let cutShort: string | undefined;
    for (const [folder, images] of byFolder) {
      if (cutShort !== undefined) {
        folders.push({ kind: 'unmapped', folder, why: cutShort, tried: [] });
        continue;
      }
      const found = await learnFolder(folder, images, {
        site: request.site,
        sources,
        head,
        fetch,
        asks,
        signal,
      });
      if (found === 'cut-short') {
        cutShort =
          signal?.aborted === true
            ? 'not asked: the run was cancelled'
            : `not asked within origin-timeout (${Math.round(request.waitMs / 1000)} s)`;
        folders.push({ kind: 'unmapped', folder, why: cutShort, tried: [] });
      } else folders.push(found);
    }
    const seen = await withSiteSeen(folders, request.site, { fetch, asks, signal });
    const learned = { site: request.site, folders: seen, ...(cutShort === undefined ? {} : { cutShort }) };
    for (const line of learnedLines(learned, (folder) => byFolder.get(folder)?.length ?? 0)) log.info(line);
    return learned;
  } finally {
    log.endGroup();
    await dispatcher.destroy();
  }
}

/** The selected images by folder, folders in the order of their first image. */
function foldersOf(paths: readonly string[]): Map<string, string[]> {
  const folders = new Map<string, string[]>();
  for (const path of paths) {
    const folder = folderOf(path);
    const images = folders.get(folder);
    if (images === undefined) folders.set(folder, [path]);
    else images.push(path);
  }
  return folders;
}

interface FolderAsks {
  readonly site: string;
  readonly sources: ProbeSources;
  readonly head: Tree | undefined;
  readonly fetch: FetchOrigin;
  readonly asks: Pace;
  readonly signal?: AbortSignal | undefined;
}

/** One folder: its probe asked at each candidate once, and what that proves. */
async function learnFolder(
  folder: string,
  images: readonly string[],
  how: FolderAsks,
): Promise<FolderFinding | 'cut-short'> {
  const found = await probeOf(folder, images, how.sources);
  const { probe } = found;
  if (probe === undefined) return withoutProof(folder, found, [], how.head, true);
  const tried: Tried[] = [];
  const serving: Candidate[] = [];
  // Candidates that gave no answer to go on (no status, a 5xx): they might serve the image too.
  const unheard: string[] = [];
  // A bundler's sources are not served at their paths: each candidate answers 404. Any other answer (a refusal, a
  // 5xx) says nothing of where the folder is, and is no reason to call it fingerprinted.
  let notFoundAtAny = true;
  for (const candidate of candidatesOf(folder, how.site)) {
    const url = urlUnder(candidate, probe.path);
    if (url === undefined) continue;
    if (!(await how.asks.next(how.signal))) return 'cut-short';
    const answer = await how.fetch(url, bodyLimit(probe), how.signal);
    if (how.signal?.aborted === true) return 'cut-short';
    const served = await servedIn(answer, probe, how.signal);
    tried.push({ url, answered: seenWords(answer), ...(served === undefined ? {} : { served }) });
    if (answer.status !== 404 && answer.status !== 410) notFoundAtAny = false;
    if (answer.status === undefined || answer.status >= 500)
      unheard.push(`${quote(url)} gave ${seenWords(answer)}`);
    if (served !== undefined) serving.push(candidate);
  }
  const [only] = serving;
  if (serving.length === 1 && only !== undefined && unheard.length > 0)
    return {
      kind: 'unmapped',
      folder,
      why: `one candidate serves its image, but ${unheard.join(', ')}, so whether it is the only one cannot be told`,
      tried,
    };
  if (serving.length === 1 && only !== undefined) return { kind: 'learned', folder, candidate: only, tried };
  if (serving.length > 1)
    return {
      kind: 'unmapped',
      folder,
      why: `${serving.length} candidates serve its image ${quote(probe.path)} alike, so which one serves the folder cannot be told`,
      tried,
    };
  return withoutProof(folder, found, tried, how.head, notFoundAtAny);
}

/** What is read of the site's own page: enough to tell a page from no site. */
const SITE_PAGE_BYTES = 64 * 1024;

/**
 * A bundler's sources are told by each candidate answering 404, as a site that is not there answers too (a site URL
 * missing its path): taken for sources only when the run saw the site serve, a folder learned or its own page.
 */
async function withSiteSeen(
  folders: readonly FolderFinding[],
  site: string,
  how: Pick<FolderAsks, 'fetch' | 'asks' | 'signal'>,
): Promise<FolderFinding[]> {
  if (!folders.some((finding) => finding.kind === 'fingerprinted')) return [...folders];
  if (folders.some((finding) => finding.kind === 'learned')) return [...folders];
  const answer = (await how.asks.next(how.signal))
    ? await how.fetch(site, SITE_PAGE_BYTES, how.signal)
    : undefined;
  if (answer?.status !== undefined && answer.status >= 200 && answer.status < 300) return [...folders];
  const why =
    "every candidate answered 404, as a bundler's sources do, but the site itself answered " +
    `${answer === undefined ? 'nothing within origin-timeout' : seenWords(answer)}, so no folder of it was seen served: check site`;
  return folders.map((finding) =>
    finding.kind === 'fingerprinted'
      ? {
          kind: 'unmapped',
          folder: finding.folder,
          why,
          tried: [{ url: site, answered: answer === undefined ? 'not asked' : seenWords(answer) }],
        }
      : finding,
  );
}

/** A folder no candidate was seen to serve: fingerprinted, not served yet, or unmapped. */
function withoutProof(
  folder: string,
  found: FolderImages,
  tried: readonly Tried[],
  head: Tree | undefined,
  notFoundAtAny: boolean,
): FolderFinding {
  const bundler = notFoundAtAny ? bundlerOf(folder, head) : undefined;
  if (bundler !== undefined) return { kind: 'fingerprinted', folder, bundler };
  if (found.addedOnly && found.probe?.unchanged !== true) return { kind: 'not-served-yet', folder, tried };
  const why =
    found.probe === undefined
      ? head === undefined
        ? 'git cannot list the repository, so no image of it can be told apart from a copy in another folder'
        : 'no image of it has bytes that stand in this folder alone (the same file is also in another folder), so no URL can prove it'
      : found.probe.current === undefined && !found.probe.unchanged
        ? "its images were deleted and no candidate serves them any more: once the deploy has landed, no run can learn where they were served; write their folder's rule in url-map, or leave them out of paths with a '!' line"
        : 'no candidate serves its image';
  return { kind: 'unmapped', folder, why, tried };
}

/**
 * The origin check's pace, for one host: ASKS_PER_IMAGE asks a folder at once, then ASKS_PER_SECOND; one ask at a
 * time, none past the deadline.
 */
class Pace {
  private asked = 0;
  private readonly startedAt: number;
  private readonly clock: Clock;
  private readonly folders: number;
  private readonly deadline: number;
  constructor(clock: Clock, folders: number, deadline: number) {
    this.clock = clock;
    this.folders = folders;
    this.deadline = deadline;
    this.startedAt = clock.now();
  }

  /** Waits for the next ask's turn; false when it would come after the deadline, or the run was cancelled. */
  async next(signal: AbortSignal | undefined): Promise<boolean> {
    const at =
      this.startedAt +
      Math.max(0, ((this.asked + 1 - ASKS_PER_IMAGE * this.folders) * 1000) / ASKS_PER_SECOND);
    if (at > this.deadline || signal?.aborted === true) return false;
    const wait = at - this.clock.now();
    if (wait > 0) {
      try {
        await this.clock.sleep(wait, signal);
      } catch {
        return false;
      }
    }
    this.asked++;
    return this.clock.now() <= this.deadline;
  }
}

/** The deploy event's URL when its host is not the site's (a URL written without a scheme read as https). */
function otherHost(deployed: string | undefined, site: string): string | undefined {
  if (deployed === undefined) return undefined;
  const url = parseHttpUrl(deployed) ?? parseHttpUrl(`https://${deployed}`);
  return url === undefined || url.host === new URL(site).host ? undefined : deployed;
}
