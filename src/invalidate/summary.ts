/** The invalidation's section of the job summary: what was planned and sent, the preview, the token, the origins. */
import type { ApiCall } from '../service/client.ts';
import { assetsIn, plannedCalls, type FilesPlan, type InvalidationCall, type Plan } from '../plan/plan.ts';
import { unhandled } from '../mechanics/exhaustive.ts';
import type { Scope } from '../settings/settings.ts';
import {
  fileCounts,
  deliveryUrlsSentence,
  mergedSentence,
  nothingToInvalidate,
  skippedSentence,
} from './wording.ts';
import { count, firstOf, plural } from '../shown/format.ts';
import { callWords, describeCall } from '../domain/call-words.ts';
import { markdownRef, markdownText } from '../shown/shown.ts';
import type { CallRecord } from '../service/execute.ts';
import { callsWords, notInvalidatedWords, originWords, type OriginFacts } from './facts.ts';
import type * as PreviewWords from './preview.ts';
import { thumbnailCell, thumbnailHeader } from './thumbnail.ts';
import type { Invalidated } from './invalidated.ts';
import type { LearnedTold } from './learned.ts';

/**
 * The overview, the images not invalidated though changed, the changed files, the calls (or those that would go),
 * the images, the token and how the origin check went.
 */
export function invalidationSummary(
  inv: Invalidated,
  preview: typeof PreviewWords | undefined,
  learned: LearnedTold | undefined,
): string[] {
  const { outcome } = inv;
  const lines = [overview(inv), ''];
  // Near the top: images that were not invalidated, in a run that may be green.
  const skipped = inv.plan.files === undefined ? undefined : skippedSentence(inv.plan.files);
  if (skipped !== undefined) lines.push(`> [!WARNING]\n> ${markdownText(skipped)}`, '');
  if (inv.plan.merged !== undefined) lines.push(mergedSentence(inv.plan.merged), '');
  if (inv.plan.fromDeliveryUrls !== undefined)
    lines.push(deliveryUrlsSentence(inv.plan.fromDeliveryUrls), '');
  if (inv.dryRun) {
    const none = inv.noApiKey ? ' (none was given: a run that sends needs `api-key`)' : '';
    lines.push(`Nothing was sent, so the API key was not checked${none}.`, '');
  }
  if (inv.plan.files !== undefined) lines.push(...filesSection(inv.plan.files, learned));
  // Over changed files, the preview lists each image once, with its file and change, in place of the lists below.
  const previewed = preview?.previewSection(inv);
  if (inv.dryRun) lines.push(...plannedTable(inv.plan), ...(previewed ?? plannedAssetLists(inv.plan)));
  else lines.push(...callTable(outcome.calls), ...(previewed ?? []));
  if (previewed === undefined && inv.imageHost !== undefined)
    lines.push(...imagesSection(inv, inv.imageHost));
  const token = tokenLine(inv);
  if (token !== undefined) lines.push('', token);
  if (outcome.origin !== undefined) lines.push('', originLine(outcome.origin));
  return lines;
}

const MAX_CALL_ROWS = 20;

/** How the origin check went, in one line: the images it held back are named among the failures. */
function originLine(origin: OriginFacts): string {
  return `**Origin check:** ${originWords(origin)}.`;
}

function overview(inv: Invalidated): string {
  const { scope } = inv.plan;
  const { counts } = inv.outcome;
  const parts = [`**Scope:** ${scope}`, ...subjectParts(inv.plan.calls)];
  const byAssets = countedByAssets(scope);
  // With no asset to count, the sentence below says why in place of a row of zeros.
  const someAssets = byAssets && counts.assets > 0;
  if (someAssets) {
    parts.push(`**Assets:** ${count(counts.assets)}`);
    if (!inv.dryRun) {
      parts.push(`**Invalidated:** ${count(counts.invalidated)}`);
      // Said when some were not: a green run's row has no zero in it.
      if (counts.notInvalidated > 0) parts.push(`**Not invalidated:** ${notInvalidatedWords(counts)}`);
    }
  }
  // The invalidation calls of the table below; the token call, which has a line of its own, is named apart.
  if (!inv.dryRun && (counts.requests > 0 || counts.tokenCalls > 0))
    parts.push(`**Calls:** ${callsWords(counts, true)}`);
  const overview = parts.join(' · ');
  if (!byAssets || someAssets) return overview;
  // A token may still have been requested: then "nothing was sent" would be false.
  const sent = inv.outcome.sent ? ' No invalidation was sent.' : ' Nothing was sent.';
  return `${overview}\n\n${markdownText(nothingToInvalidate(inv.plan.files))}${sent}`;
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

function filesSection(files: FilesPlan, learned: LearnedTold | undefined): string[] {
  const lines = [
    '### Changed files',
    '',
    `From ${markdownText(files.source)}: ${fileCounts(files, 'summary')}.`,
  ];
  if (files.truncated !== undefined) lines.push('', `**Warning:** ${markdownText(files.truncated)}.`);
  if (files.unmapped.length > 0) {
    const { shown, more } = firstOf(files.unmapped, MAX_NAMED_FILES);
    const why =
      files.learned === undefined
        ? 'no `url-map` rule maps them'
        : 'no single URL of the site was found to serve their folder (below)';
    lines.push('', `Skipped, since ${why}:`, '');
    lines.push(...shown.map((path) => `- ${markdownText(path)}`));
    if (more !== undefined) lines.push(`- … ${more}`);
  }
  lines.push('');
  if (learned !== undefined) lines.push(...learned.section());
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
function imagesSection(inv: Invalidated, imageHost: string): string[] {
  const refs = inv.outcome.touched;
  // References are validated and canonical: a URL starts with its http(s) scheme, and a hash has no ':'.
  const isUrl = (ref: string): boolean => /^https?:/.test(ref);
  const urls = refs.filter(isUrl);
  const hashes = refs.filter((ref) => !isUrl(ref));
  if (refs.length === 0) return [];
  const title = inv.dryRun ? 'Images that would be invalidated' : 'Invalidated images';
  const lines = ['', `### ${title}`, ''];
  if (urls.length > 0) {
    const { shown, more } = firstOf(urls, MAX_THUMBNAILS);
    lines.push(`| ${thumbnailHeader(inv.dryRun)} | URL |`, '|---|---|');
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

function tokenLine(inv: Invalidated): string | undefined {
  if (!inv.plan.token) return undefined;
  if (inv.dryRun) return '**Token:** would be requested.';
  const { token, tokenCall } = inv.outcome;
  if (token !== undefined) {
    return `**Token:** ${markdownText(token)} (cache buster: cb:${markdownText(token)})`;
  }
  return tokenCall === undefined
    ? '**Token:** not requested.'
    : `**Token:** none (${describeCall(tokenCall)} failed).`;
}
