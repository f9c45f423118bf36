import { setFlagsFromString } from 'node:v8';

/**
 * Keeps V8's young generation from growing, for the rest of the process, past the size it has when this is called
 * (V8 may still shrink it in a quiet wait): the entries call it once the action's code is loaded, which leaves it at
 * 2 MiB a semi-space.
 *
 * V8 doubles its young generation (up to 32 MiB a semi-space, with pages that stay resident) each time as many
 * bytes have survived its collections as it holds. A large run's plan and its calls' answers outlive a collection
 * or two by the hundred thousand, so the young generation grew to its most and made a third of the action's peak
 * memory (BENCHMARKS.md, section 0.1). Kept small, what survives moves to the old generation, which frees it once
 * unused. Smaller still (V8's first 1 MiB, if called before loading) would save 10 MiB at 100,000 assets for a
 * tenth more CPU at 1,000,000.
 *
 * The runner passes `node` no flag, and the young generation's largest size is fixed when V8 starts; its growth
 * factor is read each time it grows, so it is set here. Only the entries call this, never the library: the process
 * is not the library's.
 */
export function keepYoungGenerationSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
