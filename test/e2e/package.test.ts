/**
 * The npm package as a user gets it: `npm pack` makes the tarball that `npm publish` would upload, and a fresh
 * project of their own installs it (from npm's cache where it can), runs the command with npx, imports the
 * library by its name from ESM and from CommonJS, and type-checks a TypeScript file that uses it.
 * lib/ is compiled from the current sources by the tests' global setup (test/setup/build.ts).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../emulator/server.ts';
import { ROOT_KEY } from '../support/client.ts';
import { importedPackagesOf } from '../support/imports.ts';
import { ROOT, spawnProcess, type CommandRun } from '../support/command.ts';
import { guideBlocks, kindOf } from '../support/readme-blocks.ts';

interface PackageJson {
  readonly name: string;
  readonly version: string;
  readonly type: string;
  readonly types: string;
  readonly bin: Record<string, string>;
  readonly exports: Record<string, Record<string, string> | string>;
  readonly scripts: Record<string, string>;
  readonly dependencies: Record<string, string>;
  readonly repository: { readonly url: string };
  readonly homepage: string;
  readonly bugs: { readonly url: string };
  readonly keywords: readonly string[];
}

interface PackResult {
  readonly filename: string;
  readonly unpackedSize: number;
  readonly files: readonly { readonly path: string }[];
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;

// npm itself, run by this Node: npm_execpath is npm's own script when the tests run under `npm test` or npx.
const NPM_CLI = process.env.npm_execpath ?? '';
const NPX_CLI = join(dirname(NPM_CLI), 'npx-cli.js');

/** npm (or npx) with the user's environment (its cache included), in `cwd`. */
function npm(
  cli: string,
  args: readonly string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<CommandRun> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return spawnProcess(process.execPath, [cli, ...args], { cwd, env: { ...inherited, ...env } });
}

/** The packages that the compiled library and command import at run time: bare specifiers in lib/**\/*.js. */
function runtimeImports(dir: string): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const name of importedPackagesOf(text)) names.add(name);
  }
  return names;
}

let emulator: Emulator;
let project: string;
let packed: PackResult;
let install: CommandRun;

beforeAll(async () => {
  expect(NPM_CLI, 'run the tests with npm test or npx vitest').toMatch(/\.c?js$/);
  emulator = await startEmulator();
  project = mkdtempSync(join(tmpdir(), 'package-user-'));
  // lib/ is already built: --ignore-scripts keeps prepack from rewriting it under the other test files' feet.
  const pack = await npm(
    NPM_CLI,
    ['pack', '--json', '--ignore-scripts', '--pack-destination', project],
    ROOT,
  );
  expect(pack.stderr.replace(/^npm (warn|notice) .*\n/gm, '')).toBe('');
  [packed] = JSON.parse(pack.stdout) as [PackResult];
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-project', type: 'module' }));
  mkdirSync(join(project, 'node_modules'));
  install = await npm(
    NPM_CLI,
    ['install', '--prefer-offline', '--no-audit', '--no-fund', join(project, packed.filename)],
    project,
  );
}, 55_000);
afterAll(async () => {
  await emulator.close();
  rmSync(project, { recursive: true, force: true });
});
beforeEach(() => {
  emulator.reset();
});

function node(script: string, source: string, env: Record<string, string> = {}): Promise<CommandRun> {
  writeFileSync(join(project, script), source);
  return spawnProcess(process.execPath, [script], { cwd: project, env });
}

describe('package.json', () => {
  it('runs nothing on install: lib/ is built by prepack (`npm run build:lib`), before pack and publish', () => {
    expect(pkg.scripts.prepack).toBe('npm run build:lib');
    for (const hook of ['prepare', 'preinstall', 'install', 'postinstall'])
      expect(pkg.scripts[hook], hook).toBeUndefined();
    expect(install.exitCode, install.stderr).toBe(0);
  });

  it('says where the project lives: repository, homepage, bugs and keywords', () => {
    expect(pkg.repository.url).toMatch(/^git\+https:\/\/github\.com\/[\w-]+\/image-cache-invalidate\.git$/);
    expect(pkg.homepage).toMatch(/^https:\/\/github\.com\/[\w-]+\/image-cache-invalidate#readme$/);
    expect(pkg.bugs.url).toMatch(/^https:\/\/github\.com\/[\w-]+\/image-cache-invalidate\/issues$/);
    expect(pkg.keywords).toEqual(expect.arrayContaining(['github-action', 'cache', 'image']));
  });

  it('depends on exactly the packages that the library and the command import at run time', () => {
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...runtimeImports(join(ROOT, 'lib'))].sort());
    expect(pkg.dependencies).not.toHaveProperty('@actions/core');
  });

  it('exports the library and package.json, and the files they name exist in the package', () => {
    expect(Object.keys(pkg.exports)).toEqual(['.', './package.json']);
    expect(pkg.exports['./package.json']).toBe('./package.json');
    const root = pkg.exports['.'] as Record<string, string>;
    expect(Object.keys(root)).toEqual(['types', 'default']);
    expect(root.types).toBe(`./${pkg.types.replace(/^\.\//, '')}`);
    const files = packed.files.map((file) => file.path);
    for (const target of [...Object.values(root), pkg.types, ...Object.values(pkg.bin)])
      expect(files, target).toContain(target.replace(/^\.\//, ''));
  });
});

describe('the tarball that npm pack makes', () => {
  it('holds the library and the command once, compiled, with the changelog: no bundle, no sources, no tests', () => {
    const files = packed.files.map((file) => file.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'LICENSE',
        'CHANGELOG.md',
        'lib/lib.js',
        'lib/cli/index.js',
      ]),
    );
    expect(files.filter((file) => !/^lib\/.*\.(js|d\.ts)$/.test(file)).sort()).toEqual([
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'package.json',
    ]);
    // About 1 MB (0.3 MB packed), compiled sources and their declarations: the two ncc bundles it used to carry were
    // about 8 MB, which this bound keeps out.
    expect(packed.unpackedSize).toBeLessThan(2_000_000);
  });

  it('installs in a fresh project, with its dependencies and without @actions/core', () => {
    const installed = join(project, 'node_modules', pkg.name);
    expect(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'))).toMatchObject({
      version: pkg.version,
    });
    for (const name of Object.keys(pkg.dependencies))
      expect(existsSync(join(project, 'node_modules', name, 'package.json')), name).toBe(true);
    expect(existsSync(join(project, 'node_modules', '@actions', 'core'))).toBe(false);
    expect(relative(project, installed).split(sep)).toEqual(['node_modules', pkg.name]);
  });
});

describe('the command, run with npx in the project that installed it', () => {
  it('prints the version of package.json', async () => {
    const run = await npm(NPX_CLI, ['--no-install', pkg.name, '--version'], project);
    expect(run.stderr.replace(/^npm warn .*\n/gm, '')).toBe('');
    expect(run.stdout).toBe(`${pkg.version}\n`);
  });

  it('invalidates assets at the service', async () => {
    const assets = ['https://www.example.com/images/a.png', '0123456789abcdef0123456789abcdef'];
    const run = await npm(
      NPX_CLI,
      [
        '--no-install',
        pkg.name,
        '--base-url',
        emulator.url,
        '--service-key',
        emulator.serviceKey,
        '--assets',
        assets.join('\n'),
      ],
      project,
      { IMAGE_CACHE_API_KEY: ROOT_KEY },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(emulator.invalidated.assets).toEqual(assets);
    expect(`${run.stdout}${run.stderr}`).not.toContain(ROOT_KEY);
  });
});

describe('the library, imported from ESM', () => {
  it('lets nothing but the package itself be imported: a deep import fails with ERR_PACKAGE_PATH_NOT_EXPORTED', async () => {
    const run = await node(
      'deep.mjs',
      `const codes = [];
for (const path of ['image-cache-invalidate/src/settings/settings.ts', 'image-cache-invalidate/lib/settings/settings.js']) {
  try {
    await import(path);
    codes.push('imported');
  } catch (error) {
    codes.push(error.code);
  }
}
console.log(JSON.stringify(codes));
`,
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([
      'ERR_PACKAGE_PATH_NOT_EXPORTED',
      'ERR_PACKAGE_PATH_NOT_EXPORTED',
    ]);
  });
});

describe('the library, required from CommonJS', () => {
  it('loads with require() and works', async () => {
    const run = await node(
      'use.cjs',
      `const library = require('image-cache-invalidate');
const { version } = require('image-cache-invalidate/package.json');
console.log(JSON.stringify({
  version,
  url: library.imageUrl({ imageHost: 'img.example.net', originUrl: 'https://www.example.com/a.png', cacheBuster: 'v1' }),
  batches: library.toBatches(Array.from({ length: 150 }, (_, i) => String(i))).length,
  error: typeof library.ApiError,
}));
`,
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      version: pkg.version,
      url: 'https://img.example.net/cb:v1/https://www.example.com/a.png',
      batches: 2,
      error: 'function',
    });
  });
});

describe('the library, imported by its name in a script of a user', () => {
  const SCRIPT = `import {
  imageUrl, parseAssetList, toBatches, selectPaths, parseUrlMap, mapToUrl,
  sendCall, createDispatcher, makeRedactor, planRun,
} from 'image-cache-invalidate';

const out = {};
out.imageUrl = imageUrl({
  imageHost: 'img.example.net',
  originUrl: 'https://www.example.com/a.png',
  cacheBuster: 'v42',
  segments: { w: 640 },
});
const parsed = parseAssetList('https://www.example.com/a.png\\n0123456789abcdef0123456789abcdef\\nnot-a-url');
out.refs = parsed.refs;
out.invalid = parsed.invalid.map((entry) => entry.value);
out.batchSizes = toBatches(Array.from({ length: 250 }, (_, i) => 'https://www.example.com/' + i + '.png')).map((b) => b.length);
out.selected = selectPaths(['public/images/a.png', 'README.md', 'public/images/b.JPG'], ['**/*.{png,jpg}']);
const rules = parseUrlMap('public/images => https://www.example.com/images');
out.mapped = mapToUrl('public/images/with space.png', rules);
out.redacted = makeRedactor(['secret-key-42'])('Bearer secret-key-42');
const plan = planRun({ target: { scope: 'assets', assets: out.refs }, token: true });
out.plan = { calls: plan.calls, token: plan.token };

const apiKey = process.env.IMAGE_CACHE_API_KEY;
const dispatcher = createDispatcher(2, 5000);
const client = {
  endpoint: new URL(process.env.IMAGE_CACHE_BASE_URL + '/api/svc/v2/cache'),
  apiKey,
  dispatcher,
  timeoutMs: 5000,
  redact: makeRedactor([apiKey]),
  userAgent: 'my-deploy-script',
};
out.invalidate = await sendCall({ route: 'invalidate/assets', assets: out.refs }, client);
out.token = await sendCall({ route: 'token' }, client);
try {
  await sendCall({ route: 'invalidate/all' }, { ...client, apiKey: 'sub-key-0001', redact: makeRedactor(['sub-key-0001']) });
} catch (error) {
  out.refused = { name: error.name, status: error.status, kind: error.kind };
}
await dispatcher.close();
console.log(JSON.stringify(out));
`;

  interface ScriptOutput {
    imageUrl: string;
    refs: string[];
    invalid: string[];
    batchSizes: number[];
    selected: string[];
    mapped: string;
    redacted: string;
    plan: { calls: unknown[]; token: boolean };
    invalidate: { status: number };
    token: { status: number; token: string };
    refused: { name: string; status: number; kind: string };
  }

  let run: CommandRun;
  let out: ScriptOutput;
  // What the emulator received, kept before the suite's beforeEach resets it.
  let received: { assets: string[]; tokens: string[]; userAgent: unknown; routes: string[] };
  beforeAll(async () => {
    emulator.reset();
    run = await node('use.mjs', SCRIPT, {
      IMAGE_CACHE_API_KEY: ROOT_KEY,
      IMAGE_CACHE_BASE_URL: emulator.url,
    });
    out = JSON.parse(run.stdout || '{}') as ScriptOutput;
    received = {
      assets: [...emulator.invalidated.assets],
      tokens: [...emulator.tokens],
      userAgent: emulator.requests[0]?.headers['user-agent'],
      routes: emulator.requests.map((request) => request.route),
    };
  });

  it('runs without an error', () => {
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
  });

  it('imageUrl gives the README example', () => {
    expect(out.imageUrl).toBe('https://img.example.net/cb:v42/w:640/https://www.example.com/a.png');
  });

  it('parseAssetList, toBatches, selectPaths, parseUrlMap and mapToUrl plan as the action does', () => {
    expect(out.refs).toEqual(['https://www.example.com/a.png', '0123456789abcdef0123456789abcdef']);
    expect(out.invalid).toEqual(['not-a-url']);
    expect(out.batchSizes).toEqual([100, 100, 50]);
    expect(out.selected).toEqual(['public/images/a.png', 'public/images/b.JPG']);
    expect(out.mapped).toBe('https://www.example.com/images/with%20space.png');
    expect(out.redacted).toBe('Bearer ***');
    expect(out.plan).toEqual({
      calls: [{ route: 'invalidate/assets', assets: out.refs }],
      token: true,
    });
  });

  it('sendCall reaches the service: the assets are invalidated and a token is issued', () => {
    expect(out.invalidate.status).toBe(200);
    expect(received.assets).toEqual(out.refs);
    expect(out.token.status).toBe(200);
    expect(received.tokens).toEqual([out.token.token]);
    expect(received.userAgent).toBe('my-deploy-script');
    expect(received.routes).toEqual(['invalidate/assets', 'token', 'invalidate/all']);
  });

  it('sendCall rejects with an ApiError when the service refuses the key', () => {
    expect(out.refused).toEqual({ name: 'ApiError', status: 403, kind: 'http' });
  });
});

describe('the library, type-checked in a TypeScript project of a user', () => {
  const compilerOptions = {
    target: 'ES2023',
    lib: ['ES2023'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    // The user's own @types/node, as any Node project has it.
    typeRoots: [join(ROOT, 'node_modules', '@types')],
    types: ['node'],
  };

  it('resolves the exported functions and types with moduleResolution NodeNext, strict', async () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions, files: ['consumer.ts'] }),
    );
    writeFileSync(
      join(project, 'consumer.ts'),
      `import {
  ApiError,
  createDispatcher,
  imageUrl,
  makeRedactor,
  mapToUrl,
  parseAssetList,
  parseUrlMap,
  planRun,
  selectPaths,
  sendCall,
  toBatches,
  type ApiAnswer,
  type AssetRef,
  type ClientOptions,
  type ImageUrlOptions,
  type Plan,
  type Redact,
  type UrlMapRule,
} from 'image-cache-invalidate';

const options: ImageUrlOptions = { imageHost: 'img.example.net', originUrl: 'https://www.example.com/a.png' };
const url: string = imageUrl({ ...options, cacheBuster: 'v1', segments: ['w:640'] });
const refs: AssetRef[] = parseAssetList(url).refs;
const batches: AssetRef[][] = toBatches(refs);
const rules: UrlMapRule[] = parseUrlMap('public => https://www.example.com');
const mapped: string | undefined = mapToUrl(selectPaths(['public/a.png'], ['**/*.png'])[0] ?? '', rules);
const redact: Redact = makeRedactor(['k']);
const plan: Plan = planRun({ target: { scope: 'all' }, token: false });
const client: ClientOptions = {
  endpoint: new URL('https://dashboard.example.com/api/svc/v2/cache'),
  apiKey: 'k',
  dispatcher: createDispatcher(1, 1000),
  timeoutMs: 1000,
  redact,
  userAgent: 'consumer',
};
export async function run(): Promise<string | undefined> {
  const answer: ApiAnswer = await sendCall({ route: 'token' }, client);
  // @ts-expect-error: only the plural route exists; the types know it.
  await sendCall({ route: 'invalidate/asset', assets: refs }, client);
  // @ts-expect-error: imageUrl needs an origin URL.
  imageUrl({ imageHost: 'img.example.net' });
  try {
    await sendCall({ route: 'invalidate/assets', assets: batches[0] ?? [] }, client);
  } catch (error) {
    if (error instanceof ApiError) return error.message;
  }
  return answer.token ?? mapped ?? String(plan.calls.length);
}
`,
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const check = await spawnProcess(process.execPath, [tsc, '-p', project], { cwd: project });
    expect(check.stdout + check.stderr).toBe('');
    expect(check.exitCode).toBe(0);
  }, 30_000);

  /** tsc over files of the user's project, with these options; its output, '' when it found nothing. */
  async function typeCheck(config: string, files: readonly string[], options: object): Promise<string> {
    writeFileSync(join(project, config), JSON.stringify({ compilerOptions: options, files }));
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const check = await spawnProcess(process.execPath, [tsc, '-p', config], { cwd: project });
    return check.exitCode === 0 ? check.stdout + check.stderr : `${check.stdout}${check.stderr}` || 'failed';
  }

  // A CommonJS project compiled for Node16's module rules (TypeScript's `module: node16`, and any TypeScript before
  // 5.8) refuses a static import of an ESM-only package (TS1479); a dynamic import() works there and everywhere.
  const commonJsOptions = { ...compilerOptions, module: 'Node16', moduleResolution: 'Node16' };
  const isCommonJs = (text: string): boolean => text.startsWith('// CommonJS');

  it("type-checks every TypeScript block of the README and docs/, each as a file of the user's own", async () => {
    const blocks = guideBlocks().filter((block) => kindOf(block) === 'typescript');
    expect(blocks.length).toBeGreaterThan(0);
    const written = blocks.map((block) => {
      // A block that says it is CommonJS is a .cts file, checked under Node16's module rules.
      const file = `${block.path.replace(/\W+/g, '-')}-line-${block.line}.${isCommonJs(block.text) ? 'cts' : 'ts'}`;
      writeFileSync(join(project, file), block.text);
      return file;
    });
    const esm = written.filter((file) => file.endsWith('.ts'));
    const commonJs = written.filter((file) => file.endsWith('.cts'));
    expect(commonJs.length).toBeGreaterThan(0);
    // An error names the file, and so the page and the line where the block starts.
    expect(await typeCheck('tsconfig.readme.json', esm, compilerOptions)).toBe('');
    expect(await typeCheck('tsconfig.readme-cjs.json', commonJs, commonJsOptions)).toBe('');
  }, 30_000);

  it('refuses, in a CommonJS file, the static import that the CommonJS block of the README avoids', async () => {
    writeFileSync(
      join(project, 'static.cts'),
      "import { imageUrl } from 'image-cache-invalidate';\nvoid imageUrl;\n",
    );
    expect(await typeCheck('tsconfig.static-cjs.json', ['static.cts'], commonJsOptions)).toContain('TS1479');
  }, 30_000);

  it('refuses a deep import of a source file in type-checking too', async () => {
    writeFileSync(
      join(project, 'deep.ts'),
      `import { parseSettings } from 'image-cache-invalidate/src/settings/settings.ts';\nexport const parse = parseSettings;\n`,
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const check = await spawnProcess(
      process.execPath,
      [tsc, '--noEmit', '--strict', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', 'deep.ts'],
      { cwd: project },
    );
    expect(check.exitCode).not.toBe(0);
    expect(check.stdout).toContain("Cannot find module 'image-cache-invalidate/src/settings/settings.ts'");
  }, 30_000);
});
