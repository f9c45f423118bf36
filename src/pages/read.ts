/**
 * The built pages read for the variants of the invalidated images: loaded by a run whose `pages` names some.
 */
import { canonicalRef } from '../domain/refs.ts';
import { pageImageUrls } from '../domain/page-urls.ts';
import type { RewrittenUrl } from '../domain/variants.ts';
import { errorMessage } from '../mechanics/error-message.ts';
import { readRegularBytesAsync, UnreadableFile } from '../mechanics/regular-file.ts';
import type { PagesPlan } from '../plan/run-plan.ts';
import type { Landed, RunContext } from '../plan/stage.ts';
import { count, firstOf, plural } from '../shown/format.ts';
import { quote } from '../shown/shown.ts';

/** What `pages` reads at most (the README's section on `pages` says them). */
export const PAGE_BOUNDS = {
  /** Pages read, in path order; the rest are counted, not read. */
  maxPages: 10_000,
  /** A larger page is skipped, with a warning: a built page is rarely over a few MiB. */
  maxPageBytes: 16 * 2 ** 20,
  /** Bytes read in all: no page is started past it (so at most this and one page). */
  maxTotalBytes: 256 * 2 ** 20,
  /** Distinct variants of the invalidated images kept: more than the warm-up or the proof asks for. */
  maxVariants: 10_000,
  /** The whole read: the pages not read by then are counted. */
  timeoutMs: 60_000,
};

/** Why the read stopped before the last page. */
export type PagesStop = 'pages' | 'bytes' | 'variants' | 'time' | 'cancelled';

export interface PagesRead {
  /** Pages read whole. */
  readonly read: number;
  readonly bytes: number;
  /** The variants the pages name of the invalidated images, each once, in page order. */
  readonly urls: readonly RewrittenUrl[];
  /** Pages not read, and why (a link leading outside the workspace, a FIFO, a page over the size read). */
  readonly skipped: readonly { readonly path: string; readonly why: string }[];
  readonly stopped?: PagesStop | undefined;
  /** Pages selected and not read once the read stopped. */
  readonly notRead: number;
}

export async function readPages(
  pages: PagesPlan,
  landed: Landed,
  context: RunContext,
): Promise<PagesRead | undefined> {
  const { signal, clock } = context;
  if (landed.cancelled) return undefined;
  const workspace = await context.workspace();
  const { paths } = pages;
  const wanted = new Set(landed.touched.map(canonicalRef));
  const deadline = clock.now() + PAGE_BOUNDS.timeoutMs;
  const kept = new Set<string>();
  const urls: RewrittenUrl[] = [];
  const skipped: { path: string; why: string }[] = [];
  let read = 0;
  let bytes = 0;
  let stopped: PagesStop | undefined;
  let index = 0;
  for (; index < paths.length; index++) {
    stopped = stopBefore(read, bytes, urls.length, clock.now() >= deadline, signal?.aborted === true);
    if (stopped !== undefined) break;
    const path = paths[index] ?? '';
    let text: string;
    try {
      const content = await readRegularBytesAsync(path, {
        maxBytes: PAGE_BOUNDS.maxPageBytes,
        inside: { folder: workspace, name: 'workspace' },
      });
      // latin1 maps each byte to one character: the URLs are ASCII whatever the page's encoding.
      text = content.toString('latin1');
      bytes += content.length;
      read++;
    } catch (error) {
      // Kept in the report: the key withheld from a name or an error, as from any outside text.
      const why = error instanceof UnreadableFile ? error.what : errorMessage(error);
      skipped.push({ path: context.redact(path), why: context.redact(why) });
      continue;
    }
    for (const url of pageImageUrls(text, pages.imageHost)) {
      const image = canonicalRef(url.originUrl);
      if (!wanted.has(image)) continue;
      // The same variant on every page, or written in another order, is one variant (the cache buster aside).
      const shape = `${image} ${url.segments
        .filter((segment) => !segment.startsWith('cb:'))
        .toSorted()
        .join('/')}`;
      if (kept.has(shape) || kept.size >= PAGE_BOUNDS.maxVariants) continue;
      kept.add(shape);
      urls.push(url);
    }
  }
  const result: PagesRead = { read, bytes, urls, skipped, stopped, notRead: paths.length - index };
  logPages(result, context);
  return result;
}

function stopBefore(
  read: number,
  bytes: number,
  variants: number,
  late: boolean,
  cancelled: boolean,
): PagesStop | undefined {
  if (cancelled) return 'cancelled';
  if (late) return 'time';
  if (read >= PAGE_BOUNDS.maxPages) return 'pages';
  if (bytes >= PAGE_BOUNDS.maxTotalBytes) return 'bytes';
  if (variants >= PAGE_BOUNDS.maxVariants) return 'variants';
  return undefined;
}

const STOP_WORDS: Record<Exclude<PagesStop, 'cancelled'>, string> = {
  pages: `past the ${count(PAGE_BOUNDS.maxPages)} pages read at most`,
  bytes: `past the ${count(PAGE_BOUNDS.maxTotalBytes / 2 ** 20)} MiB read at most`,
  variants: `past the ${count(PAGE_BOUNDS.maxVariants)} variants kept at most`,
  time: `past the ${count(PAGE_BOUNDS.timeoutMs / 1000)} seconds the read may take`,
};

function logPages(result: PagesRead, { log }: RunContext): void {
  log.info(
    `pages: read ${plural(result.read, 'page')} (${count(Math.ceil(result.bytes / 1024))} KiB): ` +
      `${plural(result.urls.length, 'variant')} of the invalidated images.`,
  );
  if (result.skipped.length > 0) {
    const { shown, more } = firstOf(result.skipped, 10);
    log.warning(
      `pages: ${plural(result.skipped.length, 'page')} not read: ` +
        shown.map((page) => `${quote(page.path)} ${page.why}`).join('; ') +
        (more === undefined ? '' : `; ${more}`) +
        '. Their variants are not asked for.',
    );
  }
  const { stopped } = result;
  if (stopped !== undefined && stopped !== 'cancelled')
    log.warning(
      `pages: stopped ${STOP_WORDS[stopped]}; ${plural(result.notRead, 'page')} not read, whose variants are not ` +
        'asked for.',
    );
}
