import { credentialsHidden, credentialsRefusal } from '../domain/credentials.ts';
import { deliveryUrlOf } from '../domain/urls.ts';
import { parseHttpUrl } from '../mechanics/http-url.ts';
import { throwInput } from '../mechanics/input-error.ts';
import { quote } from '../shown/shown.ts';
import { imageHostIsOrigin } from './url-map.ts';

export const SITE_EXAMPLE = 'https://www.example.com/';

/**
 * `site`: the public URL of the deployed site, as its pages are visited, ending in '/' whether or not it was written
 * with one (`https://owner.github.io/repo` is the folder `repo/`); undefined when empty. Refused, before anything is
 * sent: credentials (sent with every image URL learned under it), a query or a fragment (which no image URL can
 * continue), and a URL on the image delivery host, which serves the site's images but is not where they live.
 */
export function parseSite(value: string, imageHost: string | undefined): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  const hidden = credentialsHidden(text);
  if (hidden !== undefined) {
    return throwInput(
      credentialsRefusal('site', hidden, `give the site's URL as a browser visits it, without them`),
    );
  }
  const delivery = deliveryUrlOf(text);
  if (delivery !== undefined) {
    return throwInput(
      `site: ${quote(text)} is an image delivery URL, on ${delivery.host}; give the site whose pages show the ` +
        `images, where it serves their files, e.g. ${SITE_EXAMPLE}`,
    );
  }
  const url = parseHttpUrl(text);
  if (url === undefined) {
    return throwInput(
      `site: ${quote(text)} is not an absolute http(s) URL; give the public URL of the deployed site, e.g. ` +
        `${SITE_EXAMPLE} or https://<owner>.github.io/<repository>/`,
    );
  }
  if (url.host === imageHost) return throwInput(imageHostIsOrigin(url.host, 'site', 'images', text));
  if (url.search !== '' || url.hash !== '') {
    url.search = '';
    url.hash = '';
    return throwInput(
      `site: ${quote(text)} has a query or fragment, which no image URL under it can continue; write: ${url.href}`,
    );
  }
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}
