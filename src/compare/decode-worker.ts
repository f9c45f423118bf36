/**
 * The thread that decodes: one image at a time, asked by `decode.ts`, which ends it on a cancel. Its WebAssembly
 * memory grows to the largest image it decoded and never shrinks; ending the thread gives it back.
 */
import { parentPort } from 'node:worker_threads';
import { decoderFor } from './codecs.ts';
import type { DecodeRequest, DecodeReply } from './decode-thread.ts';

const port = parentPort;
port?.on('message', (request: DecodeRequest) => {
  void (async () => {
    let reply: DecodeReply;
    try {
      const raster = await (await decoderFor(request.format))(request.bytes);
      reply = { width: raster.width, height: raster.height, data: raster.data };
      port.postMessage(reply, [raster.data.buffer as ArrayBuffer]);
    } catch (error) {
      reply = { error: String(error) };
      port.postMessage(reply);
    }
  })();
});
