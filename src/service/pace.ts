/**
 * The pace the calls share, as additive increase and multiplicative decrease (TCP's congestion window). A rate limit
 * halves the window of calls in flight once per congestion event: the rate limits met by calls that were in flight
 * together are one event. Only answers to calls sent after the decrease may grow it again, by one for each window's
 * worth of successes. A rate limit that says when to come back also pauses every call, not only the one that met it:
 * otherwise each would honour its own Retry-After while the others kept sending, and the retries would land together.
 *
 * Plain state: the scheduler does the waiting, on its clock.
 */
export class Pace {
  /** Pauses begun, for the report. */
  pauses = 0;
  private readonly max: number;
  private size: number;
  /** Attempts sent so far: each attempt's sequence number. */
  private sent = 0;
  /** The last attempt sent before the last decrease: answers to it or earlier belong to that event. */
  private decreasedAfter = 0;
  private successes = 0;
  private pausedUntil = -Infinity;
  private pauseId = 0;
  private paused = false;

  constructor(max: number) {
    this.max = max;
    this.size = max;
  }

  /** Calls that may be in flight now. */
  get window(): number {
    return this.size;
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /** An attempt goes out: its sequence number, for telling which answers came after a decrease. */
  sending(): number {
    return ++this.sent;
  }

  /** A success: one more call may fly once a window's worth of answers to calls sent since the decrease succeeded. */
  succeeded(attempt: number): void {
    if (attempt <= this.decreasedAfter || this.size >= this.max) return;
    this.successes += 1;
    if (this.successes >= this.size) {
      this.size += 1;
      this.successes = 0;
    }
  }

  /** A rate limit: the window halves, unless the attempt was in flight when it last halved. Whether it did. */
  rateLimited(attempt: number): boolean {
    if (attempt <= this.decreasedAfter) return false;
    this.size = Math.max(1, Math.floor(this.size / 2));
    this.decreasedAfter = this.sent;
    this.successes = 0;
    return true;
  }

  /** One call at a time, until answers grow the window again: what every call met is settled by one. */
  alone(): void {
    this.size = 1;
    this.decreasedAfter = this.sent;
    this.successes = 0;
  }

  /**
   * Every call waits `waitMs` from `now`. Returns the pause's id when this extends the pause (the scheduler then
   * sleeps that long and calls `resume` with it), undefined when a pause already lasts as long.
   */
  pause(now: number, waitMs: number): number | undefined {
    const until = now + waitMs;
    if (this.paused && until <= this.pausedUntil) return undefined;
    if (!this.paused) this.pauses += 1;
    this.paused = true;
    this.pausedUntil = until;
    return ++this.pauseId;
  }

  /** The sleep for pause `id` is over: the pause ends, unless a later one extended it. */
  resume(id: number): void {
    if (id === this.pauseId) this.paused = false;
  }
}
