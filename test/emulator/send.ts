import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Reply } from './bodies.ts';

// RFC 9110: these statuses never carry a body, whatever the fault asked for.
const BODILESS = new Set([204, 304]);

/**
 * Writes the reply, at once or one byte every trickleMs. Headers go one by one so that a fault's header
 * replaces the emulator's own whatever its letter case. Content-Length is always sent, so a trickled
 * body is complete and valid, only slow.
 */
export async function sendReply(
  response: ServerResponse,
  reply: Reply,
  trickleMs: number | undefined,
  signal: AbortSignal,
  cut = false,
): Promise<void> {
  const body = BODILESS.has(reply.status) ? Buffer.alloc(0) : Buffer.from(reply.body);
  if (!BODILESS.has(reply.status)) response.setHeader('Content-Length', body.length);
  for (const [name, value] of Object.entries(reply.headers)) response.setHeader(name, value);
  response.writeHead(reply.status);
  if (cut) {
    // Half the body, then the connection goes: the client holds an answer it cannot read to its end.
    response.write(body.subarray(0, Math.floor(body.length / 2)), () => response.destroy());
    return;
  }
  if (trickleMs === undefined) {
    response.end(body);
    return;
  }
  response.flushHeaders();
  for (let offset = 0; offset < body.length; offset += 1) {
    await sleep(trickleMs, undefined, { signal });
    if (response.destroyed) return;
    response.write(body.subarray(offset, offset + 1));
  }
  response.end();
}
