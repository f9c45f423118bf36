/**
 * Catch-up: a branch's run compares with the newest commit recorded fresh (a commit status that an earlier green run
 * of the same target set), when that is older than the event's base. Exactly then, earlier runs failed, were
 * cancelled or never ran, and their images are still stale: this run invalidates them too.
 */
import { isRecordedFresh, RequestBudget, statusProblem } from '../github/statuses.ts';
import { throwInput } from '../mechanics/input-error.ts';
import { count, plural } from '../shown/format.ts';
import { quote } from '../shown/shown.ts';
import type { Log } from '../shown/log.ts';
import type { CiContext, RecordPlace } from '../ci/context.ts';
import { CHECKOUT_REFS } from '../ci/github.ts';
import { historyOf, sinceCommit } from './git.ts';
import { commitOf, type RunGit } from '../mechanics/git.ts';
import { short } from '../github/api.ts';
import { PARENT, type CommitRange } from '../domain/range.ts';

/** How far back catch-up looks: this many commits of history at most, each one's record read through the API. */
export const CATCH_UP_COMMITS = 100;
/**
 * Requests to GitHub's API that one look makes at most: a request a commit, and room for commits whose CI matrix
 * spreads their statuses over more pages (past it, the run could not look, and says so).
 */
export const CATCH_UP_REQUESTS = 2 * CATCH_UP_COMMITS;

export interface CatchUpOptions {
  readonly since: string | undefined;
  /** `catch-up`: look for a record at all. */
  readonly enabled: boolean;
  /** The status context of the record (the action and its target). */
  readonly context: string;
  readonly git: RunGit;
  readonly log: Log;
  /** Each API request's bound. */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
}

/**
 * The range to compare: the event's, or on a branch, from the newest commit recorded fresh. An explicit `since` wins
 * on a push; after a deploy, a dispatch or a schedule it is the base only while nothing is recorded.
 */
export async function caughtUpRange(ci: CiContext, options: CatchUpOptions): Promise<CommitRange> {
  const range = await branchBase(ci, options);
  // After a deploy, the workspace's files must be the deployed commit's: the origin check and rewrite read them.
  if (range.catchUp === 'from-head' && range.skip === undefined) await checkCheckout(range, options.git);
  return range.base === options.since ? withSinceResolved(range, options) : range;
}

async function branchBase(ci: CiContext, options: CatchUpOptions): Promise<CommitRange> {
  const place = ci.record;
  if (place === undefined) return ci.changeRange(options.since);
  const range = place.branchRange(options.since);
  if (range.skip !== undefined || range.catchUp === undefined) return range;
  const looks = options.enabled && !(options.since !== undefined && range.catchUp === 'from-base');
  if (!looks) return range.needsBase === undefined ? range : throwInput(range.needsBase);
  let found: Found;
  try {
    found = await lookBack(range, place, options);
  } catch (error) {
    const failed = statusProblem(error, 'read');
    return { ...withoutRecord(range, `it could not look (${failed})`, options), looked: { failed } };
  }
  const caughtUp =
    'fresh' in found ? fromRecord(range, found, options) : withoutRecord(range, found.why, options);
  return { ...caughtUp, looked: true };
}

type Found =
  /** `missed`: how many commits stand between the one recorded fresh and where the look started. */
  { readonly fresh: string; readonly missed: number } | { readonly why: string };

/** The newest commit recorded fresh, from where the range says to look, within CATCH_UP_COMMITS; or why none. */
async function lookBack(range: CommitRange, place: RecordPlace, options: CatchUpOptions): Promise<Found> {
  const { git } = options;
  const headHistory = await historyOf(range.head, CATCH_UP_COMMITS, git);
  const candidates =
    range.catchUp === 'from-head'
      ? headHistory
      : range.base === PARENT
        ? headHistory.slice(1)
        : await historyOf(range.base, CATCH_UP_COMMITS, git);
  const store = {
    ...place,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    budget: new RequestBudget(CATCH_UP_REQUESTS),
  };
  for (const [index, sha] of candidates.entries()) {
    if (!(await isRecordedFresh(store, sha, options.context))) continue;
    if (!headHistory.includes(sha)) {
      return {
        why:
          `${short(sha)}, the last commit recorded fresh before ${short(candidates[0] ?? sha)}, is not an ancestor ` +
          `of ${short(range.head)} within its last ${CATCH_UP_COMMITS} commits (was the branch force-pushed?)`,
      };
    }
    return { fresh: sha, missed: index };
  }
  return {
    why:
      candidates.length === 0
        ? 'there is no earlier commit to look at'
        : `no commit among the ${plural(candidates.length, 'commit')} looked at is recorded fresh`,
  };
}

function fromRecord(
  range: CommitRange,
  found: { fresh: string; missed: number },
  options: CatchUpOptions,
): CommitRange {
  const fresh = short(found.fresh);
  if (found.fresh === range.base || (range.catchUp === 'from-base' && found.missed === 0)) {
    options.log.info(`Catch-up: ${fresh}, the event's base, is recorded fresh; nothing earlier to catch up.`);
    return range;
  }
  if (found.fresh === range.head) {
    options.log.info(
      `Catch-up: ${fresh}, the deployed commit, is already recorded fresh; nothing to invalidate.`,
    );
    return { ...range, base: found.fresh, origin: `${range.origin}, ${fresh} already recorded fresh` };
  }
  // After a deploy, the commits up to the head; on a push, those before the event's base, which earlier runs left.
  const why = `catching up ${plural(found.missed, 'commit')} since ${fresh}, the last commit recorded fresh`;
  options.log.info(`Catch-up: ${why} ('${options.context}').`);
  return { ...range, base: found.fresh, origin: `${range.origin}, ${why}` };
}

function withoutRecord(range: CommitRange, why: string, options: CatchUpOptions): CommitRange {
  const base =
    range.catchUp === 'from-base'
      ? "the event's base"
      : options.since === undefined
        ? `${short(range.head)}'s parent`
        : `since ${options.since}`;
  options.log.notice(
    `Catch-up found no commit to start from: ${why} (status '${options.context}'); comparing with ${base}.`,
  );
  return {
    ...withoutNeedsBase(range),
    origin: `${range.origin}, compared with ${base}: ${why}`,
  };
}

/** The checkout is at the deployed commit, or an error says which `ref:` to check out. */
async function checkCheckout(range: CommitRange, git: RunGit): Promise<void> {
  let checkedOut: string;
  try {
    checkedOut = (await git(['rev-parse', '--verify', 'HEAD^{commit}'])).trim();
  } catch {
    return; // no checkout: the changed files come from the API, and nothing reads the workspace's files
  }
  const deployed = await commitOf(range.head, git);
  if (checkedOut === deployed) return;
  throw new Error(
    `The checkout is at ${short(checkedOut)}, but ${range.origin} deployed ${short(deployed)}: check out the deployed ` +
      `commit first (actions/checkout with ${checkoutRefs()}).`,
  );
}

/** `ref: ${{ github.event.workflow_run.head_sha }} after a workflow_run, …`: for every event after a deploy. */
function checkoutRefs(): string {
  return Object.entries(CHECKOUT_REFS)
    .map(([event, ref]) => `ref: \${{ ${ref} }} after a ${event}`)
    .join(', ');
}

/** The range with its base settled: the head's parent, once catch-up has looked and found no record. */
function withoutNeedsBase(range: CommitRange): CommitRange {
  const settled: { -readonly [K in keyof CommitRange]: CommitRange[K] } = { ...range };
  delete settled.needsBase;
  return settled;
}

/** How far a shallow checkout is deepened to find a short SHA in `since`. */
export const SINCE_DEPTH = 1_000;

/**
 * `since` resolved in the checkout, deepened as needed: `HEAD~1` and a short SHA resolve on a depth-1 checkout. A
 * relative or short one that still cannot be found is refused, saying what to set; a name is left to the comparison,
 * which asks the API too.
 */
async function withSinceResolved(range: CommitRange, options: CatchUpOptions): Promise<CommitRange> {
  const since = options.since ?? '';
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
