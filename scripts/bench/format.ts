/** Numbers and tables, for the console and for BENCHMARKS.md. */

export type Align = 'left' | 'right';

export interface Table {
  readonly headers: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** Per column; left when not given. */
  readonly align?: readonly Align[];
}

/** A Markdown table, padded so that it also reads well as plain text on the console. */
export function markdownTable(table: Table): string {
  const columns = table.headers.length;
  const widths = Array.from({ length: columns }, (_, column) =>
    Math.max(3, ...[table.headers, ...table.rows].map((row) => (row[column] ?? '').length)),
  );
  const cell = (text: string, column: number): string => {
    const width = widths[column] ?? 3;
    return table.align?.[column] === 'right' ? text.padStart(width) : text.padEnd(width);
  };
  const line = (row: readonly string[]): string =>
    `| ${widths.map((_, column) => cell(row[column] ?? '', column)).join(' | ')} |`;
  const rule = widths.map((width, column) =>
    table.align?.[column] === 'right' ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width),
  );
  return [line(table.headers), `| ${rule.join(' | ')} |`, ...table.rows.map(line)].join('\n');
}

const GROUPED = new Intl.NumberFormat('en-US');

/** 100000 -> "100,000" */
export function count(value: number): string {
  return GROUPED.format(value);
}

/** Milliseconds, with a precision that suits their size: "0.42 ms", "3.1 ms", "74 ms", "1,234 ms". */
export function ms(value: number): string {
  if (value < 1) return `${value.toFixed(2)} ms`;
  return value < 10 ? `${value.toFixed(1)} ms` : `${count(Math.round(value))} ms`;
}

/** Seconds for long runs, milliseconds for short ones. */
export function duration(value: number): string {
  return value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : ms(value);
}

/** A ratio: "1.04×", "12×", "330×". */
export function ratio(value: number): string {
  if (value >= 100) return `${count(Math.round(value))}×`;
  if (value >= 10) return `${value.toFixed(1)}×`;
  return `${value.toFixed(2)}×`;
}

export function mib(kib: number): string {
  return `${(kib / 1024).toFixed(1)} MiB`;
}

export function median(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const high = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? high : ((sorted[middle - 1] ?? Number.NaN) + high) / 2;
}

export function passFail(ok: boolean): string {
  return ok ? 'pass' : '**FAIL**';
}
