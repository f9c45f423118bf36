import type { RunPlan, WarmUpPlan } from '../plan/run-plan.ts';
import { SILENT, type Stage } from '../plan/stage.ts';
import type { Before } from './warm-up.ts';
import type { WarmReport } from './warm.ts';

/** Its work and its words are loaded by a run that warms (warm: true). */
export const warmStage = {
  name: 'warm',
  slice: (plan: RunPlan): WarmUpPlan | undefined => plan.warm,
  run: async (warm, before, context) =>
    warm === undefined
      ? undefined
      : (await import(/* webpackChunkName: "warm" */ './warm-up.ts')).warmUp(warm, before, context),
  tell: async (report) =>
    report === undefined
      ? SILENT
      : (await import(/* webpackChunkName: "warm" */ './told.ts')).tellWarm(report),
} as const satisfies Stage<'warm', WarmUpPlan | undefined, Before, WarmReport | undefined>;
