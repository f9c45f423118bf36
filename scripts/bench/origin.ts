/**
 * Section 5 of BENCHMARKS.md: the origin check at 1,000 changed images. The built action (`node dist/index.js`,
 * spawned as the runner spawns it) on a real git checkout of a push that changes 1,000 images, against the emulator
 * and a local node:http origin that already serves the new files, at once or 20 ms after each request;
 * `origin-check: off` and `content` alternated, so that each sees the same moments of a shared machine.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ORIGIN_CONCURRENCY } from '../../src/origin/wait.ts';
import type { Emulator } from '../../test/emulator/server.ts';
import { createOrigin, pushPayload, writeEvent, type Origin } from '../../test/support/git-repo.ts';
import { runnerInputs } from '../../test/support/runner.ts';
import { count, duration, markdownTable, median, ms, ratio } from './format.ts';
import { outputValue, timed } from './processes.ts';
import { LATENCY_MS, ROOT_KEY } from './protocol.ts';
import type { BenchContext, Section, SectionResult } from './section.ts';

const IMAGES = 1_000;
const RUNS = 5;
const SLOW_ORIGIN_MS = 20;

interface Case {
  readonly name: string;
  readonly originCheck: 'off' | 'content';
  /** The origin's delay before each answer. */
  readonly latencyMs: number;
}

const CASES: readonly Case[] = [
  { name: '`off`', originCheck: 'off', latencyMs: 0 },
  { name: '`content`, origin ready', originCheck: 'content', latencyMs: 0 },
  {
    name: `\`content\`, origin ready, ${SLOW_ORIGIN_MS} ms an answer`,
    originCheck: 'content',
    latencyMs: SLOW_ORIGIN_MS,
  },
];

interface Figures {
  readonly ms: number[];
  readonly originRequests: number[];
  readonly waitedMs: number[];
  readonly problems: string[];
}

export const originSection: Section = {
  name: 'origin',
  memory: false,
  async measure({ emulator, log }: BenchContext): Promise<SectionResult> {
    log(
      `Origin check: ${count(IMAGES)} changed images, ${CASES.length} cases alternated, ${RUNS} runs each.`,
    );
    const push = changedImages();
    const origin = await startOrigin(push.bytes);
    try {
      const figures = new Map(
        CASES.map((c): [Case, Figures] => [c, { ms: [], originRequests: [], waitedMs: [], problems: [] }]),
      );
      for (let run = 0; run < RUNS; run++) {
        for (const [c, figure] of figures) {
          origin.latencyMs = c.latencyMs;
          origin.requests = 0;
          emulator.reset();
          const { ms: wall, report } = await runAction(emulator, push, origin.url, c.originCheck);
          figure.ms.push(wall);
          figure.originRequests.push(origin.requests);
          figure.waitedMs.push(report.origin?.waitedMs ?? 0);
          const confirmed = new Set(emulator.invalidated.assets).size;
          if (confirmed !== IMAGES)
            figure.problems.push(`the emulator confirmed ${confirmed} of ${IMAGES} images`);
        }
      }
      return result(figures);
    } finally {
      await origin.close();
      push.repo.dispose();
    }
  },
};

function result(figures: ReadonlyMap<Case, Figures>): SectionResult {
  // The least any client needs at a delay: every request takes exactly the delay, as many at a time as the check.
  const leastMs = (latencyMs: number): number => Math.ceil(IMAGES / ORIGIN_CONCURRENCY) * latencyMs;
  const floorMs = leastMs(SLOW_ORIGIN_MS);
  const off = median([...figures.values()][0]?.ms ?? []);
  const rows = [...figures].map(([c, figure]) => [
    c.name,
    figure.ms.map((value) => String(Math.round(value))).join(', '),
    ms(median(figure.ms)),
    c.originCheck === 'off' ? '' : `+${ms(median(figure.ms) - off)}`,
    count(median(figure.originRequests)),
    c.originCheck === 'off' ? '' : ms(median(figure.waitedMs)),
    c.latencyMs === 0 ? '' : ratio(median(figure.waitedMs) / leastMs(c.latencyMs)),
  ]);
  const table = markdownTable({
    headers: [
      '`origin-check`',
      'Runs (ms)',
      'Median',
      'Beside `off`',
      'Origin requests per run',
      'Waited (report)',
      'Waited ÷ least at the delay',
    ],
    align: ['left', 'left', 'right', 'right', 'right', 'right', 'right'],
    rows,
  });
  const slow = [...figures].find(([c]) => c.latencyMs > 0);
  const ready = [...figures].find(([c]) => c.originCheck === 'content' && c.latencyMs === 0);
  const markdown =
    `## 5. The origin check at ${count(IMAGES)} changed images\n\n${table}\n\n` +
    `The built action, spawned as the runner spawns it, on a real git checkout of a push that changes ` +
    `${count(IMAGES)} images, against the emulator at ${LATENCY_MS} ms per call and a local node:http origin that ` +
    'already serves the new files (`url-map` points at it), at once or after a delay per request; the cases ' +
    `alternate, ${RUNS} runs each, wall time of the whole process. Each image's origin is asked once ` +
    `(${ORIGIN_CONCURRENCY} requests in flight), and the file read from the workspace; the previous version is ` +
    'read from git only for an image whose origin does not yet serve the new bytes. At a delay of ' +
    `${SLOW_ORIGIN_MS} ms an answer, ${count(IMAGES)} requests ${ORIGIN_CONCURRENCY} at a time need at least ` +
    `${duration(floorMs)}, the least at that delay: "Waited" is the report's \`origin.waitedMs\`, from the first ask ` +
    'to the last image settled.';
  return {
    markdown,
    failures: [],
    problems: [...figures].flatMap(([c, figure]) =>
      [...new Set(figure.problems)].map((p) => `origin check, ${c.name}: ${p}`),
    ),
    headline:
      slow === undefined || ready === undefined
        ? []
        : [
            `Origin check at ${count(IMAGES)} changed images: +${ms(median(ready[1].ms) - off)} beside \`off\` ` +
              `when the origin is ready, +${duration(median(slow[1].ms) - off)} when it takes ${SLOW_ORIGIN_MS} ms ` +
              'an answer.',
          ],
  };
}

interface Push {
  readonly repo: Origin;
  readonly workspace: string;
  readonly event: string;
  readonly head: string;
  /** The new bytes by URL path (`/images/7.png`). */
  readonly bytes: ReadonlyMap<string, Buffer>;
}

/** A pushed commit that changes IMAGES images, cloned as a checkout would be. */
function changedImages(): Push {
  const repo = createOrigin('bench-origin-');
  const bytes = new Map<string, Buffer>();
  const version = (i: number, which: string): string =>
    `image ${i}, the ${which} version\n${'x'.repeat(2_000)}\n`;
  for (let i = 0; i < IMAGES; i++) repo.work.write(`public/images/${i}.png`, version(i, 'previous'));
  const base = repo.work.commit('images');
  for (let i = 0; i < IMAGES; i++) {
    repo.work.write(`public/images/${i}.png`, version(i, 'new'));
    bytes.set(`/images/${i}.png`, Buffer.from(version(i, 'new')));
  }
  const head = repo.work.commit('every image changed');
  repo.work.push('main');
  return {
    repo,
    workspace: repo.clone().dir,
    event: writeEvent(repo.root, pushPayload(base, head)),
    head,
    bytes,
  };
}

interface LocalOrigin {
  readonly url: string;
  latencyMs: number;
  requests: number;
  close(): Promise<void>;
}

/** The site that serves the images, already deployed: each answer after `latencyMs`. */
async function startOrigin(bytes: ReadonlyMap<string, Buffer>): Promise<LocalOrigin> {
  const origin = { latencyMs: 0, requests: 0 };
  const server: Server = createServer((request, response) => {
    origin.requests++;
    const body = bytes.get(request.url ?? '');
    setTimeout(() => {
      if (body === undefined) response.writeHead(404).end();
      else response.writeHead(200, { 'content-type': 'image/png' }).end(body);
    }, origin.latencyMs);
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

interface ActionReport {
  readonly origin?: { readonly waitedMs: number };
}

async function runAction(
  emulator: Emulator,
  push: Push,
  originUrl: string,
  originCheck: Case['originCheck'],
): Promise<{ ms: number; report: ActionReport }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-origin-run-'));
  const output = join(dir, 'output');
  writeFileSync(output, '');
  try {
    const figure = await timed(['dist/index.js'], {
      ...runnerInputs({
        'api-key': ROOT_KEY,
        'base-url': emulator.url,
        'service-key': emulator.serviceKey,
        'url-map': `public/images => ${originUrl}/images`,
        'origin-check': originCheck,
      }),
      GITHUB_EVENT_NAME: 'push',
      GITHUB_EVENT_PATH: push.event,
      GITHUB_SHA: push.head,
      GITHUB_WORKSPACE: push.workspace,
      GITHUB_OUTPUT: output,
      RUNNER_TEMP: dir,
    });
    return {
      ms: figure.ms,
      report: JSON.parse(readFileSync(outputValue(output, 'report-path'), 'utf8')) as ActionReport,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
