/**
 * The files a spawned Node process loads as modules, recorded by a module hook given through NODE_OPTIONS: what a run
 * of the built action opens at start-up, in the decoders' end-to-end suite and the benchmark's start-up section.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HOOK = `import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
registerHooks({
  load(url, context, nextLoad) {
    appendFileSync(process.env.LOADED_LOG, url + '\\n');
    return nextLoad(url, context);
  },
});
`;

export interface LoadRecorder {
  /** The variables that make a process started with them record its loads. */
  readonly env: Record<string, string>;
  /** The URLs of the modules loaded so far, in the order they loaded. */
  loaded(): string[];
  dispose(): void;
}

export function recordLoads(): LoadRecorder {
  const dir = mkdtempSync(join(tmpdir(), 'loaded-files-'));
  const hook = join(dir, 'record-loads.mjs');
  const log = join(dir, 'loaded.txt');
  writeFileSync(hook, HOOK);
  writeFileSync(log, '');
  return {
    env: { NODE_OPTIONS: `--import=${pathToFileURL(hook).href}`, LOADED_LOG: log },
    loaded: () => readFileSync(log, 'utf8').split('\n').filter(Boolean),
    dispose: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The files of dist/ among `loaded` (module URLs), and their size in bytes. */
export function distBytes(loaded: readonly string[]): { files: string[]; bytes: number } {
  const files = loaded.filter((url) => /\/dist\/[^?#]*\.js$/.test(url)).map((url) => fileURLToPath(url));
  return { files, bytes: files.reduce((sum, file) => sum + readFileSync(file).length, 0) };
}
