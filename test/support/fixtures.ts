/** Fixtures that several suites build alike, built here once. */
import { planRun } from '../../src/plan/plan.ts';
import type { RunResult } from '../../src/service/execute.ts';
import { AssetResults, type AssetResult } from '../../src/service/asset-results.ts';
import { outcomeOf } from '../../src/outcome/outcome.ts';
import type { Report } from '../../src/report/report.ts';
import type { Target } from '../../src/settings/settings.ts';

/** `count` distinct image URLs on www.example.com. */
export function imageUrls(count: number, extension = 'png'): string[] {
  return Array.from({ length: count }, (_, i) => `https://www.example.com/img/${i}.${extension}`);
}

/** A run's result as a test writes it: its assets one object each, as execute() keeps them compact. */
export type GivenResult = Omit<RunResult, 'assets'> & {
  readonly assets: readonly AssetResult[] | AssetResults;
};

/** The report of a run of `target`: with `result`, a run that sent its calls; without, a dry run. */
export function reportOf(target: Target, token: boolean, given?: GivenResult): Report {
  const result: RunResult | undefined =
    given === undefined
      ? undefined
      : {
          ...given,
          assets: given.assets instanceof AssetResults ? given.assets : AssetResults.of(given.assets),
        };
  const plan = planRun({ target, token });
  return {
    dryRun: result === undefined,
    plan,
    ...(result === undefined ? {} : { result }),
    outcome: outcomeOf(plan, result),
    startedAt: new Date('2025-01-01T00:00:00Z'),
    finishedAt: new Date('2025-01-01T00:00:05Z'),
  };
}
