/** Which classes of browsers a proof asks a variant as, from what each answer says of how it was chosen. */
import { describe, expect, it } from 'vitest';
import { nextAccept, type AcceptClass } from '../../src/proof/accepts.ts';

const answer = (
  contentType: string,
  vary?: string,
): { status: number; contentType: string; vary?: string } =>
  vary === undefined ? { status: 200, contentType } : { status: 200, contentType, vary };

describe('nextAccept', () => {
  it.each<[AcceptClass, string, string | undefined, AcceptClass | undefined]>([
    // A host that keeps one copy per format: each class that cannot take the format just seen.
    ['avif', 'image/avif', 'Accept', 'webp'],
    ['webp', 'image/webp', 'Accept', 'plain'],
    ['plain', 'image/jpeg', 'Accept', undefined],
    // WebP given to the AVIF class: the WebP class gets that copy too, the rest do not.
    ['avif', 'image/webp; q=1', 'accept-encoding, Accept', 'plain'],
    // A format every class takes: the host did not convert this image, every browser gets it.
    ['avif', 'image/jpeg', 'Accept', undefined],
    ['avif', 'image/svg+xml', 'Accept', undefined],
    ['webp', 'image/png', 'Accept', undefined],
    // No Vary: Accept, in the original's format: one copy for every browser.
    ['avif', 'image/jpeg', undefined, undefined],
    ['avif', 'image/png', 'Accept-Encoding', undefined],
    // No Vary: Accept, but a format only some browsers take: the host negotiates all the same (a CDN that strips
    // Vary), so the browsers that cannot take it are asked too.
    ['avif', 'image/avif', undefined, 'webp'],
    ['avif', 'image/avif', 'Accept-Encoding', 'webp'],
    ['webp', 'image/webp', undefined, 'plain'],
    ['avif', 'image/avif', '*', 'webp'],
  ])('after %s answered %s (Vary %s), asks as %s', (answered, contentType, vary, next) => {
    expect(nextAccept(answered, answer(contentType, vary))).toBe(next);
  });

  it('asks no other class after no answer at all', () => {
    expect(nextAccept('avif', { vary: 'Accept' })).toBeUndefined();
  });
});
