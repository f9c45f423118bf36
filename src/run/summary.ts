import type { FilesPlan, Plan } from '../plan.ts';
import type { RewriteResult } from '../rewrite/files.ts';
import type { CallRecord } from './execute.ts';
import { countsOf, describeCall, failuresOf, plannedCalls, tokenCall, type Report } from './report.ts';
import { count, plural } from '../format.ts';

// Beyond this many calls, the table groups them by outcome, so that the summary stays readable.
const MAX_CALL_ROWS = 20;

/** The job summary, as Markdown. Everything from outside (refs, server text) is escaped: no markup gets through. */
export function summaryMarkdown(report: Report): string {
  const lines = [`## Image cache invalidation${report.dryRun ? ' — dry run: nothing was sent' : ''}`, ''];
  lines.push(overview(report), '');
  const invalidation = report.plan.invalidation;
  if (invalidation.scope === 'assets' && invalidation.files !== undefined)
    lines.push(...filesSection(invalidation.files));
  if (report.dryRun) lines.push(...plannedTable(report.plan));
  else lines.push(...callTable(report.result?.calls ?? []));
  const token = tokenLine(report);
  if (token !== undefined) lines.push('', token);
  if (report.rewrite !== undefined) lines.push('', ...rewriteSection(report.rewrite, report.dryRun));
  const failures = failuresOf(report);
  if (failures.length > 0) {
    lines.push('', '### Failures', '', ...failures.map((failure) => `- ${escapeMarkdown(failure)}`));
  }
  return `${lines.join('\n')}\n`;
}

function overview(report: Report): string {
  const invalidation = report.plan.invalidation;
  const counts = countsOf(report);
  const parts = [`**Scope:** ${invalidation.scope}`];
  if (invalidation.scope === 'domain') parts.push(`**Domain:** ${escapeMarkdown(invalidation.domain)}`);
  if (invalidation.scope === 'assets') {
    parts.push(`**Assets:** ${counts.assets}`);
    if (!report.dryRun) {
      parts.push(`**Invalidated:** ${counts.invalidated}`, `**Failed:** ${counts.failed + counts.notSent}`);
    }
  }
  if (!report.dryRun) parts.push(`**Calls:** ${counts.requests} (${plural(counts.attempts, 'attempt')})`);
  if (invalidation.scope === 'assets' && counts.assets === 0) {
    parts.push('nothing to invalidate: the asset list is empty, so nothing was sent');
  }
  return parts.join(' · ');
}

const MAX_NAMED_FILES = 20;

function filesSection(files: FilesPlan): string[] {
  const lines = [
    '### Changed files',
    '',
    `From ${escapeMarkdown(files.source)}: ${count(files.found)} found, ${count(files.selected)} selected by ` +
      `\`paths\`, ${count(files.mapped)} mapped to URLs by \`url-map\`, ${count(files.unmapped.length)} skipped.`,
  ];
  if (files.truncated !== undefined) lines.push('', `**Warning:** ${escapeMarkdown(files.truncated)}.`);
  if (files.unmapped.length > 0) {
    lines.push('', 'Skipped, since no `url-map` rule maps them:', '');
    lines.push(...files.unmapped.slice(0, MAX_NAMED_FILES).map((path) => `- ${escapeMarkdown(path)}`));
    if (files.unmapped.length > MAX_NAMED_FILES)
      lines.push(`- … and ${files.unmapped.length - MAX_NAMED_FILES} more`);
  }
  lines.push('');
  return lines;
}

function rewriteSection(rewrite: RewriteResult, dryRun: boolean): string[] {
  const lines = [
    '### Rewritten files',
    '',
    `${dryRun ? 'Would set' : 'Set'} the cache buster of ${plural(rewrite.urls, 'image URL')} in ` +
      `${plural(rewrite.files.length, 'file')} (of ${rewrite.scanned} scanned).`,
  ];
  if (rewrite.files.length > 0) lines.push('', '| File | URLs |', '|---|---|');
  for (const file of rewrite.files.slice(0, MAX_NAMED_FILES))
    lines.push(`| ${escapeMarkdown(file.path)} | ${file.urls} |`);
  if (rewrite.files.length > MAX_NAMED_FILES)
    lines.push(`| … and ${rewrite.files.length - MAX_NAMED_FILES} more | |`);
  return lines;
}

function plannedTable(plan: Plan): string[] {
  const calls = plannedCalls(plan);
  if (calls.length === 0) return [];
  return [
    '### Calls that would be sent',
    '',
    '| # | Route | Target |',
    '|---|---|---|',
    ...calls.map((call, index) => `| ${index + 1} | ${call.route} | ${plannedTarget(call)} |`),
  ];
}

function plannedTarget(call: { domain?: string; assetCount?: number }): string {
  if (call.assetCount !== undefined) return plural(call.assetCount, 'asset');
  return call.domain === undefined ? '' : escapeMarkdown(call.domain);
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
        `| ${call.index} | ${call.route} | ${target(call)} | ${call.outcome} | ${call.attempts.length} | ${statuses(call)} | ${seconds(call)} |`,
    ),
  ];
}

function groupedCallTable(calls: readonly CallRecord[]): string[] {
  const outcomes = [...new Set(calls.map((call) => `${call.route} ${call.outcome}`))];
  return [
    '### Calls',
    '',
    '| Route | Outcome | Calls | Assets | Attempts |',
    '|---|---|---|---|---|',
    ...outcomes.map((key) => {
      const group = calls.filter((call) => `${call.route} ${call.outcome}` === key);
      const assets = group.reduce((sum, call) => sum + (call.assets?.length ?? 0), 0);
      const attempts = group.reduce((sum, call) => sum + call.attempts.length, 0);
      const [route, outcome] = key.split(' ');
      return `| ${route ?? ''} | ${outcome ?? ''} | ${group.length} | ${assets} | ${attempts} |`;
    }),
  ];
}

function target(call: CallRecord): string {
  if (call.assets !== undefined) return plural(call.assets.length, 'asset');
  return call.domain === undefined ? '' : escapeMarkdown(call.domain);
}

function statuses(call: CallRecord): string {
  return call.attempts.map((attempt) => attempt.status ?? attempt.error?.split(':')[0] ?? '?').join(', ');
}

function seconds(call: CallRecord): string {
  const ms = call.attempts.reduce((sum, attempt) => sum + attempt.durationMs + (attempt.waitMs ?? 0), 0);
  return `${(ms / 1000).toFixed(2)} s`;
}

function tokenLine(report: Report): string | undefined {
  if (!report.plan.token) return undefined;
  if (report.dryRun) return '**Token:** would be requested.';
  const token = report.result?.token;
  if (token !== undefined) {
    return `**Token:** ${escapeMarkdown(token)} (cache buster: cb:${escapeMarkdown(token)})`;
  }
  const call = tokenCall(report);
  return call === undefined ? '**Token:** not requested.' : `**Token:** none (${describeCall(call)} failed).`;
}

/** Text from outside as inert Markdown: HTML-special characters as entities, Markdown-special ones escaped. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_{}[\]()#+!|~]/g, '\\$&')
    .replace(/^(\d*)([.-])/, '$1\\$2'); // a list marker only counts at the start
}
