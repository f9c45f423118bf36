/**
 * `pages`: the built pages read, never written, for the variants they use of each invalidated image, which the
 * warm-up and the proof then ask for. For a site deployed elsewhere, whose built files this job does not ship, this is
 * what `rewrite` gave them without writing fresh cache busters into files nobody deploys.
 */
import type { RewrittenUrl } from '../domain/variants.ts';
import type { PagesPatterns, PagesPlan, RunPlan } from '../plan/run-plan.ts';
import { SILENT, type Landed, type RunContext, type Stage, type Told } from '../plan/stage.ts';
import type { PagesRead } from './read.ts';

export type { PagesRead, PagesStop } from './read.ts';

/**
 * What the pages stage gives the warm-up and the proof: the variants to ask for, those rewrite wrote first (their
 * URLs carry the new cache buster, and a variant is asked for once), then those the pages name; unknown (undefined)
 * when the rewrite failed, since what the pages name is then unknown.
 */
export interface Variants {
  readonly variants: readonly RewrittenUrl[] | undefined;
  /** What the pages gave, when `pages` names some. */
  readonly read?: PagesRead | undefined;
}

/** What the pages stage reads of the stages before it. */
export interface Before {
  readonly invalidate: { readonly outcome: Landed };
  readonly rewrite: { readonly variants: readonly RewrittenUrl[] | undefined };
}

export const pagesStage = {
  name: 'pages',
  slice: (plan: RunPlan): PagesPlan | undefined => plan.pages,
  run: variantsOf,
  tell: tellPages,
  /** Before anything is sent: a pattern that matches no page is refused, and the pages are listed once. */
  check,
} as const satisfies Stage<'pages', PagesPlan | undefined, Before, Variants> & { readonly check: unknown };

async function check(
  pages: PagesPatterns | undefined,
  workspace: () => Promise<string>,
): Promise<PagesPlan | undefined> {
  if (pages === undefined) return undefined;
  const { selectedFiles } = await import('../settings/workspace-files.ts');
  return { ...pages, paths: await selectedFiles('pages', await workspace(), pages.patterns) };
}

async function variantsOf(
  pages: PagesPlan | undefined,
  before: Before,
  context: RunContext,
): Promise<Variants> {
  const written = before.rewrite.variants;
  if (pages === undefined || written === undefined) return { variants: written };
  const { readPages } = await import('./read.ts');
  const read = await readPages(pages, before.invalidate.outcome, context);
  return { variants: [...written, ...(read?.urls ?? [])], read };
}

/** The pages log as they are read; the JSON report keeps their counts, not every URL found (the proof lists those). */
function tellPages({ read }: Variants): Told {
  if (read === undefined) return SILENT;
  const { stopped, notRead } = read;
  return {
    ...SILENT,
    json: () => ({
      pages: {
        read: read.read,
        bytes: read.bytes,
        variants: read.urls.length,
        skipped: read.skipped,
        stopped,
        notRead: stopped === undefined ? undefined : notRead,
      },
    }),
  };
}
