/**
 * The library as a user gets it: a project of their own whose node_modules/image-cache-invalidate is this package
 * (a symbolic link, as `npm link` or a workspace makes it), importing it by its name through package.json's
 * exports, run by Node and type-checked by tsc.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../emulator/server.ts';
import { ROOT_KEY } from '../support/client.ts';
import { ROOT, spawnProcess, type CommandRun } from '../support/command.ts';

interface PackageJson {
  readonly name: string;
  readonly type: string;
  readonly types: string;
  readonly exports: Record<string, Record<string, string>>;
  readonly scripts: Record<string, string>;
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;

let emulator: Emulator;
let project: string;
let build: CommandRun;

beforeAll(async () => {
  emulator = await startEmulator();
  project = mkdtempSync(join(tmpdir(), 'library-user-'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-project', type: 'module' }));
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(ROOT, join(project, 'node_modules', pkg.name), 'dir');
  // lib/ is what the exports point to; build it from the current sources, as `npm ci` does through prepare.
  build = await spawnProcess('npm', ['run', '--silent', 'build:lib'], { env: { HOME: project } });
}, 60_000);
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
  it('builds lib/ with `npm run build:lib`, the same build that prepare runs on npm ci', () => {
    expect(build.stderr.replace(/^npm warn .*\n/gm, '')).toBe('');
    expect(build.exitCode).toBe(0);
    expect(pkg.scripts.prepare).toBe(pkg.scripts['build:lib']);
  });

  it('exports files that exist after the build: the JavaScript and its declarations', () => {
    const root = pkg.exports['.'] ?? {};
    expect(Object.keys(pkg.exports)).toEqual(['.']);
    expect(Object.keys(root)).toEqual(['types', 'default']);
    for (const target of [...Object.values(root), pkg.types])
      expect(existsSync(join(ROOT, target))).toBe(true);
    expect(root.types).toBe(`./${pkg.types.replace(/^\.\//, '')}`);
  });

  it('lets nothing but the package itself be imported: a deep import fails with ERR_PACKAGE_PATH_NOT_EXPORTED', async () => {
    const run = await node(
      'deep.mjs',
      `const codes = [];
for (const path of ['image-cache-invalidate/src/settings.ts', 'image-cache-invalidate/lib/settings.js']) {
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
const parsed = parseAssetList('https://www.example.com/a.png, 0123456789abcdef0123456789abcdef not-a-url');
out.refs = parsed.refs;
out.invalid = parsed.invalid.map((entry) => entry.value);
out.batchSizes = toBatches(Array.from({ length: 250 }, (_, i) => 'https://www.example.com/' + i + '.png')).map((b) => b.length);
out.selected = selectPaths(['public/images/a.png', 'README.md', 'public/images/b.JPG'], ['**/*.{png,jpg}']);
const rules = parseUrlMap('public/images => https://www.example.com/images');
out.mapped = mapToUrl('public/images/with space.png', rules);
out.redacted = makeRedactor(['secret-key-42'])('Bearer secret-key-42');
const plan = planRun({ target: { scope: 'assets', assets: out.refs }, token: true });
out.plan = { calls: plan.calls };

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
    plan: { calls: unknown[] };
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
      calls: [{ route: 'invalidate/assets', assets: out.refs }, { route: 'token' }],
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
  it('resolves the exported functions and types with moduleResolution NodeNext, strict', async () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
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
        },
        files: ['consumer.ts'],
      }),
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

  it('refuses a deep import of a source file in type-checking too', async () => {
    writeFileSync(
      join(project, 'deep.ts'),
      `import { parseSettings } from 'image-cache-invalidate/src/settings.ts';\nexport const parse = parseSettings;\n`,
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const check = await spawnProcess(
      process.execPath,
      [tsc, '--noEmit', '--strict', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', 'deep.ts'],
      { cwd: project },
    );
    expect(check.exitCode).not.toBe(0);
    expect(check.stdout).toContain("Cannot find module 'image-cache-invalidate/src/settings.ts'");
  }, 30_000);
});
