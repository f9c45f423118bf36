/**
 * The Node versions this package runs on. Checked by each entry (the action, the command, the library) before
 * anything else loads: on an older Node, undici fails while loading, with a TypeError that does not say why.
 */
export const NODE_MAJOR_NEEDED = 24;

/** Why this Node cannot run the package, or undefined when it can. */
export function unsupportedNode(version: string = process.versions.node): string | undefined {
  if (Number(version.split('.')[0]) >= NODE_MAJOR_NEEDED) return undefined;
  return `image-cache-invalidate needs Node ${NODE_MAJOR_NEEDED} or later; this is Node ${version}.`;
}
