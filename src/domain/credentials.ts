/**
 * User names and passwords in URLs (`https://user:password@host/…`, `https://token@host/…`, `user:password@host`):
 * a URL input that holds them is refused before anything is sent, since the service, the log and the report would
 * all receive them, and it is shown with them as `***`.
 */

import { quote } from '../shown/shown.ts';

// A URL's user information, as the WHATWG parser reads an http(s) authority: whatever comes before the last '@'
// ahead of the path, after the scheme and its slashes (either way round), or from the start of a host given without
// a scheme. A scheme without slashes (`https:u:p@h`) is hidden with them.
const USER_INFO = /^([a-z][a-z0-9+.-]*:[/\\]+)?[^/?#\\]*@/i;

/**
 * A URL (or a host) with its user name and password as `***`; undefined when it holds none. `parsed`: the value as
 * the WHATWG parser reads it, when the caller has it already.
 */
export function credentialsHidden(value: string, parsed = URL.parse(value)): string | undefined {
  if (USER_INFO.test(value)) return value.replace(USER_INFO, (_, scheme?: string) => `${scheme ?? ''}***@`);
  // Shapes the parser reads as credentials once it strips what it ignores (tabs, line breaks, leading controls).
  if (parsed === null || (parsed.username === '' && parsed.password === '')) return undefined;
  const url = new URL(parsed.href);
  url.username = '***';
  url.password = '';
  return url.href;
}

/** The refusal of a value that holds credentials, shown hidden, with the fix for its input. */
export function credentialsRefusal(source: string, hidden: string, fix: string): string {
  return (
    `${source}: ${quote(hidden)} holds a user name or password (shown as ***), which the service, the log and the ` +
    `report would receive; ${fix}.`
  );
}
