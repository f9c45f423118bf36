import { oneLine, type Shown } from '../shown.ts';

/** Where a run tells what it does: the runner's log for the action, standard error for the command. */
export interface Log {
  info(line: string): void;
  notice(line: string): void;
  warning(line: string): void;
  error(line: string): void;
  /** Per-request detail, shown only when debugging. */
  debug(line: string): void;
  startGroup(name: string): void;
  endGroup(): void;
}

/** The same log, with every line made fit to show first (shown.ts): nothing reaches it as it came. */
export function shownLog(log: Log, shown: Shown): Log {
  return {
    // A plain line is written as it is: a line break in it would start a line of its own. Annotations and debug
    // lines are commands, whose data the runner's escaping keeps on one line.
    info: (line) => {
      log.info(shown(oneLine(line)));
    },
    notice: (line) => {
      log.notice(shown(line));
    },
    warning: (line) => {
      log.warning(shown(line));
    },
    error: (line) => {
      log.error(shown(line));
    },
    debug: (line) => {
      log.debug(shown(line));
    },
    startGroup: (name) => {
      log.startGroup(shown(name));
    },
    endGroup: () => {
      log.endGroup();
    },
  };
}
