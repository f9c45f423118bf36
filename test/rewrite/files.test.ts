/** The workspace side: which files are read, which are written, and how. */
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
} from 'node:fs';
import { open, rename, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rewriteFiles } from '../../src/rewrite/files.ts';
import { matchedFiles, type FolderEntry } from '../../src/settings/workspace-files.ts';

// Only to make one rename fail, or a file vanish; every other call goes to the real file system.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, rename: vi.fn(actual.rename), open: vi.fn(actual.open) };
});

const IMAGE = 'https://img.example.net/w:640/https://www.example.com/a.png';
const FRESH = 'https://img.example.net/cb:T1/w:640/https://www.example.com/a.png';
const PATTERNS = ['**/*.{html,js}', '!dist/drafts/**'];

let workspace: string;
const at = (path: string): string => join(workspace, path);
async function put(path: string, content: string | Buffer): Promise<void> {
  mkdirSync(dirname(at(path)), { recursive: true });
  await writeFile(at(path), content);
}
const read = (path: string): string => readFileSync(at(path), 'latin1');
const run = (dryRun: boolean, patterns: readonly string[] = PATTERNS) =>
  rewriteFiles({ workspace, patterns, imageHost: 'img.example.net', cacheBusters: 'T1', dryRun });
/** Every name under the workspace, to catch a temporary file left behind. */
const everything = (): string[] => readdirSync(workspace, { recursive: true, encoding: 'utf8' }).sort();

beforeEach(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'rewrite-'));
  await put('dist/index.html', `<img src="${IMAGE}"><img srcset="${IMAGE} 1x, ${IMAGE} 2x">`);
  // Latin-1 é (0xE9) and a lone 0xFF: not UTF-8, and must come back as the same bytes.
  await put('dist/about/caf\u00e9.html', Buffer.from([0xe9, 0x20, ...Buffer.from(IMAGE), 0x20, 0xff]));
  await put('dist/app.js', `fetch(${JSON.stringify(IMAGE).replaceAll('/', '\\/')})`);
  await put('dist/plain.html', '<p>no image here</p>');
  await put('dist/drafts/draft.html', IMAGE);
  await put('.git/hooks/page.html', IMAGE);
  await put('node_modules/theme/page.html', IMAGE);
  await put('dist/style.css', `a { background: url(${IMAGE}) }`);
  await symlink('index.html', at('dist/link.html'));
  chmodSync(at('dist/index.html'), 0o640);
});
afterEach(() => {
  rmSync(workspace, { recursive: true, force: true });
});

describe('matchedFiles', () => {
  const file = (name: string): FolderEntry => ({ name, isFile: () => true, isDirectory: () => false });
  const folder = (name: string): FolderEntry => ({ name, isFile: () => false, isDirectory: () => true });

  it('lists the regular files the patterns select, sorted, leaving out .git, node_modules and links', async () => {
    expect(await matchedFiles(workspace, PATTERNS)).toEqual([
      'dist/about/caf\u00e9.html',
      'dist/app.js',
      'dist/index.html',
      'dist/plain.html',
    ]);
  });

  it('finds a base folder whatever its case, as the patterns match without regard to case', async () => {
    expect(await matchedFiles(workspace, ['DIST/*.HTML'])).toEqual(['dist/index.html', 'dist/plain.html']);
  });

  it("reads the folder before a segment starting with '?', which makes the '/' before it optional", async () => {
    await put('distx/page.html', IMAGE);
    expect(await matchedFiles(workspace, ['dist/?x/*.html'])).toEqual(['distx/page.html']);
  });

  it('reads only the folders on the way to the base folders of the patterns, and 200,000 files in one', async () => {
    const many = Array.from({ length: 200_000 }, (_, i) => file(`${i}.html`));
    const tree: Record<string, FolderEntry[]> = {
      '': [folder('public'), folder('data'), folder('.git'), file('top.html')],
      public: [...many, folder('deep'), file('notes.txt')],
      'public/deep': [file('x.html')],
    };
    const read: string[] = [];
    const found = await matchedFiles('/ws', ['public/**/*.html', '!public/1*.html'], (path) => {
      const relative = path === '/ws' ? '' : path.slice('/ws/'.length);
      read.push(relative);
      const entries = tree[relative];
      return entries === undefined
        ? Promise.reject(new Error(`${relative} is outside every base`))
        : Promise.resolve(entries);
    });
    expect(read.sort()).toEqual(['', 'public', 'public/deep']);
    const expected = 200_000 - 1 - 10 - 100 - 1_000 - 10_000 - 100_000 + 1; // without 1*.html, with deep/x.html
    expect(found).toHaveLength(expected);
    expect(found[0]).toBe('public/0.html');
    expect(found.at(-1)).toBe('public/deep/x.html');
  });
});

describe('rewriteFiles', () => {
  it('rewrites the selected files, counts their URLs and lists them sorted by path', async () => {
    const result = await run(false);
    expect(result).toEqual({
      scanned: 4,
      files: [
        { path: 'dist/about/caf\u00e9.html', urls: 1 },
        { path: 'dist/app.js', urls: 1 },
        { path: 'dist/index.html', urls: 3 },
      ],
      urls: 5,
    });
    expect(read('dist/index.html')).toBe(`<img src="${FRESH}"><img srcset="${FRESH} 1x, ${FRESH} 2x">`);
    expect(read('dist/app.js')).toBe(`fetch(${JSON.stringify(FRESH).replaceAll('/', '\\/')})`);
  });

  it('keeps every other byte, UTF-8 or not', async () => {
    await run(false);
    expect(readFileSync(at('dist/about/caf\u00e9.html'))).toEqual(
      Buffer.from([0xe9, 0x20, ...Buffer.from(FRESH), 0x20, 0xff]),
    );
  });

  it('does not write a file with nothing to change, nor the excluded, unselected or .git ones', async () => {
    const untouched = ['dist/plain.html', 'dist/drafts/draft.html', '.git/hooks/page.html', 'dist/style.css'];
    const before = untouched.map((path) => statSync(at(path)));
    await run(false);
    untouched.forEach((path, index) => {
      const after = statSync(at(path));
      expect([after.ino, after.mtimeMs, after.ctimeMs]).toEqual([
        before[index]?.ino,
        before[index]?.mtimeMs,
        before[index]?.ctimeMs,
      ]);
    });
    expect(read('dist/drafts/draft.html')).toBe(IMAGE);
  });

  it('replaces a file by a rename and leaves no temporary file', async () => {
    const names = everything();
    const { ino } = statSync(at('dist/index.html'));
    await run(false);
    expect(statSync(at('dist/index.html')).ino).not.toBe(ino);
    expect(everything()).toEqual(names);
  });

  // Windows has no POSIX permission bits: chmod there sets only the read-only flag, and every file reads 0o666.
  it.skipIf(process.platform === 'win32')('keeps the mode of a file it replaces', async () => {
    await run(false);
    expect(statSync(at('dist/index.html')).mode & 0o777).toBe(0o640);
  });

  it('neither follows nor replaces a symbolic link', async () => {
    await run(false);
    expect(lstatSync(at('dist/link.html')).isSymbolicLink()).toBe(true);
  });

  it('walks node_modules only when a pattern names it', async () => {
    const result = await run(false, ['node_modules/**/*.html']);
    expect(result.files).toEqual([{ path: 'node_modules/theme/page.html', urls: 1 }]);
  });

  it('in a dry run, reports the same and writes nothing', async () => {
    const snapshot = () =>
      everything().map((path) => [
        path,
        lstatSync(at(path)).mtimeMs,
        statSync(at(path)).isFile() && read(path),
      ]);
    const before = snapshot();
    const planned = await run(true);
    expect(snapshot()).toEqual(before);
    expect(await run(false)).toEqual(planned);
  });

  it('removes the temporary file and keeps the original when the rename fails', async () => {
    vi.mocked(rename).mockRejectedValueOnce(new Error('disk full'));
    const names = everything();
    await expect(run(false, ['dist/index.html'])).rejects.toThrow('disk full');
    expect(everything()).toEqual(names);
    expect(read('dist/index.html')).toContain(IMAGE);
  });

  it('puts back the files it replaced when a later one cannot be replaced, and leaves nothing behind', async () => {
    const { rename: realRename } =
      await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises');
    const before = { app: read('dist/app.js'), index: read('dist/index.html') };
    const names = everything();
    vi.mocked(rename)
      .mockImplementationOnce(realRename)
      .mockRejectedValueOnce(new Error('EBUSY: resource busy'));
    await expect(run(false)).rejects.toThrow(/EBUSY: resource busy; no file was changed/);
    expect({ app: read('dist/app.js'), index: read('dist/index.html') }).toEqual(before);
    expect(everything()).toEqual(names);
  });

  it('refuses a file over 64 MiB before reading it, names it, and changes no file', async () => {
    await put('dist/zz-large.html', '');
    truncateSync(at('dist/zz-large.html'), 65 * 2 ** 20); // sparse: nothing is written
    const names = everything();
    await expect(run(false)).rejects.toThrow(
      'dist/zz-large.html: 65.0 MiB, over the 64 MiB that rewrite reads; leave it out of rewrite with a ! pattern; no file was changed.',
    );
    expect(read('dist/index.html')).toContain(IMAGE);
    expect(everything()).toEqual(names);
  });

  it('names a selected file that vanished before it was read, and changes no file', async () => {
    const { open: realOpen } = await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises');
    const names = everything();
    vi.mocked(open).mockImplementation(async (path, flags, mode) => {
      if (String(path).endsWith('index.html')) await unlink(at('dist/index.html')).catch(() => undefined);
      return realOpen(path, flags, mode);
    });
    try {
      await expect(run(false)).rejects.toThrow(/^dist\/index\.html: ENOENT/);
    } finally {
      vi.mocked(open).mockImplementation(realOpen);
    }
    expect(read('dist/app.js')).toContain(JSON.stringify(IMAGE).replaceAll('/', '\\/'));
    expect(everything()).toEqual(names.filter((name) => name !== 'dist/index.html'));
  });

  it('refuses an unsafe token even when nothing is selected', async () => {
    await expect(
      rewriteFiles({
        workspace,
        patterns: [],
        imageHost: 'img.example.net',
        cacheBusters: 'a/b',
        dryRun: true,
      }),
    ).rejects.toThrow(/URL path segment/);
  });
});
