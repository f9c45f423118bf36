/**
 * How often one origin host is asked while its images wait: its request budget, and when its next ask may go.
 *
 * The budget: at most ASKS_PER_SECOND a second on average over the wait, plus ASKS_PER_IMAGE an image (its first ask,
 * which also finds url-map mistakes early, and the ask that finds it ready). An ask is counted as it starts, and every
 * image not yet found ready keeps one ask in reserve for the day it is: so an ask that may start now never takes the
 * host over its budget, however the asks in flight end.
 *
 * The pace: before any of its images is seen to flip, a host is asked once every QUIET_INTERVAL_MS (one image at a
 * time, the one asked longest ago): half its budget, the other half kept for later. Once one flips (a deploy has
 * begun), every image still waiting is asked at once (on an atomic deploy, all have flipped), then the host is asked
 * as often as what it kept allows, up to once every MOVING_INTERVAL_MS: a host that flips image by image is watched
 * closely while it moves. The bound on each image's staleness is the interval at which it is asked.
 */
export const ASKS_PER_SECOND = 2;
export const ASKS_PER_IMAGE = 2;
export const QUIET_INTERVAL_MS = 1_000;
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

  /** When the next single ask may start: its interval after the last, and once the budget holds one more. */
  nextAt(lastAskAt: number, moving: boolean): number {
    const byInterval = lastAskAt + (moving ? MOVING_INTERVAL_MS : QUIET_INTERVAL_MS);
    const needed = 1 + this.asks + this.unconfirmed - ASKS_PER_IMAGE * this.images;
    const byBudget = this.startedAt + Math.max(0, (needed * 1000) / ASKS_PER_SECOND);
    return Math.ceil(Math.max(byInterval, byBudget));
  }
}
