/**
 * An origin whose answers are made to hurt the image parsers, through the built action spawned as the runner spawns
 * it, with `origin-check: content`: an SVG sniff made to backtrack (44 empty comments, 312 bytes: minutes, each
 * comment doubling them), a GIF whose 16×16 screen holds a 65535×65535 frame (35 bytes: 90 s of one synchronous
 * loop), a JPEG whose TEM marker hides its 12000×12000 frame from the size check (66 KiB: 1.2 GB decoded). Each is
 * refused at once, as a picture that cannot be told, and the run ends.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import { startOriginSite, type OriginSite } from '../support/origin-site.ts';
import { runAction, type ActionRun } from '../support/runner.ts';

const emulator = useEmulator();

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const u16 = (n: number): number[] => [n & 0xff, n >> 8];
const GIF_BOMB = Buffer.from([
  ...Buffer.from('GIF89a'),
  ...u16(16),
  ...u16(16),
  0x80,
  0,
  0,
  ...[0, 0, 0, 255, 255, 255],
  0x2c,
  ...u16(0),
  ...u16(0),
  ...u16(65535),
  ...u16(65535),
  0,
  2,
  2,
  0x4c,
  0x01,
  0,
  0x3b,
]);
const SVG_BOMB = Buffer.from(`${'<!---->'.repeat(44)}<sv>`);

async function jpegBomb(): Promise<Buffer> {
  const small = Buffer.from(
    await sharp({ create: { width: 120, height: 80, channels: 3, background: '#369' } })
      .jpeg()
      .toBuffer(),
  );
  for (let at = 2; ; at += 2 + small.readUInt16BE(at + 2)) {
    const marker = small[at + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc2) {
      small.writeUInt16BE(12_000, at + 5);
      small.writeUInt16BE(12_000, at + 7);
      break;
    }
  }
  const bomb = Buffer.alloc(66 * 1024);
  Buffer.from([0xff, 0xd8, 0xff, 0x01]).copy(bomb, 0);
  small.copy(bomb, 4, 2);
  // Where a reader that takes TEM's next two bytes for a length lands: a 16×16 frame.
  const decoy = 4 + bomb.readUInt16BE(4);
  Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03]).copy(bomb, decoy);
  return bomb;
}

async function site(): Promise<OriginSite> {
  const started = await startOriginSite();
  cleanups.push(() => started.close());
  started.deployed = 'new';
  return started;
}

function workspace(files: Record<string, Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'hostile-images-'));
  cleanups.push(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  mkdirSync(join(dir, 'public', 'images'), { recursive: true });
  for (const [name, bytes] of Object.entries(files))
    writeFileSync(join(dir, 'public', 'images', name), bytes);
  return dir;
}

async function check(
  origin: OriginSite,
  files: Record<string, Buffer>,
  started?: Parameters<typeof runAction>[2],
): Promise<ActionRun> {
  return runAction(
    {
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      files: Object.keys(files)
        .map((name) => `public/images/${name}`)
        .join('\n'),
      'url-map': `public/images => ${origin.url}/images`,
      'origin-check': 'content',
      'origin-timeout': '0',
    },
    { GITHUB_WORKSPACE: workspace(files) },
    started,
  );
}

describe('a hostile origin answer', () => {
  it('does not stall the origin check: each bomb is a picture that cannot be told, at once', async () => {
    const origin = await site();
    const files = {
      'a.svg': Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
      ),
      'b.gif': await sharp({ create: { width: 16, height: 16, channels: 3, background: '#f00' } })
        .gif()
        .toBuffer(),
      'c.jpg': await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00f' } })
        .jpeg()
        .toBuffer(),
    };
    origin.files.new
      .set('/images/a.svg', SVG_BOMB)
      .set('/images/b.gif', GIF_BOMB)
      .set('/images/c.jpg', await jpegBomb());
    const start = Date.now();
    const run = await check(origin, files);
    // Before, the SVG alone kept the run busy for longer than any test waits, and the GIF for 90 s.
    expect(Date.now() - start).toBeLessThan(30_000);
    expect(run.exitCode, run.stdout).toBe(0);
    // Told as pictures that cannot be told (an origin that rewrites its images), as the design has it.
    const report = JSON.parse(run.report) as { origin: { states: Record<string, number> } };
    expect(report.origin.states).toMatchObject({ 'cannot-tell': 3, cancelled: 0 });
  }, 60_000);
});
