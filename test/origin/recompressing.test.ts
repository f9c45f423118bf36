/**
 * The origin check against an origin that recompresses its images (an image build step, a CDN in front): a real
 * local origin (node:http) that serves each deploy's images re-encoded by sharp, on a virtual clock.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/mechanics/clock.ts';
import { ByteBudget, originFetcher } from '../../src/origin/fetch.ts';
import { awaitOrigins, type OriginCheck } from '../../src/origin/wait.ts';
import { ROOT } from '../support/command.ts';

const fixture = (name: string): Buffer => readFileSync(join(ROOT, 'test', 'fixtures', 'images', name));
/** The repository's versions of public/cat.jpg: the cat now, the cup (at the cat's size) before. */
const NEW = fixture('chelsea.jpg');
const OLD = await sharp(fixture('coffee.jpg'))
  .resize(451, 300, { fit: 'fill' })
  .jpeg({ quality: 90 })
  .toBuffer();
const recompressed = (bytes: Buffer): Promise<Buffer> =>
  sharp(bytes).jpeg({ quality: 55, mozjpeg: true }).toBuffer();

/** What the origin serves: the deploy it is on, recompressed by its build. */
let served: { bytes: Buffer } = { bytes: Buffer.alloc(0) };
/** Switches the origin to another deploy after this many requests. */
let deployAfter: { requests: number; bytes: Buffer } | undefined;
let requests = 0;
const server = createServer((_request, response) => {
  requests++;
  if (deployAfter !== undefined && requests > deployAfter.requests) served = { bytes: deployAfter.bytes };
  response.writeHead(200, { 'content-type': 'image/jpeg' }).end(served.bytes);
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function virtualClock(): Clock {
  let now = 0;
  return {
    now: () => now,
    random: () => 0.5,
    sleep: (ms: number) => {
      now += ms;
      return new Promise<void>((resolve) => setImmediate(resolve));
    },
  };
}

async function checkCat(versions: { current: Buffer; previous: Buffer }): Promise<OriginCheck | undefined> {
  requests = 0;
  const dispatcher = new Agent();
  try {
    const {
      checks: [result],
    } = await awaitOrigins([{ ref: `${url}/cat.jpg`, path: 'public/cat.jpg' }], {
      fetch: originFetcher({ dispatcher, timeoutMs: 5_000, userAgent: 'test', budget: new ByteBudget() }),
      versions: {
        current: () => Promise.resolve(versions.current),
        previous: () => Promise.resolve(versions.previous),
      },
      clock: virtualClock(),
      timeoutMs: 60_000,
      onSettled: () => undefined,
    });
    return result;
  } finally {
    await dispatcher.close();
  }
}

describe('awaitOrigins: an origin that recompresses its images', () => {
  it('is ready when it serves the new version recompressed', async () => {
    served = { bytes: await recompressed(NEW) };
    deployAfter = undefined;
    expect((await checkCat({ current: NEW, previous: OLD }))?.state).toBe('ready');
  });

  it('waits while it serves the previous version recompressed, and is ready once the deploy lands', async () => {
    served = { bytes: await recompressed(OLD) };
    deployAfter = { requests: 3, bytes: await recompressed(NEW) };
    const check = await checkCat({ current: NEW, previous: OLD });
    expect(check).toMatchObject({ state: 'ready' });
    expect(check?.asks).toBeGreaterThan(3);
  });

  it('is not ready at the timeout while it still serves the previous version recompressed', async () => {
    served = { bytes: await recompressed(OLD) };
    deployAfter = undefined;
    expect((await checkCat({ current: NEW, previous: OLD }))?.state).toBe('not-ready');
  });

  it('cannot tell when the two versions look alike', async () => {
    const touched = await sharp(NEW).modulate({ brightness: 1.01 }).jpeg({ quality: 90 }).toBuffer();
    served = { bytes: await recompressed(NEW) };
    deployAfter = undefined;
    expect((await checkCat({ current: NEW, previous: touched }))?.state).toBe('cannot-tell');
  });

  it('waits while it serves the previous phone photo turned by its build, and is ready once the new one lands', async () => {
    // Phones store photos as the sensor saw them, with an orientation tag; the build turns them and drops the tag.
    const tagged = (bytes: Buffer): Promise<Buffer> =>
      sharp(bytes).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer();
    const turnedByBuild = (bytes: Buffer): Promise<Buffer> =>
      sharp(bytes).rotate().jpeg({ quality: 55, mozjpeg: true }).toBuffer();
    const [photo, before] = await Promise.all([tagged(NEW), tagged(OLD)]);
    served = { bytes: await turnedByBuild(before) };
    deployAfter = { requests: 3, bytes: await turnedByBuild(photo) };
    const check = await checkCat({ current: photo, previous: before });
    expect(check).toMatchObject({ state: 'ready' });
    expect(check?.asks).toBeGreaterThan(3);
  });
});
