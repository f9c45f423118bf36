import { parseHttpUrl } from '../mechanics/http-url.ts';
import { deliveryUrlOf } from '../domain/urls.ts';
import { credentialsHidden, credentialsRefusal } from '../domain/credentials.ts';
import { throwInput } from '../mechanics/input-error.ts';
import { quote } from '../shown/shown.ts';
import { refuseFlowList } from '../domain/list-syntax.ts';

/** One line of `url-map`: repository paths under `pathPrefix` are served under `urlPrefix`. */
export interface UrlMapRule {
  /** A repository path without leading or trailing '/'; '' for the whole repository. */
  readonly pathPrefix: string;
  /** An absolute http(s) URL ending in '/'. */
  readonly urlPrefix: string;
}

export const URL_MAP_EXAMPLE = 'public/images => https://www.example.com/images';

/**
 * Parses `<path prefix> => <URL prefix>` lines; blank lines and lines starting with '#' are ignored. A line that
 * could only map nothing, or something else than meant, is refused, showing the rule as it should be written.
 */
export function parseUrlMap(text: string, imageHost?: string): UrlMapRule[] {
  const rules: UrlMapRule[] = [];
  const lineOf = new Map<string, string>();
  // A pasted YAML list, said whole: only once no line of it holds credentials (those are refused below, hidden),
  // and once for the whole text, whatever its length.
  if (
    text.trimStart().startsWith('[') &&
    text.split('\n').every((each) => credentialsInLine(each.trim()) === undefined)
  )
    refuseFlowList('url-map', text, 'rule');
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    // Before anything quotes the line: the credentials would be shown, and sent with every URL it maps.
    const hidden = credentialsInLine(trimmed);
    if (hidden !== undefined) {
      throwInput(
        credentialsRefusal('url-map', hidden, 'give the URL prefix as a browser requests it, without them'),
      );
    }
    const pieces = trimmed.split('=>');
    if (pieces.length < 2) {
      throwInput(
        `url-map: ${quote(line)} has no '=>'; write one rule per line as <path prefix> => <URL prefix>, e.g. ${URL_MAP_EXAMPLE}`,
      );
    }
    if (pieces.length > 2) {
      throwInput(
        `url-map: ${quote(trimmed)} holds ${pieces.length - 1} rules; write one rule per line:\n` +
          rulesIn(pieces)
            .map((rule) => `  ${rule}`)
            .join('\n'),
      );
    }
    const [left = '', right = ''] = pieces.map((piece) => piece.trim());
    if (left.includes('\\')) {
      // In a repository path '\' is a character of a name, never a folder: this rule would map nothing.
      throwInput(
        `url-map: ${quote(trimmed)} separates folders with '\\'; write '/': ${left.replaceAll('\\', '/')} => ${right}`,
      );
    }
    const pathPrefix = left.replace(/^(?:\.\/|\/)+/, '').replace(/(?<!\/)\/+$/, '');
    const rule = {
      pathPrefix: pathPrefix === '.' ? '' : pathPrefix,
      urlPrefix: parseUrlPrefix(right, left, trimmed, imageHost),
    };
    if (DOT_SEGMENT.test(rule.pathPrefix)) {
      throwInput(
        `url-map: ${quote(trimmed)} has a '.' or '..' segment in its path prefix; write the folder as git prints ` +
          'it, from the top of the repository, e.g. public/images.',
      );
    }
    const earlier = lineOf.get(rule.pathPrefix);
    if (earlier !== undefined) {
      throwInput(
        `url-map: two rules for the path prefix ${quote(rule.pathPrefix || '.')}, ${quote(earlier)} and ` +
          `${quote(trimmed)}; keep the one that serves these images.`,
      );
    }
    lineOf.set(rule.pathPrefix, trimmed);
    rules.push(rule);
  }
  return rules;
}

/**
 * The line with the user name and password of each URL in it as `***`, or undefined when it holds none. A URL is the
 * first word after each '=>', or any word that starts with a scheme; the path prefixes are names, where '@' is a
 * character like any other.
 */
function credentialsInLine(line: string): string | undefined {
  const parts = line.split(/(=>|\s+)/);
  let found = false;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? '';
    const isUrl = parts[i - 2] === '=>' || parts[i - 1] === '=>' || /^[a-z][a-z0-9+.-]*:/i.test(part);
    const hidden = isUrl && part.trim() !== '' ? credentialsHidden(part) : undefined;
    if (hidden === undefined) continue;
    parts[i] = hidden;
    found = true;
  }
  return found ? parts.join('') : undefined;
}

/**
 * The rules of a line that holds several (`a => https://x/a, b => https://y/b`), as they should be written: each
 * piece between two arrows is a URL prefix, then the next rule's path prefix.
 */
function rulesIn(pieces: readonly string[]): string[] {
  const rules: string[] = [];
  let path = pieces[0]?.trim() ?? '';
  for (const piece of pieces.slice(1)) {
    const [url = '', ...rest] = piece.trim().split(/[\s,;]+/);
    rules.push(`${path} => ${url}`);
    path = rest.join(' ');
  }
  return rules;
}

function parseUrlPrefix(value: string, pathPrefix: string, line: string, imageHost?: string): string {
  refuseDeliveryUrl(value, pathPrefix, line, imageHost);
  const url = parseHttpUrl(value);
  if (url === undefined) {
    return throwInput(
      `url-map: in ${quote(line)}, ${quote(value)} is not an absolute http(s) URL prefix, e.g. ${URL_MAP_EXAMPLE}`,
    );
  }
  if (url.search !== '' || url.hash !== '') {
    url.search = '';
    url.hash = '';
    return throwInput(
      `url-map: ${quote(line)} has a query or fragment in its URL prefix, which no image URL can continue; ` +
        `write: ${pathPrefix} => ${url.href}`,
    );
  }
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/**
 * The service caches an image by its origin URL, where the site serves the file: a URL prefix on the image host
 * (`https://img.example.net/w:640/https://www.example.com/images`, the URLs a page shows) would invalidate URLs
 * the service never fetched, and end green having cleared nothing. Refused, naming the origin URL prefix to write.
 */
function refuseDeliveryUrl(value: string, pathPrefix: string, line: string, imageHost?: string): void {
  const delivery = deliveryUrlOf(value);
  if (delivery !== undefined) {
    throwInput(
      `url-map: ${quote(line)} is an image delivery URL: it serves ${quote(delivery.originUrl)} through ` +
        `${delivery.host}. The service caches images by their origin URL, so url-map gives where the site serves ` +
        `the files; write: ${pathPrefix} => ${delivery.originUrl}`,
    );
  }
  const host = parseHttpUrl(value)?.host;
  if (host !== undefined && host === imageHost) throwInput(imageHostIsOrigin(host, 'url-map', 'files', line));
}

/**
 * image-host set to the site's own host, where the origin serves the files: the likelier mistake than a url-map on
 * the image host, since the image service's delivery URLs hold the origin URL in their path, which a url-map prefix
 * does not. Blames image-host and says what it should be, with the other fix for the rarer case.
 */
export function imageHostIsOrigin(host: string, source: string, what: string, given: string): string {
  return (
    `image-host: ${host} is the site that ${source} serves the ${what} from (${quote(given)}), not the image ` +
    "delivery host: image-host is the image service's host, the host of the image URLs the pages show " +
    `(https://<image-host>/w:640/https://${host}/…), e.g. img.example.net. Set image-host to that host, or leave ` +
    `it empty; if ${host} is the delivery host, ${source} must give the site that serves the ${what} instead.`
  );
}

/**
 * The public URL of a repository path, by the rule with the longest matching prefix, or undefined when no rule
 * maps it. A prefix matches whole path segments only: `img` maps `img/a.png`, not `imgs/a.png`. A path with a '.'
 * or '..' segment maps to nothing: the URL parser would resolve it, and `images/../admin/a.png` would leave the
 * rule's URL prefix (settings refuses such paths; git prints none).
 */
export function mapToUrl(path: string, rules: readonly UrlMapRule[]): string | undefined {
  if (DOT_SEGMENT.test(path)) return undefined;
  const best = ruleFor(path, rules);
  if (best === undefined) return undefined;
  const rest = best.pathPrefix === '' ? path : path.slice(best.pathPrefix.length + 1);
  // The URL prefix is already in the parser's form, and a name of plain characters is one the parser leaves as it
  // is: joined as they are, without a URL object for each of a million names. Joined by `join`, which makes one
  // flat string, as the parser does: `+` would make a pair that V8 copies flat later, each time it is sent.
  if (PLAIN_NAME.test(rest)) return [best.urlPrefix, rest].join('');
  return new URL(escapePath(rest), best.urlPrefix).href;
}

/** Characters of a path that the URL parser keeps as they are: no escape, no dot segment (refused above). */
const PLAIN_NAME = /^[\w.~!$&()*+,;=:@/-]*$/;

/** The rule that maps a repository path: the one with the longest matching prefix, in whole segments. */
export function ruleFor(path: string, rules: readonly UrlMapRule[]): UrlMapRule | undefined {
  let best: UrlMapRule | undefined;
  for (const rule of rules) {
    const matches = rule.pathPrefix === '' || path.startsWith(`${rule.pathPrefix}/`);
    if (matches && (best === undefined || rule.pathPrefix.length > best.pathPrefix.length)) best = rule;
  }
  return best;
}

/** A rule as a url-map line reads: `public/images => https://www.example.com/images`. */
export function ruleLine(rule: UrlMapRule): string {
  return `${rule.pathPrefix === '' ? '.' : rule.pathPrefix} => ${rule.urlPrefix.replace(/\/$/, '')}`;
}

const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

/**
 * Characters that a file name may hold but that would change a URL's meaning if left as they are: '%' (an
 * escape, and `%2e` a dot), '?' and '#' (query, fragment), '\' (a '/' to the URL parser), and control characters
 * and spaces (which the parser drops, or trims at the end). The parser encodes the rest as a browser does
 * (non-ASCII as its UTF-8 bytes). The './' keeps a first segment with a ':' from reading as a scheme.
 */
function escapePath(path: string): string {
  return `./${path.replace(/[%?#\\\p{Cc} ]/gu, (char) => encodeURIComponent(char))}`;
}
