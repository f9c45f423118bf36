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
 * `… | head -1`: once the reader of a pipe has gone (EPIPE), what is left to print has nobody to read it, and is
 * dropped, as other Unix tools stop printing. The exit code stays the run's own: the reader leaving changes nothing
 * about the images, and 141 (a death by SIGPIPE) would fail a CI step that ran with pipefail after a run that did its
 * work, so that a retry would invalidate again. Any other error of the stream is thrown, as before.
 */
function untilReaderLeaves(stream: NodeJS.WriteStream): (text: string) => void {
  let readerLeft = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    readerLeft = true;
  });
  return (text) => {
    if (!readerLeft) stream.write(text);
  };
}

const cancel = cancelOnSignals((name) => {
  process.stderr.write(`\n${cancelNotice(name, CANCEL_GRACE_MS)}\n`);
});
process.exitCode = await runCommand(process.argv.slice(2), {
  env,
  readFile: readRegularBytes,
  stdin: () => readFileSync(0),
  stdout: untilReaderLeaves(process.stdout),
  stderr: untilReaderLeaves(process.stderr),
  interactive: process.stderr.isTTY,
  signal: cancel.signal,
});
cancel.dispose();
// Calls a cancel stopped waiting for would keep the process alive past its result.
// Once standard output is flushed: on a pipe it may be written asynchronously, and --json would lose its end.
if (cancel.signal.aborted) process.stdout.write('', () => process.exit());
