import type { LogSink } from '../shown/log.ts';
import { shownInLine } from '../shown/shown.ts';

/** The command's log: standard error, so that standard output holds only the result. */
export function stderrLog(write: (text: string) => void, verbose: boolean): LogSink {
  return {
    info: (line) => {
      write(`${line}\n`);
    },
    notice: (line) => {
      write(`${line}\n`);
    },
    warning: (line, where) => {
      write(`warning: ${where === undefined ? '' : `${shownInLine(where.file)}: `}${line}\n`);
    },
    error: (line) => {
      write(`error: ${line}\n`);
    },
    debug: (line) => {
      if (verbose) write(`${line}\n`);
    },
    startGroup: () => undefined,
    endGroup: () => undefined,
  };
}

/** On a terminal: one line, rewritten as calls end. */
export function progress(write: (text: string) => void, total: number): (failed: boolean) => void {
  let done = 0;
  let failures = 0;
  return (failed) => {
    done++;
    if (failed) failures++;
    write(
      `\r${done} of ${Math.max(total, done)} calls done${failures > 0 ? `, ${failures} failed` : ''}\x1b[K`,
    );
  };
}
