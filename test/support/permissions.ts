/**
 * What a workflow must grant GITHUB_TOKEN for what it does: the one table the documentation's workflows are checked
 * against, each entry with what needs it.
 */
import { actionRepository } from './readme-blocks.ts';
import { RECORD_PERMISSION } from '../../src/github/record-permission.ts';

export type Grant = 'read' | 'write';
export type Permissions = Readonly<Record<string, Grant>>;

/**
 * Catch-up (on by default for a branch's run in GitHub Actions) reads and writes the record of the commit last made
 * fresh, kept in GitHub's Deployments API: `deployments: write`; and it deepens the checkout, `contents: read`.
 */
export const CATCH_UP_PERMISSIONS: Permissions = {
  contents: 'read',
  ...Object.fromEntries([RECORD_PERMISSION.split(': ') as [string, Grant]]),
};

/**
 * Without a checkout, the changed files come from the GitHub API (src/github/api.ts): a commit or a comparison
 * (`repos.getCommit`, `repos.compareCommitsWithBasehead`) needs `contents: read`; a pull request's files
 * (`pulls.listFiles`) need `pull-requests: read` too.
 */
export const API_CHANGES_PERMISSIONS: Permissions = { contents: 'read' };
export const API_PULL_FILES_PERMISSIONS: Permissions = { contents: 'read', 'pull-requests': 'read' };

/** What the other actions that the documentation's workflows use need, as each one's documentation says. */
export const ACTION_PERMISSIONS: Readonly<Record<string, Permissions>> = {
  // Reads the repository.
  'actions/checkout': { contents: 'read' },
  // Uploads with the runner's own token, not GITHUB_TOKEN.
  'actions/upload-artifact': {},
  // An artifact of another run (`run-id`) is read through the API.
  'actions/download-artifact': { actions: 'read' },
  // Posts and updates the comment.
  'marocchino/sticky-pull-request-comment': { 'pull-requests': 'write' },
  // Diffs the checkout with git; for a pull request without history it asks the API for its files.
  'tj-actions/changed-files': { contents: 'read' },
  // Calls Cloudflare's API with the token it is given; nothing of GitHub's.
  'nathanvaughn/actions-cloudflare-purge': {},
  // Reads the repository's Pages site (GET /repos/{owner}/{repo}/pages) for its URL and base path.
  'actions/configure-pages': { pages: 'read' },
  // Archives the site and uploads it with actions/upload-artifact: the runner's own token.
  'actions/upload-pages-artifact': {},
  // Its README: "The job that executes the deployment must at minimum have" both (an OIDC token proves the source).
  'actions/deploy-pages': { pages: 'write', 'id-token': 'write' },
};

/** The events of a branch's run, on which catch-up looks for the record (src/ci/github.ts, `branchRange`). */
export const CATCH_UP_EVENTS: ReadonlySet<string> = new Set([
  'push',
  'workflow_dispatch',
  'schedule',
  'deployment_status',
  'workflow_run',
  'repository_dispatch',
]);

export interface Step {
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Record<string, unknown>;
}

export interface Job {
  readonly permissions?: string | Record<string, string>;
  readonly steps?: readonly Step[];
}

export interface Workflow {
  readonly on?: unknown;
  readonly permissions?: string | Record<string, string>;
  readonly jobs?: Record<string, Job>;
}

/** A workflow's events, whether its `on:` is a string, a list or a mapping. */
export function eventNames(on: unknown): string[] {
  if (typeof on === 'string') return [on];
  if (Array.isArray(on)) return on.map(String);
  return typeof on === 'object' && on !== null ? Object.keys(on) : [];
}

function isOurs(uses: string | undefined): boolean {
  return uses !== undefined && (uses === './' || uses.startsWith(`${actionRepository()}@`));
}

/** What a step of this action, in a job on these events, uses of GitHub's API, by its inputs. */
export function actionNeeds(step: Step, events: readonly string[], checkedOut: boolean): Permissions[] {
  const input = (name: string): string => {
    const value = step.with?.[name];
    return typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number'
      ? String(value).trim()
      : '';
  };
  const fromChanges =
    (input('scope') || 'assets') === 'assets' &&
    // With url-map empty, the map learned from `site` maps the changed files (src/settings/settings.ts).
    (input('url-map') !== '' || input('site') !== '') &&
    ['assets', 'assets-from', 'files', 'files-from'].every((name) => input(name) === '');
  if (!fromChanges) return [];
  const needs: Permissions[] = [];
  if (input('catch-up') !== 'false' && events.some((event) => CATCH_UP_EVENTS.has(event)))
    needs.push(CATCH_UP_PERMISSIONS);
  if (!checkedOut)
    needs.push(
      events.some((event) => event.startsWith('pull_request'))
        ? API_PULL_FILES_PERMISSIONS
        : API_CHANGES_PERMISSIONS,
    );
  return needs;
}

function granted(permissions: string | Record<string, string> | undefined, scope: string): Grant | undefined {
  if (permissions === 'write-all') return 'write';
  if (permissions === 'read-all') return 'read';
  if (typeof permissions !== 'object') return undefined;
  const grant = permissions[scope];
  return grant === 'write' || grant === 'read' ? grant : undefined;
}

/**
 * What a workflow fails to grant for what its jobs do: each job's token must be limited by a `permissions:` (its
 * own or the workflow's), and grant what each of its steps needs, by the table above.
 */
export function permissionProblems(workflow: Workflow): string[] {
  const problems: string[] = [];
  const events = eventNames(workflow.on);
  for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
    const permissions = job.permissions ?? workflow.permissions;
    if (permissions === undefined) {
      problems.push(`${name}: no permissions: the token gets whatever the repository's default grants`);
      continue;
    }
    let checkedOut = false;
    for (const step of job.steps ?? []) {
      const action = step.uses?.split('@')[0];
      let needs: Permissions[] = [];
      if (isOurs(step.uses)) needs = actionNeeds(step, events, checkedOut);
      else if (action !== undefined) {
        const known = ACTION_PERMISSIONS[action];
        if (known === undefined) problems.push(`${name}: ${action}: not in the table of what actions need`);
        else needs = [known];
      }
      if (action === 'actions/checkout') checkedOut = true;
      for (const need of needs)
        for (const [scope, grant] of Object.entries(need)) {
          const has = granted(permissions, scope);
          if (has === undefined || (grant === 'write' && has === 'read'))
            problems.push(`${name}: ${step.uses ?? ''} needs ${scope}: ${grant}`);
        }
    }
  }
  return problems;
}
