/**
 * The recipes after a deploy done by anything run as written: each workflow block's event, job condition,
 * checkout ref, permissions and the action's `with:` are read from the README and docs/, and the built action runs them on a
 * real repository against the API emulator and the GitHub stand-in. Each invalidates exactly the images changed
 * since the last commit recorded fresh, up to the deployed commit, and records that commit. A recipe that names its
 * `site` runs against a local site at the same path that serves the deployed commit's public/ folder, and learns its
 * map there.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT_KEY } from '../support/client.ts';
import { useEmulator } from '../support/emulator.ts';
import {
  createOrigin,
  setAt,
  webhookExample,
  writeEvent,
  type Origin,
  type Sha,
} from '../support/git-repo.ts';
import { startGithubStandIn, type GithubStandIn } from '../support/github-stand-in.ts';
import { CATCH_UP_PERMISSIONS, eventNames } from '../support/permissions.ts';
import { guideBlocks, parseYaml } from '../support/readme-blocks.ts';
import { serveRecipeSite, type RecipeSite } from '../support/recipe-site.ts';
import { runAction } from '../support/runner.ts';

const emulator = useEmulator();
const REPOSITORY = 'octo-org/octo-repo';

interface Step {
  readonly uses?: string;
  readonly with?: Record<string, string>;
}
interface Workflow {
  readonly on: string | Record<string, unknown>;
  readonly permissions: Record<string, string>;
  readonly jobs: Record<string, { if?: string; steps: Step[] }>;
}

/** A recipe of the guide: its workflow, and the page that shows it. */
interface Recipe {
  readonly page: string;
  readonly event: string;
  readonly workflow: Workflow;
}

/** The workflows of the guide that run the action after a deploy, or on a schedule. */
function recipes(): Recipe[] {
  return guideBlocks()
    .filter((block) => block.language === 'yaml')
    .map((block) => ({ page: block.path, data: parseYaml(block.text).data }))
    .filter((found): found is { page: string; data: Workflow } => {
      const workflow = found.data as Partial<Workflow> | undefined;
      if (typeof workflow?.jobs !== 'object') return false;
      const ours = Object.values(workflow.jobs).some((job) =>
        job.steps.some((step) => step.uses?.startsWith('image-cache-invalidate/')),
      );
      return ours && eventNames(workflow.on).some((event) => AFTER_A_DEPLOY.has(event));
    })
    .map(({ page, data }) => ({ page, event: eventNames(data.on)[0] ?? '', workflow: data }));
}

const AFTER_A_DEPLOY = new Set(['workflow_run', 'deployment_status', 'repository_dispatch', 'schedule']);

/** A value at a dotted path of the payload: `github.event.workflow_run.head_sha`. */
function eventValue(payload: unknown, path: string): unknown {
  const keys = path.replace(/^github\.event\./, '').split('.');
  return keys.reduce<unknown>(
    (value, key) =>
      typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined,
    payload,
  );
}

/** Evaluates the `${{ … }}` of a recipe, as the runner would for this run; anything else fails the test. */
function evaluate(text: string, payload: unknown): string {
  return text.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expression: string) => {
    if (expression === 'secrets.IMAGE_API_KEY') return ROOT_KEY;
    if (expression === 'vars.IMAGE_SERVICE_KEY') return 'svc';
    if (expression.startsWith('github.event.')) return String(eventValue(payload, expression));
    throw new Error(`the test cannot evaluate \${{ ${expression} }}`);
  });
}

/**
 * A job's `if:` of the form `github.event.a.b == 'value'` or `startsWith(github.event.a.b, 'value')`, or several
 * joined by `&&`, for this payload. GitHub's expressions compare strings without case, and so does this.
 */
function condition(expression: string | undefined, payload: unknown): boolean {
  if (expression === undefined) return true;
  const text = (path: string | undefined): string => String(eventValue(payload, path ?? '')).toLowerCase();
  return expression.split('&&').every((part) => {
    const equal = /^(github\.event\.[\w.]+) == '([^']*)'$/.exec(part.trim());
    if (equal !== null) return text(equal[1]) === equal[2]?.toLowerCase();
    const starts = /^startsWith\((github\.event\.[\w.]+), '([^']*)'\)$/.exec(part.trim());
    if (starts !== null) return text(starts[1]).startsWith(starts[2]?.toLowerCase() ?? '');
    throw new Error(`the test cannot evaluate if: ${expression}`);
  });
}

let origin: Origin;
let github: GithubStandIn;
let site: RecipeSite | undefined;
beforeEach(async () => {
  origin = createOrigin('readme-recipes-');
  github = await startGithubStandIn(REPOSITORY, origin.bare);
});
afterEach(async () => {
  await site?.close();
  site = undefined;
  origin.dispose();
  await github.close();
});

/** The payload each recipe's event sends when the deploy of `deployed` succeeded. */
function payloadOf({ event, page }: Recipe, deployed: Sha): unknown {
  if (event === 'deployment_status' && page === 'docs/recipes/vercel.md') {
    // Vercel's GitHub app: a deployment in `Production – <project>` (one per project of the repository), with the
    // deployment's own URL.
    const payload = webhookExample('deployment_status');
    setAt(payload, ['deployment', 'sha'], deployed);
    setAt(payload, ['deployment', 'environment'], 'Production – my-site');
    setAt(payload, ['deployment', 'creator', 'login'], 'vercel[bot]');
    setAt(payload, ['deployment_status', 'state'], 'success');
    setAt(payload, ['deployment_status', 'environment'], 'Production – my-site');
    setAt(payload, ['deployment_status', 'environment_url'], 'https://my-site-git-main-octo-org.vercel.app');
    setAt(payload, ['deployment_status', 'creator', 'login'], 'vercel[bot]');
    return payload;
  }
  switch (event) {
    case 'workflow_run': {
      const payload = webhookExample('workflow_run', (example) => example.action === 'completed');
      setAt(payload, ['workflow_run', 'head_sha'], deployed);
      setAt(payload, ['workflow_run', 'conclusion'], 'success');
      setAt(payload, ['workflow_run', 'name'], 'Pages');
      return payload;
    }
    case 'deployment_status': {
      const payload = webhookExample('deployment_status');
      setAt(payload, ['deployment', 'sha'], deployed);
      setAt(payload, ['deployment', 'environment'], 'Production');
      setAt(payload, ['deployment_status', 'state'], 'success');
      return payload;
    }
    case 'repository_dispatch':
      return {
        action: 'vercel.deployment.success',
        client_payload: { environment: 'production', url: 'https://x.vercel.app', git: { sha: deployed } },
      };
    default:
      return { schedule: '17 3 * * *' };
  }
}

describe('the recipes after a deploy done by anything', () => {
  const workflows = recipes();

  it("are five: Pages, Netlify, Vercel's two events and a scheduled reconcile, each granting what catch-up's record needs", () => {
    expect(workflows.map(({ page, event }) => `${page} ${event}`).sort()).toEqual([
      'docs/recipes/github-pages.md workflow_run',
      'docs/recipes/netlify.md deployment_status',
      'docs/recipes/scheduled-reconcile.md schedule',
      'docs/recipes/vercel.md deployment_status',
      'docs/recipes/vercel.md repository_dispatch',
    ]);
    for (const { workflow } of workflows) expect(workflow.permissions).toMatchObject(CATCH_UP_PERMISSIONS);
  });

  it.each(
    workflows
      .filter(({ event }) => event === 'deployment_status')
      .map((recipe) => [recipe.page, recipe] as const),
  )('%s: its job starts for a successful deploy of production only', (_, recipe) => {
    const [job] = Object.values(recipe.workflow.jobs);
    const payload = payloadOf(recipe, 'a'.repeat(40)) as Record<string, unknown>;
    expect(condition(job?.if, payload)).toBe(true);
    for (const state of ['failure', 'error', 'pending', 'in_progress']) {
      setAt(payload, ['deployment_status', 'state'], state);
      expect(condition(job?.if, payload), state).toBe(false);
    }
    setAt(payload, ['deployment_status', 'state'], 'success');
    const production = String(eventValue(payload, 'github.event.deployment.environment'));
    setAt(payload, ['deployment', 'environment'], production.replace(/^Production/, 'Preview'));
    expect(condition(job?.if, payload), 'a preview').toBe(false);
  });

  it.each(workflows.map((recipe) => [`${recipe.page} ${recipe.event}`, recipe] as const))(
    '%s: invalidates the images changed since the last commit recorded fresh, up to the deployed commit',
    async (_, recipe) => {
      const { event, workflow } = recipe;
      const work = origin.work;
      work.write('public/images/x.png');
      const fresh = work.commit('x');
      work.write('public/images/a.png');
      work.commit('a');
      work.write('public/images/b.png');
      const deployed = work.commit('b');
      // The default branch moves on after the deploy, except for a schedule, which runs on its tip.
      if (event !== 'schedule') work.write('public/images/later.png').commit('later');
      const tip = work.push('main').head();
      const payload = payloadOf(recipe, deployed);
      const [job] = Object.values(workflow.jobs);
      expect(condition(job?.if, payload)).toBe(true);
      const checkoutStep = job?.steps.find((step) => step.uses?.startsWith('actions/checkout@'));
      const actionStep = job?.steps.find((step) => step.uses?.startsWith('image-cache-invalidate/'));
      const withValues = Object.fromEntries(
        Object.entries(actionStep?.with ?? {}).map(([name, value]) => [name, evaluate(value, payload)]),
      );
      withValues['base-url'] = emulator().url;
      if (withValues.site !== undefined) {
        const live = origin.clone();
        live.git('checkout', '--quiet', deployed);
        site = await serveRecipeSite(withValues.site, live.dir);
        withValues.site = site.input;
        // action.yml's default, which learning needs (the suites' default is off).
        withValues['origin-check'] ??= 'content';
      }
      // The first run records the commit the site was last fresh at; the recipe's run catches up from it.
      const context = await firstRecord(withValues, fresh);
      const githubSha = event === 'deployment_status' ? deployed : tip;
      const checkout = origin.clone({ depth: 1 });
      const ref = checkoutStep?.with?.ref;
      if (ref !== undefined) {
        const sha = evaluate(ref, payload);
        checkout.git('fetch', '--quiet', '--depth=1', 'origin', sha);
        checkout.git('checkout', '--quiet', sha);
      } else if (githubSha !== tip) {
        checkout.git('fetch', '--quiet', '--depth=1', 'origin', githubSha);
        checkout.git('checkout', '--quiet', githubSha);
      }
      const run = await runAction(withValues, {
        ...environment(event, payload, githubSha),
        GITHUB_WORKSPACE: checkout.dir,
      });
      expect(run.exitCode, run.stdout).toBe(0);
      // The recipe's url-map, or the map learned from its site: public/ served at the site's path.
      const urlMap =
        site === undefined
          ? (/=>\s*(\S+)/.exec(withValues['url-map'] ?? '')?.[1] ?? '')
          : `${site.local}/images`;
      if (site !== undefined) expect(site.asWritten(run.stdout)).toContain(`public => ${site.written}`);
      expect([...emulator().invalidated.assets].sort()).toEqual([`${urlMap}/a.png`, `${urlMap}/b.png`]);
      expect(github.deploymentsOf(context).filter((record) => record.sha === deployed)).toHaveLength(1);
    },
  );
});

function environment(event: string, payload: unknown, sha: Sha): Record<string, string> {
  return {
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: writeEvent(origin.root, payload, `${event}.json`),
    GITHUB_SHA: sha,
    GITHUB_REPOSITORY: REPOSITORY,
    GITHUB_API_URL: github.url,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_RUN_ID: '7',
  };
}

/** A green run on `fresh` with the recipe's inputs: it records the commit, on the recipe's own target. */
async function firstRecord(withValues: Record<string, string>, fresh: Sha): Promise<string> {
  const checkout = origin.clone();
  checkout.git('checkout', '--quiet', fresh);
  const run = await runAction(withValues, {
    ...environment('workflow_dispatch', {}, fresh),
    GITHUB_WORKSPACE: checkout.dir,
  });
  expect(run.exitCode, run.stdout).toBe(0);
  const [record] = github.deploymentsOf().filter((deployment) => deployment.sha === fresh);
  expect(record?.environment).toMatch(/^Image cache record – .+ – production – /);
  emulator().reset();
  return record?.environment ?? '';
}
