/**
 * Sets the `cb:` cache buster of image URLs on the account's image host: of every one to a new token, so that pages
 * built before the token existed ask for fresh copies; or, per origin image, to a value of its own (its content's),
 * so that only the images that changed get new URLs. Only the `//host/segments/` prefix of a URL is touched: the
 * origin URL after it and the syntax around it (HTML, srcset, CSS, JSON, JS) stay as they are.
 */

import { imageHostOf, isCacheBuster } from '../domain/urls.ts';
import { imageUrlPattern, originUrlAt } from '../domain/page-urls.ts';

export interface TextRewrite {
  readonly text: string;
  /** How many image URLs were changed; a URL that already carried the token does not count. */
  readonly urls: number;
}

/** The cache buster for every URL (a token), or for each origin image URL its own (none: the URL stays). */
export type CacheBusters = string | ((originUrl: string) => string | undefined);

/** An image URL the rewrite wrote: its origin image URL, and its segments with the new `cb:` among them. */
export type OnRewrite = (url: { originUrl: string; segments: string[] }) => void;

export function rewriteCacheBusters(
  text: string,
  imageHost: string,
  busters: CacheBusters,
  onRewrite?: OnRewrite,
): TextRewrite {
  if (typeof busters === 'string') checkCacheBuster(busters);
  const host = imageHostOf(imageHost); // throws for anything but a host name with an optional port
  let rewritten = '';
  let copied = 0;
  let urls = 0;
  for (const match of text.matchAll(imageUrlPattern(host))) {
    const { start = '', sep = '/', segments = '' } = match.groups ?? {};
    const at = match.index + start.length;
    const originUrl = originUrlAt(text, at + segments.length, sep);
    const value = typeof busters === 'string' ? busters : busters(originUrl);
    if (value === undefined) continue;
    const busted = bustSegments(segments, sep, checkCacheBuster(value));
    if (busted === segments) continue;
    onRewrite?.({ originUrl, segments: busted.slice(0, -sep.length).split(sep) });
    rewritten += text.slice(copied, at) + busted;
    copied = at + segments.length;
    urls += 1;
  }
  return { text: rewritten + text.slice(copied), urls };
}

function checkCacheBuster(value: string): string {
  if (!isCacheBuster(value)) {
    throw new Error(`The cache buster ${JSON.stringify(value)} cannot be written as a URL path segment.`);
  }
  return value;
}

/** Sets every `cb:` segment to the token, or adds one in first position where there is none. */
function bustSegments(segments: string, sep: string, token: string): string {
  const list = segments === '' ? [] : segments.slice(0, -sep.length).split(sep);
  const isBuster = (segment: string): boolean => segment.startsWith('cb:');
  const busted = list.some(isBuster)
    ? list.map((segment) => (isBuster(segment) ? `cb:${token}` : segment))
    : [`cb:${token}`, ...list];
  return busted.map((segment) => segment + sep).join('');
}
