import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { actionYaml, expectedActionContract, expectedReadme } from '../../scripts/generate.ts';
import { INPUT_NAMES } from '../../src/settings/settings.ts';

describe('README and action.yml', () => {
  it('the README input and output tables are the ones generated from action.yml (npm run generate)', async () => {
    expect(readFileSync(new URL('../../README.md', import.meta.url), 'utf8')).toBe(await expectedReadme());
  });

  it('src/settings/action-contract.ts is the one generated from action.yml (npm run generate)', async () => {
    expect(readFileSync(new URL('../../src/settings/action-contract.ts', import.meta.url), 'utf8')).toBe(
      await expectedActionContract(),
    );
  });

  it('the action reads exactly the inputs action.yml declares', () => {
    expect([...INPUT_NAMES].sort()).toEqual(Object.keys(actionYaml().inputs).sort());
  });

  it('every input and output has a description, and defaults are written as strings', () => {
    const action = actionYaml();
    for (const [name, entry] of [...Object.entries(action.inputs), ...Object.entries(action.outputs)]) {
      expect(entry.description, name).toMatch(/\S/);
    }
    for (const input of Object.values(action.inputs)) {
      if (input.default !== undefined) expect(typeof input.default).toBe('string');
    }
  });

  it('shows the two set-up commands', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('npm ci && npm run demo');
    expect(readme).toContain('npm ci && npm test');
  });
});
