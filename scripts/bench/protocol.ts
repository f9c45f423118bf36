/**
 * What the benchmark's parent (scripts/bench.ts) and its case script (scripts/bench/case.ts) say to each other:
 * the parent passes a CaseSpec as JSON in argv[2], the child prints one CaseResult as JSON on its last stdout line.
 */

/** The emulator's fixed latency per call, as the benchmark's ideal times assume. */
export const LATENCY_MS = 25;

/** The service's limit of assets per call (API spec, part 8). */
export const ASSETS_PER_CALL = 100;

/** The emulator's Root key (test/emulator/accounts.ts, DEMO_KEYS). */
export const ROOT_KEY = 'root-key-0001';

/**
 * - `action`: execute() with the real client (sendCall) over createDispatcher(concurrency, 30_000);
 * - `per-asset`: what a curl loop over changed files does: one call per asset, one after the other;
 * - `per-batch`: a hand-written `for` loop with `await`: one call per 100 assets, one after the other;
 * - `floor`: `concurrency` such loops at once, sharing one cursor: the least any client can do against this
 *   emulator, so that the harness's own overhead shows apart from the action's;
 * - `idle`: loads the same modules and sends nothing, for the baseline of the memory figures.
 */
export type CaseMode = 'action' | 'per-asset' | 'per-batch' | 'floor' | 'idle';

export interface CaseSpec {
  readonly mode: CaseMode;
  readonly assets: number;
  /** Calls in flight at once; the hand-written loops always have 1. */
  readonly concurrency: number;
  /** `{emulator.url}/api/{serviceKey}/v2/cache` */
  readonly endpoint: string;
}

export interface CaseResult {
  /** Wall time of the sending alone (execute(), or the loop), in milliseconds. */
  readonly wallMs: number;
  /** Parsing the asset list as the action does and planning the batches, in milliseconds (action mode only). */
  readonly prepareMs: number;
  /** CPU time (user + system) of the client process during that wall time, in milliseconds. */
  readonly cpuMs: number;
  /** Calls the client sent, by its own count. */
  readonly calls: number;
  /** Assets the client saw confirmed. */
  readonly confirmed: number;
  /** process.resourceUsage().maxRSS at the end of the child, in KiB. */
  readonly maxRssKiB: number;
}

/** Asset number `i`: distinct full image URLs, of a typical length. */
export function assetUrl(i: number): string {
  return `https://www.example.com/images/products/2025/photo-${String(i).padStart(6, '0')}.jpg`;
}

/** The ideal wall time: every call takes exactly the emulator's latency, `concurrency` of them at once. */
export function idealMs(assets: number, concurrency: number): number {
  return Math.ceil(assets / ASSETS_PER_CALL / concurrency) * LATENCY_MS;
}

export function isCaseResult(value: unknown): value is CaseResult {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return ['wallMs', 'cpuMs', 'prepareMs', 'calls', 'confirmed', 'maxRssKiB'].every(
    (key) => typeof record[key] === 'number',
  );
}
