/**
 * How often one origin host is asked while its images wait: its request budget, and when its next ask may go.
 *
 * The budget: at most ASKS_PER_SECOND a second on average over the wait, plus ASKS_PER_IMAGE an image (its first ask,
 * which also finds url-map mistakes early, and the ask that finds it ready). An ask is counted as it starts, and every
 * image not yet found ready keeps one ask in reserve for the day it is: so an ask that may start now never takes the
 * host over its budget, however the asks in flight end.
 *
 * The pace: before any of its images is seen to flip, a host is asked one image at a time (the one asked longest ago),
 * so that each waiting image is asked at least every ROUND_MS, at most ASKS_PER_SECOND a second, and no more often
 * than every QUIET_INTERVAL_MS: a small host keeps half its budget for later. Once one flips (a deploy has begun), the
 * next is asked at once, then twice as many, and so on while every one asked has flipped (an atomic deploy: all of
 * them, within a few round trips); then the host is asked as often as what it kept allows, up to every
 * MOVING_INTERVAL_MS: a host that flips image by image is watched closely while it moves. An image's staleness is
 * bounded by how often it is asked.
 */
export const ASKS_PER_SECOND = 2;
/** Origin requests in flight at once, over every host: an origin is a site, often a small one, not an API made for bursts. */
export const ORIGIN_CONCURRENCY = 8;
export const ASKS_PER_IMAGE = 2;
export const QUIET_INTERVAL_MS = 1_000;
export const ROUND_MS = 6_000;
export const MOVING_INTERVAL_MS = 200;

export class HostPace {
  private asks = 0;
  private unconfirmed: number;
  private readonly images: number;
  private readonly startedAt: number;

  constructor(images: number, startedAt: number) {
    this.images = images;
    this.unconfirmed = images;
    this.startedAt = startedAt;
  }

  /** Requests started on the host so far. */
  get requests(): number {
    return this.asks;
  }

  /** An ask starts (a request beyond an image's own two, such as a redirect hop, is counted as one more ask). */
  asked(requests = 1): void {
    this.asks += requests;
  }

  /** An image was found ready, or will never be asked again: its reserved ask is given back. */
  confirmed(): void {
    this.unconfirmed = Math.max(0, this.unconfirmed - 1);
  }

  /** Asks that may start at `now` and keep the host within its budget, whatever they find. */
  left(now: number): number {
    const allowed =
      (ASKS_PER_SECOND * Math.max(0, now - this.startedAt)) / 1000 + ASKS_PER_IMAGE * this.images;
    return Math.floor(allowed - this.asks - this.unconfirmed);
  }

  /**
   * When the next single ask may start: its interval after the last (`waiting`: images still waiting), and once the
   * budget holds one more.
   */
  nextAt(lastAskAt: number, moving: boolean, waiting: number): number {
    const quiet = Math.min(
      QUIET_INTERVAL_MS,
      Math.max(1000 / ASKS_PER_SECOND, ROUND_MS / Math.max(1, waiting)),
    );
    const byInterval = lastAskAt + (moving ? MOVING_INTERVAL_MS : quiet);
    const needed = 1 + this.asks + this.unconfirmed - ASKS_PER_IMAGE * this.images;
    const byBudget = this.startedAt + Math.max(0, (needed * 1000) / ASKS_PER_SECOND);
    return Math.ceil(Math.max(byInterval, byBudget));
  }
}
