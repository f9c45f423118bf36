import { unsupportedNode } from './supported-node.ts';

// Imported first by the library: module bodies run in import order, so this throws before undici loads.
const problem = unsupportedNode();
if (problem !== undefined) throw new Error(problem);
