import type { Route } from './types.ts';

const ROUTES = new Map<string, Route>([
  ['/invalidate/all', 'invalidate/all'],
  ['/invalidate/domain', 'invalidate/domain'],
  ['/invalidate/assets', 'invalidate/assets'],
  ['/token', 'token'],
]);

/**
 * Matches like a strict router: POST only, exact path, no trailing slash, case-sensitive, query ignored.
 * Strictness is deliberate: a client that builds a slightly wrong path should fail in tests, not in use.
 */
export function resolveRoute(
  method: string | undefined,
  target: string | undefined,
  serviceKey: string,
): Route {
  if (method !== 'POST') return 'unknown';
  const path = URL.parse(target ?? '', 'http://emulator.invalid')?.pathname;
  const prefix = `/api/${serviceKey}/v2/cache`;
  if (path?.startsWith(`${prefix}/`) !== true) return 'unknown';
  return ROUTES.get(path.slice(prefix.length)) ?? 'unknown';
}
