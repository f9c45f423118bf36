/** The invalidation's fields of the JSON report, and its assets, streamed a piece at a time. */
import type { ApiCall } from '../service/client.ts';
import { assetsIn, plannedCalls, type InvalidationCall } from '../plan/plan.ts';
import { unhandled } from '../mechanics/exhaustive.ts';
import type { Invalidated } from './invalidated.ts';
import type { LearnedTold } from './learned.ts';

/** The scope and what it names, the changed files, the counts, the token, the calls and how the origins went. */
export function invalidationJson(
  inv: Invalidated,
  learned: LearnedTold | undefined,
): Record<string, unknown> {
  const { plan, result, outcome } = inv;
  const { origin } = outcome;
  return {
    scope: plan.scope,
    domain: subjectDomain(plan.calls),
    files: learned === undefined ? plan.files : { ...plan.files, learned: learned.json() },
    counts: outcome.counts,
    merged: plan.merged,
    pauses: result === undefined ? undefined : (result.pauses ?? 0),
    token: { requested: outcome.tokenRequested, value: outcome.token },
    planned: inv.dryRun ? plannedCalls(plan).map(callJson) : undefined,
    origin:
      origin === undefined
        ? undefined
        : {
            waitedMs: Math.round(origin.waitedMs),
            timeoutMs: origin.timeoutMs,
            states: origin.states,
            staleness: origin.staleness,
            requests: origin.requests,
            caches: origin.caches,
          },
    calls: (result?.calls ?? []).map((record) => ({
      index: record.index,
      ...callJson(record.call),
      outcome: record.outcome,
      attempts: record.attempts,
      error: record.error,
    })),
  };
}

/** The JSON text of each asset, ASSETS_PER_PIECE at a time; made without an object an asset when nothing is added. */
export function assetLines(inv: Invalidated): Iterable<string[]> {
  if (!inv.dryRun && inv.origin?.checks === undefined) return inv.outcome.assets.jsonPieces(ASSETS_PER_PIECE);
  return map(pieces(assetEntries(inv), ASSETS_PER_PIECE), (piece) =>
    piece.map((asset) => JSON.stringify(asset)),
  );
}

function* map<T, U>(items: Iterable<T>, each: (item: T) => U): Generator<U> {
  for (const item of items) yield each(item);
}

/** Each asset with its outcome; on a dry run, `planned`, with the number of the call that would carry it. */
function* assetEntries(inv: Invalidated): Generator<object> {
  if (!inv.dryRun) {
    yield* withOriginTimes(inv);
    return;
  }
  let index = 0;
  for (const call of inv.plan.calls) {
    index++;
    for (const ref of assetsIn(call)) yield { ref, outcome: 'planned', call: index };
  }
}

/**
 * With the origin check, each image mapped from a file also tells when its origin served the new file (`originReadyAt`,
 * or when it was found not to be comparable) and when the call that invalidated it ended (`invalidatedAt`): ms on the
 * clock of the calls' attempts; and, for an image seen to flip during the wait, how long it stayed stale at most
 * (`staleAtMostMs`: from the last ask that found the previous version to `invalidatedAt`).
 */
function* withOriginTimes(inv: Invalidated): Generator<object> {
  const checks = inv.origin?.checks;
  if (checks === undefined) {
    yield* inv.outcome.assets;
    return;
  }
  const byRef = new Map(checks.map((check) => [check.ref, check]));
  const calls = new Map(inv.outcome.calls.map((record) => [record.index, record]));
  for (const asset of inv.outcome.assets) {
    const check = byRef.get(asset.ref);
    if (check === undefined) {
      yield asset;
      continue;
    }
    const last = asset.outcome === 'invalidated' ? calls.get(asset.call ?? -1)?.attempts.at(-1) : undefined;
    const stale = inv.outcome.origin?.stalenessOf.get(asset.ref);
    yield {
      ...asset,
      origin: check.state,
      originReadyAt: roundedOrNone(check.settledAt),
      invalidatedAt: last === undefined ? undefined : Math.round(last.startedAt + last.durationMs),
      staleAtMostMs: roundedOrNone(stale),
      originAsks: check.asks,
      originServed: check.seen,
    };
  }
}

function* pieces<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let piece: T[] = [];
  for (const item of items) {
    piece.push(item);
    if (piece.length === size) {
      yield piece;
      piece = [];
    }
  }
  if (piece.length > 0) yield piece;
}

// Small enough that no piece is a large object (over 128 KiB), for which V8 maps pages of its own.
const ASSETS_PER_PIECE = 1_000;

/**
 * What the report names beside the scope, from the first call that names something: a domain call's `domain`. A
 * route added to `ApiCall` fails to compile here until it says what it names, if anything.
 */
function subjectDomain(calls: readonly InvalidationCall[]): string | undefined {
  for (const call of calls) {
    switch (call.route) {
      case 'invalidate/domain':
        return call.domain;
      case 'invalidate/all': // named by the scope
      case 'invalidate/assets': // named by the counts and the assets
        continue;
      default:
        return unhandled(call);
    }
  }
  return undefined;
}

function roundedOrNone(ms: number | undefined): number | undefined {
  return ms === undefined ? undefined : Math.round(ms);
}

/** A call in the report as it is sent, but for a batch's assets, given by count: the report lists them apart. */
function callJson(call: ApiCall): object {
  if (call.route !== 'invalidate/assets') return call;
  return { route: call.route, assetCount: call.assets.length };
}
