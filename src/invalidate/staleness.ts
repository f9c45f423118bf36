/**
 * How stale each image stayed: from the moment its origin served the new version to the moment its invalidation
 * landed. The check cannot see the flip itself, only the last ask that found the previous version, so each figure is
 * an upper bound: from that ask's start to the end of the call that invalidated the image. An image its origin
 * already served on the first ask flipped before the check began: it has no figure.
 */
import type { AssetRef } from '../domain/refs.ts';
import type { OriginCheck } from '../origin/wait.ts';
import type { AssetResults } from '../service/asset-results.ts';
import type { CallRecord } from '../service/scheduler.ts';

/** Each image's staleness bound in ms, by ref: only images seen to flip during the wait and invalidated. */
export function stalenessOf(
  checks: readonly OriginCheck[],
  assets: AssetResults,
  calls: readonly CallRecord[],
): Map<AssetRef, number> {
  const flippedAt = new Map<AssetRef, number>();
  for (const check of checks)
    if (check.state === 'ready' && check.previousAt !== undefined) flippedAt.set(check.ref, check.previousAt);
  const ends = new Map<number, number>();
  for (const record of calls) {
    const last = record.attempts.at(-1);
    if (last !== undefined) ends.set(record.index, last.startedAt + last.durationMs);
  }
  const staleness = new Map<AssetRef, number>();
  if (flippedAt.size === 0) return staleness;
  for (const asset of assets) {
    const since = flippedAt.get(asset.ref);
    const end = asset.call === undefined ? undefined : ends.get(asset.call);
    if (asset.outcome === 'invalidated' && since !== undefined && end !== undefined)
      staleness.set(asset.ref, Math.max(0, end - since));
  }
  return staleness;
}

/** The staleness bounds of the images seen to flip, at p50, p95 and the worst; none when no image was. */
export interface StalenessFigures {
  readonly images: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
}

export function stalenessFigures(staleness: ReadonlyMap<AssetRef, number>): StalenessFigures | undefined {
  const sorted = [...staleness.values()].toSorted((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const at = (p: number): number => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
  return {
    images: sorted.length,
    p50Ms: Math.round(at(0.5)),
    p95Ms: Math.round(at(0.95)),
    maxMs: Math.round(sorted.at(-1) ?? 0),
  };
}
