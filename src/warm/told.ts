/** The warm-up in words, in every voice: loaded, as warm.ts is, by a run that warms. */
import { count, plural } from '../shown/format.ts';
import { SILENT, type Told } from '../plan/stage.ts';
import type { WarmReport } from './warm.ts';

/**
 * The warm-up's answers, counted: `5 × 200, 1 × 404, 2 × no answer`, most common first (ties by status), so that
 * the log, the summary and the command read the same.
 */
export function warmWords(warm: WarmReport): string {
  const statuses = Object.entries(warm.statuses)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([status, n]) => `${count(n)} × ${status === 'error' ? 'no answer' : status}`)
    .join(', ');
  const over = warm.overLimit === 0 ? '' : `; ${count(warm.overLimit)} more not requested, past the limit`;
  return `requested ${plural(warm.requested, 'image URL')} through the image host (${statuses || 'none'}) in ${(warm.ms / 1000).toFixed(1)} s${over}`;
}

/** The warm-up's section of the summary, its line of the command's result and its JSON: what it requested. */
export function tellWarm(warm: WarmReport): Told {
  const words = warmWords(warm);
  return {
    ...SILENT,
    summary: () => ['### Warm-up', '', `${words.charAt(0).toUpperCase()}${words.slice(1)}.`],
    json: () => ({ warm }),
    text: () => [`Warm-up: ${words}.`],
  };
}
