import { randomBytes } from 'node:crypto';
import { refusalFor } from './accounts.ts';
import { NO_ROUTE, type ApiError } from './errors.ts';
import type { Emulator, KeyKind, RecordedRequest, Route } from './types.ts';
import { readAssets, readDomain } from './validation.ts';

/** The emulated account's state that requests read and change. */
export interface Service {
  keys: ReadonlyMap<string, KeyKind>;
  assetLimit: number;
  /** Hosts not of this account: an image URL on one is refused. */
  foreignHosts: ReadonlySet<string>;
  invalidated: Emulator['invalidated'];
  tokens: string[];
}

export type Outcome = { ok: true; body: unknown } | { ok: false; error: ApiError };

// Invalidation answers are not shown in the spec; these are the emulator's choice, all 200.
export function handle(route: Route, request: RecordedRequest, service: Service): Outcome {
  // Routes resolve before authentication, as in WordPress: an unknown path is 404 whatever the key.
  if (route === 'unknown') return { ok: false, error: NO_ROUTE };
  // Authentication comes before the body, so a refused key never learns whether its body was valid.
  const refusal = refusalFor(headerValue(request.headers, 'authorization'), service.keys);
  if (refusal !== undefined) return { ok: false, error: refusal };
  const contentType = headerValue(request.headers, 'content-type');
  switch (route) {
    case 'invalidate/all':
      service.invalidated.all += 1;
      return succeeded({ scope: 'all' });
    case 'invalidate/domain': {
      // An unknown domain is accepted: nothing of it is cached, so there is nothing to clear.
      const domain = readDomain(contentType, request.body);
      if (!domain.ok) return domain;
      service.invalidated.domains.push(domain.value);
      return succeeded({ scope: 'domain', domain: domain.value });
    }
    case 'invalidate/assets': {
      const assets = readAssets(contentType, request.body, service.assetLimit, service.foreignHosts);
      if (!assets.ok) return assets;
      service.invalidated.assets.push(...assets.value);
      return succeeded({ scope: 'assets', invalidated: assets.value.length });
    }
    case 'token': {
      const token = randomBytes(16).toString('hex');
      service.tokens.push(token);
      return succeeded({ token });
    }
  }
}

export function headerValue(headers: RecordedRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function succeeded(data: Record<string, unknown>): Outcome {
  return { ok: true, body: { success: true, data } };
}
