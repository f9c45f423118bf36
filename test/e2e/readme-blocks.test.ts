/**
 * Every fenced code block of README.md and of the pages of docs/ works as written, checked by its language: workflows name only the
 * action's inputs and outputs, GitLab CI configurations parse, commands name only the command's flags and
 * package.json's scripts. The TypeScript blocks are type-checked against the package as a user installs it, in the
 * project of test/e2e/package.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/command.ts';
import {
  codeBlocks,
  gitLabProblems,
  jsonProblems,
  isGitLabCi,
  kindOf,
  LANGUAGES,
  guideBlocks,
  placeOf,
  shellProblems,
  shellWords,
  workflowProblems,
  type PageBlock,
} from '../support/readme-blocks.ts';

const BLOCKS = guideBlocks();

const where = (block: PageBlock): string => `${placeOf(block)} (${block.language || 'no language'})`;
const ofKind = (kind: string): PageBlock[] => BLOCKS.filter((block) => kindOf(block) === kind);

describe('the code blocks of the README and docs/', () => {
  it('are found, of each language the guide shows', () => {
    expect(new Set(BLOCKS.map(kindOf))).toEqual(
      new Set(['yaml', 'typescript', 'shell', 'json', 'text', 'mermaid']),
    );
  });

  it(`each have a language tag: ${Object.keys(LANGUAGES).join(', ')}`, () => {
    for (const block of BLOCKS) expect(kindOf(block), where(block)).toBeDefined();
  });

  it('GitHub Actions YAML: parses; steps that use the action name only its inputs and outputs; commands are valid', () => {
    const workflows = ofKind('yaml').filter((block) => !isGitLabCi(block));
    expect(workflows.length).toBeGreaterThan(5);
    for (const block of workflows) expect(workflowProblems(block.text), where(block)).toEqual([]);
  });

  it('GitLab CI YAML: parses; every job has a script whose commands are valid', () => {
    const gitlab = ofKind('yaml').filter(isGitLabCi);
    expect(gitlab.length).toBeGreaterThan(0);
    for (const block of gitlab) expect(gitLabProblems(block.text), where(block)).toEqual([]);
  });

  it('shell: every image-cache-invalidate command uses flags it has, every npm run a script package.json has', () => {
    const shell = ofKind('shell');
    expect(shell.length).toBeGreaterThan(0);
    for (const block of shell) expect(shellProblems(block.text), where(block)).toEqual([]);
  });

  it('Mermaid: starts with a diagram type GitHub renders', () => {
    const mermaid = ofKind('mermaid');
    expect(mermaid.length).toBeGreaterThan(0);
    for (const block of mermaid)
      expect(block.text.trimStart(), where(block)).toMatch(/^(timeline|sequenceDiagram|flowchart|graph)\b/);
  });

  it('JSON: parses', () => {
    const json = ofKind('json');
    expect(json.length).toBeGreaterThan(0);
    for (const block of json) expect(jsonProblems(block.text), where(block)).toEqual([]);
  });

  it('TypeScript: imports only the package and Node built-ins, as a user would (type-checked in library/package.test.ts)', () => {
    const ts = ofKind('typescript');
    expect(ts.length).toBeGreaterThan(0);
    for (const block of ts) {
      const modules = [...block.text.matchAll(/\b(?:from\s+|import\(\s*)'([^']+)'/g)].map(([, name]) => name);
      expect(modules.length, where(block)).toBeGreaterThan(0);
      for (const name of modules)
        expect(name, where(block)).toMatch(/^(image-cache-invalidate|node:[\w/]+)$/);
    }
  });
});

describe('the checks of the README code blocks find what is wrong', () => {
  const step = (lines: string): string =>
    `- uses: image-cache-invalidate/image-cache-invalidate@v1\n  id: images\n  with:\n${lines}`;

  it('a block with no language tag, or one the checks do not know', () => {
    const blocks = codeBlocks('```\nls\n```\n\n~~~json5\n{}\n~~~\n');
    expect(blocks.map(kindOf)).toEqual([undefined, undefined]);
  });

  it('YAML that does not parse', () => {
    expect(workflowProblems('- uses: a/b@v1\n with: [')).not.toEqual([]);
    expect(gitLabProblems('# .gitlab-ci.yml\njob:\n  script: [')).not.toEqual([]);
  });

  it('an input action.yml does not declare', () => {
    expect(workflowProblems(step('    api-key: k\n    dryrun: true\n'))).toEqual([
      'with: dryrun: not an input of action.yml',
    ]);
  });

  it('an output action.yml does not declare, read from a step of the action', () => {
    const text = `${step('    api-key: k\n')}\n- run: echo "\${{ steps.images.outputs.invalidated_count }}"\n  shell: bash\n`;
    expect(workflowProblems(text)).toEqual([
      'steps.images.outputs.invalidated_count: not an output of action.yml',
    ]);
  });

  it('but not an output of another action', () => {
    const text =
      '- uses: other/changed-files@v1\n  id: changed\n- run: echo "${{ steps.changed.outputs.all }}"\n  shell: bash\n';
    expect(workflowProblems(text)).toEqual([]);
  });

  it('a run: that names no shell, which a Windows job would run in PowerShell', () => {
    const problem =
      'run: echo "$BEFORE": names no shell, so a Windows job runs it in PowerShell, where a "$NAME" of the ' +
      'environment is empty: add shell: bash, which every GitHub-hosted runner has';
    expect(workflowProblems('- run: echo "$BEFORE"\n')).toEqual([problem]);
    expect(workflowProblems('- run: echo "$BEFORE"\n  shell: bash\n')).toEqual([]);
    const job = (defaults: string): string =>
      `jobs:\n  a:\n    runs-on: windows-latest\n${defaults}    steps:\n      - run: echo "$BEFORE"\n`;
    expect(workflowProblems(job('    defaults:\n      run:\n        shell: bash\n'))).toEqual([]);
    expect(workflowProblems(job(''))).toEqual([problem]);
  });

  it('a uses: with a placeholder to fill in, of this action or another', () => {
    expect(workflowProblems('- uses: tj-actions/changed-files@<full commit SHA>\n')).toEqual([
      'uses: tj-actions/changed-files@<full commit SHA>: a placeholder, not a version',
    ]);
    expect(workflowProblems('- uses: image-cache-invalidate/image-cache-invalidate@<SHA>\n')).toHaveLength(2);
  });

  it('a uses: of another repository of the same name', () => {
    expect(workflowProblems('- uses: someone/image-cache-invalidate@v1\n')).toEqual([
      'uses: someone/image-cache-invalidate@v1: not image-cache-invalidate/image-cache-invalidate@<version or commit SHA>',
    ]);
  });

  it('a GitLab job without a script, or with a bad command', () => {
    expect(gitLabProblems('# .gitlab-ci.yml\njob:\n  image: node:24\n')).toEqual(['job: no script']);
    expect(
      gitLabProblems("# .gitlab-ci.yml\njob:\n  script:\n    - image-cache-invalidate --urlmap 'a => b'\n"),
    ).toEqual([
      'job: image-cache-invalidate --urlmap a => b: "--urlmap" is not a flag of this command; did you mean --url-map?',
    ]);
  });

  it('a flag the command does not have, in a shell block or a run: step', () => {
    expect(shellProblems('image-cache-invalidate --scope all --dryrun')).toHaveLength(1);
    expect(shellProblems('image-cache-invalidate --api-key k')).toHaveLength(1);
    expect(workflowProblems('- run: image-cache-invalidate --no-such-flag\n  shell: bash\n')).toHaveLength(1);
  });

  it('npx running a tarball other than the one npm pack writes for this version, but not the right one', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(
      shellProblems(
        'npx --yes --package ./x/image-cache-invalidate-0.9.0.tgz image-cache-invalidate --dry-run',
      ),
    ).toEqual([
      `./x/image-cache-invalidate-0.9.0.tgz: not the image-cache-invalidate-${version}.tgz that npm pack writes`,
    ]);
    expect(
      shellProblems(
        `npx --yes --package ./image-cache-invalidate-${version}.tgz image-cache-invalidate --dryrun`,
      ),
    ).toHaveLength(1);
    expect(
      shellProblems(
        `npx --yes --package ./image-cache-invalidate-${version}.tgz image-cache-invalidate --dry-run`,
      ),
    ).toEqual([]);
  });

  it('npx running the command without a version, or at another version than package.json', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(shellProblems(`npx --yes image-cache-invalidate --dry-run`)).toEqual([
      `image-cache-invalidate --dry-run: npx runs whatever version is newest: pin image-cache-invalidate@${version}`,
    ]);
    expect(shellProblems(`npx image-cache-invalidate@0.0.1 --dry-run`)).toEqual([
      `image-cache-invalidate@0.0.1 --dry-run: pinned at 0.0.1, but package.json is at ${version}`,
    ]);
    expect(shellProblems(`npx --yes image-cache-invalidate@${version} --dry-run`)).toEqual([]);
    expect(shellProblems(`image-cache-invalidate --dry-run`)).toEqual([]); // installed: its version is the user's
  });

  it('a flag without its value, or -0 without --files -', () => {
    expect(shellProblems('image-cache-invalidate --url-map')).toHaveLength(1);
    expect(
      shellProblems('git diff --name-only -z A B | image-cache-invalidate -0 --files-from x'),
    ).toHaveLength(1);
  });

  it('JSON that does not parse', () => {
    expect(jsonProblems('{ "ok": true, }')).toHaveLength(1);
  });

  it("an npm script package.json does not have, in a shell block (a workflow's are the user's own)", () => {
    expect(shellProblems('npm ci && npm run demos')).toEqual(['npm run demos: no such script']);
    expect(workflowProblems('- run: npm run demos\n  shell: bash\n')).toEqual([]);
    expect(shellProblems('npm ci && npm run demo # and npm run nothing')).toEqual([]);
  });

  it('reads a shell script as the shell splits it: quotes, continuations, pipes, redirections, comments', () => {
    expect(
      shellWords(
        `FOO=1 npx --yes image-cache-invalidate --url-map 'a => b' \\\n  --token > "$RUNNER_TEMP/r.json" 2>&1 # note\ngit diff -z A B | x --files - -0`,
      ),
    ).toEqual([
      ['FOO=1', 'npx', '--yes', 'image-cache-invalidate', '--url-map', 'a => b', '--token'],
      ['git', 'diff', '-z', 'A', 'B'],
      ['x', '--files', '-', '-0'],
    ]);
  });
});
