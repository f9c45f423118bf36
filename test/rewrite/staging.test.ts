/** A cancel while rewrite stages the new files: nothing staged is left among the built files for a deploy to ship. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rewriteFiles } from '../../src/rewrite/files.ts';
import { discardStaging } from '../../src/rewrite/staging.ts';

const IMAGE = 'https://img.example.net/w:640/https://www.example.com/a.png';
const PAGES = ['a.html', 'b.html', 'c.html'];

let workspace: string;
beforeEach(() => {
  workspace = mkdtempSync(join(tmpdir(), 'staging-'));
  for (const page of PAGES) {
    mkdirSync(dirname(join(workspace, 'dist', page)), { recursive: true });
    writeFileSync(join(workspace, 'dist', page), `<img src="${IMAGE}">`);
  }
});
afterEach(() => {
  rmSync(workspace, { recursive: true, force: true });
});

/** Every name under the workspace. */
const everything = (): string[] => readdirSync(workspace, { recursive: true, encoding: 'utf8' }).sort();
const pages = (): string[] => PAGES.map((page) => readFileSync(join(workspace, 'dist', page), 'utf8'));

/** Rewrites with a value per image, calling `onFile` as each file after the first is rewritten (one is staged). */
function rewrite(onFile: () => void, signal?: AbortSignal) {
  let files = 0;
  return rewriteFiles({
    workspace,
    patterns: ['dist/**/*.html'],
    imageHost: 'img.example.net',
    cacheBusters: () => {
      if (++files > 1) onFile();
      return 'v2';
    },
    dryRun: false,
    ...(signal === undefined ? {} : { signal }),
  });
}

describe('a cancel while rewrite stages the new files', () => {
  it('removes the files staged so far, replaces none, and says the run was cancelled', async () => {
    const cancel = new AbortController();
    await expect(
      rewrite(() => {
        cancel.abort();
      }, cancel.signal),
    ).rejects.toThrow(/the run was cancelled; no file was changed/);
    expect(everything()).toEqual(['dist', ...PAGES.map((page) => `dist/${page}`)]);
    expect(pages().every((page) => page === `<img src="${IMAGE}">`)).toBe(true);
  });

  it('discardStaging, as a process about to exit calls it, removes every file staged at that moment', async () => {
    const temporaries = (): string[] => everything().filter((name) => name.endsWith('.tmp'));
    let before: string[] = [];
    let after: string[] = [];
    await rewrite(() => {
      if (before.length > 0) return;
      before = temporaries();
      discardStaging();
      after = temporaries();
    }).catch(() => undefined);
    expect(before).toHaveLength(1);
    expect(after).toEqual([]);
  });
});
