/**
 * Section 5.1 of BENCHMARKS.md: fresh after the deploy. The built action (`node dist/index.js`, spawned as the runner
 * spawns it) on a real git checkout of a push that changes 10, 100 or 1,000 images, against the emulator and a local
 * node:http origin that flips to the pushed images at a time the action cannot know: every image at once (an atomic
 * deploy), or image by image in a random order over 10 s. Each image's staleness is measured from its flip to the
 * moment its invalidation reached the emulator, both on this process's clock; the origin counts every request.
 * Today's schedule (the action as built at BEFORE) runs beside it, on the same pushes and the same flips.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Emulator } from '../../test/emulator/server.ts';
import { createOrigin, pushPayload, writeEvent, type Origin } from '../../test/support/git-repo.ts';
import { runnerInputs } from '../../test/support/runner.ts';
import { count, markdownTable } from './format.ts';
import { timeProcess } from './processes.ts';
import { LATENCY_MS, ROOT_KEY } from './protocol.ts';
import type { BenchContext, Section, SectionResult } from './section.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The last commit with today's schedule (each image on its own backoff, 1 s then up to 15 s apart). */
const BEFORE = '6b73222';
const SIZES = [10, 100, 1_000] as const;
const DEPLOYS = ['atomic', 'image by image'] as const;
type Deploy = (typeof DEPLOYS)[number];
/** The flip comes this long after the action starts, and up to FLIP_JITTER_MS more: the action cannot know when. */
const FLIP_AFTER_MS = 8_000;
const FLIP_JITTER_MS = 3_000;
/** An image-by-image deploy flips its images over this long. */
const SPREAD_MS = 10_000;

interface Figures {
  readonly deploy: Deploy;
  readonly images: number;
  readonly schedule: 'today' | 'now';
  readonly staleness: number[];
  readonly requests: number;
  readonly notModified: number;
  readonly waitMs: number;
  readonly problems: string[];
}

export const stalenessSection: Section = {
  name: 'staleness',
  memory: false,
  async measure({ emulator, log }: BenchContext): Promise<SectionResult> {
    const before = builtAt(BEFORE);
    const origin = await startFlippingOrigin();
    const figures: Figures[] = [];
    try {
      for (const images of SIZES) {
        const push = changedImages(images);
        try {
          for (const deploy of DEPLOYS)
            for (const [schedule, entry] of [
              ['today', join(before, 'dist', 'index.js')],
              ['now', join(ROOT, 'dist', 'index.js')],
            ] as const) {
              log(`Staleness: ${count(images)} images, ${deploy}, ${schedule}'s schedule.`);
              figures.push(await measureRun(emulator, origin, push, { deploy, images, schedule, entry }));
            }
        } finally {
          push.repo.dispose();
        }
      }
    } finally {
      await origin.close();
      rmSync(before, { recursive: true, force: true });
    }
    return result(figures);
  },
};

function percentile(values: readonly number[], p: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function result(figures: readonly Figures[]): SectionResult {
  const budgetOf = (f: Figures): number => (2 * f.waitMs) / 1000 + 2 * f.images;
  const rows = figures.map((f) => [
    f.deploy,
    count(f.images),
    f.schedule === 'today' ? 'today' : '**now**',
    s(percentile(f.staleness, 0.5)),
    s(percentile(f.staleness, 0.95)),
    s(Math.max(...f.staleness)),
    count(f.requests),
    count(f.notModified),
    s(f.waitMs),
    ((f.requests - 2 * f.images) / Math.max(1, f.waitMs / 1000)).toFixed(1),
    f.requests <= Math.floor(budgetOf(f)) + 1 ? 'yes' : `no (${count(Math.floor(budgetOf(f)))})`,
  ]);
  const table = markdownTable({
    headers: [
      'Deploy',
      'Images',
      'Schedule',
      'Staleness p50',
      'p95',
      'max',
      'Origin requests',
      '304',
      'Wait',
      'Requests a second beyond 2 an image',
      'Within 2 a second + 2 an image',
    ],
    align: ['left', 'right', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
    rows,
  });
  const now = figures.filter((f) => f.schedule === 'now');
  const failures = now.flatMap((f) => {
    const max = Math.max(...f.staleness);
    const missed: string[] = [];
    if (f.deploy === 'atomic' && f.images <= 100 && (percentile(f.staleness, 0.95) > 2_000 || max > 3_000))
      missed.push(`staleness of an atomic deploy of ${count(f.images)} images: p95 ≤ 2 s and max ≤ 3 s`);
    if (
      f.deploy === 'image by image' &&
      f.images <= 10 &&
      (percentile(f.staleness, 0.5) > 2_000 || max > 8_000)
    )
      missed.push(`staleness of ${count(f.images)} images flipping one by one: p50 ≤ 2 s and max ≤ 8 s`);
    if (f.requests > Math.floor(budgetOf(f)) + 1)
      missed.push(`origin requests of ${f.deploy}, ${count(f.images)} images: 2 a second + 2 an image`);
    return missed;
  });
  const markdown =
    `## 5.1. Fresh after the deploy: staleness, and requests to the origin\n\n${table}\n\n` +
    'The built action, spawned as the runner spawns it, on a real git checkout of a push that changes each image, ' +
    `against the emulator at ${LATENCY_MS} ms per call and a local node:http origin that serves the previous ` +
    `versions, then flips to the pushed ones ${s(FLIP_AFTER_MS)} to ${s(FLIP_AFTER_MS + FLIP_JITTER_MS)} after the ` +
    `action starts (a moment it cannot know): every image at once (atomic), or one by one in a random order over ` +
    `${s(SPREAD_MS)} (image by image). Like a static host, the origin answers a request that carries the ETag it ` +
    'serves with a 304 and no body. "Today" is the action as built at commit ' +
    `${BEFORE} (each image asked on its own backoff, 1 s then up to 15 s apart, and a batch waiting 1 s for more); ` +
    '"now" is this one (each origin host asked one image at a time, at least every 6 s and at most 2 a second, every ' +
    'image at once when one flips, a batch waiting 200 ms). One run each. Staleness: from the flip of each image to ' +
    'the moment its invalidation reached the emulator, both on the clock of the benchmark, which runs the origin ' +
    'and the emulator. Wait: from the first request to the origin to the last; the budget is 2 requests a second ' +
    'on average over it, plus 2 an image (its first ask and the one that finds it flipped). Targets (issue 35): ' +
    'atomic, p95 ≤ 2 s and max ≤ 3 s; one by one, 10 images, p50 ≤ 2 s and max ≤ 8 s; the budget kept. Past 12 ' +
    'images waiting on a host, 2 requests a second cannot ask each every 6 s: images that flip one by one are then ' +
    'found at that pace (each about every N/2 s), so staleness grows with the host while its requests stay within ' +
    'the budget.';
  const atomic = now.find((f) => f.deploy === 'atomic' && f.images === 100);
  const today = figures.find((f) => f.schedule === 'today' && f.deploy === 'atomic' && f.images === 100);
  return {
    markdown,
    failures,
    problems: figures.flatMap((f) =>
      [...new Set(f.problems)].map((p) => `staleness, ${f.deploy}, ${count(f.images)}, ${f.schedule}: ${p}`),
    ),
    headline:
      atomic === undefined || today === undefined
        ? []
        : [
            `Fresh after an atomic deploy of 100 images: each invalidated at most ${s(Math.max(...atomic.staleness))} ` +
              `after its origin served it (today: ${s(Math.max(...today.staleness))}), with ` +
              `${count(atomic.requests)} origin requests (today: ${count(today.requests)}).`,
          ],
  };
}

interface Push {
  readonly repo: Origin;
  readonly workspace: string;
  readonly event: string;
  readonly head: string;
  readonly previous: ReadonlyMap<string, Buffer>;
  readonly next: ReadonlyMap<string, Buffer>;
}

function changedImages(images: number): Push {
  const repo = createOrigin('bench-staleness-');
  const previous = new Map<string, Buffer>();
  const next = new Map<string, Buffer>();
  const version = (i: number, which: string): string =>
    `image ${i}, the ${which} version\n${'x'.repeat(2_000)}\n`;
  for (let i = 0; i < images; i++) {
    repo.work.write(`public/images/${i}.png`, version(i, 'previous'));
    previous.set(`/images/${i}.png`, Buffer.from(version(i, 'previous')));
  }
  const base = repo.work.commit('images');
  for (let i = 0; i < images; i++) {
    repo.work.write(`public/images/${i}.png`, version(i, 'new'));
    next.set(`/images/${i}.png`, Buffer.from(version(i, 'new')));
  }
  const head = repo.work.commit('every image changed');
  repo.work.push('main');
  return {
    repo,
    workspace: repo.clone().dir,
    event: writeEvent(repo.root, pushPayload(base, head)),
    head,
    previous,
    next,
  };
}

interface FlippingOrigin {
  readonly url: string;
  files: { previous: ReadonlyMap<string, Buffer>; next: ReadonlyMap<string, Buffer> };
  flipAt: Map<string, number>;
  requests: { at: number; status: number }[];
  close(): Promise<void>;
}

/** A site that serves each path's previous version until its flip, then the new one; an ETag match is a 304. */
async function startFlippingOrigin(): Promise<FlippingOrigin> {
  const origin: Omit<FlippingOrigin, 'url' | 'close'> = {
    files: { previous: new Map(), next: new Map() },
    flipAt: new Map(),
    requests: [],
  };
  const server: Server = createServer((request, response) => {
    const at = performance.now();
    const path = request.url ?? '';
    const flipped = at >= (origin.flipAt.get(path) ?? Infinity);
    const body = (flipped ? origin.files.next : origin.files.previous).get(path);
    const etag = `"${flipped ? 'new' : 'previous'}"`;
    const status = body === undefined ? 404 : request.headers['if-none-match'] === etag ? 304 : 200;
    origin.requests.push({ at, status });
    if (status === 200) response.writeHead(200, { 'content-type': 'image/png', etag }).end(body);
    else response.writeHead(status, status === 304 ? { etag } : {}).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(origin, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  });
}

async function measureRun(
  emulator: Emulator,
  origin: FlippingOrigin,
  push: Push,
  run: { deploy: Deploy; images: number; schedule: Figures['schedule']; entry: string },
): Promise<Figures> {
  emulator.reset();
  origin.files = { previous: push.previous, next: push.next };
  origin.requests = [];
  const start = performance.now() + FLIP_AFTER_MS + Math.random() * FLIP_JITTER_MS;
  const paths = [...push.next.keys()].toSorted(() => Math.random() - 0.5);
  const step = run.deploy === 'atomic' ? 0 : SPREAD_MS / Math.max(1, paths.length - 1);
  origin.flipAt = new Map(paths.map((path, i) => [path, start + i * step]));
  const dir = mkdtempSync(join(tmpdir(), 'bench-staleness-run-'));
  const output = join(dir, 'output');
  const summary = join(dir, 'summary');
  writeFileSync(output, '');
  writeFileSync(summary, '');
  const problems: string[] = [];
  try {
    const { exitCode } = await timeProcess(
      [run.entry],
      {
        PATH: process.env.PATH ?? '',
        ...runnerInputs({
          'api-key': ROOT_KEY,
          'base-url': emulator.url,
          'service-key': emulator.serviceKey,
          'url-map': `public/images => ${origin.url}/images`,
          'origin-check': 'content',
        }),
        GITHUB_EVENT_NAME: 'push',
        GITHUB_EVENT_PATH: push.event,
        GITHUB_SHA: push.head,
        GITHUB_WORKSPACE: push.workspace,
        GITHUB_OUTPUT: output,
        GITHUB_STEP_SUMMARY: summary,
        RUNNER_TEMP: dir,
      },
      ROOT,
    );
    if (exitCode !== 0) problems.push(`the action exited ${exitCode}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const arrivals = new Map<string, number[]>();
  for (const request of emulator.requests) {
    if (request.route !== 'invalidate/assets' || request.answer?.status !== 200) continue;
    for (const path of push.next.keys()) {
      const ref = `${origin.url}${path}`;
      if (!request.body.includes(JSON.stringify(ref))) continue;
      arrivals.set(ref, [...(arrivals.get(ref) ?? []), request.receivedAt]);
    }
  }
  const staleness: number[] = [];
  for (const path of push.next.keys()) {
    const times = arrivals.get(`${origin.url}${path}`) ?? [];
    if (times.length !== 1) problems.push(`an image invalidated ${times.length} times, not once`);
    const flip = origin.flipAt.get(path) ?? Number.NaN;
    const first = times[0];
    if (first === undefined) continue;
    if (first < flip) problems.push('an image invalidated before it flipped');
    staleness.push(first - flip);
  }
  const first = origin.requests[0]?.at ?? 0;
  const last = origin.requests.at(-1)?.at ?? 0;
  return {
    ...run,
    staleness,
    requests: origin.requests.length,
    notModified: origin.requests.filter((request) => request.status === 304).length,
    waitMs: last - first,
    problems,
  };
}

/** The built action as committed at `commit` (dist/ is committed), in a folder of its own. */
function builtAt(commit: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-before-'));
  mkdirSync(join(dir, 'dist'));
  const archive = execFileSync('git', ['archive', '--format=tar', commit, 'dist'], {
    cwd: ROOT,
    maxBuffer: 512 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  return dir;
}
