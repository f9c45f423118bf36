/**
 * The automaton a path pattern compiles to (glob.ts): states that each test one character, followed all at once.
 */

/** A test on one character of a path. */
export type CharTest =
  | { readonly kind: 'char'; readonly char: string; readonly foldCase: boolean }
  | { readonly kind: 'class'; readonly ranges: readonly (readonly [string, string])[] }
  | { readonly kind: 'in-name' }
  | { readonly kind: 'any' };

/** A state consumes a character its test accepts and moves to `next`, or moves to `skip` for free; no test: a match. */
export interface State {
  readonly test: CharTest | undefined;
  readonly next: number[];
  readonly skip: number[];
}

function accepts(test: CharTest, c: string, lower: string): boolean {
  switch (test.kind) {
    case 'char':
      return (test.foldCase ? lower : c) === test.char;
    case 'class':
      return test.ranges.some(([low, high]) => c >= low && c <= high);
    case 'in-name':
      return c !== '/';
    case 'any':
      return true;
    default:
      return test satisfies never;
  }
}

/**
 * Follows every state the path can be in at once, a character at a time. Each set of states met, and where a
 * character leads from it, is remembered (a deterministic automaton built as paths need it), so that a list of a
 * million paths costs a lookup per character; past MAX_REMEMBERED sets, new ones are computed and not kept, which
 * bounds the memory and keeps each character's cost within the pattern's length.
 */
export class Automaton {
  private readonly remembered = new Map<string, StateSet>();
  private readonly start: StateSet;
  // Marks the states added in the current step, so that each is added once.
  private readonly mark: Int32Array;
  private step = 0;

  private readonly states: readonly State[];

  constructor(states: readonly State[], starts: readonly number[]) {
    this.states = states;
    this.mark = new Int32Array(states.length).fill(-1);
    this.start = this.stateSet(starts);
  }

  matches(path: string): boolean {
    let current = this.start;
    for (const c of path) {
      current = current.next.get(c) ?? this.advance(current, c);
      if (current.states.length === 0) return false;
    }
    return current.accepting;
  }

  private advance(from: StateSet, c: string): StateSet {
    const lower = c.toLowerCase();
    const targets: number[] = [];
    for (const state of from.states) {
      const { test, next } = this.states[state] ?? { test: undefined, next: [] };
      if (test !== undefined && accepts(test, c, lower)) targets.push(...next);
    }
    const to = this.stateSet(targets);
    if (this.remembered.size < MAX_REMEMBERED) from.next.set(c, to);
    return to;
  }

  /** The states reached from these, following skips, as one remembered set. */
  private stateSet(from: readonly number[]): StateSet {
    const step = ++this.step;
    const reached: number[] = [];
    const stack = [...from];
    for (let state = stack.pop(); state !== undefined; state = stack.pop()) {
      if (this.mark[state] === step) continue;
      this.mark[state] = step;
      reached.push(state);
      stack.push(...(this.states[state]?.skip ?? []));
    }
    reached.sort((a, b) => a - b);
    const key = reached.join(',');
    const known = this.remembered.get(key);
    if (known !== undefined) return known;
    const set: StateSet = {
      states: reached,
      accepting: reached.some((state) => this.states[state]?.test === undefined),
      next: new Map(),
    };
    if (this.remembered.size < MAX_REMEMBERED) this.remembered.set(key, set);
    return set;
  }
}

/** A set of states the path can be in, and the set each character met so far leads to. */
interface StateSet {
  readonly states: readonly number[];
  readonly accepting: boolean;
  readonly next: Map<string, StateSet>;
}

const MAX_REMEMBERED = 10_000;
