/**
 * Catch-up: a run on a target compares with the commit that target's images were last made fresh for, and covers
 * what earlier runs owe (failed, cancelled or never-run deploys), read from the target's record in one or two
 * requests, whatever the branch history in between.
 */
import { throwInput } from '../mechanics/input-error.ts';
import { errorMessage } from '../mechanics/error-message.ts';
import { count, plural } from '../shown/format.ts';
import { quote } from '../shown/shown.ts';
import type { Log } from '../shown/log.ts';
import type { CiContext, RecordPlace } from '../ci/context.ts';
import { sinceCommit } from './git.ts';
import { commitOf, resolveCommit, type RunGit } from '../mechanics/git.ts';
import { short } from '../domain/range.ts';
import { readLegacyRecord, readRecord, type RecordEntry, type RecordStore } from '../github/deployments.ts';
import type { RecordProof } from '../domain/record-proof.ts';
import { recordProblem } from '../github/record-words.ts';
import { memoryOf, NO_MEMORY, spansToCompare, type Memory } from '../domain/memory.ts';
import { PARENT, sinceRange, withoutNeedsBase, type CommitRange } from '../domain/range.ts';

export interface CatchUpOptions {
  readonly since: string | undefined;
  /** `catch-up`: read and write the record at all. */
  readonly enabled: boolean;
  /** The target's name: the environment its record's deployments are on. */
  readonly target: string;
  /**
   * The name an earlier version gave the same target's record (a name given in record-name or status-context is its
   * own): read once when `target` holds no proved record, and carried over.
   */
  readonly formerTarget?: string | undefined;
  /** Proves records with the service's Root key; undefined without a key (a dry run given none): no record is read. */
  readonly proof: RecordProof | undefined;
  /** `deploy-environment`: the deploys this target is for. */
  readonly deployEnvironment: string;
  readonly git: RunGit;
  readonly log: Log;
  /** Each API request's bound. */
  readonly timeoutMs: number;
  /** max-retries: how often a request that met a 5xx or a reset is sent again. */
  readonly maxRetries?: number | undefined;
  /** Reading the record's bound in all: RECORD_READ_MS unless told. */
  readonly readDeadlineMs?: number | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** How long reading the record may take in all (each request also within timeout-seconds). */
export const RECORD_READ_MS = 60_000;

/** What the run compares, and what it knows of its target's record. */
export interface Compared {
  /** The ranges whose changed files the run invalidates, oldest first; empty: the head is fresh already. */
  readonly ranges: readonly CommitRange[];
  /** How many of the last ranges `since` added beside the record's chain (0 or 1): never owed by a failed run. */
  readonly given?: number | undefined;
  /** Set when the event asks for nothing (a failed deploy, a fork's run): why, as a notice. */
  readonly skip?: string | undefined;
  /** The event's range, for the words. */
  readonly event: CommitRange;
  /** The record, when the run reads and writes one. */
  readonly record?: KnownRecord | undefined;
}

/** A target's record as the run read it, or why it could not. */
export type KnownRecord =
  | {
      readonly state: 'read';
      readonly place: RecordPlace;
      readonly store: RecordStore;
      readonly target: string;
      readonly memory: Memory;
      readonly proof: RecordProof;
      /** The head's full SHA: the commit the run records. */
      readonly head: string;
    }
  /** The record could not be read (a permission, an outage): nothing is written, so nothing it holds is lost. */
  | { readonly state: 'unreadable'; readonly why: string };

/**
 * The ranges to compare: the event's (or `since`'s) where no record is kept; else those the record owes and the one
 * from the last deployed commit to the head, with `since`'s too when given (a person asked for more, never less).
 */
export async function comparedRanges(ci: CiContext, options: CatchUpOptions): Promise<Compared> {
  const place = ci.record;
  const event =
    place === undefined
      ? ci.changeRange(options.since)
      : place.branchRange(options.since, options.deployEnvironment);
  if (event.skip !== undefined) return { ranges: [], skip: event.skip, event };
  const compared = await withRecord(event, place, options);
  // After a deploy, the workspace's files must be the deployed commit's, record or not: the origin check and
  // rewrite read them.
  if (event.branch === 'from-head' && compared.ranges.length > 0) await checkCheckout(event, options.git);
  return compared;
}

/** What the run compares: from the target's record where it keeps one, else the event's range (or since's). */
async function withRecord(
  event: CommitRange,
  place: RecordPlace | undefined,
  options: CatchUpOptions,
): Promise<Compared> {
  if (place === undefined || event.branch === undefined || !options.enabled) {
    if (event.needsBase !== undefined && event.branch !== undefined) return throwInput(event.needsBase);
    return single(await withSinceResolved(event, options));
  }
  if (options.proof === undefined) {
    // Only a dry run goes without a key: it writes nothing, and reading what it cannot prove would tell it nothing.
    options.log.info(
      `Catch-up: no record is read without an api-key (a dry run); comparing with ${baseWords(event, options.since)}.`,
    );
    return single(await withSinceResolved(withoutNeedsBase(event), options));
  }
  const store: RecordStore = {
    apiUrl: place.apiUrl,
    repository: place.repository,
    token: place.token,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    signal: options.signal,
  };
  let read: { memory: Memory; proof: RecordProof; carried: boolean };
  try {
    read = await readMemory(store, options);
  } catch (error) {
    const why = recordProblem(error, 'read');
    options.log.warning(
      `Catch-up is off for this run: the record of '${options.target}' could not be read (${why}). ` +
        `Comparing with ${baseWords(event, options.since)}; nothing is recorded, so nothing earlier is lost.`,
    );
    const range = { ...withoutNeedsBase(event), origin: `${event.origin}, the record unreadable` };
    return { ...single(await withSinceResolved(range, options)), record: { state: 'unreadable', why } };
  }
  const head = await fullSha(event.head, options.git);
  const record = { state: 'read', place, store, target: options.target, head, ...read } as const;
  const ranges = await rangesOf(event, head, read, options);
  const given = read.memory.last !== undefined && options.since !== undefined ? 1 : 0;
  return { ranges, event, record, given };
}

function single(range: CommitRange): Compared {
  return { ranges: [range], event: range };
}

/** The record's memory: the newest deployment on the target that proves itself with the key, and its state. */
async function readMemory(
  store: RecordStore,
  options: CatchUpOptions,
): Promise<{ memory: Memory; proof: RecordProof; carried: boolean }> {
  const { proof } = options;
  if (proof === undefined)
    throw new Error(
      'there is no api-key to prove the record with, so no record can be told from a made-up one',
    );
  const bound = options.readDeadlineMs ?? RECORD_READ_MS;
  const deadline = AbortSignal.timeout(bound);
  const signal = options.signal === undefined ? deadline : AbortSignal.any([options.signal, deadline]);
  const reading = { ...store, signal };
  let entry: { entry: RecordEntry; carried: boolean } | undefined;
  try {
    entry = await provenEntry(reading, proof, options);
  } catch (error) {
    if (deadline.aborted && options.signal?.aborted !== true)
      throw new Error(`the record was not read within ${bound / 1000} s, its bound`, {
        cause: error,
      });
    throw error;
  }
  if (entry === undefined) return { memory: NO_MEMORY, proof, carried: false };
  const memory = memoryOf(entry.entry);
  // A record this version cannot read may owe what no other run knows: read as none, it would be written over.
  if ('unreadable' in memory) throw new Error(memory.unreadable);
  return { memory, proof, carried: entry.carried };
}

/**
 * The newest record that proves itself; those passed over said in a notice, a changed key in a warning. None under
 * the target's name: the record an earlier version kept under its former name, carried over once.
 */
async function provenEntry(
  store: RecordStore,
  proof: RecordProof,
  options: CatchUpOptions,
): Promise<{ entry: RecordEntry; carried: boolean } | undefined> {
  const { target, formerTarget, log } = options;
  const read = await readRecord(store, target, proof);
  if (read.passedOver.length > 0) {
    const creators = [...new Set(read.passedOver)].map((login) => quote(login)).join(', ');
    log.notice(
      `Catch-up: passed over ${plural(read.passedOver.length, 'deployment')} on '${target}' that ` +
        `${read.passedOver.length === 1 ? 'carries' : 'carry'} no proof of the service's key (created by ` +
        `${creators}): a record counts only when its writer held the Root key.`,
    );
  }
  if (read.keyChanged) {
    log.warning(
      `Catch-up: no record on '${target}' is proved with this run's Root key, and some name another key (the key ` +
        'changed, or they were not written by this action), so none can be trusted; comparing as a first run ' +
        'would, which may miss images that runs before the change left stale: a run with since set to the last ' +
        'commit deployed before the change covers them.',
    );
    return undefined;
  }
  if (read.entry !== undefined) return { entry: read.entry, carried: false };
  if (formerTarget === undefined) return undefined;
  const former = await readLegacyRecord(store, formerTarget);
  if (former !== undefined && formerTarget === target)
    log.notice(
      `Catch-up: the record an earlier version wrote on '${target}', which carries no proof, was carried over ` +
        'once: from this run on, only records proved with the Root key count.',
    );
  else if (former !== undefined)
    log.notice(
      `Catch-up: the record of this target was carried over from '${formerTarget}', the name an earlier version ` +
        `gave it, to '${target}'; this run writes there. The old environment can be removed once this run has ` +
        'written (docs/catch-up.md says how).',
    );
  return former === undefined ? undefined : { entry: former, carried: true };
}

/**
 * What the run compares, from the record read. A record carried over carries no proof that the Root key wrote it:
 * it adds what it owes to what a first run compares, and never takes anything away (a made-up one saying the head
 * is fresh already).
 */
async function rangesOf(
  event: CommitRange,
  head: string,
  { memory, carried }: { memory: Memory; carried: boolean },
  options: CatchUpOptions,
): Promise<CommitRange[]> {
  const { log, target } = options;
  const given =
    options.since === undefined
      ? undefined
      : await withSinceResolved(sinceRange(options.since, head), options);
  const firstRun = async (): Promise<CommitRange> =>
    given ?? (await withSinceResolved(withoutNeedsBase(event), options));
  if (memory.last === undefined) {
    log.notice(
      `Catch-up: nothing is recorded for '${target}' yet (a first run); comparing with ${baseWords(event, options.since)}.`,
    );
    return [await firstRun()];
  }
  const spans = spansToCompare(memory, head, { base: head, head });
  const ranges: CommitRange[] = spans.map((span, index) => ({
    base: span.base,
    head: span.head,
    origin:
      index < memory.owed.length
        ? `owed by an earlier run on '${target}'`
        : `${event.origin}, from ${short(span.base)}, the last commit on '${target}'`,
  }));
  const forced = await forcedBase(event, head, memory, options.git);
  if (forced !== undefined) {
    ranges.push({ base: forced, head, origin: `push (forced), from its before ${short(forced)}` });
    log.info(
      `Catch-up: the push was forced: comparing its before, ${short(forced)}, with the head too, beside ` +
        `${short(memory.last)}, the last commit on '${target}': what the commits it dropped deployed is stale too.`,
    );
  }
  if (carried) ranges.push(await firstRun());
  else if (given !== undefined) ranges.push(given);
  log.info(`Catch-up: ${memoryWords(memory, head, ranges.length)}`);
  return ranges;
}

/**
 * A push's `before` when the push rewrote history (GitHub says `forced`, or git knows `before` is no ancestor of the
 * head) and the record's last commit is another: the site may have served what the dropped commits deployed.
 */
async function forcedBase(
  event: CommitRange,
  head: string,
  memory: Memory,
  git: RunGit,
): Promise<string | undefined> {
  const before = event.base;
  if (event.branch !== 'from-base' || typeof before !== 'string' || before === memory.last) return undefined;
  if (before === head || (memory.last !== undefined && (await resolveCommit(before, git)) === memory.last))
    return undefined;
  if (event.forced === true) return before;
  // Without the payload's word, only where git has both commits and says the before is no ancestor.
  if ((await resolveCommit(before, git)) === undefined || (await resolveCommit(head, git)) === undefined)
    return undefined;
  try {
    await git(['merge-base', '--is-ancestor', '--end-of-options', before, head]);
    return undefined;
  } catch {
    return before;
  }
}

/** What the record says, in one sentence: `catching up 3 deploys since a1b2c3d, 2 of them from failed runs`. */
function memoryWords(memory: Memory, head: string, ranges: number): string {
  const fresh = memory.fresh === undefined ? undefined : short(memory.fresh);
  const since = fresh === undefined ? 'no commit was ever made fresh' : `last made fresh for ${fresh}`;
  if (ranges === 0) return `${short(head)} is recorded fresh already; nothing to invalidate.`;
  const owed = memory.owed.length;
  const failed =
    owed === 0 ? '' : `; ${owed} of them left by ${plural(memory.failedRuns, 'run')} that did not end green`;
  return `comparing ${plural(ranges, 'span')} of commits up to ${short(head)} (${since}${failed}).`;
}

function baseWords(event: CommitRange, since: string | undefined): string {
  if (since !== undefined) return `since ${since}`;
  return event.base === PARENT ? `${short(event.head)}'s parent` : `the event's base, ${short(event.base)}`;
}

async function fullSha(ref: string, git: RunGit): Promise<string> {
  try {
    return await commitOf(ref, git);
  } catch {
    return ref; // no checkout: the event names full SHAs
  }
}

/** The checkout is at the deployed commit, or an error says which `ref:` to check out. */
async function checkCheckout(range: CommitRange, git: RunGit): Promise<void> {
  let checkedOut: string;
  try {
    checkedOut = (await git(['rev-parse', '--verify', 'HEAD^{commit}'])).trim();
  } catch {
    return; // no checkout: the changed files come from the API, and nothing reads the workspace's files
  }
  const fix = `Check out the deployed commit first: actions/checkout with ${range.checkoutRef === undefined ? 'ref: <the deployed commit>' : `ref: \${{ ${range.checkoutRef} }}`}.`;
  let deployed: string;
  try {
    deployed = await commitOf(range.head, git);
  } catch (error) {
    // The same hint as when fetching works: the checkout is not at the deployed commit, whatever git could fetch.
    throw new Error(
      `The checkout is at ${short(checkedOut)}, but the ${range.origin} event deployed ${short(range.head)}, which ` +
        `git could not fetch (${errorMessage(error)}). ${fix}`,
      { cause: error },
    );
  }
  if (checkedOut === deployed) return;
  throw new Error(
    `The checkout is at ${short(checkedOut)}, but the ${range.origin} event deployed ${short(deployed)}. ${fix}`,
  );
}

/** How far a shallow checkout is deepened to find a short SHA in `since`. */
export const SINCE_DEPTH = 1_000;

/**
 * `since` resolved in the checkout, deepened as needed: `HEAD~1` and a short SHA resolve on a depth-1 checkout. A
 * relative or short one that still cannot be found is refused, saying what to set; a name is left to the comparison,
 * which asks the API too.
 */
async function withSinceResolved(range: CommitRange, options: CatchUpOptions): Promise<CommitRange> {
  const since = options.since;
  if (since === undefined || range.base !== since) return range;
  let base: string | undefined;
  try {
    base = await sinceCommit(since, range.head, SINCE_DEPTH, options.git);
  } catch {
    return range; // no checkout, or no origin to fetch from: the comparison says what it can
  }
  if (base !== undefined) return { ...range, base };
  if (!/[~^]|^[0-9a-f]{4,39}$/i.test(since)) return range;
  return throwInput(
    `since: ${quote(since)} names no commit of the checkout (a shallow one is deepened by up to ` +
      `${count(SINCE_DEPTH)} commits of ${short(range.head)}'s history to find it). Give a full commit SHA, a tag ` +
      'or a branch, or check out the whole history (actions/checkout with fetch-depth: 0).',
  );
}
