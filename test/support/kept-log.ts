import type { Log } from '../../src/shown/log.ts';

/** A log that keeps every line it is given, in order, into `lines`; groups and debug lines are dropped. */
export function keptLog(lines: string[]): Log {
  const write = (line: string): void => {
    lines.push(line);
  };
  return {
    info: write,
    notice: write,
    warning: write,
    error: write,
    debug: () => undefined,
    startGroup: () => undefined,
    endGroup: () => undefined,
    lines: (more) => {
      lines.push(...more);
    },
  };
}
