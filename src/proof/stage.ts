import type { ProofReport } from './facts.ts';
import type { ProofPlan, RunPlan } from '../plan/run-plan.ts';
import { tellProof } from './told.ts';
import type { AfterPages, Stage } from '../plan/stage.ts';

export type { ProofReport } from './facts.ts';

/** What the proof reads of the stages before it. */
export type Before = AfterPages;

export const proofStage = {
  name: 'proof',
  slice: (plan: RunPlan): ProofPlan | undefined => plan.proof,
  // Its work is loaded by a run that asks for the proof (verify: true).
  run: async (proof, before, context) =>
    proof === undefined ? undefined : (await import('./prove.ts')).proveFresh(proof, before, context),
  tell: tellProof,
} as const satisfies Stage<'proof', ProofPlan | undefined, Before, ProofReport | undefined>;
