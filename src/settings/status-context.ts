import { createHash } from 'node:crypto';
import type { UrlMapRule } from './url-map.ts';
import { throwInput } from '../mechanics/input-error.ts';
import { quote } from '../shown/shown.ts';

/** The action's name, which every context it writes starts with. */
export const CONTEXT_PREFIX = 'image-cache-invalidate';

/**
 * The name of a target's record (the environment of its deployments): the action and its target, never the event,
 * so that a push run and a deploy run of the same target share one record while two targets keep apart. The target
 * is the service's endpoint, the url-map and the deploy environment, as a short digest that stays the same while
 * they do.
 */
export function defaultStatusContext(
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

// GitHub keeps a context to 255 characters; one line, as it is shown on the commit.
const CONTEXT_LIMIT = 255;

/** `status-context`: empty for the default; else one line of text, kept as given. */
export function parseStatusContext(value: string): string | undefined {
  const context = value.trim();
  if (context === '') return undefined;
  if (context.length > CONTEXT_LIMIT || /\p{Cc}/u.test(context)) {
    return throwInput(
      `status-context: ${quote(context.slice(0, 80))} is not allowed; give one line of at most ${CONTEXT_LIMIT} ` +
        `characters (e.g. ${CONTEXT_PREFIX}/production), or leave it empty for one named after url-map.`,
    );
  }
  return context;
}

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
