#!/usr/bin/env node
import { readFileSync } from 'node:fs';

// Checked before anything else loads: on an older Node, undici fails in ways that do not say why.
if (Number(process.versions.node.split('.')[0]) < 24) {
  process.stderr.write(
    `image-cache-invalidate needs Node 24 or later; this is Node ${process.versions.node}.\n`,
  );
  process.exit(2);
}
const { runCommand } = await import('./main.ts');

process.exitCode = await runCommand(process.argv.slice(2), {
  env: process.env,
  readFile: (path) => readFileSync(path, 'utf8'),
  stdin: () => readFileSync(0, 'utf8'),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  interactive: process.stderr.isTTY,
});
