/** Numbers and counted nouns as the log, the summary and the command show them. */

export function plural(n: number, noun: string): string {
  return `${count(n)} ${noun}${n === 1 ? '' : 's'}`;
}

/** A number as the summary and the log show it: 100,000. */
export function count(n: number): string {
  // Not toLocaleString: loading the locale data costs a dry run about 12 ms of start-up.
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
