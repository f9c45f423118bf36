/**
 * rewrite writes only what it read: a file that another process replaces, between the listing of the build folder
 * and the rename of its new content, by a symbolic link, a FIFO or another file, or whose folder it replaces by a
 * link, is an error that names it, nothing outside the build is written, and the build folder is left as it was; a
 * staging file is removed on every way out, a full disk included. Real files in a temporary folder; the swaps happen
 * while rewrite works, from its own cache-buster callback, which it calls as it rewrites each file.
 */
import { execFileSync } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rewriteFiles } from '../../src/rewrite/files.ts';

// Only to make the write of a staging file fail as a full disk does; every other call goes to the real file system.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, open: vi.fn(actual.open) };
});
const { open } = await import('node:fs/promises');

const IMAGE = 'https://img.example.net/w:640/https://www.example.com/a.png';
const PAGE = `<img src="${IMAGE}">`;
const OUTSIDE_TEXT = 'outside the build\n';

let root: string;
let workspace: string;
let outside: string;
const at = (path: string): string => join(workspace, path);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'in-place-'));
  workspace = join(root, 'workspace');
  outside = join(root, 'outside');
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'b.html'), OUTSIDE_TEXT);
  for (const page of ['dist/a.html', 'dist/b.html', 'dist/sub/b.html']) {
    mkdirSync(dirname(at(page)), { recursive: true });
    writeFileSync(at(page), PAGE);
  }
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** Every name under the workspace, with each file's content: the build folder as it is. */
const build = (): [string, string][] =>
  readdirSync(workspace, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((name) => {
      const stats = lstatSync(at(name));
      return [
        name,
        stats.isFile() ? readFileSync(at(name), 'utf8') : stats.isSymbolicLink() ? 'link' : 'other',
      ];
    });

/** Rewrites dist/**, calling `during(url)` as each image URL is given its value (a file has been read). */
function rewrite(during: (count: number) => void) {
  let count = 0;
  return rewriteFiles({
    workspace,
    patterns: ['dist/**/*.html'],
    imageHost: 'img.example.net',
    cacheBusters: () => {
      during(++count);
      return 'v2';
    },
    dryRun: false,
  });
}

/** Replaces a file of the build (after rewrite listed it) by `make(path)`. */
function swap(path: string, make: (full: string) => void): void {
  rmSync(at(path));
  make(at(path));
}

describe('a file replaced after rewrite listed it, before it is read', () => {
  it('by a symbolic link to a file outside the build: refused, named, and the outside file untouched', async () => {
    await expect(
      rewrite((count) => {
        if (count === 1)
          swap('dist/b.html', (full) => {
            symlinkSync(join(outside, 'b.html'), full);
          });
      }),
    ).rejects.toThrow(
      'dist/b.html: is now a symbolic link, which rewrite does not follow; no file was changed.',
    );
    expect(readFileSync(join(outside, 'b.html'), 'utf8')).toBe(OUTSIDE_TEXT);
    expect(readFileSync(at('dist/a.html'), 'utf8')).toBe(PAGE);
  });

  it('by a FIFO: refused at once, not waited on', async () => {
    await expect(
      rewrite((count) => {
        if (count === 1)
          swap('dist/b.html', (full) => {
            execFileSync('mkfifo', [full]);
          });
      }),
    ).rejects.toThrow(
      'dist/b.html: is now a FIFO (a named pipe), not the regular file rewrite listed; no file was changed.',
    );
    expect(readFileSync(at('dist/a.html'), 'utf8')).toBe(PAGE);
  });

  it('through a folder replaced by a symbolic link to a folder outside: refused, the outside file untouched', async () => {
    await expect(
      rewrite((count) => {
        if (count === 1) {
          renameSync(at('dist/sub'), join(root, 'moved-sub'));
          symlinkSync(outside, at('dist/sub'));
        }
      }),
    ).rejects.toThrow('dist/sub/b.html: is now reached through a symbolic link');
    expect(readFileSync(join(outside, 'b.html'), 'utf8')).toBe(OUTSIDE_TEXT);
  });
});

describe('a file replaced or changed after rewrite read it, before its new content is renamed over it', () => {
  it('through its folder replaced by a link to a folder outside: refused, nothing staged outside', async () => {
    const actual = await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises');
    const stagedIn: string[] = [];
    vi.mocked(open).mockImplementation(async (path, ...rest) => {
      if (String(path).endsWith('.tmp')) stagedIn.push(realpathSync(dirname(String(path))));
      return actual.open(path, ...rest);
    });
    try {
      await expect(
        rewrite((count) => {
          // The third file read is dist/sub/b.html: its folder goes outside before its new content is staged.
          if (count === 3) {
            renameSync(at('dist/sub'), join(root, 'moved-sub'));
            symlinkSync(outside, at('dist/sub'));
          }
        }),
      ).rejects.toThrow(/^dist\/sub\/b\.html: its folder was replaced since rewrite read it/);
    } finally {
      vi.mocked(open).mockImplementation(actual.open);
    }
    expect(stagedIn.filter((folder) => folder === outside)).toEqual([]);
    expect(readdirSync(outside)).toEqual(['b.html']);
  });

  it('by a symbolic link: refused, nothing written through the link, the build as it was', async () => {
    const before = build().map(([name, content]): [string, string] => [
      name,
      name === 'dist/b.html' ? 'link' : content,
    ]);
    await expect(
      rewrite((count) => {
        if (count === 2)
          swap('dist/b.html', (full) => {
            symlinkSync(join(outside, 'b.html'), full);
          });
      }),
    ).rejects.toThrow(
      'replacing the rewritten files: dist/b.html: is now a symbolic link, not the regular file rewrite read',
    );
    expect(readFileSync(join(outside, 'b.html'), 'utf8')).toBe(OUTSIDE_TEXT);
    expect(build()).toEqual(before);
  });

  it('by another file: refused, and the other file kept', async () => {
    await expect(
      rewrite((count) => {
        if (count !== 2) return;
        // Written beside it, then renamed over it, as a build tool replaces a file: another inode.
        writeFileSync(at('dist/b.html.new'), 'another build\n');
        renameSync(at('dist/b.html.new'), at('dist/b.html'));
      }),
    ).rejects.toThrow('dist/b.html: was replaced by another file after rewrite read it');
    expect(readFileSync(at('dist/b.html'), 'utf8')).toBe('another build\n');
    expect(readFileSync(at('dist/a.html'), 'utf8')).toBe(PAGE);
  });

  it('written to in place: refused, and what was written kept', async () => {
    await expect(
      rewrite((count) => {
        if (count === 2) writeFileSync(at('dist/b.html'), `${PAGE}<p>later</p>`);
      }),
    ).rejects.toThrow('dist/b.html: changed while rewrite read it');
    expect(readFileSync(at('dist/b.html'), 'utf8')).toBe(`${PAGE}<p>later</p>`);
  });
});

describe('a full disk while staging', () => {
  it('removes the staging file it was writing, and every other, and changes no file', async () => {
    const { open: realOpen } = await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises');
    const before = build();
    vi.mocked(open).mockImplementation(async (path, flags, mode) => {
      const handle = await realOpen(path, flags, mode);
      if (!String(path).endsWith('.tmp') || !String(path).includes('.b.html.')) return handle;
      // The disk fills part-way through the write, as it does on a real device.
      handle.writeFile = async () => {
        await handle.write(Buffer.from('<img'));
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      };
      return handle;
    });
    try {
      await expect(rewrite(() => undefined)).rejects.toThrow(
        /ENOSPC: no space left on device, write; no file was/,
      );
    } finally {
      vi.mocked(open).mockImplementation(realOpen);
    }
    expect(build()).toEqual(before);
  });
});
