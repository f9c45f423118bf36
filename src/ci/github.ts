import { unhandled } from '../mechanics/exhaustive.ts';
import { readRegularFile, UnreadableFile } from '../mechanics/regular-file.ts';
import { throwInput } from '../mechanics/input-error.ts';
import { parseJson } from '../mechanics/json.ts';
import { quote } from '../shown/shown.ts';
import { apiChangedFiles, type ApiLimits, type GithubApi } from '../github/api.ts';
import { PARENT, sinceRange, ZERO_SHA, type CommitRange } from '../domain/range.ts';
import { cannotTell, NO_RANGE_OUTSIDE_CI, type CiContext } from './context.ts';
import { apiFailure } from './api-failure.ts';

/** What the runner tells about the workflow run (GITHUB_* variables and the event's payload). */
export interface GithubContext extends GithubApi {
  readonly eventName: string;
  /** The webhook payload from GITHUB_EVENT_PATH, as parsed JSON. */
  readonly payload: unknown;
  /** Why the payload could not be read (`from "/path" (ENOENT)`), when it could not: never guessed around. */
  readonly payloadProblem?: string;
  /** GITHUB_SHA: the commit the workflow runs on. */
  readonly sha: string;
  readonly workspace: string;
  /** The run's page (GITHUB_SERVER_URL/GITHUB_REPOSITORY/actions/runs/GITHUB_RUN_ID), inside a workflow run only. */
  readonly runUrl?: string;
}

/** GitHub Actions: the event's payload names the commits; the REST API stands in where git cannot tell. */
export function githubCi(context: GithubContext): CiContext {
  return {
    workspace: context.workspace,
    changeRange: (since) => commitRange(context, since),
    async withoutGit(range, gitProblem) {
      if (context.token === '' || context.repository === '') {
        throw cannotTell(
          gitProblem,
          'The GitHub API needs github-token and GITHUB_REPOSITORY. Check out the repository first (actions/checkout)',
        );
      }
      try {
        return await apiChangedFiles(range, context);
      } catch (error) {
        if (context.limits?.signal?.aborted === true) throw error;
        throw apiFailure(range, gitProblem, error);
      }
    },
    deployedUrl: deployedUrlOf(context),
    ...(context.runUrl === undefined || context.token === '' || context.repository === ''
      ? {}
      : {
          record: {
            apiUrl: context.apiUrl,
            repository: context.repository,
            token: context.token,
            runUrl: context.runUrl,
            branchRange: (since, deployEnvironment) => branchRange(context, since, deployEnvironment),
          },
        }),
  };
}

/** The URL a deploy event names, as its payload writes it; none for any other event. */
function deployedUrlOf(context: GithubContext): string | undefined {
  const { payload } = context;
  if (context.eventName === 'deployment_status')
    return (
      stringAt(payload, 'deployment_status', 'environment_url') ??
      stringAt(payload, 'deployment_status', 'target_url')
    );
  if (context.eventName === 'repository_dispatch') return stringAt(payload, 'client_payload', 'url');
  return undefined;
}

/** The workflow run, as the runner describes it in GITHUB_* variables. */
export function githubContextFromEnv(
  token: string,
  env: NodeJS.ProcessEnv = process.env,
  limits?: ApiLimits,
): GithubContext {
  return {
    limits,
    eventName: env.GITHUB_EVENT_NAME ?? '',
    ...readPayload(env.GITHUB_EVENT_PATH ?? ''),
    sha: env.GITHUB_SHA || 'HEAD',
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    repository: env.GITHUB_REPOSITORY ?? '',
    apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
    token,
    ...runUrlOf(env),
  };
}

/** GitHub caps a webhook payload at 25 MB; the runner's event file holds one. */
const MAX_EVENT_BYTES = 32 * 1024 * 1024;

/** The event's payload, or why it cannot be read; only events that name their commits in it need it. */
function readPayload(path: string): { payload: unknown; payloadProblem?: string } {
  if (path === '') return { payload: {}, payloadProblem: ': GITHUB_EVENT_PATH is empty' };
  let text: string;
  try {
    // A regular file only, within a cap: a FIFO or a device there would block the process, deaf to every signal.
    text = readRegularFile(path, { maxBytes: MAX_EVENT_BYTES });
  } catch (error) {
    if (error instanceof UnreadableFile)
      return { payload: {}, payloadProblem: ` from ${quote(path)}: it ${error.what}` };
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    return { payload: {}, payloadProblem: ` from ${quote(path)} (${code})` };
  }
  const payload = parseJson(text);
  return payload === undefined
    ? { payload: {}, payloadProblem: ` from ${quote(path)}: it is not JSON` }
    : { payload };
}

/** The range the triggering event changed, with `since` in place of its base when given. */
export function commitRange(
  context: GithubContext,
  since: string | undefined,
  deployEnvironment = DEFAULT_DEPLOY_ENVIRONMENT,
): CommitRange {
  // `since` replaces the event's base: its head (GITHUB_SHA where the payload cannot tell) is all it needs. An event
  // that deployed nothing (a failed deploy, a fork's run, a preview) still asks for nothing.
  if (since !== undefined) {
    const event = context.payloadProblem === undefined ? eventRange(context, deployEnvironment) : undefined;
    if (event?.skip !== undefined && event.skipUnlessSince !== true) return event;
    const head = event?.skip === undefined ? (event?.head ?? context.sha) : context.sha;
    return { ...sinceRange(since, head), checkoutRef: event?.checkoutRef };
  }
  const event = eventRange(context, deployEnvironment);
  if (event !== undefined) return event;
  if (context.eventName === '') return throwInput(NO_RANGE_OUTSIDE_CI);
  return throwInput(namesNoCommits(context.eventName));
}

function namesNoCommits(eventName: string): string {
  // A deployment is announced when it is created, before anything is deployed: invalidating then would let the
  // service fetch the old images again. Its status's success comes once the new version is live.
  if (eventName === 'deployment')
    return (
      "since: the workflow was triggered by 'deployment', which GitHub sends when a deployment is created, before " +
      'anything is deployed: invalidating then would cache the old images again. Trigger the job on: ' +
      "deployment_status instead, with if: github.event.deployment_status.state == 'success' (its deployment.sha " +
      'is the deployed commit), or set since to compare with a commit of your choice.'
    );
  return (
    `since: the workflow was triggered by '${eventName}', which names no commits to compare. Set since ` +
    'to a commit, tag or branch to compare with (e.g. since: v1.4.0), or list the changed paths in files.'
  );
}

/** `deploy-environment`'s default: the deploys of the live site. */
export const DEFAULT_DEPLOY_ENVIRONMENT = 'production';

function eventRange(context: GithubContext, deployEnvironment: string): CommitRange | undefined {
  const payload = context.payload;
  const event = payloadEvent(context.eventName);
  if (event === undefined) return undefined;
  if (context.payloadProblem !== undefined) {
    return throwInput(
      `GITHUB_EVENT_PATH: the payload of the '${context.eventName}' event (GITHUB_EVENT_NAME) cannot be read` +
        `${context.payloadProblem}, and it names the commits to compare. The runner writes it for every job; ` +
        'outside one, set since (a commit, tag or branch to compare with), or list the changed paths in files.',
    );
  }
  switch (event) {
    case 'push': {
      const before = stringAt(payload, 'before');
      const after = stringAt(payload, 'after') ?? context.sha;
      if (before === undefined) {
        return throwInput(
          "GITHUB_EVENT_PATH: the 'push' event's payload has no 'before' commit, so what the push changed is " +
            'unknown; set since (a commit, tag or branch to compare with), or list the changed paths in files.',
        );
      }
      const ref = stringAt(payload, 'ref') ?? '';
      if (ZERO_SHA.test(after) || valueAt(payload, 'deleted') === true)
        return {
          base: PARENT,
          head: 'HEAD',
          origin: 'push',
          skip: `The push deleted ${quote(ref)}: no commit was added, so nothing is invalidated.`,
        };
      // A tag names a commit that a branch's runs made fresh, or will: it changes no image of the site.
      if (ref.startsWith('refs/tags/'))
        return {
          base: PARENT,
          head: after,
          origin: `push of tag ${quote(ref.slice('refs/tags/'.length))}`,
          skip:
            'A tag changes no file: the runs of the branch that has its commit invalidate its images (set since ' +
            'to compare the tag with an earlier commit).',
          skipUnlessSince: true,
        };
      if (ZERO_SHA.test(before)) return { base: PARENT, head: after, origin: 'push (new branch)' };
      return valueAt(payload, 'forced') === true
        ? { base: before, head: after, origin: 'push', forced: true }
        : { base: before, head: after, origin: 'push' };
    }
    case 'pull_request':
    case 'pull_request_target': {
      const base = stringAt(payload, 'pull_request', 'base', 'sha');
      const head = stringAt(payload, 'pull_request', 'head', 'sha');
      const number = numberAt(payload, 'pull_request', 'number') ?? numberAt(payload, 'number');
      if (base === undefined || head === undefined) return undefined;
      // For pull_request, GITHUB_SHA is the test merge of head into the base branch: where git has it, that merge
      // against its first parent is exactly what the pull request changes, whatever the base branch did since.
      const merge = event === 'pull_request' && context.sha !== head ? context.sha : undefined;
      return {
        base,
        head,
        origin: `${event}${number === undefined ? '' : ` #${number}`}`,
        pullNumber: number,
        ...(merge === undefined || merge === 'HEAD' ? {} : { mergeCommit: merge }),
      };
    }
    case 'merge_group': {
      const base = stringAt(payload, 'merge_group', 'base_sha');
      const head = stringAt(payload, 'merge_group', 'head_sha');
      return base === undefined || head === undefined ? undefined : { base, head, origin: 'merge_group' };
    }
    case 'deployment_status':
    case 'workflow_run':
    case 'repository_dispatch':
      return deployedRange(event, payload, context.repository, deployEnvironment);
    default:
      return unhandled(event);
  }
}

/**
 * The events after a deploy, whose payload names the deployed commit: one added here fails to compile until
 * `deployedRange` reads its payload, `branchRange` says how it catches up and `CHECKOUT_REFS` which ref to check out.
 */
const DEPLOY_EVENTS = ['deployment_status', 'workflow_run', 'repository_dispatch'] as const;
type DeployEvent = (typeof DEPLOY_EVENTS)[number];

/**
 * Where each deploy event's payload names the deployed commit, as a workflow writes it in actions/checkout's `ref:`
 * (in the order the checkout hint names them).
 */
export const CHECKOUT_REFS = {
  workflow_run: 'github.event.workflow_run.head_sha',
  deployment_status: 'github.event.deployment.sha',
  repository_dispatch: 'github.event.client_payload.git.sha',
} as const satisfies Record<DeployEvent, string>;

/** The events whose payload names the commits to compare: one added here fails to compile until eventRange reads it. */
const PAYLOAD_EVENTS = [
  'push',
  'pull_request',
  'pull_request_target',
  'merge_group',
  ...DEPLOY_EVENTS,
] as const;
type PayloadEvent = (typeof PAYLOAD_EVENTS)[number];

/** The event, when it is one whose payload names the commits to compare. */
function payloadEvent(eventName: string): PayloadEvent | undefined {
  return PAYLOAD_EVENTS.find((name) => name === eventName);
}

/**
 * The range of a branch's run, marked for catch-up: a push, or a manual dispatch given `since` (asked for by a
 * person, it wins, as on a push), from its base; a deploy or a schedule, or a dispatch without `since`, from its
 * head, the deployed commit, with `since` (or the head's parent) as the base until a record says otherwise.
 */
export function branchRange(
  context: GithubContext,
  since: string | undefined,
  deployEnvironment = DEFAULT_DEPLOY_ENVIRONMENT,
): CommitRange {
  if (context.eventName === 'workflow_dispatch' && since !== undefined)
    return { ...sinceRange(since, context.sha), branch: 'from-base' };
  if (context.eventName === 'workflow_dispatch' || context.eventName === 'schedule') {
    return {
      base: since ?? PARENT,
      head: context.sha,
      origin: since === undefined ? context.eventName : `${context.eventName}, since ${since}`,
      branch: 'from-head',
      ...(since === undefined ? { needsBase: namesNoCommits(context.eventName) } : {}),
    };
  }
  const range = commitRange(context, since, deployEnvironment);
  if (range.skip !== undefined) return range;
  // An event that names no deployed commit (a tag, a dispatch without one), given since: compared as asked, never
  // recorded, since its head is no state the site was seen in.
  const asked = context.payloadProblem === undefined ? eventRange(context, deployEnvironment) : undefined;
  if (asked?.skipUnlessSince === true) return range;
  // Any other event names no commits: its range is since's, and it does not catch up.
  const event = payloadEvent(context.eventName);
  if (event === undefined) return range;
  switch (event) {
    case 'push':
      return { ...range, branch: 'from-base' };
    case 'deployment_status':
    case 'workflow_run':
    case 'repository_dispatch':
      // With since, the deployed head compared with since, until a record says otherwise.
      return { ...range, branch: 'from-head' };
    case 'pull_request':
    case 'pull_request_target':
    case 'merge_group':
      // A pull request or a merge queue's group: compared as the event names it, nothing caught up or recorded.
      return range;
    default:
      return unhandled(event);
  }
}

// Vercel's repository_dispatch events after which the commit is live (vercel/repository-dispatch).
const VERCEL_DEPLOYED = new Set(['vercel.deployment.success', 'vercel.deployment.promoted']);

/**
 * After a deploy done by anything: the deployed commit the payload names (never GITHUB_SHA, which for workflow_run
 * and repository_dispatch is the default branch's tip), compared with its parent until a record says otherwise. A
 * deploy that did not succeed asks for nothing: `skip` says why.
 */
function deployedRange(
  eventName: DeployEvent,
  payload: unknown,
  repository: string,
  deployEnvironment: string,
): CommitRange {
  const skip = (why: string, so = 'nothing was deployed, so nothing is invalidated'): CommitRange => ({
    base: PARENT,
    head: 'HEAD',
    origin: eventName,
    skip: `${why}: ${so}.`,
  });
  const elsewhere = (environment: string | undefined): CommitRange | undefined =>
    environment === undefined || isEnvironment(environment, deployEnvironment)
      ? undefined
      : skip(
          `The deploy is to ${quote(environment)}, not to deploy-environment ${quote(deployEnvironment)}`,
          "its images are not this target's, so nothing is invalidated and its record is left as it was",
        );
  let sha: string | undefined;
  let where: string;
  let origin: string = eventName;
  switch (eventName) {
    case 'deployment_status': {
      const state = stringAt(payload, 'deployment_status', 'state') ?? '(none)';
      if (state !== 'success') return skip(`The deployment's state is ${quote(state)}, not "success"`);
      [sha, where] = [stringAt(payload, 'deployment', 'sha'), 'deployment.sha'];
      const environment = stringAt(payload, 'deployment', 'environment');
      const other = elsewhere(environment);
      if (other !== undefined) return other;
      if (environment !== undefined) origin = `${eventName} (${environment})`;
      break;
    }
    case 'workflow_run': {
      // A fork's pull request runs the triggering workflow on the fork's commit: what it built is no deploy of
      // this site, and its images are not invalidated with this repository's key, nor its commit recorded.
      // GitHub names no head repository (null) once the fork is deleted: unknown is not this repository.
      const head = valueAt(payload, 'workflow_run', 'head_repository');
      const from = stringAt(payload, 'workflow_run', 'head_repository', 'full_name');
      const fork =
        head === null
          ? 'a deleted fork'
          : from !== undefined && repository !== '' && from.toLowerCase() !== repository.toLowerCase()
            ? `${quote(from)}, a fork`
            : undefined;
      if (fork !== undefined)
        return skip(
          `The workflow run came from ${fork}, not from ${quote(repository)}`,
          "a fork's commit is not a deploy of this site, so nothing is invalidated and nothing is recorded",
        );
      const conclusion = stringAt(payload, 'workflow_run', 'conclusion') ?? '(none yet)';
      if (conclusion !== 'success')
        return skip(`The workflow run's conclusion is ${quote(conclusion)}, not "success"`);
      [sha, where] = [stringAt(payload, 'workflow_run', 'head_sha'), 'workflow_run.head_sha'];
      const name = stringAt(payload, 'workflow_run', 'name');
      if (name !== undefined) origin = `${eventName} (${name})`;
      break;
    }
    case 'repository_dispatch': {
      const type = stringAt(payload, 'action') ?? '(none)';
      if (type.startsWith('vercel.') && !VERCEL_DEPLOYED.has(type))
        return skip(`The repository_dispatch event's type is ${quote(type)}, not a finished deployment`);
      sha = stringAt(payload, 'client_payload', 'git', 'sha') ?? stringAt(payload, 'client_payload', 'sha');
      where = 'client_payload.git.sha or client_payload.sha';
      if (sha === undefined)
        return {
          ...skip(
            `The repository_dispatch event ${quote(type)} names no deployed commit in ${where}`,
            'nothing is invalidated (set since to compare GITHUB_SHA with a commit of your choice)',
          ),
          skipUnlessSince: true,
        };
      const other = elsewhere(
        stringAt(payload, 'client_payload', 'environment') ?? stringAt(payload, 'client_payload', 'target'),
      );
      if (other !== undefined) return other;
      origin = `${eventName} (${type})`;
      break;
    }
    default:
      return unhandled(eventName);
  }
  if (sha === undefined || !/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(sha)) {
    return throwInput(
      `GITHUB_EVENT_PATH: the '${eventName}' event's ${where} is ${sha === undefined ? 'missing' : quote(sha)}, ` +
        'not the full SHA of the deployed commit; the commit to compare is unknown.',
    );
  }
  return { base: PARENT, head: sha, origin, branch: 'from-head', checkoutRef: CHECKOUT_REFS[eventName] };
}

/**
 * Whether a deploy's environment is the one named, as hosts write it: Netlify's `Production`, Vercel's `production`
 * or `Production – my-site`, case aside.
 */
export function isEnvironment(environment: string, named: string): boolean {
  const [given, wanted] = [environment.trim().toLowerCase(), named.trim().toLowerCase()];
  // A name and more after a spaced dash (Vercel's `Production – my-site`); never `production-preview`.
  return given === wanted || (given.startsWith(wanted) && /^\s+[-–—]\s/.test(given.slice(wanted.length)));
}

/** The run's page, when the runner names the server, the repository and the run. */
function runUrlOf(env: NodeJS.ProcessEnv): { runUrl?: string } {
  const [server, repository, run] = [env.GITHUB_SERVER_URL, env.GITHUB_REPOSITORY, env.GITHUB_RUN_ID];
  if (env.GITHUB_ACTIONS !== 'true' || !server || !repository || !run) return {};
  return { runUrl: `${server.replace(/(?<!\/)\/+$/, '')}/${repository}/actions/runs/${run}` };
}

function valueAt(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function stringAt(value: unknown, ...keys: string[]): string | undefined {
  const found = valueAt(value, ...keys);
  return typeof found === 'string' && found !== '' ? found : undefined;
}

function numberAt(value: unknown, ...keys: string[]): number | undefined {
  const found = valueAt(value, ...keys);
  return typeof found === 'number' ? found : undefined;
}
