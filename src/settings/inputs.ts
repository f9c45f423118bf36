/** Parsers for single input values. Each throws an InputError naming the input, the value and what is allowed. */

import { isLoopbackHost } from '../mechanics/http-url.ts';
import { credentialsHidden, credentialsRefusal } from '../domain/credentials.ts';
import { quote } from '../shown/shown.ts';
import { InputError, throwInput } from '../mechanics/input-error.ts';

// The spellings core.getBooleanInput accepts, and only those (YAML 1.2 core schema).
const BOOLEANS: Readonly<Record<string, boolean>> = {
  true: true,
  True: true,
  TRUE: true,
  false: false,
  False: false,
  FALSE: false,
};

export function parseBoolean(name: string, value: string): boolean {
  const parsed = BOOLEANS[value.trim()];
  return parsed ?? throwInput(`${name}: ${quote(value)} is not a boolean; use true or false.`);
}

export function parseChoice<T extends string>(name: string, value: string, choices: readonly T[]): T {
  const trimmed = value.trim();
  const choice = choices.find((candidate) => candidate === trimmed);
  return choice ?? throwInput(`${name}: ${quote(value)} is not one of ${choices.join(', ')}.`);
}

export function parseWholeNumber(name: string, value: string, min: number, max: number): number {
  const trimmed = value.trim();
  const parsed = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (parsed >= min && parsed <= max) return parsed;
  return throwInput(`${name}: ${quote(value)} is not allowed; use a whole number from ${min} to ${max}.`);
}

export function parseSeconds(name: string, value: string, min: number, max: number): number {
  const trimmed = value.trim();
  const parsed = /^\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
  if (parsed >= min && parsed <= max) return parsed;
  return throwInput(
    `${name}: ${quote(value)} is not allowed; use a number of seconds from ${min} to ${max}.`,
  );
}

/** An empty key, in a workflow's words; the command says it in its own (src/cli). */
export const NO_API_KEY =
  "api-key: is empty; pass the account's Root API key from a secret, e.g. api-key: ${{ secrets.IMAGE_API_KEY }}" +
  ' (a secret that is not set, or not available to this workflow, arrives empty, as on pull requests from ' +
  'forks). To preview what would be invalidated without a key, set dry-run: true.';

/** The key itself is never quoted in a message: only what is wrong with it. */
export function parseApiKey(value: string): string {
  const key = value.trim();
  if (key === '') {
    return throwInput(NO_API_KEY);
  }
  if (/^bearer\s/i.test(key)) {
    return throwInput(
      "api-key: starts with 'Bearer ' (value not shown); give the key alone: the action sends it as " +
        "'Authorization: Bearer <key>' itself.",
    );
  }
  // Quotes kept from a YAML value or a shell assignment would be sent as part of the key, and refused.
  if (/^(["'`]).+\1$|^[\u2018\u201c].+[\u2019\u201d]$/s.test(key)) {
    return throwInput(
      'api-key: is wrapped in quotes (value not shown); store the key in the secret without quotes around it.',
    );
  }
  // A token of another service pasted into the wrong secret: sending it would show it to the image service.
  if (/^(?:ghp|gho|ghs|ghu|ghr)_|^github_pat_/.test(key)) {
    return throwInput(
      "api-key: looks like a GitHub token (value not shown), not the image service's Root API key; check which " +
        'secret api-key reads.',
    );
  }
  if (/[\r\n]/.test(key)) {
    return throwInput('api-key: contains a line break (value not shown); a key is a single line.');
  }
  // Anything else outside visible ASCII cannot travel in an Authorization header.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    return throwInput(
      'api-key: contains spaces or characters outside visible ASCII (value not shown); a key is one word: copy it ' +
        'again from the dashboard.',
    );
  }
  return key;
}

/** `{base-url}/api/{service-key}/v2/cache`: the only place the key is ever sent. */
export function parseEndpoint(baseUrl: string, serviceKey: string): URL {
  // Both checked, so that a bad base-url does not hide a bad service-key.
  let base: URL | undefined;
  let problem: string | undefined;
  try {
    base = parseBaseUrl(baseUrl);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    problem = error.message;
  }
  const segment = serviceKey.trim();
  if (segment === '') {
    const message =
      "service-key: is empty; give the service's short name, the path segment <service-key> of its API address " +
      '/api/<service-key>/v2/cache.';
    problem = problem === undefined ? message : `${problem}\n${message}`;
  } else if (!/^[\w.~-]+$/.test(segment) || segment === '.' || segment === '..') {
    const message =
      `service-key: ${quote(serviceKey)} is not allowed; use one path segment of letters, digits, '.', '_', '~' or ` +
      "'-' (the <service-key> in /api/<service-key>/v2/cache).";
    problem = problem === undefined ? message : `${problem}\n${message}`;
  }
  if (base === undefined || problem !== undefined) return throwInput(problem ?? 'base-url: not usable.');
  // Set as a path, never parsed as a URL: the key goes to base-url's origin and nowhere else.
  const endpoint = new URL(base.origin);
  endpoint.pathname = `/api/${segment}/v2/cache`;
  return endpoint;
}

function parseBaseUrl(value: string): URL {
  const trimmed = value.trim();
  const example = 'e.g. https://dashboard.example.com';
  if (trimmed === '') return throwInput(`base-url: is empty; give the service's dashboard host, ${example}.`);
  // Checked before anything quotes the value, parsable or not: the value would show the credentials.
  const hidden = credentialsHidden(trimmed);
  if (hidden !== undefined) {
    return throwInput(
      credentialsRefusal('base-url', hidden, 'give the dashboard host alone: the key goes in api-key'),
    );
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed);
    const suggestion = !hasScheme && URL.canParse(`https://${trimmed}`) ? `e.g. https://${trimmed}` : example;
    return throwInput(
      `base-url: ${quote(value)} is not an absolute URL; write it with https://, ${suggestion}.`,
    );
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return throwInput(
      `base-url: ${quote(value)} uses plain http, which would send the key unencrypted; use https ` +
        '(plain http is allowed only for loopback hosts: localhost, 127.0.0.1, [::1]).',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return throwInput(`base-url: ${quote(value)} is not an https URL; ${example}.`);
  }
  if (url.search !== '' || url.hash !== '') {
    return throwInput(`base-url: ${quote(value)} has a query or fragment; give the host alone, ${example}.`);
  }
  if (url.pathname.replace(/\/+/g, '/') !== '/') return throwInput(basePathProblem(value, url));
  return url;
}

/** base-url is the dashboard's host; a path would be sent before /api/<service-key>/v2/cache, to no endpoint. */
function basePathProblem(value: string, url: URL): string {
  const api = /\/api\/([^/]+)/.exec(url.pathname);
  const serviceKey = api?.[1] === undefined ? '' : ` and service-key: ${decodeURIComponent(api[1])}`;
  return (
    `base-url: ${quote(value)} has a path; give the dashboard host alone, base-url: ${url.origin}${serviceKey} ` +
    '(the action adds /api/<service-key>/v2/cache itself).'
  );
}

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A host name in ASCII, lower case. A URL becomes its host; an internationalised name its ASCII form. */
export function parseDomain(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') {
    return throwInput(
      "domain: is empty; scope 'domain' needs the domain whose images to invalidate, e.g. www.example.com.",
    );
  }
  const hidden = credentialsHidden(trimmed);
  if (hidden !== undefined) {
    return throwInput(credentialsRefusal('domain', hidden, 'give the host name alone, e.g. www.example.com'));
  }
  const problem = `domain: ${quote(value)} is not a domain name; give a host name such as www.example.com (a URL is reduced to its host).`;
  let url: URL;
  try {
    // The WHATWG URL parser lower-cases and converts an internationalised name to its ASCII (punycode) form.
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
  } catch {
    return throwInput(problem);
  }
  const host = url.hostname.replace(/\.$/, '');
  const labels = host.split('.');
  const topLabel = labels.at(-1) ?? '';
  const valid =
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    host.length <= 253 &&
    labels.every((label) => HOST_LABEL.test(label)) &&
    !/^\d+$/.test(topLabel); // an IP address is not a domain
  if (!valid) return throwInput(problem);
  const extra = moreThanHost(url);
  if (extra === undefined) return host;
  return throwInput(
    `domain: ${quote(value)} has ${extra}, but scope 'domain' clears every image of the whole domain ${host}. ` +
      "To clear some images only, use scope 'assets' with assets (their URLs) or url-map (the folders they are " +
      `served from, e.g. url-map: public/images => https://${host}/images); to clear the whole domain, write ` +
      `domain: ${host}.`,
  );
}

/** What a domain given as a URL holds beside its host, which the service's domain scope cannot narrow to. */
function moreThanHost(url: URL): string | undefined {
  if (url.port !== '') return 'a port';
  if (url.pathname.replace(/\/+/g, '/') !== '/') return 'a path';
  return url.search === '' && url.hash === '' ? undefined : 'a query';
}

/** A commit, tag or branch (`v1.2.0`, `main~3`) for git: never read as an option, never a range or a path. */
export function parseSince(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || /^-|[\s\p{Cc}:]|\.\./u.test(trimmed)) {
    return throwInput(`since: ${quote(value)} is not a commit SHA, tag or branch name.`);
  }
  return trimmed;
}
