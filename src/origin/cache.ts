import { header, type AnswerHeaders } from '../mechanics/headers.ts';

/**
 * A cache in front of an origin, as its answer's headers name it: which, whether it answered from its copy (a hit),
 * how old that copy is and how long the cache keeps it, where the headers say. Names and figures are ours, read from
 * the headers, never their text: nothing here is shown as the origin wrote it.
 */
export interface CacheSeen {
  /** `Cloudflare`, `Fastly`, `CloudFront`, `Vercel`, `Netlify`, `Akamai`, or `a shared cache` (Age, Via). */
  readonly name: string;
  /** The header that said so, for a person to look for: `cf-cache-status`, `x-cache`, `age`. */
  readonly by: string;
  /** It answered from its copy; a miss or a bypass went to the origin. */
  readonly hit: boolean;
  /** Seconds its copy had been kept (Age). */
  readonly ageS?: number | undefined;
  /** Seconds it keeps a copy, where stated: CDN-Cache-Control, Surrogate-Control, s-maxage, else max-age. */
  readonly lifetimeS?: number | undefined;
}

/** The cache that answered, if the headers name one. */
export function cacheIn(headers: AnswerHeaders): CacheSeen | undefined {
  const named = namedCache(headers);
  const ageS = seconds(header(headers, 'age'));
  if (named === undefined && (ageS === undefined || ageS === 0)) return undefined;
  const seen = named ?? { name: 'a shared cache', by: 'age', hit: true };
  const lifetimeS = lifetimeOf(headers);
  // A hit older than the lifetime stated is kept by another rule: that lifetime is the browsers', not the cache's
  // (a host's edge answers `max-age=0, must-revalidate` and keeps its own copy for as long as it likes).
  const stated = lifetimeS !== undefined && !(seen.hit && lifetimeS <= (ageS ?? 0));
  return { ...seen, ageS, lifetimeS: stated ? lifetimeS : undefined };
}

/** Seconds the cache keeps its copy after this answer: its lifetime less its age; undefined where not stated. */
export function keptForS(cache: CacheSeen): number | undefined {
  return cache.lifetimeS === undefined ? undefined : Math.max(0, cache.lifetimeS - (cache.ageS ?? 0));
}

function namedCache(headers: AnswerHeaders): Omit<CacheSeen, 'ageS' | 'lifetimeS'> | undefined {
  const lower = (name: string): string => (header(headers, name) ?? '').toLowerCase();
  const cloudflare = lower('cf-cache-status');
  if (cloudflare !== '')
    return {
      name: 'Cloudflare',
      by: 'cf-cache-status',
      hit: ['hit', 'stale', 'updating', 'revalidated'].includes(cloudflare),
    };
  const vercel = lower('x-vercel-cache');
  if (vercel !== '')
    return { name: 'Vercel', by: 'x-vercel-cache', hit: ['hit', 'stale', 'prerender'].includes(vercel) };
  const status = lower('cache-status');
  if (status.includes('netlify'))
    return { name: 'Netlify', by: 'cache-status', hit: parameters(status).includes('hit') };
  const xCache = lower('x-cache');
  if (xCache.includes('cloudfront') || lower('via').includes('cloudfront'))
    return {
      name: 'CloudFront',
      by: 'x-cache',
      hit: xCache.startsWith('hit') || xCache.startsWith('refreshhit'),
    };
  if (xCache.includes('tcp_') || lower('x-akamai-request-id') !== '' || lower('akamai-cache-status') !== '')
    return {
      name: 'Akamai',
      by: 'x-cache',
      hit: xCache.includes('hit') || lower('akamai-cache-status').startsWith('hit'),
    };
  if (lower('x-served-by').startsWith('cache-'))
    // Fastly lists each of its caches the request passed, the one nearest the client last.
    return { name: 'Fastly', by: 'x-cache', hit: (xCache.split(',').at(-1) ?? '').trim() === 'hit' };
  if (xCache !== '') return { name: 'a shared cache', by: 'x-cache', hit: xCache.startsWith('hit') };
  return undefined;
}

/** The lifetime a cache in front keeps: its own header first, then the shared one of Cache-Control, then max-age. */
function lifetimeOf(headers: AnswerHeaders): number | undefined {
  return (
    directive(header(headers, 'cdn-cache-control'), 'max-age') ??
    directive(header(headers, 'surrogate-control'), 'max-age') ??
    directive(header(headers, 'cache-control'), 's-maxage') ??
    directive(header(headers, 'cache-control'), 'max-age')
  );
}

function directive(value: string | undefined, name: string): number | undefined {
  for (const part of (value ?? '').split(',')) {
    const [key, argument] = part.split('=');
    if (key?.trim().toLowerCase() === name) return seconds(argument?.trim().replaceAll('"', ''));
  }
  return undefined;
}

/** RFC 9211's parameters of a Cache-Status entry: `"Netlify Edge"; hit` has `hit`. */
function parameters(value: string): string[] {
  return value.split(';').map((part) => part.trim());
}

function seconds(value: string | undefined): number | undefined {
  const parsed = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isSafeInteger(parsed) && parsed >= 0
    ? parsed
    : undefined;
}

/** The cache in words: `Cloudflare (cf-cache-status: a hit), its copy 3,600 s old, kept 10,800 s more`. */
export function cacheWords(cache: CacheSeen): string {
  const parts = [`${cache.name} (${cache.by}: a hit)`];
  if (cache.ageS !== undefined) parts.push(`its copy ${cache.ageS.toLocaleString('en-US')} s old`);
  const kept = keptForS(cache);
  parts.push(
    kept === undefined
      ? 'for how long it keeps it not stated'
      : `kept ${kept.toLocaleString('en-US')} s more`,
  );
  return parts.join(', ');
}
