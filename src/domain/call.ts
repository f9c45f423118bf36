import type { AssetRef } from './refs.ts';

/** One request to the service (API spec, part 4). Only the plural `invalidate/assets` route exists. */
export type ApiCall =
  | { readonly route: 'invalidate/all' }
  | { readonly route: 'invalidate/domain'; readonly domain: string }
  | { readonly route: 'invalidate/assets'; readonly assets: readonly AssetRef[] }
  | { readonly route: 'token' };

export type Route = ApiCall['route'];

/** A successful answer. */
export interface ApiAnswer {
  readonly status: number;
  /** The new cache token, for the `token` route. */
  readonly token?: string;
}
