import { describe, expect, it } from 'vitest';
import { verdictOf, type OriginAnswer, type Versions } from '../../src/origin/verdict.ts';

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
