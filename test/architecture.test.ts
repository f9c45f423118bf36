/**
 * The architecture notes stay true: every file and folder that ARCHITECTURE.md and test/README.md name exists (and
 * every source and test that SECURITY.md and README.md name), and the layers ARCHITECTURE.md lists are the ones
 * `npm run lint` enforces (layers.config.mjs), in the same order.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { guidePaths } from './support/docs.ts';
import { STAGES } from '../src/outcome/stages.ts';
import { SILENT } from '../src/plan/stage.ts';
import { recordStage } from '../src/record/stage.ts';

const root = new URL('../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');

/** The layers as lint reads them. */
async function layers(): Promise<{ LAYERS: string[][]; STAGE_FOLDERS: string[] }> {
  return (await import(new URL('layers.config.mjs', root).href)) as {
    LAYERS: string[][];
    STAGE_FOLDERS: string[];
  };
}

/** A section of ARCHITECTURE.md, from its heading to the next. */
function section(heading: string): string {
  const text = read('ARCHITECTURE.md');
  const start = text.indexOf(`## ${heading}\n`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end === -1 ? undefined : end);
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

/** The command and the library's build (`npm run build:lib`): tsc compiles `rootDir` into `outDir`. */
const LIB_BUILD = (
  JSON.parse(read('tsconfig.lib.json')) as { compilerOptions: { outDir: string; rootDir: string } }
).compilerOptions;

/**
 * The source a built output is made from: `lib/cli/index.js` and `lib/cli/index.d.ts` from `src/cli/index.ts`, the
 * folder `lib/cli/` from `src/cli/`; undefined for a path that is no output of that build. A fresh clone has no lib/
 * (`npm ci` builds nothing), and a lib/ left by an old build may hold what no source makes any more: an output is
 * known by its source, never by what is on disk.
 */
function builtFrom(path: string): string | undefined {
  const prefix = `${LIB_BUILD.outDir}/`;
  if (!path.startsWith(prefix)) return undefined;
  const output = path.slice(prefix.length);
  if (output === '' || output.endsWith('/')) return `${LIB_BUILD.rootDir}/${output}`;
  const compiled = /^(.+)(\.d\.ts|\.js)$/.exec(output);
  return compiled === null ? undefined : `${LIB_BUILD.rootDir}/${compiled[1] ?? ''}.ts`;
}

/** A path as the notes write it: from the repository's root, from src/ or from test/; a built output by its source. */
function exists(path: string): boolean {
  const bare = path.replace(/\/$/, '');
  if (path.startsWith(`${LIB_BUILD.outDir}/`)) {
    const source = builtFrom(path);
    return source !== undefined && existsSync(new URL(source, root));
  }
  return ['', 'src/', 'test/'].some((base) => existsSync(new URL(base + bare, root)));
}

describe('the architecture notes', () => {
  it('know a built output by the source it is built from, and a path that nothing holds or builds as missing', () => {
    expect(exists('lib/cli/index.js')).toBe(true);
    expect(exists('lib/lib.d.ts')).toBe(true);
    expect(exists('lib/cli/')).toBe(true);
    expect(exists('lib/cli/nowhere.js')).toBe(false);
    expect(exists('lib/cli/index.ts')).toBe(false);
    expect(exists('src/cli/nowhere.ts')).toBe(false);
    expect(exists('e2e/nowhere.test.ts')).toBe(false);
  });

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

  it('runs in shared workers only suites that leave nothing behind: no mock, no environment, no server, no process, no global', async () => {
    const { PURE_SUITES } = (await import(new URL('vitest.config.ts', root).href)) as {
      PURE_SUITES: string[];
    };
    expect(PURE_SUITES.length).toBeGreaterThan(0);
    const leaves =
      /\bvi\.|\bprocess\.|globalThis|useEmulator|createServer|\bstart[A-Z]\w*\(|createOrigin|\bgit\(|execFile|spawn|setDefaultCA/;
    expect(PURE_SUITES.filter((path) => leaves.test(read(path)))).toEqual([]);
  });

  it('places every folder and file of src/ in a layer', async () => {
    const { LAYERS } = await layers();
    const entries = readdirSync(new URL('src/', root)).filter((name) => !name.endsWith('.d.ts'));
    expect(entries.filter((name) => !LAYERS.flat().includes(name))).toEqual([]);
  });

  it('draws the flow with the stages of the list, in the order they run', () => {
    const line = read('ARCHITECTURE.md')
      .split('\n')
      .find((text) => text.startsWith('inputs -> '));
    const drawn = /plan -> (.*) -> outcome/.exec(line ?? '')?.[1]?.split(' -> ');
    expect(drawn).toEqual(STAGES.map((stage) => stage.name));
  });

  it('names every voice a stage tells in, as the contract types them', () => {
    const contract = section('The stage contract');
    const named = [...contract.matchAll(/`(\w+)`/g)].map((match) => match[1]);
    expect(Object.keys(SILENT).filter((voice) => !named.includes(voice))).toEqual([]);
    for (const member of ['name', 'slice', 'run', 'tell'])
      expect(contract).toMatch(new RegExp(`\`${member}[(\`]`));
  });

  it('gives each stage folder a face whose stage is named for it, and lints its insides from outside', async () => {
    const { STAGE_FOLDERS } = await layers();
    const faced = [...STAGES, recordStage].map((stage) => stage.name);
    expect(STAGE_FOLDERS.filter((folder) => folder !== 'changes')).toEqual(faced);
    for (const folder of STAGE_FOLDERS)
      expect(existsSync(new URL(`src/${folder}/stage.ts`, root))).toBe(true);
    expect(read('layers.config.mjs')).toContain("name: 'stage-face'");
  });
});
