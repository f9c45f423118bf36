/** The origin check as a person follows it: where the wait stands, and each mapping mistake told once per host. */
import { describe, expect, it } from 'vitest';
import { OriginWatch, type OriginMistake } from '../../src/origin/watch.ts';

const image = (host: string, name: string): { ref: string; path: string } => ({
  ref: `https://${host}/images/${name}`,
  path: `public/images/${name}`,
});

function watching(
  checkedOn: Record<string, number>,
  total: number,
): { watch: OriginWatch; told: OriginMistake[] } {
  const told: OriginMistake[] = [];
  return { watch: new OriginWatch(total, new Map(Object.entries(checkedOn)), (m) => told.push(m)), told };
}

describe('where the wait stands', () => {
  it('counts images ready and waiting, and those waiting by what their origin answers now, most first', () => {
    const { watch } = watching({ 'a.test': 4 }, 4);
    watch.asked(image('a.test', '1.png'), true, 'previous', { status: 200 }, true);
    watch.asked(image('a.test', '2.png'), true, 'previous', { status: 200 }, true);
    watch.asked(image('a.test', '3.png'), true, 'previous', { status: 503 }, true);
    watch.asked(image('a.test', '4.png'), true, 'ready', { status: 200 }, false);
    watch.settled(image('a.test', '4.png').ref, true);
    expect(watch.progress(12_345)).toEqual({
      ready: 1,
      waiting: 3,
      answers: [
        { answer: 'serve the previous version', images: 2 },
        { answer: 'answer 503', images: 1 },
      ],
      leftMs: 12_345,
    });
  });

  it('says what an image answers now, not what it first answered', () => {
    const { watch } = watching({ 'a.test': 1 }, 1);
    watch.asked(image('a.test', '1.png'), true, 'previous', { status: 404 }, false);
    watch.asked(image('a.test', '1.png'), false, 'previous', { status: 200 }, false);
    expect(watch.progress(0).answers).toEqual([{ answer: 'serve the previous version', images: 1 }]);
  });
});

describe('a mapping mistake', () => {
  it('is told at once for a changed image whose origin answers 404 on its first ask, once per host', () => {
    const { watch, told } = watching({ 'a.test': 3 }, 3);
    watch.asked(image('a.test', '1.png'), true, 'previous', { status: 404 }, true);
    watch.asked(image('a.test', '2.png'), true, 'previous', { status: 404 }, true);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: 'not-found', wholeHost: false, image: image('a.test', '1.png') });
  });

  it('is not told for an added image that answers 404 before its deploy, unless every image of its host does', () => {
    const { watch, told } = watching({ 'a.test': 2 }, 2);
    watch.asked(image('a.test', 'new.png'), true, 'previous', { status: 404 }, false);
    expect(told).toEqual([]);
    watch.asked(image('a.test', 'other.png'), true, 'previous', { status: 404 }, false);
    expect(told).toMatchObject([{ kind: 'not-found', wholeHost: true, images: 2 }]);
  });

  it('is told for a redirect to another host, or to another scheme or port of the same host, with the full target', () => {
    const { watch, told } = watching({ 'a.test': 1, 'b.test': 1, 'c.test': 1 }, 3);
    const redirect = (host: string, offsite: string): void => {
      watch.asked(image(host, '1.png'), true, 'other', { status: 301, offsite }, true);
    };
    redirect('a.test', 'https://a.test:8443/x.png');
    redirect('b.test', 'http://b.test/images/1.png');
    redirect('c.test', '//www.site.test/images/1.png');
    expect(told.map((mistake) => mistake.kind === 'redirected' && mistake.to)).toEqual([
      'https://a.test:8443/x.png',
      'http://b.test/images/1.png',
      'https://www.site.test/images/1.png',
    ]);
  });
});
