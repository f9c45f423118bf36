export const id = 513;
export const ids = [513];
export const modules = {

/***/ 1513:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  githubCi: () => (/* binding */ githubCi),
  githubContextFromEnv: () => (/* binding */ githubContextFromEnv)
});

// UNUSED EXPORTS: CHECKOUT_REFS, DEFAULT_DEPLOY_ENVIRONMENT, branchRange, commitRange, isEnvironment

// EXTERNAL MODULE: ./src/mechanics/exhaustive.ts
var exhaustive = __webpack_require__(9067);
// EXTERNAL MODULE: ./src/mechanics/regular-file.ts
var regular_file = __webpack_require__(1430);
// EXTERNAL MODULE: ./src/mechanics/input-error.ts
var input_error = __webpack_require__(532);
// EXTERNAL MODULE: ./src/mechanics/json.ts
var json = __webpack_require__(1765);
// EXTERNAL MODULE: ./src/shown/shown.ts
var shown = __webpack_require__(2392);
// EXTERNAL MODULE: ./src/github/api.ts + 1 modules
var api = __webpack_require__(3697);
// EXTERNAL MODULE: ./src/domain/range.ts
var domain_range = __webpack_require__(2337);
;// CONCATENATED MODULE: ./src/ci/context.ts


function pipelineCi(facts) {
    return {
        workspace: facts.workspace,
        changeRange(since) {
            if (since !== undefined)
                return sinceRange(since, facts.head);
            if (facts.range !== undefined)
                return facts.range;
            throw new InputError(facts.noRange);
        },
        withoutGit: (_range, gitProblem) => Promise.reject(cannotTell(gitProblem, facts.remedy)),
    };
}
/** Outside any CI: the working directory's checkout, compared from `since` to HEAD. */
function localCi(workspace) {
    return pipelineCi({
        workspace,
        head: 'HEAD',
        noRange: NO_RANGE_OUTSIDE_CI,
        remedy: 'Run it in a git checkout',
    });
}
/** The error when git cannot tell and no API stands in. `remedy` says how to give git a checkout. */
function cannotTell(gitProblem, remedy) {
    return new Error(`Could not find the changed files: git could not (${gitProblem}). ${remedy}, or list the paths in files.`);
}
/** Outside a CI that names the commits to compare, `since` is needed. */
const NO_RANGE_OUTSIDE_CI = 'since: outside a CI that names the commits to compare (GitHub Actions, GitLab CI), no event names them. Set ' +
    'since to a commit, tag or branch (e.g. --since v1.4.0), or pass the changed paths: ' +
    'git diff --name-only -z A B | … --files - -0';

// EXTERNAL MODULE: ./src/github/request-failed.ts + 1 modules
var request_failed = __webpack_require__(3294);
// EXTERNAL MODULE: ./src/mechanics/error-message.ts
var error_message = __webpack_require__(1411);
;// CONCATENATED MODULE: ./src/ci/api-failure.ts
/**
 * The sentence a run ends with when neither git nor GitHub's API could list the changed files: what git said, which
 * request failed and what came back, and the fix, which depends on what came back: the permission a refusal asks
 * for, a re-run after an outage, and in every case the checkout that lets git tell without asking anyone.
 */


/** The error of a failed fallback to the API, its cause kept (a 404 or 422 still reads as a missing commit). */
function apiFailure(range, gitProblem, error) {
    const said = (0,error_message/* errorMessage */.g)(error).replace(/\.$/, '');
    // git's reason on one line: its advice after a failed fetch ("Please make sure…") is no fix here.
    const git = gitProblem
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .join(' ')
        .replace(/ Please make sure you have the correct access rights and the repository exists\./, '');
    return new Error(`Could not find the changed files (${range.origin}): git could not (${git}), nor could GitHub's API ` +
        `(${said}). ${fixOf(range, error)}`, { cause: error });
}
/** What to change, from what GitHub answered. */
function fixOf(range, error) {
    const checkout = checkoutFix(range);
    if (!(error instanceof request_failed/* GithubRequestFailed */.ep))
        return `To let git tell, ${checkout}.`;
    const status = error.status;
    if (error.rateLimitWaitS !== undefined)
        return `GitHub's rate limit is spent until about ${error.rateLimitWaitS} s from now: re-run the job then, or ${checkout}.`;
    if (status === 401)
        return `The github-token was refused: check that it is set and not expired (the default, \${{ github.token }}, is), or ${checkout}.`;
    if (status === 403 || status === 404) {
        const permissions = error.request.includes('/pulls/')
            ? '`permissions: { contents: read, pull-requests: read }`'
            : '`permissions: { contents: read }`';
        const missing = status === 404 ? ' (GitHub answers 404 to a token that may not read a private repository)' : '';
        return `The token may not read this${missing}: grant the job ${permissions}, or ${checkout}.`;
    }
    if (status === 422)
        return `GitHub does not have that commit: ${checkout}, or set since to a commit it has.`;
    if (status === undefined || status >= 500)
        return `GitHub's API is failing: re-run the job when it answers again, or ${checkout}.`;
    return `To let git tell, ${checkout}.`;
}
/** The checkout git can read both commits in without fetching: the whole history, at the deployed commit if any. */
function checkoutFix(range) {
    const ref = range.checkoutRef === undefined ? '' : ` and ref: \${{ ${range.checkoutRef} }}`;
    return `give git the commits to compare: actions/checkout with fetch-depth: 0${ref}`;
}

;// CONCATENATED MODULE: ./src/ci/github.ts









/** GitHub Actions: the event's payload names the commits; the REST API stands in where git cannot tell. */
function githubCi(context) {
    return {
        workspace: context.workspace,
        changeRange: (since) => commitRange(context, since),
        async withoutGit(range, gitProblem) {
            if (context.token === '' || context.repository === '') {
                throw cannotTell(gitProblem, 'The GitHub API needs github-token and GITHUB_REPOSITORY. Check out the repository first (actions/checkout)');
            }
            try {
                return await (0,api/* apiChangedFiles */.Ou)(range, context);
            }
            catch (error) {
                if (context.limits?.signal?.aborted === true)
                    throw error;
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
function deployedUrlOf(context) {
    const { payload } = context;
    if (context.eventName === 'deployment_status')
        return (stringAt(payload, 'deployment_status', 'environment_url') ??
            stringAt(payload, 'deployment_status', 'target_url'));
    if (context.eventName === 'repository_dispatch')
        return stringAt(payload, 'client_payload', 'url');
    return undefined;
}
/** The workflow run, as the runner describes it in GITHUB_* variables. */
function githubContextFromEnv(token, env = process.env, limits) {
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
function readPayload(path) {
    if (path === '')
        return { payload: {}, payloadProblem: ': GITHUB_EVENT_PATH is empty' };
    let text;
    try {
        // A regular file only, within a cap: a FIFO or a device there would block the process, deaf to every signal.
        text = (0,regular_file/* readRegularFile */.XF)(path, { maxBytes: MAX_EVENT_BYTES });
    }
    catch (error) {
        if (error instanceof regular_file/* UnreadableFile */.ie)
            return { payload: {}, payloadProblem: ` from ${(0,shown/* quote */.hD)(path)}: it ${error.what}` };
        const code = error.code ?? 'unreadable';
        return { payload: {}, payloadProblem: ` from ${(0,shown/* quote */.hD)(path)} (${code})` };
    }
    const payload = (0,json/* parseJson */.q)(text);
    return payload === undefined
        ? { payload: {}, payloadProblem: ` from ${(0,shown/* quote */.hD)(path)}: it is not JSON` }
        : { payload };
}
/** The range the triggering event changed, with `since` in place of its base when given. */
function commitRange(context, since, deployEnvironment = DEFAULT_DEPLOY_ENVIRONMENT) {
    // `since` replaces the event's base: its head (GITHUB_SHA where the payload cannot tell) is all it needs. An event
    // that deployed nothing (a failed deploy, a fork's run, a preview) still asks for nothing.
    if (since !== undefined) {
        const event = context.payloadProblem === undefined ? eventRange(context, deployEnvironment) : undefined;
        if (event?.skip !== undefined && event.skipUnlessSince !== true)
            return event;
        const head = event?.skip === undefined ? (event?.head ?? context.sha) : context.sha;
        return { ...(0,domain_range/* sinceRange */.o)(since, head), checkoutRef: event?.checkoutRef };
    }
    const event = eventRange(context, deployEnvironment);
    if (event !== undefined)
        return event;
    if (context.eventName === '')
        return (0,input_error/* throwInput */.j)(NO_RANGE_OUTSIDE_CI);
    return (0,input_error/* throwInput */.j)(namesNoCommits(context.eventName));
}
function namesNoCommits(eventName) {
    // A deployment is announced when it is created, before anything is deployed: invalidating then would let the
    // service fetch the old images again. Its status's success comes once the new version is live.
    if (eventName === 'deployment')
        return ("since: the workflow was triggered by 'deployment', which GitHub sends when a deployment is created, before " +
            'anything is deployed: invalidating then would cache the old images again. Trigger the job on: ' +
            "deployment_status instead, with if: github.event.deployment_status.state == 'success' (its deployment.sha " +
            'is the deployed commit), or set since to compare with a commit of your choice.');
    return (`since: the workflow was triggered by '${eventName}', which names no commits to compare. Set since ` +
        'to a commit, tag or branch to compare with (e.g. since: v1.4.0), or list the changed paths in files.');
}
/** `deploy-environment`'s default: the deploys of the live site. */
const DEFAULT_DEPLOY_ENVIRONMENT = 'production';
function eventRange(context, deployEnvironment) {
    const payload = context.payload;
    const event = payloadEvent(context.eventName);
    if (event === undefined)
        return undefined;
    if (context.payloadProblem !== undefined) {
        return (0,input_error/* throwInput */.j)(`GITHUB_EVENT_PATH: the payload of the '${context.eventName}' event (GITHUB_EVENT_NAME) cannot be read` +
            `${context.payloadProblem}, and it names the commits to compare. The runner writes it for every job; ` +
            'outside one, set since (a commit, tag or branch to compare with), or list the changed paths in files.');
    }
    switch (event) {
        case 'push': {
            const before = stringAt(payload, 'before');
            const after = stringAt(payload, 'after') ?? context.sha;
            if (before === undefined) {
                return (0,input_error/* throwInput */.j)("GITHUB_EVENT_PATH: the 'push' event's payload has no 'before' commit, so what the push changed is " +
                    'unknown; set since (a commit, tag or branch to compare with), or list the changed paths in files.');
            }
            const ref = stringAt(payload, 'ref') ?? '';
            if (domain_range/* ZERO_SHA */.gy.test(after) || valueAt(payload, 'deleted') === true)
                return {
                    base: domain_range/* PARENT */.f7,
                    head: 'HEAD',
                    origin: 'push',
                    skip: `The push deleted ${(0,shown/* quote */.hD)(ref)}: no commit was added, so nothing is invalidated.`,
                };
            // A tag names a commit that a branch's runs made fresh, or will: it changes no image of the site.
            if (ref.startsWith('refs/tags/'))
                return {
                    base: domain_range/* PARENT */.f7,
                    head: after,
                    origin: `push of tag ${(0,shown/* quote */.hD)(ref.slice('refs/tags/'.length))}`,
                    skip: 'A tag changes no file: the runs of the branch that has its commit invalidate its images (set since ' +
                        'to compare the tag with an earlier commit).',
                    skipUnlessSince: true,
                };
            if (domain_range/* ZERO_SHA */.gy.test(before))
                return { base: domain_range/* PARENT */.f7, head: after, origin: 'push (new branch)' };
            return valueAt(payload, 'forced') === true
                ? { base: before, head: after, origin: 'push', forced: true }
                : { base: before, head: after, origin: 'push' };
        }
        case 'pull_request':
        case 'pull_request_target': {
            const base = stringAt(payload, 'pull_request', 'base', 'sha');
            const head = stringAt(payload, 'pull_request', 'head', 'sha');
            const number = numberAt(payload, 'pull_request', 'number') ?? numberAt(payload, 'number');
            if (base === undefined || head === undefined)
                return undefined;
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
            return (0,exhaustive/* unhandled */.g)(event);
    }
}
/**
 * The events after a deploy, whose payload names the deployed commit: one added here fails to compile until
 * `deployedRange` reads its payload, `branchRange` says how it catches up and `CHECKOUT_REFS` which ref to check out.
 */
const DEPLOY_EVENTS = ['deployment_status', 'workflow_run', 'repository_dispatch'];
/**
 * Where each deploy event's payload names the deployed commit, as a workflow writes it in actions/checkout's `ref:`
 * (in the order the checkout hint names them).
 */
const CHECKOUT_REFS = {
    workflow_run: 'github.event.workflow_run.head_sha',
    deployment_status: 'github.event.deployment.sha',
    repository_dispatch: 'github.event.client_payload.git.sha',
};
/** The events whose payload names the commits to compare: one added here fails to compile until eventRange reads it. */
const PAYLOAD_EVENTS = [
    'push',
    'pull_request',
    'pull_request_target',
    'merge_group',
    ...DEPLOY_EVENTS,
];
/** The event, when it is one whose payload names the commits to compare. */
function payloadEvent(eventName) {
    return PAYLOAD_EVENTS.find((name) => name === eventName);
}
/**
 * The range of a branch's run, marked for catch-up: a push, or a manual dispatch given `since` (asked for by a
 * person, it wins, as on a push), from its base; a deploy or a schedule, or a dispatch without `since`, from its
 * head, the deployed commit, with `since` (or the head's parent) as the base until a record says otherwise.
 */
function branchRange(context, since, deployEnvironment = DEFAULT_DEPLOY_ENVIRONMENT) {
    if (context.eventName === 'workflow_dispatch' && since !== undefined)
        return { ...(0,domain_range/* sinceRange */.o)(since, context.sha), branch: 'from-base' };
    if (context.eventName === 'workflow_dispatch' || context.eventName === 'schedule') {
        return {
            base: since ?? domain_range/* PARENT */.f7,
            head: context.sha,
            origin: since === undefined ? context.eventName : `${context.eventName}, since ${since}`,
            branch: 'from-head',
            ...(since === undefined ? { needsBase: namesNoCommits(context.eventName) } : {}),
        };
    }
    const range = commitRange(context, since, deployEnvironment);
    if (range.skip !== undefined)
        return range;
    // An event that names no deployed commit (a tag, a dispatch without one), given since: compared as asked, never
    // recorded, since its head is no state the site was seen in.
    const asked = context.payloadProblem === undefined ? eventRange(context, deployEnvironment) : undefined;
    if (asked?.skipUnlessSince === true)
        return range;
    // Any other event names no commits: its range is since's, and it does not catch up.
    const event = payloadEvent(context.eventName);
    if (event === undefined)
        return range;
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
            return (0,exhaustive/* unhandled */.g)(event);
    }
}
// Vercel's repository_dispatch events after which the commit is live (vercel/repository-dispatch).
const VERCEL_DEPLOYED = new Set(['vercel.deployment.success', 'vercel.deployment.promoted']);
/**
 * After a deploy done by anything: the deployed commit the payload names (never GITHUB_SHA, which for workflow_run
 * and repository_dispatch is the default branch's tip), compared with its parent until a record says otherwise. A
 * deploy that did not succeed asks for nothing: `skip` says why.
 */
function deployedRange(eventName, payload, repository, deployEnvironment) {
    const skip = (why, so = 'nothing was deployed, so nothing is invalidated') => ({
        base: domain_range/* PARENT */.f7,
        head: 'HEAD',
        origin: eventName,
        skip: `${why}: ${so}.`,
    });
    const elsewhere = (environment) => environment === undefined || isEnvironment(environment, deployEnvironment)
        ? undefined
        : skip(`The deploy is to ${(0,shown/* quote */.hD)(environment)}, not to deploy-environment ${(0,shown/* quote */.hD)(deployEnvironment)}`, "its images are not this target's, so nothing is invalidated and its record is left as it was");
    let sha;
    let where;
    let origin = eventName;
    switch (eventName) {
        case 'deployment_status': {
            const state = stringAt(payload, 'deployment_status', 'state') ?? '(none)';
            if (state !== 'success')
                return skip(`The deployment's state is ${(0,shown/* quote */.hD)(state)}, not "success"`);
            [sha, where] = [stringAt(payload, 'deployment', 'sha'), 'deployment.sha'];
            const environment = stringAt(payload, 'deployment', 'environment');
            const other = elsewhere(environment);
            if (other !== undefined)
                return other;
            if (environment !== undefined)
                origin = `${eventName} (${environment})`;
            break;
        }
        case 'workflow_run': {
            // A fork's pull request runs the triggering workflow on the fork's commit: what it built is no deploy of
            // this site, and its images are not invalidated with this repository's key, nor its commit recorded.
            // GitHub names no head repository (null) once the fork is deleted: unknown is not this repository.
            const head = valueAt(payload, 'workflow_run', 'head_repository');
            const from = stringAt(payload, 'workflow_run', 'head_repository', 'full_name');
            const fork = head === null
                ? 'a deleted fork'
                : from !== undefined && repository !== '' && from.toLowerCase() !== repository.toLowerCase()
                    ? `${(0,shown/* quote */.hD)(from)}, a fork`
                    : undefined;
            if (fork !== undefined)
                return skip(`The workflow run came from ${fork}, not from ${(0,shown/* quote */.hD)(repository)}`, "a fork's commit is not a deploy of this site, so nothing is invalidated and nothing is recorded");
            const conclusion = stringAt(payload, 'workflow_run', 'conclusion') ?? '(none yet)';
            if (conclusion !== 'success')
                return skip(`The workflow run's conclusion is ${(0,shown/* quote */.hD)(conclusion)}, not "success"`);
            [sha, where] = [stringAt(payload, 'workflow_run', 'head_sha'), 'workflow_run.head_sha'];
            const name = stringAt(payload, 'workflow_run', 'name');
            if (name !== undefined)
                origin = `${eventName} (${name})`;
            break;
        }
        case 'repository_dispatch': {
            const type = stringAt(payload, 'action') ?? '(none)';
            if (type.startsWith('vercel.') && !VERCEL_DEPLOYED.has(type))
                return skip(`The repository_dispatch event's type is ${(0,shown/* quote */.hD)(type)}, not a finished deployment`);
            sha = stringAt(payload, 'client_payload', 'git', 'sha') ?? stringAt(payload, 'client_payload', 'sha');
            where = 'client_payload.git.sha or client_payload.sha';
            if (sha === undefined)
                return {
                    ...skip(`The repository_dispatch event ${(0,shown/* quote */.hD)(type)} names no deployed commit in ${where}`, 'nothing is invalidated (set since to compare GITHUB_SHA with a commit of your choice)'),
                    skipUnlessSince: true,
                };
            const other = elsewhere(stringAt(payload, 'client_payload', 'environment') ?? stringAt(payload, 'client_payload', 'target'));
            if (other !== undefined)
                return other;
            origin = `${eventName} (${type})`;
            break;
        }
        default:
            return (0,exhaustive/* unhandled */.g)(eventName);
    }
    if (sha === undefined || !/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(sha)) {
        return (0,input_error/* throwInput */.j)(`GITHUB_EVENT_PATH: the '${eventName}' event's ${where} is ${sha === undefined ? 'missing' : (0,shown/* quote */.hD)(sha)}, ` +
            'not the full SHA of the deployed commit; the commit to compare is unknown.');
    }
    return { base: domain_range/* PARENT */.f7, head: sha, origin, branch: 'from-head', checkoutRef: CHECKOUT_REFS[eventName] };
}
/**
 * Whether a deploy's environment is the one named, as hosts write it: Netlify's `Production`, Vercel's `production`
 * or `Production – my-site`, case aside.
 */
function isEnvironment(environment, named) {
    const [given, wanted] = [environment.trim().toLowerCase(), named.trim().toLowerCase()];
    // A name and more after a spaced dash (Vercel's `Production – my-site`); never `production-preview`.
    return given === wanted || (given.startsWith(wanted) && /^\s+[-–—]\s/.test(given.slice(wanted.length)));
}
/** The run's page, when the runner names the server, the repository and the run. */
function runUrlOf(env) {
    const [server, repository, run] = [env.GITHUB_SERVER_URL, env.GITHUB_REPOSITORY, env.GITHUB_RUN_ID];
    if (env.GITHUB_ACTIONS !== 'true' || !server || !repository || !run)
        return {};
    return { runUrl: `${server.replace(/(?<!\/)\/+$/, '')}/${repository}/actions/runs/${run}` };
}
function valueAt(value, ...keys) {
    let current = value;
    for (const key of keys) {
        if (typeof current !== 'object' || current === null)
            return undefined;
        current = current[key];
    }
    return current;
}
function stringAt(value, ...keys) {
    const found = valueAt(value, ...keys);
    return typeof found === 'string' && found !== '' ? found : undefined;
}
function numberAt(value, ...keys) {
    const found = valueAt(value, ...keys);
    return typeof found === 'number' ? found : undefined;
}


/***/ }),

/***/ 1430:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ kindOf),
/* harmony export */   Of: () => (/* binding */ readRegularBytes),
/* harmony export */   XF: () => (/* binding */ readRegularFile),
/* harmony export */   ie: () => (/* binding */ UnreadableFile),
/* harmony export */   w6: () => (/* binding */ readRegularBytesAsync)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/**
 * Reading a file that a workflow names (a list file, a key file) when the file itself may come from a pull request:
 * a committed symbolic link can point anywhere on the runner (a file of credentials, /dev/zero), and a FIFO or a
 * device never ends. Only a regular file is read, never more than a cap, and opening never waits.
 */



/** A file refused for what it is; `what` completes a sentence about its path, and never holds its content. */
class UnreadableFile extends Error {
    name = 'UnreadableFile';
    what;
    constructor(what) {
        super(what);
        this.what = what;
    }
}
// Non-blocking, so that opening a FIFO returns at once (Windows has no such flag, nor FIFOs to fear); never a
// controlling terminal; never the last link of a path already resolved, so that one swapped in meanwhile fails.
const unix = node_fs__WEBPACK_IMPORTED_MODULE_0__.constants;
const OPEN_FLAGS = node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | (unix.O_NONBLOCK ?? 0) | (unix.O_NOCTTY ?? 0) | (unix.O_NOFOLLOW ?? 0);
/**
 * The text (UTF-8) of the regular file at `path` (relative to the current folder), once its links are resolved.
 * Throws UnreadableFile for anything else, or the system's error (ENOENT, EACCES) when it cannot be opened.
 */
function readRegularFile(path, rule) {
    return readRegularBytes(path, rule).toString('utf8');
}
/** The bytes of the regular file at `path`, by the same rule. */
function readRegularBytes(path, rule) {
    const real = realPathWithin(path, rule.inside);
    const fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.openSync)(real, OPEN_FLAGS);
    try {
        const stats = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.fstatSync)(fd);
        if (!stats.isFile())
            throw new UnreadableFile(`is ${kindOf(stats)}, not a regular file`);
        if (stats.size > rule.maxBytes)
            throw new UnreadableFile(tooLarge(rule.maxBytes));
        return readAtMost(fd, stats.size, rule);
    }
    finally {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(fd);
    }
}
/** The same, without blocking the event loop while it reads (many files, each up to the cap). */
async function readRegularBytesAsync(path, rule) {
    const handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(realPathWithin(path, rule.inside), OPEN_FLAGS);
    try {
        const stats = await handle.stat();
        if (!stats.isFile())
            throw new UnreadableFile(`is ${kindOf(stats)}, not a regular file`);
        if (stats.size > rule.maxBytes)
            throw new UnreadableFile(tooLarge(rule.maxBytes));
        const buffer = Buffer.allocUnsafe(stats.size + 1);
        let total = 0;
        for (let read = -1; read !== 0 && total < buffer.length; total += read)
            ({ bytesRead: read } = await handle.read(buffer, total, buffer.length - total, null));
        // One byte more than fstat said: the file grew while read, so it is read again the sure way.
        if (total > stats.size)
            return readRegularBytes(path, rule);
        rule.watch?.(buffer.subarray(0, total));
        return buffer.subarray(0, total);
    }
    finally {
        await handle.close();
    }
}
function realPathWithin(path, inside) {
    if (inside === undefined)
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(path);
    const given = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(inside.folder, path);
    // A folder may be named through a link of its own (/tmp on macOS): a path under either name is in it.
    const folders = [inside.folder, ...(inside.also ?? [])].flatMap((folder) => [
        (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(folder),
        realFolder(folder),
    ]);
    if (!folders.some((folder) => isWithin(folder, given)))
        throw new UnreadableFile(`is outside the ${inside.name}`);
    const real = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(given);
    if (!folders.some((folder) => isWithin(folder, real)))
        throw new UnreadableFile(`is a symbolic link that leads outside the ${inside.name}`);
    return real;
}
function realFolder(folder) {
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(folder);
    }
    catch {
        return (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(folder);
    }
}
function isWithin(folder, path) {
    const rest = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.relative)(folder, path);
    return rest !== '..' && !rest.startsWith(`..${node_path__WEBPACK_IMPORTED_MODULE_2__.sep}`) && !(0,node_path__WEBPACK_IMPORTED_MODULE_2__.isAbsolute)(rest);
}
/** What a file that is not a regular one is instead, as a user would name it. */
function kindOf(stats) {
    if (stats.isSymbolicLink())
        return 'a symbolic link';
    if (stats.isDirectory())
        return 'a folder';
    if (stats.isFIFO())
        return 'a FIFO (a named pipe)';
    if (stats.isCharacterDevice() || stats.isBlockDevice())
        return 'a device';
    if (stats.isSocket())
        return 'a socket';
    return 'something else';
}
function tooLarge(maxBytes) {
    return `is larger than the ${sizeOf(maxBytes)} it may hold`;
}
function sizeOf(bytes) {
    return bytes >= 2 ** 20 ? `${bytes / 2 ** 20} MiB` : `${bytes / 2 ** 10} KiB`;
}
/** At most `maxBytes`: a file that grows past it while read is refused, never read on. */
function readAtMost(fd, size, rule) {
    const { maxBytes, watch } = rule;
    // Watched, a file is read a piece at a time, so that a check stops the read early.
    const most = watch === undefined ? Infinity : WATCHED_PIECE;
    const chunks = [];
    let total = 0;
    for (;;) {
        const room = maxBytes + 1 - total;
        const chunk = Buffer.allocUnsafe(Math.min(room, most, Math.max(size + 1 - total, 64 * 1024)));
        const read = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readSync)(fd, chunk, 0, chunk.length, null);
        if (read === 0)
            break;
        chunks.push(chunk.subarray(0, read));
        total += read;
        if (total > maxBytes)
            throw new UnreadableFile(tooLarge(maxBytes));
        watch?.(chunk.subarray(0, read));
    }
    return Buffer.concat(chunks, total);
}
const WATCHED_PIECE = 1024 * 1024;


/***/ })

};
