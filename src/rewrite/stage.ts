import type { RewriteCheck, RewritePlan } from '../plan/run-plan.ts';
import { SILENT, type Stage } from '../plan/stage.ts';
import type { Before } from './rewrite.ts';
import type { RunPlan } from '../plan/run-plan.ts';
import { SKIPPED, type Rewritten } from './result.ts';

export type { Rewritten } from './result.ts';
/** What a cancelled run's staged rewrites leave behind: removed before the process exits. */
export { discardStaging } from './staging.ts';

/**
 * Its work is loaded by a run that asks for a rewrite: the check before anything is sent, the rewrite itself, and its
 * words.
 */
export const rewriteStage = {
  name: 'rewrite',
  slice: (plan: RunPlan): RewritePlan | undefined => plan.rewrite,
  run: async (rewrite, before, context) =>
    rewrite === undefined
      ? SKIPPED
      : (await import(/* webpackChunkName: "rewrite" */ './rewrite.ts')).rewrite(rewrite, before, context),
  tell: async (rewritten) =>
    rewritten.state === 'skipped'
      ? SILENT
      : (await import(/* webpackChunkName: "rewrite" */ './told.ts')).tellRewrite(rewritten),
  /** Before anything is sent: a rewrite that would change nothing is refused. */
  check,
} as const satisfies Stage<'rewrite', RewritePlan | undefined, Before, Rewritten> & {
  readonly check: unknown;
};

async function check(plan: RewriteCheck | undefined, workspace: () => Promise<string>): Promise<void> {
  if (plan === undefined) return;
  const { checkRewrite } = await import('./preflight.ts');
  await checkRewrite(await workspace(), plan.patterns, plan.imageHost);
}
