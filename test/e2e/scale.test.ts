/**
 * Scale: one push that changes 100,000 files (one blob, 100,000 index entries, committed with plumbing) is
 * detected, selected and mapped, in-process and through the spawned action (dry run). Times are printed, not
 * asserted tightly: these machines are noisy; 30 s is a sanity bound only.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubCi } from '../../src/ci/github.ts';
import { detectChangedFiles } from '../../src/changes/detect.ts';
import { parsePatterns } from '../../src/settings/select.ts';
import { gitIn } from '../../src/mechanics/git.ts';
import { parseUrlMap } from '../../src/settings/url-map.ts';
import { planRun, plannedAssets } from '../../src/plan/plan.ts';
import { createOrigin, pushPayload, writeEvent, type Origin, type Sha } from '../support/git-repo.ts';
import { runAction } from '../support/runner.ts';

const COUNTS = { images: 60_000, static: 20_000, docs: 10_000, unmapped: 10_000 };
const TOTAL = COUNTS.images + COUNTS.static + COUNTS.docs + COUNTS.unmapped;
const URL_MAP = 'public/images => https://www.example.com/images\nstatic => https://cdn.example.com/static';
const PATTERNS = parsePatterns(
  '**/*.{apng,avif,bmp,gif,heic,heif,ico,jfif,jpeg,jpg,jxl,pjp,pjpeg,png,svg,tif,tiff,webp}',
);
const SANITY_MS = 30_000;

function paths(): string[] {
  const list: string[] = [];
  for (let i = 0; i < COUNTS.images; i++) list.push(`public/images/d${i % 100}/image ${i}.png`);
  for (let i = 0; i < COUNTS.static; i++) list.push(`static/s${i}.JPG`);
  for (let i = 0; i < COUNTS.docs; i++) list.push(`docs/page-${i}.md`);
  for (let i = 0; i < COUNTS.unmapped; i++) list.push(`elsewhere/u${i}.webp`);
  return list;
}

let origin: Origin;
let base: Sha;
let head: Sha;

beforeAll(() => {
  const started = performance.now();
  origin = createOrigin('changes-scale-');
  origin.work.write('README.md');
  base = origin.work.commit('root');
  head = origin.work.commitPaths(paths(), '100,000 files');
  console.log(`scale: committed ${TOTAL.toLocaleString('en')} files in ${ms(started)}`);
}, 60_000);

afterAll(() => {
  origin.dispose();
});

function ms(since: number): string {
  return `${Math.round(performance.now() - since).toLocaleString('en')} ms`;
}

describe('100,000 changed files', () => {
  it('are detected by git, selected by paths and mapped by url-map, with the right counts', async () => {
    const started = performance.now();
    const changed = await detectChangedFiles(
      githubCi({
        eventName: 'push',
        payload: pushPayload(base, head),
        sha: head,
        workspace: origin.work.dir,
        repository: '',
        apiUrl: 'http://127.0.0.1:9',
        token: '',
      }),
      undefined,
      gitIn(origin.work.dir),
    );
    const detected = performance.now();
    const plan = planRun(
      {
        target: {
          scope: 'assets',
          assets: [],
          changes: { patterns: PATTERNS, urlMap: parseUrlMap(URL_MAP) },
        },
        token: false,
      },
      changed,
    );
    console.log(
      `scale: detected ${changed.files.length.toLocaleString('en')} files in ${Math.round(detected - started)} ms, ` +
        `selected and mapped in ${ms(detected)}`,
    );
    expect(changed.files).toHaveLength(TOTAL);
    expect(plan.files).toMatchObject({
      found: TOTAL,
      selected: COUNTS.images + COUNTS.static + COUNTS.unmapped,
      mapped: COUNTS.images + COUNTS.static,
    });
    expect(plan.files?.unmapped).toHaveLength(COUNTS.unmapped);
    expect(plannedAssets(plan)).toHaveLength(COUNTS.images + COUNTS.static);
    expect(plannedAssets(plan)).toContain('https://www.example.com/images/d7/image%2042107.png');
    expect(plan.calls).toHaveLength((COUNTS.images + COUNTS.static) / 100);
    expect(performance.now() - started).toBeLessThan(SANITY_MS);
  });

  it('go through the spawned action (dry run): counted in the report, 800 calls planned', async () => {
    const started = performance.now();
    const run = await runAction(
      {
        'api-key': 'root-key-0001',
        'base-url': 'https://dashboard.example.com',
        'service-key': 'svc',
        'url-map': URL_MAP,
        'dry-run': 'true',
      },
      {
        GITHUB_EVENT_NAME: 'push',
        GITHUB_EVENT_PATH: writeEvent(origin.root, pushPayload(base, head)),
        GITHUB_WORKSPACE: origin.work.dir,
        GITHUB_SHA: head,
        GITHUB_REPOSITORY: 'octo-org/octo-repo',
        GITHUB_API_URL: 'http://127.0.0.1:9',
      },
    );
    console.log(
      `scale: the spawned action planned ${TOTAL.toLocaleString('en')} changed files in ${ms(started)}`,
    );
    expect(run.exitCode).toBe(0);
    const report = JSON.parse(run.report) as {
      files: { found: number; selected: number; mapped: number; unmapped: string[] };
      planned: unknown[];
    };
    expect(report.files).toMatchObject({ found: TOTAL, selected: 90_000, mapped: 80_000 });
    expect(report.files.unmapped).toHaveLength(COUNTS.unmapped);
    expect(report.planned).toHaveLength(800);
    expect(run.stdout).toMatch(
      /100,000 files found, 90,?000 selected by paths, 80,?000 mapped to URLs by url-map/,
    );
    expect(performance.now() - started).toBeLessThan(SANITY_MS);
  });
});
