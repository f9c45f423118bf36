import { canonicalRef } from './refs.ts';
import { imageUrl } from './urls.ts';

/**
 * Which delivery URLs a warm-up requests: for each invalidated image, every variant the built pages name (each
 * distinct set of processing segments, with the new cache buster), or its plain delivery URL when no page names it.
 * Pure: the requests are made elsewhere.
 */

/** Warm-up requests a run makes at most; the rest are counted and said, not made. */
export const WARM_LIMIT = 2_000;

/** One image URL a built page names (as rewrite wrote it, or as `pages` read it): its origin image URL and its
 * processing segments, `cb:` included. */
export interface RewrittenUrl {
  readonly originUrl: string;
  readonly segments: readonly string[];
}

export interface WarmRequest {
  /** The invalidated image, as the run named it. */
  readonly image: string;
  readonly url: string;
}

export interface WarmPlanInput {
  readonly imageHost: string;
  /** The images the run invalidated (origin URLs; anything else, such as an asset hash, has no URL to warm). */
  readonly images: readonly string[];
  /** Every URL the rewrite wrote, then every one the pages of `pages` name, in page order: the first of a variant is asked. */
  readonly rewritten: readonly RewrittenUrl[];
  /** The new cache buster, for the plain URL of an image no page names; none: the plain URL has none either. */
  readonly cacheBuster?: string | undefined;
  readonly limit: number;
}

export interface WarmPlan {
  readonly requests: readonly WarmRequest[];
  /** Requests planned past `limit`, not made. */
  readonly overLimit: number;
}

export function planWarm(input: WarmPlanInput): WarmPlan {
  const variants = new Map<string, Map<string, string>>();
  for (const url of input.rewritten) {
    const key = canonicalRef(url.originUrl);
    const urls = variants.get(key) ?? new Map<string, string>();
    const processing = url.segments.filter((segment) => !segment.startsWith('cb:'));
    // The same variant written in another order is the same image for the service: one request.
    const shape = processing.toSorted().join('/');
    if (!urls.has(shape)) urls.set(shape, deliveryUrl(input.imageHost, url));
    variants.set(key, urls);
  }
  const all: WarmRequest[] = [];
  const seen = new Set<string>();
  for (const image of input.images) {
    if (!/^https?:\/\//i.test(image)) continue;
    const key = canonicalRef(image);
    if (seen.has(key)) continue;
    seen.add(key);
    const named = variants.get(key);
    if (named === undefined) {
      const plain = plainUrl(input.imageHost, image, input.cacheBuster);
      if (plain !== undefined) all.push({ image, url: plain });
    } else for (const url of named.values()) all.push({ image, url });
  }
  const limit = Math.max(0, input.limit);
  return { requests: all.slice(0, limit), overLimit: Math.max(0, all.length - limit) };
}

function deliveryUrl(imageHost: string, url: RewrittenUrl): string {
  return [`https://${imageHost}`, ...url.segments, url.originUrl].join('/');
}

function plainUrl(imageHost: string, originUrl: string, cacheBuster: string | undefined): string | undefined {
  try {
    return imageUrl({ imageHost, originUrl, cacheBuster });
  } catch {
    return undefined;
  }
}
