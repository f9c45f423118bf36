import type { ApiError } from '../domain/api-error.ts';
import { quote } from '../shown/shown.ts';
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
import { count, counted, FAILURES_NAMED, plural } from '../shown/format.ts';
import { callListing, callWords, describeCall, retryWords } from '../domain/call-words.ts';
import type { CallRecord, SentCall } from '../service/execute.ts';
import type { Log } from '../shown/log.ts';
import type { Outcome } from './outcome.ts';
import { originWords, stalenessLines, type OriginFacts } from './facts.ts';
import { cacheRemedy, seconds as originSeconds } from '../origin/hold.ts';
import { seenWords } from '../origin/verdict.ts';
import type { CachedImage, OriginCheck } from '../origin/wait.ts';
import { cacheWords } from '../origin/cache.ts';
import { mistakeWords } from '../origin/mistakes.ts';
import { LINGER_MS } from '../origin/release.ts';
import { MAX_ASSETS_PER_CALL } from '../domain/batches.ts';
import type { OriginMistake, OriginProgress, SeenAnswer } from '../origin/watch.ts';

/** What the invalidation says as it runs, each line as its moment comes. */
export interface Narration {
  /** Before anything is sent: the service, the changed files, the calls, the token, the origin check. */
  readonly plan: () => void;
  /** The wait for origins starts. */
  readonly originStart: (images: number, timeoutMs: number) => void;
  /** Once per origin host whose bytes are neither version: nothing tells when its deploy lands. */
  readonly originCannotTell: (host: string, check: OriginCheck) => void;
  /** As soon as it shows, once per origin host: the same words as beside each image at the end. */
  readonly originMistake: (mistake: OriginMistake) => void;
  /** Once per origin host of the first image a cache in front served old: which, how old, how long, what to do. */
  readonly originCache: (host: string, cached: CachedImage) => void;
  /** Once per origin host that kept an ask waiting past timeout-seconds: said once, not once per image. */
  readonly originStalled: (host: string, seen: SeenAnswer) => void;
  /** Every PROGRESS_EVERY_MS of the wait, on the live line where there is one. */
  readonly originProgress: (progress: OriginProgress) => void;
  /** What the origin check found, once the calls have ended. */
  readonly origins: (origin: OriginFacts) => void;
  readonly retry: (sent: SentCall, error: ApiError, waitMs: number, attempt: number) => void;
  /** A call ended: its attempts at debug, a split or a failure as a line. */
  readonly call: (record: CallRecord) => void;
  /** How many calls were confirmed. */
  readonly sent: (outcome: Outcome) => void;
}

/**
 * What the flow tells the log as it runs: each stage in words, so that flow.ts only runs the stages. `status`: where
 * a wait stands, each line replacing the last (a terminal's live line); without it, each is a line of the log.
 */
export function narration(log: Log, run: Told, status?: (line: string) => void): Narration {
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
            `mapped from a file serves the file's new bytes (up to ${originSeconds(run.origin.waitMs)} s) before ` +
            'invalidating it; ' +
            (plan.files?.learned === undefined
              ? 'a dry run asks no origin.'
              : 'a dry run asked the site only to learn the map, and waits for no new version.'),
        );
    },
    originStart: (images: number, timeoutMs: number): void => {
      log.info(
        `Origin check: ${plural(images, 'image')} mapped from ${images === 1 ? 'a file is' : 'files are'} ` +
          `invalidated as ${images === 1 ? 'its origin serves the new file' : 'their origins serve the new files'}, ` +
          'waiting up to ' +
          `${originSeconds(timeoutMs)} s.`,
      );
    },
    originCannotTell: (host: string, check: OriginCheck): void => {
      const seen = check.seen === undefined ? 'an unreadable file' : seenWords(check.seen);
      log.notice(
        `Origin check: ${quote(host)} serves other bytes than the repository's for ${quote(check.ref)} (${seen}): ` +
          'it may recompress or rewrite images, so the run cannot tell when a deploy lands there, and invalidates ' +
          'its images at once.',
      );
    },
    originMistake: (mistake: OriginMistake): void => {
      log.warning(`Origin check: ${mistakeWords(mistake, run.origin?.urlMap ?? [])}.`);
    },
    originCache: (host: string, cached: CachedImage): void => {
      const { cache, fits } = cached;
      const then =
        fits === false
          ? 'it keeps its copy past origin-timeout, so its images that the cache holds old are not invalidated and fail now'
          : 'the check keeps asking, and invalidates each image as soon as the new version comes through';
      log.warning(
        `Origin check: a cache in front of ${quote(host)} answered the previous version of ${quote(cached.ref)}: ` +
          `${cacheWords(cache)}; ${then}. To be done sooner: ${cacheRemedy(cache)}.`,
      );
    },
    originStalled: (host: string, seen: SeenAnswer): void => {
      const what =
        seen.status === undefined ? 'did not answer' : `answered ${seen.status} but did not end its answer`;
      log.warning(
        `Origin check: ${quote(host)} ${what} within ${originSeconds(run.origin?.requestTimeoutMs ?? 0)} s ` +
          '(timeout-seconds): its images not asked yet are asked one at a time until origin-timeout, and none is ' +
          'invalidated before its origin serves the new file.',
      );
    },
    originProgress: (progress: OriginProgress): void => {
      const line = originProgressLine(progress);
      if (status === undefined) log.info(line);
      else status(line);
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
          : 'The site was not seen to serve the folder of this image, so it is not invalidated.',
        { file: path },
      );
    }
  }
  const skipped = skippedSentence(files);
  if (skipped !== undefined) log.warning(skipped);
}

/** Where the wait for origins stands, in one line: the log's every PROGRESS_EVERY_MS, and the command's live line. */
export function originProgressLine(progress: OriginProgress): string {
  const answers = progress.answers
    .map(({ answer, images }) => counted(images, singularVerb(answer), answer))
    .join(', ');
  return (
    `Origin check: ${count(progress.ready)} of ${plural(progress.ready + progress.waiting, 'image')} ready, ` +
    `${count(progress.waiting)} waiting${answers === '' ? '' : ` (${answers})`}; ` +
    `${originSeconds(progress.leftMs)} s left.`
  );
}

/**
 * The origin watch says what the origins of several images do (`serve the previous version`, `are not asked yet`);
 * the answer of one image takes the singular of its first word.
 */
function singularVerb(answer: string): string {
  const [verb = '', ...rest] = answer.split(' ');
  const singular = verb === 'are' ? 'is' : verb === 'have' ? 'has' : `${verb}s`;
  return [singular, ...rest].join(' ');
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
