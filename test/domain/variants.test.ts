import { describe, expect, it } from 'vitest';
import { planWarm } from '../../src/domain/variants.ts';

const HOST = 'img.example.net';
const A = 'https://www.example.com/a.png';
const B = 'https://www.example.com/b.png';

describe('planWarm', () => {
  it('requests each variant the pages name once, with the new cache buster', () => {
    const plan = planWarm({
      imageHost: HOST,
      images: [A],
      rewritten: [
        { originUrl: A, segments: ['cb:t1', 'w:640'] },
        { originUrl: A, segments: ['cb:t1', 'w:1280'] },
        { originUrl: A, segments: ['cb:t1', 'w:640'] },
      ],
      cacheBuster: 't1',
      limit: 2000,
    });
    expect(plan.requests).toEqual([
      { image: A, url: `https://${HOST}/cb:t1/w:640/${A}` },
      { image: A, url: `https://${HOST}/cb:t1/w:1280/${A}` },
    ]);
    expect(plan.overLimit).toBe(0);
  });

  it('takes the same segments in another order as the same variant', () => {
    const plan = planWarm({
      imageHost: HOST,
      images: [A],
      rewritten: [
        { originUrl: A, segments: ['cb:t1', 'w:640', 'q:80'] },
        { originUrl: A, segments: ['cb:t1', 'q:80', 'w:640'] },
      ],
      limit: 10,
    });
    expect(plan.requests).toHaveLength(1);
  });

  it('requests an image no page names at its plain delivery URL, with the cache buster when there is one', () => {
    expect(
      planWarm({ imageHost: HOST, images: [B], rewritten: [], cacheBuster: 't1', limit: 10 }).requests,
    ).toEqual([{ image: B, url: `https://${HOST}/cb:t1/${B}` }]);
    expect(planWarm({ imageHost: HOST, images: [B], rewritten: [], limit: 10 }).requests).toEqual([
      { image: B, url: `https://${HOST}/${B}` },
    ]);
  });

  it('requests nothing for a URL the pages name that was not invalidated, nor for an asset hash', () => {
    const plan = planWarm({
      imageHost: HOST,
      images: ['0123456789abcdef0123456789abcdef'],
      rewritten: [{ originUrl: B, segments: ['cb:t1', 'w:640'] }],
      limit: 10,
    });
    expect(plan.requests).toEqual([]);
  });

  it('matches a page URL to the image in another written form of the same URL', () => {
    const plan = planWarm({
      imageHost: HOST,
      images: [A],
      rewritten: [{ originUrl: 'HTTPS://WWW.Example.com/a.png', segments: ['cb:t1', 'w:640'] }],
      limit: 10,
    });
    expect(plan.requests).toEqual([
      { image: A, url: `https://${HOST}/cb:t1/w:640/HTTPS://WWW.Example.com/a.png` },
    ]);
  });

  it('stops at the limit and counts what it left out', () => {
    const plan = planWarm({
      imageHost: HOST,
      images: [A, B],
      rewritten: [
        { originUrl: A, segments: ['cb:t1', 'w:640'] },
        { originUrl: A, segments: ['cb:t1', 'w:1280'] },
      ],
      cacheBuster: 't1',
      limit: 2,
    });
    expect(plan.requests.map((request) => request.image)).toEqual([A, A]);
    expect(plan.overLimit).toBe(1);
  });
});
