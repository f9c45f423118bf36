/**
 * The one limit on requests in flight, for every stage that makes many (the origin check, the warm-up, rewrite's
 * reads): at most `size` tasks run at once, the others wait their turn in the order they asked. A leaf: it knows
 * nothing of what the tasks are. The scheduler keeps its own count: its limit moves with every answer (the pace's
 * window), a pause holds every call, and retries and halves go before calls added earlier.
 */
export class InFlightLimit {
  private free: number;
  private readonly queue: (() => void)[] = [];

  constructor(size: number) {
    if (!Number.isSafeInteger(size) || size < 1)
      throw new RangeError(`in-flight limit ${size}: not 1 or more`);
    this.free = size;
  }

  /** Resolves once a place is free, with the function that gives it back (once). */
  async acquire(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const next = this.queue.shift();
      if (next === undefined) this.free++;
      else next();
    };
  }

  /** Runs `task` once a place is free; the place is given back however it ends. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }
}

/**
 * `task` for each item in order, at most `size` at once. No item starts once `stop` says so (a cancel, a deadline, a
 * dead host) or a task has thrown; resolves once every started task has ended, and throws the first error thrown.
 * Items are taken one place at a time: a million of them never become a million waiting promises.
 */
export async function eachInFlight<T>(
  items: Iterable<T>,
  size: number,
  task: (item: T) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  const limit = new InFlightLimit(size);
  const running = new Set<Promise<void>>();
  const errors: unknown[] = [];
  for (const item of items) {
    const release = await limit.acquire();
    if (stop() || errors.length > 0) {
      release();
      break;
    }
    const ending: Promise<void> = task(item)
      .catch((error: unknown) => {
        errors.push(error);
      })
      .finally(() => {
        release();
        running.delete(ending);
      });
    running.add(ending);
  }
  await Promise.all(running);
  if (errors.length > 0) throw errors[0];
}
