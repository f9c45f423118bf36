/**
 * The decoders: Squoosh's codecs compiled to WebAssembly (@jsquash/*) and a pure-JavaScript GIF reader (omggif),
 * so the same bytes run on every runner's system, with no native add-on. Each is imported, and its WebAssembly
 * compiled, the first time an image of its format is decoded: a run that compares nothing loads none of them.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImageFormat } from './format.ts';

/** Pixels as RGBA, 8 bits a channel, rows top to bottom. */
export interface Raster {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

type RasterFormat = Exclude<ImageFormat, 'svg'>;
type Decoder = (bytes: Uint8Array) => Promise<Raster>;

/**
 * Each WebAssembly decoder's file, where its package keeps it. The build copies these into `wasm/` beside the
 * bundle (scripts/build.ts reads this table), since a bundle has no node_modules to find them in.
 */
export const WASM_FILES = {
  jpeg: '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm',
  png: '@jsquash/png/codec/pkg/squoosh_png_bg.wasm',
  webp: '@jsquash/webp/codec/dec/webp_dec.wasm',
  avif: '@jsquash/avif/codec/dec/avif_dec.wasm',
} as const satisfies Record<Exclude<RasterFormat, 'gif'>, string>;

const loaded = new Map<RasterFormat, Promise<Decoder>>();

/** The decoder of one format, loaded once per process; a failed load is tried again by the next image. */
export function decoderFor(format: RasterFormat): Promise<Decoder> {
  let decoder = loaded.get(format);
  if (decoder === undefined) {
    decoder = load(format);
    loaded.set(format, decoder);
    decoder.catch(() => loaded.delete(format));
  }
  return decoder;
}

async function load(format: RasterFormat): Promise<Decoder> {
  switch (format) {
    case 'jpeg': {
      const codec = await import('@jsquash/jpeg/decode.js');
      await initWith(codec.init, format);
      return async (bytes) => asRaster(await codec.default(arrayBufferOf(bytes)));
    }
    case 'png': {
      const codec = await import('@jsquash/png/decode.js');
      await codec.init((await compiled(format)) as Parameters<typeof codec.init>[0]);
      return async (bytes) => asRaster(await codec.decode(arrayBufferOf(bytes)));
    }
    case 'webp': {
      const codec = await import('@jsquash/webp/decode.js');
      await initWith(codec.init, format);
      return async (bytes) => asRaster(await codec.default(arrayBufferOf(bytes)));
    }
    case 'avif': {
      const codec = await import('@jsquash/avif/decode.js');
      await initWith(codec.init, format);
      return async (bytes) => {
        const image = await codec.default(arrayBufferOf(bytes));
        if (image === null) throw new Error('the AVIF decoder returned no image');
        return asRaster(image);
      };
    }
    case 'gif': {
      const { GifReader } = await import('omggif');
      return (bytes) => Promise.resolve(quietly(() => firstGifFrame(new GifReader(bytes))));
    }
    default: {
      const unhandled: never = format;
      throw new Error(`no decoder for ${String(unhandled)}`);
    }
  }
}

/**
 * The Emscripten codecs fetch their .wasm from beside their script, which Node's fetch cannot do with a file:
 * URL; handed a compiled module instead, they instantiate it as it is (an overload their declared `init` leaves out).
 * Their warnings ("Premature end of JPEG file") would print on the run's log, unfiltered: they are silenced, and a
 * decoder's failure reaches the caller as an error.
 */
async function initWith(init: unknown, format: keyof typeof WASM_FILES): Promise<void> {
  const silent = { print: () => undefined, printErr: () => undefined };
  await (init as (module: WasmModule, options: typeof silent) => Promise<void>)(
    await compiled(format),
    silent,
  );
}

/** A compiled WebAssembly module, opaque here: the project's types know no DOM, where WebAssembly is declared. */
type WasmModule = object;
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile: (bytes: Uint8Array) => Promise<WasmModule> };
};

async function compiled(format: keyof typeof WASM_FILES): Promise<WasmModule> {
  return wasm.compile(await readFile(wasmPath(format)));
}

/**
 * In the action's `wasm/` folder (the decoding thread's bundle is in `decode-worker/` beside it), else where Node finds
 * the package (the sources, the npm package).
 */
function wasmPath(format: keyof typeof WASM_FILES): string {
  const specifier = WASM_FILES[format];
  const here = dirname(fileURLToPath(import.meta.url));
  const name = specifier.slice(specifier.lastIndexOf('/') + 1);
  const bundled = [join(here, 'wasm', name), join(here, '..', 'wasm', name)].find((path) => existsSync(path));
  return bundled ?? createRequire(import.meta.url).resolve(specifier);
}

/**
 * omggif warns of a malformed stream with console.log, which would print on the run's log unfiltered. Its decoding
 * is synchronous, so muting the console for the call mutes nothing else.
 */
function quietly<T>(work: () => T): T {
  const log = console.log;
  console.log = () => undefined;
  try {
    return work();
  } finally {
    console.log = log;
  }
}

function firstGifFrame(reader: import('omggif').GifReader): Raster {
  const data = new Uint8Array(reader.width * reader.height * 4);
  reader.decodeAndBlitFrameRGBA(0, data);
  return { width: reader.width, height: reader.height, data };
}

function asRaster(image: { width: number; height: number; data: Uint8ClampedArray }): Raster {
  return {
    width: image.width,
    height: image.height,
    data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
  };
}

function arrayBufferOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
