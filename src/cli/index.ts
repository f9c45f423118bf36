#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { readRegularBytes } from '../mechanics/regular-file.ts';
import { unsupportedNode } from '../supported-node.ts';

const problem = unsupportedNode();
if (problem !== undefined) {
  process.stderr.write(`${problem}\n`);
  process.exit(2);
}
const { runCommand } = await import('./main.ts');
const { cancelNotice, cancelOnSignals } = await import('../cancel.ts');
const { CANCEL_GRACE_MS } = await import('../service/cut-off.ts');

// The command reads its own copy: the secrets leave the environment before anything can start a process (git).
const env = { ...process.env };
for (const name of ['IMAGE_CACHE_API_KEY', 'IMAGE_CACHE_GITHUB_TOKEN'])
  Reflect.deleteProperty(process.env, name);

/**
 * A standard stream written as long as it can be: past its first error, what is left to print is dropped, never thrown
 * (a stream fails asynchronously, where a throw would end the process with calls in flight and no report).
 * `… | head -1`: once the reader of a pipe has gone (EPIPE), nobody reads what is left, as other Unix tools stop
 * printing, and the exit code stays the run's own: the reader leaving changes nothing about the images, and 141 (a
 * death by SIGPIPE) would fail a CI step that ran with pipefail after a run that did its work, so that a retry would
 * invalidate again. Any other failure (a full disk) is said once at the end, and the exit code is not 0.
 */
function written(stream: NodeJS.WriteStream): {
  readonly write: (text: string) => void;
  readonly failure: () => NodeJS.ErrnoException | undefined;
} {
  let failed: NodeJS.ErrnoException | undefined;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    failed ??= error;
  });
  return {
    write: (text) => {
      if (failed !== undefined) return;
      try {
        stream.write(text);
      } catch (error) {
        failed = error as NodeJS.ErrnoException; // a file written synchronously
      }
    },
    failure: () => failed,
  };
}

const out = written(process.stdout);
const err = written(process.stderr);
const cancel = cancelOnSignals((name) => {
  process.stderr.write(`\n${cancelNotice(name, CANCEL_GRACE_MS)}\n`);
});
process.exitCode = await runCommand(process.argv.slice(2), {
  env,
  readFile: readRegularBytes,
  stdin: () => readFileSync(0),
  stdout: out.write,
  stderr: err.write,
  interactive: process.stderr.isTTY,
  signal: cancel.signal,
});
cancel.dispose();
// A stream fails after the write that failed: once what was written has gone out, its failure is known.
await new Promise<void>((resolve) => {
  if (process.stdout.destroyed) resolve();
  else
    process.stdout.write('', () => {
      resolve();
    });
});
const lost = out.failure();
if (lost !== undefined && lost.code !== 'EPIPE') {
  // Its code only (ENOSPC, EIO): the system's own words, and nothing from outside.
  err.write(
    `error: standard output could not be written (${lost.code ?? 'an error'}); the result is incomplete.\n`,
  );
  if (process.exitCode === 0) process.exitCode = 1;
}
// Calls a cancel stopped waiting for would keep the process alive past its result.
// Once standard output is flushed: on a pipe it may be written asynchronously, and --json would lose its end.
if (cancel.signal.aborted) process.stdout.write('', () => process.exit());
