// The action runs on Node 24 (action.yml: runs.using node24). `npm test` runs on the Node 24 that the
// `node` devDependency installs; calling vitest some other way can pick up an older system Node.
export function requireNode24(): void {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) {
    throw new Error(
      `Tests need Node 24 or later, the action's runtime; this is Node ${process.versions.node}. ` +
        'Run them with `npm test`, which uses the Node 24 installed by `npm ci`.',
    );
  }
}
