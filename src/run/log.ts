import type { Redact } from '../redact.ts';

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

/** The same log, with every line redacted first: nothing reaches it unredacted. */
export function redactedLog(log: Log, redact: Redact): Log {
  return {
    info: (line) => {
      log.info(redact(line));
    },
    notice: (line) => {
      log.notice(redact(line));
    },
    warning: (line) => {
      log.warning(redact(line));
    },
    error: (line) => {
      log.error(redact(line));
    },
    debug: (line) => {
      log.debug(redact(line));
    },
    startGroup: (name) => {
      log.startGroup(redact(name));
    },
    endGroup: () => {
      log.endGroup();
    },
  };
}
