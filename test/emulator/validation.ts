import { badRequest, invalidParam, type ApiError } from './errors.ts';

export type Checked<T> = { ok: true; value: T } | { ok: false; error: ApiError };

// The spec sends JSON bodies with `Content-Type: application/json`; parameters such as charset may follow.
const JSON_MEDIA_TYPE = /^application\/json\s*(?:;|$)/i;

// A bare domain name: no scheme, port, path, query, credentials or whitespace.
const DOMAIN_NAME = /^[^\s/:?#@]+$/;
const MAX_DOMAIN_LENGTH = 253;

// Exactly 32 characters, counted as code points; the spec gives no alphabet, so none is checked.
const ASSET_HASH = /^.{32}$/su;

/** The parsed body for the record, or undefined when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

export function readDomain(contentType: string | undefined, body: string): Checked<string> {
  const field = readField(contentType, body, 'domain');
  if (!field.ok) return field;
  const domain = field.value;
  if (typeof domain !== 'string' || domain === '') return invalid('domain', 'must be a non-empty string');
  if (!DOMAIN_NAME.test(domain) || domain.length > MAX_DOMAIN_LENGTH) {
    return invalid('domain', 'must be a bare domain name, without scheme, port or path');
  }
  return { ok: true, value: domain };
}

// Order of checks: the count comes right after the type, so an oversized list always gets the spec's
// "Too many assets to invalidate", whatever its entries hold.
export function readAssets(
  contentType: string | undefined,
  body: string,
  limit: number,
  foreignHosts: ReadonlySet<string> = new Set(),
): Checked<string[]> {
  const field = readField(contentType, body, 'assets');
  if (!field.ok) return field;
  const assets: unknown = field.value;
  if (!Array.isArray(assets)) return invalid('assets', 'must be an array of strings');
  if (assets.length > limit) return fail(badRequest('too_many_assets', 'Too many assets to invalidate'));
  if (assets.length === 0) return invalid('assets', 'must not be empty');
  const bad = assets.findIndex((entry) => !isAssetReference(entry));
  if (bad !== -1) {
    return invalid('assets', `entry ${bad} is neither an absolute http(s) URL nor a 32-character asset hash`);
  }
  // Checked last, as a service that knows its accounts' domains would: one entry refuses the whole batch.
  const foreign = (assets as string[]).findIndex((entry) =>
    foreignHosts.has(URL.parse(entry)?.hostname ?? ''),
  );
  if (foreign !== -1) return invalid('assets', `entry ${foreign} is not on a domain of this account`);
  return { ok: true, value: assets as string[] };
}

function readField(contentType: string | undefined, body: string, field: string): Checked<unknown> {
  if (contentType === undefined || !JSON_MEDIA_TYPE.test(contentType)) {
    return fail(badRequest('rest_invalid_content_type', 'Content-Type must be application/json'));
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return fail(badRequest('rest_invalid_json', 'Invalid JSON body passed.'));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, field)) {
    return fail(badRequest('rest_missing_callback_param', `Missing parameter(s): ${field}`));
  }
  return { ok: true, value: (value as Record<string, unknown>)[field] };
}

// Surrounding whitespace is refused outright: it means the client did not trim its input.
function isAssetReference(entry: unknown): boolean {
  if (typeof entry !== 'string' || entry.trim() !== entry) return false;
  return ASSET_HASH.test(entry) || isHttpUrl(entry);
}

function isHttpUrl(text: string): boolean {
  const url = URL.parse(text);
  return (url?.protocol === 'http:' || url?.protocol === 'https:') && url.hostname !== '';
}

function invalid(field: string, reason: string): Checked<never> {
  return fail(invalidParam(field, reason));
}

function fail(error: ApiError): Checked<never> {
  return { ok: false, error };
}
