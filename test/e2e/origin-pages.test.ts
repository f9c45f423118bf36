/**
 * A page is not an image, through the built action: a host that answers a changed image's URL with a page (a
 * single-page app's fallback `index.html`, a "deploying" page), with a 200, has not served the image yet. The image
 * is asked again until its bytes come, and at the timeout the page is named as what it is.
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

const PNG = await sharp({
  create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 30, b: 30 } },
})
  .png()
  .toBuffer();

const FALLBACK = Buffer.from(
  '<!doctype html>\n<html><head><meta charset="utf-8"><title>Acme — shop</title></head>' +
    '<body><div id="root"></div><script src="/app.js"></script></body></html>\n',
);
const DEPLOYING = Buffer.from(
  '<html><body><h1>This site is being deployed</h1><p>Check back in a minute.</p></body></html>',
);

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'origin-pages-'));
  cleanups.push(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  mkdirSync(join(dir, 'public', 'images'), { recursive: true });
  writeFileSync(join(dir, 'public', 'images', 'hero.png'), PNG);
  return dir;
}

async function site(): Promise<OriginSite> {
  const started = await startOriginSite();
  cleanups.push(() => started.close());
  return started;
}

function check(origin: OriginSite, extra: Record<string, string>): Promise<ActionRun> {
  return runAction(
    {
      'api-key': ROOT_KEY,
      'base-url': emulator().url,
      'service-key': 'svc',
      files: 'public/images/hero.png',
      'url-map': `public/images => ${origin.url}/images`,
      'origin-check': 'content',
      ...extra,
    },
    { GITHUB_WORKSPACE: workspace() },
  );
}

interface Report {
  failures: string[];
}

describe("a single-page app's fallback page for an image", () => {
  it('is never taken for the image: asked until origin-timeout, then the image is not invalidated and the step fails naming the page (status, type, title)', async () => {
    const origin = await site();
    origin.overrides.set('/images/hero.png', (_request, respond) => {
      respond(200, { 'content-type': 'text/html; charset=utf-8' }, FALLBACK);
    });
    const run = await check(origin, { 'origin-timeout': '2' });
    expect(run.exitCode).toBe(1);
    expect(emulator().invalidated.assets).toEqual([]);
    // Asked again while it waited, not given up on at the first page.
    expect(origin.requests.filter((request) => request.path === '/images/hero.png').length).toBeGreaterThan(
      1,
    );
    const failure = (JSON.parse(run.report) as Report).failures.join('\n');
    expect(failure).toContain(`${origin.url}/images/hero.png`);
    expect(failure).toContain('a page, not the image');
    expect(failure).toContain('200, text/html');
    expect(failure).toContain('"Acme — shop"');
    expect(run.stdout).not.toMatch(/serves other bytes/);
  }, 40_000);

  it('is a page by its first bytes too, when the host calls it image/png', async () => {
    const origin = await site();
    origin.overrides.set('/images/hero.png', (_request, respond) => {
      respond(200, { 'content-type': 'image/png' }, FALLBACK);
    });
    const run = await check(origin, { 'origin-timeout': '1' });
    expect(run.exitCode).toBe(1);
    expect(emulator().invalidated.assets).toEqual([]);
    expect((JSON.parse(run.report) as Report).failures.join('\n')).toContain('"Acme — shop"');
  }, 40_000);
});

/**
 * The action on a host that answers the image's URL with `first` for 2.5 s, then serves the image: it must be green,
 * the image sent after the host first served it, and never on the answer before.
 */
async function servedAfter(first: { status: number; type: string; body: Buffer }): Promise<ActionRun> {
  const origin = await site();
  origin.deployed = 'previous';
  origin.files.new.set('/images/hero.png', PNG);
  let imageServedAt: number | undefined;
  const startedAt = performance.now();
  origin.overrides.set('/images/hero.png', (_request, respond) => {
    if (performance.now() - startedAt < 2_500) {
      respond(first.status, { 'content-type': first.type }, first.body);
      return;
    }
    imageServedAt ??= performance.now();
    respond(200, { 'content-type': 'image/png' }, PNG);
  });
  const run = await check(origin, { 'origin-timeout': '20' });
  expect(run.exitCode).toBe(0);
  expect(emulator().invalidated.assets).toEqual([`${origin.url}/images/hero.png`]);
  const sentAt = emulator().requests.find((request) => request.route === 'invalidate/assets')?.receivedAt;
  expect(imageServedAt).toBeDefined();
  expect(sentAt).toBeGreaterThan(imageServedAt ?? Infinity);
  return run;
}

describe('a "deploying" page, then the image', () => {
  it('is invalidated only once the image itself is served, never on the page', async () => {
    await servedAfter({ status: 200, type: 'text/html', body: DEPLOYING });
  }, 40_000);
});

const ACCESS_DENIED = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
);

describe('a refusal (403) where the image should be', () => {
  it('is not the image: a bucket that refuses a key not uploaded yet is asked until the image comes, then invalidated', async () => {
    const run = await servedAfter({ status: 403, type: 'application/xml', body: ACCESS_DENIED });
    expect(run.stdout).not.toMatch(/serves other bytes/);
  }, 40_000);

  it('to the end: the image is not invalidated, and the failure names the status and what to check', async () => {
    const origin = await site();
    origin.overrides.set('/images/hero.png', (_request, respond) => {
      respond(403, { 'content-type': 'application/xml' }, ACCESS_DENIED);
    });
    const run = await check(origin, { 'origin-timeout': '1' });
    expect(run.exitCode).toBe(1);
    expect(emulator().invalidated.assets).toEqual([]);
    const failure = (JSON.parse(run.report) as Report).failures.join('\n');
    expect(failure).toContain('403');
    expect(failure).toContain('origin-check: off');
  }, 40_000);
});
