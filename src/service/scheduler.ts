import { unhandled } from '../mechanics/exhaustive.ts';
import { halve, MAX_ASSETS_PER_CALL, toBatches } from '../domain/batches.ts';
import type { AssetRef } from '../domain/refs.ts';
import type { ApiAnswer, ApiCall } from '../domain/call.ts';
import { ApiError, type FailureKind } from '../domain/api-error.ts';
import { decide, type CallPolicy, type Decision } from '../domain/policy.ts';
import { assetsIn } from '../plan/plan.ts';
import type { Clock } from '../mechanics/clock.ts';
import { Pace } from './pace.ts';
import { errorMessage } from '../mechanics/error-message.ts';

/** One try of a call, as the report shows it. Times are milliseconds on the run's clock. */
export interface Attempt {
  readonly startedAt: number;
  readonly durationMs: number;
  /** The HTTP status, when the service answered. */
  readonly status?: number | undefined;
  /** What kind of failure, when it failed. */
  readonly kind?: FailureKind;
  /** The server's error code, or the system's for a network failure (`ECONNRESET`). */
  readonly code?: string | undefined;
  readonly error?: string;
  /** The wait before the next attempt, when there was one. */
  readonly waitMs?: number;
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
  readonly error?: CallError | undefined;
}

export interface CallError {
  readonly message: string;
  readonly kind: FailureKind;
  readonly status?: number | undefined;
  readonly code?: string | undefined;
}

/** What the scheduler does, as it does it: for tests that check its promises, and for progress displays. */
export type SchedulerEvent =
  /** A call goes out: the calls in flight with it, and the most allowed (the concurrency, or the window if less). */
  | { readonly type: 'send'; readonly index: number; readonly inFlight: number; readonly limit: number }
  | { readonly type: 'window'; readonly window: number }
  | { readonly type: 'pause'; readonly waitMs: number }
  | { readonly type: 'resume' }
  /** After every change: the calls in flight, the most allowed, the calls ready to go, and whether any may. */
  | {
      readonly type: 'settled';
      readonly inFlight: number;
      readonly limit: number;
      readonly ready: number;
      readonly paused: boolean;
      readonly halted: boolean;
    };

export interface SchedulerOptions {
  readonly send: (call: ApiCall) => Promise<ApiAnswer>;
  readonly concurrency: number;
  readonly maxRetries: number;
  readonly policy: CallPolicy;
  readonly clock: Clock;
  /** Once aborted, no call or retry starts; the calls in flight end and are recorded. */
  readonly signal?: AbortSignal | undefined;
  readonly onCall?: ((record: CallRecord) => void) | undefined;
  readonly onRetry?: ((sent: SentCall, error: ApiError, waitMs: number, attempt: number) => void) | undefined;
  readonly observer?: ((event: SchedulerEvent) => void) | undefined;
}

export interface Stop {
  readonly call: CallRecord;
  readonly reason: string;
  readonly keyRefused: boolean;
}

/** A call waiting to be sent, and where its assets start in the run's list of assets. */
interface Job {
  readonly call: ApiCall;
  readonly start: number;
  index?: number;
  readonly attempts: Attempt[];
  lastError?: ApiError;
  settled: boolean;
  readonly answered: (answer: ApiAnswer | undefined) => void;
}

/** A settled call and where its assets start in the run's list of assets. */
export interface Settled {
  readonly record: CallRecord;
  readonly start: number;
}

/**
 * Keeps min(concurrency, window, calls ready) calls in flight for as long as work remains or may still be added:
 * the halves of a split, retries after their wait, and calls added while it runs. Each failed attempt goes to the
 * policy's `decide`, and the scheduler carries the decision out.
 */
export class Scheduler {
  stoppedBy: Stop | undefined;
  readonly settled: Settled[] = [];
  readonly pace: Pace;
  private readonly options: SchedulerOptions;
  private readonly deadline: number;
  /** Halves and retries: sent before the calls added, last in first out. */
  private readonly first: Job[] = [];
  private readonly added: (Job | undefined)[] = [];
  private nextAdded = 0;
  /** Calls waiting out their backoff. */
  private readonly waiting = new Set<Job>();
  private inFlight = 0;
  private sentCalls = 0;
  private sizeLimit = MAX_ASSETS_PER_CALL;
  private bisectionCallsLeft: number;
  private idle: (() => void)[] = [];
  /** Ends every sleep once the run is over, so that no timer outlives it. */
  private readonly over = new AbortController();
  /** Aborted as `stoppedBy` is set: what waits to be added (held assets) stops waiting. */
  private readonly stop = new AbortController();

  /** Aborted once a call has shown that every other would fail too (a refused key, a wrong address). */
  get stopped(): AbortSignal {
    return this.stop.signal;
  }

  constructor(options: SchedulerOptions) {
    this.options = options;
    this.deadline = options.clock.now() + options.policy.retryWindowMs;
    this.pace = new Pace(options.concurrency);
    this.bisectionCallsLeft = options.policy.maxBisectionCalls;
    options.signal?.addEventListener(
      'abort',
      () => {
        this.halt();
      },
      { once: true },
    );
  }

  get cancelled(): boolean {
    return this.options.signal?.aborted === true;
  }

  /** Adds a call to send; `start` is where its assets start in the run's list. Resolves with its answer, if any. */
  add(call: ApiCall, start: number): Promise<ApiAnswer | undefined> {
    return new Promise((answered) => {
      const job: Job = { call, start, attempts: [], settled: false, answered };
      if (this.halted) this.settle(job, undefined);
      else this.added.push(job);
      this.pump();
    });
  }

  /** Resolves once nothing is ready, waiting or in flight. */
  drained(): Promise<void> {
    return new Promise((resolve) => {
      this.idle.push(resolve);
      this.checkIdle();
    });
  }

  /** No more calls will be added: waits for the work to end, then ends every timer. */
  async close(): Promise<void> {
    await this.drained();
    this.over.abort();
  }

  private get halted(): boolean {
    return this.stoppedBy !== undefined || this.cancelled;
  }

  private get limit(): number {
    return Math.min(this.options.concurrency, this.pace.window);
  }

  private get ready(): number {
    return this.first.length + this.added.length - this.nextAdded;
  }

  private pump(): void {
    while (!this.halted && !this.pace.isPaused && this.inFlight < this.limit) {
      const job = this.take();
      if (job === undefined) break;
      void this.attempt(job);
    }
    this.options.observer?.({
      type: 'settled',
      inFlight: this.inFlight,
      limit: this.limit,
      ready: this.ready,
      paused: this.pace.isPaused,
      halted: this.halted,
    });
    this.checkIdle();
  }

  /** The next call, cut to the size the service accepts. */
  private take(): Job | undefined {
    let job = this.first.pop();
    if (job === undefined && this.nextAdded < this.added.length) {
      job = this.added[this.nextAdded];
      this.added[this.nextAdded++] = undefined; // released: a long run holds no call it has sent
      if (this.nextAdded === this.added.length) {
        this.added.length = 0;
        this.nextAdded = 0;
      }
    }
    if (job?.call.route !== 'invalidate/assets' || job.call.assets.length <= this.sizeLimit) return job;
    const [head, ...rest] = this.jobsOf(job, toBatches(job.call.assets, this.sizeLimit));
    this.first.push(...rest.reverse());
    // A call already tried (and waiting to be sent again) is recorded as split: its attempts went out.
    if (job.attempts.length > 0) this.record(job, 'split');
    else this.settle(job, undefined);
    return head;
  }

  private async attempt(job: Job): Promise<void> {
    const { options } = this;
    job.index ??= ++this.sentCalls;
    const attempt = this.pace.sending();
    this.inFlight += 1;
    options.observer?.({ type: 'send', index: job.index, inFlight: this.inFlight, limit: this.limit });
    const startedAt = options.clock.now();
    let outcome: { answer: ApiAnswer } | { failure: ApiError };
    try {
      outcome = { answer: await options.send(job.call) };
    } catch (thrown) {
      outcome = { failure: thrown instanceof ApiError ? thrown : unexpected(thrown) };
    }
    this.inFlight -= 1;
    const durationMs = options.clock.now() - startedAt;
    if ('answer' in outcome) {
      job.attempts.push({ startedAt, durationMs, status: outcome.answer.status });
      this.windowChange(() => {
        this.pace.succeeded(attempt);
      });
      this.record(job, 'confirmed', outcome.answer);
    } else {
      job.lastError = outcome.failure;
      this.failed(job, attempt, outcome.failure, { startedAt, durationMs, ...facts(outcome.failure) });
    }
    this.pump();
  }

  private failed(job: Job, attempt: number, failure: ApiError, tried: Attempt): void {
    const { options } = this;
    const decision = decide(
      failure,
      {
        retries: job.attempts.length,
        maxRetries: options.maxRetries,
        now: options.clock.now(),
        deadline: this.deadline,
        random: options.clock.random(),
        assets: assetsIn(job.call).length,
        bisectionCallsLeft: this.bisectionCallsLeft,
      },
      options.policy,
    );
    if (slowsDown(decision)) this.windowChange(() => this.pace.rateLimited(attempt));
    switch (decision.action) {
      case 'retry':
      case 'pause': {
        if (decision.action === 'pause') {
          if (decision.alone === true)
            this.windowChange(() => {
              this.pace.alone();
            });
          this.pause(decision.waitMs);
        }
        const retry = decision.action === 'retry' || decision.retry;
        if (!retry || this.halted) {
          job.attempts.push(tried);
          this.record(job, 'failed', undefined, this.halted ? this.haltReason() : undefined);
          return;
        }
        job.attempts.push({ ...tried, waitMs: decision.waitMs });
        // Paused: the retry waits with every other call for the pause to end.
        if (decision.action === 'pause') this.first.push(job);
        else this.wait(job, decision.waitMs);
        // Told once queued: a listener that cancels the run finds the retry where the cancel ends it.
        options.onRetry?.(
          { index: job.index ?? 0, call: job.call },
          failure,
          decision.waitMs,
          job.attempts.length + 1,
        );
        return;
      }
      case 'split':
      case 'bisect': {
        job.attempts.push(tried);
        const halves = halve(assetsIn(job.call));
        if (decision.action === 'split') this.sizeLimit = Math.min(this.sizeLimit, halves[0].length);
        else this.bisectionCallsLeft -= 2;
        if (!this.halted) this.first.push(...this.jobsOf(job, halves).reverse());
        this.record(job, 'split');
        return;
      }
      case 'stop': {
        job.attempts.push(tried);
        const record = this.record(job, 'failed');
        this.stoppedBy ??= { call: record, reason: decision.reason, keyRefused: decision.keyRefused };
        this.stop.abort();
        this.halt();
        return;
      }
      case 'give-up':
        job.attempts.push(tried);
        this.record(job, 'failed', undefined, decision.reason);
        return;
      default:
        unhandled(decision);
    }
  }

  private wait(job: Job, waitMs: number): void {
    this.waiting.add(job);
    this.options.clock.sleep(waitMs, this.over.signal).then(
      () => {
        if (!this.waiting.delete(job)) return;
        this.first.push(job);
        this.pump();
      },
      () => undefined,
    );
  }

  private pause(waitMs: number): void {
    const id = this.pace.pause(this.options.clock.now(), waitMs);
    if (id === undefined) return;
    this.options.observer?.({ type: 'pause', waitMs });
    this.options.clock.sleep(waitMs, this.over.signal).then(
      () => {
        this.pace.resume(id);
        if (this.pace.isPaused) return;
        this.options.observer?.({ type: 'resume' });
        this.pump();
      },
      () => undefined,
    );
  }

  /** No call starts any more: those never sent stay so, those waiting to be sent again fail as they are. */
  private halt(): void {
    const unsent = [...this.waiting, ...this.first, ...this.added.slice(this.nextAdded)];
    this.waiting.clear();
    for (const job of unsent) {
      if (job === undefined) continue;
      if (job.attempts.length === 0) {
        this.settle(job, undefined);
        continue;
      }
      // Its last attempt is its last: no wait follows it.
      const last = job.attempts.pop();
      if (last !== undefined) job.attempts.push(withoutWait(last));
      this.record(job, 'failed', undefined, this.haltReason());
    }
    this.first.length = 0;
    this.added.length = 0;
    this.nextAdded = 0;
    this.pump();
  }

  private haltReason(): string {
    return `not retried: ${this.stoppedBy?.reason ?? 'the run was cancelled'}`;
  }

  private windowChange(change: () => unknown): void {
    const before = this.pace.window;
    change();
    if (this.pace.window !== before) this.options.observer?.({ type: 'window', window: this.pace.window });
  }

  private record(job: Job, outcome: CallOutcome, answer?: ApiAnswer, reason?: string): CallRecord {
    const error = job.lastError;
    const record: CallRecord = {
      index: job.index ?? 0,
      call: job.call,
      outcome,
      attempts: job.attempts,
      error: outcome === 'confirmed' || error === undefined ? undefined : callError(error, reason),
    };
    this.settled.push({ record, start: job.start });
    this.options.onCall?.(record);
    this.settle(job, answer);
    return record;
  }

  private settle(job: Job, answer: ApiAnswer | undefined): void {
    if (job.settled) return;
    job.settled = true;
    job.answered(answer);
  }

  private checkIdle(): void {
    if (this.inFlight > 0 || this.waiting.size > 0 || this.ready > 0) return;
    const idle = this.idle;
    this.idle = [];
    for (const resolve of idle) resolve();
  }

  /** Consecutive batches of a call's assets as calls, from its first asset's position on. */
  private jobsOf(parent: Job, batches: readonly AssetRef[][]): Job[] {
    let position = parent.start;
    return batches.map((assets) => {
      const job: Job = {
        call: { route: 'invalidate/assets', assets },
        start: position,
        attempts: [],
        settled: false,
        answered: () => undefined,
      };
      position += assets.length;
      return job;
    });
  }
}

function slowsDown(decision: Decision): boolean {
  return (
    decision.action === 'pause' ||
    ((decision.action === 'retry' || decision.action === 'give-up') && decision.slowDown)
  );
}

function withoutWait(attempt: Attempt): Attempt {
  const copy = { ...attempt };
  delete copy.waitMs;
  return copy;
}

function facts(error: ApiError): Omit<Attempt, 'startedAt' | 'durationMs'> {
  return {
    status: error.status,
    kind: error.kind,
    code: error.code,
    error: error.message,
  };
}

function callError(error: ApiError, reason: string | undefined): CallError {
  return {
    message: reason === undefined ? error.message : `${error.message} (${reason})`,
    kind: error.kind,
    status: error.status,
    code: error.code,
  };
}

function unexpected(thrown: unknown): ApiError {
  const message = errorMessage(thrown);
  return new ApiError(`unexpected failure: ${message}`, { kind: 'unexpected' }, { cause: thrown });
}
