/**
 * Finding the changed files: git first, GitHub's API where git cannot tell, across what the record owes; loaded by a
 * run whose target asks for the changed files and does not name them.
 */
import type { Log } from '../shown/log.ts';
import { redactEach, type Redact } from '../shown/redact.ts';
import {
  defaultRecordName,
  legacyRecordName,
  siteHost,
  STATUS_CONTEXT_DEPRECATED,
  urlMapHosts,
} from '../settings/record-name.ts';
import type { PendingRecord } from '../plan/run-plan.ts';
import { comparedRanges, type Compared } from './catch-up.ts';
import { recordProof } from '../domain/record-proof.ts';
import type { UrlMapRule } from '../settings/url-map.ts';
import type { CiContext } from '../ci/context.ts';
import { detectAcross, isNoSuchCommit } from './detect.ts';
import { errorMessage } from '../mechanics/error-message.ts';
import { short, withoutNeedsBase, type CommitRange } from '../domain/range.ts';
import { gitIn, type RunGit } from '../mechanics/git.ts';
import type { Span } from '../domain/memory.ts';
import type { ChangesRequest, Settings } from '../settings/settings.ts';
import type { ChangedFiles } from '../domain/changed.ts';

/** What the changes stage reads of the settings: it runs before the plan, which it feeds. */
export type ChangesSettings = Pick<
  Settings,
  | 'apiKey'
  | 'site'
  | 'target'
  | 'recordName'
  | 'catchUp'
  | 'endpoint'
  | 'timeoutMs'
  | 'maxRetries'
  | 'deployEnvironment'
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

/** The files changed in what the run compares (the event's range, or what the record owes up to the head). */
export async function changedFiles(
  settings: ChangesSettings,
  changes: ChangesRequest,
  options: ChangesOptions,
): Promise<Changes> {
  const { log, signal } = options;
  const context = await options.ci();
  const git = gitIn(context.workspace, signal);
  const { recordName, endpoint, deployEnvironment } = settings;
  if (recordName?.input === 'status-context') log.warning(STATUS_CONTEXT_DEPRECATED);
  const { urlMap } = changes;
  const compared = await comparedRanges(context, {
    since: changes.since,
    enabled: settings.catchUp,
    target:
      recordName?.name ??
      defaultRecordName({ endpoint, host: siteHost(targetHosts(urlMap, settings.site)), deployEnvironment }),
    // The Root key stays in the proof, which derives its own key from it and shows only MACs.
    proof: settings.apiKey === '' ? undefined : recordProof(settings.apiKey),
    // The default name replaced a digest; a name given is the name the record always had, its old records unproved.
    formerTarget: recordName?.name ?? legacyRecordName(endpoint, urlMap, deployEnvironment),
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
  const found = await changedAcross(compared, context, changes.since, git, log);
  const record = pendingRecord(found.compared, found.spans, found.files.truncated);
  // Paths from git or the GitHub API are text from outside: the key is withheld from them before any is shown.
  return { files: { ...found.files, files: redactEach(found.files.files, options.redact) }, record };
}

/** The hosts the site's images are served from: those url-map points at, else the host of `site`, its map learned. */
function targetHosts(urlMap: readonly UrlMapRule[], site: string | undefined): string[] {
  if (urlMap.length > 0 || site === undefined) return urlMapHosts(urlMap);
  return [new URL(site).host];
}

/**
 * The files changed across what the run compares. A span whose commits neither git nor GitHub has any more (collected
 * after a force-push, purged) would stop every later run: it alone is replaced by the widest span the repository can
 * still answer (from the oldest commit the record names that it has, else the event's base), with a warning naming
 * what could not be compared; the other spans are kept.
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
    const ranges = await answerable(compared, context, since, git, log, errorMessage(error));
    const found = await detectAcross(context, ranges, since, git);
    return { compared: { ...compared, ranges }, files: found.files, spans: found.compared };
  }
}

/** The ranges the repository can answer: each lost one replaced by the widest it still can, said in a warning. */
async function answerable(
  compared: Compared,
  context: CiContext,
  since: string | undefined,
  git: RunGit,
  log: Log,
  reason: string,
): Promise<CommitRange[]> {
  const answers = async (range: CommitRange): Promise<boolean> => {
    try {
      await detectAcross(context, [range], since, git);
      return true;
    } catch (error) {
      if (isNoSuchCommit(error)) return false;
      throw error;
    }
  };
  const kept: CommitRange[] = [];
  const lost: CommitRange[] = [];
  // What `since` added comes last, never owed: the replacement goes before it.
  const chainLength = compared.ranges.length - (compared.given ?? 0);
  const given = compared.ranges.slice(chainLength);
  for (const range of compared.ranges.slice(0, chainLength))
    ((await answers(range)) ? kept : lost).push(range);
  if (lost.length === 0) return [...compared.ranges];
  const head = compared.event.head;
  // The oldest commit compared that the repository still has: from it to the head covers every lost span after it.
  const bases = compared.ranges.map((range) => range.base).filter((base) => typeof base === 'string');
  let widest: CommitRange | undefined;
  for (const base of bases) {
    const range = {
      base,
      head,
      origin: `from ${short(base)}, the oldest commit of the record the repository has`,
    };
    if (lost.some((gone) => gone.base === base) || !(await answers(range))) continue;
    widest = range;
    break;
  }
  const replacement = widest ?? withoutNeedsBase(compared.event);
  const names = lost.map(
    (range) => `${typeof range.base === 'string' ? short(range.base) : 'its parent'}...${short(range.head)}`,
  );
  const record = compared.record;
  const target = record?.state === 'read' ? record.target : 'this target';
  log.warning(
    `Catch-up: ${lost.length === 1 ? 'a span' : `${String(lost.length)} spans`} of commits the record of ` +
      `'${target}' owes cannot be compared, since the repository no longer has ${lost.length === 1 ? 'its' : 'their'} ` +
      `commits (${names.join(', ')}; ${reason}); comparing from ` +
      `${typeof replacement.base === 'string' ? short(replacement.base) : "the head's parent"} to the head instead ` +
      `(${widest === undefined ? "the event's base" : 'the oldest commit of the record it has'}), the other spans as ` +
      'owed. An image changed only in the lost commits and changed back since is not covered.',
  );
  return [...kept, replacement, ...given];
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
    proof: known.proof,
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
