import { unsupportedNode } from './supported-node.ts';

// The rest loads only on a Node that can run it; a runner that starts the action on another fails the step.
const problem = unsupportedNode();
if (problem === undefined) {
  const { run } = await import('./main.ts');
  await run();
} else {
  process.stdout.write(`::error::${problem}\n`);
  process.exitCode = 1;
}
