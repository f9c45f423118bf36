import type { Settings } from '../settings/settings.ts';
import type { Log } from '../shown/log.ts';
import { redactEach, type Redact } from '../shown/redact.ts';
import { defaultStatusContext } from '../settings/status-context.ts';
import type { PendingRecord } from '../plan/run-plan.ts';
import { comparedRanges, type Compared } from './catch-up.ts';
import type { ChangedFiles } from '../domain/changed.ts';
import type { CiContext } from '../ci/context.ts';
import { detectAcross, isNoSuchCommit } from './detect.ts';
import { errorMessage } from '../mechanics/error-message.ts';
import { NO_MEMORY } from '../domain/memory.ts';
import { withoutNeedsBase } from '../domain/range.ts';
import type { RunGit } from '../mechanics/git.ts';
import { gitIn } from '../mechanics/git.ts';
import { short } from '../domain/range.ts';
import type { Span } from '../domain/memory.ts';

/** What the changes stage reads of the settings: it runs before the plan, which it feeds. */
export type ChangesSettings = Pick<
  Settings,
  'target' | 'statusContext' | 'catchUp' | 'endpoint' | 'timeoutMs' | 'maxRetries' | 'deployEnvironment'
>;

export interface ChangesOptions {
  readonly log: Log;
  readonly redact: Redact;
  /** The CI the run is in, made once. */
  readonly ci: () => Promise<CiContext>;
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
  const context = await options.ci();
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
    maxRetries: settings.maxRetries,
    signal,
  });
  // Said once, as the reason there is nothing to invalidate.
  if (compared.skip !== undefined)
    return { files: { files: [], source: compared.event.origin, skipped: compared.skip } };
  const found = await changedAcross(compared, context, target.changes.since, git, log);
  const record = pendingRecord(found.compared, found.spans, found.files.truncated);
  // Paths from git or the GitHub API are text from outside: the key is withheld from them before any is shown.
  return { files: { ...found.files, files: redactEach(found.files.files, options.redact) }, record };
}

/**
 * The files changed across what the run compares. A commit the record names that neither git nor GitHub has any
 * more (collected after a force-push, purged) would stop every later run: the run compares as a first run would,
 * with a warning, and its record starts over.
 */
async function changedAcross(
  compared: Compared,
  context: CiContext,
  since: string | undefined,
  git: RunGit,
  log: Log,
): Promise<{ compared: Compared; files: ChangedFiles; spans: readonly (Span | undefined)[] }> {
  if (compared.ranges.length === 0) {
    const files = { files: [], source: `${short(compared.event.head)}, recorded fresh already` };
    return { compared, files, spans: [] };
  }
  try {
    const found = await detectAcross(context, compared.ranges, since, git);
    return { compared, files: found.files, spans: found.compared };
  } catch (error) {
    const record = compared.record;
    if (record?.state !== 'read' || record.memory.last === undefined || !isNoSuchCommit(error)) throw error;
    const first = withoutNeedsBase(compared.event);
    log.warning(
      `Catch-up: a commit the record of '${record.target}' names is gone from the repository ` +
        `(${errorMessage(error)}); comparing as a first run would, ${first.origin}, and the record starts over.`,
    );
    const found = await detectAcross(context, [first], since, git);
    const restarted = { ...compared, ranges: [first], given: 0, record: { ...record, memory: NO_MEMORY } };
    return { compared: restarted, files: found.files, spans: found.compared };
  }
}

/** The record the run writes when it ends: only where it read the target's record, and so knows what it owes. */
function pendingRecord(
  compared: Compared,
  spans: readonly (Span | undefined)[],
  truncated: string | undefined,
): PendingRecord | undefined {
  const known = compared.record;
  if (known === undefined) return undefined;
  if (known.state === 'unreadable') return { state: 'off', why: known.why };
  // What `since` added is no state the site was in: a failed run owes the record's chain, not it.
  const chain = spans.slice(0, spans.length - (compared.given ?? 0));
  const owed = chain.filter((span) => span !== undefined);
  return {
    state: 'write',
    store: known.store,
    target: known.target,
    writer: known.writer,
    memory: known.memory,
    head: known.head,
    freshAlready: compared.ranges.length === 0,
    spans: owed,
    runUrl: known.place.runUrl,
    // A list cut short, or a span the record cannot keep, cannot say every image is fresh: it records what it owes.
    unconfirmed:
      truncated !== undefined
        ? 'the list of changed files was cut short, so some images may be stale'
        : owed.length < chain.length
          ? 'a commit compared is not known by its SHA, so the record could not keep it'
          : undefined,
  };
}
