/** Fixtures that several suites build alike, built here once. */
import { planRun, type Plan } from '../../src/plan/plan.ts';
import type { RunResult } from '../../src/service/execute.ts';
import { AssetResults, type AssetResult } from '../../src/service/asset-results.ts';
import { outcomeOf } from '../../src/invalidate/outcome.ts';
import type { OriginReport } from '../../src/origin/hold.ts';
import { runOutcome } from '../../src/outcome/outcome.ts';
import type { Ran } from '../../src/outcome/stages.ts';
import type { RecordResult } from '../../src/record/record.ts';
import { reportOf as composed, type Report } from '../../src/report/report.ts';
import type { Settings, Target } from '../../src/settings/settings.ts';
import type { ChangedFiles } from '../../src/domain/changed.ts';
import { planBeforeChanges, planTheRun, type RunPlan } from '../../src/plan/run-plan.ts';

/** `count` distinct image URLs on www.example.com. */
export function imageUrls(count: number, extension = 'png'): string[] {
  return Array.from({ length: count }, (_, i) => `https://www.example.com/img/${i}.${extension}`);
}

/** A run's result as a test writes it: its assets one object each, as execute() keeps them compact. */
export type GivenResult = Omit<RunResult, 'assets'> & {
  readonly assets: readonly AssetResult[] | AssetResults;
};

/** The report of a run of `target`: with `result`, a run that sent its calls; without, a dry run. */
export function reportOf(target: Target, token: boolean, given?: GivenResult): Promise<Report> {
  const result: RunResult | undefined =
    given === undefined
      ? undefined
      : {
          ...given,
          assets: given.assets instanceof AssetResults ? given.assets : AssetResults.of(given.assets),
        };
  return reportFrom({ plan: planRun({ target, token }), result });
}

/** What a test gives of a run: the invalidation's plan and result, and what the later stages returned. */
export interface GivenRun extends Partial<Omit<Ran, 'invalidate'>> {
  readonly plan: Plan;
  /** Absent: a dry run. */
  readonly result?: RunResult | undefined;
  readonly origin?: OriginReport | undefined;
  readonly imageHost?: string | undefined;
  readonly noApiKey?: boolean | undefined;
  /** A signal stopped the run (while sending, or after the calls when `result` says it was not). */
  readonly cancelled?: boolean | undefined;
  readonly record?: RecordResult | undefined;
  readonly startedAt?: Date | undefined;
  readonly finishedAt?: Date | undefined;
}

/** A Report made as the flow makes it: the stages' results, the outcome composed from them, and what they told. */
export async function reportFrom(given: GivenRun): Promise<Report> {
  const { plan, result, origin } = given;
  const cancelled = given.cancelled === true;
  const ran: Ran = {
    invalidate: {
      plan,
      dryRun: result === undefined,
      imageHost: given.imageHost,
      noApiKey: given.noApiKey === true,
      result,
      origin,
      outcome: outcomeOf(plan, result, cancelled, origin),
    },
    rewrite: given.rewrite ?? { state: 'skipped', variants: [] },
    pages: given.pages ?? { variants: [] },
    warm: given.warm,
    proof: given.proof,
  };
  const report = await composed({
    ran,
    outcome: await runOutcome(ran, cancelled),
    record: given.record,
    startedAt: given.startedAt ?? new Date('2025-01-01T00:00:00Z'),
  });
  return { ...report, finishedAt: given.finishedAt ?? new Date('2025-01-01T00:00:05Z') };
}

/** The plan of a run of `settings`, as the flow makes it once the early checks passed (no page listed). */
export function planOf(settings: Settings, changed?: ChangedFiles): RunPlan {
  const early = planBeforeChanges(settings);
  const pages = early.pages === undefined ? undefined : { ...early.pages, paths: [] };
  return planTheRun(settings, { rewrite: early.rewrite, pages }, changed);
}
