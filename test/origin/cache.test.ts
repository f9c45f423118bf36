import { describe, expect, it } from 'vitest';
import { cacheIn, keptForS } from '../../src/origin/cache.ts';

describe('a cache in front of an origin, read from its headers', () => {
  it.each<[string, Record<string, string>, string | undefined, boolean | undefined, number | undefined]>([
    [
      'Cloudflare HIT with its age and max-age',
      { 'cf-cache-status': 'HIT', age: '3600', 'cache-control': 'public, max-age=14400' },
      'Cloudflare',
      true,
      10_800,
    ],
    [
      'Cloudflare MISS: the origin answered',
      { 'cf-cache-status': 'MISS', 'cache-control': 'max-age=14400' },
      'Cloudflare',
      false,
      14_400,
    ],
    ['Cloudflare BYPASS', { 'cf-cache-status': 'BYPASS' }, 'Cloudflare', false, undefined],
    [
      'Fastly: the last cache listed hit, s-maxage over max-age',
      {
        'x-served-by': 'cache-fra-1, cache-lon-2',
        'x-cache': 'MISS, HIT',
        age: '10',
        'cache-control': 'max-age=60, s-maxage=600',
      },
      'Fastly',
      true,
      590,
    ],
    [
      'CloudFront hit, Surrogate-Control first',
      {
        'x-cache': 'Hit from cloudfront',
        via: '1.1 abc.cloudfront.net (CloudFront)',
        age: '5',
        'surrogate-control': 'max-age=100',
        'cache-control': 'max-age=9',
      },
      'CloudFront',
      true,
      95,
    ],
    ['CloudFront miss', { 'x-cache': 'Miss from cloudfront' }, 'CloudFront', false, undefined],
    [
      'Vercel HIT with max-age=0, must-revalidate: the lifetime is not stated',
      { 'x-vercel-cache': 'HIT', age: '120', 'cache-control': 'public, max-age=0, must-revalidate' },
      'Vercel',
      true,
      undefined,
    ],
    [
      'Netlify hit, by Cache-Status',
      { 'cache-status': '"Netlify Edge"; hit', age: '30' },
      'Netlify',
      true,
      undefined,
    ],
    ['Netlify miss', { 'cache-status': '"Netlify Edge"; fwd=miss' }, 'Netlify', false, undefined],
    [
      'Akamai TCP_HIT',
      { 'x-cache': 'TCP_HIT from a23-1-2-3.deploy.akamaitechnologies.com', 'cache-control': 'max-age=300' },
      'Akamai',
      true,
      300,
    ],
    [
      'any shared cache, by Age and CDN-Cache-Control',
      { age: '20', 'cdn-cache-control': 'max-age=50' },
      'a shared cache',
      true,
      30,
    ],
    ['no cache named, no age: none', { 'cache-control': 'max-age=60' }, undefined, undefined, undefined],
  ])('%s', (_name, headers, name, hit, kept) => {
    const cache = cacheIn(headers);
    expect(cache?.name).toBe(name);
    expect(cache?.hit).toBe(hit);
    expect(cache === undefined ? undefined : keptForS(cache)).toBe(kept);
  });
});
