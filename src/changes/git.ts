import { commitOf, FETCH, isShallow, resolveCommit, type RunGit } from '../mechanics/git.ts';
import type { FileChange } from '../domain/changed.ts';
import { PARENT, type CommitRange } from '../domain/range.ts';

// The tree of no files, to compare a root commit with.
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

export interface GitDiff {
  readonly base: string;
  readonly head: string;
  /** Added, modified and deleted paths; a rename is its old path and its new path. */
  readonly files: string[];
  /** What happened to each of `files`, at the same index. */
  readonly changes: FileChange[];
  /** Whether base..head is a pull request's test merge against its first parent. */
  readonly merge?: boolean | undefined;
}

/**
 * The paths that differ between the range's two commits, from the checkout in the workspace. A commit that a
 * shallow checkout lacks is fetched alone (depth 1, by SHA or name): the difference of two trees needs no history.
 */
export async function gitChangedFiles(range: CommitRange, git: RunGit): Promise<GitDiff> {
  await git(['rev-parse', '--is-inside-work-tree']);
  const merged =
    range.mergeCommit === undefined ? undefined : await mergeOf(range.mergeCommit, range.head, git);
  const head = merged?.merge ?? (await commitOf(range.head, git));
  const base =
    merged?.firstParent ??
    (range.base === PARENT ? await parentOf(head, git) : await commitOf(range.base, git));
  const output = await git([
    'diff',
    '--name-status',
    '-z',
    // Renames are found (a renamed file is its old path and its new path all the same), so that the preview can
    // say which file a new name came from.
    '-M',
    '--no-ext-diff',
    '--no-textconv',
    base,
    head,
    '--',
  ]);
  return {
    base,
    head,
    ...parseNameStatus(output),
    merge: merged === undefined ? undefined : true,
  };
}

/**
 * `git diff --name-status -z` output: a status (`A`, `M`, `D`, `T`, `R100`, `C75`…) then its path, or for a rename
 * or copy its old path and its new path, each NUL-terminated.
 */
export function parseNameStatus(output: string): { files: string[]; changes: FileChange[] } {
  const fields = output.split('\0');
  const files: string[] = [];
  const changes: FileChange[] = [];
  for (let i = 0; i < fields.length; i++) {
    const status = fields[i] ?? '';
    if (status === '') continue;
    const path = fields[++i] ?? '';
    if (status.startsWith('R')) {
      const to = fields[++i] ?? '';
      files.push(path, to);
      changes.push({ status: 'renamed', to }, { status: 'renamed', from: path });
    } else {
      // A copy (C) leaves its source as it was: only the new path changed.
      const target = status.startsWith('C') ? (fields[++i] ?? '') : path;
      files.push(target);
      changes.push({ status: statusOf(status) });
    }
  }
  return { files, changes };
}

function statusOf(status: string): FileChange['status'] {
  switch (status[0]) {
    case 'A':
    case 'C':
      return 'added';
    case 'D':
      return 'deleted';
    default: // M, T (a type change), U, X
      return 'modified';
  }
}

/**
 * The pull request's test merge and its first parent, when the merge commit's second parent is the pull
 * request's head; otherwise (no such commit here or at origin, another shape) undefined, and base..head is used.
 */
async function mergeOf(
  mergeCommit: string,
  pullHead: string,
  git: RunGit,
): Promise<{ merge: string; firstParent: string } | undefined> {
  try {
    const merge = await commitOf(mergeCommit, git);
    let second = await resolveCommit(`${merge}^2`, git);
    if (second === undefined && (await isShallow(git))) {
      await git([...FETCH, '--depth=2', '--end-of-options', 'origin', merge]);
      second = await resolveCommit(`${merge}^2`, git);
    }
    const firstParent = await resolveCommit(`${merge}^1`, git);
    if (second === undefined || firstParent === undefined || second !== (await resolveCommit(pullHead, git)))
      return undefined;
    return { merge, firstParent };
  } catch {
    return undefined;
  }
}

async function parentOf(head: string, git: RunGit): Promise<string> {
  const parent = await resolveCommit(`${head}^`, git);
  if (parent !== undefined) return parent;
  if (!(await isShallow(git))) return EMPTY_TREE; // a root commit: everything in it is new
  await git([...FETCH, '--depth=2', '--end-of-options', 'origin', head]);
  return (await resolveCommit(`${head}^`, git)) ?? EMPTY_TREE;
}

/**
 * `since` as a full SHA, where a shallow checkout (actions/checkout's depth 1) lacks it: `HEAD~N` and `X^` by
 * deepening X's history by as many commits; a short SHA by deepening the head's history up to `depth` commits; a
 * tag or branch by fetching it by name. Undefined when it is still not found.
 */
export async function sinceCommit(
  since: string,
  head: string,
  depth: number,
  git: RunGit,
): Promise<string | undefined> {
  const here = await resolveCommit(since, git);
  if (here !== undefined || !(await isShallow(git))) return here;
  const ancestry = ancestryOf(since);
  if (ancestry !== undefined) {
    const [start, suffix] = ancestry;
    const steps = [...suffix.matchAll(/([~^])(\d*)/g)].reduce(
      (sum, [, kind, n]) => sum + (kind === '~' ? Number(n === '' ? 1 : n) : 1),
      0,
    );
    const from = await sinceCommit(start, head, depth, git);
    if (from === undefined || steps >= depth) return undefined;
    await git([...FETCH, `--depth=${steps + 1}`, '--end-of-options', 'origin', from]);
    return resolveCommit(`${from}${suffix}`, git);
  }
  if (/^[0-9a-f]{4,39}$/i.test(since)) {
    await git([...FETCH, `--depth=${depth}`, '--end-of-options', 'origin', await commitOf(head, git)]);
    return resolveCommit(since, git);
  }
  try {
    return await commitOf(since, git);
  } catch {
    return undefined;
  }
}

/**
 * `HEAD~2^` as its start (`HEAD`) and its steps (`~2^`): the longest tail of `~`, `^` and digits that starts with `~`
 * or `^` and leaves a start of one character or more. Read from the end, once: an expression would rescan the tail
 * from each of its characters.
 */
function ancestryOf(since: string): readonly [start: string, suffix: string] | undefined {
  let tail = since.length;
  while (tail > 1 && /[~^\d]/.test(since.charAt(tail - 1))) tail--;
  const first = since.slice(tail).search(/[~^]/);
  return first < 0 ? undefined : [since.slice(0, tail + first), since.slice(tail + first)];
}
