/**
 * The image URLs on the account's image host that a built page names (HTML, srcset, CSS, JSON, JS), found by one
 * scanner: the rewrite sets their cache busters, and the warm-up and the proof read from them the variants the pages
 * use. Pure: text in, URLs out.
 */
import type { RewrittenUrl } from './variants.ts';
import { imageHostOf } from './urls.ts';

/**
 * Each image URL on `imageHost` in `text`, as its origin image URL and its processing segments (`w:640`, `cb:…`),
 * in the order the text names them.
 */
export function pageImageUrls(text: string, imageHost: string): RewrittenUrl[] {
  const urls: RewrittenUrl[] = [];
  for (const match of text.matchAll(imageUrlPattern(imageHostOf(imageHost)))) {
    const { start = '', sep = '/', segments = '' } = match.groups ?? {};
    const originUrl = originUrlAt(text, match.index + start.length + segments.length, sep);
    urls.push({ originUrl, segments: segments === '' ? [] : segments.slice(0, -sep.length).split(sep) });
  }
  return urls;
}

/**
 * The origin image URL that starts at `from`, as far as a URL can go in HTML, srcset, CSS, JSON or JS (a quote,
 * whitespace, a parenthesis or an angle bracket ends it), with JSON's `\/` read as `/`.
 */
export function originUrlAt(text: string, from: number, sep: string): string {
  const url = /^[^\s"'\x60<>()]*/.exec(text.slice(from, from + 4096))?.[0] ?? '';
  const plain = sep === '/' ? url : url.replaceAll('\\/', '/');
  // A srcset candidate without a descriptor ends at its comma; an escaped quote at its backslash.
  return plain.replace(/(?<![,\\])[,\\]+$/, '');
}

/**
 * `start`: the scheme (or a protocol-relative `//`), the host and the first separator; `segments`: the
 * `name:value` processing segments after it, each with its separator. `sep` is `/`, or `\/` in JSON and JS
 * strings that escape slashes, and must be the same throughout one URL.
 */
export function imageUrlPattern(imageHost: string): RegExp {
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
