import type { Settings } from '../settings/settings.ts';
import type { Log } from '../shown/log.ts';
import { redactEach, type Redact } from '../shown/redact.ts';
import { defaultStatusContext } from '../settings/status-context.ts';
import type { PendingRecord } from '../plan/run-plan.ts';
import { comparedRanges, type Compared } from './catch-up.ts';
import type { ChangedFiles } from '../domain/changed.ts';
import type { CiContext } from '../ci/context.ts';
import { detectAcross } from './detect.ts';
import { gitIn } from '../mechanics/git.ts';
import { short } from '../github/api.ts';
import type { Span } from '../domain/memory.ts';

/** What the changes stage reads of the settings: it runs before the plan, which it feeds. */
export type ChangesSettings = Pick<
  Settings,
  'target' | 'statusContext' | 'catchUp' | 'endpoint' | 'timeoutMs' | 'deployEnvironment'
>;

export interface ChangesOptions {
  readonly log: Log;
  readonly redact: Redact;
  /** The CI the run is in, made once. */
  readonly ci: () => CiContext;
  readonly signal?: AbortSignal | undefined;
}

/** The changed files, and on a branch the record that the run writes on its target when it ends. */
export interface Changes {
  readonly files: ChangedFiles;
  readonly record?: PendingRecord | undefined;
}

/**
 * The files given in `files`, or those changed in what the run compares (the event's range, or on a branch what the
 * target's record owes up to the head), when the target asks for them; and on a branch, the record to write.
 */
export async function changesStage(
  settings: ChangesSettings,
  options: ChangesOptions,
): Promise<Changes | undefined> {
  const { target } = settings;
  if (target.scope !== 'assets' || target.changes === undefined) return undefined;
  if (target.changes.files !== undefined) {
    const source = target.changes.filesSource ?? 'the files input';
    return { files: { files: [...target.changes.files], source } };
  }
  const { log, signal } = options;
  const context = options.ci();
  const git = gitIn(context.workspace, signal);
  const recordName =
    settings.statusContext ??
    defaultStatusContext(settings.endpoint, target.changes.urlMap, settings.deployEnvironment);
  const compared = await comparedRanges(context, {
    since: target.changes.since,
    enabled: settings.catchUp,
    target: recordName,
    deployEnvironment: settings.deployEnvironment,
    git,
    log,
    timeoutMs: settings.timeoutMs,
    signal,
  });
  // Said once, as the reason there is nothing to invalidate.
  if (compared.skip !== undefined)
    return { files: { files: [], source: compared.event.origin, skipped: compared.skip } };
  const { files: changed, compared: spans } =
    compared.ranges.length === 0
      ? {
          files: { files: [], source: `${short(compared.event.head)}, recorded fresh already` },
          compared: [],
        }
      : await detectAcross(context, compared.ranges, target.changes.since, git);
  const record = pendingRecord(compared, spans, changed.truncated);
  // Paths from git or the GitHub API are text from outside: the key is withheld from them before any is shown.
  return { files: { ...changed, files: redactEach(changed.files, options.redact) }, record };
}

/** The record the run writes when it ends: only where it read the target's record, and so knows what it owes. */
function pendingRecord(
  compared: Compared,
  spans: readonly Span[],
  truncated: string | undefined,
): PendingRecord | undefined {
  const known = compared.record;
  if (known === undefined) return undefined;
  if (known.state === 'unreadable') return { state: 'off', why: known.why };
  return {
    state: 'write',
    store: known.store,
    target: known.target,
    writer: known.writer,
    memory: known.memory,
    head: known.head,
    spans,
    runUrl: known.place.runUrl,
    // A list cut short cannot say every image is fresh: the run records what it owes instead.
    unconfirmed:
      truncated === undefined
        ? undefined
        : 'the list of changed files was cut short, so some images may be stale',
  };
}
