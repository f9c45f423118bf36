import { discardStaging } from './rewrite/stage.ts';

/** The exit code of a process ended by a signal, as a shell gives it: 128 and the signal's number. */
export const SIGNAL_EXIT: Readonly<Record<'SIGINT' | 'SIGTERM', number>> = { SIGINT: 130, SIGTERM: 143 };

/**
 * SIGINT and SIGTERM, as GitHub's runner sends them to cancel a step (SIGINT, SIGTERM 7.5 s later, a kill 2.5 s after
 * that) and as Ctrl-C does: the first aborts the returned signal, so that the run starts no new call and publishes
 * what landed; a second exits at once, leaving the built files that rewrite was replacing whole (discardStaging).
 */
export function cancelOnSignals(onCancel: (name: keyof typeof SIGNAL_EXIT) => void): {
  readonly signal: AbortSignal;
  dispose(): void;
} {
  const controller = new AbortController();
  const handle = (name: keyof typeof SIGNAL_EXIT): void => {
    if (controller.signal.aborted) {
      discardStaging();
      process.exit(SIGNAL_EXIT[name]);
    }
    controller.abort();
    onCancel(name);
  };
  const onInt = (): void => {
    handle('SIGINT');
  };
  const onTerm = (): void => {
    handle('SIGTERM');
  };
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
    },
  };
}

/** What the log says on the first signal. */
export function cancelNotice(name: string, graceMs: number): string {
  return (
    `Cancelled (${name}): no new call starts; the calls in flight are waited for up to ${graceMs / 1000} s, ` +
    'then what landed is published. A second signal exits at once.'
  );
}
