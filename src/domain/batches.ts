import type { AssetRef } from './refs.ts';

/** The service's limit of assets per invalidation call (API spec, part 8). */
export const MAX_ASSETS_PER_CALL = 100;

/** Consecutive slices of at most `size` references. An empty list gives no batch at all. */
export function toBatches(refs: readonly AssetRef[], size: number = MAX_ASSETS_PER_CALL): AssetRef[][] {
  const batches: AssetRef[][] = [];
  for (let start = 0; start < refs.length; start += size) batches.push(refs.slice(start, start + size));
  return batches;
}

/** Two halves, the first the larger: what is left to try after the service answered "Too many assets". */
export function halve(batch: readonly AssetRef[]): [AssetRef[], AssetRef[]] {
  const middle = Math.ceil(batch.length / 2);
  return [batch.slice(0, middle), batch.slice(middle)];
}
