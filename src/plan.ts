import { toBatches } from './assets/batches.ts';
import type { AssetRef } from './assets/refs.ts';
import type { ChangedFiles } from './changes/detect.ts';
import { selectPaths } from './changes/select.ts';
import { mapToUrl } from './changes/url-map.ts';
import type { ChangesRequest, Settings, Target } from './settings.ts';

/** What the run will ask of the service. Plain data: the same plan is executed, or shown by a dry run. */
export interface Plan {
  readonly invalidation: Invalidation;
  readonly token: boolean;
}

/** The target, with assets cut into calls of at most 100. */
export type Invalidation =
  | Exclude<Target, { scope: 'assets' }>
  | {
      readonly scope: 'assets';
      readonly assets: readonly AssetRef[];
      readonly batches: readonly AssetRef[][];
      readonly files?: FilesPlan;
    };

/** How changed files became asset URLs. */
export interface FilesPlan {
  /** Where the list came from: `the files input`, a git range, or the GitHub API. */
  readonly source: string;
  readonly found: number;
  /** Matched by `paths`. */
  readonly selected: number;
  /** Turned into a URL by `url-map`. */
  readonly mapped: number;
  /** Selected, but no rule of `url-map` maps them: skipped. */
  readonly unmapped: readonly string[];
  readonly truncated?: string;
  readonly fallbackReason?: string;
}

/** `changed`: the files given or detected, when the target asks for them. */
export function planRun(settings: Pick<Settings, 'target' | 'token'>, changed?: ChangedFiles): Plan {
  const { target } = settings;
  if (target.scope !== 'assets') return { invalidation: target, token: settings.token };
  const files =
    target.changes === undefined || changed === undefined ? undefined : planFiles(target.changes, changed);
  const assets = files === undefined ? target.assets : [...new Set([...target.assets, ...files.urls])];
  return {
    invalidation: {
      scope: 'assets',
      assets,
      batches: toBatches(assets),
      ...(files === undefined ? {} : { files: files.plan }),
    },
    token: settings.token,
  };
}

function planFiles(request: ChangesRequest, changed: ChangedFiles): { plan: FilesPlan; urls: AssetRef[] } {
  const selected = selectPaths(changed.files, request.patterns);
  const urls: AssetRef[] = [];
  const unmapped: string[] = [];
  for (const path of selected) {
    const url = mapToUrl(path, request.urlMap);
    if (url === undefined) unmapped.push(path);
    else urls.push(url);
  }
  return {
    urls,
    plan: {
      source: changed.source,
      found: changed.files.length,
      selected: selected.length,
      mapped: urls.length,
      unmapped,
      ...(changed.truncated === undefined ? {} : { truncated: changed.truncated }),
      ...(changed.fallbackReason === undefined ? {} : { fallbackReason: changed.fallbackReason }),
    },
  };
}
