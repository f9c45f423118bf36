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

/** The annotations GitHub shows per step, of each kind (warning, error, notice); the rest it drops silently. */
export const ANNOTATIONS_PER_KIND = 10;

/**
 * The log with no more annotations of a kind than the runner shows: past the first nine, the rest are plain lines,
 * and close() adds the tenth, which counts them.
 */
export function withinAnnotationLimit(log: Log): Log & { close(): void } {
  const folded = { warning: 0, error: 0, notice: 0 };
  const shown = { warning: 0, error: 0, notice: 0 };
  const annotate = (kind: keyof typeof folded, line: string): void => {
    if (shown[kind] < ANNOTATIONS_PER_KIND - 1) {
      shown[kind]++;
      log[kind](line);
    } else {
      folded[kind]++;
      log.info(`${kind}: ${line}`);
    }
  };
  return {
    ...log,
    warning: (line) => {
      annotate('warning', line);
    },
    error: (line) => {
      annotate('error', line);
    },
    notice: (line) => {
      annotate('notice', line);
    },
    close: () => {
      for (const kind of ['warning', 'error', 'notice'] as const) {
        if (folded[kind] > 0)
          log[kind](`${folded[kind]} more ${kind}s, shown in the log as lines that start with "${kind}:".`);
      }
    },
  };
}
