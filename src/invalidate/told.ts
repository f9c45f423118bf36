/** What the invalidation did, in every voice the run speaks. */
import { imageUrlPrefix } from '../domain/urls.ts';
import type { RunEnd, Told } from '../plan/stage.ts';
import { seconds } from '../shown/format.ts';
import { errorMessage } from '../mechanics/error-message.ts';
import { assetLines, invalidationJson } from './json.ts';
import { listCalls, tellInvalidated } from './narration.ts';
import { outcomeOf } from './outcome.ts';
import { invalidationSummary } from './summary.ts';
import { invalidationText } from './text.ts';
import type { Invalidated } from './invalidated.ts';

export async function tellInvalidation(inv: Invalidated, end: RunEnd): Promise<Told> {
  const { outcome, imageHost } = inv;
  // A run over changed files loads the words of its preview, and a run that learned a map (site) those of the map.
  // Words that fail to load are a failure of their own: the outputs still say what the calls landed.
  const unloaded: string[] = [];
  const loaded = <T>(what: string, loading: Promise<T>): Promise<T | undefined> =>
    loading.catch((error: unknown) => {
      unloaded.push(`The ${what} could not be told: ${errorMessage(error)}`);
      return undefined;
    });
  const learnedFiles = inv.plan.files?.learned;
  const [preview, learned] = await Promise.all([
    inv.plan.preview === undefined
      ? undefined
      : loaded('preview of the changed files', import('./preview.ts')),
    learnedFiles === undefined
      ? undefined
      : loaded(
          'url-map learned from site',
          import('./learned.ts').then((words) => words.tellLearned(learnedFiles)),
        ),
  ]);
  const token = outcome.token ?? '';
  // A cancel that came after the calls (while rewriting) leaves what was not sent unsent all the same.
  const failures =
    end.cancelled && !outcome.cancelled
      ? outcomeOf(inv.plan, inv.result, true, inv.origin).failures
      : outcome.failures;
  return {
    failures: [...failures, ...unloaded],
    closing: (log, listedIn) => {
      if (inv.dryRun) listCalls(log, inv.plan);
      else tellInvalidated(log, outcome, listedIn('invalidated'));
    },
    summary: () => invalidationSummary(inv, preview, learned),
    json: () => invalidationJson(inv, learned),
    assets: () => assetLines(inv),
    text: () => invalidationText(inv, learned),
    outputs: {
      token,
      'cache-buster': token === '' ? '' : `cb:${token}`,
      'image-url-prefix': token === '' || imageHost === undefined ? '' : imageUrlPrefix(imageHost, token),
      invalidated: outcome.invalidated,
      'invalidated-count': String(outcome.invalidated.length),
      failed: outcome.failed,
      'failed-count': String(outcome.counts.notInvalidated),
      requests: String(outcome.counts.requests),
      'origin-waited-seconds': seconds(outcome.origin?.waitedMs ?? 0),
    },
  };
}
