import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { judge, verdictOf, type OriginAnswer, type Versions } from '../../src/origin/verdict.ts';
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
    ['a 403', { status: 403 }, modified, 'other'],
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
      'a 403 with an image body',
      async () => ({ status: 403, body: await reencoded(CAT) }),
      { current: CAT },
      'other',
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
