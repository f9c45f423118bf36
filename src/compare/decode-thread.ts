/**
 * Decoding off the main thread. A decoder runs synchronously and can take tens of seconds (a 25-megapixel AVIF of
 * noise takes 35 s in the AVIF decoder), and while it runs the main thread hears nothing: not SIGINT, not SIGTERM,
 * which the runner sends 7.5 s later before it kills the step. So every image is decoded in a worker thread, and the
 * main thread stays free to hear the cancel, end the worker (and the decode with it) and publish what the run did.
 *
 * One image is decoded at a time, whatever the number of comparisons in flight, so at most one image's pixels are
 * being decoded at once. The worker is kept for the next image while its memory is small, and ended after an image
 * of more than KEEP_WORKER_PIXELS, which gives back what its WebAssembly memory grew to.
 */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Raster } from './codecs.ts';
import type { ImageFormat } from './format.ts';

export interface DecodeRequest {
  readonly format: Exclude<ImageFormat, 'svg'>;
  readonly bytes: Uint8Array;
}

export type DecodeReply =
  { readonly width: number; readonly height: number; readonly data: Uint8Array } | { readonly error: string };

/** A decode the cancel ended before it finished. */
export const CANCELLED = Symbol('cancelled');

/** Past this many pixels decoded (16 MiB of RGBA), the worker is ended and its memory given back. */
export const KEEP_WORKER_PIXELS = 4_000_000;

interface Job extends DecodeRequest {
  /** The image's size by its header: a worker that decoded (or failed to decode) more is not kept. */
  readonly pixels: number;
  readonly signal: AbortSignal | undefined;
  readonly settle: (outcome: Raster | Error | typeof CANCELLED) => void;
}

const queue: Job[] = [];
let running: { job: Job; worker: Worker } | undefined;
let idle: Worker | undefined;

/** Decodes `bytes` in the worker; rejects with the decoder's error; resolves CANCELLED when `signal` ends it first. */
export function decodeOffThread(
  request: DecodeRequest & { readonly pixels: number },
  signal?: AbortSignal,
): Promise<Raster | typeof CANCELLED> {
  if (signal?.aborted === true) return Promise.resolve(CANCELLED);
  return new Promise((resolve, reject) => {
    const job: Job = {
      ...request,
      signal,
      settle: (outcome) => {
        signal?.removeEventListener('abort', onAbort);
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      },
    };
    const onAbort = (): void => {
      if (running?.job === job) {
        // The decode is synchronous inside the worker: ending the worker is the only way to stop it.
        void running.worker.terminate();
        running = undefined;
        job.settle(CANCELLED);
        next();
        return;
      }
      const at = queue.indexOf(job);
      if (at >= 0) queue.splice(at, 1);
      job.settle(CANCELLED);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    queue.push(job);
    next();
  });
}

function next(): void {
  if (running !== undefined) return;
  let job = queue.shift();
  // Jobs a cancel already ended start no worker: one cancel ends the whole queue, not one worker after another.
  while (job?.signal?.aborted === true) {
    job.settle(CANCELLED);
    job = queue.shift();
  }
  if (job === undefined) return;
  const worker = idle ?? startWorker();
  idle = undefined;
  worker.ref();
  running = { job, worker };
  const done = (outcome: Raster | Error, keep: boolean): void => {
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
    if (running?.worker !== worker) return;
    running = undefined;
    if (keep && idle === undefined) {
      // An idle worker never holds the process open.
      worker.unref();
      idle = worker;
    } else {
      void worker.terminate();
    }
    job.settle(outcome);
    next();
  };
  // Kept by the size asked, not the size answered: a decode that failed part-way may have grown the memory as much.
  const keep = job.pixels <= KEEP_WORKER_PIXELS;
  const onMessage = (reply: DecodeReply): void => {
    done('error' in reply ? new Error(reply.error) : reply, keep);
  };
  const onError = (error: Error): void => {
    done(error, false);
  };
  const onExit = (code: number): void => {
    done(new Error(`the decoding thread ended (exit code ${code})`), false);
  };
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  const { format, bytes } = job;
  // A copy of its own, handed over: the caller keeps its bytes (a Buffer may share its memory with others).
  const copy = new Uint8Array(bytes);
  try {
    worker.postMessage({ format, bytes: copy } satisfies DecodeRequest, [copy.buffer]);
  } catch (error) {
    done(error instanceof Error ? error : new Error(String(error)), false);
  }
}

declare const __webpack_require__: unknown;

/**
 * The worker's file: in the action's bundle, `decode-worker/index.js` beside it (scripts/build.ts bundles it there);
 * in the sources (`.ts`, which Node runs with its types stripped) and the npm package (`.js`), the file beside this
 * one. The base is a variable: the bundler would take `new URL('…', import.meta.url)` for a file to copy.
 */
function startWorker(): Worker {
  const here = import.meta.url;
  const file =
    typeof __webpack_require__ === 'function'
      ? 'decode-worker/index.js'
      : `decode-worker${extname(fileURLToPath(here))}`;
  const worker = new Worker(new URL(file, here));
  // For its whole life, beside each job's own listeners: an idle worker that fails or ends is let go, never given
  // another image (a message to an ended worker gets no answer), and its error never goes unhandled (which would
  // end the run).
  const letGo = (): void => {
    if (idle === worker) idle = undefined;
  };
  worker.on('error', letGo);
  worker.on('exit', letGo);
  return worker;
}
