/**
 * Thumbnails in the summary and the preview. A thumbnail is loaded through the image host when someone reads the
 * summary: it shows what the image host serves then, which before an invalidation (a dry run, a pull request's
 * preview) is the old image, and for an added file nothing at all. So the column says so, and a file that is not
 * deployed yet gets words, not a broken picture.
 */
import { imageUrl } from '../domain/urls.ts';
import { htmlAttribute } from '../shown/shown.ts';

/** The width asked of the service for a thumbnail, in pixels. */
const THUMBNAIL_WIDTH = 160;

/** The thumbnails' column: what they show, so that the old image never passes for the new one. */
export function thumbnailHeader(dryRun: boolean): string {
  return dryRun ? 'Served now (before this change)' : 'Served now';
}

/** What an image's file has that the live site does not serve yet: an added file, before its deploy. */
export const NOT_DEPLOYED_YET = 'not deployed yet';

/** A thumbnail of an image URL through the service, as a table cell; an asset hash has none. */
export function thumbnailCell(imageHost: string, ref: string): string {
  if (!/^https?:/.test(ref)) return '';
  const src = imageUrl({ imageHost, originUrl: ref, segments: { w: THUMBNAIL_WIDTH } });
  return `<img src="${htmlAttribute(src)}" width="${THUMBNAIL_WIDTH}" alt="">`;
}
