import type { AssetRef } from '../domain/refs.ts';
import type { ApiAnswer, ApiCall } from '../domain/call.ts';
import type { ApiError } from '../domain/api-error.ts';
import { DEFAULT_POLICY, type CallPolicy } from '../domain/policy.ts';
import { assetsIn, plannedAssets, type InvalidationCall, type Plan } from '../plan/plan.ts';
import { toBatches } from '../domain/batches.ts';
import { systemClock, type Clock } from '../mechanics/clock.ts';
import { AssetResultsBuilder, type AssetResults } from './asset-results.ts';
import {
  Scheduler,
  type CallRecord,
  type SchedulerEvent,
  type SentCall,
  type Settled,
  type Stop,
} from './scheduler.ts';

export type { Attempt, CallError, CallOutcome, CallRecord, SchedulerEvent, SentCall } from './scheduler.ts';

export interface ExecuteOptions {
  /** Sends one call once: the API client, bound to its endpoint, key and dispatcher. */
  readonly send: (call: ApiCall) => Promise<ApiAnswer>;
  /** Invalidation calls in flight at once. */
  readonly concurrency: number;
  readonly maxRetries: number;
  /** The rules and budgets that differ from DEFAULT_POLICY (policy.ts). */
  readonly policy?: Partial<CallPolicy>;
  readonly clock?: Clock;
  /** Cancels the run: no call or retry starts after it is aborted; the calls in flight end and are recorded. */
  readonly signal?: AbortSignal | undefined;
  /** Told of each call as it ends, for progress and debug logs. */
  readonly onCall?: ((record: CallRecord) => void) | undefined;
  /** Told of each retry before its wait: `attempt` is the number of the attempt to come. */
  readonly onRetry?: ((sent: SentCall, error: ApiError, waitMs: number, attempt: number) => void) | undefined;
  /** Told of what the scheduler does as it does it: calls sent, the window, pauses. */
  readonly observer?: (event: SchedulerEvent) => void;
  /** Assets of the plan that may be sent only once something allows it (their origin serves the new version). */
  readonly held?: HeldAssets | undefined;
}

/**
 * Assets held back, released in batches over time: `run` calls `release` with each batch (at most 100) as it may be
 * sent, and resolves, once no more will come, with each asset it never released and why.
 */
export interface HeldAssets {
  readonly refs: ReadonlySet<AssetRef>;
  readonly run: (
    release: (refs: readonly AssetRef[]) => void,
    /** Aborted when the run stops sending (a refused key): what is still held will never be sent. */
    stop: AbortSignal,
  ) => Promise<ReadonlyMap<AssetRef, string>>;
}

export type { AssetOutcome, AssetResult } from './asset-results.ts';

export interface RunResult {
  readonly calls: readonly CallRecord[];
  /** Every asset of the plan, in the order its calls carry them. */
  readonly assets: AssetResults;
  readonly token?: string | undefined;
  /** The call whose failure showed that every other would fail too (a refused key, a wrong address). */
  readonly stoppedBy?: Stop | undefined;
  /** Times a rate limit paused every call. */
  readonly pauses?: number;
  /** The run was cancelled (`signal`): what was not sent is reported so. */
  readonly cancelled?: true;
}

/**
 * Runs the plan's calls: the invalidation calls with at most `concurrency` in flight, then the token call, so that
 * the token is never older than the invalidation. A batch the service finds too large is halved into new calls.
 */
export async function execute(plan: Plan, options: ExecuteOptions): Promise<RunResult> {
  const scheduler = new Scheduler({
    send: options.send,
    concurrency: options.concurrency,
    maxRetries: options.maxRetries,
    policy: { ...DEFAULT_POLICY, ...options.policy },
    clock: options.clock ?? systemClock,
    signal: options.signal,
    onCall: options.onCall,
    onRetry: options.onRetry,
    observer: options.observer,
  });
  // Each asset's place in the run's list is where its call starts plus its place in the call: calls added later
  // (held assets, as they are released) take the places after those already added, so each is reported once.
  const assets = new AssetResultsBuilder();
  const addCall = (call: InvalidationCall): void => {
    void scheduler.add(call, assets.add(assetsIn(call)));
  };
  const held = options.held;
  let unreleased: ReadonlyMap<AssetRef, string> = new Map();
  if (held === undefined) plan.calls.forEach(addCall);
  else {
    for (const call of plan.calls) if (call.route !== 'invalidate/assets') addCall(call);
    const now = plannedAssets(plan).filter((ref) => !held.refs.has(ref));
    for (const assets of toBatches(now)) addCall({ route: 'invalidate/assets', assets });
    unreleased = await held.run((assets) => {
      addCall({ route: 'invalidate/assets', assets: [...assets] });
      // Held assets stop waiting once a call has shown that every other would fail too (a refused key).
    }, scheduler.stopped);
  }
  await scheduler.drained();
  const token = await requestToken(plan, scheduler, assets.length);
  await scheduler.close();
  const cancelled = scheduler.cancelled && scheduler.stoppedBy === undefined;
  const stop = scheduler.stoppedBy;
  const unsent =
    stop === undefined
      ? 'not sent: the run was cancelled'
      : `not sent: ${stop.reason} (call ${stop.call.index})`;
  settleSent(assets, scheduler.settled, unsent);
  // What was still held when the run stopped was never sent; otherwise its origin never served the new file.
  const neverSent = stop !== undefined || cancelled;
  let position = assets.add([...unreleased.keys()]);
  for (const error of unreleased.values()) {
    assets.settle(
      position++,
      1,
      neverSent ? { outcome: 'not-sent', error: unsent } : { outcome: 'not-ready', error },
    );
  }
  return {
    calls: scheduler.settled.map(({ record }) => record).toSorted((a, b) => a.index - b.index),
    assets: assets.build(),
    token,
    stoppedBy: scheduler.stoppedBy,
    pauses: scheduler.pace.pauses,
    ...(scheduler.cancelled ? { cancelled: true } : {}),
  };
}

/** The token call, once the invalidation calls have ended: a token is never older than what it busts. */
async function requestToken(plan: Plan, scheduler: Scheduler, start: number): Promise<string | undefined> {
  if (!plan.token) return undefined;
  return (await scheduler.add({ route: 'token' }, start))?.token;
}

/** Each asset is settled by its last call (a call that was split leaves its assets to its halves), or not sent. */
function settleSent(assets: AssetResultsBuilder, settled: readonly Settled[], unsent: string): void {
  assets.settle(0, assets.length, { outcome: 'not-sent', error: unsent });
  for (const { record, start } of settled) {
    if (record.outcome === 'split') continue;
    const count = assetsIn(record.call).length;
    if (record.error === undefined)
      assets.settle(start, count, { outcome: 'invalidated', call: record.index });
    else assets.settle(start, count, { outcome: 'failed', call: record.index, error: record.error.message });
  }
}
