import { plural } from '../format.ts';
import type { Plan } from '../plan.ts';
import type { RewriteResult } from '../rewrite/files.ts';
import { imageUrlPrefix } from '../urls.ts';
import type { AssetResult, CallRecord, CallTarget, RunResult } from './execute.ts';

/** What a run did, as plain data: the source of the outputs, the summary and the JSON report. */
export interface Report {
  readonly dryRun: boolean;
  readonly plan: Plan;
  /** Absent on a dry run. */
  readonly result?: RunResult;
  readonly startedAt: Date;
  readonly finishedAt: Date;
  readonly imageHost?: string;
  /** Files whose image URLs got the new token (or would have, on a dry run). */
  readonly rewrite?: RewriteResult;
  /** Why rewriting failed, when it did. */
  readonly rewriteError?: string;
}

export interface Counts {
  readonly assets: number;
  readonly invalidated: number;
  readonly failed: number;
  readonly notSent: number;
  /** Invalidation calls sent (a retry is not a new call). */
  readonly requests: number;
  readonly attempts: number;
}

export function countsOf(report: Report): Counts {
  const assets = report.result?.assets ?? [];
  const calls = invalidationCalls(report);
  return {
    assets: report.plan.invalidation.scope === 'assets' ? report.plan.invalidation.assets.length : 0,
    invalidated: assets.filter((asset) => asset.outcome === 'invalidated').length,
    failed: assets.filter((asset) => asset.outcome === 'failed').length,
    notSent: assets.filter((asset) => asset.outcome === 'not-sent').length,
    requests: calls.length,
    attempts: calls.reduce((sum, call) => sum + call.attempts.length, 0),
  };
}

export function invalidationCalls(report: Report): CallRecord[] {
  return (report.result?.calls ?? []).filter((call) => call.route !== 'token');
}

export function tokenCall(report: Report): CallRecord | undefined {
  return report.result?.calls.find((call) => call.route === 'token');
}

/** Each thing that did not land, as a sentence. An empty list means the step succeeds. */
export function failuresOf(report: Report): string[] {
  const result = report.result;
  const rewrite = report.rewriteError === undefined ? [] : [report.rewriteError];
  if (result === undefined) return rewrite;
  const failures = result.calls
    .filter((call) => call.outcome === 'failed')
    .map(
      (call) =>
        `${describeCall(call)} failed${afterAttempts(call)}: ${call.error?.message ?? 'unknown error'}`,
    );
  const notSent = result.assets.filter((asset) => asset.outcome === 'not-sent').length;
  const reason = result.stoppedBy?.reason ?? 'the run stopped';
  if (notSent > 0) failures.push(`${plural(notSent, 'asset')} not sent, since ${reason}.`);
  if (report.plan.token && result.stoppedBy !== undefined && tokenCall(report) === undefined) {
    failures.push(`The token was not requested, since ${reason}.`);
  }
  return [...failures, ...rewrite];
}

export function describeCall(call: CallTarget): string {
  switch (call.route) {
    case 'invalidate/assets':
      return `Call ${call.index} (invalidate ${plural(call.assets?.length ?? 0, 'asset')})`;
    case 'invalidate/domain':
      return `Call ${call.index} (invalidate domain ${call.domain ?? ''})`;
    case 'invalidate/all':
      return `Call ${call.index} (invalidate all)`;
    case 'token':
      return `Call ${call.index} (token)`;
  }
}

function afterAttempts(call: CallRecord): string {
  return call.attempts.length > 1 ? ` after ${call.attempts.length} attempts` : '';
}

/** The step's outputs, by their names in action.yml. */
export function outputsOf(
  report: Report,
): Record<'token' | 'cache-buster' | 'image-url-prefix' | 'invalidated' | 'failed' | 'requests', string> {
  const assets = report.result?.assets ?? [];
  const token = report.result?.token ?? '';
  return {
    token,
    'cache-buster': token === '' ? '' : `cb:${token}`,
    'image-url-prefix':
      token === '' || report.imageHost === undefined ? '' : imageUrlPrefix(report.imageHost, token),
    invalidated: JSON.stringify(refsWith(assets, 'invalidated')),
    failed: JSON.stringify(
      assets.filter((asset) => asset.outcome !== 'invalidated').map((asset) => asset.ref),
    ),
    requests: String(invalidationCalls(report).length),
  };
}

function refsWith(assets: readonly AssetResult[], outcome: AssetResult['outcome']): string[] {
  return assets.filter((asset) => asset.outcome === outcome).map((asset) => asset.ref);
}

/** The JSON report: every asset with its outcome, every call with its attempts. Times are ms from the start. */
export function reportJson(report: Report): object {
  const { plan, result } = report;
  const invalidation = plan.invalidation;
  const failures = failuresOf(report);
  return {
    ok: failures.length === 0,
    dryRun: report.dryRun,
    scope: invalidation.scope,
    ...(invalidation.scope === 'domain' ? { domain: invalidation.domain } : {}),
    ...(invalidation.scope === 'assets' && invalidation.files !== undefined
      ? { files: invalidation.files }
      : {}),
    startedAt: report.startedAt.toISOString(),
    finishedAt: report.finishedAt.toISOString(),
    counts: countsOf(report),
    failures,
    token: {
      requested: plan.token && !report.dryRun,
      ...(result?.token === undefined ? {} : { value: result.token }),
    },
    ...(report.dryRun ? { planned: plannedCalls(plan) } : {}),
    ...(report.rewrite === undefined ? {} : { rewrite: report.rewrite }),
    calls: (result?.calls ?? []).map((call) => ({
      index: call.index,
      route: call.route,
      ...(call.domain === undefined ? {} : { domain: call.domain }),
      ...(call.assets === undefined ? {} : { assetCount: call.assets.length }),
      outcome: call.outcome,
      attempts: call.attempts,
      ...(call.error === undefined ? {} : { error: call.error }),
    })),
    assets:
      result?.assets ??
      (invalidation.scope === 'assets'
        ? invalidation.assets.map((ref) => ({ ref, outcome: 'planned' }))
        : []),
  };
}

/** What a dry run would send. */
export function plannedCalls(plan: Plan): { route: string; domain?: string; assetCount?: number }[] {
  const invalidation = plan.invalidation;
  const calls: { route: string; domain?: string; assetCount?: number }[] = [];
  if (invalidation.scope === 'all') calls.push({ route: 'invalidate/all' });
  if (invalidation.scope === 'domain')
    calls.push({ route: 'invalidate/domain', domain: invalidation.domain });
  if (invalidation.scope === 'assets') {
    calls.push(
      ...invalidation.batches.map((batch) => ({ route: 'invalidate/assets', assetCount: batch.length })),
    );
  }
  if (plan.token) calls.push({ route: 'token' });
  return calls;
}
