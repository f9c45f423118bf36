/** What change detection finds, from whichever source tells it (git, a CI's API, the `files` input). */

/** What happened to a changed file, as git and the GitHub API tell it. */
export interface FileChange {
  readonly status: 'added' | 'modified' | 'deleted' | 'renamed';
  /** A renamed file's path before the rename, on the entry of its new path. */
  readonly from?: string;
  /** A renamed file's path after the rename, on the entry of its old path (whose image is gone). */
  readonly to?: string;
}

/** The changed paths of a run, and where they came from. */
export interface ChangedFiles {
  readonly files: string[];
  /** What happened to each file, at the same index as `files`, when the source tells it (git, the GitHub API). */
  readonly changes?: readonly FileChange[] | undefined;
  /** For the summary and the report: `git diff abc1234 def5678 (push)`, `the files input`… */
  readonly source: string;
  /** The event asked for nothing (a failed deploy, a fork's run, a preview): why, in a sentence. */
  readonly skipped?: string | undefined;
  readonly truncated?: string | undefined;
  /** Why git could not be used, when an API stood in. */
  readonly fallbackReason?: string | undefined;
  /** The commit whose files are the previous versions, when the changes were detected (not given). */
  readonly base?: string | undefined;
  /** The two commits compared, as full SHAs, when they are known. */
  readonly compared?: { readonly base: string; readonly head: string } | undefined;
}

/** The changed paths as a CI's API lists them, when git cannot tell. */
export interface ApiChanges {
  readonly files: string[];
  /** What happened to each of `files`, at the same index, when the API tells it. */
  readonly changes?: readonly FileChange[];
  /** Set when the API's cap may have cut the list short. */
  readonly truncated?: string;
  readonly description: string;
  /** The commit compared with, as a full SHA, when the API named it (a commit's parent). */
  readonly base?: string;
}
