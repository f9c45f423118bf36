/**
 * The end of a switch over a union, in place of a `default`: a member added to the union and not handled there is
 * a compile error at this call, not a case silently taken for another.
 */
export function unhandled(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
