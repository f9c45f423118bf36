/**
 * A full disk while rewrite stages the new files, on a real one: a tmpfs of 64 KiB, mounted where the test runs as
 * root (skipped elsewhere; in-place.test.ts makes the same failure through a seam, everywhere).
 */
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rewriteFiles } from '../../src/rewrite/files.ts';

const IMAGE = 'https://img.example.net/w:640/https://www.example.com/a.png';

const disk = mkdtempSync(join(tmpdir(), 'full-disk-'));
const mounted = ((): boolean => {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

afterAll(() => {
  if (mounted) execFileSync('umount', [disk]);
  rmSync(disk, { recursive: true, force: true });
});

describe.skipIf(!mounted)('a full disk while rewrite stages', () => {
  it('fails naming ENOSPC, leaves no staging file among the built files, and changes none', async () => {
    const workspace = join(disk, 'workspace');
    mkdirSync(join(workspace, 'dist'), { recursive: true });
    writeFileSync(join(workspace, 'dist/a.html'), `<img src="${IMAGE}">`);
    const large = `<img src="${IMAGE}">\n`.repeat(300); // about 20 KiB, more once rewritten
    writeFileSync(join(workspace, 'dist/b.html'), large);
    // Fill the disk, then free two blocks: a.html can be staged, b.html cannot.
    const filler = join(disk, 'filler');
    try {
      for (;;) writeFileSync(filler, Buffer.alloc(1024), { flag: 'a' });
    } catch {
      // ENOSPC: full.
    }
    truncateSync(filler, Math.max(0, readFileSync(filler).length - 8 * 1024));
    const before = readdirSync(workspace, { recursive: true, encoding: 'utf8' }).sort();

    await expect(
      rewriteFiles({
        workspace,
        patterns: ['dist/**/*.html'],
        imageHost: 'img.example.net',
        cacheBusters: 'v2',
        dryRun: false,
      }),
    ).rejects.toThrow(/ENOSPC.*; no file was changed\.$/);
    expect(readdirSync(workspace, { recursive: true, encoding: 'utf8' }).sort()).toEqual(before);
    expect(readFileSync(join(workspace, 'dist/b.html'), 'utf8')).toBe(large);
    expect(readFileSync(join(workspace, 'dist/a.html'), 'utf8')).toBe(`<img src="${IMAGE}">`);
  });
});
