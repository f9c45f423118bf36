import type { ApiCall } from '../service/client.ts';
import { assetsIn, plannedCalls, type FilesPlan, type InvalidationCall, type Plan } from '../plan/plan.ts';
import { unhandled } from '../mechanics/exhaustive.ts';
import type { Scope } from '../settings/settings.ts';
import type { RewriteResult } from '../rewrite/result.ts';
import {
  fileCounts,
  deliveryUrlsSentence,
  mergedSentence,
  nothingToInvalidate,
  skippedSentence,
} from '../outcome/wording.ts';
import { count, firstOf, plural } from '../shown/format.ts';
import { rewriteSentence } from '../rewrite/result.ts';
import { callWords, describeCall } from '../domain/call-words.ts';
import { markdownRef, markdownText } from '../shown/shown.ts';
import type { CallRecord } from '../service/execute.ts';
import {
  callsWords,
  moreFailuresWords,
  notInvalidatedWords,
  originWords,
  type OriginFacts,
} from '../outcome/facts.ts';
import { acceptWords, proofWords, type ProofFacts, type ProofFinding } from '../proof/facts.ts';
import { warmWords } from '../warm/words.ts';
import { FAILURES_NAMED } from '../shown/format.ts';
import type { ProofReport } from '../proof/stage.ts';
import { previewSection } from './preview.ts';
import type { Report, RunFailure } from './report.ts';
import { thumbnailCell, thumbnailHeader } from './thumbnail.ts';
import type { WarmReport } from '../warm/warm.ts';
import type { LeftStale, RecordResult } from '../record/record.ts';
import { short } from '../github/api.ts';

// Beyond this many calls, the table groups them by outcome, so that the summary stays readable.
const MAX_CALL_ROWS = 20;

/** The job summary, as Markdown. Everything from outside (refs, server text) is escaped: no markup gets through. */
export function summaryMarkdown(report: Report, limitBytes = SUMMARY_LIMIT_BYTES): string {
  const { outcome } = report;
  const lines = [`## Image cache invalidation${heading(report)}`, ''];
  if (outcome.cancelled) lines.push(CANCELLED, '');
  lines.push(overview(report), '');
  // Near the top: images that were not invalidated, in a run that may be green.
  const skipped = report.plan.files === undefined ? undefined : skippedSentence(report.plan.files);
  if (skipped !== undefined) lines.push(`> [!WARNING]\n> ${markdownText(skipped)}`, '');
  if (report.plan.merged !== undefined) lines.push(mergedSentence(report.plan.merged), '');
  if (report.plan.fromDeliveryUrls !== undefined)
    lines.push(deliveryUrlsSentence(report.plan.fromDeliveryUrls), '');
  if (report.dryRun) {
    const none = report.noApiKey === true ? ' (none was given: a run that sends needs `api-key`)' : '';
    lines.push(`Nothing was sent, so the API key was not checked${none}.`, '');
  }
  if (report.plan.files !== undefined) lines.push(...filesSection(report.plan.files));
  // Over changed files, the preview lists each image once, with its file and change, in place of the lists below.
  const preview = previewSection(report);
  if (report.dryRun) lines.push(...plannedTable(report.plan), ...(preview ?? plannedAssetLists(report.plan)));
  else lines.push(...callTable(outcome.calls), ...(preview ?? []));
  if (preview === undefined && report.imageHost !== undefined)
    lines.push(...imagesSection(report, report.imageHost));
  const token = tokenLine(report);
  if (token !== undefined) lines.push('', token);
  if (report.rewrite !== undefined) lines.push('', ...rewriteSection(report.rewrite, report.dryRun));
  if (outcome.origin !== undefined) lines.push('', originLine(outcome.origin));
  if (report.warm !== undefined) lines.push('', ...warmSection(report.warm));
  if (report.proof !== undefined) lines.push('', ...proofSection(report.proof));
  const { shown } = outcome.namedFailures;
  if (shown.length > 0) {
    lines.push('', '### Failures', '', ...shown.map((failure) => `- ${markdownText(failure)}`));
    const rest = moreFailuresWords(outcome.namedFailures, 'output `report-path`');
    if (rest !== undefined) lines.push(`- ${rest}`);
  }
  const record = report.record === undefined ? undefined : recordLine(report.record);
  if (record !== undefined) lines.push('', record);
  if (report.record?.left !== undefined) lines.push('', ...leftSection(report.record.left));
  return withinSummaryLimit(`${lines.join('\n')}\n`, limitBytes);
}

/** What the run did with its target's record, in one line: which commit it recorded fresh, or why none. */
function recordLine(record: RecordResult): string | undefined {
  switch (record.state) {
    case 'recorded':
      return record.fresh
        ? `**Record:** \`${short(record.commit)}\` recorded fresh on ${markdownText(`'${record.target}'`)}.`
        : `**Record:** what \`${short(record.commit)}\` left stale is kept on ${markdownText(`'${record.target}'`)}, for the next run.`;
    case 'fresh-already':
      return `**Record:** \`${short(record.commit)}\` was recorded fresh on ${markdownText(`'${record.target}'`)} already.`;
    case 'not-recorded':
      return `**Record:** none the next run reads, since ${markdownText(record.reason)}.`;
    default:
      return unhandled(record);
  }
}

/** The images a failed or cancelled run left stale, and how they will be caught up. */
function leftSection(left: LeftStale): string[] {
  const { shown, more } = firstOf(left.images, FAILURES_NAMED);
  const lines = ['### Left stale', '', markdownText(left.caughtUpBy), ''];
  lines.push(...shown.map((image) => `- ${markdownRef(image)}`));
  if (more !== undefined) lines.push(`- … ${more}: \`failed-file\` lists each one`);
  return lines;
}

/** How the origin check went, in one line: the images it held back are named among the failures. */
function originLine(origin: OriginFacts): string {
  return `**Origin check:** ${originWords(origin)}.`;
}

/** The warm-up: what it requested, how the image host answered, and how long it took. */
function warmSection(warm: WarmReport): string[] {
  const words = warmWords(warm);
  return ['### Warm-up', '', `${words.charAt(0).toUpperCase()}${words.slice(1)}.`];
}

/** The proof of freshness: how many images were proven fresh, and each variant that failed or could not be told. */
function proofSection(proof: ProofReport): string[] {
  const { facts } = proof;
  const words = proofWords(facts);
  const lines = ['### Proof of freshness', '', `${words.charAt(0).toUpperCase()}${words.slice(1)}.`];
  const byAccept = acceptWords(facts, markdownText);
  if (byAccept !== undefined) lines.push('', `${byAccept.charAt(0).toUpperCase()}${byAccept.slice(1)}.`);
  const table = (title: string, findings: readonly ProofFinding[]): void => {
    if (findings.length === 0) return;
    const { shown, more } = firstOf(findings, FAILURES_NAMED);
    lines.push(
      '',
      title,
      '',
      '| Image | Variant | Accept | Showed | Status | Content type | Length | Age | Cache |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const finding of shown) {
      const seen = finding.seen;
      const cell = (value: string | number | undefined): string =>
        value === undefined ? '' : markdownText(String(value));
      lines.push(
        `| ${markdownRef(finding.ref)} | ${markdownText(finding.url)} | ${markdownText(finding.accept)} | ` +
          `${markdownText(finding.shows)} | ` +
          `${cell(seen?.status ?? seen?.error)} | ${cell(seen?.contentType)} | ${cell(seen?.length)} | ` +
          `${cell(seen?.age)} | ${cell(seen?.cacheStatus)} |`,
      );
    }
    if (more !== undefined) lines.push('', `… ${more}: the report (\`report-path\`) lists each one.`);
  };
  table('Not proven fresh: visitors do not get the new image.', facts.failed);
  table('Could not be told new from old (a notice, not a failure):', facts.cannotTell);
  lines.push(...againSection(facts.again));
  return lines;
}

/** The second invalidation of the images first seen stale: how many landed, and each that did not, with why. */
function againSection(again: ProofFacts['again']): string[] {
  const { confirmed, failed } = again;
  if (confirmed.length + failed.length === 0) return [];
  const total = confirmed.length + failed.length;
  const lines = [
    '',
    `Invalidated once more, having shown their previous version: ${count(confirmed.length)} of ` +
      `${plural(total, 'image')} confirmed by the service.${failed.length === 0 ? '' : ' Not invalidated once more:'}`,
  ];
  if (failed.length === 0) return lines;
  const { shown, more } = firstOf(failed, FAILURES_NAMED);
  lines.push('', '| Image | File | Why |', '|---|---|---|');
  for (const failure of shown)
    lines.push(
      `| ${markdownRef(failure.ref)} | ${markdownText(failure.path)} | ${markdownText(failure.error)} |`,
    );
  if (more !== undefined) lines.push('', `… ${more}: the report (\`report-path\`) lists each one.`);
  return lines;
}

function heading(report: Report): string {
  if (report.dryRun) return ' — dry run: nothing was sent';
  return report.outcome.cancelled ? ' — cancelled' : '';
}

const CANCELLED =
  '**The run was cancelled:** no call started after the signal; what the service confirmed before it is below.';

/** GitHub refuses a step summary over 1 MiB; this leaves room for what other steps add. */
export const SUMMARY_LIMIT_BYTES = 1_000_000;
/**
 * GitHub refuses a comment over 65,536 characters; bytes are never fewer than characters, and this leaves room for
 * the marker a sticky-comment action adds.
 */
export const COMMENT_LIMIT_BYTES = 60_000;

/** The summary, cut at a line break where it would pass the limit, and saying so. */
export function withinSummaryLimit(markdown: string, limitBytes = SUMMARY_LIMIT_BYTES): string {
  if (Buffer.byteLength(markdown) <= limitBytes) return markdown;
  const note =
    '\n\n**The summary is cut here**, to stay within what GitHub shows; the JSON report lists everything.\n';
  const room = limitBytes - Buffer.byteLength(note);
  let cut = Buffer.from(markdown).subarray(0, room).toString('utf8');
  cut = cut.slice(0, cut.lastIndexOf('\n'));
  return cut + note;
}

/** The summary of a run that ended before its plan: why, quoted. */
export function failureMarkdown(failure: RunFailure): string {
  const lines = failure.error.split('\n').map((line) => `> ${markdownText(line)}`);
  return `## Image cache invalidation\n\nNothing was sent:\n\n${lines.join('\n')}\n`;
}

function overview(report: Report): string {
  const { scope } = report.plan;
  const { counts } = report.outcome;
  const parts = [`**Scope:** ${scope}`, ...subjectParts(report.plan.calls)];
  const byAssets = countedByAssets(scope);
  if (byAssets) {
    parts.push(`**Assets:** ${count(counts.assets)}`);
    if (!report.dryRun) {
      parts.push(
        `**Invalidated:** ${count(counts.invalidated)}`,
        `**Not invalidated:** ${notInvalidatedWords(counts)}`,
      );
    }
  }
  // The invalidation calls of the table below; the token call, which has a line of its own, is named apart.
  if (!report.dryRun) parts.push(`**Calls:** ${callsWords(counts, true)}`);
  const overview = parts.join(' · ');
  if (!byAssets || counts.assets > 0) return overview;
  // A token may still have been requested: then "nothing was sent" would be false.
  const sent = report.outcome.sent ? ' No invalidation was sent.' : ' Nothing was sent.';
  return `${overview}\n\n${markdownText(nothingToInvalidate(report.plan.files))}${sent}`;
}

/**
 * What the overview names beside the scope, from the first call that names something: a domain call's domain. A
 * route added to `ApiCall` fails to compile here until it says what it names, if anything.
 */
function subjectParts(calls: readonly InvalidationCall[]): string[] {
  for (const call of calls) {
    switch (call.route) {
      case 'invalidate/domain':
        return [`**Domain:** ${markdownText(call.domain)}`];
      case 'invalidate/all': // named by the scope
      case 'invalidate/assets': // named by the counts below
        continue;
      default:
        return unhandled(call);
    }
  }
  return [];
}

/** Whether the overview counts the scope's assets (and says when there are none), or names its calls alone. */
function countedByAssets(scope: Scope): boolean {
  switch (scope) {
    case 'assets':
      return true;
    case 'domain':
    case 'all':
    case 'none':
      return false;
    default:
      return unhandled(scope);
  }
}

const MAX_NAMED_FILES = 20;

function filesSection(files: FilesPlan): string[] {
  const lines = [
    '### Changed files',
    '',
    `From ${markdownText(files.source)}: ${fileCounts(files, 'summary')}.`,
  ];
  if (files.truncated !== undefined) lines.push('', `**Warning:** ${markdownText(files.truncated)}.`);
  if (files.unmapped.length > 0) {
    const { shown, more } = firstOf(files.unmapped, MAX_NAMED_FILES);
    lines.push('', 'Skipped, since no `url-map` rule maps them:', '');
    lines.push(...shown.map((path) => `- ${markdownText(path)}`));
    if (more !== undefined) lines.push(`- … ${more}`);
  }
  lines.push('');
  return lines;
}

function rewriteSection(rewrite: RewriteResult, dryRun: boolean): string[] {
  const lines = ['### Rewritten files', '', rewriteSentence(rewrite, dryRun)];
  const perImage = rewrite.files.flatMap((file) =>
    Object.entries(file.cacheBusters ?? {}).map(([url, value]) => ({ path: file.path, url, value })),
  );
  if (perImage.length > 0) {
    const { shown, more } = firstOf(perImage, MAX_NAMED_FILES * 5);
    lines.push('', '| File | Image | Cache buster |', '|---|---|---|');
    for (const row of shown)
      lines.push(`| ${markdownText(row.path)} | ${markdownRef(row.url)} | cb:${markdownText(row.value)} |`);
    if (more !== undefined) lines.push(`| … ${more} | | |`);
  } else if (rewrite.files.length > 0) {
    const { shown, more } = firstOf(rewrite.files, MAX_NAMED_FILES);
    lines.push('', '| File | URLs |', '|---|---|');
    for (const file of shown) lines.push(`| ${markdownText(file.path)} | ${file.urls} |`);
    if (more !== undefined) lines.push(`| … ${more} | |`);
  }
  const kept = rewrite.notRewritten ?? [];
  if (kept.length > 0) {
    const { shown, more } = firstOf(kept, MAX_NAMED_FILES);
    lines.push('', 'Invalidated, but their URLs kept their cache buster:', '');
    lines.push(...shown.map((entry) => `- ${markdownRef(entry.ref)}: ${markdownText(entry.reason)}`));
    if (more !== undefined) lines.push(`- … ${more}`);
  }
  return lines;
}

function plannedTable(plan: Plan): string[] {
  const calls = plannedCalls(plan);
  if (calls.length === 0) return [];
  const { shown, more } = firstOf(calls, MAX_CALL_ROWS);
  const lines = [
    '### Calls that would be sent',
    '',
    '| # | Route | Target |',
    '|---|---|---|',
    ...shown.map((call, index) => `| ${index + 1} | ${call.route} | ${target(call)} |`),
  ];
  if (more !== undefined) {
    const rest = calls.slice(MAX_CALL_ROWS);
    const assets = rest.reduce((sum, call) => sum + assetsIn(call).length, 0);
    lines.push(`| … | ${more} calls | ${plural(assets, 'asset')} |`);
  }
  return lines;
}

/** The summary's room for the dry run's lists of assets: the rest of the summary fits in what is left. */
const ASSET_LISTS_BUDGET_BYTES = 600_000;
// Up to this many assets in all, the lists are open; past it, each call's list is folded.
const OPEN_ASSETS = 20;

/** Every asset of a dry run, call by call, each call's list in a `<details>` block, within the budget. */
function plannedAssetLists(plan: Plan): string[] {
  const batches = plan.calls.map((call, i) => ({ index: i + 1, assets: assetsIn(call) }));
  const total = batches.reduce((sum, batch) => sum + batch.assets.length, 0);
  if (total === 0) return [];
  const lines = ['', '### Assets that would be invalidated', ''];
  let room = ASSET_LISTS_BUDGET_BYTES;
  let listed = 0;
  for (const batch of batches) {
    if (batch.assets.length === 0) continue;
    const items = batch.assets.map((ref) => `- ${markdownRef(ref)}`);
    const size = items.reduce((sum, item) => sum + Buffer.byteLength(item) + 1, 0);
    if (size > room) break;
    room -= size;
    listed += batch.assets.length;
    const open = total <= OPEN_ASSETS ? ' open' : '';
    const label = `Call ${batch.index}: ${plural(batch.assets.length, 'asset')}`;
    lines.push(`<details${open}><summary>${label}</summary>`, '', ...items, '', '</details>', '');
  }
  if (listed < total) {
    lines.push(
      `… and ${plural(total - listed, 'more asset')}, past what a job summary can hold: the JSON report ` +
        '(output `report-path`) lists every one, with its call.',
    );
  }
  return lines;
}

/** Thumbnails shown at most; the rest are counted. */
export const MAX_THUMBNAILS = 24;

/**
 * The images invalidated (or, on a dry run, those that would be), as thumbnails loaded through the service
 * (`https://<image-host>/w:160/<origin URL>`, no token), each with its URL as text. Asset hashes have no URL to
 * show: they are listed as text.
 */
function imagesSection(report: Report, imageHost: string): string[] {
  const refs = report.outcome.touched;
  // References are validated and canonical: a URL starts with its http(s) scheme, and a hash has no ':'.
  const isUrl = (ref: string): boolean => /^https?:/.test(ref);
  const urls = refs.filter(isUrl);
  const hashes = refs.filter((ref) => !isUrl(ref));
  if (refs.length === 0) return [];
  const title = report.dryRun ? 'Images that would be invalidated' : 'Invalidated images';
  const lines = ['', `### ${title}`, ''];
  if (urls.length > 0) {
    const { shown, more } = firstOf(urls, MAX_THUMBNAILS);
    lines.push(`| ${thumbnailHeader(report.dryRun)} | URL |`, '|---|---|');
    for (const url of shown) lines.push(`| ${thumbnailCell(imageHost, url)} | ${markdownRef(url)} |`);
    if (more !== undefined) lines.push(`| | … ${more} |`);
  }
  if (hashes.length > 0) {
    const { shown, more } = firstOf(hashes, MAX_THUMBNAILS);
    lines.push(
      '',
      'By asset hash, with no URL to show:',
      '',
      ...shown.map((hash) => `- ${markdownRef(hash)}`),
    );
    if (more !== undefined) lines.push(`- … ${more}`);
  }
  return lines;
}

function callTable(calls: readonly CallRecord[]): string[] {
  if (calls.length === 0) return [];
  if (calls.length > MAX_CALL_ROWS) return groupedCallTable(calls);
  return [
    '### Calls',
    '',
    '| # | Route | Target | Outcome | Attempts | Statuses | Time |',
    '|---|---|---|---|---|---|---|',
    ...calls.map(
      (call) =>
        `| ${call.index} | ${call.call.route} | ${target(call.call)} | ${call.outcome} | ${call.attempts.length} | ${statuses(call)} | ${seconds(call)} |`,
    ),
  ];
}

/** One row per route and outcome, in the order they first occur. */
function groupedCallTable(calls: readonly CallRecord[]): string[] {
  const groups = new Map<
    string,
    { route: string; outcome: string; calls: number; assets: number; attempts: number }
  >();
  for (const { call, outcome, attempts } of calls) {
    const key = `${call.route}\0${outcome}`;
    const group = groups.get(key) ?? { route: call.route, outcome, calls: 0, assets: 0, attempts: 0 };
    group.calls++;
    group.assets += assetsIn(call).length;
    group.attempts += attempts.length;
    groups.set(key, group);
  }
  return [
    '### Calls',
    '',
    '| Route | Outcome | Calls | Assets | Attempts |',
    '|---|---|---|---|---|',
    ...[...groups.values()].map(
      (group) =>
        `| ${group.route} | ${group.outcome} | ${count(group.calls)} | ${count(group.assets)} | ${count(group.attempts)} |`,
    ),
  ];
}

/** What a call asks for: `100 assets`, `every image of www.example.com`. */
function target(call: ApiCall): string {
  return markdownText(callWords(call).subject);
}

/** Each attempt by its status, or by what failed when there was none: `503, ECONNRESET, 200`. */
function statuses(call: CallRecord): string {
  return call.attempts.map((attempt) => attempt.status ?? attempt.code ?? attempt.kind ?? '?').join(', ');
}

function seconds(call: CallRecord): string {
  const ms = call.attempts.reduce((sum, attempt) => sum + attempt.durationMs + (attempt.waitMs ?? 0), 0);
  return `${(ms / 1000).toFixed(2)} s`;
}

function tokenLine(report: Report): string | undefined {
  if (!report.plan.token) return undefined;
  if (report.dryRun) return '**Token:** would be requested.';
  const { token, tokenCall } = report.outcome;
  if (token !== undefined) {
    return `**Token:** ${markdownText(token)} (cache buster: cb:${markdownText(token)})`;
  }
  return tokenCall === undefined
    ? '**Token:** not requested.'
    : `**Token:** none (${describeCall(tokenCall)} failed).`;
}
