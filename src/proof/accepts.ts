/**
 * The browsers a proof asks as: one `Accept` per format class an image host negotiates. A host that says `Vary:
 * Accept` keeps one copy per format it delivers, and an invalidation may reach one copy and not another: a proof that
 * asked as one browser would count an image fresh while others still get its old copy.
 */
import { mediaType } from '../mechanics/headers.ts';

/** Each class's `Accept`, as a browser of that class sends it, from the most capable to the least. */
export const ACCEPTS = {
  /** A current browser (Chrome, Firefox, Safari 16+): the host may deliver AVIF. */
  avif: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  /** A browser without AVIF (older Safari and Edge): WebP at best. */
  webp: 'image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  /** Any other browser or client: the host's fallback, usually the original's format. */
  plain: 'image/*,*/*;q=0.8',
} as const;

export type AcceptClass = keyof typeof ACCEPTS;

/** The order in which the classes are asked: each later one takes fewer formats than the one before it. */
export const ACCEPT_ORDER: readonly AcceptClass[] = ['avif', 'webp', 'plain'];

/** The formats a host delivers to one class and not to every class after it. */
const NEGOTIATED: Readonly<Record<AcceptClass, readonly string[]>> = {
  avif: ['image/avif', 'image/webp'],
  webp: ['image/webp'],
  plain: [],
};

/** The formats a host gives only to the browsers that say they take them. */
const NEGOTIATED_ONLY: ReadonlySet<string> = new Set(['image/avif', 'image/webp']);

/** What an answer says of how it was chosen. */
export interface AnswerHeaders {
  readonly status?: number | undefined;
  readonly contentType?: string | undefined;
  /** The `Vary` header, as the host sent it. */
  readonly vary?: string | undefined;
}

/**
 * The class to ask as next, after `answered` was answered `answer`; undefined: every class is answered by an answer
 * already seen. Bounded so that a host is asked as few times as it has copies:
 * - a host that did not answer, or that does not say `Vary: Accept` (or `Vary: *`) and answered in a format every
 *   browser takes, delivers one copy to every browser (an AVIF or WebP answer shows negotiation, Vary or not);
 * - a later class that accepts the format of this answer gets that same copy (a host never gives a less capable
 *   browser a more modern format than it gave a more capable one), so only a class that cannot take it is asked:
 *   an answer in JPEG, PNG, GIF or SVG ends it, WebP given to the AVIF class skips the WebP class.
 */
export function nextAccept(answered: AcceptClass, answer: AnswerHeaders): AcceptClass | undefined {
  if (answer.status === undefined) return undefined;
  const format = mediaType(answer.contentType);
  // A format only some browsers take shows the host negotiating, whatever its Vary says (a CDN may strip it).
  if (!variesByAccept(answer.vary) && !NEGOTIATED_ONLY.has(format)) return undefined;
  return ACCEPT_ORDER.slice(ACCEPT_ORDER.indexOf(answered) + 1).find(
    (later) => NEGOTIATED[answered].includes(format) && !NEGOTIATED[later].includes(format),
  );
}

function variesByAccept(vary: string | undefined): boolean {
  return (vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .some((name) => name === 'accept' || name === '*');
}
