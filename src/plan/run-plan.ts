import type { ChangedFiles } from '../domain/changed.ts';
import { unhandled } from '../mechanics/exhaustive.ts';
import { DEFAULT_POLICY, type CallPolicy } from '../domain/policy.ts';
import type { OriginCheck, RewriteWith, Settings } from '../settings/settings.ts';
import { planRun, type Plan } from './plan.ts';
import type { AssetRef } from '../domain/refs.ts';
import type { RecordStore } from '../github/deployments.ts';
import type { RecordProof } from '../domain/record-proof.ts';
import type { Memory, Span } from '../domain/memory.ts';
import type { UrlMapRule } from '../settings/url-map.ts';
import type { LearnedMap } from './learned.ts';

/**
 * Every decision of a run, made once from Settings and what change detection found. Each stage reads its slice
 * and nothing else: a stage that is absent here does not run.
 */
export interface RunPlan {
  /** The invalidation calls, the token, and how changed files became asset URLs. */
  readonly invalidation: Plan;
  /** Nothing is sent, no origin is asked, no file is written: what would be done is told. */
  readonly dryRun: boolean;
  readonly service: ServicePlan;
  readonly calls: CallPlan;
  /** Images held until their origin serves the new version; absent: every image is sent at once. */
  readonly origin?: OriginPlan | undefined;
  /** The built files whose image URLs get a new cache buster; absent: no file is rewritten. */
  readonly rewrite?: RewritePlan | undefined;
  /** The built pages the warm-up and the proof read their variants from, read only; absent: none is read. */
  readonly pages?: PagesPlan | undefined;
  /** The invalidated images requested through the image host; absent: none is. */
  readonly warm?: WarmUpPlan | undefined;
  /** The images proven fresh through the image host after the warm-up; absent: none is. */
  readonly proof?: ProofPlan | undefined;
  /** On a branch, the record to write on its target when the run ends; absent: nothing is recorded. */
  readonly record?: PendingRecord | undefined;
  /** What the report says beyond what the stages did. */
  readonly report: ReportPlan;
}

export interface ServicePlan {
  /** `{base-url}/api/{service-key}/v2/cache`. */
  readonly endpoint: URL;
  /** The Root API key. Never logged, never reported. Empty only on a dry run. */
  readonly apiKey: string;
}

/** How the calls go out: how many at once, how long each may take, and what a failed attempt leads to. */
export interface CallPlan {
  readonly concurrency: number;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  /** The rules and budgets that differ from DEFAULT_POLICY. */
  readonly policy: Partial<CallPolicy>;
}

export interface OriginPlan {
  /** Each image held, and the file in the repository whose bytes its origin must serve. */
  readonly images: ReadonlyMap<AssetRef, string>;
  /** How long to wait for the origins, in all; 0: ask once. */
  readonly waitMs: number;
  /** Time allowed for one request to an origin. */
  readonly requestTimeoutMs: number;
  /** The commit whose files are the previous versions; absent when the files were given, not detected. */
  readonly base?: string | undefined;
  /** The rules that made the images: a mapping mistake names its rule. */
  readonly urlMap: readonly UrlMapRule[];
  /** `paths`: an image unchanged by the push, asked to prove a rule right or wrong, is one of these. */
  readonly patterns: readonly string[];
}

/** What rewrite's check before anything is sent reads: known before the changes. */
export type RewriteCheck = Pick<RewritePlan, 'patterns' | 'with' | 'imageHost'>;

/** What a dry run does in a stage that would ask the image host: it says what it would ask, and asks nothing. */
export interface Preview {
  readonly preview: boolean;
}

export interface RewritePlan {
  /** A dry run: the files are read and counted, not written, and every URL counts as changed. */
  readonly preview: boolean;
  readonly patterns: readonly string[];
  /** The new token in every URL, or each invalidated image's content value in its own URLs. */
  readonly with: RewriteWith;
  /** The host whose image URLs are rewritten. */
  readonly imageHost: string;
  /** Keep every URL written, for the warm-up and the proof that ask for them. */
  readonly keepUrls: boolean;
  /** Each image made from a changed file, and its path: `rewrite-with: content` reads the files. */
  readonly fileOf: ReadonlyMap<AssetRef, string> | undefined;
}

export interface PagesPatterns {
  /** Patterns of the pages, `!` to exclude, read as `rewrite` reads them. */
  readonly patterns: readonly string[];
  /** The host whose image URLs in the pages are the variants. */
  readonly imageHost: string;
}

export interface PagesPlan extends PagesPatterns {
  /** The pages the patterns select, listed once, before anything was sent. */
  readonly paths: readonly string[];
}

/** What is planned before the changes, so that it is checked before anything is sent: planned once. */
export interface EarlyPlan {
  readonly rewrite?: RewriteCheck | undefined;
  readonly pages?: PagesPatterns | undefined;
}

/** The early plan once checked: the pages listed. */
export interface CheckedPlan {
  readonly rewrite?: RewriteCheck | undefined;
  readonly pages?: PagesPlan | undefined;
}

export interface WarmUpPlan extends Preview {
  readonly imageHost: string;
  /** Time allowed for one request through the image host. */
  readonly timeoutMs: number;
}

export interface ProofPlan extends Preview {
  readonly imageHost: string;
  /** Each image url-map made from a changed file, and that file's path in the repository. */
  readonly images: ReadonlyMap<AssetRef, string>;
  /** The commit whose files are the previous versions; absent when the files were given, not detected. */
  readonly base?: string | undefined;
  /** Time allowed for one request through the image host. */
  readonly requestTimeoutMs: number;
  /** Where an image still stale is invalidated once more, and how: as the run's calls went out. */
  readonly service: ServicePlan;
  readonly calls: CallPlan;
}

export interface ReportPlan {
  /** For the summary's thumbnails. */
  readonly imageHost?: string | undefined;
  /** A dry run without a key: the report says so rather than show a key it never had. */
  readonly noApiKey: boolean;
}

/**
 * The run's decisions. `changed`: the files given or detected, when the target asks for them; `early`: what was
 * planned and checked before them.
 */
export function planTheRun(
  settings: Settings,
  early: CheckedPlan,
  changed?: ChangedFiles,
  record?: PendingRecord,
  learned?: LearnedMap,
): RunPlan {
  const { imageHost } = settings;
  const rewriteCheck = early.rewrite;
  const checkOrigins = asksOrigins(settings.originCheck);
  const invalidation = planRun(
    settings,
    changed,
    checkOrigins || settings.verify || rewriteCheck?.with === 'content',
    learned,
  );
  const origin = checkOrigins ? originPlan(settings, invalidation, changed) : undefined;
  const service = { endpoint: settings.endpoint, apiKey: settings.apiKey };
  const calls = {
    concurrency: settings.concurrency,
    timeoutMs: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    policy: origin === undefined ? {} : withOriginWait(origin.waitMs),
  };
  const proof = settings.verify ? proofPlan(settings, invalidation, changed, { service, calls }) : undefined;
  const warm = settings.warm && imageHost !== undefined;
  const rewrite =
    rewriteCheck === undefined
      ? undefined
      : {
          ...rewriteCheck,
          preview: settings.dryRun,
          keepUrls: warm || proof !== undefined,
          fileOf: invalidation.fileOf,
        };
  return {
    invalidation,
    dryRun: settings.dryRun,
    service,
    calls,
    origin,
    rewrite,
    pages: early.pages,
    warm: warm ? { preview: settings.dryRun, imageHost, timeoutMs: settings.timeoutMs } : undefined,
    proof,
    record,
    report: { imageHost, noApiKey: settings.apiKey === '' },
  };
}

/** What is known before the changes: the built files to rewrite, and the pages to read. */
export function planBeforeChanges(settings: Settings): EarlyPlan {
  return { rewrite: planRewrite(settings), pages: planPages(settings) };
}

/** The built files to rewrite, when `rewrite` names some. */
function planRewrite(settings: Settings): RewriteCheck | undefined {
  const { imageHost } = settings;
  if (settings.rewrite.length === 0 || imageHost === undefined) return undefined;
  return { patterns: settings.rewrite, with: settings.rewriteWith, imageHost };
}

/** The pages to read the variants from, when `pages` names some and a stage asks the image host for variants. */
function planPages(settings: Settings): PagesPatterns | undefined {
  const { imageHost } = settings;
  if (settings.pages.length === 0 || imageHost === undefined || !(settings.warm || settings.verify))
    return undefined;
  return { patterns: settings.pages, imageHost };
}

/** `origin-check: content`: an image mapped from a file waits for its origin to serve that file's bytes. */
function asksOrigins(check: OriginCheck): boolean {
  switch (check) {
    case 'content':
      return true;
    case 'off':
      return false;
    default:
      return unhandled(check);
  }
}

/** The images url-map made from changed files, held for their origin; none: nothing to wait for. */
function originPlan(
  settings: Settings,
  invalidation: Plan,
  changed: ChangedFiles | undefined,
): OriginPlan | undefined {
  const images = invalidation.fileOf;
  if (images === undefined || images.size === 0) return undefined;
  const learned = invalidation.files?.learned !== undefined;
  return {
    images,
    waitMs: settings.originTimeoutMs,
    requestTimeoutMs: settings.timeoutMs,
    // The rules that mapped the images: url-map's, or those learned from the site.
    urlMap: invalidation.files?.urlMap ?? [],
    // A learned folder was seen served already: no unchanged image is asked again to prove its rule.
    patterns: settings.target.scope === 'assets' && !learned ? (settings.target.changes?.patterns ?? []) : [],
    base: changed?.base,
  };
}

/** The images to prove fresh: those mapped from files (an image given by URL has no file to compare with). */
function proofPlan(
  settings: Settings,
  invalidation: Plan,
  changed: ChangedFiles | undefined,
  sending: Pick<ProofPlan, 'service' | 'calls'>,
): ProofPlan | undefined {
  const { imageHost } = settings;
  if (imageHost === undefined) return undefined;
  return {
    ...sending,
    preview: settings.dryRun,
    imageHost,
    images: invalidation.fileOf ?? new Map(),
    requestTimeoutMs: settings.timeoutMs,
    base: changed?.base,
  };
}

/** The retry window starts when the first call could go out, not before the wait for origins: it grows by it. */
function withOriginWait(waitMs: number): Partial<CallPolicy> {
  return { retryWindowMs: DEFAULT_POLICY.retryWindowMs + waitMs };
}

/**
 * The record the run writes on its target when it ends (`write`), or why catch-up is off for it (`off`: the record
 * could not be read, so nothing is written and nothing it holds is lost).
 */
export type PendingRecord =
  | {
      readonly state: 'write';
      readonly store: RecordStore;
      /** The record's name: the environment its deployments are on. */
      readonly target: string;
      /** Proves the record written with the service's Root key: only records it proves are read. */
      readonly proof: RecordProof;
      /** What the record said before the run. */
      readonly memory: Memory;
      /** The head's full SHA: the commit whose images the run makes fresh. */
      readonly head: string;
      /** The head was recorded fresh already: nothing compared, nothing to write. */
      readonly freshAlready: boolean;
      /** The spans compared, as full SHAs, oldest first: what the next run owes if this one fails. */
      readonly spans: readonly Span[];
      /** The run's page, for the record's link. */
      readonly runUrl?: string | undefined;
      /** Why even a green run cannot say every image is fresh (a list cut short): it records what it owes. */
      readonly unconfirmed?: string | undefined;
    }
  | { readonly state: 'off'; readonly why: string };
