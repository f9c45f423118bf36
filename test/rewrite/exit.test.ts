/**
 * A process that must exit while rewrite replaces the files (a second signal: cancel.ts calls discardStaging, then
 * exits): the built files are left whole, every one replaced or none, with no staged file or kept original among
 * them for a deploy to ship.
 *
 * A signal arrives between two steps of the event loop, which a test cannot aim at; so the file system's functions
 * are wrapped (never replaced: every operation is the real one, on real files) to call discardStaging at a chosen
 * step, as the handler would run there.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rewriteFiles } from '../../src/rewrite/files.ts';
import { discardStaging } from '../../src/rewrite/staging.ts';

// The originals are linked synchronously (files.ts), so no signal comes while one is made.
type Step = 'rename' | 'unlink';

/** Called around each rename and unlink that rewrite makes (with its paths): before it starts, once done. */
type Around = (step: Step, paths: readonly string[]) => void;
const around = vi.hoisted((): { before: Around; after: Around } => ({
  before: () => undefined,
  after: () => undefined,
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const wrapped =
    <A extends string[]>(step: Step, operation: (...paths: A) => Promise<void>) =>
    async (...paths: A): Promise<void> => {
      around.before(step, paths);
      await operation(...paths);
      around.after(step, paths);
    };
  return {
    ...actual,
    rename: wrapped('rename', (from: string, to: string) => actual.rename(from, to)),
    unlink: wrapped('unlink', (path: string) => actual.unlink(path)),
  };
});

const IMAGE = 'https://img.example.net/w:640/https://www.example.com/a.png';
const ORIGINAL = `<img src="${IMAGE}">`;
const PAGES = Array.from({ length: 20 }, (_, i) => `page-${i}.html`);

let workspace: string;
beforeEach(() => {
  workspace = mkdtempSync(join(tmpdir(), 'exit-'));
  mkdirSync(join(workspace, 'dist'));
  for (const page of PAGES) writeFileSync(join(workspace, 'dist', page), ORIGINAL);
});
afterEach(() => {
  around.before = () => undefined;
  around.after = () => undefined;
  rmSync(workspace, { recursive: true, force: true });
});

interface Left {
  /** How many pages hold the new content. */
  readonly replaced: number;
  /** Every other name in the folder: staged files and kept originals. */
  readonly strays: readonly string[];
}

function left(): Left {
  const names = readdirSync(join(workspace, 'dist'));
  return {
    replaced: PAGES.filter((page) => readFileSync(join(workspace, 'dist', page), 'utf8') !== ORIGINAL).length,
    strays: names.filter((name) => !PAGES.includes(name)),
  };
}

/**
 * Rewrites every page, calling discardStaging at the `nth` time (from 1) that `step` on a file of this `kind` is
 * `when` (before it starts, or once it is done but before rewrite hears of it); returns what it left, at once.
 */
async function exitAt(
  step: Step,
  kind: 'tmp' | 'orig',
  nth: number,
  when: 'before' | 'after',
): Promise<Left> {
  let seen = 0;
  let found: Left | undefined;
  around[when] = (done, paths) => {
    if (found !== undefined || done !== step || !paths.some((path) => path.endsWith(`.${kind}`))) return;
    if (++seen !== nth) return;
    discardStaging();
    found = left();
  };
  await rewriteFiles({
    workspace,
    patterns: ['dist/*.html'],
    imageHost: 'img.example.net',
    cacheBusters: () => 'v2',
    dryRun: false,
  }).catch(() => undefined);
  if (found === undefined) throw new Error(`no ${step} of a .${kind} file number ${nth}`);
  return found;
}

describe('a process exiting while rewrite replaces the files', () => {
  it('after some files are replaced: puts them back, and removes every staged file and kept original', async () => {
    expect(await exitAt('rename', 'tmp', 10, 'after')).toEqual({ replaced: 0, strays: [] });
  });

  it('while a file is being replaced: the rename finds no staged file, and every file is as it was', async () => {
    expect(await exitAt('rename', 'tmp', 10, 'before')).toEqual({ replaced: 0, strays: [] });
  });

  it('once every file is replaced, while the originals are removed: keeps every file new, removes the rest', async () => {
    expect(await exitAt('unlink', 'orig', 5, 'before')).toEqual({ replaced: PAGES.length, strays: [] });
  });
});
