/**
 * The image decoders in the built action: their code and WebAssembly, and the image comparison's own code, are loaded
 * only by a run that compares an image, so a run that compares nothing starts as it did without them; and undici, the
 * client the calls go out with, only by a run that sends. The modules a spawned dist/index.js loads are recorded by a
 * module hook given through NODE_OPTIONS (support/loaded-files.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { ROOT } from '../support/command.ts';
import { useEmulator } from '../support/emulator.ts';
import { distBytes, recordLoads } from '../support/loaded-files.ts';
import { runAction } from '../support/runner.ts';

const emulator = useEmulator();

/**
 * The chunks of a folder of dist/ whose code matches `code` (paths relative to dist/): a chunk is told by what it
 * holds, whatever number the bundler gives it.
 */
function chunksHolding(code: RegExp, folder = '.'): string[] {
  const dist = join(ROOT, 'dist', folder);
  return readdirSync(dist)
    .filter((name) => name.endsWith('.js') && code.test(readFileSync(join(dist, name), 'utf8')))
    .map((name) => (folder === '.' ? name : `${folder}/${name}`));
}

/** The modules among `loaded` that are one of `chunks`. */
function opened(loaded: readonly string[], chunks: readonly string[]): string[] {
  return loaded.filter((url) => chunks.some((chunk) => url.endsWith(`/dist/${chunk}`)));
}

/**
 * The chunks that hold a decoder: a codec's Emscripten or wasm-bindgen glue, or the GIF reader. They are in the
 * decoding thread's bundle, dist/decode-worker/.
 */
function decoderChunks(folder = 'decode-worker'): string[] {
  return chunksHolding(/ENVIRONMENT_IS_NODE|__wbindgen|function GifReader\(/, folder);
}

async function loadedBy(inputs: Record<string, string>): Promise<string[]> {
  const recorder = recordLoads();
  try {
    const run = await runAction(
      { 'api-key': ROOT_KEY, 'base-url': emulator().url, 'service-key': 'svc', ...inputs },
      recorder.env,
    );
    expect(run.exitCode, run.stdout).toBe(0);
    return recorder.loaded();
  } finally {
    recorder.dispose();
  }
}

const ONE_ASSET = { assets: 'https://www.example.com/a.png' };
const DRY_RUN = { ...ONE_ASSET, 'dry-run': 'true' };

/** What a dry run of one asset loads: one run, asked by every case below that reads it. */
let dryRunLoads: Promise<string[]> | undefined;
const loadedByDryRun = (): Promise<string[]> => (dryRunLoads ??= loadedBy(DRY_RUN));

describe('the decoders in dist/', () => {
  it('sit in chunks of their own, with their WebAssembly in dist/wasm/', () => {
    expect(decoderChunks()).toHaveLength(5);
    expect(decoderChunks()).not.toContain('decode-worker/index.js');
    // None in the action's own bundle: the main thread never decodes.
    expect(decoderChunks('.')).toEqual([]);
    expect(readdirSync(join(ROOT, 'dist', 'wasm')).toSorted()).toEqual([
      'avif_dec.wasm',
      'mozjpeg_dec.wasm',
      'squoosh_png_bg.wasm',
      'webp_dec.wasm',
    ]);
  });

  it.each<[string, () => Promise<string[]>]>([
    ['a dry run', loadedByDryRun],
    ['a run that sends', () => loadedBy(ONE_ASSET)],
  ])('are not loaded by %s that compares no image', async (_name, load) => {
    const loaded = await load();
    // The hook sees the bundle's chunks as they load: the run's own code is in one.
    expect(loaded.filter((url) => /\/dist\/\d+\.index\.js$/.test(url)).length).toBeGreaterThan(0);
    expect(opened(loaded, decoderChunks())).toEqual([]);
  });
});

/** The chunks of dist/ that hold undici 8, the client the action sends with (H2CClient is its own, since 7). */
const undiciChunks = (): string[] => chunksHolding(/class H2CClient/);

describe('undici in dist/', () => {
  it('is loaded by a run that sends, and not by a dry run (which starts faster without it)', async () => {
    expect(undiciChunks()).toHaveLength(1);
    const sending = await loadedBy(ONE_ASSET);
    expect(opened(sending, undiciChunks())).toHaveLength(1);
    const dryRun = await loadedByDryRun();
    expect(opened(dryRun, undiciChunks())).toEqual([]);
  });
});

/** The chunks of dist/ that hold the image comparison (compareImage, its thumbnails, its decoding thread's client). */
const comparisonChunks = (): string[] => chunksHolding(/function compareRasters\(/);

describe('the image comparison in dist/', () => {
  it('sits in a chunk of its own, which a dry run does not open: only a run that looks at a picture loads it', async () => {
    expect(comparisonChunks()).toHaveLength(1);
    expect(comparisonChunks()).not.toContain('index.js');
    const loaded = await loadedByDryRun();
    const kib = Math.round(distBytes(loaded).bytes / 1024);
    expect(opened(loaded, comparisonChunks()), `a dry run opened ${kib} KiB of dist/`).toEqual([]);
  });
});

/**
 * What a dry run of one asset opened of dist/ before the stages owned their words (1,317 KiB): the code a run opens
 * at start-up does not grow past it. Of it, about 1,035 KiB is the chunk of @actions/core, which holds the OIDC
 * client it imports and that client's own copy of undici, though the action never asks for an OIDC token.
 */
const START_UP_KIB = 1_317;

describe('the code a dry run opens', () => {
  it(`is at most ${START_UP_KIB.toLocaleString('en-US')} KiB of dist/`, async () => {
    const { files, bytes } = distBytes(await loadedByDryRun());
    const names = files.map((file) => file.slice(file.lastIndexOf('dist/')));
    expect(Math.round(bytes / 1024), names.join(', ')).toBeLessThanOrEqual(START_UP_KIB);
  });
});

/**
 * The work of each stage and edge that a dry run of a list of assets does not do, by a function each holds: the
 * proof, the pages' reader, the rewrite and its check, the origin check and its words, the GitHub event's reader, the
 * list files' reader, finding the changed files, learning the map from a site, writing the record, the warm-up; and
 * the words of what such a run does not do: the proof's, the warm-up's, the rewrite's, the record's and of images
 * left stale, the preview of changed files and the learned map. A face that imported its work or its words statically
 * would put them in the code every run opens.
 */
const NOT_A_DRY_RUNS_WORK = [
  /function proveFresh\(/,
  /function readPages\(/,
  /function rewriteFiles\(/,
  /function checkRewrite\(/,
  /function startOriginCheck\(/,
  /function originNarration\(/,
  /function githubCi\(/,
  /function withListFiles\(/,
  /function changedFiles\(/,
  /function learnMap\(/,
  /function writeTargetRecord\(/,
  /function warmUp\(/,
  /function tellProof\(/,
  /function tellWarm\(/,
  /function tellRewrite\(/,
  /function tellRecord\(/,
  /function withLeft\(/,
  /function previewSection\(/,
  /function learnedSection\(/,
];

describe("the stages' work in dist/", () => {
  it.each(NOT_A_DRY_RUNS_WORK)('%s is not opened by a dry run of a list of assets', async (code) => {
    const chunks = chunksHolding(code);
    expect(chunks).toHaveLength(1);
    expect(chunks).not.toContain('index.js');
    expect(opened(await loadedByDryRun(), chunks)).toEqual([]);
  });
});
