#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { readRegularFile } from '../regular-file.ts';
import { unsupportedNode } from '../supported-node.ts';

const problem = unsupportedNode();
if (problem !== undefined) {
  process.stderr.write(`${problem}\n`);
  process.exit(2);
}
const { runCommand } = await import('./main.ts');

process.exitCode = await runCommand(process.argv.slice(2), {
  env: process.env,
  readFile: readRegularFile,
  stdin: () => readFileSync(0, 'utf8'),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  interactive: process.stderr.isTTY,
});
