import type { Redact } from './redact.ts';
import { oneLine, shownBy } from './shown.ts';

/** Where a run tells what it does: the runner's log for the action, standard error for the command. */
export interface Log {
  info(line: string): void;
  notice(line: string): void;
  /** `where`: the repository file it is about, so that the runner shows it on that file in a pull request. */
  warning(line: string, where?: Where): void;
  error(line: string): void;
  /** Per-request detail, shown only when debugging. */
  debug(line: string): void;
  startGroup(name: string): void;
  endGroup(): void;
  /**
   * Many plain lines of the run's own lists (asset references, from its inputs and the repository), written at once:
   * a dry run's hundred thousand URLs take one write per call, not one per line.
   */
  lines(lines: readonly string[]): void;
}

/** Where a log writes: the runner's log (@actions/core), or standard error. */
export type LogSink = Omit<Log, 'lines'>;

/**
 * A file of the repository, as an annotation's `file` property names it: redacted, and otherwise exactly its path,
 * so that the annotation lands on it. Each sink escapes it for where it writes it (shown.ts).
 */
export interface Where {
  readonly file: string;
}

/**
 * The same log, with every line made fit to show first (shown.ts): nothing reaches it as it came. `listed` redacts
 * the run's own lists: they hold no server text, so the key's known forms are all there is to find in them, as in
 * the report that lists the same references.
 */
export function shownLog(log: LogSink, redact: Redact, listedRedact: Redact = redact): Log {
  const shown = shownBy(redact);
  const listed = shownBy(listedRedact);
  return {
    lines: (lines) => {
      if (lines.length > 0) log.info(listed(lines.map(oneLine).join('\n')));
    },
    // A plain line is written as it is: a line break in it would start a line of its own. Annotations and debug
    // lines are commands, whose data the runner's escaping keeps on one line.
    info: (line) => {
      log.info(shown(oneLine(line)));
    },
    notice: (line) => {
      log.notice(shown(line));
    },
    warning: (line, where) => {
      log.warning(shown(line), where === undefined ? undefined : { file: redact(where.file) });
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
  const annotate = (kind: keyof typeof folded, line: string, where?: Where): void => {
    if (shown[kind] < ANNOTATIONS_PER_KIND - 1) {
      shown[kind]++;
      if (kind === 'warning' && where !== undefined) log.warning(line, where);
      else log[kind](line);
    } else {
      folded[kind]++;
      log.info(`${kind}: ${where === undefined ? '' : `${where.file}: `}${line}`);
    }
  };
  return {
    ...log,
    warning: (line, where) => {
      annotate('warning', line, where);
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
