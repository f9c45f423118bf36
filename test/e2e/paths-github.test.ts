/**
 * `paths` through the built action selects what GitHub's `on.<event>.paths` filter selects: the reference
 * implementation's test table and the cheat sheet's examples, each as a dry run with `files` and `paths`, judged by
 * the image URLs the run plans to invalidate (its report).
 */
import { describe, expect, it } from 'vitest';
import { runAction } from '../support/runner.ts';
import { CHEAT_SHEET, REFERENCE_TABLE, type FilterCase } from '../settings/glob-github-cases.ts';

const SITE = 'https://www.example.com';

/**
 * The cases by pattern list, each list once with every path its cases name. Not the names holding a backslash:
 * `files` reads a backslash as a folder separator, as tools on Windows print paths.
 */
function byPatterns(
  cases: readonly FilterCase[],
): { patterns: string[]; paths: string[]; selected: string[] }[] {
  const lists = new Map<string, { patterns: string[]; paths: Set<string>; selected: Set<string> }>();
  for (const kase of cases) {
    if (kase.paths.some((path) => path.includes('\\'))) continue;
    const key = JSON.stringify(kase.patterns);
    const list = lists.get(key) ?? { patterns: [...kase.patterns], paths: new Set(), selected: new Set() };
    for (const path of kase.paths) list.paths.add(path);
    for (const path of kase.selected) list.selected.add(path);
    lists.set(key, list);
  }
  return [...lists.values()].map((list) => ({
    patterns: list.patterns,
    paths: [...list.paths],
    selected: [...list.selected],
  }));
}

describe('paths through the built action, as GitHub selects', () => {
  it.each(byPatterns([...REFERENCE_TABLE, ...CHEAT_SHEET]))(
    '$patterns selects $selected',
    async ({ patterns, paths, selected }) => {
      const run = await runAction({
        'dry-run': 'true',
        'api-key': '',
        'base-url': 'https://api.example.com',
        'service-key': 'svc',
        files: JSON.stringify(paths),
        paths: patterns.join('\n'),
        'url-map': `. => ${SITE}`,
      });
      expect(run.exitCode, run.stdout).toBe(0);
      const report = JSON.parse(run.report) as { assets?: { ref: string; outcome: string }[] };
      const planned = (report.assets ?? [])
        .filter((asset) => asset.outcome === 'planned')
        .map((asset) => asset.ref);
      expect(planned.sort()).toEqual(selected.map((path) => `${SITE}/${encodeURI(path)}`).sort());
    },
  );
});
