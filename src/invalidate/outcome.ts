import { stalenessOf } from './staleness.ts';
import type { AssetRef } from '../domain/refs.ts';
import { unhandled } from '../mechanics/exhaustive.ts';
import type { Scope } from '../settings/settings.ts';
import { plannedAssets, type Plan } from '../plan/plan.ts';
import { plural } from '../shown/format.ts';
import { describeCall } from '../domain/call-words.ts';
import type { CallRecord, RunResult } from '../service/execute.ts';
import { AssetResults, type AssetResult } from '../service/asset-results.ts';
import type { OriginReport } from '../origin/hold.ts';
import { originFacts, type Counts, type OriginFacts } from './facts.ts';
import { FAILURES_NAMED, named, type Named } from '../shown/format.ts';

export type { Counts } from './facts.ts';

/**
 * What the invalidation did, computed once from its call records: its voices read it, and none counts anything
 * again. The run's outcome is the same, with the failures of every stage (src/outcome/outcome.ts).
 */
export interface Outcome {
  readonly dryRun: boolean;
  /** A signal stopped the run before its end. */
  readonly cancelled: boolean;
  /** At least one call went out: what the service did is the run's to publish, whatever fails after. */
  readonly sent: boolean;
  readonly counts: Counts;
  /** Each asset with what became of it; none on a dry run. */
  readonly assets: AssetResults;
  /** Confirmed by the service. */
  readonly invalidated: readonly AssetRef[];
  /** Failed or not sent. */
  readonly failed: readonly AssetRef[];
  /** Invalidated, or on a dry run those that would be: the images that rewrite and the summary show. */
  readonly touched: readonly AssetRef[];
  /** The invalidation calls, in the order sent. */
  readonly calls: readonly CallRecord[];
  /** Requested (not on a dry run). */
  readonly tokenRequested: boolean;
  readonly token?: string | undefined;
  readonly tokenCall?: CallRecord | undefined;
  /** The service refused the key: the exit code of the command says so. */
  readonly keyRefused: boolean;
  /** Each thing that did not land, as a sentence. None means the step succeeds. */
  readonly failures: readonly string[];
  /** The failures the log, the summary and the command's text name; the rest they count. */
  readonly namedFailures: Named<string>;
  /** What the origin check found, when it ran. */
  readonly origin?: OriginFacts | undefined;
}

export function outcomeOf(
  plan: Plan,
  result: RunResult | undefined,
  cancelled = false,
  origin?: OriginReport,
): Outcome {
  const assets = result?.assets ?? AssetResults.of([]);
  const invalidated: AssetRef[] = [];
  const failed: AssetRef[] = [];
  let notSent = 0;
  const notReady: AssetResult[] = [];
  assets.forEach((ref, outcome, error) => {
    (outcome === 'invalidated' ? invalidated : failed).push(ref);
    if (outcome === 'not-sent') notSent++;
    if (outcome === 'not-ready')
      notReady.push(error === undefined ? { ref, outcome } : { ref, outcome, error });
  });
  const records = result?.calls ?? [];
  const calls = records.filter((record) => record.call.route !== 'token');
  const tokenCall = records.find((record) => record.call.route === 'token');
  const token = result?.token;
  const dryRun = result === undefined;
  const failures =
    result !== undefined
      ? [...failuresOf(plan, result, notSent, cancelled), ...notReadyFailures(notReady)]
      : cancelled
        ? ['The run was cancelled.']
        : [];
  return {
    dryRun,
    cancelled: cancelled || result?.cancelled === true,
    sent: records.length > 0,
    counts: {
      assets: dryRun ? plannedAssets(plan).length : assets.length,
      invalidated: invalidated.length,
      failed: failed.length - notSent - notReady.length,
      notSent,
      notReady: notReady.length,
      notInvalidated: failed.length,
      requests: calls.length,
      attempts: calls.reduce((sum, record) => sum + record.attempts.length, 0),
      tokenCalls: tokenCall === undefined ? 0 : 1,
      skipped: plan.files?.unmapped.length ?? 0,
    },
    assets,
    invalidated,
    failed,
    touched: dryRun ? plannedAssets(plan) : invalidated,
    calls,
    tokenRequested: plan.token && !dryRun,
    token,
    tokenCall,
    keyRefused: result?.stoppedBy?.keyRefused === true,
    failures,
    namedFailures: named(failures, FAILURES_NAMED),
    origin: origin === undefined ? undefined : originFacts(origin, stalenessOf(origin.checks, assets, calls)),
  };
}

/**
 * Each image held back because its origin still served the old file: invalidating it would have cached the old
 * image again, so the step fails and says what the origin served.
 */
function notReadyFailures(notReady: readonly AssetResult[]): string[] {
  const named = notReady
    // Named as many as the renderers name; the per-asset results and `failed-file` name them all.
    .slice(0, FAILURES_NAMED)
    .map(
      (asset) => `${asset.ref}: ${asset.error ?? 'not invalidated: its origin did not serve the new file'}.`,
    );
  const rest = notReady.length - named.length;
  if (rest > 0)
    named.push(
      `And ${plural(rest, 'other image')} not invalidated, since ${rest === 1 ? 'its origin' : 'their origins'} ` +
        'did not serve the new file in time: the JSON report and failed-file name each.',
    );
  return named;
}

/**
 * A run stopped by one call (a refused key) is one sentence: that call's failure, the calls that failed the same
 * way while it was in flight, and what was therefore not sent.
 */
function failuresOf(plan: Plan, result: RunResult, notSent: number, cancelled: boolean): string[] {
  const stop = result.stoppedBy;
  const stopMessage = stop?.call.error?.message;
  const failedCalls = result.calls.filter((record) => record.outcome === 'failed');
  const sameWay = failedCalls.filter(
    (record) => record !== stop?.call && record.error?.message === stopMessage,
  );
  const failures = failedCalls
    .filter((record) => !sameWay.includes(record))
    .map((record) => {
      const failure = `${describeCall(record)} failed${afterAttempts(record)}: ${record.error?.message ?? 'unknown error'}`;
      if (record !== stop?.call) return failure;
      const also = sameWay.length === 0 ? '' : ` (and ${plural(sameWay.length, 'other call')} the same way)`;
      const unsent = notSentWords(plan, result, notSent);
      return `${withoutStop(failure)}${also}.${unsent === undefined ? '' : ` Not sent, since ${stop.reason}: ${unsent}.`}`;
    });
  const reason = result.cancelled === true || cancelled ? 'the run was cancelled' : undefined;
  const unsent = notSentWords(plan, result, notSent);
  if (stop === undefined && unsent !== undefined)
    failures.push(`Not sent, since ${reason ?? 'the run stopped'}: ${unsent}.`);
  else if (stop === undefined && reason !== undefined) failures.push('The run was cancelled.');
  return failures;
}

/** What the run did not send: `300 assets and the token`. */
function notSentWords(plan: Plan, result: RunResult, notSent: number): string | undefined {
  const parts = notSent > 0 ? [plural(notSent, 'asset')] : [];
  const whole = wholeScopeWords(plan.scope);
  if (whole !== undefined && plan.calls.length > 0 && result.calls.length === 0)
    parts.push(`the invalidation of ${whole}`);
  const tokenSent = result.calls.some((record) => record.call.route === 'token');
  if (plan.token && !tokenSent) parts.push('the token');
  return parts.length === 0 ? undefined : parts.join(' and ');
}

/** What the invalidation of a scope sent whole is called; none for a scope counted by its assets, or sending none. */
function wholeScopeWords(scope: Scope): string | undefined {
  switch (scope) {
    case 'all':
      return 'every image';
    case 'domain':
      return 'the domain';
    case 'assets': // counted by its assets
    case 'none': // sends no invalidation
      return undefined;
    default:
      return unhandled(scope);
  }
}

function withoutStop(sentence: string): string {
  return sentence.replace(/\.$/, '');
}

function afterAttempts(record: CallRecord): string {
  return record.attempts.length > 1 ? ` after ${plural(record.attempts.length, 'attempt')}` : '';
}
