import type { OutputName } from '../action-contract.ts';
import type { ApiCall } from '../api/client.ts';
import type { AssetRef } from '../assets/refs.ts';
import { assetsIn, plannedAssets, type Plan } from '../plan.ts';
import type { RewriteResult } from '../rewrite/files.ts';
import { imageUrlPrefix } from '../urls.ts';
import { count, describeCall, plural } from '../wording.ts';
import type { CallRecord, RunResult } from './execute.ts';

/** What a run did, as plain data: the source of the outputs, the summary and the JSON report. */
export interface Report {
  readonly dryRun: boolean;
  readonly plan: Plan;
  /** Absent on a dry run. */
  readonly result?: RunResult;
  readonly startedAt: Date;
  readonly finishedAt: Date;
  readonly imageHost?: string;
  /** A dry run given no API key (nothing is sent, so none is needed): the key was not checked. */
  readonly noApiKey?: true;
  /** Files whose image URLs got the new token (or would have, on a dry run). */
  readonly rewrite?: RewriteResult;
  /** Why rewriting failed, when it did. */
  readonly rewriteError?: string;
}

/** A run that ended before its plan: bad input, or changed files that could not be found. */
export interface RunFailure {
  readonly error: string;
  readonly startedAt: Date;
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
  const withOutcome = (outcome: string): number => assets.filter((asset) => asset.outcome === outcome).length;
  return {
    assets: plannedAssets(report.plan).length,
    invalidated: withOutcome('invalidated'),
    failed: withOutcome('failed'),
    notSent: withOutcome('not-sent'),
    requests: calls.length,
    attempts: calls.reduce((sum, record) => sum + record.attempts.length, 0),
  };
}

export function invalidationCalls(report: Report): CallRecord[] {
  return (report.result?.calls ?? []).filter((record) => record.call.route !== 'token');
}

export function tokenCall(report: Report): CallRecord | undefined {
  return report.result?.calls.find((record) => record.call.route === 'token');
}

export function tokenPlanned(plan: Plan): boolean {
  return plan.calls.some((call) => call.route === 'token');
}

/** Each thing that did not land, as a sentence. An empty list means the step succeeds. */
export function failuresOf(report: Report): string[] {
  const result = report.result;
  const rewrite = report.rewriteError === undefined ? [] : [report.rewriteError];
  if (result === undefined) return rewrite;
  const failures = result.calls
    .filter((record) => record.outcome === 'failed')
    .map(
      (record) =>
        `${describeCall(record)} failed${afterAttempts(record)}: ${record.error?.message ?? 'unknown error'}`,
    );
  const notSent = result.assets.filter((asset) => asset.outcome === 'not-sent').length;
  const reason = result.stoppedBy?.reason ?? 'the run stopped';
  if (notSent > 0) failures.push(`${plural(notSent, 'asset')} not sent, since ${reason}.`);
  if (tokenPlanned(report.plan) && result.stoppedBy !== undefined && tokenCall(report) === undefined) {
    failures.push(`The token was not requested, since ${reason}.`);
  }
  return [...failures, ...rewrite];
}

function afterAttempts(record: CallRecord): string {
  return record.attempts.length > 1 ? ` after ${record.attempts.length} attempts` : '';
}

/**
 * A list output at most this long, in characters: a later step can still pass it through an environment variable on
 * Windows (32,767 characters), and all outputs together stay far under the runner's 1 MB per job.
 */
export const OUTPUT_LIST_CAP = 30_000;

/** The files a run writes beside its outputs: the JSON report, and the whole lists. */
export interface WrittenFiles {
  readonly report: string;
  readonly invalidated: string;
  readonly failed: string;
  /** The summary's Markdown, for a pull-request comment. */
  readonly summary: string;
}

/** The asset references that were confirmed, and those that were not (failed or not sent). */
export function assetLists(report: Report | undefined): { invalidated: string[]; failed: string[] } {
  const assets = report?.result?.assets ?? [];
  const invalidated: string[] = [];
  const failed: string[] = [];
  for (const asset of assets) (asset.outcome === 'invalidated' ? invalidated : failed).push(asset.ref);
  return { invalidated, failed };
}

/** The assets this run invalidated, or would invalidate on a dry run. */
export function invalidatedRefs(plan: Plan, result: RunResult | undefined): AssetRef[] {
  if (result === undefined) return plannedAssets(plan);
  return result.assets.filter((asset) => asset.outcome === 'invalidated').map((asset) => asset.ref);
}

/** The step's outputs, every one that action.yml declares; a run that ended before its plan has no report. */
export function outputsOf(report: Report | undefined, files: WrittenFiles): Record<OutputName, string> {
  const token = report?.result?.token ?? '';
  const imageHost = report?.imageHost;
  const lists = assetLists(report);
  return {
    token,
    'cache-buster': token === '' ? '' : `cb:${token}`,
    'image-url-prefix': token === '' || imageHost === undefined ? '' : imageUrlPrefix(imageHost, token),
    invalidated: listOutput(lists.invalidated, 'invalidated-file'),
    'invalidated-count': String(lists.invalidated.length),
    'invalidated-file': files.invalidated,
    failed: listOutput(lists.failed, 'failed-file'),
    'failed-count': String(lists.failed.length),
    'failed-file': files.failed,
    requests: String(report === undefined ? 0 : invalidationCalls(report).length),
    'report-path': files.report,
    'summary-file': files.summary,
  };
}

/** A JSON array while it fits; past the cap, a sentence that no JSON parser or workflow takes for the list. */
function listOutput(refs: readonly string[], file: OutputName): string {
  // Escaping only lengthens: a list whose bare size is over the cap is never turned into one long string.
  const bare = refs.reduce((size, ref) => size + ref.length + 3, 2);
  const json = bare > OUTPUT_LIST_CAP ? undefined : JSON.stringify(refs);
  if (json !== undefined && json.length <= OUTPUT_LIST_CAP) return json;
  return `${LIST_CUT} ${count(refs.length)} references are too many for an output; the file named by ${file} lists them all`;
}

/** How a list output that gave way to its file begins. */
export const LIST_CUT = 'not listed here:';

/**
 * The JSON report as text, in pieces: every call with its attempts, then every asset with its outcome, one a line,
 * a chunk at a time, so that a million assets never become one string. `clean` is applied to each piece (the key's
 * forms removed, runner commands neutralised).
 */
export function* reportJsonText(report: Report, clean: (text: string) => string): Generator<string> {
  const head = JSON.stringify(reportJson(report), null, 2);
  yield clean(`${head.slice(0, head.lastIndexOf('\n}'))},\n  "assets": [`);
  let first = true;
  for (const piece of pieces(assetEntries(report), ASSETS_PER_PIECE)) {
    const lines = piece.map((asset) => `    ${JSON.stringify(asset)}`).join(',\n');
    yield clean(`${first ? '' : ','}\n${lines}`);
    first = false;
  }
  yield `${first ? '' : '\n  '}]\n}\n`;
}

/** Each asset with its outcome; on a dry run, `planned`, with the number of the call that would carry it. */
function* assetEntries(report: Report): Generator<object> {
  if (report.result !== undefined) {
    yield* report.result.assets;
    return;
  }
  let index = 0;
  for (const call of report.plan.calls) {
    index++;
    for (const ref of assetsIn(call)) yield { ref, outcome: 'planned', call: index };
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

const ASSETS_PER_PIECE = 10_000;

/** The JSON report but its assets. Times are ms from the start. */
function reportJson(report: Report): object {
  const { plan, result } = report;
  const failures = failuresOf(report);
  const domain = plan.calls.find((call) => call.route === 'invalidate/domain')?.domain;
  return {
    ok: failures.length === 0,
    dryRun: report.dryRun,
    scope: plan.scope,
    ...(domain === undefined ? {} : { domain }),
    ...(plan.files === undefined ? {} : { files: plan.files }),
    startedAt: report.startedAt.toISOString(),
    finishedAt: report.finishedAt.toISOString(),
    counts: countsOf(report),
    ...(plan.merged === undefined ? {} : { merged: plan.merged }),
    ...(result === undefined ? {} : { pauses: result.pauses ?? 0 }),
    failures,
    token: {
      requested: tokenPlanned(plan) && !report.dryRun,
      ...(result?.token === undefined ? {} : { value: result.token }),
    },
    ...(report.dryRun ? { planned: plan.calls.map(callJson) } : {}),
    ...(report.rewrite === undefined ? {} : { rewrite: report.rewrite }),
    calls: (result?.calls ?? []).map((record) => ({
      index: record.index,
      ...callJson(record.call),
      outcome: record.outcome,
      attempts: record.attempts,
      ...(record.error === undefined ? {} : { error: record.error }),
    })),
  };
}

/** The JSON report of a run that ended before its plan. */
export function failureJson(failure: RunFailure): object {
  return { ok: false, error: failure.error, startedAt: failure.startedAt.toISOString() };
}

/** A call in the report as it is sent, but for a batch's assets, given by count: the report lists them apart. */
function callJson(call: ApiCall): object {
  if (call.route !== 'invalidate/assets') return call;
  return { route: call.route, assetCount: call.assets.length };
}
