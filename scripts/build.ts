/**
 * `npm run build`: bundles the action (src/index.ts) into dist/ with ncc, then writes dist/licenses.txt: the
 * licence of every package whose code is inside the bundle, read from the bundle's webpack stats, and of every
 * library compiled into the decoders' WebAssembly (scripts/codec-licenses.ts).
 *
 * Not `ncc --license`: its plugin (license-webpack-plugin) writes one list per chunk under the same file name, so
 * the last chunk written wins. The bundle's entry chunk (@actions/core, @actions/exec, @actions/io, picomatch,
 * tunnel...) was overwritten by the lazily loaded @actions/github chunk, and those packages were missing.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { WASM_FILES } from '../src/compare/codecs.ts';
import { compiledLicenses } from './codec-licenses.ts';

interface StatsModule {
  readonly nameForCondition?: string | null;
  readonly modules?: readonly StatsModule[];
}

interface PackageJson {
  readonly name: string;
  readonly version: string;
  readonly license?: string;
}

/** One bundled package, as licenses.txt names it. */
interface BundledPackage {
  readonly name: string;
  readonly version: string;
  readonly license: string;
  readonly text: string;
}

// The innermost node_modules/<name> (or node_modules/@scope/name) of a module's file, whatever the separator.
const PACKAGE_DIR = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/;

/** The folders of the packages whose modules the stats list, concatenated modules included. */
function packageDirs(modules: readonly StatsModule[]): Set<string> {
  const dirs = new Set<string>();
  const visit = (list: readonly StatsModule[]): void => {
    for (const module of list) {
      const match = PACKAGE_DIR.exec(module.nameForCondition ?? '');
      if (match?.[1] !== undefined) dirs.add(match[1]);
      visit(module.modules ?? []);
    }
  };
  visit(modules);
  return dirs;
}

function readPackage(dir: string): BundledPackage {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
  const file = readdirSync(dir)
    .sort()
    .find((name) => /^(licen[cs]e|copying)(\.|$)/i.test(name));
  const text =
    file === undefined
      ? `(The package holds no licence file; its package.json says: ${pkg.license ?? 'nothing'}.)`
      : readFileSync(join(dir, file), 'utf8').replace(/\r\n/g, '\n').trim();
  return { name: pkg.name, version: pkg.version, license: pkg.license ?? 'UNKNOWN', text };
}

/** licenses.txt: one entry per package and version, sorted, each headed by `Package:` and `License:` lines. */
function renderLicenses(packages: readonly BundledPackage[]): string {
  const unique = new Map(packages.map((pkg) => [`${pkg.name}@${pkg.version}`, pkg]));
  return [...unique.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, pkg]) => `Package: ${id}\nLicense: ${pkg.license}\n\n${pkg.text}\n`)
    .join('\n\n');
}

/**
 * The image decoders' WebAssembly, in dist/wasm/ where src/compare/codecs.ts reads it (from dist/decode-worker/). The codecs' own glue names
 * its .wasm with `new URL(..., import.meta.url)`, so webpack emits a copy of each at dist/'s top, which nothing
 * reads (the decoders are handed the module compiled from dist/wasm/): removed, not shipped twice.
 */
function placeDecoders(): void {
  for (const folder of ['dist', join('dist', 'decode-worker')])
    for (const name of readdirSync(folder)) if (name.endsWith('.wasm')) rmSync(join(folder, name));
  mkdirSync(join('dist', 'wasm'));
  const require = createRequire(import.meta.url);
  for (const specifier of Object.values(WASM_FILES))
    copyFileSync(require.resolve(specifier), join('dist', 'wasm', basename(specifier)));
}

const ncc = createRequire(import.meta.url).resolve('@vercel/ncc/dist/ncc/cli.js');
const temp = mkdtempSync(join(tmpdir(), 'ncc-stats-'));
// ncc writes its chunks over what is there and removes none: a chunk of an earlier build, whose number is no longer
// used, would stay in dist/ and be committed as if it shipped. (check-dist then sees it as deleted.)
rmSync('dist', { recursive: true, force: true });
try {
  const statsPath = join(temp, 'stats.json');
  execFileSync(process.execPath, [ncc, 'build', 'src/index.ts', '-o', 'dist', '--stats-out', statsPath], {
    stdio: 'inherit',
  });
  // The thread that decodes images (src/compare/decode-thread.ts starts it) is an entry of its own, with its chunks
  // in a folder of its own: ncc names chunks by number, and two builds in one folder would overwrite each other's.
  const workerStatsPath = join(temp, 'worker-stats.json');
  execFileSync(
    process.execPath,
    [
      ncc,
      'build',
      'src/compare/decode-worker.ts',
      '-o',
      join('dist', 'decode-worker'),
      '--stats-out',
      workerStatsPath,
    ],
    { stdio: 'inherit' },
  );
  const modules = [statsPath, workerStatsPath].flatMap(
    (path) => (JSON.parse(readFileSync(path, 'utf8')) as { modules?: StatsModule[] }).modules ?? [],
  );
  const packages = [...packageDirs(modules)].map(readPackage);
  if (packages.length === 0)
    throw new Error("The bundle's stats list no package: is ncc's stats format another?");
  placeDecoders();
  // The packages, then what their WebAssembly holds, which the bundle's stats do not see.
  const decoders = readdirSync(join('dist', 'wasm')).filter((name) => name.endsWith('.wasm'));
  writeFileSync(join('dist', 'licenses.txt'), `${renderLicenses(packages)}\n\n${compiledLicenses(decoders)}`);
} finally {
  rmSync(temp, { recursive: true, force: true });
}
