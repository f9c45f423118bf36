/**
 * The stages after the plan, in the order they run and tell: the one list a new stage joins. The flow runs them in
 * this order, each given its slice and the results before it; every renderer composes what they tell, in this order.
 */
import { invalidateStage } from '../invalidate/stage.ts';
import { pagesStage } from '../pages/stage.ts';
import type { RunPlan } from '../plan/run-plan.ts';
import { SILENT, type RunContext, type RunEnd, type Told } from '../plan/stage.ts';
import { errorMessage } from '../mechanics/error-message.ts';
import { proofStage } from '../proof/stage.ts';
import { rewriteStage } from '../rewrite/stage.ts';
import { warmStage } from '../warm/stage.ts';

export const STAGES = [invalidateStage, rewriteStage, pagesStage, warmStage, proofStage] as const;

/** Any stage, as the list holds it: what it reads and returns is its own. */
interface AnyStage {
  readonly name: string;
  readonly slice: (plan: RunPlan) => unknown;
  readonly run: (slice: never, before: never, context: RunContext) => Promise<unknown>;
  readonly tell: (result: never, end: RunEnd) => Told | Promise<Told>;
}

type Listed = (typeof STAGES)[number];

/** What each stage returned, by its name. */
export type Ran = { readonly [S in Listed as S['name']]: Awaited<ReturnType<S['run']>> };

/**
 * True when every stage reads only what the stages listed before it return; else the name of the stage that reads
 * too early, in words, and `InOrderChecked` below fails to compile with them.
 */
type InOrder<L extends readonly AnyStage[], Done = object> = L extends readonly [
  infer S extends AnyStage,
  ...infer Rest extends readonly AnyStage[],
]
  ? Done extends Parameters<S['run']>[1]
    ? InOrder<Rest, Done & { readonly [K in S['name']]: Awaited<ReturnType<S['run']>> }>
    : `${S['name']} reads a result that no stage listed before it returns`
  : true;
type Checked<T extends true> = T;
export type InOrderChecked = Checked<InOrder<typeof STAGES>>;

/** Runs the stages in order: each is given its slice of the plan and every result before it. */
export async function runStages(plan: RunPlan, context: RunContext): Promise<Ran> {
  const ran: Record<string, unknown> = {};
  for (const stage of STAGES as readonly AnyStage[]) {
    const run = stage.run as (slice: unknown, before: unknown, context: RunContext) => Promise<unknown>;
    try {
      ran[stage.name] = await run(stage.slice(plan), { ...ran }, context);
    } catch (error) {
      const invalidated = ran.invalidate as Ran['invalidate'] | undefined;
      if (invalidated === undefined) throw error;
      throw new FailedAfterTheCalls(stage.name, !invalidated.dryRun, error);
    }
  }
  // Each name was set to its own stage's result, as InOrder checks they are read.
  return ran as Ran;
}

/**
 * A stage after the invalidation that threw (a bug, or its code failed to load from a broken install): the run ends
 * there, and says that the calls, when it sent them, were sent; the log has told what they landed.
 */
export class FailedAfterTheCalls extends Error {
  readonly sent: boolean;
  constructor(stage: string, sent: boolean, cause: unknown) {
    super(
      `The ${stage} stage failed after the invalidation (${errorMessage(cause)})` +
        (sent ? ': the calls were sent, and the log above tells what they landed' : ''),
      { cause },
    );
    this.sent = sent;
  }
}

/** What each stage did, told, in the order of the list. */
export function toldBy(ran: Ran, end: RunEnd): Promise<Told[]> {
  return Promise.all(
    (STAGES as readonly AnyStage[]).map((stage) => {
      const tell = stage.tell as (result: unknown, end: RunEnd) => Told | Promise<Told>;
      return toldSafely(stage.name, () => tell((ran as Readonly<Record<string, unknown>>)[stage.name], end));
    }),
  );
}

/**
 * What a stage told; or, when it could not tell (its words failed to load: a broken install, no file handle left),
 * that failure, so that the others still tell what landed: the calls have been made by then.
 */
export async function toldSafely(name: string, tell: () => Told | Promise<Told>): Promise<Told> {
  try {
    return await tell();
  } catch (error) {
    return {
      ...SILENT,
      failures: [
        `The ${name} stage ran, but its report could not be made (${errorMessage(error)}); the log above tells what it did`,
      ],
    };
  }
}
