/**
 * The architecture notes stay true: every file and folder that ARCHITECTURE.md and test/README.md name exists (and
 * every source and test that SECURITY.md and README.md name), and the layers ARCHITECTURE.md lists are the ones
 * `npm run lint` enforces (layers.config.mjs), in the same order.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { guidePaths } from './support/docs.ts';

const root = new URL('../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');

/** The layers as lint reads them. */
async function layers(): Promise<{ LAYERS: string[][] }> {
  return (await import(new URL('layers.config.mjs', root).href)) as { LAYERS: string[][] };
}

/** Each `code` span of a Markdown text that names a file or a folder: it has a '/' or a file's extension. */
function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? '');
  return spans.filter(
    (span) =>
      // Placeholders (`src/ci/<provider>.ts`), URLs, globs and shell words are not paths.
      !/[<>*:{}$]/.test(span) &&
      !span.startsWith('@') &&
      !span.startsWith('-') &&
      (span.includes('/') || /\.(ts|mjs|md|yml|json)$/.test(span)),
  );
}

/** A path as the notes write it: from the repository's root, from src/ or from test/. */
function exists(path: string): boolean {
  const bare = path.replace(/\/$/, '');
  return ['', 'src/', 'test/'].some((base) => existsSync(new URL(base + bare, root)));
}

describe('the architecture notes', () => {
  for (const file of ['ARCHITECTURE.md', 'test/README.md']) {
    it(`${file} names only files and folders that exist`, () => {
      const named = namedPaths(read(file));
      expect(named.length).toBeGreaterThan(20);
      expect(named.filter((path) => !exists(path))).toEqual([]);
    });
  }

  // These also name the files of a user's site (`public/images/a.png`): only the repository's own are checked.
  for (const file of ['SECURITY.md', ...guidePaths()]) {
    it(`${file} names only sources and tests that exist`, () => {
      const named = namedPaths(read(file)).filter((path) => /^(src|test|scripts)\//.test(path));
      expect(named.filter((path) => !existsSync(new URL(path, root)))).toEqual([]);
    });
  }

  it('lists the layers that lint enforces, bottom first', async () => {
    const { LAYERS } = await layers();
    const table = read('ARCHITECTURE.md')
      .split('\n')
      .filter((line) => /^\| \d+ /.test(line))
      .map((line) =>
        [...(line.split('|')[2] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]?.replace(/\/$/, '')),
      );
    expect(table).toEqual(LAYERS);
  });

  it('places every folder and file of src/ in a layer', async () => {
    const { LAYERS } = await layers();
    const entries = readdirSync(new URL('src/', root)).filter((name) => !name.endsWith('.d.ts'));
    expect(entries.filter((name) => !LAYERS.flat().includes(name))).toEqual([]);
  });
});
