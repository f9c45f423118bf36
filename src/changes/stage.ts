import type { Settings } from '../settings/settings.ts';
import type { Log } from '../shown/log.ts';
import { redactEach, type Redact } from '../shown/redact.ts';
import { defaultStatusContext } from '../settings/status-context.ts';
import type { PendingRecord } from '../plan/run-plan.ts';
import { caughtUpRange } from './catch-up.ts';
import type { ChangedFiles } from '../domain/changed.ts';
import type { CiContext } from '../ci/context.ts';
import { detectChangedFiles } from './detect.ts';
import { gitIn } from '../mechanics/git.ts';
import { short } from '../github/api.ts';
import type { CommitRange } from '../domain/range.ts';

/** What the changes stage reads of the settings: it runs before the plan, which it feeds. */
export type ChangesSettings = Pick<
  Settings,
  'target' | 'statusContext' | 'catchUp' | 'endpoint' | 'timeoutMs'
>;

export interface ChangesOptions {
  readonly log: Log;
  readonly redact: Redact;
  /** The CI the run is in, made once. */
  readonly ci: () => CiContext;
  readonly signal?: AbortSignal | undefined;
}

/** The changed files, and on a branch the record that a green run writes on the commit it made fresh. */
export interface Changes {
  readonly files: ChangedFiles;
  readonly record?: PendingRecord | undefined;
}

/**
 * The files given in `files`, or those changed since the base (the event's, or on a branch the newest commit
 * recorded fresh), when the target asks for them; and on a branch, the record to write if the run ends green.
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
  const statusContext =
    settings.statusContext ?? defaultStatusContext(settings.endpoint, target.changes.urlMap);
  const range = await caughtUpRange(context, {
    since: target.changes.since,
    enabled: settings.catchUp,
    context: statusContext,
    git,
    log,
    timeoutMs: settings.timeoutMs,
    signal,
  });
  if (range.skip !== undefined) {
    log.notice(`${range.origin}: ${range.skip}`);
    return { files: { files: [], source: `${range.origin}: ${range.skip}` } };
  }
  const changed = await detectChangedFiles(
    { ...context, changeRange: () => range },
    target.changes.since,
    git,
  );
  const unrecordable = whyNotRecordable(range, changed.truncated);
  // A look that failed is the user's to mend (a permission, an outage): a warning, besides the notice of the base.
  if (unrecordable !== undefined) {
    const line = `${short(range.head)} is not recorded fresh: ${unrecordable}.`;
    if (typeof range.looked === 'object') log.warning(line);
    else log.info(line);
  }
  // Only a branch run with catch-up reads and writes the record: with catch-up off, a run compares with the event's
  // base alone, and a record of its head would claim fresh what an earlier failed run left.
  const record: PendingRecord | undefined =
    context.record === undefined || range.catchUp === undefined || !settings.catchUp
      ? undefined
      : {
          place: context.record,
          range,
          context: statusContext,
          unrecordable,
          git,
          timeoutMs: settings.timeoutMs,
          signal,
        };
  // Paths from git or the GitHub API are text from outside: the key is withheld from them before any is shown.
  return {
    files: { ...changed, files: redactEach(changed.files, options.redact) },
    record,
  };
}

/**
 * Why a green run must not record its head fresh although it confirmed every image it planned: a record says that
 * every image up to the head is fresh, which holds only when the run compared with the last record and saw every
 * changed file. Else the next run looks from the last real record, and catches up what this one could not see.
 */
function whyNotRecordable(range: CommitRange, truncated: string | undefined): string | undefined {
  if (typeof range.looked === 'object')
    return `catch-up could not read the records (${range.looked.failed}), so older images may be stale`;
  if (truncated !== undefined) return 'the list of changed files was cut short, so some images may be stale';
  return undefined;
}
