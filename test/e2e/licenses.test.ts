/**
 * dist/licenses.txt names every package inside the bundle. Which packages those are is found here without the
 * bundler: the packages that src/ imports, and everything they depend on in node_modules that holds JavaScript
 * (a package of types only, such as @octokit/types, puts no code in the bundle).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/command.ts';
import { importedPackagesOf } from '../support/imports.ts';

interface PackageJson {
  readonly name: string;
  readonly version: string;
  readonly dependencies?: Record<string, string>;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** The packages that src/ imports, statically or with import(): bare specifiers, not node: built-ins. */
function importedPackages(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(join(ROOT, 'src'))) {
    for (const name of importedPackagesOf(readFileSync(file, 'utf8'))) names.add(name);
  }
  return names;
}

/** Where Node finds package `name` from folder `from`: the nearest node_modules up the tree. */
function resolvePackage(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`${name} is not installed (from ${from}); run npm ci.`);
  }
}

function holdsJavaScript(dir: string): boolean {
  return readdirSync(dir, { withFileTypes: true }).some((entry) =>
    entry.isDirectory()
      ? entry.name !== 'node_modules' && holdsJavaScript(join(dir, entry.name))
      : /\.[cm]?js$/.test(entry.name),
  );
}

/**
 * Dependencies that no module the action imports loads: @jsquash's encoders need wasm-feature-detect, and the
 * action imports only their decoders (`@jsquash/<format>/decode.js`), so it is not in the bundle.
 */
const UNLOADED_DEPENDENCIES = new Set(['wasm-feature-detect']);

/** `name@version` of every package with code that the imported packages pull in at run time. */
function runtimeClosure(): string[] {
  const seen = new Map<string, string>();
  const visit = (dir: string): void => {
    if (seen.has(dir) || UNLOADED_DEPENDENCIES.has(basename(dir))) return;
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
    seen.set(dir, holdsJavaScript(dir) ? `${pkg.name}@${pkg.version}` : '');
    for (const dependency of Object.keys(pkg.dependencies ?? {})) visit(resolvePackage(dependency, dir));
  };
  for (const name of importedPackages()) visit(resolvePackage(name, ROOT));
  return [...new Set(seen.values())].filter((id) => id !== '').sort();
}

const LICENSES = readFileSync(join(ROOT, 'dist', 'licenses.txt'), 'utf8');
const LISTED = [...LICENSES.matchAll(/^Package: (\S+)$/gm)].map(([, id = '']) => id);
const WASM = join(ROOT, 'dist', 'wasm');

/** Each entry of a library compiled into a WebAssembly file: its heading (file and library) and its text. */
const COMPILED = LICENSES.split(/^(?=Compiled into )/m)
  .slice(1)
  .map((entry) => {
    const [, file = '', library = '', license = '', text = ''] =
      /^Compiled into dist\/wasm\/(\S+): (.+)\nLicense: (.+)\n\n([\s\S]+)$/.exec(entry) ?? [];
    return { file, library, license, text };
  });

/** The licence texts given for what `file` holds, in the entries whose heading names `library`. */
function compiledText(file: string, library: string): string {
  return COMPILED.filter((entry) => entry.file === file && entry.library.includes(library))
    .map((entry) => entry.text)
    .join('\n');
}

/**
 * The Rust crates compiled into a WebAssembly file, as its panic messages name their sources
 * (`…/png-0.17.10/src/…`): read from the binary, so that a codec rebuilt with another crate fails here.
 */
function rustCratesIn(file: string): string[] {
  const text = readFileSync(join(WASM, file)).toString('latin1');
  const crates = [...text.matchAll(/\/([a-z][\w-]*?)-(\d+\.\d+\.\d+)\/src\//g)].map(
    ([, name = '', version = '']) => `${name} ${version}`,
  );
  return [...new Set(crates)].sort();
}

describe('dist/licenses.txt', () => {
  it('lists exactly the packages that the bundle holds, each once, in order', () => {
    expect(LISTED).toEqual(runtimeClosure());
    expect(LISTED).toEqual(expect.arrayContaining(['@actions/core@3.0.1', 'undici@8.12.4', 'tunnel@0.0.6']));
  });

  it('gives each package its licence name and a licence text', () => {
    const entries = LICENSES.split(/^(?=Package: )/m);
    expect(entries).toHaveLength(LISTED.length);
    for (const entry of entries) {
      const [, license = '', text = ''] = /^Package: \S+\nLicense: (.+)\n\n([\s\S]+)$/.exec(entry) ?? [];
      expect(license, entry.slice(0, 80)).toMatch(/^[\w.() -]+$/);
      expect(text.trim().length, entry.slice(0, 80)).toBeGreaterThan(20);
    }
  });

  it('names no folder of the machine that built it', () => {
    expect(LICENSES).not.toMatch(/node_modules|[A-Za-z]:\\|\/(home|tmp|Users)\//);
  });

  it("holds the licence of every library compiled into dist's WebAssembly decoders", () => {
    const binary = (file: string): string => readFileSync(join(WASM, file)).toString('latin1');
    expect(binary('avif_dec.wasm')).toContain('AOMedia Project AV1 Decoder v3.7.0');
    expect(compiledText('avif_dec.wasm', 'libaom 3.7.0')).toContain(
      'Alliance for Open Media Patent License 1.0',
    );
    expect(compiledText('avif_dec.wasm', 'libaom 3.7.0')).toContain(
      'Copyright (c) 2016, Alliance for Open Media',
    );
    expect(compiledText('avif_dec.wasm', 'libavif 1.0.1')).toContain('Copyright 2019 Joe Drago');
    expect(binary('mozjpeg_dec.wasm')).toContain('The libjpeg-turbo Project');
    expect(compiledText('mozjpeg_dec.wasm', 'MozJPEG')).toContain('libjpeg-turbo is covered by three');
    expect(compiledText('mozjpeg_dec.wasm', 'MozJPEG')).toContain(
      // The statement IJG's licence asks of a distribution of executable code, in its documentation.
      'This software is based in part on the work of the Independent JPEG Group.',
    );
    expect(compiledText('webp_dec.wasm', 'libwebp')).toContain('Copyright (c) 2010, Google Inc.');
    expect(compiledText('webp_dec.wasm', 'libwebp')).toContain('Additional IP Rights Grant (Patents)');
    for (const file of ['avif_dec.wasm', 'mozjpeg_dec.wasm', 'webp_dec.wasm'])
      expect(compiledText(file, 'Emscripten'), file).toContain('Copyright (c) 2010-2014 Emscripten authors');
  });

  it('holds the licence of each Rust crate that the PNG decoder names, and of the Rust standard library', () => {
    const crates = rustCratesIn('squoosh_png_bg.wasm');
    expect(crates).toEqual(expect.arrayContaining(['png 0.17.10', 'miniz_oxide 0.7.1']));
    for (const crate of [...crates, 'Rust standard library'])
      expect(compiledText('squoosh_png_bg.wasm', crate).length, crate).toBeGreaterThan(500);
  });

  it('gives every WebAssembly file in dist/wasm its compiled libraries, each with a licence name and text', () => {
    const files = readdirSync(WASM).filter((name) => name.endsWith('.wasm'));
    expect(files.length).toBeGreaterThan(0);
    expect([...new Set(COMPILED.map((entry) => entry.file))].sort()).toEqual(files.sort());
    for (const entry of COMPILED) {
      expect(entry.license, entry.library).toMatch(/^[\w.() -]+$/);
      expect(entry.text.trim().length, entry.library).toBeGreaterThan(200);
    }
  });
});
