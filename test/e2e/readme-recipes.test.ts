/**
 * The README's recipes run as written. The GitLab CI recipe as GitLab would run it: for each kind of pipeline (a push
 * to the default branch or another, a schedule, a manual run, an API trigger, a merge request), each job its `rules`
 * start has its `script` run, with the command the npm package ships, in a real git repository with GitLab's
 * predefined variables, against the API emulator; every job that starts must succeed. Each GitHub workflow recipe's
 * step of the action, with its own inputs, through the built action on its own event in a real repository, the
 * workflow's expressions (secrets, inputs, another action's output) given what GitHub would give them.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT_KEY } from '../support/client.ts';
import { ROOT, runShell, type CommandRun } from '../support/command.ts';
import { useEmulator } from '../support/emulator.ts';
import {
  createOrigin,
  pullRequestPayload,
  pushPayload,
  writeEvent,
  ZERO_SHA,
  type Origin,
  type Sha,
} from '../support/git-repo.ts';
import { changedFilesAction, type ChangedFilesWith } from '../support/changed-files-action.ts';
import { guideBlocks, isGitLabCi, placeOf, type PageBlock } from '../support/readme-blocks.ts';
import { serveRecipeSite, type RecipeSite } from '../support/recipe-site.ts';
import { runAction, type ActionRun } from '../support/runner.ts';

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

interface Job {
  readonly rules?: readonly { readonly if?: string; readonly when?: string }[];
  readonly variables?: Record<string, string>;
  readonly script: readonly string[];
}

/** The jobs of the README's GitLab CI block, with the variables each job sees. */
function gitlabJobs(): Map<string, Job> {
  const block = guideBlocks().find(isGitLabCi);
  if (block === undefined) throw new Error('no GitLab CI block in the README or docs/');
  const config = parse(block.text) as Record<string, unknown> & { variables?: Record<string, string> };
  const jobs = new Map<string, Job>();
  for (const [name, body] of Object.entries(config)) {
    if (typeof body !== 'object' || body === null || !('script' in body)) continue;
    const job = body as Job;
    jobs.set(name, { ...job, variables: { ...config.variables, ...job.variables } });
  }
  return jobs;
}

type Variables = Readonly<Record<string, string | undefined>>;

/**
 * Whether GitLab adds the job to a pipeline with these variables: the first rule whose `if:` holds decides (`when:
 * never` keeps it out); no rule holding keeps it out; no rules at all put it in.
 */
function jobRuns(job: Job, variables: Variables): boolean {
  if (job.rules === undefined) return true;
  for (const rule of job.rules) {
    if (rule.if === undefined || ruleHolds(rule.if, variables)) return rule.when !== 'never';
  }
  return false;
}

/**
 * A rule's `if:` as GitLab reads it, for what the README writes: `$VAR`, quoted strings, `==`, `!=`, `&&`, `||`
 * and parentheses (`&&` binds tighter). A variable that is not set is null, equal only to another that is not set.
 */
function ruleHolds(expression: string, variables: Variables): boolean {
  const tokens = expression.match(/\$\w+|"[^"]*"|'[^']*'|==|!=|&&|\|\||\(|\)|\S+/g) ?? [];
  let at = 0;
  const next = (): string | undefined => tokens[at++];
  const peek = (): string | undefined => tokens[at];
  const value = (): string | null | boolean => {
    const token = next();
    if (token === '(') {
      const inner = or();
      if (next() !== ')') throw new Error(`unclosed ( in ${expression}`);
      return inner;
    }
    if (token?.startsWith('$') === true) return variables[token.slice(1)] ?? null;
    if (token !== undefined && /^["']/.test(token)) return token.slice(1, -1);
    throw new Error(`cannot read ${String(token)} in ${expression}`);
  };
  const comparison = (): boolean => {
    const left = value();
    const operator = peek();
    if (operator !== '==' && operator !== '!=') return typeof left === 'boolean' ? left : (left ?? '') !== '';
    next();
    const equal = left === value();
    return operator === '==' ? equal : !equal;
  };
  const and = (): boolean => {
    let result = comparison();
    while (peek() === '&&') {
      next();
      result = comparison() && result;
    }
    return result;
  };
  const or = (): boolean => {
    let result = and();
    while (peek() === '||') {
      next();
      result = and() || result;
    }
    return result;
  };
  const result = or();
  if (at !== tokens.length) throw new Error(`cannot read ${expression}`);
  return result;
}

describe('the rules reader', () => {
  it('reads what GitLab reads', () => {
    const on = { CI_PIPELINE_SOURCE: 'push', CI_COMMIT_BRANCH: 'main', CI_DEFAULT_BRANCH: 'main' };
    expect(ruleHolds('$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH', on)).toBe(true);
    expect(ruleHolds('$CI_PIPELINE_SOURCE == "schedule"', on)).toBe(false);
    expect(ruleHolds('$CI_PIPELINE_SOURCE != "schedule" && $CI_COMMIT_BRANCH', on)).toBe(true);
    expect(ruleHolds('$CI_MERGE_REQUEST_IID == $CI_COMMIT_TAG', on)).toBe(true);
    expect(ruleHolds('($CI_MERGE_REQUEST_IID || $CI_COMMIT_TAG) && $CI_COMMIT_BRANCH', on)).toBe(false);
    expect(() => ruleHolds('$CI_COMMIT_BRANCH =~ /^main$/', on)).toThrow();
  });
});

const DEFAULT_BRANCH = 'main';

/** GitLab's predefined variables for each kind of pipeline, on a repository whose last push went base..head. */
function pipelines(base: Sha, head: Sha): Record<string, Variables> {
  const common = { GITLAB_CI: 'true', CI: 'true', CI_DEFAULT_BRANCH: DEFAULT_BRANCH, CI_COMMIT_SHA: head };
  // GitLab sets CI_COMMIT_BEFORE_SHA to zeros for every pipeline but a push.
  const onBranch = (source: string, branch = DEFAULT_BRANCH): Variables => ({
    ...common,
    CI_PIPELINE_SOURCE: source,
    CI_COMMIT_BRANCH: branch,
    CI_COMMIT_REF_NAME: branch,
    CI_COMMIT_BEFORE_SHA: source === 'push' ? base : ZERO_SHA,
  });
  return {
    'a push to the default branch': onBranch('push'),
    'a push to another branch': onBranch('push', 'feature'),
    'a scheduled pipeline': onBranch('schedule'),
    'a pipeline run by hand': onBranch('web'),
    'a pipeline started through the API': onBranch('api'),
    'a pipeline started by a trigger token': onBranch('trigger'),
    'a merge request pipeline': {
      ...common,
      CI_PIPELINE_SOURCE: 'merge_request_event',
      CI_COMMIT_REF_NAME: 'feature',
      CI_COMMIT_BEFORE_SHA: ZERO_SHA,
      CI_MERGE_REQUEST_IID: '7',
      CI_MERGE_REQUEST_DIFF_BASE_SHA: base,
      CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: 'feature',
      CI_MERGE_REQUEST_TARGET_BRANCH_NAME: DEFAULT_BRANCH,
    },
  };
}

describe("the README's GitLab CI recipe, in every kind of pipeline", () => {
  // The service key the recipe names, so that its variables are used as written.
  const emulator = useEmulator({ serviceKey: 'my-service' });
  let origin: Origin;
  let base: Sha;
  let head: Sha;
  /** The recipe's site, served by a local site at its path: public/ of the push, deployed. */
  let site: RecipeSite;
  const SITE = 'https://www.example.com/';
  const jobs = gitlabJobs();

  beforeAll(async () => {
    origin = createOrigin('readme-gitlab-');
    const work = origin.work;
    work.write('public/images/hero.png').write('README.md');
    base = work.commit('first');
    work.write('public/images/hero.png', 'new bytes\n').write('public/images/IMG_2041.JPG');
    head = work.commit('second');
    site = await serveRecipeSite(SITE, work.dir);
  });
  afterAll(async () => {
    await site.close();
    origin.dispose();
  });

  /** A job's script, line by line as GitLab runs it, with the packed command for `npx`, against the emulator. */
  async function runJob(job: Job, variables: Variables): Promise<CommandRun> {
    const script = job.script
      .map((line) =>
        line
          .replaceAll(`npx --yes image-cache-invalidate@${version}`, 'CLI')
          .replaceAll(`--site ${SITE}`, `--site ${site.input}`),
      )
      .join(' && ');
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries({ ...job.variables, ...variables }))
      if (value !== undefined) env[name] = value;
    return runShell(script, {
      cwd: origin.work.dir,
      env: {
        ...env,
        HOME: origin.root,
        CI_PROJECT_DIR: origin.work.dir,
        // The README's dashboard host stands for the service: here it is the emulator, and the key a masked variable.
        IMAGE_CACHE_BASE_URL: emulator().url,
        IMAGE_CACHE_API_KEY: ROOT_KEY,
        // The command's own default, which learning needs (the suites' default is off).
        IMAGE_CACHE_ORIGIN_CHECK: 'content',
      },
    });
  }

  it('has the jobs it describes: one that invalidates on the default branch, one that previews merge requests', () => {
    expect([...jobs.keys()]).toEqual(['invalidate-images', 'preview-images']);
  });

  it.each(Object.keys(pipelines('base', 'head')))('%s: every job that starts succeeds', async (pipeline) => {
    const variables = pipelines(base, head)[pipeline] ?? {};
    for (const [name, job] of jobs) {
      if (!jobRuns(job, variables)) continue;
      const run = await runJob(job, variables);
      expect(run.exitCode, `${name}: ${run.stderr}`).toBe(0);
    }
  });

  it('invalidates on a push to the default branch only, and keeps the JSON report', async () => {
    const runs = Object.entries(pipelines(base, head)).filter(([, variables]) =>
      jobRuns(jobs.get('invalidate-images') ?? { script: [] }, variables),
    );
    expect(runs.map(([pipeline]) => pipeline)).toEqual(['a push to the default branch']);
    const run = await runJob(jobs.get('invalidate-images') ?? { script: [] }, runs[0]?.[1] ?? {});
    expect(run.exitCode, run.stderr).toBe(0);
    expect(site.asWritten(run.stderr)).toContain('public => https://www.example.com');
    expect(
      emulator()
        .invalidated.assets.map((url) => site.asWritten(url))
        .sort(),
    ).toEqual(['https://www.example.com/images/IMG_2041.JPG', 'https://www.example.com/images/hero.png']);
    const report = join(origin.work.dir, 'report.json');
    expect(existsSync(report)).toBe(true);
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({ ok: true });
  });

  it('previews a merge request only, sending nothing', async () => {
    const preview = jobs.get('preview-images') ?? { script: [] };
    const runs = Object.entries(pipelines(base, head)).filter(([, variables]) => jobRuns(preview, variables));
    expect(runs.map(([pipeline]) => pipeline)).toEqual(['a merge request pipeline']);
    const run = await runJob(preview, runs[0]?.[1] ?? {});
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain('Dry run: nothing was sent.');
    expect(site.asWritten(run.stdout)).toContain('  public => https://www.example.com');
    expect(site.asWritten(run.stdout)).toContain('  https://www.example.com/images/IMG_2041.JPG');
    expect(emulator().requests).toEqual([]);
  });
});

/** A step of the action in a workflow of the guide: its inputs, its environment, and the event it runs on. */
interface RecipeStep {
  readonly place: string;
  readonly event: 'push' | 'pull_request' | 'workflow_dispatch';
  readonly with: Record<string, unknown>;
  readonly env: Record<string, unknown>;
  readonly dispatchInputs: Record<string, { default?: string | boolean | number }>;
  /** The inputs of a step of tj-actions/changed-files before it, whose lists it reads. */
  readonly changedFiles?: ChangedFilesWith;
}

interface AnyStep {
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}

/** Each step that uses the action, in the YAML blocks of the README and docs/ (a list of steps runs on a push). */
function recipeSteps(): RecipeStep[] {
  const steps: RecipeStep[] = [];
  const yaml = (block: PageBlock): boolean => block.language === 'yaml' && !isGitLabCi(block);
  for (const block of guideBlocks().filter(yaml)) {
    const doc = parse(block.text) as
      | {
          on?: string | string[] | Events;
          jobs?: Record<string, { steps?: unknown[] }>;
        }
      | unknown[];
    const workflow = Array.isArray(doc) ? undefined : doc;
    const all = (
      Array.isArray(doc) ? doc : Object.values(workflow?.jobs ?? {}).flatMap((job) => job.steps ?? [])
    ) as AnyStep[];
    const on = eventsOf(workflow?.on);
    // The recipes after a deploy done by anything (and the scheduled reconcile) run in readme-deploy-recipes.test.ts.
    if (Object.keys(on).some((name) => AFTER_A_DEPLOY.has(name))) continue;
    const event =
      'pull_request' in on ? 'pull_request' : 'workflow_dispatch' in on ? 'workflow_dispatch' : 'push';
    const changedFiles = all.find((step) => step.uses?.startsWith('tj-actions/changed-files@'))?.with;
    for (const step of all) {
      if (step.uses?.startsWith('image-cache-invalidate/') !== true) continue;
      steps.push({
        place: placeOf(block),
        event,
        with: step.with ?? {},
        env: step.env ?? {},
        dispatchInputs: on.workflow_dispatch?.inputs ?? {},
        ...(changedFiles === undefined ? {} : { changedFiles }),
      });
    }
  }
  return steps;
}

const AFTER_A_DEPLOY = new Set(['deployment_status', 'workflow_run', 'repository_dispatch', 'schedule']);

type Events = Record<string, { inputs?: RecipeStep['dispatchInputs'] } | null>;

/** A workflow's `on:` in its object form: `on: push` and `on: [push, pull_request]` are the same events. */
function eventsOf(on: string | readonly string[] | Events | undefined): Events {
  if (on === undefined) return {};
  if (typeof on === 'string') return { [on]: null };
  if (Array.isArray(on)) return Object.fromEntries(on.map((name: string) => [name, null]));
  return on as Events;
}

// The origin check is off, as in every suite but those of test/origin and e2e/origin-race.test.ts
// (test/support/runner.ts): the recipes' origins are hosts that serve nothing here. A recipe that names its `site` is
// run against a local site at the same path, serving the push's public/ folder: the map is learned there.
describe('the GitHub workflows of the README and docs/', () => {
  const emulator = useEmulator({ serviceKey: 'my-service' });
  let origin: Origin;
  let base: Sha;
  let head: Sha;
  /** The images the last commit changed, where each recipe's url-map looks. */
  const CHANGED = [
    'public/images/hero.png',
    'public/images/IMG_2041.JPG',
    'sites/blog/public/images/authors/ada.png',
    'packages/ui/assets/icon.svg',
  ];
  const steps = recipeSteps();

  beforeAll(() => {
    origin = createOrigin('readme-recipes-');
    const work = origin.work;
    work.write('public/images/hero.png').write('README.md');
    // What the recipes' build step writes: a page and a style that show an image through the image host.
    const hero = 'https://img.example.net/https://www.example.com/images/hero.png';
    work
      .write('build/index.html', `<img src="${hero}">\n`)
      .write('build/style.css', `.hero { background: url(${hero}) }\n`);
    base = work.commit('first');
    for (const path of CHANGED) work.write(path, `new ${path}\n`);
    head = work.commit('second');
    // What a step before the action writes to the runner's temporary folder: `git diff --name-only -z`.
    mkdirSync(join(origin.root, 'runner-temp'));
    writeFileSync(
      join(origin.root, 'runner-temp', 'changed.bin'),
      work.git('diff', '--name-only', '-z', base, head),
    );
  });
  afterAll(() => {
    origin.dispose();
  });

  /** A `with:` value as GitHub gives it: each expression the recipe holds, evaluated as the run would. */
  function evaluated(value: unknown, step: RecipeStep): string {
    const given: Record<string, string> = {
      'secrets.IMAGE_API_KEY': ROOT_KEY,
      'vars.IMAGE_SERVICE_KEY': 'my-service',
      // A person starting the run names a commit to compare from.
      'inputs.since': base,
      'runner.temp': join(origin.root, 'runner-temp'),
    };
    for (const [name, input] of Object.entries(step.dispatchInputs))
      if (input.default !== undefined) given[`inputs.${name}`] ??= String(input.default);
    return String(value).replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (expression, name: string) => {
      const known = given[name];
      if (known === undefined) throw new Error(`${step.place}: no value for ${expression}`);
      return known;
    });
  }

  it('are found: each recipe with a step of the action', () => {
    expect(steps.length).toBeGreaterThanOrEqual(10);
  });

  it.each(recipeSteps().map((step) => [step.place, step] as const))(
    '%s: runs as written, and succeeds',
    async (_, step) => {
      const inputs = Object.fromEntries(
        Object.entries(step.with).map(([name, value]) => [name, evaluated(value, step)]),
      );
      const env = Object.fromEntries(
        Object.entries(step.env).map(([name, value]) => [name, evaluated(value, step)]),
      );
      // A changed-files action before the step writes its lists as it would, with the recipe's settings.
      if (step.changedFiles !== undefined) changedFilesAction(origin.work.dir, base, head, step.changedFiles);
      // The README's dashboard host stands for the service: here it is the emulator.
      inputs['base-url'] = emulator().url;
      let site: RecipeSite | undefined;
      if (inputs.site !== undefined) {
        site = await serveRecipeSite(inputs.site, origin.work.dir);
        inputs.site = site.input;
        // action.yml's default, which learning needs (the suites' default is off).
        inputs['origin-check'] ??= 'content';
      }
      const payload =
        step.event === 'pull_request'
          ? pullRequestPayload(base, head, 7)
          : step.event === 'push'
            ? pushPayload(base, head)
            : { inputs: step.dispatchInputs };
      const run = await runAction(inputs, {
        GITHUB_EVENT_NAME: step.event,
        GITHUB_EVENT_PATH: writeEvent(origin.root, payload, `${step.place.replace(/\W+/g, '-')}.json`),
        GITHUB_WORKSPACE: origin.work.dir,
        GITHUB_SHA: head,
        GITHUB_REPOSITORY: 'octo-org/site',
        GITHUB_API_URL: 'http://127.0.0.1:9',
        RUNNER_TEMP: join(origin.root, 'runner-temp'),
        ...env,
      }).finally(() => site?.close());
      expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(0);
      const dryRun = inputs['dry-run'] === 'true';
      if (site !== undefined) expectLearned(site, run, dryRun ? undefined : emulator().invalidated.assets);
      const sent = emulator().requests.filter((request) => request.route !== 'token');
      expect(sent.length > 0, 'an invalidation reached the service').toBe(!dryRun);
      if (!dryRun) expect(Number(run.outputs['failed-count'])).toBe(0);
    },
  );
});

/**
 * A recipe's `site`, which serves public/ at its path: the rule `public => <site>` is learned and printed in the log
 * and the summary, and the images of public/images the push changed are invalidated there (a dry run lists them);
 * the folders it does not serve, nowhere.
 */
function expectLearned(site: RecipeSite, run: ActionRun, invalidated: readonly string[] | undefined): void {
  const rule = `public => ${site.written}`;
  expect(site.asWritten(run.stdout)).toContain(rule);
  expect(site.asWritten(run.summary)).toContain(
    ['```text', '# 2 changed images, 1 folder (one image of each seen served)', rule].join('\n'),
  );
  const listed = site
    .asWritten(run.stdout)
    .split('\n')
    .filter((line) => line.startsWith(`  ${site.written}/`))
    .map((line) => line.trim());
  expect((invalidated?.map((url) => site.asWritten(url)) ?? listed).sort()).toEqual([
    `${site.written}/images/IMG_2041.JPG`,
    `${site.written}/images/hero.png`,
  ]);
}
