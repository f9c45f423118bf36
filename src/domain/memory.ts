/**
 * What a target's record says, and what a run owes from it: pure rules over commits, with no API and no git.
 *
 * The image host's state is a matter of time, not ancestry: which commit its images were last made fresh for on a
 * target (`fresh`), and which deployed states came after it without being made fresh (`owed`: the spans that failed,
 * cancelled or crashed runs left). A run compares every owed span and the span from the last deployed state to its
 * head, whatever the branch history between them: a rollback is a span from a newer commit to an older one.
 */

/** Two commits whose difference is a set of images: a run made it fresh, or owes it. */
export interface Span {
  readonly base: string;
  readonly head: string;
}

/** The record of a target, as the newest run that wrote it left it. */
export interface Memory {
  /** The commit whose images were last made fresh on the target; undefined: never, as far as the record tells. */
  readonly fresh: string | undefined;
  /** The spans deployed after `fresh` that no run made fresh, oldest first, each starting where the one before ended. */
  readonly owed: readonly Span[];
  /** The commit last deployed on the target: the newest run's head; undefined when nothing is recorded. */
  readonly last: string | undefined;
  /** How many runs in a row left what is owed. */
  readonly failedRuns: number;
}

/** No record: a first run. */
export const NO_MEMORY: Memory = { fresh: undefined, owed: [], last: undefined, failedRuns: 0 };

/** Owed spans kept at most: past it, the oldest two are joined (see `bounded`). */
export const MAX_OWED_SPANS = 20;

/** The payload's key, so that a record is told apart from whatever else a deployment's payload may hold. */
export const RECORD_KEY = 'image-cache-invalidate';
const KEY = RECORD_KEY;
const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/**
 * The memory a record gives: a `success` made its commit fresh; any other state (a failure, a run still going or
 * killed before it ended) leaves what its payload says it owed.
 */
export function memoryOf(entry: {
  readonly sha: string;
  readonly state: string | undefined;
  readonly payload: unknown;
}): Memory | { readonly unreadable: string } {
  if (entry.state === 'success') return { fresh: entry.sha, owed: [], last: entry.sha, failedRuns: 0 };
  const record = (entry.payload as Record<string, unknown> | null | undefined)?.[KEY];
  const { fresh, owed, failedRuns } = (record ?? {}) as Record<string, unknown>;
  const spans = Array.isArray(owed) ? owed.map(spanOf) : undefined;
  if (
    (fresh !== null && !(typeof fresh === 'string' && SHA.test(fresh))) ||
    spans === undefined ||
    spans.some((span) => span === undefined) ||
    spans.length > MAX_OWED_SPANS ||
    typeof failedRuns !== 'number'
  )
    return { unreadable: `the record of ${entry.sha.slice(0, 7)} holds no payload this version reads` };
  return {
    fresh: fresh ?? undefined,
    owed: spans as Span[],
    last: entry.sha,
    failedRuns: Math.max(0, Math.min(failedRuns, 1_000_000)),
  };
}

function spanOf(value: unknown): Span | undefined {
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [base, head] = value as unknown[];
  return typeof base === 'string' && typeof head === 'string' && SHA.test(base) && SHA.test(head)
    ? { base, head }
    : undefined;
}

/**
 * The spans a run at `head` compares, oldest first: what is owed, then from the last deployed state to the head. A
 * first run (nothing recorded) compares `first`, the event's span. Empty: the head is recorded fresh already.
 */
export function spansToCompare(memory: Memory, head: string, first: Span): Span[] {
  if (memory.last === undefined) return [first];
  const spans = [...memory.owed];
  if (memory.last !== head) spans.push({ base: memory.last, head });
  return spans;
}

/**
 * The record's fields a run writes, under the record's key beside its proof: what the next run owes if this one did
 * not make `spans` fresh.
 */
export function recordBody(memory: Memory, spans: readonly Span[], failed: boolean): Record<string, unknown> {
  return {
    fresh: memory.fresh ?? null,
    owed: failed ? bounded(spans).map((span) => [span.base, span.head]) : [],
    failedRuns: failed ? memory.failedRuns + 1 : 0,
  };
}

/**
 * At most MAX_OWED_SPANS spans: the oldest two joined into one, from the first's base to the second's head, until
 * they fit. The joined span misses only an image that changed in the first and changed back in the second.
 */
export function bounded(spans: readonly Span[]): Span[] {
  const kept = [...spans];
  while (kept.length > MAX_OWED_SPANS) {
    const [first, second] = kept.splice(0, 2) as [Span, Span];
    kept.unshift({ base: first.base, head: second.head });
  }
  return kept;
}
