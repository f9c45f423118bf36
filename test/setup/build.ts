/**
 * Vitest global setup: builds what the suites spawn from the current sources, once, before any test file runs.
 *
 * - lib/ (the npm package's library and command), as `npm pack` does through prepack: the command tests spawn
 *   lib/cli/index.js, and the package test packs lib/.
 * - dist/ (the action), as `npm run build` does: the end-to-end suites spawn dist/index.js as the runner does, and
 *   a bundle older than the sources would test code that no longer exists. The build is skipped when dist/ is the
 *   one this setup last built from the same sources; any edit of src/, the lock file or the build script, or of
 *   dist/ itself, builds it again.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const stampFile = join(root, 'node_modules', '.cache', 'image-cache-invalidate', 'dist-stamp');

/** What the stamp says when dist/ is the bundle of the current sources, as they are now. */
export function currentStamp(): string {
  return `${digest(buildInputs())} ${digest(distFiles())}`;
}

/** The stamp of the last build this setup made. */
export function lastStamp(): string | undefined {
  return existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : undefined;
}

export default function setup(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.lib.json'], { cwd: root, stdio: 'inherit' });
  if (lastStamp() === currentStamp()) return;
  execFileSync(process.execPath, ['scripts/build.ts'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  mkdirSync(join(stampFile, '..'), { recursive: true });
  // Replaced, never written in place: a node_modules copied with hard links (cp -al) would share the stamp with
  // the checkout it was copied from, whose builds would then overwrite this one's.
  writeFileSync(`${stampFile}.${process.pid}`, currentStamp());
  renameSync(`${stampFile}.${process.pid}`, stampFile);
}

/** Everything the bundle is made of. */
function buildInputs(): string[] {
  return [
    ...filesUnder('src'),
    'package-lock.json',
    'scripts/build.ts',
    'tsconfig.json',
    'tsconfig.base.json',
  ];
}

function distFiles(): string[] {
  return existsSync(join(root, 'dist')) ? filesUnder('dist') : [];
}

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length))
    .sort();
}

function digest(files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}
