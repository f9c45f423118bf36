/**
 * The pages stage on a real workspace in a temp folder: what it reads of the built pages (the variants of the
 * invalidated images, each once), what it refuses to read (a link leading outside, a page over its size), its bounds,
 * and that it writes nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/mechanics/clock.ts';
import { pagesStage, type PagesRead } from '../../src/pages/stage.ts';
import { PAGE_BOUNDS } from '../../src/pages/read.ts';
import type { Landed } from '../../src/plan/stage.ts';
import { makeRedactor } from '../../src/shown/redact.ts';
import { keptLog } from '../support/kept-log.ts';

const HOST = 'img.example.net';
const CAT = 'https://www.example.com/images/cat.jpg';
const DOG = 'https://www.example.com/images/dog.jpg';

let workspace: string;
let outside: string;
beforeEach(() => {
  workspace = mkdtempSync(join(tmpdir(), 'pages-'));
  outside = mkdtempSync(join(tmpdir(), 'outside-'));
});
afterEach(() => {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

function page(path: string, text: string): string {
  const full = join(workspace, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
  return full;
}

const landed = (touched: string[], cancelled = false): Landed => ({
  cancelled,
  invalidated: touched,
  touched,
});

async function read(
  patterns: string[],
  touched: string[] = [CAT],
  signal?: AbortSignal,
): Promise<{ result: PagesRead | undefined; lines: string[] }> {
  const lines: string[] = [];
  const listed = await pagesStage.check({ patterns, imageHost: HOST }, () => Promise.resolve(workspace));
  const { read: result } = await pagesStage.run(
    listed,
    { invalidate: { outcome: landed(touched) }, rewrite: { variants: [] } },
    {
      log: keptLog(lines),
      redact: makeRedactor([]),
      clock: systemClock,
      signal,
      workspace: () => Promise.resolve(workspace),
    },
  );
  return { result, lines };
}

describe('pagesStage', () => {
  it('reads each variant of the invalidated images once, whatever its cache buster or order, and no other image', async () => {
    page(
      '_site/index.html',
      `<img src="https://${HOST}/w:320/cb:old/${CAT}" srcset="https://${HOST}/w:640/q:70/${CAT} 2x">` +
        `<img src="https://${HOST}/w:320/${DOG}">`,
    );
    page(
      '_site/about/index.html',
      `<img src="//${HOST}/q:70/w:640/${CAT}"><img src="https://${HOST}/w:320/${CAT}">`,
    );
    const { result } = await read(['_site/**/*.html']);
    expect(result?.urls.map((url) => url.segments.join('/'))).toEqual(['q:70/w:640', 'w:320']);
    expect(result?.urls.map((url) => url.originUrl)).toEqual([CAT, CAT]);
    expect(result?.read).toBe(2);
  });

  it('writes nothing: every page keeps its bytes and its time', async () => {
    const file = page('_site/index.html', `<img src="https://${HOST}/w:320/${CAT}">`);
    const before = statSync(file);
    await read(['_site/**/*.html']);
    const after = statSync(file);
    expect([after.mtimeMs, after.size, after.ino]).toEqual([before.mtimeMs, before.size, before.ino]);
  });

  it('never reads a link leading outside the workspace, and skips a page over the size it reads, naming it', async () => {
    writeFileSync(join(outside, 'secret.html'), `<img src="https://${HOST}/w:999/${CAT}">`);
    mkdirSync(join(workspace, '_site'), { recursive: true });
    symlinkSync(join(outside, 'secret.html'), join(workspace, '_site', 'a-link.html'));
    truncateSync(page('_site/b-huge.html', ''), PAGE_BOUNDS.maxPageBytes + 1);
    page('_site/c.html', `<img src="https://${HOST}/w:320/${CAT}">`);
    const { result, lines } = await read(['_site/*.html']);
    expect(result?.urls.map((url) => url.segments.join('/'))).toEqual(['w:320']);
    expect(result?.skipped.map((skipped) => skipped.path)).toEqual(['_site/b-huge.html']);
    const warning = lines.find((line) => line.startsWith('pages: 1 page not read')) ?? '';
    expect(warning).toContain('"_site/b-huge.html" is larger than the 16 MiB it may hold');
  });

  it('reads no page once the run is cancelled, and says how many it did not read', async () => {
    page('_site/a.html', `<img src="https://${HOST}/w:320/${CAT}">`);
    page('_site/b.html', `<img src="https://${HOST}/w:640/${CAT}">`);
    const { result } = await read(['_site/*.html'], [CAT], AbortSignal.abort());
    expect(result).toMatchObject({ read: 0, urls: [], stopped: 'cancelled', notRead: 2 });
  });
});
