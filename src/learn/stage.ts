/**
 * The url-map learned from the site, its face: with no url-map and a site, the run learns each changed folder's rule
 * from what the site serves, a dry run included. Its work (learn.ts) is loaded by a run that learns.
 */
import type { CiContext } from '../ci/context.ts';
import type { ChangedFiles } from '../domain/changed.ts';
import type { LearnedMap } from '../plan/learned.ts';
import type { RunContext } from '../plan/stage.ts';
import type { Settings } from '../settings/settings.ts';

export async function learnedMap(
  settings: Settings,
  changed: ChangedFiles | undefined,
  context: RunContext,
  ci: () => Promise<CiContext>,
): Promise<LearnedMap | undefined> {
  const { target } = settings;
  if (target.scope !== 'assets' || target.changes?.site === undefined || changed === undefined)
    return undefined;
  const { learnMap } = await import('./learn.ts');
  return learnMap(
    {
      site: target.changes.site,
      changed,
      patterns: target.changes.patterns,
      waitMs: settings.originTimeoutMs,
      requestTimeoutMs: settings.timeoutMs,
      deployedUrl: (await ci()).deployedUrl,
    },
    { ...context, workspace: await context.workspace() },
  );
}
