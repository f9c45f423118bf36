import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostOf, sampleByHost } from '../../src/domain/hosts.ts';
import type { OriginImage } from '../../src/origin/wait.ts';

const image = (host: string, n: number): OriginImage => ({
  ref: `https://${host}/images/${n}.png`,
  path: `public/${host}/${n}.png`,
});

describe('sampleByHost', () => {
  it('checks every image when there are at most the maximum', () => {
    const images = Array.from({ length: 1_000 }, (_, n) => image('www.example.com', n));
    const { checked, followers } = sampleByHost(images, 1_000);
    expect(checked).toEqual(images);
    expect(followers.size).toBe(0);
  });

  it('past the maximum, checks exactly the maximum, each image once, every host on some of its images', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 10, max: 500 }),
        (sizes, max) => {
          const images = sizes.flatMap((size, h) =>
            Array.from({ length: size }, (_, n) => image(`h${h}.example`, n)),
          );
          const { checked, followers } = sampleByHost(images, max);
          const followed = [...followers.values()].flat();
          expect([...checked, ...followed].map((i) => i.ref).toSorted()).toEqual(
            images.map((i) => i.ref).toSorted(),
          );
          if (images.length <= max) expect(checked).toHaveLength(images.length);
          else expect(checked).toHaveLength(Math.max(max, sizes.length));
          const checkedHosts = new Set(checked.map((i) => hostOf(i.ref)));
          expect(checkedHosts.size).toBe(sizes.length);
        },
      ),
    );
  });
});
