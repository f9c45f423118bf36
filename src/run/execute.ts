import { halve, MAX_ASSETS_PER_CALL, toBatches } from '../assets/batches.ts';
import type { AssetRef } from '../assets/refs.ts';
import type { ApiAnswer, ApiCall, Route } from '../api/client.ts';
import type { ApiError } from '../api/errors.ts';
import { systemClock, withRetries, type Attempt, type Clock } from '../api/retry.ts';
import type { Plan } from '../plan.ts';

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
  readonly onCall?: (call: CallRecord) => void;
  /** Told of each retry before its wait: `attempt` is the number of the attempt to come. */
  readonly onRetry?: (call: CallTarget, error: ApiError, waitMs: number, attempt: number) => void;
}

/** confirmed: the service answered 2xx; split: it answered "Too many assets", and the halves were sent instead. */
export type CallOutcome = 'confirmed' | 'failed' | 'split';

/** Which call: its number, route and what it carries. */
export interface CallTarget {
  /** 1, 2, 3… in the order the calls were first sent. */
  readonly index: number;
  readonly route: Route;
  readonly domain?: string;
  readonly assets?: readonly AssetRef[];
}

export interface CallRecord extends CallTarget {
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
  /** With scope `assets`: every reference, in input order. */
  readonly assets: readonly AssetResult[];
  readonly token?: string;
  /** The call whose failure showed that every other would fail too (a refused key, a wrong address). */
  readonly stoppedBy?: { readonly call: CallRecord; readonly reason: string; readonly keyRefused: boolean };
}

/** Runs the plan: invalidation first, then the token, so that the token is never older than the invalidation. */
export async function execute(plan: Plan, options: ExecuteOptions): Promise<RunResult> {
  const run = new Run(options);
  const invalidation = plan.invalidation;
  let assets: AssetResult[] = [];
  switch (invalidation.scope) {
    case 'all':
      await run.call({ route: 'invalidate/all' });
      break;
    case 'domain':
      await run.call({ route: 'invalidate/domain', domain: invalidation.domain });
      break;
    case 'assets':
      assets = await run.assets(invalidation.assets, invalidation.batches);
      break;
    case 'none':
      break;
  }
  let token: string | undefined;
  if (plan.token && run.stoppedBy === undefined) {
    token = (await run.call({ route: 'token' })).answer?.token;
  }
  return {
    calls: run.calls,
    assets,
    ...(token === undefined ? {} : { token }),
    ...(run.stoppedBy === undefined ? {} : { stoppedBy: run.stoppedBy }),
  };
}

interface Sent {
  readonly record: CallRecord;
  readonly answer?: ApiAnswer;
}

/** The state of one execution: the calls made so far, and whether the key was refused. */
class Run {
  stoppedBy: RunResult['stoppedBy'];
  private readonly records: CallRecord[] = [];
  private sent = 0;
  private readonly options: ExecuteOptions;
  private readonly clock: Clock;
  private readonly deadline: number;

  constructor(options: ExecuteOptions) {
    this.options = options;
    this.clock = options.clock ?? systemClock;
    this.deadline = this.clock.now() + options.retryWindowMs;
  }

  /** Sends one call with retries and records it. `split` decides whether a failure was answered by splitting. */
  async call(call: ApiCall, split?: (error: ApiError) => boolean): Promise<Sent> {
    const index = ++this.sent; // numbered when sent, so that the report shows calls in the order they went out
    const { options } = this;
    const policy = {
      maxRetries: options.maxRetries,
      baseDelayMs: options.baseDelayMs,
      maxDelayMs: options.maxDelayMs,
      deadline: this.deadline,
    };
    const target: CallTarget = {
      index,
      route: call.route,
      ...(call.route === 'invalidate/domain' ? { domain: call.domain } : {}),
      ...(call.route === 'invalidate/assets' ? { assets: call.assets } : {}),
    };
    const result = await withRetries(
      () => options.send(call),
      policy,
      this.clock,
      (error, wait, attempt) => options.onRetry?.(target, error, wait, attempt),
    );
    const record: CallRecord = {
      ...target,
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

  /** Every call, in the order sent. */
  get calls(): CallRecord[] {
    return this.records.toSorted((a, b) => a.index - b.index);
  }

  /**
   * Sends the batches with at most `concurrency` calls in flight. A batch the service finds too large is halved, and
   * the smaller size is kept for every batch after it, so that every asset still gets its call.
   */
  async assets(refs: readonly AssetRef[], batches: readonly AssetRef[][]): Promise<AssetResult[]> {
    // Each asset's last call, by its position in `refs`: no per-asset work while calls are in flight.
    const lastCall = new Array<CallRecord | undefined>(refs.length);
    const queue = new BatchQueue(refs, batches);
    const worker = async (): Promise<void> => {
      for (
        let slice = queue.take();
        slice !== undefined && this.stoppedBy === undefined;
        slice = queue.take()
      ) {
        const sent = slice;
        const { record } = await this.call({ route: 'invalidate/assets', assets: sent.refs }, (error) => {
          if (!error.tooManyAssets || sent.refs.length === 1) return false;
          queue.halve(sent);
          return true;
        });
        if (record.outcome !== 'split') lastCall.fill(record, sent.start, sent.start + sent.refs.length);
      }
    };
    await Promise.all(Array.from({ length: this.options.concurrency }, worker));
    const stop = this.stoppedBy;
    const notSent = `not sent: ${stop?.reason ?? 'the run stopped'} (call ${stop?.call.index ?? '?'})`;
    return refs.map((ref, position): AssetResult => {
      const record = lastCall[position];
      if (record === undefined) return { ref, outcome: 'not-sent', error: notSent };
      if (record.error === undefined) return { ref, outcome: 'invalidated', call: record.index };
      return { ref, outcome: 'failed', call: record.index, error: record.error.message };
    });
  }
}

/** Consecutive assets of the plan: where they start in its list, and the references. */
interface Slice {
  readonly start: number;
  readonly refs: AssetRef[];
}

/** Batches waiting to be sent. Halves of a split batch go first; later batches are cut to the smaller size. */
class BatchQueue {
  private readonly waiting: Slice[] = [];
  private next = 0;
  private readonly first: Slice[] = [];
  private limit = MAX_ASSETS_PER_CALL;

  /** `batches` are consecutive slices of `refs`, as planRun cuts them. */
  constructor(refs: readonly AssetRef[], batches: readonly AssetRef[][]) {
    let start = 0;
    for (const batch of batches) {
      if (batch.some((ref, i) => ref !== refs[start + i]))
        throw new Error('the batches are not slices of the assets');
      this.waiting.push({ start, refs: batch });
      start += batch.length;
    }
    if (start !== refs.length) throw new Error('the batches do not cover the assets');
  }

  take(): Slice | undefined {
    const slice = this.first.pop() ?? this.waiting[this.next++];
    if (slice === undefined || slice.refs.length <= this.limit) return slice;
    const parts = toBatches(slice.refs, this.limit).map((refs, i) => ({
      start: slice.start + i * this.limit,
      refs,
    }));
    const [head, ...rest] = parts;
    this.first.push(...rest.reverse());
    return head;
  }

  halve(slice: Slice): void {
    const [larger, smaller] = halve(slice.refs);
    this.limit = Math.min(this.limit, larger.length);
    this.first.push(
      { start: slice.start + larger.length, refs: smaller },
      { start: slice.start, refs: larger },
    );
  }
}

function callError(error: ApiError): CallError {
  return {
    message: error.message,
    kind: error.kind,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.code === undefined ? {} : { code: error.code }),
  };
}
