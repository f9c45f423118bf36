import { unhandled } from '../mechanics/exhaustive.ts';
import { ruleFor, ruleLine, type UrlMapRule } from '../settings/url-map.ts';
import { quote } from '../shown/shown.ts';
import type { OriginMistake } from './watch.ts';

/**
 * A mapping mistake in words, the same told at once in the log and at the end beside the image: which URL was asked,
 * the url-map rule that made it, what its origin answered, and what to write instead. Origin text passes through
 * shown.ts.
 */
export function mistakeWords(mistake: OriginMistake, rules: readonly UrlMapRule[]): string {
  const { image } = mistake;
  const rule = ruleFor(image.path, rules);
  const madeBy = rule === undefined ? 'url-map' : `the url-map rule ${quote(ruleLine(rule))}`;
  switch (mistake.kind) {
    case 'redirected': {
      const to = new URL(mistake.to);
      const asked = new URL(image.ref);
      // Named by host where the host differs; with the scheme where only it (or the port) does: http to https.
      const sameHost = to.host === asked.host;
      const [there, here] = sameHost ? [to.origin, asked.origin] : [to.host, asked.host];
      const written = rule === undefined ? undefined : rewrittenRule(rule, image.ref, mistake.to);
      return (
        `${quote(image.ref)} (made from ${quote(image.path)} by ${madeBy}) redirects to ${quote(mistake.to)}, on ` +
        `another ${sameHost ? 'scheme' : 'host'}: the site's pages name ${quote(there)}, so an invalidation of ` +
        `${quote(here)} would leave their images stale. Check url-map` +
        (written === undefined ? '' : `: if the site is served from ${quote(there)}, write ${quote(written)}`)
      );
    }
    case 'unresolved':
      return (
        `the host of ${quote(image.ref)} (made from ${quote(image.path)} by ${madeBy}) does not resolve ` +
        `(${quote(mistake.seen.error ?? 'no such host')}): no deploy will make it answer. Check url-map: write ` +
        "the host the site's pages load their images from"
      );
    case 'not-found': {
      if (mistake.unchanged === true)
        return (
          `${quote(image.ref)} answered ${mistake.seen.status ?? 404}, though ${quote(image.path)} is unchanged by ` +
          `this push and the live site must serve it, so ${madeBy} points where the site is not: check url-map; a ` +
          'site under a path (GitHub Pages: https://<owner>.github.io/<repository>/) needs that path in the URL prefix'
        );
      const what = mistake.wholeHost
        ? `every one of the ${mistake.images} images asked on ${quote(new URL(image.ref).host)} answered ${mistake.seen.status ?? 404}, e.g. ${quote(image.ref)}`
        : `${quote(image.ref)} answered ${mistake.seen.status ?? 404} though its origin should still serve its previous version`;
      return (
        `${what} (made from ${quote(image.path)} by ${madeBy}): check url-map; a site under a path ` +
        '(GitHub Pages: https://<owner>.github.io/<repository>/) needs that path in the URL prefix'
      );
    }
    default:
      return unhandled(mistake);
  }
}

/** The rule with the redirect's target in place of its URL prefix, where the rest of the URL is kept as it was. */
function rewrittenRule(rule: UrlMapRule, asked: string, to: string): string | undefined {
  if (!asked.startsWith(rule.urlPrefix)) return undefined;
  const rest = asked.slice(rule.urlPrefix.length);
  const target = new URL(to);
  target.search = '';
  target.hash = '';
  const href = target.href;
  const prefix = href.endsWith(rest) ? href.slice(0, href.length - rest.length) : `${target.origin}/`;
  return ruleLine({ pathPrefix: rule.pathPrefix, urlPrefix: prefix });
}
