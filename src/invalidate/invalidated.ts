/** What the invalidation stage reads of the plan, and what it returns: the leaf its voices share. */
import type { Plan } from '../plan/plan.ts';
import type { RunPlan } from '../plan/run-plan.ts';
import type { RunResult } from '../service/execute.ts';
import type { OriginReport } from '../origin/hold.ts';
import type { Outcome } from './outcome.ts';

/** What the invalidation reads of the plan. */
export type InvalidateSlice = Pick<
  RunPlan,
  'invalidation' | 'dryRun' | 'service' | 'calls' | 'origin' | 'report'
>;

/** What the invalidation did, and what its words need of its plan (never the key). */
export interface Invalidated {
  readonly plan: Plan;
  readonly dryRun: boolean;
  /** For the summary's thumbnails. */
  readonly imageHost?: string | undefined;
  /** A dry run given no API key (nothing is sent, so none is needed): the key was not checked. */
  readonly noApiKey: boolean;
  /** Absent on a dry run. */
  readonly result?: RunResult | undefined;
  /** What the origin check saw, when it held images. */
  readonly origin?: OriginReport | undefined;
  /** What the calls came to when the stage ended: what the stages after it read as `Landed`. */
  readonly outcome: Outcome;
}
