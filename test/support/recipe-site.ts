/**
 * The site a recipe names (`site: https://www.example.com/`, `https://octo-org.github.io/site/`), stood in for by a
 * local site at the same path: only its host differs. It serves a checkout's `public/` folder under the site's path,
 * deployed, as a host serves a publish folder (Netlify, Vercel, Cloudflare Pages) or Pages a project site's artifact.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { startOriginSite, type OriginSite } from './origin-site.ts';

export interface RecipeSite {
  readonly site: OriginSite;
  /** The value of the `site` input: the recipe's URL on the local host. */
  readonly input: string;
  /** The recipe's URL as written, and on the local host, without the trailing slash: the rule `public => <it>`. */
  readonly written: string;
  readonly local: string;
  /** Text that names the local host, as it reads with the recipe's host. */
  asWritten(text: string): string;
  close(): Promise<void>;
}

/** Serves `<dir>/public/**` at `<the site's path><the file's path under public/>`, already deployed. */
export async function serveRecipeSite(site: string, dir: string): Promise<RecipeSite> {
  const written = new URL(site);
  const origin = await startOriginSite();
  origin.deployed = 'new';
  const path = written.pathname.endsWith('/') ? written.pathname : `${written.pathname}/`;
  const publish = join(dir, 'public');
  for (const entry of readdirSync(publish, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    origin.files.new.set(`${path}${relative(publish, file).split(sep).join('/')}`, readFileSync(file));
  }
  const local = `${origin.url}${path}`;
  return {
    site: origin,
    input: local,
    written: `${written.origin}${path}`.slice(0, -1),
    local: local.slice(0, -1),
    asWritten: (text) => text.replaceAll(origin.url, written.origin),
    close: () => origin.close(),
  };
}
