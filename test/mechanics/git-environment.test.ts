import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitIn } from '../../src/mechanics/git.ts';
import { git } from '../support/git-repo.ts';

describe('the processes git starts', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    delete process.env['INPUT_API-KEY'];
    delete process.env.IMAGE_CACHE_API_KEY;
    delete process.env.GIT_EXTERNAL_DIFF;
    delete process.env.GIT_PAGER;
  });

  it('never inherit the key from the inputs or the command variables', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'git-env-'));
    dirs.push(dir);
    git(dir, ['init', '--quiet']);
    process.env['INPUT_API-KEY'] = 'key-from-the-action-input';
    process.env.IMAGE_CACHE_API_KEY = 'key-from-the-command-variable';
    // A git alias starting with '!' runs a program, as a credential helper or a hook would: it prints what it got.
    const environment = await gitIn(dir)(['-c', 'alias.show-env=!env', 'show-env']);
    expect(environment).toContain('GIT_TERMINAL_PROMPT=0');
    expect(environment).not.toContain('key-from-the-action-input');
    expect(environment).not.toContain('key-from-the-command-variable');
  });

  it('never inherit a pager or an external diff named in the environment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'git-env-'));
    dirs.push(dir);
    git(dir, ['init', '--quiet']);
    process.env.GIT_EXTERNAL_DIFF = '/bin/false-external-diff';
    process.env.GIT_PAGER = '/bin/false-pager';
    const environment = await gitIn(dir)(['-c', 'alias.show-env=!env', 'show-env']);
    expect(environment).not.toContain('false-external-diff');
    expect(environment).not.toContain('false-pager');
  });
});
