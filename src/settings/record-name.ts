import { createHash } from 'node:crypto';
import type { UrlMapRule } from './url-map.ts';
import { throwInput } from '../mechanics/input-error.ts';
import { quote } from '../shown/shown.ts';

/** The action's name, which the records of earlier versions were named with. */
export const CONTEXT_PREFIX = 'image-cache-invalidate';

/** What a record is for: the service, the deploy environment and the site's host, never the text of url-map. */
export interface RecordTarget {
  /** `{base-url}/api/{service-key}/v2/cache`. */
  readonly endpoint: URL;
  /** The site's host, as `siteHost` names it. */
  readonly host: string;
  readonly deployEnvironment: string;
}

/**
 * The site's host: the hosts the images are served from, each once, in one order. Given the url-map's hosts today;
 * whatever else names the site's host gives them here, so that a record's target is decided in one place.
 */
export function siteHost(hosts: readonly string[]): string {
  const unique = [...new Set(hosts.map((host) => host.toLowerCase()))].sort();
  return unique.length === 0 ? 'no site host' : unique.join(', ');
}

/** The hosts the url-map's rules point at. */
export function urlMapHosts(urlMap: readonly UrlMapRule[]): string[] {
  return urlMap.flatMap((rule) => {
    try {
      return [new URL(rule.urlPrefix).host];
    } catch {
      return [];
    }
  });
}

// GitHub keeps an environment's name to 255 characters; one line, as it is shown in the Environments list.
const NAME_LIMIT = 255;

/**
 * The default name of a target's record (the environment of its deployments), as a person reads it in the
 * repository's Environments list: what it holds, for which site and deploy environment, and of which service. The
 * same for every event of one target, so that a push run and a deploy run share one record; a fix of url-map that
 * keeps the host keeps it. A name past GitHub's limit keeps its start and a digest of the whole.
 */
export function defaultRecordName(target: RecordTarget): string {
  const serviceKey = decodeURIComponent(target.endpoint.pathname.split('/')[2] ?? '');
  const name =
    `Image cache record – ${target.host} – ${target.deployEnvironment.toLowerCase()} – ` +
    `${serviceKey} at ${target.endpoint.host}`;
  if (name.length <= NAME_LIMIT) return name;
  const digest = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, NAME_LIMIT - digest.length - 3)} … ${digest}`;
}

/**
 * The name earlier versions gave a target's record by default: the action and a digest of the service, the url-map
 * and the deploy environment. Read once, to carry its record over to the name of today.
 */
export function legacyRecordName(
  endpoint: URL,
  urlMap: readonly UrlMapRule[],
  deployEnvironment: string,
): string {
  const target = [
    endpoint.href,
    ...urlMap.map((rule) => `${rule.pathPrefix} => ${rule.urlPrefix}`),
    `environment ${deployEnvironment.toLowerCase()}`,
  ].join('\n');
  return `${CONTEXT_PREFIX}/${createHash('sha256').update(target).digest('hex').slice(0, 8)}`;
}

/** The record's name as the inputs give it, and which input gave it (`status-context` is its deprecated name). */
export interface RecordNameInput {
  readonly name: string;
  readonly input: 'record-name' | 'status-context';
}

/**
 * `record-name`, or its deprecated name `status-context`: empty for the default; else one line of text, kept as
 * given. Both given, and different, is refused.
 */
export function parseRecordName(recordName: string, statusContext: string): RecordNameInput | undefined {
  const given = [
    { input: 'record-name', name: recordName.trim() },
    { input: 'status-context', name: statusContext.trim() },
  ] as const;
  for (const { input, name } of given) {
    if (name.length > NAME_LIMIT || /\p{Cc}/u.test(name))
      return throwInput(
        `${input}: ${quote(name.slice(0, 80))} is not allowed; give one line of at most ${NAME_LIMIT} characters ` +
          '(e.g. Image cache record – production), or leave it empty for one named after the site.',
      );
  }
  const [named, old] = given;
  if (named.name !== '' && old.name !== '' && named.name !== old.name)
    return throwInput(
      `record-name: ${quote(named.name.slice(0, 80))} and status-context: ${quote(old.name.slice(0, 80))} both ` +
        'name the record; status-context is the old name of record-name: keep record-name alone.',
    );
  if (named.name !== '') return named;
  return old.name === '' ? undefined : old;
}

/** What the log says when the record is named by `status-context`. */
export const STATUS_CONTEXT_DEPRECATED =
  'status-context is deprecated: it is now record-name, which names the record the same way; rename ' +
  'status-context to record-name in the workflow.';

// GitHub keeps an environment's name to 255 characters.
const ENVIRONMENT_LIMIT = 255;

/** `deploy-environment`: one line, as a host names its deploys' environment; `production` when empty. */
export function parseDeployEnvironment(value: string): string {
  const environment = value.trim();
  if (environment === '') return 'production';
  if (environment.length > ENVIRONMENT_LIMIT || /\p{Cc}/u.test(environment)) {
    return throwInput(
      `deploy-environment: ${quote(environment.slice(0, 80))} is not allowed; give the environment your host ` +
        `names its deploys with, one line of at most ${ENVIRONMENT_LIMIT} characters (e.g. production, or ` +
        'Deploy Preview), or leave it empty for production.',
    );
  }
  return environment;
}
