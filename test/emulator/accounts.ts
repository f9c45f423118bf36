import type { ApiError } from './errors.ts';
import type { KeyKind } from './types.ts';

// One key per kind of account the spec mentions, so tests and the demo can reach every answer.
export const DEMO_KEYS: Record<string, KeyKind> = {
  'root-key-0001': 'root',
  'sub-key-0001': 'sub',
  'ghost-key-0001': 'missing-account',
  'dormant-key-0001': 'inactive-account',
};

// RFC 7235 makes the scheme case-insensitive; RFC 6750 allows one or more spaces before the token.
const BEARER = /^Bearer +(\S+)$/i;

const UNAUTHORIZED: ApiError = { status: 401, code: 'rest_unauthorized', message: 'Unauthorized' };

const REFUSALS: Record<Exclude<KeyKind, 'root'>, ApiError> = {
  'missing-account': { status: 401, code: 'rest_user_not_found', message: 'User not found' },
  'inactive-account': { status: 403, code: 'rest_user_inactive', message: 'User not active' },
  // Every emulated route writes, and the spec says sub keys cannot reach routes that modify data.
  sub: { status: 403, code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.' },
};

/** The refusal for this Authorization header, or undefined when a root key may go on. */
export function refusalFor(
  header: string | undefined,
  keys: ReadonlyMap<string, KeyKind>,
): ApiError | undefined {
  const key = header === undefined ? undefined : BEARER.exec(header)?.[1];
  const kind = key === undefined ? undefined : keys.get(key);
  if (kind === undefined) return UNAUTHORIZED;
  return kind === 'root' ? undefined : REFUSALS[kind];
}

/** What the caller presented as a key, whatever the scheme: the part a hostile server would echo. */
export function presentedKey(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (value === undefined || value === '') return undefined;
  const space = value.indexOf(' ');
  return space === -1 ? value : value.slice(space + 1).trim();
}
