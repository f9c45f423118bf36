import type { OutputName } from '../settings/action-contract.ts';
import type { ApiCall } from '../service/client.ts';
import { assetsIn, plannedCalls, type InvalidationCall, type Plan } from '../plan/plan.ts';
import { unhandled } from '../mechanics/exhaustive.ts';
import type { RewriteResult } from '../rewrite/result.ts';
import { imageUrlPrefix } from '../domain/urls.ts';
import { counted } from '../shown/format.ts';
import type { RunResult } from '../service/execute.ts';
import type { Outcome, Sent } from '../outcome/outcome.ts';
import type { RunPlan } from '../plan/run-plan.ts';
import type { Rewritten } from '../rewrite/stage.ts';
import { seconds, type OriginReport } from '../origin/hold.ts';
import type { WarmReport } from '../warm/warm.ts';
import type { PagesRead } from '../pages/stage.ts';
import type { RecordResult } from '../record/record.ts';
import type { ProofReport } from '../proof/stage.ts';

/** What a run did, as plain data: the source of the outputs, the summary and the JSON report. */
export interface Report {
  readonly dryRun: boolean;
  readonly plan: Plan;
  /** Absent on a dry run. */
  readonly result?: RunResult | undefined;
  /** What the run did, computed once: every renderer reads it. */
  readonly outcome: Outcome;
  readonly startedAt: Date;
  readonly finishedAt: Date;
  readonly imageHost?: string | undefined;
  /** A dry run given no API key (nothing is sent, so none is needed): the key was not checked. */
  readonly noApiKey?: boolean | undefined;
  /** Files whose image URLs got the new token (or would have, on a dry run). */
  readonly rewrite?: RewriteResult | undefined;
  /** What the origin check saw (`origin-check: content`, when images were mapped from files and sent). */
  readonly origin?: OriginReport | undefined;
  /** What the pages of `pages` gave the warm-up and the proof: pages read, variants found, pages not read. */
  readonly pages?: PagesRead | undefined;
  /** What the warm-up requested through the image host (`warm: true`, not on a dry run). */
  readonly warm?: WarmReport | undefined;
  /** What the proof of freshness saw through the image host (`verify: true`, not on a dry run). */
  readonly proof?: ProofReport | undefined;
  /** The commit status a green branch run set, or what a failed run left stale. */
  readonly record?: RecordResult | undefined;
}

/** The report of a run whose stages have all run: what every renderer reads. */
export function reportOf(
  plan: RunPlan,
  ran: {
    readonly sent: Sent | undefined;
    readonly outcome: Outcome;
    readonly rewritten: Rewritten;
    readonly pages: PagesRead | undefined;
    readonly warm: WarmReport | undefined;
    readonly proof: ProofReport | undefined;
    readonly record: RecordResult | undefined;
  },
  startedAt: Date,
): Report {
  return {
    dryRun: plan.dryRun,
    plan: plan.invalidation,
    result: ran.sent?.result,
    outcome: ran.outcome,
    startedAt,
    finishedAt: new Date(),
    imageHost: plan.report.imageHost,
    noApiKey: plan.report.noApiKey,
    rewrite: ran.rewritten.state === 'rewritten' ? ran.rewritten.result : undefined,
    origin: ran.sent?.origin,
    pages: ran.pages,
    warm: ran.warm,
    proof: ran.proof,
    record: ran.record,
  };
}

/** A run that ended before its plan: bad input, or changed files that could not be found. */
export interface RunFailure {
  readonly error: string;
  readonly startedAt: Date;
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

/** The output naming each file that lists a list output whole, and the file it names. */
const LISTED_IN = {
  'invalidated-file': 'invalidated',
  'failed-file': 'failed',
  'report-path': 'report',
} as const satisfies Partial<Record<OutputName, keyof WrittenFiles>>;
type ListFile = keyof typeof LISTED_IN;

/** A list output: its name, its references, and the output naming the file that lists them all. */
interface ListOutput {
  readonly output: 'invalidated' | 'failed' | 'unverified';
  readonly refs: readonly string[];
  readonly file: ListFile;
}

function listOutputs(report: Report | undefined): ListOutput[] {
  const outcome = report?.outcome;
  const lists: ListOutput[] = [
    { output: 'invalidated', refs: outcome?.invalidated ?? [], file: 'invalidated-file' },
    { output: 'failed', refs: outcome?.failed ?? [], file: 'failed-file' },
  ];
  if (report?.proof !== undefined)
    lists.push({ output: 'unverified', refs: unverifiedRefs(report.proof), file: 'report-path' });
  return lists;
}

/** The step's outputs, every one that action.yml declares; a run that ended before its plan has no report. */
export function outputsOf(report: Report | undefined, files: WrittenFiles): Record<OutputName, string> {
  const outcome = report?.outcome;
  const token = outcome?.token ?? '';
  const imageHost = report?.imageHost;
  const lists = Object.fromEntries(
    listOutputs(report).map((list) => [list.output, listOutput(list, files)]),
  ) as Partial<Record<ListOutput['output'], string>>;
  return {
    token,
    'cache-buster': token === '' ? '' : `cb:${token}`,
    'image-url-prefix': token === '' || imageHost === undefined ? '' : imageUrlPrefix(imageHost, token),
    invalidated: lists.invalidated ?? '[]',
    'invalidated-count': String(outcome?.invalidated.length ?? 0),
    'invalidated-file': files.invalidated,
    failed: lists.failed ?? '[]',
    'failed-count': String(outcome?.counts.notInvalidated ?? 0),
    'failed-file': files.failed,
    requests: String(outcome?.counts.requests ?? 0),
    'origin-waited-seconds': seconds(outcome?.origin?.waitedMs ?? 0),
    'verified-count': report?.proof === undefined ? '' : String(report.proof.facts.verified),
    unverified: lists.unverified ?? '',
    'report-path': files.report,
    'summary-file': files.summary,
  };
}

/** Each image that failed the proof, once. */
function unverifiedRefs(proof: ProofReport): string[] {
  return [...new Set(proof.facts.failed.map((failure) => failure.ref))];
}

/**
 * A JSON array while it fits; past the cap, a sentence that no JSON parser or workflow takes for the list, naming
 * the file that lists them all; empty when that file was not written whole, since it would name nothing.
 */
function listOutput(list: ListOutput, files: WrittenFiles): string {
  const json = withinCap(list.refs);
  if (json !== undefined) return json;
  if (files[LISTED_IN[list.file]] === '') return '';
  const many = counted(list.refs.length, 'reference is', 'references are');
  return `${LIST_CUT} ${many} too many for an output; the file named by ${list.file} lists them all`;
}

function withinCap(refs: readonly string[]): string | undefined {
  // Escaping only lengthens: a list whose bare size is over the cap is never turned into one long string.
  const bare = refs.reduce((size, ref) => size + ref.length + 3, 2);
  const json = bare > OUTPUT_LIST_CAP ? undefined : JSON.stringify(refs);
  return json !== undefined && json.length <= OUTPUT_LIST_CAP ? json : undefined;
}

/**
 * The list outputs left empty: too many references for the output, and the file that would list them not written
 * (`notWritten`: why, by the file's key). Each as the warning that says so, naming the file and its error.
 */
export function unlistedOutputs(
  report: Report | undefined,
  files: WrittenFiles,
  notWritten: (file: keyof WrittenFiles) => string,
): string[] {
  return listOutputs(report)
    .filter((list) => files[LISTED_IN[list.file]] === '' && withinCap(list.refs) === undefined)
    .map(
      (list) =>
        `${list.output}: left empty: ${counted(list.refs.length, 'reference is', 'references are')} too many for ` +
        `an output, and ${list.file}, which would list them, could not be written (${notWritten(LISTED_IN[list.file])}).`,
    );
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
  for (const lines of assetLines(report)) {
    // What goes before the piece is joined in with it: one string, not pairs that V8 would copy again.
    lines[0] = `${first ? '' : ','}\n    ${lines[0] ?? ''}`;
    yield clean(lines.join(',\n    '));
    first = false;
  }
  yield `${first ? '' : '\n  '}]\n}\n`;
}

/** The JSON text of each asset, ASSETS_PER_PIECE at a time; made without an object an asset when nothing is added. */
function assetLines(report: Report): Iterable<string[]> {
  if (!report.dryRun && report.origin?.checks === undefined)
    return report.outcome.assets.jsonPieces(ASSETS_PER_PIECE);
  return map(pieces(assetEntries(report), ASSETS_PER_PIECE), (piece) =>
    piece.map((asset) => JSON.stringify(asset)),
  );
}

function* map<T, U>(items: Iterable<T>, each: (item: T) => U): Generator<U> {
  for (const item of items) yield each(item);
}

/** Each asset with its outcome; on a dry run, `planned`, with the number of the call that would carry it. */
function* assetEntries(report: Report): Generator<object> {
  if (!report.dryRun) {
    yield* withOriginTimes(report);
    return;
  }
  let index = 0;
  for (const call of report.plan.calls) {
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
function* withOriginTimes(report: Report): Generator<object> {
  const checks = report.origin?.checks;
  if (checks === undefined) {
    yield* report.outcome.assets;
    return;
  }
  const byRef = new Map(checks.map((check) => [check.ref, check]));
  const calls = new Map(report.outcome.calls.map((record) => [record.index, record]));
  for (const asset of report.outcome.assets) {
    const check = byRef.get(asset.ref);
    if (check === undefined) {
      yield asset;
      continue;
    }
    const last = asset.outcome === 'invalidated' ? calls.get(asset.call ?? -1)?.attempts.at(-1) : undefined;
    const stale = report.outcome.origin?.stalenessOf.get(asset.ref);
    yield {
      ...asset,
      origin: check.state,
      ...(check.settledAt === undefined ? {} : { originReadyAt: Math.round(check.settledAt) }),
      ...(last === undefined ? {} : { invalidatedAt: Math.round(last.startedAt + last.durationMs) }),
      ...(stale === undefined ? {} : { staleAtMostMs: Math.round(stale) }),
      originAsks: check.asks,
      ...(check.seen === undefined ? {} : { originServed: check.seen }),
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
function subjectFields(calls: readonly InvalidationCall[]): { readonly domain?: string } {
  for (const call of calls) {
    switch (call.route) {
      case 'invalidate/domain':
        return { domain: call.domain };
      case 'invalidate/all': // named by the scope
      case 'invalidate/assets': // named by the counts and the assets
        continue;
      default:
        return unhandled(call);
    }
  }
  return {};
}

/** The JSON report but its assets. Times are ms from the start. */
function reportJson(report: Report): object {
  const { plan, result, outcome } = report;
  return {
    ok: outcome.failures.length === 0,
    dryRun: report.dryRun,
    ...(outcome.cancelled ? { cancelled: true } : {}),
    scope: plan.scope,
    ...subjectFields(plan.calls),
    ...(plan.files === undefined ? {} : { files: plan.files }),
    startedAt: report.startedAt.toISOString(),
    finishedAt: report.finishedAt.toISOString(),
    counts: outcome.counts,
    ...(plan.merged === undefined ? {} : { merged: plan.merged }),
    ...(result === undefined ? {} : { pauses: result.pauses ?? 0 }),
    failures: outcome.failures,
    token: {
      requested: outcome.tokenRequested,
      ...(outcome.token === undefined ? {} : { value: outcome.token }),
    },
    ...(report.dryRun ? { planned: plannedCalls(plan).map(callJson) } : {}),
    ...(report.rewrite === undefined ? {} : { rewrite: report.rewrite }),
    ...(outcome.origin === undefined
      ? {}
      : {
          origin: {
            waitedMs: Math.round(outcome.origin.waitedMs),
            timeoutMs: outcome.origin.timeoutMs,
            states: outcome.origin.states,
            ...(outcome.origin.staleness === undefined ? {} : { staleness: outcome.origin.staleness }),
            requests: outcome.origin.requests,
          },
        }),
    ...(report.pages === undefined ? {} : { pages: pagesJson(report.pages) }),
    ...(report.warm === undefined ? {} : { warm: report.warm }),
    ...(report.proof === undefined ? {} : { proof: proofJson(report.proof) }),
    calls: (result?.calls ?? []).map((record) => ({
      index: record.index,
      ...callJson(record.call),
      outcome: record.outcome,
      attempts: record.attempts,
      ...(record.error === undefined ? {} : { error: record.error }),
    })),
  };
}

/** What `pages` read: its counts and the pages it did not read, not every URL it found (the proof lists those). */
function pagesJson(pages: PagesRead): object {
  const { read, bytes, skipped, stopped, notRead } = pages;
  return {
    read,
    bytes,
    variants: pages.urls.length,
    skipped,
    ...(stopped === undefined ? {} : { stopped, notRead }),
  };
}

/** The proof's counts, each variant that failed or could not be told, and every image with its variants. */
function proofJson(proof: ProofReport): object {
  const { facts } = proof;
  const strip = (finding: (typeof facts.failed)[number]): object => ({
    ref: finding.ref,
    path: finding.path,
    url: finding.url,
    accept: finding.accept,
    shows: finding.shows,
    ...(finding.seen === undefined ? {} : { seen: finding.seen }),
  });
  return {
    images: facts.images,
    verified: facts.verified,
    notChecked: facts.notChecked,
    failed: facts.failed.map(strip),
    cannotTell: facts.cannotTell.map(strip),
    byAccept: facts.byAccept,
    invalidatedAgain: {
      confirmed: facts.again.confirmed,
      failed: facts.again.failed.map(({ ref, path, error }) => ({ ref, path, error })),
    },
    checked: proof.images,
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
