import { createHash } from 'node:crypto';
import type { UrlMapRule } from './url-map.ts';
import { throwInput } from '../mechanics/input-error.ts';
import { quote } from '../shown/shown.ts';

/** The action's name, which every context it writes starts with. */
export const CONTEXT_PREFIX = 'image-cache-invalidate';

/**
 * The context of the commit status that records a commit fresh: the action and its target, never the event, so
 * that a push run and a deploy run of the same target share one record while two targets keep apart. The target is
 * the service's endpoint and the url-map, as a short digest that stays the same while they do.
 */
export function defaultStatusContext(endpoint: URL, urlMap: readonly UrlMapRule[]): string {
  const target = [endpoint.href, ...urlMap.map((rule) => `${rule.pathPrefix} => ${rule.urlPrefix}`)].join(
    '\n',
  );
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
