import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pageIn } from '../../src/origin/page.ts';
import { ORIGIN_BYTE_BUDGET } from '../../src/origin/fetch.ts';
import { notReadyReason } from '../../src/origin/hold.ts';
import { judge, seenWords, verdictOf, type OriginAnswer, type Versions } from '../../src/origin/verdict.ts';
import { ROOT } from '../support/command.ts';

const NEW = Buffer.from('new bytes');
const OLD = Buffer.from('old bytes, longer');
const OTHER = Buffer.from('recompressed');

const modified: Versions = { current: NEW, previous: OLD };
const added: Versions = { current: NEW };
const deleted: Versions = { previous: OLD };

const ok = (body: Buffer): OriginAnswer => ({ status: 200, body });

describe('verdictOf', () => {
  it.each<[string, OriginAnswer, Versions, string]>([
    ['a modified image served new', ok(NEW), modified, 'ready'],
    ['a modified image served old', ok(OLD), modified, 'previous'],
    ['a modified image served other bytes', ok(OTHER), modified, 'other'],
    ['a modified image not found (a deploy half done)', { status: 404 }, modified, 'previous'],
    ['an added image not found yet', { status: 404 }, added, 'previous'],
    ['an added image served', ok(NEW), added, 'ready'],
    ['an added image served other bytes', ok(OTHER), added, 'other'],
    ['a deleted image gone (404)', { status: 404 }, deleted, 'ready'],
    ['a deleted image gone (410)', { status: 410 }, deleted, 'ready'],
    ['a deleted image still served', ok(OLD), deleted, 'previous'],
    ['a deleted image served other bytes', ok(OTHER), deleted, 'other'],
    ['a 5xx', { status: 503 }, modified, 'previous'],
    ['a network error', { error: 'ECONNREFUSED' }, modified, 'previous'],
    ['a body cut mid-way', { status: 200, error: 'aborted' }, modified, 'previous'],
    ['a 403: not the image, asked on', { status: 403 }, modified, 'previous'],
    [
      "a 403 for a deleted image: a bucket's answer for a key that is not there",
      { status: 403 },
      deleted,
      'ready',
    ],
    [
      'a redirect to another origin',
      { status: 302, offsite: 'https://elsewhere.example/a.png' },
      modified,
      'other',
    ],
    ['a body longer than either version', { status: 200, cut: 'too-long', length: 9_999 }, modified, 'other'],
    ['a spent byte budget: held, never invalidated on a guess', { cut: 'budget' }, modified, 'previous'],
  ])('%s: %s', (_name, answer, versions, verdict) => {
    expect(verdictOf(answer, versions)).toBe(verdict);
  });
});

const photo = (name: string): Buffer => readFileSync(join(ROOT, 'test', 'fixtures', 'images', name));
const CAT = photo('chelsea.jpg');
const CUP = await sharp(photo('coffee.jpg')).resize(451, 300, { fit: 'fill' }).jpeg().toBuffer();
const reencoded = (bytes: Buffer): Promise<Buffer> => sharp(bytes).webp({ quality: 60 }).toBuffer();

describe('judge: the picture looked at when the bytes are neither version', () => {
  it.each<[string, () => Promise<OriginAnswer>, Versions, string]>([
    [
      'the new version re-encoded',
      async () => ok(await reencoded(CAT)),
      { current: CAT, previous: CUP },
      'ready',
    ],
    [
      'the previous version re-encoded',
      async () => ok(await reencoded(CUP)),
      { current: CAT, previous: CUP },
      'previous',
    ],
    ['an added image re-encoded', async () => ok(await reencoded(CAT)), { current: CAT }, 'ready'],
    [
      'a deleted image still served, re-encoded',
      async () => ok(await reencoded(CUP)),
      { previous: CUP },
      'previous',
    ],
    [
      'a deleted image: a picture like nothing it had',
      async () => ok(await reencoded(CAT)),
      { previous: CUP },
      'other',
    ],
    ['bytes that are no image', () => Promise.resolve(ok(OTHER)), { current: CAT, previous: CUP }, 'other'],
    [
      'a 403 with an image body: an error answer, never looked at as the image',
      async () => ({ status: 403, body: await reencoded(CAT) }),
      { current: CAT },
      'previous',
    ],
    [
      'the same bytes: no decoding needed',
      () => Promise.resolve(ok(CAT)),
      { current: CAT, previous: CUP },
      'ready',
    ],
  ])('%s: %s', async (_name, answer, versions, verdict) => {
    expect(await judge(await answer(), versions)).toBe(verdict);
  });
});

const PNG_FILE = await sharp({
  create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 90, b: 200 } },
})
  .png()
  .toBuffer();
const OLD_PNG = await sharp(PNG_FILE).negate().png().toBuffer();
describe('a page where an image should be', () => {
  const SVG_FILE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"></svg>');
  const html =
    '<!DOCTYPE html><html><head><title>My app</title></head><body><div id="app"></div></body></html>';
  const page = (type: string | undefined, body: string): OriginAnswer => {
    const bytes = Buffer.from(body);
    const pageSeen = pageIn(type, bytes);
    return { status: 200, body: bytes, ...(pageSeen === undefined ? {} : { page: pageSeen }) };
  };
  const pngFile: Versions = { current: PNG_FILE, previous: OLD_PNG };

  it.each<[string, OriginAnswer, Versions, string]>([
    [
      'a fallback index.html (text/html) for a changed PNG: not served yet',
      page('text/html; charset=utf-8', html),
      pngFile,
      'previous',
    ],
    [
      'the same page labelled image/png: not served yet, by its first bytes',
      page('image/png', html),
      pngFile,
      'previous',
    ],
    ['a page with no type at all: not served yet', page(undefined, html), pngFile, 'previous'],
    [
      'a JSON body with a 200 for an added PNG: not served yet',
      page('application/json', '{"error":"not deployed"}'),
      { current: PNG_FILE },
      'previous',
    ],
    [
      'an XML body for a PNG: not served yet',
      page('application/xml', '<?xml version="1.0"?><Error/>'),
      pngFile,
      'previous',
    ],
    [
      'plain text for a PNG: not served yet',
      page('text/plain', 'Deploying, come back soon'),
      pngFile,
      'previous',
    ],
    [
      'an HTML page for an SVG image: not served yet',
      page('text/html', html),
      { current: SVG_FILE },
      'previous',
    ],
    ['a page where a deleted PNG was: gone, ready', page('text/html', html), { previous: OLD_PNG }, 'ready'],
    [
      'the SVG file itself served as text/xml: ready',
      page('text/xml', SVG_FILE.toString()),
      { current: SVG_FILE },
      'ready',
    ],
    [
      'XML that is no SVG, for an SVG (itself XML): compared, not a page',
      page('image/svg+xml', `${'<!---->'.repeat(4)}<sv>`),
      { current: SVG_FILE },
      'other',
    ],
    [
      'another SVG served as image/svg+xml for an SVG: compared, never a page',
      page('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'),
      { current: SVG_FILE },
      'other',
    ],
    [
      'text served for a file that is itself text: told by its bytes, not as a page',
      page('text/plain', 'other text'),
      modified,
      'other',
    ],
    [
      'an image in a format the decoders cannot read (TIFF): cannot tell',
      page('image/tiff', 'II*\u0000\u0008\u0000\u0000\u0000'),
      pngFile,
      'other',
    ],
  ])('%s', (_name, answer, versions, verdict) => {
    expect(verdictOf(answer, versions)).toBe(verdict);
  });

  it('is named by its status, type and title, or its first words', () => {
    expect(seenWords(page('text/html; charset=utf-8', html))).toContain('200, text/html');
    expect(seenWords(page('text/html', html))).toContain('a page titled "My app"');
    expect(
      seenWords(
        page('text/html', '<html><body><script>var x=1</script><h1>Deploying</h1> soon</body></html>'),
      ),
    ).toContain('a page that reads "Deploying soon"');
  });

  it('shows an origin type that is not a media type only quoted, so it cannot start a runner command', () => {
    expect(seenWords(page('text/html\n::error::x', html))).not.toContain('\n::error');
  });
});

describe('an ask the byte budget stopped', () => {
  const budget = `byte budget (${ORIGIN_BYTE_BUDGET / 1024 / 1024} MiB) is spent`;

  it('is said as such, not as an origin that did not answer', () => {
    expect(seenWords({ cut: 'budget' })).toBe(`not read: the run's origin ${budget}`);
    expect(seenWords({ status: 200, cut: 'budget' })).toContain(budget);
  });

  it("is the reason an image is not invalidated, with the remedy, rather than its origin's silence", () => {
    const reason = notReadyReason(
      {
        ref: 'https://www.example.com/a.png',
        path: 'public/a.png',
        state: 'not-ready',
        askedMs: 12_300,
        asks: 5,
        seen: { cut: 'budget' },
      },
      300_000,
    );
    expect(reason).toContain(budget);
    expect(reason).toContain('origin-check: off');
    expect(reason).not.toContain('did not answer');
  });
});
