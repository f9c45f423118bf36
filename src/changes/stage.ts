import type { Changes, ChangesOptions, ChangesSettings } from './changed.ts';

export type { Changes, ChangesOptions, ChangesSettings } from './changed.ts';

/**
 * The files given in `files`, or those changed in what the run compares (the event's range, or on a branch what the
 * target's record owes up to the head), when the target asks for them; and on a branch, the record to write. Finding
 * them (git, GitHub's API, the record) is loaded by a run that does.
 */
export async function changesStage(
  settings: ChangesSettings,
  options: ChangesOptions,
): Promise<Changes | undefined> {
  const { target } = settings;
  if (target.scope !== 'assets' || target.changes === undefined) return undefined;
  if (target.changes.files !== undefined) {
    const source = target.changes.filesSource ?? 'the files input';
    return { files: { files: [...target.changes.files], source } };
  }
  const { changedFiles } = await import('./changed.ts');
  return changedFiles(settings, target.changes, options);
}
