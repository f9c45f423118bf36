/**
 * The packages a module's text imports, statically or with import(): bare specifiers (`@scope/name` or `name`, without
 * a path inside the package), not node: built-ins or relative paths. `from` counts only as a word of its own, after a
 * space or a `}`: an exported object whose keys end in it (`'files-from': 'target'`) imports nothing.
 */
export function importedPackagesOf(text: string): string[] {
  const statements = /^\s*(?:import|export)\b[^;]*?[\s}]from\s*'([^'.][^']*)'|\bimport\('([^'.][^']*)'\)/gm;
  return [...text.matchAll(statements)]
    .map(([, fromClause, dynamic]) => fromClause ?? dynamic ?? '')
    .filter((specifier) => !specifier.startsWith('node:'))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}
