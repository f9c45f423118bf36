/**
 * The words of a run agree with their counts, for 0, 1 and 2 of each: a count of one takes the singular (`1 serves
 * the previous version`), any other the plural; and an ETag is shown as the origin sent it, quoted once.
 */
import { describe, expect, it } from 'vitest';
import { heldSentence } from '../../src/invalidate/narration.ts';
import { originProgressLine } from '../../src/invalidate/origin-told.ts';
import { deliveryUrlsSentence, mergedSentence } from '../../src/invalidate/wording.ts';
import { seenWords } from '../../src/origin/verdict.ts';
import { counted, plural } from '../../src/shown/format.ts';

const progress = (images: number, answer: string) =>
  originProgressLine({ ready: 0, waiting: images, answers: [{ answer, images }], leftMs: 10_000 });

describe('counts and their words agree', () => {
  it.each([
    [0, '0 images', '0 serve'],
    [1, '1 image', '1 serves'],
    [2, '2 images', '2 serve'],
  ])('plural and counted, for %i', (n, noun, verb) => {
    expect(plural(n, 'image')).toBe(noun);
    expect(counted(n, 'serves', 'serve')).toBe(verb);
  });

  it.each([
    [0, '0 serve the previous version', '0 are not asked yet', '0 give no answer'],
    [1, '1 serves the previous version', '1 is not asked yet', '1 gives no answer'],
    [2, '2 serve the previous version', '2 are not asked yet', '2 give no answer'],
  ])("the origin wait's progress line, for %i image(s) waiting", (n, serves, asked, noAnswer) => {
    expect(progress(n, 'serve the previous version')).toContain(`(${serves})`);
    expect(progress(n, 'are not asked yet')).toContain(`(${asked})`);
    expect(progress(n, 'give no answer')).toContain(`(${noAnswer})`);
    expect(progress(n, 'redirect to another host')).toContain(
      n === 1 ? '(1 redirects to another host)' : `(${n} redirect to another host)`,
    );
  });

  it.each([
    [0, '0 images mapped from files as their origins serve the new files'],
    [1, '1 image mapped from a file as its origin serves the new file'],
    [2, '2 images mapped from files as their origins serve the new files'],
  ])('the held calls, for %i image(s) held', (held, words) => {
    expect(heldSentence(held + 3, held, 4)).toContain(words);
  });

  it.each([
    [0, '0 entries were the same asset', '0 assets were given as image delivery URLs'],
    [1, '1 entry was the same asset', '1 asset was given as an image delivery URL'],
    [2, '2 entries were the same asset', '2 assets were given as image delivery URLs'],
  ])('merged entries and delivery URLs, for %i', (n, merged, delivery) => {
    expect(mergedSentence(n)).toContain(merged);
    expect(deliveryUrlsSentence(n)).toContain(delivery);
  });
});

describe("an origin's ETag", () => {
  it.each([
    ['"bcc5a1"', '200, ETag "bcc5a1"'],
    ['W/"bcc5a1"', '200, ETag W/"bcc5a1"'],
    ['bcc5a1', '200, ETag "bcc5a1"'],
    ['"a\nb"', '200, ETag "a\\nb"'],
  ])('%j is shown quoted once: %s', (etag, words) => {
    expect(seenWords({ status: 200, etag })).toBe(words);
  });
});
