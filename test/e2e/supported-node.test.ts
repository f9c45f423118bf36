/** On a Node older than the package needs, each entry stops at once and names the version it needs. */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_MAJOR_NEEDED, unsupportedNode } from '../../src/supported-node.ts';

const root = new URL('../..', import.meta.url);

/** A Node older than the one needed, from PATH (the machine's own), when there is one. */
function olderNode(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const node = join(dir, process.platform === 'win32' ? 'node.exe' : 'node');
    if (!existsSync(node)) continue;
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim().slice(1);
    if (unsupportedNode(version) !== undefined) return node;
  }
  return undefined;
}

describe('the Node version', () => {
  it('names the version needed and the one running, below the one needed', () => {
    expect(unsupportedNode('20.19.0')).toBe(
      `image-cache-invalidate needs Node ${NODE_MAJOR_NEEDED} or later; this is Node 20.19.0.`,
    );
    expect(unsupportedNode('23.11.1')).toContain('needs Node 24 or later');
  });

  it('accepts the version needed and later ones', () => {
    expect(unsupportedNode('24.0.0')).toBeUndefined();
    expect(unsupportedNode('26.1.0')).toBeUndefined();
    expect(unsupportedNode()).toBeUndefined();
  });

  const node = olderNode();
  describe.skipIf(node === undefined)(`on an older Node from PATH (${node ?? 'none found'})`, () => {
    const spawnOld = (args: string[]) =>
      spawnSync(node ?? '', args, { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH } });
    const needs = /needs Node 24 or later; this is Node \d+\./;

    it('the action fails the step with an error annotation naming the version', () => {
      const run = spawnOld(['dist/index.js']);
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(new RegExp(`^::error::image-cache-invalidate ${needs.source}`, 'm'));
      expect(run.stderr).not.toContain('TypeError');
    });

    it('the command exits 2 with the version on stderr', () => {
      const run = spawnOld(['lib/cli/index.js', '--assets', 'https://www.example.com/a.png', '--dry-run']);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(needs);
      expect(run.stderr).not.toContain('TypeError');
    });

    it('importing the library fails with the version, not a TypeError from a dependency', () => {
      const script =
        "import('./lib/lib.js').then(() => console.log('loaded'), (e) => console.log(e.message))";
      const run = spawnOld(['--input-type=module', '-e', script]);
      expect(run.stdout).toMatch(needs);
      expect(run.stdout).not.toContain('loaded');
    });
  });
});
