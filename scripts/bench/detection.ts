/**
 * Section 4 of BENCHMARKS.md: detection, selection and mapping of 100,000 changed files in a generated repository,
 * beside `git diff` alone (the least any tool must spend to learn what changed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { githubCi } from '../../src/ci/github.ts';
import { detectChangedFiles } from '../../src/changes/detect.ts';
import { gitIn } from '../../src/mechanics/git.ts';
import { parsePatterns } from '../../src/settings/select.ts';
import { parseUrlMap } from '../../src/settings/url-map.ts';
import { planRun, plannedAssets } from '../../src/plan/plan.ts';
import { git, GitRepo } from '../../test/support/git-repo.ts';
import { count, duration, markdownTable } from './format.ts';
import type { BenchContext, Section, SectionResult } from './section.ts';

interface DetectionTimes {
  readonly files: number;
  readonly mapped: number;
  readonly gitDiffMs: number;
  readonly detectMs: number;
  readonly selectAndMapMs: number;
}

const FILES = 100_000;
const TARGET_MS = 3_000;
const IMAGE_PATTERNS =
  '**/*.{apng,avif,bmp,gif,heic,heif,ico,jfif,jpeg,jpg,jxl,pjp,pjpeg,png,svg,tif,tiff,webp}';

export const detectionSection: Section = {
  name: 'detection',
  memory: false,
  async measure({ log }: BenchContext): Promise<SectionResult> {
    const times = await measureDetection();
    const total = times.detectMs + times.selectAndMapMs;
    log(
      `Detection: ${duration(total)} for ${count(times.files)} files (git diff alone ${duration(times.gitDiffMs)}).`,
    );
    const result =
      `${duration(total)}: detect ${duration(times.detectMs)} (git diff alone ${duration(times.gitDiffMs)}), ` +
      `select + map ${duration(times.selectAndMapMs)}; ${count(times.files)} found, ${count(times.mapped)} mapped`;
    const table = markdownTable({
      headers: ['Benchmark', 'Result', 'Target'],
      rows: [
        [
          `detection + mapping of ${count(FILES)} changed files`,
          result,
          `< ${TARGET_MS / 1000} s: ${total < TARGET_MS ? 'pass' : '**FAIL**'}`,
        ],
      ],
    });
    return {
      markdown: `## 4. Changed files: detection, selection and mapping\n\n${table}`,
      failures:
        total < TARGET_MS ? [] : [`detection + mapping of ${count(FILES)} changed files: ${duration(total)}`],
      problems: [],
      headline: [],
    };
  },
};

async function measureDetection(): Promise<DetectionTimes> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-detection-'));
  try {
    git(dir, ['init', '--quiet']);
    const repo = new GitRepo(dir);
    const base = repo.commitPaths(['README.md'], 'base');
    // Nine images in ten, under three folders, one folder of them without a url-map rule.
    const paths = Array.from({ length: FILES }, (_, i) =>
      i % 10 === 9
        ? `docs/page ${i}.md`
        : `${['public/images', 'static', 'other'][i % 3] ?? ''}/${i}/photo ${i}.png`,
    );
    const head = repo.commitPaths(paths, 'many files');

    let started = performance.now();
    repo.git('diff', '--name-only', '-z', '--no-renames', base, head);
    const gitDiffMs = performance.now() - started;

    started = performance.now();
    const context = {
      eventName: 'push',
      payload: { before: base, after: head },
      sha: head,
      workspace: dir,
      repository: '',
      apiUrl: '',
      token: '',
    };
    const changed = await detectChangedFiles(githubCi(context), undefined, gitIn(dir));
    const detectMs = performance.now() - started;

    started = performance.now();
    const changes = {
      patterns: parsePatterns(IMAGE_PATTERNS),
      urlMap: parseUrlMap(
        'public/images => https://www.example.com/images\nstatic => https://cdn.example.com/static',
      ),
    };
    const plan = planRun({ target: { scope: 'assets', assets: [], changes }, token: false }, changed);
    const selectAndMapMs = performance.now() - started;
    const mapped = plannedAssets(plan).length;
    return { files: changed.files.length, mapped, gitDiffMs, detectMs, selectAndMapMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
