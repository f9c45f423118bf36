import { halve, MAX_ASSETS_PER_CALL, toBatches } from '../assets/batches.ts';
import type { AssetRef } from '../assets/refs.ts';
import type { ApiAnswer, ApiCall } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { systemClock, withRetries, type Attempt, type Clock } from '../api/retry.ts';
import { assetsIn, plannedAssets, type Plan } from '../plan.ts';
import { Pace } from './pace.ts';

export interface ExecuteOptions {
  /** Sends one call once: the API client, bound to its endpoint, key and dispatcher. */
  readonly send: (call: ApiCall) => Promise<ApiAnswer>;
  /** Invalidation calls in flight at once. */
  readonly concurrency: number;
  readonly maxRetries: number;
  /** How long after the start retries may still begin. */
  readonly retryWindowMs: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly clock?: Clock;
  /** Told of each call as it ends, for progress and debug logs. */
  readonly onCall?: (record: CallRecord) => void;
  /** Once aborted, no new call starts; the calls in flight end as they would. */
  readonly signal?: AbortSignal;
  /** Told of each retry before its wait: `attempt` is the number of the attempt to come. */
  readonly onRetry?: (sent: SentCall, error: ApiError, waitMs: number, attempt: number) => void;
}

/**
 * confirmed: the service answered 2xx; split: it answered "Too many assets", or refused the call's content, and the
 * halves were sent instead.
 */
export type CallOutcome = 'confirmed' | 'failed' | 'split';

/** A call as it went out: numbered 1, 2, 3… in the order the calls were first sent. */
export interface SentCall {
  readonly index: number;
  readonly call: ApiCall;
}

export interface CallRecord extends SentCall {
  readonly outcome: CallOutcome;
  readonly attempts: readonly Attempt[];
  readonly error?: CallError;
}

export interface CallError {
  readonly message: string;
  readonly kind: ApiError['kind'];
  readonly status?: number;
  readonly code?: string;
}

export type AssetOutcome = 'invalidated' | 'failed' | 'not-sent';

export interface AssetResult {
  readonly ref: AssetRef;
  readonly outcome: AssetOutcome;
  /** The call that confirmed or last failed it. */
  readonly call?: number;
  readonly error?: string;
}

export interface RunResult {
  readonly calls: readonly CallRecord[];
  /** Every asset of the plan, in the order its calls carry them. */
  readonly assets: readonly AssetResult[];
  readonly token?: string;
  /** The call whose failure showed that every other would fail too (a refused key, a wrong address). */
  readonly stoppedBy?: { readonly call: CallRecord; readonly reason: string; readonly keyRefused: boolean };
  /** Times a rate limit paused every worker. */
  readonly pauses?: number;
  /** The signal was aborted: the calls not started then were not sent. */
  readonly cancelled?: true;
}

/**
 * Runs the plan's calls: the invalidation calls with at most `concurrency` in flight, then the token call, so that
 * the token is never older than the invalidation. A batch the service finds too large is halved into new calls.
 */
export async function execute(plan: Plan, options: ExecuteOptions): Promise<RunResult> {
  const run = new Run(options);
  const refs = plannedAssets(plan);
  // Each asset's last call, by its position in `refs`: no per-asset work while calls are in flight.
  const lastCall = new Array<CallRecord | undefined>(refs.length);
  const queue = new CallQueue(plan.calls);
  const going = (): boolean => run.stoppedBy === undefined && options.signal?.aborted !== true;
  const worker = async (): Promise<void> => {
    for (let next = queue.take(); next !== undefined && going(); next = queue.take()) {
      const { call, start } = next;
      const { record } = await run.send(call, (error) => queue.split(next, error));
      if (record.outcome !== 'split') lastCall.fill(record, start, start + assetsIn(call).length);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));

  const token = plan.token && going() ? (await run.send({ route: 'token' })).answer?.token : undefined;
  const cancelled = options.signal?.aborted === true && run.stoppedBy === undefined;
  return {
    calls: run.calls,
    assets: assetResults(refs, lastCall, cancelled ? { reason: 'the run was cancelled' } : run.stoppedBy),
    ...(token === undefined ? {} : { token }),
    ...(run.stoppedBy === undefined ? {} : { stoppedBy: run.stoppedBy }),
    pauses: run.pace.pauses,
    ...(cancelled ? { cancelled: true as const } : {}),
  };
}

/** "Not now, too many": a 429, or a 503 that says when to come back. */
function isRateLimit(error: ApiError): boolean {
  return error.status === 429 || (error.status === 503 && error.retryAfterMs !== undefined);
}

function assetResults(
  refs: readonly AssetRef[],
  lastCall: readonly (CallRecord | undefined)[],
  stop: { readonly reason: string; readonly call?: SentCall } | undefined,
): AssetResult[] {
  const by = stop?.call === undefined ? '' : ` (call ${stop.call.index})`;
  const notSent = `not sent: ${stop?.reason ?? 'the run stopped'}${by}`;
  return refs.map((ref, position): AssetResult => {
    const record = lastCall[position];
    if (record === undefined) return { ref, outcome: 'not-sent', error: notSent };
    if (record.error === undefined) return { ref, outcome: 'invalidated', call: record.index };
    return { ref, outcome: 'failed', call: record.index, error: record.error.message };
  });
}

/** The state of one execution: the calls sent so far, and whether one showed that the rest would fail. */
class Run {
  stoppedBy: RunResult['stoppedBy'];
  private readonly records: CallRecord[] = [];
  private sent = 0;
  private readonly options: ExecuteOptions;
  private readonly clock: Clock;
  private readonly deadline: number;

  readonly pace: Pace;

  constructor(options: ExecuteOptions) {
    this.options = options;
    this.clock = options.clock ?? systemClock;
    this.deadline = this.clock.now() + options.retryWindowMs;
    this.pace = new Pace(options.concurrency, this.clock, this.deadline);
  }

  /** Sends one call with retries and records it. `split` decides whether a failure was answered by splitting. */
  async send(
    call: ApiCall,
    split?: (error: ApiError) => boolean,
  ): Promise<{ record: CallRecord; answer?: ApiAnswer }> {
    // Numbered when sent, so that the report shows calls in the order they went out.
    const sent: SentCall = { index: ++this.sent, call };
    const { options } = this;
    const policy = {
      maxRetries: options.maxRetries,
      baseDelayMs: options.baseDelayMs,
      maxDelayMs: options.maxDelayMs,
      deadline: this.deadline,
    };
    const result = await withRetries(
      () => this.paced(call),
      policy,
      this.clock,
      (error, wait, attempt) => options.onRetry?.(sent, error, wait, attempt),
    );
    const record: CallRecord = {
      ...sent,
      outcome: result.ok ? 'confirmed' : split?.(result.error) === true ? 'split' : 'failed',
      attempts: result.attempts,
      ...(result.ok ? {} : { error: callError(result.error) }),
    };
    this.records.push(record);
    const reason = result.ok ? undefined : result.error.stopsTheRun;
    if (reason !== undefined && !result.ok) {
      this.stoppedBy ??= { call: record, reason, keyRefused: result.error.keyRefused };
    }
    options.onCall?.(record);
    return { record, ...(result.ok ? { answer: result.value } : {}) };
  }

  /** One attempt, at the pace the workers share: after any pause, within the calls in flight the pace allows. */
  private async paced(call: ApiCall): Promise<ApiAnswer> {
    await this.pace.acquire();
    let succeeded = false;
    try {
      const answer = await this.options.send(call);
      succeeded = true;
      return answer;
    } catch (error) {
      if (error instanceof ApiError && isRateLimit(error)) this.pace.rateLimited(error.retryAfterMs);
      throw error;
    } finally {
      this.pace.release(succeeded);
    }
  }

  /** Every call, in the order sent. */
  get calls(): CallRecord[] {
    return this.records.toSorted((a, b) => a.index - b.index);
  }
}

/** A call waiting to be sent, and where its assets start in the plan's list of assets. */
interface Queued {
  readonly call: ApiCall;
  readonly start: number;
}

/**
 * Extra calls a run may spend finding the entries the service refuses. Halving a refused batch of n assets down to
 * its k refused entries sends at most 2·k·⌈log2 n⌉ calls (both halves at each level on the way to each entry): for
 * one bad entry in 100, at most 14. Past this budget, a refused batch is reported failed as it is.
 */
export const MAX_BISECTION_CALLS = 100;

/**
 * The invalidation calls waiting to be sent. A batch the service finds too large is halved, its halves go first,
 * and every later batch is cut to the smaller size, so that every asset still gets its call. A batch refused for
 * its content is halved too, down to the entries refused, so that one bad entry does not sink its neighbours.
 */
class CallQueue {
  private readonly waiting: Queued[] = [];
  private next = 0;
  private readonly first: Queued[] = [];
  private limit = MAX_ASSETS_PER_CALL;
  private bisectionCalls = MAX_BISECTION_CALLS;

  constructor(calls: readonly ApiCall[]) {
    let start = 0;
    for (const call of calls) {
      this.waiting.push({ call, start });
      start += assetsIn(call).length;
    }
  }

  take(): Queued | undefined {
    const queued = this.first.pop() ?? this.waiting[this.next++];
    if (queued?.call.route !== 'invalidate/assets' || queued.call.assets.length <= this.limit) return queued;
    const [head, ...rest] = batchesOf(queued.start, toBatches(queued.call.assets, this.limit));
    this.first.push(...rest.reverse());
    return head;
  }

  /** Whether the failure of `queued` is answered by sending its halves instead. */
  split(queued: Queued, error: ApiError): boolean {
    const { call } = queued;
    if (call.route !== 'invalidate/assets' || call.assets.length === 1) return false;
    const halves = halve(call.assets);
    if (error.tooManyAssets) this.limit = Math.min(this.limit, halves[0].length);
    else if (error.refusedForContent && this.bisectionCalls >= 2) this.bisectionCalls -= 2;
    else return false;
    this.first.push(...batchesOf(queued.start, halves).reverse());
    return true;
  }
}

/** Consecutive batches as calls, from position `start` of the plan's assets on. */
function batchesOf(start: number, batches: readonly AssetRef[][]): Queued[] {
  let position = start;
  return batches.map((assets) => {
    const queued: Queued = { call: { route: 'invalidate/assets', assets }, start: position };
    position += assets.length;
    return queued;
  });
}

function callError(error: ApiError): CallError {
  return {
    message: error.message,
    kind: error.kind,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.code === undefined ? {} : { code: error.code }),
  };
}
