/**
 * The contract every stage after the plan keeps: it is called with its slice of the plan, the results before it and
 * the run's context, and returns its own result as a value.
 */
import type { AssetRef } from '../domain/refs.ts';
import type { Clock } from '../mechanics/clock.ts';
import type { Log } from '../shown/log.ts';
import type { Redact } from '../shown/redact.ts';

/** What every stage shares: where it writes, what it withholds, its time and its cancel, and where the checkout is. */
export interface RunContext {
  readonly log: Log;
  readonly redact: Redact;
  /** The run's time: the system's, unless a test runs the flow on virtual time. */
  readonly clock: Clock;
  /** The run's cancel: no stage starts new work after it. */
  readonly signal: AbortSignal | undefined;
  /** Where the checkout is: asked only by a stage that reads it (the CI's context reads a file). */
  readonly workspace: () => string;
}

/** What the invalidation landed, as the stages after it (rewrite, warm-up, proof) read it. */
export interface Landed {
  readonly cancelled: boolean;
  /** The fresh cache token, when one was requested and obtained. */
  readonly token?: string | undefined;
  /** Confirmed by the service. */
  readonly invalidated: readonly AssetRef[];
  /** Invalidated, or on a dry run those that would be: what a preview counts. */
  readonly touched: readonly AssetRef[];
}
