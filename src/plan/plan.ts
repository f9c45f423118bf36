import { toBatches } from '../domain/batches.ts';
import type { AssetRef } from '../domain/refs.ts';
import type { ApiCall } from '../domain/call.ts';
import type { ChangedFiles, FileChange } from '../domain/changed.ts';
import { uniqueStrings } from '../domain/unique.ts';
import { selectPaths } from '../settings/select.ts';
import { mapToUrl, type UrlMapRule } from '../settings/url-map.ts';
import type { ChangesRequest, Scope, Settings, Target } from '../settings/settings.ts';
import {
  folderOf,
  folderRules,
  learnedRules,
  mapLearned,
  type LearnedMap,
  type LearnedRule,
} from './learned.ts';

/** A call that invalidates: every call but the token call. */
export type InvalidationCall = Exclude<ApiCall, { readonly route: 'token' }>;

/**
 * What the run will ask of the service: the invalidation calls, in the order they go out, and whether a token is
 * requested after them. Plain data: the same plan is executed, shown by a dry run, and described by the report.
 */
export interface Plan {
  readonly scope: Scope;
  readonly calls: readonly InvalidationCall[];
  /** A fresh cache token is requested once the invalidation calls have ended. */
  readonly token: boolean;
  /** Entries of `assets` and URLs of changed files that were the same asset as another, sent once. */
  readonly merged?: number;
  /** Entries of `assets` given as image delivery URLs, sent as their origin image URLs. */
  readonly fromDeliveryUrls?: number;
  /** How changed files became asset URLs, when the target asked for them. */
  readonly files?: FilesPlan | undefined;
  /**
   * For each asset URL that url-map made from a changed file, that file's path in the repository (kept for
   * `rewrite-with: content` and `origin-check: content`).
   */
  readonly fileOf?: ReadonlyMap<AssetRef, string> | undefined;
  /** What a preview shows of the changed files, when the target asked for them. */
  readonly preview?: FilesPreview | undefined;
}

/** A changed file, with what happened to it when its source tells (git and the GitHub API do; `files` does not). */
export interface ChangedFile {
  readonly path: string;
  readonly change?: FileChange;
}

/** The rows a preview can show, at most PREVIEW_ROWS of each: the rest are counted by FilesPlan. */
export interface FilesPreview {
  /** The first images that url-map made from changed files, each once, with its file. */
  readonly images: readonly (ChangedFile & { readonly url: AssetRef })[];
  /** The first changed files that `paths` did not select. */
  readonly leftOut: readonly ChangedFile[];
}

/** Rows of each kind a preview keeps: a pull-request comment holds at most 65,536 characters. */
export const PREVIEW_ROWS = 100;

/** How changed files became asset URLs. */
export interface FilesPlan {
  /** Where the list came from: `the files input`, a git range, or the GitHub API. */
  readonly source: string;
  /** The event asked for nothing (a failed deploy, a fork's run, a preview): why, in a sentence. */
  readonly skipped?: string | undefined;
  readonly found: number;
  /** Matched by `paths`. */
  readonly selected: number;
  /** The `paths` patterns that selected them. */
  readonly patterns: readonly string[];
  /** Turned into a URL by `url-map`. */
  readonly mapped: number;
  /** The `url-map` rules that mapped them. */
  readonly urlMap: readonly UrlMapRule[];
  /** Selected, but no rule of `url-map` maps them: skipped. */
  readonly unmapped: readonly string[];
  /** With no url-map, the map learned from the site: `urlMap` holds its rules, as a person would write them. */
  readonly learned?: LearnedFiles | undefined;
  readonly truncated?: string | undefined;
  readonly fallbackReason?: string | undefined;
}

/** The map learned from the site, with the rules it found and the images that need no invalidation. */
export interface LearnedFiles {
  readonly map: LearnedMap;
  /** The rules, in url-map syntax, with the images each was confirmed on. */
  readonly rules: readonly LearnedRule[];
  /** Selected images of folders that need no invalidation (added and not served yet, or fingerprinted). */
  readonly needNone: number;
}

/**
 * `changed`: the files given or detected, when the target asks for them. `keepFiles`: keep which file each URL came
 * from (`fileOf`), for a stage that reads the files; a map of a million entries is not free.
 */
export function planRun(
  settings: Pick<Settings, 'target' | 'token'>,
  changed?: ChangedFiles,
  keepFiles = false,
  learned?: LearnedMap,
): Plan {
  const { target } = settings;
  const files =
    target.scope === 'assets' && target.changes !== undefined && changed !== undefined
      ? planFiles(target.changes, changed, keepFiles, learned)
      : undefined;
  const calls = invalidationCalls(target, files?.urls ?? []);
  const merged = mergedIn(target, files?.urls ?? [], calls);
  return {
    scope: target.scope,
    calls,
    token: settings.token,
    ...(merged > 0 ? { merged } : {}),
    ...(target.scope === 'assets' && target.fromDeliveryUrls !== undefined
      ? { fromDeliveryUrls: target.fromDeliveryUrls }
      : {}),
    files: files?.plan,
    fileOf: files?.fileOf,
    preview: files?.preview,
  };
}

function invalidationCalls(target: Target, fileUrls: readonly AssetRef[]): InvalidationCall[] {
  switch (target.scope) {
    case 'all':
      return [{ route: 'invalidate/all' }];
    case 'domain':
      return [{ route: 'invalidate/domain', domain: target.domain }];
    case 'assets': {
      const refs =
        fileUrls.length === 0
          ? target.assets
          : uniqueStrings(target.assets.length === 0 ? fileUrls : [...target.assets, ...fileUrls]);
      return toBatches(refs).map((assets) => ({ route: 'invalidate/assets', assets }));
    }
    case 'none':
      return [];
  }
}

/** How many references were the same asset as another: in `assets` itself, or given there and mapped from a file. */
function mergedIn(target: Target, fileUrls: readonly AssetRef[], calls: readonly ApiCall[]): number {
  if (target.scope !== 'assets') return 0;
  const sent = calls.reduce((sum, call) => sum + assetsIn(call).length, 0);
  return (target.merged ?? 0) + target.assets.length + fileUrls.length - sent;
}

/** Every call the plan sends, the token call last: what a dry run lists. */
export function plannedCalls(plan: Pick<Plan, 'calls' | 'token'>): readonly ApiCall[] {
  return plan.token ? [...plan.calls, { route: 'token' }] : plan.calls;
}

/** Every asset of the plan, in the order its calls carry them. */
export function plannedAssets(plan: Pick<Plan, 'calls'>): AssetRef[] {
  return plan.calls.flatMap(assetsIn);
}

/** The assets a call carries: a batch's, and none for any other call. */
export function assetsIn(call: ApiCall): readonly AssetRef[] {
  return call.route === 'invalidate/assets' ? call.assets : [];
}

function planFiles(
  request: ChangesRequest,
  changed: ChangedFiles,
  keepFiles: boolean,
  learned: LearnedMap | undefined,
): { plan: FilesPlan; urls: AssetRef[]; fileOf?: Map<AssetRef, string> | undefined; preview: FilesPreview } {
  const selected = selectPaths(changed.files, request.patterns);
  const mapping = mappingOf(request, learned, selected);
  const urls: AssetRef[] = [];
  const unmapped: string[] = [];
  const fileOf = keepFiles ? new Map<AssetRef, string>() : undefined;
  const images = new Map<AssetRef, ChangedFile & { readonly url: AssetRef }>();
  const leftOut: ChangedFile[] = [];
  // A preview row keeps a copy of its path: a path read from a list is a slice of the list's text, and one kept
  // slice would keep all of that text (34 MB for a million paths) in memory through the run.
  const withChange = (sliced: string, index: number): ChangedFile => {
    const path = sliced.split('').join('');
    const change = changed.changes?.[index];
    return change === undefined ? { path } : { path, change };
  };
  // `selected` keeps the order of `files`: walking both at once finds each file's index, and those left out.
  let index = 0;
  for (const path of selected) {
    for (; index < changed.files.length && changed.files[index] !== path; index++) {
      if (leftOut.length < PREVIEW_ROWS) leftOut.push(withChange(changed.files[index] ?? '', index));
    }
    const url = mapping.map(path);
    if (url === undefined) {
      if (!mapping.needsNone(path)) unmapped.push(path);
    } else {
      urls.push(url);
      if (fileOf?.has(url) === false) fileOf.set(url, path);
      if (images.size < PREVIEW_ROWS && !images.has(url))
        images.set(url, { url, ...withChange(path, index) });
    }
    index++;
  }
  for (; index < changed.files.length && leftOut.length < PREVIEW_ROWS; index++)
    leftOut.push(withChange(changed.files[index] ?? '', index));
  return {
    urls,
    fileOf,
    preview: { images: [...images.values()], leftOut },
    plan: {
      source: changed.source,
      skipped: changed.skipped,
      found: changed.files.length,
      selected: selected.length,
      patterns: request.patterns,
      mapped: urls.length,
      urlMap: mapping.rules,
      unmapped,
      learned: mapping.learned,
      truncated: changed.truncated,
      fallbackReason: changed.fallbackReason,
    },
  };
}

/** How the run maps a selected path: by url-map's rules, or by the rules learned for its own folder. */
interface Mapping {
  readonly map: (path: string) => AssetRef | undefined;
  /** The path is of a folder that needs no invalidation (learned: added and not served yet, or fingerprinted). */
  readonly needsNone: (path: string) => boolean;
  readonly rules: readonly UrlMapRule[];
  readonly learned?: LearnedFiles | undefined;
}

function mappingOf(
  request: ChangesRequest,
  learned: LearnedMap | undefined,
  selected: readonly string[],
): Mapping {
  if (learned === undefined)
    return { map: (path) => mapToUrl(path, request.urlMap), needsNone: () => false, rules: request.urlMap };
  const byFolder = folderRules(learned);
  const none = new Set(
    learned.folders
      .filter((finding) => finding.kind === 'not-served-yet' || finding.kind === 'fingerprinted')
      .map((finding) => finding.folder),
  );
  const imagesIn = new Map<string, number>();
  for (const path of selected) imagesIn.set(folderOf(path), (imagesIn.get(folderOf(path)) ?? 0) + 1);
  const rules = learnedRules(learned, (folder) => imagesIn.get(folder) ?? 0);
  return {
    map: (path) => mapLearned(path, byFolder),
    needsNone: (path) => none.has(folderOf(path)),
    rules: rules.map(({ rule }) => rule),
    learned: {
      map: learned,
      rules,
      needNone: selected.filter((path) => none.has(folderOf(path))).length,
    },
  };
}
