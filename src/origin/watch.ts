import { hostOf } from '../domain/hosts.ts';
import type { OriginAnswer, Verdict } from './verdict.ts';

/** What one ask saw, without the body. */
export type SeenAnswer = Omit<OriginAnswer, 'body'>;

/** An image's origin URL and its path in the repository. */
interface Image {
  readonly ref: string;
  readonly path: string;
}

/**
 * A mapping mistake, told as soon as it shows:
 * - `redirected`: the origin URL redirects to another host (github.io to the site's own domain), so url-map names a
 *   host that does not serve the site's images.
 * - `not-found`: a changed file's origin URL answers 404 on its first ask while git knows its previous version, so
 *   the origin should still serve that; or every image of a host answered 404 on its first ask (`wholeHost`); or an
 *   image unchanged by the push, which the site must serve, answered 404 (`unchanged`: the rule is wrong, failed).
 * - `unresolved`: the host named by url-map does not resolve.
 */
export type OriginMistake =
  | { readonly kind: 'redirected'; readonly image: Image; readonly seen: SeenAnswer; readonly to: string }
  | {
      readonly kind: 'not-found';
      readonly image: Image;
      readonly seen: SeenAnswer;
      /** Images of its host that answered 404 on their first ask: all of them, when `wholeHost`. */
      readonly images: number;
      readonly wholeHost: boolean;
      /** `image` is unchanged by the push: the site must serve it, so the rule is wrong. */
      readonly unchanged?: true;
    }
  | { readonly kind: 'unresolved'; readonly image: Image; readonly seen: SeenAnswer };

/** Where the wait stands: images ready, waiting, what the origins of those waiting answer now, and time left. */
export interface OriginProgress {
  readonly ready: number;
  readonly waiting: number;
  /** Images waiting, by their origin's last answer (`serve the previous version`, `answer 404`…), most first. */
  readonly answers: readonly { readonly answer: string; readonly images: number }[];
  readonly leftMs: number;
}

/** The origin check as a person follows it: each image's last answer, and each mistake told once per host. */
export class OriginWatch {
  private readonly last = new Map<string, string>();
  private readonly told = new Set<string>();
  private readonly firstAsks = new Map<string, { asked: number; notFound: number }>();
  private ready = 0;
  private readonly total: number;
  private readonly checkedOn: ReadonlyMap<string, number>;
  private readonly onMistake: ((mistake: OriginMistake) => void) | undefined;

  constructor(
    total: number,
    checkedOn: ReadonlyMap<string, number>,
    onMistake: ((mistake: OriginMistake) => void) | undefined,
  ) {
    this.total = total;
    this.checkedOn = checkedOn;
    this.onMistake = onMistake;
  }

  /** An ask of `image` ended; `modified`: git knows its previous version, which its origin should still serve. */
  asked(
    image: Image,
    first: boolean,
    verdict: Verdict,
    seen: SeenAnswer | undefined,
    modified: boolean,
  ): void {
    this.last.set(image.ref, answerWords(verdict, seen));
    if (seen === undefined) return;
    const host = hostOf(image.ref);
    if (seen.offsite !== undefined && isOtherHost(image.ref, seen.offsite))
      this.tell(host, { kind: 'redirected', image, seen, to: new URL(seen.offsite, image.ref).href });
    if (!first) return;
    const stats = this.firstAsks.get(host) ?? { asked: 0, notFound: 0 };
    stats.asked++;
    if (isNotFound(seen)) stats.notFound++;
    this.firstAsks.set(host, stats);
    const wholeHost = stats.notFound === stats.asked && stats.asked === this.checkedOn.get(host);
    if (isNotFound(seen) && (modified || wholeHost))
      this.tell(host, { kind: 'not-found', image, seen, images: stats.notFound, wholeHost });
  }

  /** The image may be invalidated now, or its check ended: it waits no more. */
  settled(ref: string, released: boolean): void {
    this.last.delete(ref);
    if (released) this.ready++;
  }

  progress(leftMs: number): OriginProgress {
    const byAnswer = new Map<string, number>();
    for (const answer of this.last.values()) byAnswer.set(answer, (byAnswer.get(answer) ?? 0) + 1);
    const answers = [...byAnswer]
      .map(([answer, images]) => ({ answer, images }))
      .toSorted((a, b) => b.images - a.images);
    return { ready: this.ready, waiting: this.total - this.ready, answers, leftMs: Math.max(0, leftMs) };
  }

  /** A mistake that ends the wait of its host's images: told once, as the others. */
  mistaken(host: string, mistake: OriginMistake): void {
    this.tell(host, mistake);
  }

  private tell(host: string, mistake: OriginMistake): void {
    const key = `${mistake.kind} ${host}`;
    if (this.told.has(key)) return;
    this.told.add(key);
    this.onMistake?.(mistake);
  }
}

/** The origin's answer as the progress line says it: `serve the previous version`, `answer 404`, `give no answer`. */
function answerWords(verdict: Verdict, seen: SeenAnswer | undefined): string {
  if (seen === undefined) return 'are not asked yet';
  if (seen.status === undefined) return 'give no answer';
  if (seen.offsite !== undefined) return 'redirect to another host';
  if (seen.page !== undefined) return 'serve a page, not the image';
  if (verdict === 'previous' && seen.status >= 200 && seen.status < 300) return 'serve the previous version';
  return `answer ${seen.status}`;
}

function isNotFound(seen: SeenAnswer): boolean {
  return seen.status === 404 || seen.status === 410;
}

/**
 * A redirect off the URL asked's origin: another host, or another scheme or port of it (`http:` to `https:`). The
 * site's pages name where it leads, so an invalidation of the URL asked would clear nothing they show.
 */
export function isOtherHost(asked: string, offsite: string): boolean {
  try {
    return new URL(offsite, asked).origin !== new URL(asked).origin;
  } catch {
    return false;
  }
}
