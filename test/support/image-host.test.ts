/**
 * The image host stand-in itself: it re-encodes for real (sizes, formats, qualities read back by sharp), and serves
 * its cached copy until the API emulator records an invalidation of the image.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_KEY } from './client.ts';
import { useEmulator } from './emulator.ts';
import { ROOT } from './command.ts';
import { parseDeliveryPath, startImageHost, type ImageHostStandIn } from './image-host.ts';
import { startOriginSite, type OriginSite } from './origin-site.ts';

const emulator = useEmulator();
const CAT = readFileSync(join(ROOT, 'test', 'fixtures', 'images', 'chelsea.jpg'));
const CUP = readFileSync(join(ROOT, 'test', 'fixtures', 'images', 'coffee.jpg'));
const AVIF_FIRST = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

let site: OriginSite;
let host: ImageHostStandIn;
beforeAll(async () => {
  site = await startOriginSite();
  site.files.previous.set('/cat.jpg', CAT);
  host = await startImageHost(emulator);
});
afterAll(async () => {
  await host.close();
  await site.close();
});

async function get(segments: string, accept = '*/*'): Promise<{ response: Response; body: Buffer }> {
  const response = await fetch(`${host.url}/${segments}${site.url}/cat.jpg`, { headers: { accept } });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

describe('the image host stand-in', () => {
  it('resizes per w: and picks AVIF from Accept', async () => {
    const { response, body } = await get('w:120/', AVIF_FIRST);
    expect(response.headers.get('content-type')).toBe('image/avif');
    expect(await sharp(body).metadata()).toMatchObject({ format: 'heif', width: 120, height: 80 });
  });

  it('picks WebP when AVIF is not accepted, and the original format when neither is', async () => {
    expect((await get('w:200/', 'image/webp,*/*')).response.headers.get('content-type')).toBe('image/webp');
    const { body } = await get('w:200/');
    expect((await sharp(body).metadata()).format).toBe('jpeg');
  });

  it('crops to the shape of w: and h: together', async () => {
    const { body } = await get('w:100/h:100/', 'image/webp');
    expect(await sharp(body).metadata()).toMatchObject({ width: 100, height: 100 });
  });

  it('lowers the quality per q:', async () => {
    const low = await get('q:20/w:300/', 'image/webp');
    const high = await get('q:95/w:300/', 'image/webp');
    expect(low.body.length).toBeLessThan(high.body.length / 2);
  });

  it('serves its cached copy until the emulator records an invalidation of the image', async () => {
    const path = 'w:150/';
    const first = await get(path, 'image/webp');
    expect(first.response.headers.get('x-cache')).toBe('MISS');
    site.files.previous.set('/cat.jpg', CUP);
    const cached = await get(path, 'image/webp');
    expect(cached.response.headers.get('x-cache')).toBe('HIT');
    expect(cached.body.equals(first.body)).toBe(true);
    const sent = await fetch(`${emulator().url}/api/${emulator().serviceKey}/v2/cache/invalidate/assets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ROOT_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ assets: [`${site.url}/cat.jpg`] }),
    });
    expect(sent.ok, await sent.text()).toBe(true);
    const fresh = await get(path, 'image/webp');
    expect(fresh.response.headers.get('x-cache')).toBe('MISS');
    expect(fresh.body.equals(first.body)).toBe(false);
    expect(host.refetched.has(`${site.url}/cat.jpg`)).toBe(true);
    site.files.previous.set('/cat.jpg', CAT);
  });

  it('delivers a tagged photo as stored, or turned and untagged when it orients as real services do', async () => {
    site.files.previous.set(
      '/phone.jpg',
      await sharp(CAT).withMetadata({ orientation: 6 }).jpeg().toBuffer(),
    );
    const ask = async (path: string): Promise<Metadata> => {
      const response = await fetch(`${host.url}/${path}${site.url}/phone.jpg`, {
        headers: { accept: 'image/webp' },
      });
      return sharp(Buffer.from(await response.arrayBuffer())).metadata();
    };
    expect(await ask('w:90/')).toMatchObject({ width: 90, height: 60 });
    expect((await ask('w:90/')).orientation).toBeUndefined();
    host.orients = true;
    try {
      expect(await ask('w:40/')).toMatchObject({ width: 40, height: 60 });
      expect((await ask('w:40/')).orientation).toBeUndefined();
    } finally {
      host.orients = false;
    }
  });

  it('passes the origin status on for an image the origin does not have', async () => {
    const response = await fetch(`${host.url}/w:100/${site.url}/missing.jpg`);
    expect(response.status).toBe(404);
  });

  it('reads the segments and the origin URL of a delivery path', () => {
    expect(parseDeliveryPath('/cb:x1/w:640/q:70/https://example.com/a/b.jpg?v=1')).toEqual({
      segments: new Map([
        ['cb', 'x1'],
        ['w', '640'],
        ['q', '70'],
      ]),
      originUrl: 'https://example.com/a/b.jpg?v=1',
    });
    expect(parseDeliveryPath('/w:640/not-a-url')).toBeUndefined();
  });
});
