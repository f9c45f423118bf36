/**
 * The origin check as the invalidation's log tells it while it waits: loaded with the check, by a run that waits for
 * its origins.
 */
import { quote } from '../shown/shown.ts';
import { count, counted, seconds } from '../shown/format.ts';
import type { Log } from '../shown/log.ts';
import type { OriginPlan } from '../plan/run-plan.ts';
import { cacheRemedy } from '../origin/hold.ts';
import { seenWords } from '../origin/verdict.ts';
import type { CachedImage, OriginCheck } from '../origin/wait.ts';
import { cacheWords } from '../origin/cache.ts';
import { mistakeWords } from '../origin/mistakes.ts';
import type { OriginMistake, OriginProgress, SeenAnswer } from '../origin/watch.ts';
import { plural } from '../shown/format.ts';

/** What the invalidation says of the wait for its origins, each line as its moment comes. */
export interface OriginNarration {
  /** The wait for origins starts. */
  readonly start: (images: number, timeoutMs: number) => void;
  /** Once per origin host whose bytes are neither version: nothing tells when its deploy lands. */
  readonly cannotTell: (host: string, check: OriginCheck) => void;
  /** As soon as it shows, once per origin host: the same words as beside each image at the end. */
  readonly mistake: (mistake: OriginMistake) => void;
  /** Once per origin host of the first image a cache in front served old: which, how old, how long, what to do. */
  readonly cache: (host: string, cached: CachedImage) => void;
  /** Once per origin host that kept an ask waiting past timeout-seconds: said once, not once per image. */
  readonly stalled: (host: string, seen: SeenAnswer) => void;
  /** Every PROGRESS_EVERY_MS of the wait, on the live line where there is one. */
  readonly progress: (progress: OriginProgress) => void;
}

/** `status`: where the wait stands, each line replacing the last (a terminal's live line); else a line of the log. */
export function originNarration(
  log: Log,
  origin: Pick<OriginPlan, 'urlMap' | 'requestTimeoutMs'>,
  status?: (line: string) => void,
): OriginNarration {
  return {
    start: (images: number, timeoutMs: number): void => {
      log.info(
        `Origin check: ${plural(images, 'image')} mapped from ${images === 1 ? 'a file is' : 'files are'} ` +
          `invalidated as ${images === 1 ? 'its origin serves the new file' : 'their origins serve the new files'}, ` +
          'waiting up to ' +
          `${seconds(timeoutMs)} s.`,
      );
    },
    cannotTell: (host: string, check: OriginCheck): void => {
      const seen = check.seen === undefined ? 'an unreadable file' : seenWords(check.seen);
      log.notice(
        `Origin check: ${quote(host)} serves other bytes than the repository's for ${quote(check.ref)} (${seen}): ` +
          'it may recompress or rewrite images, so the run cannot tell when a deploy lands there, and invalidates ' +
          'its images at once.',
      );
    },
    mistake: (mistake: OriginMistake): void => {
      log.warning(`Origin check: ${mistakeWords(mistake, origin.urlMap)}.`);
    },
    cache: (host: string, cached: CachedImage): void => {
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
    stalled: (host: string, seen: SeenAnswer): void => {
      const what =
        seen.status === undefined ? 'did not answer' : `answered ${seen.status} but did not end its answer`;
      log.warning(
        `Origin check: ${quote(host)} ${what} within ${seconds(origin.requestTimeoutMs)} s ` +
          '(timeout-seconds): its images not asked yet are asked one at a time until origin-timeout, and none is ' +
          'invalidated before its origin serves the new file.',
      );
    },
    progress: (progress: OriginProgress): void => {
      const line = originProgressLine(progress);
      if (status === undefined) log.info(line);
      else status(line);
    },
  };
}

/** Where the wait for origins stands, in one line: the log's every PROGRESS_EVERY_MS, and the command's live line. */
export function originProgressLine(progress: OriginProgress): string {
  const answers = progress.answers
    .map(({ answer, images }) => counted(images, singularVerb(answer), answer))
    .join(', ');
  return (
    `Origin check: ${count(progress.ready)} of ${plural(progress.ready + progress.waiting, 'image')} ready, ` +
    `${count(progress.waiting)} waiting${answers === '' ? '' : ` (${answers})`}; ` +
    `${seconds(progress.leftMs)} s left.`
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
