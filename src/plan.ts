import { toBatches } from './assets/batches.ts';
import type { AssetRef } from './assets/refs.ts';
import type { Settings, Target } from './settings.ts';

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
    };

export function planRun(settings: Pick<Settings, 'target' | 'token'>): Plan {
  const { target } = settings;
  const invalidation: Invalidation =
    target.scope === 'assets' ? { ...target, batches: toBatches(target.assets) } : target;
  return { invalidation, token: settings.token };
}
