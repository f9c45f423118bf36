import type { ApiError } from '../domain/api-error.ts';
import { assetsIn, plannedCalls, type FilesPlan, type Plan } from '../plan/plan.ts';
import { unhandled } from '../mechanics/exhaustive.ts';
import type { RunPlan } from '../plan/run-plan.ts';

/** What the narration reads of the plan. */
type Told = Pick<RunPlan, 'invalidation' | 'dryRun' | 'service' | 'calls' | 'origin' | 'report'>;
import {
  deliveryUrlsSentence,
  mergedSentence,
  fileCounts,
  listedRefs,
  nothingToInvalidate,
  skippedSentence,
} from './wording.ts';
import { count, FAILURES_NAMED, plural, seconds } from '../shown/format.ts';
import { callListing, callWords, describeCall, retryWords } from '../domain/call-words.ts';
import type { CallRecord, SentCall } from '../service/execute.ts';
import type { Log } from '../shown/log.ts';
import type { Outcome } from './outcome.ts';
import { originWords, stalenessLines, type OriginFacts } from './facts.ts';
import { LINGER_MS } from '../origin/release.ts';
import { MAX_ASSETS_PER_CALL } from '../domain/batches.ts';

/** What the invalidation says as it runs, each line as its moment comes. */
export interface Narration {
  /** Before anything is sent: the service, the changed files, the calls, the token, the origin check. */
  readonly plan: () => void;
  /** What the origin check found, once the calls have ended. */
  readonly origins: (origin: OriginFacts) => void;
  readonly retry: (sent: SentCall, error: ApiError, waitMs: number, attempt: number) => void;
  /** A call ended: its attempts at debug, a split or a failure as a line. */
  readonly call: (record: CallRecord) => void;
  /** How many calls were confirmed. */
  readonly sent: (outcome: Outcome) => void;
}

/** What the invalidation tells the log as it runs (the wait for origins aside: origin-told.ts). */
export function narration(log: Log, run: Told): Narration {
  const invalidation = (plan: Plan): void => {
    switch (plan.scope) {
      case 'assets': {
        const assets = plan.calls.reduce((sum, call) => sum + assetsIn(call).length, 0);
        const atOnce = Math.min(run.calls.concurrency, plan.calls.length);
        const held = run.dryRun ? 0 : (run.origin?.images.size ?? 0);
        if (assets === 0) log.notice(nothingToInvalidate(plan.files));
        else if (held === 0)
          log.info(
            `Invalidate: ${plural(assets, 'asset')} in ${plural(plan.calls.length, 'call')}, up to ${atOnce} at a time.`,
          );
        else log.info(heldSentence(assets, held, run.calls.concurrency));
        return;
      }
      case 'all':
      case 'domain':
        for (const call of plan.calls) log.info(`Invalidate: ${callWords(call).subject} (1 call).`);
        return;
      case 'none':
        log.info('Invalidate: nothing (scope none).');
        return;
      default:
        unhandled(plan.scope);
    }
  };
  return {
    plan: (): void => {
      const plan = run.invalidation;
      log.info(`Service: ${run.service.endpoint.href}`);
      if (run.dryRun) {
        const key = run.report.noApiKey ? ' (none was given)' : '';
        log.info(`Dry run: nothing will be sent, so the API key is not checked${key}.`);
      }
      if (plan.files !== undefined) files(plan.files, log);
      if (plan.merged !== undefined) log.info(mergedSentence(plan.merged));
      if (plan.fromDeliveryUrls !== undefined) log.info(deliveryUrlsSentence(plan.fromDeliveryUrls));
      invalidation(plan);
      if (plan.token) log.info('Then request a fresh cache token.');
      if (run.origin !== undefined && run.dryRun)
        log.info(
          `Origin check: would wait until the origin URL of each of ${plural(run.origin.images.size, 'image')} ` +
            `mapped from a file serves the file's new bytes (up to ${seconds(run.origin.waitMs)} s) before ` +
            'invalidating it; ' +
            (plan.files?.learned === undefined
              ? 'a dry run asks no origin.'
              : 'a dry run asked the site only to learn the map, and waits for no new version.'),
        );
    },
    origins: (origin: OriginFacts): void => {
      log.info(`Origin check: ${originWords(origin)}.`);
      const { lines, more } = stalenessLines(origin.stalenessOf, FAILURES_NAMED);
      if (lines.length === 0) return;
      log.info('Each image seen to flip, stale at most (from the last ask that found its previous version):');
      log.lines(lines);
      if (more > 0)
        log.info(
          `  … and ${count(more)} more: the JSON report (report-path) gives each one's staleAtMostMs.`,
        );
    },
    retry: (sent: SentCall, error: ApiError, waitMs: number, attempt: number): void => {
      log.info(retryWords(sent, error, waitMs, attempt, run.calls.maxRetries));
    },
    call: (record: CallRecord): void => {
      for (const attempt of record.attempts) {
        const answer = attempt.status ?? attempt.error ?? '';
        log.debug(`${describeCall(record)}: ${answer} in ${Math.round(attempt.durationMs)} ms`);
      }
      // Confirmed calls are the normal case: listed in the summary and the report, not one log line each.
      // The service's answer says why (too many assets, or an entry it refuses); the halves answer either. A failed
      // call is a plain line as it ends: the closing errors name each failure once.
      if (record.outcome === 'split')
        log.info(`${describeCall(record)}: ${record.error?.message ?? 'refused'}; sending it in halves.`);
      else if (record.outcome === 'failed')
        log.info(`${describeCall(record)}: ${record.error?.message ?? 'failed'}`);
    },
    sent: (outcome: Outcome): void => {
      // A run that sent no invalidation call (scope none, nothing to invalidate) has no count to give: its plan
      // said why, and "0 of 0 confirmed" would read as if something had been tried.
      if (outcome.counts.requests === 0) return;
      const withOutcome = (kind: string): number =>
        outcome.calls.filter((record) => record.outcome === kind).length;
      const split = withOutcome('split') > 0 ? `, ${count(withOutcome('split'))} split in halves` : '';
      const cancelled = outcome.cancelled ? ', then the run was cancelled' : '';
      log.info(
        `${count(withOutcome('confirmed'))} of ${plural(outcome.counts.requests, 'invalidation call')} confirmed${split}${cancelled}.`,
      );
    },
  };
}

/**
 * The log's list of what the service confirmed, so that a green run's log says which URLs it cleared, not only the
 * job summary: the first ones, as many as the failures named, then how many more and where each is.
 */
export function tellInvalidated(log: Log, outcome: Outcome, whereAll: string): void {
  if (outcome.invalidated.length === 0) return;
  log.info(`Invalidated ${plural(outcome.invalidated.length, 'asset')}:`);
  log.lines(listedRefs(outcome.invalidated, FAILURES_NAMED, whereAll));
}

/** A dry run's calls, each with every asset it would carry, in a log group of their own. */
export function listCalls(log: Log, plan: Plan): void {
  const calls = plannedCalls(plan);
  if (calls.length === 0) return;
  log.startGroup(`Would send ${plural(calls.length, 'call')}`);
  calls.forEach((call, i) => {
    log.lines([...callListing([call], i + 1)]);
  });
  log.endGroup();
}

/** Unmapped images annotated on their files; the runner shows 10 warnings a step, and others may need room. */
const UNMAPPED_ANNOTATIONS = 5;

function files(files: FilesPlan, log: Log): void {
  log.info(`Changed files: ${files.source}`);
  if (files.fallbackReason !== undefined) log.info(`(git could not tell: ${files.fallbackReason})`);
  if (files.truncated !== undefined) log.warning(`Changed files: ${files.truncated}.`);
  log.info(`${fileCounts(files, 'log')}.`);
  if (files.unmapped.length > 0) {
    // On the file itself, so that a pull request shows it on its diff; a few, within the runner's annotations.
    for (const path of files.unmapped.slice(0, UNMAPPED_ANNOTATIONS)) {
      log.warning(
        files.learned === undefined
          ? 'No url-map rule maps this image, so it is not invalidated.'
          : 'No single URL of the site was found to serve the folder of this image, so it is not invalidated.',
        { file: path },
      );
    }
  }
  const skipped = skippedSentence(files);
  if (skipped !== undefined) log.warning(skipped);
}

/**
 * The calls of a run that holds images for their origins: their number is not known before, since each batch goes
 * as its origins serve the new files (release.ts).
 */
export function heldSentence(assets: number, held: number, concurrency: number): string {
  const now = assets - held;
  const first = now === 0 ? '' : `${plural(now, 'asset')} at once, then `;
  const mapped =
    held === 1
      ? 'mapped from a file as its origin serves the new file'
      : 'mapped from files as their origins serve the new files';
  return (
    `Invalidate: ${first}${plural(held, 'image')} ${mapped}, in calls ` +
    `of up to ${MAX_ASSETS_PER_CALL} gathered for up to ${LINGER_MS / 1000} s each, so how many calls go depends on ` +
    `when each deploy lands; up to ${concurrency} at a time.`
  );
}
