import type { AskedImage } from './ask.ts';
import type { OriginMistake, SeenAnswer } from './watch.ts';

/** An ask and what it saw. */
interface Answered {
  readonly image: AskedImage;
  readonly seen: SeenAnswer | undefined;
}

/**
 * A url-map mistake that the asks made before the wait prove, for which waiting would only delay the failure:
 * - the host does not resolve (a name left from an example, a typo), and no ask got an answer: no deploy makes a name
 *   resolve;
 * - the witness (an image unchanged by the push, which the live site must serve) answers 404 or 410, and no image
 *   of the host served anything: the rule points where the site is not (a Pages site's `/<repository>` left out).
 *   An image added by the push answers 404 until the deploy lands, so only the witness proves the mapping wrong; and
 *   a host that serves some image under it is where the site is, the witness alone perhaps not deployed.
 */
export function mappingMistake(
  witness: Answered | undefined,
  firsts: readonly Answered[],
): OriginMistake | undefined {
  const asked = [...(witness === undefined ? [] : [witness]), ...firsts];
  // One failed lookup is not a name that does not exist (a resolver can fail now and then): any HTTP status proves it.
  const unresolved = asked.some(({ seen }) => seen?.status !== undefined)
    ? undefined
    : asked.find((answered) => answered.seen?.unresolved === true);
  if (unresolved?.seen !== undefined)
    return { kind: 'unresolved', image: unresolved.image, seen: unresolved.seen };
  if (witness?.seen === undefined || !isGone(witness.seen)) return undefined;
  if (firsts.some(({ seen }) => seen?.status !== undefined && seen.status >= 200 && seen.status < 300))
    return undefined;
  return {
    kind: 'not-found',
    image: witness.image,
    seen: witness.seen,
    images: 1,
    wholeHost: false,
    unchanged: true,
  };
}

function isGone(seen: SeenAnswer): boolean {
  return seen.status === 404 || seen.status === 410;
}
