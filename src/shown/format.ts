/** Numbers and lists as every message writes them. A leaf: it imports nothing, so anything may use it. */

/** A number as the log and the summary show it: 100,000. */
export function count(n: number): string {
  // Not toLocaleString: loading the locale data costs a dry run about 12 ms of start-up.
  // The text is a number's, at most 24 characters: the lookahead's rescans cost nothing there.
  // eslint-disable-next-line regexp/no-super-linear-move
  return String(n).replace(/\B(?=(?:\d{3})+(?!\d))/g, ',');
}

/** A count and the word that agrees with it: `1 serves`, `2 serve`, `0 serve`. */
export function counted(n: number, one: string, many: string): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

export function plural(n: number, noun: string): string {
  return `${count(n)} ${noun}${n === 1 ? '' : 's'}`;
}

/** A long list cut to its first `max` items, and what was left out: `and 80 more`. */
export function firstOf<T>(items: readonly T[], max: number): { shown: T[]; more?: string } {
  const shown = items.slice(0, max);
  return items.length > max ? { shown, more: `and ${count(items.length - max)} more` } : { shown };
}

/** Failures named one by one in the log, the summary and the command's text; the JSON report lists each. */
export const FAILURES_NAMED = 50;

/** The first items of a list that a renderer names, and how many it leaves to the JSON report. */
export interface Named<T> {
  readonly shown: readonly T[];
  readonly more: number;
}

export function named<T>(items: readonly T[], max: number): Named<T> {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}

/** Milliseconds as seconds, to a tenth: `2.5`. */
export function seconds(ms: number): string {
  return (Math.round(ms / 100) / 10).toString();
}
