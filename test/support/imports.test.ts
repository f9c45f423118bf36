import { describe, expect, it } from 'vitest';
import { importedPackagesOf } from './imports.ts';

describe('importedPackagesOf', () => {
  it('names the package of each import, export and import(), without the path inside it', () => {
    const text = [
      "import { getInput } from '@actions/core';",
      "import {\n  Agent,\n  request,\n} from 'undici/lib/index.js';",
      "export { parse } from 'yaml';",
      "const codec = await import('@jsquash/png/decode.js');",
    ].join('\n');
    expect(importedPackagesOf(text)).toEqual(['@actions/core', 'undici', 'yaml', '@jsquash/png']);
  });

  it('leaves out node: built-ins and relative paths', () => {
    const text = "import { join } from 'node:path';\nimport { quote } from './shown.ts';";
    expect(importedPackagesOf(text)).toEqual([]);
  });

  it("reads no import in an exported object whose keys end in 'from'", () => {
    const text =
      "export const SETTING_OF_INPUT = {\n  'assets-from': 'target',\n  'files-from': 'target',\n};";
    expect(importedPackagesOf(text)).toEqual([]);
  });
});
