/**
 * Sets the `cb:` cache buster of every image URL on the account's image host to a new token, so that pages built
 * before the token existed ask for fresh copies. Only the `//host/segments/` prefix of a URL is touched: the origin
 * URL after it and the syntax around it (HTML, srcset, CSS, JSON, JS) stay as they are, so the end of a URL never
 * has to be found.
 */

import { imageHostOf, isCacheBuster } from '../urls.ts';

export interface TextRewrite {
  readonly text: string;
  /** How many image URLs were changed; a URL that already carried the token does not count. */
  readonly urls: number;
}

export function rewriteCacheBusters(text: string, imageHost: string, token: string): TextRewrite {
  if (!isCacheBuster(token)) {
    throw new Error(`The cache token ${JSON.stringify(token)} cannot be written as a URL path segment.`);
  }
  const host = imageHostOf(imageHost); // throws for anything but a host name with an optional port
  let rewritten = '';
  let copied = 0;
  let urls = 0;
  for (const match of text.matchAll(cacheBusterPattern(host))) {
    const { start = '', sep = '/', segments = '' } = match.groups ?? {};
    const busted = bustSegments(segments, sep, token);
    if (busted === segments) continue;
    const at = match.index + start.length;
    rewritten += text.slice(copied, at) + busted;
    copied = at + segments.length;
    urls += 1;
  }
  return { text: rewritten + text.slice(copied), urls };
}

/**
 * `start`: the scheme (or a protocol-relative `//`), the host and the first separator; `segments`: the
 * `name:value` processing segments after it, each with its separator. `sep` is `/`, or `\/` in JSON and JS
 * strings that escape slashes, and must be the same throughout one URL.
 */
function cacheBusterPattern(imageHost: string): RegExp {
  const host = imageHost.replace(/[.[\]]/g, '\\$&');
  // A host given without a port is the same host when a URL spells out a port.
  const port = /:\d+$/.test(imageHost) ? '' : String.raw`(?::\d+)?`;
  // A `//` right after a letter, `:`, `/`, `.`… is a path or another scheme's URL, not a protocol-relative one.
  const scheme = String.raw`(?:https?:|(?<![\w:/\\.+@%~-]))`;
  // `https:` is where the origin URL starts, not a segment; a value stops at anything that ends a URL.
  const segment = String.raw`(?!https?:)[\w-]+:[^/\\\s"'\x60<>]*\k<sep>`;
  return new RegExp(
    String.raw`(?<start>${scheme}(?<sep>/|\\/)\k<sep>${host}${port}\k<sep>)(?<segments>(?:${segment})*)`,
    'gi',
  );
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
