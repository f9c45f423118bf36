import type { Clock } from '../api/retry.ts';

/**
 * The pace the workers share. A rate limit (429, or 503 with Retry-After) pauses every worker, not only the call
 * that met it, until the time the service named (within the run's retry window); and it halves the calls in
 * flight, which grow back by one with each answer that succeeds. Without it, each call would honour its own
 * Retry-After while the others kept sending, and the retries would land together.
 */
export class Pace {
  /** Pauses begun, for the report. */
  pauses = 0;
  private readonly max: number;
  private readonly clock: Clock;
  private readonly deadline: number;
  private limit: number;
  private inFlight = 0;
  private pausedUntil = 0;
  private waiting: (() => void)[] = [];

  constructor(max: number, clock: Clock, deadline: number) {
    this.max = max;
    this.limit = max;
    this.clock = clock;
    this.deadline = deadline;
  }

  /** Waits out a pause and for a place among the calls in flight, then takes it. */
  async acquire(): Promise<void> {
    // A clock on which sleeping passes no time (a test's) is waited on once, not forever.
    let stuck = false;
    for (;;) {
      const now = this.clock.now();
      if (this.pausedUntil > now && !stuck) {
        await this.clock.sleep(this.pausedUntil - now);
        stuck = this.clock.now() <= now;
      } else if (this.inFlight < this.limit) {
        this.inFlight++;
        return;
      } else await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  /** Gives the place back; a success lets one more call fly, up to the concurrency asked for. */
  release(succeeded: boolean): void {
    this.inFlight--;
    if (succeeded && this.limit < this.max) this.limit++;
    const woken = this.waiting;
    this.waiting = [];
    for (const wake of woken) wake();
  }

  /** The service said "too many": fewer calls in flight, and every worker waits as long as it asked. */
  rateLimited(retryAfterMs: number | undefined): void {
    this.limit = Math.max(1, Math.floor(this.limit / 2));
    // A wait past the deadline is one no retry will make (retry.ts): the call fails, and the others go on.
    if (retryAfterMs === undefined || this.clock.now() + retryAfterMs > this.deadline) return;
    const until = this.clock.now() + retryAfterMs;
    if (until > this.pausedUntil) {
      if (this.pausedUntil <= this.clock.now()) this.pauses++;
      this.pausedUntil = until;
    }
  }
}
