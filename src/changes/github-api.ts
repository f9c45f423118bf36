import { count } from '../shown/format.ts';
import type { ApiChanges, FileChange } from './changed.ts';
import { PARENT, type CommitRange } from './range.ts';

/** Where the repository's API is, and the token that reads it. */
export interface GithubApi {
  /** `owner/name`. */
  readonly repository: string;
  readonly apiUrl: string;
  readonly token: string;
}

interface FileEntry {
  readonly filename: string;
  readonly previous_filename?: string;
  /** added, removed, modified, renamed, copied, changed or unchanged. */
  readonly status?: string;
}

// The REST API lists at most 3,000 files of a pull request or a commit, and 300 of a comparison.
const PULL_FILES_CAP = 3_000;
const COMMIT_FILES_CAP = 3_000;
const COMPARE_FILES_CAP = 300;

/**
 * The changed paths from the GitHub REST API, for when git cannot tell (no checkout, no remote). A rename counts
 * as its old path and its new path, as with git.
 */
export async function apiChangedFiles(range: CommitRange, context: GithubApi): Promise<ApiChanges> {
  const { getOctokit } = await import('@actions/github'); // loaded only on this path: it is slow to load
  const octokit = getOctokit(context.token, { baseUrl: context.apiUrl });
  const [owner = '', repo = ''] = context.repository.split('/');
  if (range.pullNumber !== undefined && range.origin.startsWith('pull_request')) {
    const entries = await octokit.paginate(octokit.rest.pulls.listFiles, {
      owner,
      repo,
      pull_number: range.pullNumber,
      per_page: 100,
    });
    return changes(entries, PULL_FILES_CAP, `the GitHub API (files of pull request #${range.pullNumber})`);
  }
  if (range.base === PARENT) {
    const entries: FileEntry[] = [];
    for (let page = 1; entries.length < COMMIT_FILES_CAP; page++) {
      const { data } = await octokit.rest.repos.getCommit({
        owner,
        repo,
        ref: range.head,
        per_page: 100,
        page,
      });
      entries.push(...(data.files ?? []));
      if ((data.files ?? []).length < 100) break;
    }
    return changes(entries, COMMIT_FILES_CAP, `the GitHub API (files of commit ${short(range.head)})`);
  }
  const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
    owner,
    repo,
    basehead: `${range.base}...${range.head}`,
    per_page: 1, // the files come with the first page, whatever its size
  });
  return changes(
    data.files ?? [],
    COMPARE_FILES_CAP,
    `the GitHub API (comparison ${short(range.base)}...${short(range.head)})`,
  );
}

function changes(entries: readonly FileEntry[], cap: number, description: string): ApiChanges {
  const files = new Map<string, FileChange>();
  for (const entry of entries) {
    const from = entry.previous_filename;
    if (from !== undefined) files.set(from, { status: 'renamed', to: entry.filename });
    files.set(
      entry.filename,
      from !== undefined && entry.status === 'renamed'
        ? { status: 'renamed', from }
        : apiStatus(entry.status),
    );
  }
  return {
    files: [...files.keys()],
    changes: [...files.values()],
    description,
    ...(entries.length >= cap
      ? {
          truncated: `the GitHub API lists at most ${count(cap)} files here, so some may be missing`,
        }
      : {}),
  };
}

function apiStatus(status: string | undefined): FileChange {
  switch (status) {
    case 'added':
    case 'copied':
      return { status: 'added' };
    case 'removed':
      return { status: 'deleted' };
    default: // modified, changed, unchanged
      return { status: 'modified' };
  }
}

export function short(sha: string): string {
  return /^[0-9a-f]{40,64}$/.test(sha) ? sha.slice(0, 7) : sha;
}
