/**
 * Vitest global setup: compiles lib/ (the npm package's library and command) from the current sources once,
 * before any test file runs, as `npm pack` does through prepack. The command tests spawn lib/cli/index.js, and the
 * package test packs lib/: neither may see a stale or half-written build.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.lib.json'], { cwd: root, stdio: 'inherit' });
}
