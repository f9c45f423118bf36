#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { unsupportedNode } from '../supported-node.ts';

const problem = unsupportedNode();
if (problem !== undefined) {
  process.stderr.write(`${problem}\n`);
  process.exit(2);
}
const { runCommand } = await import('./main.ts');
const { cancelNotice, cancelOnSignals } = await import('../run/cancel.ts');
const { CANCEL_GRACE_MS } = await import('../run/flow.ts');

const cancel = cancelOnSignals((name) => {
  process.stderr.write(`\n${cancelNotice(name, CANCEL_GRACE_MS)}\n`);
});
process.exitCode = await runCommand(process.argv.slice(2), {
  env: process.env,
  readFile: (path) => readFileSync(path, 'utf8'),
  stdin: () => readFileSync(0, 'utf8'),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  interactive: process.stderr.isTTY,
  signal: cancel.signal,
});
cancel.dispose();
// Calls a cancel stopped waiting for would keep the process alive past its result.
if (cancel.signal.aborted) process.exit();
