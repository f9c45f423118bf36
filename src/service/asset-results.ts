/**
 * What became of each asset of a run, kept compact: a run holds it from its last call to its last report, and a
 * million result objects made at the end of the calls are what drove the process's peak memory (BENCHMARKS.md). The
 * references stay the arrays the plan's calls already hold; each asset's outcome is a byte, its call a number, and
 * its error an index into the distinct messages (a failed call gives the same message to each of its assets).
 */
import type { AssetRef } from '../domain/refs.ts';

/** `not-ready`: held back and never released (its origin did not serve the new version in time): not sent. */
export type AssetOutcome = 'invalidated' | 'failed' | 'not-sent' | 'not-ready';

export interface AssetResult {
  readonly ref: AssetRef;
  readonly outcome: AssetOutcome;
  /** The call that confirmed or last failed it. */
  readonly call?: number;
  readonly error?: string;
}

/** Each outcome's code, every one of them, written in the order of the codes. An asset never settled: not sent. */
const CODES: Readonly<Record<AssetOutcome, number>> = {
  'not-sent': 0,
  invalidated: 1,
  failed: 2,
  'not-ready': 3,
};
const OUTCOMES = Object.keys(CODES) as readonly AssetOutcome[];

/** Every asset of a run, in the order its calls carry them, each with what became of it. */
export class AssetResults implements Iterable<AssetResult> {
  readonly length: number;
  private readonly refs: readonly (readonly AssetRef[])[];
  private readonly outcomes: Uint8Array;
  /** The call's number plus one; 0 for none. */
  private readonly calls: Uint32Array;
  /** The message's place in `messages` plus one; 0 for none. */
  private readonly errors: Uint32Array;
  private readonly messages: readonly string[];

  constructor(parts: {
    readonly length: number;
    readonly refs: readonly (readonly AssetRef[])[];
    readonly outcomes: Uint8Array;
    readonly calls: Uint32Array;
    readonly errors: Uint32Array;
    readonly messages: readonly string[];
  }) {
    this.length = parts.length;
    this.refs = parts.refs;
    this.outcomes = parts.outcomes;
    this.calls = parts.calls;
    this.errors = parts.errors;
    this.messages = parts.messages;
  }

  /** The compact form of results given one object an asset. */
  static of(results: Iterable<AssetResult>): AssetResults {
    const list = [...results];
    const builder = new AssetResultsBuilder();
    builder.add(list.map((result) => result.ref));
    list.forEach((result, position) => {
      builder.settle(position, 1, result);
    });
    return builder.build();
  }

  /** Each asset as an object of its own, made as it is read: none is kept. */
  *[Symbol.iterator](): Iterator<AssetResult> {
    let position = 0;
    for (const refs of this.refs) {
      for (const ref of refs) {
        yield this.resultAt(ref, position);
        position++;
      }
    }
  }

  /** Each asset's reference, outcome and error, in order, with no object made for any: for counting a million. */
  forEach(visit: (ref: AssetRef, outcome: AssetOutcome, error: string | undefined) => void): void {
    let position = 0;
    for (const refs of this.refs) {
      for (const ref of refs) {
        visit(ref, this.outcomeAt(position), this.errorAt(position));
        position++;
      }
    }
  }

  /**
   * The assets in pieces of `size`, each asset as the JSON text of its result (what JSON.stringify gives of what the
   * iterator yields), made without an object for each: a report of a million assets is written from these.
   */
  *jsonPieces(size: number): Generator<string[]> {
    // One object of each shape, filled in for each asset in turn: the properties in the order of resultAt's.
    const bare = { ref: '', outcome: '' };
    const withCall = { ref: '', outcome: '', call: 0 };
    const withError = { ref: '', outcome: '', error: '' };
    const withBoth = { ref: '', outcome: '', call: 0, error: '' };
    let piece: string[] = [];
    let position = 0;
    for (const refs of this.refs) {
      for (let index = 0; index < refs.length; index++, position++) {
        const call = (this.calls[position] ?? 0) - 1;
        const error = this.errorAt(position);
        let entry: { ref: string; outcome: string } = bare;
        if (call >= 0 && error !== undefined) {
          withBoth.call = call;
          withBoth.error = error;
          entry = withBoth;
        } else if (call >= 0) {
          withCall.call = call;
          entry = withCall;
        } else if (error !== undefined) {
          withError.error = error;
          entry = withError;
        }
        entry.ref = refs[index] ?? '';
        entry.outcome = this.outcomeAt(position);
        piece.push(JSON.stringify(entry));
        if (piece.length === size) {
          yield piece;
          piece = [];
        }
      }
    }
    if (piece.length > 0) yield piece;
  }

  private outcomeAt(position: number): AssetOutcome {
    return OUTCOMES[this.outcomes[position] ?? 0] ?? 'not-sent';
  }

  private errorAt(position: number): string | undefined {
    const error = this.errors[position] ?? 0;
    return error > 0 ? this.messages[error - 1] : undefined;
  }

  private resultAt(ref: AssetRef, position: number): AssetResult {
    // The same properties, in the same order, as a result written out whole: the JSON report prints them.
    const result: { ref: AssetRef; outcome: AssetOutcome; call?: number; error?: string } = {
      ref,
      outcome: this.outcomeAt(position),
    };
    const call = this.calls[position] ?? 0;
    if (call > 0) result.call = call - 1;
    const error = this.errorAt(position);
    if (error !== undefined) result.error = error;
    return result;
  }
}

/** What became of assets, as `settle` is told it. */
export interface Settlement {
  readonly outcome: AssetOutcome;
  readonly call?: number;
  readonly error?: string;
}

/** Builds AssetResults: the assets added call by call, then what became of them. */
export class AssetResultsBuilder {
  private readonly refs: (readonly AssetRef[])[] = [];
  private size = 0;
  private outcomes = new Uint8Array(INITIAL_CAPACITY);
  private calls = new Uint32Array(INITIAL_CAPACITY);
  private errors = new Uint32Array(INITIAL_CAPACITY);
  private readonly messages: string[] = [];
  private readonly messageIndex = new Map<string, number>();

  /** Assets in all so far. */
  get length(): number {
    return this.size;
  }

  /** Adds assets after those added before (the array is kept, not copied); returns the position of the first. */
  add(refs: readonly AssetRef[]): number {
    const start = this.size;
    if (refs.length === 0) return start;
    this.refs.push(refs);
    this.size += refs.length;
    if (this.size > this.outcomes.length) this.grow(this.size);
    return start;
  }

  /** What became of the `count` assets from `start`; a later settlement of an asset replaces an earlier one. */
  settle(start: number, count: number, settlement: Settlement): void {
    const end = start + count;
    if (start < 0 || end > this.size) throw new RangeError(`assets ${start} to ${end} of ${this.size}`);
    this.outcomes.fill(CODES[settlement.outcome], start, end);
    this.calls.fill(settlement.call === undefined ? 0 : settlement.call + 1, start, end);
    this.errors.fill(settlement.error === undefined ? 0 : this.messageOf(settlement.error), start, end);
  }

  build(): AssetResults {
    return new AssetResults({
      length: this.size,
      refs: this.refs,
      outcomes: this.outcomes.subarray(0, this.size),
      calls: this.calls.subarray(0, this.size),
      errors: this.errors.subarray(0, this.size),
      messages: this.messages,
    });
  }

  private messageOf(error: string): number {
    let index = this.messageIndex.get(error);
    if (index === undefined) {
      index = this.messages.push(error);
      this.messageIndex.set(error, index);
    }
    return index;
  }

  private grow(needed: number): void {
    const capacity = Math.max(needed, this.outcomes.length * 2);
    const outcomes = new Uint8Array(capacity);
    const calls = new Uint32Array(capacity);
    const errors = new Uint32Array(capacity);
    outcomes.set(this.outcomes);
    calls.set(this.calls);
    errors.set(this.errors);
    this.outcomes = outcomes;
    this.calls = calls;
    this.errors = errors;
  }
}

const INITIAL_CAPACITY = 1024;
