/**
 * tj-actions/changed-files (v47.0.6) as it writes its lists, so that a recipe fed by it is tested with its exact
 * output. Read from its source (src/utils.ts: `getAllChangedFiles`, `jsonOutput`, `setOutput`; src/main.ts: the
 * `quotepath` input sets core.quotepath): `git diff --name-status --ignore-submodules=all --diff-filter=ACDMRTUX
 * base head`, with git's own rename detection, each line split on tabs; a rename (`R…`) is its new name, or its old
 * name deleted and its new name added with `output_renamed_files_as_deleted_and_added`. A list is
 * `JSON.stringify`-ed with `json` (every `"` then escaped with `escape_json`) or joined with `separator`; with
 * `safe_output`, every character outside printable ASCII and each of ``:*?<>|;`$()&!`` gets a backslash before it;
 * `write_output_files` writes it to `<output_dir>/<output>.json` (`.txt` without `json`), each `\"` turned back into `"`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, type Sha } from './git-repo.ts';

/** The action's inputs that shape its lists, as a workflow's `with:` gives them (YAML reads `true` as a boolean). */
export type ChangedFilesWith = Readonly<Record<string, unknown>>;

const DEFAULTS: Readonly<Record<string, string>> = {
  json: 'false',
  escape_json: 'true',
  safe_output: 'true',
  quotepath: 'true',
  separator: ' ',
  output_renamed_files_as_deleted_and_added: 'false',
  write_output_files: 'false',
  output_dir: '.github/outputs',
};

/** The outputs a recipe can read, by the change types each holds. */
const OUTPUTS: Readonly<Record<string, readonly string[]>> = {
  all_changed_files: ['A', 'C', 'M', 'R'],
  all_changed_and_modified_files: ['A', 'C', 'M', 'R', 'D', 'T', 'U', 'X'],
  deleted_files: ['D'],
};

/**
 * Runs the action's diff in `dir` between two commits, with these inputs; writes its output files where it would,
 * and returns each output's value.
 */
export function changedFilesAction(
  dir: string,
  base: Sha,
  head: Sha,
  inputs: ChangedFilesWith,
): Record<string, string> {
  const input = (name: string): string => {
    const value = inputs[name];
    return typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number'
      ? String(value)
      : (DEFAULTS[name] ?? '');
  };
  const flag = (name: string): boolean => input(name) === 'true';
  const diff = git(dir, [
    '-c',
    `core.quotepath=${flag('quotepath') ? 'on' : 'off'}`,
    'diff',
    '--name-status',
    '--ignore-submodules=all',
    '--diff-filter=ACDMRTUX',
    `${base}..${head}`,
  ]);
  const byType = new Map<string, string[]>();
  const add = (type: string, path: string): void => {
    byType.set(type, [...(byType.get(type) ?? []), path]);
  };
  for (const line of diff.split('\n').filter(Boolean)) {
    const [changeType = '', filePath = '', newPath = ''] = line.split('\t');
    if (changeType.startsWith('R')) {
      if (flag('output_renamed_files_as_deleted_and_added')) {
        add('D', filePath);
        add('A', newPath);
      } else add('R', newPath);
    } else add(changeType, filePath);
  }
  const selected = (path: string): boolean => matchesFiles(path, input('files'));
  const values: Record<string, string> = {};
  for (const [output, types] of Object.entries(OUTPUTS)) {
    const paths = types.flatMap((type) => byType.get(type) ?? []).filter(selected);
    let value = flag('json') ? JSON.stringify(paths) : paths.join(input('separator')).trim();
    if (flag('json') && flag('escape_json')) value = value.replace(/"/g, '\\"');
    if (flag('safe_output')) value = value.replace(/[^\x20-\x7E]|[:*?<>|;`$()&!]/g, '\\$&');
    values[output] = value;
    if (flag('write_output_files')) {
      const folder = join(dir, input('output_dir'));
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, `${output}.${flag('json') ? 'json' : 'txt'}`), value.replace(/\\"/g, '"'));
    }
  }
  return values;
}

/** The `files` input as the recipes write it: none, or one `<folder>/**` pattern. */
function matchesFiles(path: string, files: string): boolean {
  const pattern = files.trim();
  if (pattern === '') return true;
  if (!/^[^*?[\]{}!]+\/\*\*$/.test(pattern)) throw new Error(`files: ${pattern}: not a <folder>/** pattern`);
  return path.startsWith(pattern.slice(0, -2));
}
