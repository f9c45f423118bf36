/**
 * The licences of what is compiled into the image decoders' WebAssembly (dist/wasm/), which a binary redistribution
 * must carry and the bundle's stats do not see: each .wasm is one package's file, but holds C and Rust libraries of
 * their own. What each holds was read from the @jsquash packages' build files (their codec Makefiles and the PNG
 * codec's Cargo.lock, at the commit whose .wasm files are the ones installed) and from the binaries themselves (the
 * AV1 decoder names itself `AOMedia Project AV1 Decoder v3.7.0`; the PNG decoder's panic messages name its crates).
 * The texts the packages ship are read from node_modules; the others are kept in licenses/, as published by each
 * project at that version.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A licence text: a file of a package in node_modules, or of this repository's licenses/ folder. */
type LicenseText = { readonly package: string; readonly file: string } | { readonly file: string };

/** A library compiled into a .wasm file, with the licence it is used under and the texts that licence requires. */
interface CompiledLibrary {
  readonly library: string;
  readonly license: string;
  readonly texts: readonly LicenseText[];
}

/** Emscripten's runtime and the musl libc it compiles in, in every C codec. */
const EMSCRIPTEN: CompiledLibrary = {
  library: 'Emscripten runtime, with musl libc',
  license: 'MIT',
  texts: [{ file: 'licenses/emscripten.txt' }, { file: 'licenses/musl.txt' }],
};

/** Each decoder the action ships, by its file name in dist/wasm/, and the libraries compiled into it. */
export const COMPILED_LIBRARIES: Readonly<Record<string, readonly CompiledLibrary[]>> = {
  'avif_dec.wasm': [
    {
      library: 'libavif 1.0.1',
      license: 'BSD-2-Clause',
      texts: [{ file: 'licenses/libavif-1.0.1.txt' }],
    },
    {
      library: 'libaom 3.7.0 (the AV1 decoder)',
      license: 'BSD-2-Clause AND AOM-Patent-License-1.0',
      texts: [{ file: 'licenses/libaom-3.7.0-LICENSE.txt' }, { file: 'licenses/libaom-3.7.0-PATENTS.txt' }],
    },
    EMSCRIPTEN,
  ],
  'mozjpeg_dec.wasm': [
    {
      library: 'MozJPEG 3.3.1 (libjpeg-turbo, with code of the Independent JPEG Group)',
      license: 'IJG AND BSD-3-Clause AND Zlib',
      texts: [
        { package: '@jsquash/jpeg', file: 'codec/LICENSE.codec.md' },
        { file: 'licenses/ijg-legal-issues.txt' },
      ],
    },
    EMSCRIPTEN,
  ],
  'webp_dec.wasm': [
    {
      library: 'libwebp (commit d2e245ea9e959a5a79e1db0ed2085206947e98f2)',
      license: 'BSD-3-Clause',
      texts: [
        { package: '@jsquash/webp', file: 'codec/LICENSE.codec.md' },
        { file: 'licenses/libwebp-PATENTS.txt' },
      ],
    },
    EMSCRIPTEN,
  ],
  // Squoosh's PNG codec in Rust (its own code is @jsquash/png's, Apache-2.0, listed with the package). Every crate
  // here but two is offered as MIT OR Apache-2.0 (or with more choices): used under Apache-2.0, one text for all.
  'squoosh_png_bg.wasm': [
    {
      library:
        'Rust crates png 0.17.10, bitflags 1.3.2, crc32fast 1.3.2, cfg-if 1.0.0, fdeflate 0.3.3, flate2 1.0.28, ' +
        'miniz_oxide 0.7.1, adler 1.0.2, bytemuck 1.14.0, wasm-bindgen 0.2.89, js-sys 0.3.66, web-sys 0.3.66, ' +
        'dlmalloc 0.2.6 and ' +
        'the Rust standard library',
      license: 'Apache-2.0',
      texts: [{ file: 'licenses/Apache-2.0.txt' }],
    },
    {
      library: 'Rust crate simd-adler32 0.3.7',
      license: 'MIT',
      texts: [{ file: 'licenses/simd-adler32-0.3.7.txt' }],
    },
    { library: 'Rust crate rgb 0.8.37', license: 'MIT', texts: [{ file: 'licenses/rgb-0.8.37.txt' }] },
  ],
};

const require = createRequire(import.meta.url);

function readText(text: LicenseText): string {
  const path =
    'package' in text ? join(dirname(require.resolve(`${text.package}/package.json`)), text.file) : text.file;
  return readFileSync(path, 'utf8').replace(/\r\n/g, '\n').trim();
}

/**
 * The entries of licenses.txt for `files` (the .wasm files shipped), each headed by `Compiled into` and `License:`
 * lines; a file this table does not describe is an error, so that a new decoder cannot ship without its licences.
 */
export function compiledLicenses(files: readonly string[]): string {
  return files
    .toSorted()
    .flatMap((file) => {
      const libraries = COMPILED_LIBRARIES[file];
      if (libraries === undefined)
        throw new Error(`dist/wasm/${file}: what it is compiled from is not in scripts/codec-licenses.ts`);
      return libraries.map(
        (entry) =>
          `Compiled into dist/wasm/${file}: ${entry.library}\nLicense: ${entry.license}\n\n` +
          `${entry.texts.map(readText).join('\n\n')}\n`,
      );
    })
    .join('\n\n');
}
