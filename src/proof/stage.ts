import type { ProofReport } from './facts.ts';
import type { ProofPlan, RunPlan } from '../plan/run-plan.ts';
import { SILENT, type AfterPages, type Stage } from '../plan/stage.ts';

export type { ProofReport } from './facts.ts';

/** What the proof reads of the stages before it. */
export type Before = AfterPages;

export const proofStage = {
  name: 'proof',
  slice: (plan: RunPlan): ProofPlan | undefined => plan.proof,
  // Its work and its words are loaded by a run that asks for the proof (verify: true), in one chunk: they share facts.
  run: async (proof, before, context) =>
    proof === undefined
      ? undefined
      : (await import(/* webpackChunkName: "proof" */ './prove.ts')).proveFresh(proof, before, context),
  tell: async (report) =>
    report === undefined
      ? SILENT
      : (await import(/* webpackChunkName: "proof" */ './told.ts')).tellProof(report),
} as const satisfies Stage<'proof', ProofPlan | undefined, Before, ProofReport | undefined>;
