/**
 * Section 6 of BENCHMARKS.md: the warm-up of 1,000 invalidated images. The built action (`node dist/index.js`,
 * spawned as the runner spawns it) invalidates 1,000 images with a fresh token, then, with `warm: true`, requests
 * each through a local image host stand-in (node:https on 127.0.0.1, with a certificate authority made for the
 * run), which answers every image at once or 20 ms after each request; `warm: false` and `true` alternated.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WARM_CONCURRENCY } from '../../src/warm/warm.ts';
import type { Emulator } from '../../test/emulator/server.ts';
import { runnerInputs } from '../../test/support/runner.ts';
import { makeTestCa, type TestCa } from '../../test/support/tls.ts';
import { count, duration, markdownTable, median, ms, ratio } from './format.ts';
import { outputValue, timed } from './processes.ts';
import { LATENCY_MS, ROOT_KEY } from './protocol.ts';
import type { BenchContext, Section, SectionResult } from './section.ts';

const IMAGES = 1_000;
const RUNS = 5;
const SLOW_HOST_MS = 20;
/** What the stand-in answers for every image: a small image's worth of bytes. */
const IMAGE = Buffer.alloc(20 * 1024, 7);

interface Case {
  readonly name: string;
  readonly warm: boolean;
  readonly latencyMs: number;
}

const CASES: readonly Case[] = [
  { name: '`false`', warm: false, latencyMs: 0 },
  { name: '`true`, image host at once', warm: true, latencyMs: 0 },
  { name: `\`true\`, image host at ${SLOW_HOST_MS} ms an answer`, warm: true, latencyMs: SLOW_HOST_MS },
];

interface Figures {
  readonly ms: number[];
  readonly hostRequests: number[];
  readonly warmMs: number[];
  readonly problems: string[];
}

interface WarmReport {
  readonly requested: number;
  readonly failed: number;
  readonly ms: number;
}

export const warmSection: Section = {
  name: 'warm',
  memory: false,
  async measure({ emulator, log }: BenchContext): Promise<SectionResult> {
    log(`Warm-up: ${count(IMAGES)} images, ${CASES.length} cases alternated, ${RUNS} runs each.`);
    const ca = makeTestCa(['localhost']);
    const host = await startImageHost(ca);
    const workspace = mkdtempSync(join(tmpdir(), 'bench-warm-'));
    const urls = Array.from({ length: IMAGES }, (_, i) => `https://www.example.com/images/photo-${i}.jpg`);
    writeFileSync(join(workspace, 'assets.txt'), `${urls.join('\n')}\n`);
    try {
      const figures = new Map(
        CASES.map((c): [Case, Figures] => [c, { ms: [], hostRequests: [], warmMs: [], problems: [] }]),
      );
      for (let run = 0; run < RUNS; run++) {
        for (const [c, figure] of figures) {
          host.latencyMs = c.latencyMs;
          host.requests = 0;
          emulator.reset();
          const { ms: wall, warm } = await runAction(emulator, workspace, ca, host.host, c.warm);
          figure.ms.push(wall);
          figure.hostRequests.push(host.requests);
          figure.warmMs.push(warm?.ms ?? 0);
          const confirmed = new Set(emulator.invalidated.assets).size;
          if (confirmed !== IMAGES)
            figure.problems.push(`the emulator confirmed ${confirmed} of ${IMAGES} images`);
          if (c.warm && (warm?.requested !== IMAGES || warm.failed > 0))
            figure.problems.push(
              `the warm-up requested ${warm?.requested ?? 0}, ${warm?.failed ?? 0} failed`,
            );
        }
      }
      return result(figures);
    } finally {
      await host.close();
      ca.dispose();
      rmSync(workspace, { recursive: true, force: true });
    }
  },
};

function result(figures: ReadonlyMap<Case, Figures>): SectionResult {
  // The least any client needs at a delay: every request takes exactly the delay, as many at a time as the warm-up.
  const leastMs = (latencyMs: number): number => Math.ceil(IMAGES / WARM_CONCURRENCY) * latencyMs;
  const floorMs = leastMs(SLOW_HOST_MS);
  const off = median([...figures.values()][0]?.ms ?? []);
  const rows = [...figures].map(([c, figure]) => [
    c.name,
    figure.ms.map((value) => String(Math.round(value))).join(', '),
    ms(median(figure.ms)),
    c.warm ? `+${ms(median(figure.ms) - off)}` : '',
    count(median(figure.hostRequests)),
    c.warm ? ms(median(figure.warmMs)) : '',
    c.latencyMs === 0 ? '' : ratio(median(figure.warmMs) / leastMs(c.latencyMs)),
  ]);
  const table = markdownTable({
    headers: [
      '`warm`',
      'Runs (ms)',
      'Median',
      'Beside `false`',
      'Image host requests per run',
      'Warm-up (report)',
      'Warm-up ÷ least at the delay',
    ],
    align: ['left', 'left', 'right', 'right', 'right', 'right', 'right'],
    rows,
  });
  const slow = [...figures].find(([c]) => c.latencyMs > 0);
  return {
    markdown:
      `## 6. The warm-up of ${count(IMAGES)} invalidated images\n\n${table}\n\n` +
      `The built action, spawned as the runner spawns it, invalidates ${count(IMAGES)} images given through ` +
      `\`assets-from\` against the emulator at ${LATENCY_MS} ms per call, with \`token: true\` and \`image-host\` ` +
      'set to a local stand-in of the image host (node:https on 127.0.0.1, its certificate from an authority made ' +
      'for the run and given to the process through `NODE_EXTRA_CA_CERTS`), which answers every image URL with ' +
      `${count(IMAGE.length / 1024)} KiB, at once or after a delay; the cases alternate, ${RUNS} runs each, wall ` +
      `time of the whole process. No page is rewritten, so each image is requested once, at its plain URL with the ` +
      `new cache buster, ${WARM_CONCURRENCY} at a time: at ${SLOW_HOST_MS} ms an answer that needs at least ` +
      `${duration(floorMs)}. "Warm-up" is the report's \`warm.ms\`.`,
    failures: [],
    problems: [...figures].flatMap(([c, figure]) =>
      [...new Set(figure.problems)].map((problem) => `warm-up, ${c.name}: ${problem}`),
    ),
    headline:
      slow === undefined
        ? []
        : [
            `Warm-up of ${count(IMAGES)} images: ${duration(median(slow[1].warmMs))} through an image host that ` +
              `takes ${SLOW_HOST_MS} ms an answer (${WARM_CONCURRENCY} requests in flight).`,
          ],
  };
}

interface ImageHost {
  /** `127.0.0.1:<port>`, as `image-host` takes it. */
  readonly host: string;
  latencyMs: number;
  requests: number;
  close(): Promise<void>;
}

async function startImageHost(ca: TestCa): Promise<ImageHost> {
  const state = { latencyMs: 0, requests: 0 };
  const server: Server = createServer(ca.server, (_request, response) => {
    state.requests++;
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'image/avif' }).end(IMAGE);
    }, state.latencyMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  });
}

async function runAction(
  emulator: Emulator,
  workspace: string,
  ca: TestCa,
  imageHost: string,
  warm: boolean,
): Promise<{ ms: number; warm?: WarmReport }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-warm-run-'));
  const output = join(dir, 'output');
  writeFileSync(output, '');
  try {
    const figure = await timed(['dist/index.js'], {
      ...runnerInputs({
        'api-key': ROOT_KEY,
        'base-url': emulator.url,
        'service-key': emulator.serviceKey,
        'assets-from': 'assets.txt',
        token: 'true',
        'image-host': imageHost,
        warm: String(warm),
      }),
      GITHUB_WORKSPACE: workspace,
      GITHUB_OUTPUT: output,
      RUNNER_TEMP: dir,
      NODE_EXTRA_CA_CERTS: ca.caFile,
    });
    const report = JSON.parse(readFileSync(outputValue(output, 'report-path'), 'utf8')) as {
      warm?: WarmReport;
    };
    return { ms: figure.ms, ...(report.warm === undefined ? {} : { warm: report.warm }) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
