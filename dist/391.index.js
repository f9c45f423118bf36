export const id = 391;
export const ids = [391];
export const modules = {

/***/ 7391:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 14 modules
var core = __webpack_require__(6421);
;// CONCATENATED MODULE: ./src/http-url.ts
/** An absolute http(s) URL with a host, or undefined: what an image URL, an origin URL or a URL prefix must be. */
function parseHttpUrl(value) {
    const url = URL.parse(value);
    return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
        ? url
        : undefined;
}
/** A host on this machine: the only place the key may travel to over plain http, for local tests. */
function isLoopbackHost(hostname) {
    return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

;// CONCATENATED MODULE: ./src/shown.ts
/** Redacts, then neutralises terminal controls and runner commands, line by line. */
function shownBy(redact) {
    return (text) => neutraliseCommands(neutraliseControls(redact(text)));
}
// .NET's TrimStart, which the runner applies, removes U+0085 too; \s covers the rest of its whitespace.
const COMMAND_START = /^([\s\u0085]*)::/;
const LEGACY_COMMAND = /##(vso)?\[/gi;
/** Every line of `text` with no runner command left in it; line breaks are kept. */
function neutraliseCommands(text) {
    if (!text.includes('::') && !text.includes('##'))
        return text;
    return text
        .split(/(\r\n|\r|\n)/)
        .map((line) => line.replace(COMMAND_START, '$1\\::').replace(LEGACY_COMMAND, (found) => `${found.slice(0, -1)}\\[`))
        .join('');
}
/**
 * What a terminal or a log viewer would act on rather than show: C0 controls but tab and line feed (a lone carriage
 * return rewrites the line it is on), DEL, C1 controls (U+009B is a CSI of its own), ESC (which starts every escape
 * sequence: colours, clearing the screen, OSC 8 links, OSC 52 clipboard writes), and the bidirectional controls that
 * show text in another order than it is read.
 */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Each control as its visible escape (`\x1B`, `\u202E`), so that it is shown, not obeyed; a CRLF ends a line. */
function neutraliseControls(text) {
    return text.replace(/\r\n/g, '\n').replace(CONTROLS, (control) => {
        const code = control.charCodeAt(0);
        const hex = code.toString(16).toUpperCase();
        return code < 0x100 ? `\\x${hex.padStart(2, '0')}` : `\\u${hex.padStart(4, '0')}`;
    });
}
/**
 * JSON for standard output, where a CI log shows it: `##[` inside a string becomes `##\u005b`, the same JSON value.
 * (JSON never starts a line with `::`, holds no raw line break inside a string, and escapes C0 controls; JSON.stringify
 * leaves DEL, C1 and the bidi controls raw, so they are written as `\u` escapes here, again the same value.)
 */
function neutraliseJson(json) {
    return json
        .replace(LEGACY_COMMAND, (found) => `${found.slice(0, -1)}\\u005b`)
        .replace(CONTROLS, (control) => `\\u${control.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
/** One line: outside text inside a sentence of ours must not start a line of its own. */
function oneLine(text) {
    return text.replace(/[\r\n\u0085\u2028\u2029]+/g, ' ');
}
/** Already redacted text inside a line of ours (a file name before its message): one line, inert. */
function shownInLine(text) {
    return neutraliseCommands(neutraliseControls(oneLine(text)));
}
/** A value as it appears in a message: quoted, escaped, and cut short, so that no input can forge a log line. */
function quote(value) {
    const shown = value.length > 200 ? `${value.slice(0, 200)}…` : value;
    return JSON.stringify(shown);
}
/**
 * A workflow command's data as the toolkit's escapeData writes it: the runner reads `%25`, `%0D` and `%0A` back, so
 * a message of several lines stays one command.
 */
function commandData(text) {
    return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
/**
 * A workflow command's property value as the toolkit's escapeProperty writes it. The runner splits properties on
 * `,`, each at its first `=`, and unescapes exactly these five, so the value reads back as itself: an annotation's
 * `file=` lands on that very file, whatever its name holds (a line break, `::`, `##[`).
 */
function commandProperty(text) {
    return commandData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
/** `::name key=value,…::data`, every part escaped as the runner reads it back. */
function workflowCommand(name, properties, data) {
    const props = Object.entries(properties)
        .filter((entry) => entry[1] !== undefined)
        .map(([key, value]) => `${key}=${commandProperty(value)}`)
        .join(',');
    return `::${name}${props === '' ? '' : ` ${props}`}::${commandData(data)}`;
}
/**
 * Text from outside as inert Markdown in the job summary: controls shown, not obeyed; HTML-special characters as
 * entities; Markdown-special ones escaped; line breaks removed; and nothing GitHub would turn into a link by itself
 * (`https://…`, `www.…`, `name@host`): a zero-width space after the scheme's colon, inside `www.` and before `@`
 * leaves the text as it reads, and no longer a link. For server answers, file names, paths and messages.
 */
function markdownText(text) {
    return inertMarkdown(text)
        .replace(/:(?=\/\/)|(?:mailto|xmpp):/gi, (found) => `${found}\u200B`)
        .replace(/www\./gi, (found) => `${found.slice(0, 3)}\u200B.`)
        .replace(/@/g, '\u200B@');
}
/**
 * An asset reference of the run (a validated, canonical http(s) URL, or a hash) as inert Markdown that stays a link:
 * it points where the user's own `assets` or `url-map` put it, on their own host.
 */
function markdownRef(ref) {
    return inertMarkdown(ref);
}
function inertMarkdown(text) {
    return neutraliseControls(text.replace(/[\r\n]+/g, ' '))
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/[\\`*_{}[\]()#+!|~]/g, '\\$&')
        .replace(/^(\d*)([.-])/, '$1\\$2'); // a list marker only counts at the start
}
/** A URL inside a double-quoted HTML attribute of a table cell: no quote, tag or cell boundary can come out of it. */
function htmlAttribute(text) {
    return text
        .replace(/&/g, '&amp;')
        .replace(/"/g, '&quot;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/\|/g, '%7C');
}

;// CONCATENATED MODULE: ./src/inputs.ts
/** Parsers for single input values. Each throws an InputError naming the input, the value and what is allowed. */


/** A bad input, found before anything is sent. */
class inputs_InputError extends Error {
    name = 'InputError';
}
function throwInput(message) {
    throw new inputs_InputError(message);
}

// The spellings core.getBooleanInput accepts, and only those (YAML 1.2 core schema).
const BOOLEANS = {
    true: true,
    True: true,
    TRUE: true,
    false: false,
    False: false,
    FALSE: false,
};
function parseBoolean(name, value) {
    const parsed = BOOLEANS[value.trim()];
    return parsed ?? throwInput(`${name}: ${quote(value)} is not a boolean; use true or false.`);
}
function parseChoice(name, value, choices) {
    const trimmed = value.trim();
    const choice = choices.find((candidate) => candidate === trimmed);
    return choice ?? throwInput(`${name}: ${quote(value)} is not one of ${choices.join(', ')}.`);
}
function parseWholeNumber(name, value, min, max) {
    const trimmed = value.trim();
    const parsed = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
    if (parsed >= min && parsed <= max)
        return parsed;
    return throwInput(`${name}: ${quote(value)} is not allowed; use a whole number from ${min} to ${max}.`);
}
function parseSeconds(name, value, min, max) {
    const trimmed = value.trim();
    const parsed = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
    if (parsed >= min && parsed <= max)
        return parsed;
    return throwInput(`${name}: ${quote(value)} is not allowed; use a number of seconds from ${min} to ${max}.`);
}
/** The key itself is never quoted in a message: only what is wrong with it. */
function parseApiKey(value) {
    const key = value.trim();
    if (key === '') {
        return throwInput("api-key: is empty; pass the account's Root API key from a secret, e.g. api-key: ${{ secrets.IMAGE_API_KEY }}" +
            ' (a secret that is not set, or not available to this workflow, arrives empty, as on pull requests from ' +
            'forks). To preview what would be invalidated without a key, set dry-run: true.');
    }
    if (/^bearer\s/i.test(key)) {
        return throwInput("api-key: starts with 'Bearer ' (value not shown); give the key alone: the action sends it as " +
            "'Authorization: Bearer <key>' itself.");
    }
    if (/[\r\n]/.test(key)) {
        return throwInput('api-key: contains a line break (value not shown); a key is a single line.');
    }
    // Anything else outside visible ASCII cannot travel in an Authorization header.
    if (!/^[\x21-\x7e]+$/.test(key)) {
        return throwInput('api-key: contains spaces or characters outside visible ASCII (value not shown).');
    }
    return key;
}
/** `{base-url}/api/{service-key}/v2/cache`: the only place the key is ever sent. */
function parseEndpoint(baseUrl, serviceKey) {
    // Both checked, so that a bad base-url does not hide a bad service-key.
    let base;
    let problem;
    try {
        base = parseBaseUrl(baseUrl);
    }
    catch (error) {
        if (!(error instanceof inputs_InputError))
            throw error;
        problem = error.message;
    }
    const segment = serviceKey.trim();
    if (!/^[A-Za-z0-9._~-]+$/.test(segment) || segment === '.' || segment === '..') {
        const message = `service-key: ${quote(serviceKey)} is not allowed; use one path segment of letters, digits, '.', '_', '~' or ` +
            "'-' (the <service-key> in /api/<service-key>/v2/cache).";
        problem = problem === undefined ? message : `${problem}\n${message}`;
    }
    if (base === undefined || problem !== undefined)
        return throwInput(problem ?? 'base-url: not usable.');
    // Set as a path, never parsed as a URL: the key goes to base-url's origin and nowhere else.
    const endpoint = new URL(base.origin);
    endpoint.pathname = `/api/${segment}/v2/cache`;
    return endpoint;
}
function parseBaseUrl(value) {
    const trimmed = value.trim();
    const example = 'e.g. https://dashboard.example.com';
    if (trimmed === '')
        return throwInput(`base-url: is empty; give the service's dashboard host, ${example}.`);
    // Checked before anything quotes the value, parsable or not: the value would show the credentials.
    if (/^([a-z][a-z0-9+.-]*:\/\/)?[^/?#]*@/i.test(trimmed)) {
        return throwInput('base-url: contains a user name or password (value not shown); the key goes in api-key.');
    }
    let url;
    try {
        url = new URL(trimmed);
    }
    catch {
        const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed);
        const suggestion = !hasScheme && URL.canParse(`https://${trimmed}`) ? `e.g. https://${trimmed}` : example;
        return throwInput(`base-url: ${quote(value)} is not an absolute URL; write it with https://, ${suggestion}.`);
    }
    if (url.username !== '' || url.password !== '') {
        // Not quoted: the value holds credentials (in a shape the check above does not know, such as `https:/u:p@h`).
        return throwInput('base-url: contains a user name or password (value not shown); the key goes in api-key.');
    }
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
        return throwInput(`base-url: ${quote(value)} uses plain http, which would send the key unencrypted; use https ` +
            '(plain http is allowed only for loopback hosts: localhost, 127.0.0.1, [::1]).');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        return throwInput(`base-url: ${quote(value)} is not an https URL; ${example}.`);
    }
    if (url.search !== '' || url.hash !== '') {
        return throwInput(`base-url: ${quote(value)} has a query or fragment; give the host alone, ${example}.`);
    }
    if (url.pathname.replace(/\/+/g, '/') !== '/')
        return throwInput(basePathProblem(value, url));
    return url;
}
/** base-url is the dashboard's host; a path would be sent before /api/<service-key>/v2/cache, to no endpoint. */
function basePathProblem(value, url) {
    const api = /\/api\/([^/]+)/.exec(url.pathname);
    const serviceKey = api?.[1] === undefined ? '' : ` and service-key: ${decodeURIComponent(api[1])}`;
    return (`base-url: ${quote(value)} has a path; give the dashboard host alone, base-url: ${url.origin}${serviceKey} ` +
        '(the action adds /api/<service-key>/v2/cache itself).');
}
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A host name in ASCII, lower case. A URL becomes its host; an internationalised name its ASCII form. */
function parseDomain(value) {
    const trimmed = value.trim();
    if (trimmed === '') {
        return throwInput("domain: is empty; scope 'domain' needs the domain whose images to invalidate, e.g. www.example.com.");
    }
    const problem = `domain: ${quote(value)} is not a domain name; give a host name such as www.example.com (a URL is reduced to its host).`;
    let url;
    try {
        // The WHATWG URL parser lower-cases and converts an internationalised name to its ASCII (punycode) form.
        url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
    }
    catch {
        return throwInput(problem);
    }
    const host = url.hostname.replace(/\.$/, '');
    const labels = host.split('.');
    const topLabel = labels.at(-1) ?? '';
    const valid = (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.username === '' &&
        url.password === '' &&
        host.length <= 253 &&
        labels.every((label) => HOST_LABEL.test(label)) &&
        !/^\d+$/.test(topLabel); // an IP address is not a domain
    if (!valid)
        return throwInput(problem);
    const extra = moreThanHost(url);
    if (extra === undefined)
        return host;
    return throwInput(`domain: ${quote(value)} has ${extra}, but scope 'domain' clears every image of the whole domain ${host}. ` +
        "To clear some images only, use scope 'assets' with assets (their URLs) or url-map (the folders they are " +
        `served from, e.g. url-map: public/images => https://${host}/images); to clear the whole domain, write ` +
        `domain: ${host}.`);
}
/** What a domain given as a URL holds beside its host, which the service's domain scope cannot narrow to. */
function moreThanHost(url) {
    if (url.port !== '')
        return 'a port';
    if (url.pathname.replace(/\/+/g, '/') !== '/')
        return 'a path';
    return url.search === '' && url.hash === '' ? undefined : 'a query';
}
/** A commit, tag or branch (`v1.2.0`, `main~3`) for git: never read as an option, never a range or a path. */
function parseSince(value) {
    const trimmed = value.trim();
    if (trimmed === '' || /^-|[\s\p{Cc}:]|\.\./u.test(trimmed)) {
        return throwInput(`since: ${quote(value)} is not a commit SHA, tag or branch name.`);
    }
    return trimmed;
}

;// CONCATENATED MODULE: ./src/format.ts
/** Numbers and lists as every message writes them. A leaf: it imports nothing, so anything may use it. */
/** A number as the log and the summary show it: 100,000. */
function count(n) {
    // Not toLocaleString: loading the locale data costs a dry run about 12 ms of start-up.
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
function plural(n, noun) {
    return `${count(n)} ${noun}${n === 1 ? '' : 's'}`;
}
/** A long list cut to its first `max` items, and what was left out: `and 80 more`. */
function firstOf(items, max) {
    const shown = items.slice(0, max);
    return items.length > max ? { shown, more: `and ${count(items.length - max)} more` } : { shown };
}

;// CONCATENATED MODULE: ./src/changes/range.ts
const PARENT = Symbol('parent of head');
/** The all-zeros SHA that CIs write for "no such commit": a new branch's before, a deleted branch's after. */
const ZERO_SHA = /^0+$/;
/** A push that deleted a branch names an all-zero head: nothing to compare, nothing changed. */
function isDeletion(range) {
    return ZERO_SHA.test(range.head);
}
/** `since` in place of the event's base, compared with the head the pipeline runs on. */
function range_sinceRange(since, head) {
    return { base: since, head, origin: `since ${since}` };
}

;// CONCATENATED MODULE: ./src/changes/github-api.ts


// The REST API lists at most 3,000 files of a pull request or a commit, and 300 of a comparison.
const PULL_FILES_CAP = 3_000;
const COMMIT_FILES_CAP = 3_000;
const COMPARE_FILES_CAP = 300;
/**
 * The changed paths from the GitHub REST API, for when git cannot tell (no checkout, no remote). A rename counts
 * as its old path and its new path, as with git.
 */
async function apiChangedFiles(range, context) {
    const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413)); // loaded only on this path: it is slow to load
    const octokit = getOctokit(context.token, { baseUrl: context.apiUrl });
    const [owner = '', repo = ''] = context.repository.split('/');
    if (range.pullNumber !== undefined && range.origin.startsWith('pull_request')) {
        const entries = await octokit.paginate(octokit.rest.pulls.listFiles, {
            owner,
            repo,
            pull_number: range.pullNumber,
            per_page: 100,
        });
        return changes(entries, PULL_FILES_CAP, `the GitHub API (files of pull request #${range.pullNumber})`);
    }
    if (range.base === PARENT) {
        const entries = [];
        for (let page = 1; entries.length < COMMIT_FILES_CAP; page++) {
            const { data } = await octokit.rest.repos.getCommit({
                owner,
                repo,
                ref: range.head,
                per_page: 100,
                page,
            });
            entries.push(...(data.files ?? []));
            if ((data.files ?? []).length < 100)
                break;
        }
        return changes(entries, COMMIT_FILES_CAP, `the GitHub API (files of commit ${github_api_short(range.head)})`);
    }
    const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
        owner,
        repo,
        basehead: `${range.base}...${range.head}`,
        per_page: 1, // the files come with the first page, whatever its size
    });
    return changes(data.files ?? [], COMPARE_FILES_CAP, `the GitHub API (comparison ${github_api_short(range.base)}...${github_api_short(range.head)})`);
}
function changes(entries, cap, description) {
    const files = new Set();
    for (const entry of entries) {
        if (entry.previous_filename !== undefined)
            files.add(entry.previous_filename);
        files.add(entry.filename);
    }
    return {
        files: [...files],
        description,
        ...(entries.length >= cap
            ? {
                truncated: `the GitHub API lists at most ${count(cap)} files here, so some may be missing`,
            }
            : {}),
    };
}
function github_api_short(sha) {
    return /^[0-9a-f]{40,64}$/.test(sha) ? sha.slice(0, 7) : sha;
}

;// CONCATENATED MODULE: ./src/changes/ci/context.ts


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

;// CONCATENATED MODULE: ./src/changes/ci/github.ts





/** GitHub Actions: the event's payload names the commits; the REST API stands in where git cannot tell. */
function githubCi(context) {
    return {
        workspace: context.workspace,
        changeRange: (since) => commitRange(context, since),
        async withoutGit(range, gitProblem) {
            if (context.token === '' || context.repository === '') {
                throw cannotTell(gitProblem, 'The GitHub API needs github-token and GITHUB_REPOSITORY. Check out the repository first (actions/checkout)');
            }
            return apiChangedFiles(range, context);
        },
    };
}
/** The workflow run, as the runner describes it in GITHUB_* variables. */
function githubContextFromEnv(token, env = process.env) {
    const eventPath = env.GITHUB_EVENT_PATH ?? '';
    return {
        eventName: env.GITHUB_EVENT_NAME ?? '',
        payload: eventPath !== '' && (0,external_node_fs_.existsSync)(eventPath)
            ? JSON.parse((0,external_node_fs_.readFileSync)(eventPath, 'utf8'))
            : {},
        sha: env.GITHUB_SHA || 'HEAD',
        workspace: env.GITHUB_WORKSPACE || process.cwd(),
        repository: env.GITHUB_REPOSITORY ?? '',
        apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
        token,
    };
}
/** The range the triggering event changed, with `since` in place of its base when given. */
function commitRange(context, since) {
    const event = eventRange(context);
    if (since !== undefined)
        return range_sinceRange(since, event?.head ?? context.sha);
    if (event !== undefined)
        return event;
    if (context.eventName === '')
        return throwInput(NO_RANGE_OUTSIDE_CI);
    return throwInput(`since: the workflow was triggered by '${context.eventName}', which names no commits to compare. Set since ` +
        'to a commit, tag or branch to compare with (e.g. since: v1.4.0), or list the changed paths in files.');
}
function eventRange(context) {
    const payload = context.payload;
    switch (context.eventName) {
        case 'push': {
            const before = stringAt(payload, 'before');
            const after = stringAt(payload, 'after') ?? context.sha;
            if (before === undefined || ZERO_SHA.test(before))
                return { base: PARENT, head: after, origin: 'push (new branch)' };
            return { base: before, head: after, origin: 'push' };
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
            const merge = context.eventName === 'pull_request' && context.sha !== head ? context.sha : undefined;
            return {
                base,
                head,
                origin: `${context.eventName}${number === undefined ? '' : ` #${number}`}`,
                ...(number === undefined ? {} : { pullNumber: number }),
                ...(merge === undefined || merge === 'HEAD' ? {} : { mergeCommit: merge }),
            };
        }
        case 'merge_group': {
            const base = stringAt(payload, 'merge_group', 'base_sha');
            const head = stringAt(payload, 'merge_group', 'head_sha');
            return base === undefined || head === undefined ? undefined : { base, head, origin: 'merge_group' };
        }
        default:
            return undefined;
    }
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

;// CONCATENATED MODULE: ./src/json-list.ts

/**
 * A list given as a JSON array of strings, as changed-files actions print one: its entries, or what is wrong with
 * it, naming the first entry that is not a string.
 */
function parseJsonList(text) {
    let parsed;
    try {
        parsed = JSON.parse(text);
    }
    catch {
        return { problem: "starts with '[' but is not a JSON array" };
    }
    if (!Array.isArray(parsed))
        return { problem: 'is not a JSON array' };
    const bad = parsed.findIndex((entry) => typeof entry !== 'string');
    if (bad >= 0) {
        return {
            problem: `is a JSON array whose entry ${bad + 1} is ${quote(JSON.stringify(parsed[bad]))}, not a string`,
        };
    }
    return { entries: parsed };
}

;// CONCATENATED MODULE: ./src/assets/refs.ts

/**
 * The entries of a list: a JSON array of strings (as `files` takes one), or else split on newlines, commas and
 * whitespace. Blank entries are ignored.
 */
function splitAssetList(text) {
    const trimmed = text.trim();
    const json = trimmed.startsWith('[') ? parseJsonList(trimmed) : undefined;
    if (json !== undefined && 'entries' in json) {
        return json.entries.map((entry) => entry.trim()).filter((entry) => entry !== '');
    }
    return text.split(/[\s,]+/).filter((entry) => entry !== '');
}
// Quotes that YAML keeps when a list is written `"a", "b"`, or that a shell or a spreadsheet added. No reference
// starts with one; a URL may end with `'` (a path or fragment may hold it), so only the others count at the end.
const QUOTED = /^["'`\u2018\u2019\u201c\u201d]|["\u2018\u2019\u201c\u201d]$/;
/** Why an entry is not an asset reference, or undefined when it is one. */
function assetRefProblem(entry) {
    const read = readAssetRef(entry);
    return 'problem' in read ? read.problem : undefined;
}
function parseAssetList(text) {
    const refs = new Set();
    const invalid = [];
    let valid = 0;
    for (const entry of splitAssetList(text)) {
        const read = readAssetRef(entry);
        if ('problem' in read)
            invalid.push({ value: entry, reason: read.problem });
        else {
            valid++;
            refs.add(read.ref);
        }
    }
    return { refs: [...refs], invalid, merged: valid - refs.size };
}
/**
 * A reference as the service will see it. A URL in the WHATWG serialisation, as a browser requests it: scheme and
 * host lower-cased, a default port dropped, dot segments resolved, and no fragment (a browser never sends one), so
 * that `https://WWW.Example.COM:443/./a.jpg#x` and `https://www.example.com/a.jpg` are one asset. A hash as written;
 * anything that is no reference, as it is.
 */
function canonicalRef(ref) {
    const read = readAssetRef(ref);
    return 'ref' in read ? read.ref : ref;
}
/** The reference an entry stands for, in canonical form, or why it is none: a URL is parsed once for both. */
function readAssetRef(entry) {
    const problem = (text) => ({ problem: text });
    if (QUOTED.test(entry))
        return problem('wrapped in quotes: remove the quotes (or give a JSON array of strings)');
    if (entry.startsWith('['))
        return problem("starts with '[': a JSON array must hold strings only, and parse whole");
    if (/^[a-z][a-z0-9+.-]*:/i.test(entry)) {
        const url = URL.parse(entry);
        if (url === null)
            return problem('not a valid URL');
        if (url.protocol !== 'http:' && url.protocol !== 'https:')
            return problem(`a ${url.protocol} URL, not http(s)`);
        if (url.hostname === '')
            return problem('a URL without a host');
        // Set only when there is one: setting it serialises the URL again, which a million entries feel.
        if (url.hash !== '')
            url.hash = '';
        return { ref: url.href };
    }
    if (entry.includes('/') || entry.includes('.'))
        return problem('not an absolute URL: write it with https://');
    if (entry.length !== 32)
        return problem(`${entry.length} characters, but a hash has exactly 32`);
    return /[\s/:]/.test(entry) ? problem("a hash has no whitespace, '/' or ':'") : { ref: entry };
}

;// CONCATENATED MODULE: ./src/list-files.ts
/**
 * `assets-from` and `files-from`: lists too long for an input, read from files. Every input reaches the action as
 * one environment variable, which Linux refuses over 128 KiB (E2BIG) and Windows over 32,767 characters, so a list
 * of a few thousand URLs or paths can only travel as a file.
 */



/** The raw inputs with the lists of `assets-from` and `files-from` in `assets` and `files`. */
function withListFiles(raw, read) {
    const assets = assetsFrom(raw, read);
    const files = filesFrom(raw, read);
    return {
        ...raw,
        // As a JSON array: each entry of the file stays whole, whatever the `assets` input is written as.
        ...(assets === undefined ? {} : { assets: JSON.stringify([...splitAssetList(raw.assets), ...assets]) }),
        ...(files === undefined ? {} : { files }),
    };
}
/**
 * The text of `files-from` as `files` would hold it: one path per line and a JSON array are the same syntax, and
 * are passed on as they are (a million paths are not parsed twice); NUL-separated names, which may hold line
 * breaks, become a JSON array.
 */
function filesFrom(raw, read) {
    const path = raw['files-from'].trim();
    if (path === '')
        return undefined;
    if (raw.files.trim() !== '') {
        throw new inputs_InputError('files-from: is set, and so is files; give the changed paths in one of them.');
    }
    const text = readList('files-from', path, read);
    return text.includes('\0') ? JSON.stringify(text.split('\0').filter((name) => name !== '')) : text;
}
function readList(name, path, read) {
    try {
        return read(path);
    }
    catch (error) {
        const code = error.code ?? (error instanceof Error ? error.message : String(error));
        throw new inputs_InputError(`${name}: cannot read ${quote(path)} (${code}); give the path of a file in the workspace, relative to it, ` +
            'written by an earlier step of this job.');
    }
}
/** The list of `assets-from`; an empty one with nothing else to go on is a step that would do nothing. */
function assetsFrom(raw, read) {
    const path = raw['assets-from'].trim();
    if (path === '')
        return undefined;
    const list = parseList('assets-from', path, readList('assets-from', path, read));
    if (list.length === 0 && raw.assets.trim() === '' && raw['url-map'].trim() === '') {
        throw new inputs_InputError(`assets-from: ${quote(path)} holds no asset, and neither assets nor url-map gives any; check the step that ` +
            'writes it.');
    }
    return list;
}
/** One entry per line, NUL-separated entries, or a JSON array of strings, told apart by the content. */
function parseList(name, path, text) {
    const trimmed = text.trim();
    if (trimmed.startsWith('[')) {
        const list = parseJsonList(trimmed);
        if ('problem' in list)
            throw new inputs_InputError(`${name}: ${quote(path)} ${list.problem}.`);
        return list.entries.filter((entry) => entry !== '');
    }
    const entries = text.includes('\0') ? text.split('\0') : text.split(/\r?\n/).map((line) => line.trim());
    return entries.filter((entry) => entry !== '');
}

;// CONCATENATED MODULE: ./src/normal-forms.ts
/**
 * A text as a server may have encoded what it echoes, decoded: HTML entities, percent-encoding (with `+` as a
 * space, as forms write it), JSON string escapes, whitespace and line breaks (a key wrapped or split), and runs of
 * base64 or hex. Redaction looks for the key in each of these forms too, so that it does not depend on guessing
 * which encoding, or chain of encodings, a server used.
 */
/** How many decodings are chained at most: a server seldom wraps an echo in more than three. */
const DEPTH = 3;
/** Every form of `text` up to DEPTH decodings deep (`text` itself first), each checked once. */
function* normalForms(text) {
    const seen = new Set([text]);
    let layer = [text];
    yield text;
    for (let depth = 0; depth < DEPTH && layer.length > 0; depth++) {
        const next = [];
        for (const form of layer) {
            for (const decode of DECODERS) {
                for (const decoded of decode(form)) {
                    if (seen.has(decoded))
                        continue;
                    seen.add(decoded);
                    next.push(decoded);
                    yield decoded;
                }
            }
        }
        layer = next;
    }
}
const NAMED_ENTITIES = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00a0',
    sol: '/',
    bsol: '\\',
    percnt: '%',
    plus: '+',
    equals: '=',
    num: '#',
    colon: ':',
    semi: ';',
    comma: ',',
    period: '.',
    excl: '!',
    quest: '?',
    lpar: '(',
    rpar: ')',
    lsqb: '[',
    rsqb: ']',
    lcub: '{',
    rcub: '}',
    ast: '*',
    dollar: '$',
    grave: '`',
    verbar: '|',
    tilde: '~',
    Hat: '^',
    lowbar: '_',
    commat: '@',
};
const html = (text) => text.includes('&')
    ? [
        text.replace(/&(#x([0-9a-f]+)|#(\d+)|([a-z]+));?/gi, (entity, _all, hex, dec, name) => {
            const code = hex !== undefined ? parseInt(hex, 16) : dec !== undefined ? Number(dec) : undefined;
            if (code !== undefined)
                return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
            return NAMED_ENTITIES[name ?? ''] ?? entity;
        }),
    ]
    : [];
/** Percent-decoded as bytes (UTF-8), and again with `+` read as a space, as PHP's urlencode and forms write it. */
const percent = (text) => {
    if (!/%[0-9a-f]{2}/i.test(text))
        return text.includes('+') ? [text.replaceAll('+', ' ')] : [];
    const decode = (value) => value.replace(/(%[0-9a-f]{2})+/gi, (run) => Buffer.from(run.replaceAll('%', ''), 'hex').toString('utf8'));
    return [decode(text), decode(text.replaceAll('+', ' '))];
};
const JSON_ESCAPES = {
    '"': '"',
    '\\': '\\',
    '/': '/',
    b: '\b',
    f: '\f',
    n: '\n',
    r: '\r',
    t: '\t',
};
const json = (text) => text.includes('\\')
    ? [
        text.replace(/\\(u([0-9a-f]{4})|x([0-9a-f]{2})|["\\/bfnrt])/gi, (escape, char, u, x) => {
            const code = u ?? x;
            return code !== undefined
                ? String.fromCharCode(parseInt(code, 16))
                : (JSON_ESCAPES[char] ?? escape);
        }),
    ]
    : [];
const whitespace = (text) => (/\s/.test(text) ? [text.replace(/\s+/g, '')] : []);
/**
 * Runs long enough to hide a key, decoded at each alignment: what matters is whether the key comes out. Line breaks
 * are removed first, since base64 is wrapped at 64 or 76 characters.
 */
const base64 = (text) => [...text.replace(/\s+/g, '').matchAll(/[A-Za-z0-9+/_-]{12,}/g)].flatMap(([run]) => [0, 1, 2, 3].map((offset) => Buffer.from(run.slice(offset).replaceAll('-', '+').replaceAll('_', '/'), 'base64').toString('latin1')));
const hex = (text) => [...text.replace(/\s+/g, '').matchAll(/[0-9a-f]{12,}/gi)].flatMap(([run]) => [0, 1].map((offset) => Buffer.from(run.slice(offset), 'hex').toString('latin1')));
const DECODERS = [html, percent, json, whitespace, base64, hex];

;// CONCATENATED MODULE: ./src/redact.ts
/**
 * The Root key must never be shown: not in a log, an error, an output, the summary or the report, and not in an
 * encoding of it either, since a server may echo it back base64'd, hex'd, URL-encoded or JSON-escaped.
 */

const REDACTED = '***';
const MIN_FORM_LENGTH = 6;
/** The ways the secret may appear in text, longest first. */
function secretForms(secret) {
    if (secret === '')
        return [];
    const bytes = Buffer.from(secret, 'utf8');
    const forms = new Set([
        secret,
        encodeURIComponent(secret),
        // RFC 3986, as PHP's rawurlencode, Python, Go and Java write it: `!'()*` encoded too.
        encodeURIComponent(secret).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`),
        encodeURI(secret),
        JSON.stringify(secret).slice(1, -1),
        JSON.stringify(secret).slice(1, -1).replaceAll('/', '\\/'),
        bytes.toString('hex'),
        bytes.toString('hex').toUpperCase(),
        ...base64Cores(bytes, 'base64'),
        ...base64Cores(bytes, 'base64url'),
    ]);
    // A very short form (a base64 core of a very short secret) would blank out unrelated text; the raw secret stays.
    return [...forms]
        .filter((form) => form === secret || form.length >= MIN_FORM_LENGTH)
        .sort((a, b) => b.length - a.length);
}
/**
 * The secret inside a longer base64 text (such as `Basic` credentials or a token) is encoded differently for each of
 * the three byte alignments it can start at. For each, keep only the characters that depend on the secret alone.
 */
function base64Cores(bytes, encoding) {
    return [0, 1, 2].map((offset) => {
        const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString(encoding);
        const start = Math.ceil((offset * 8) / 6);
        const end = Math.floor(((offset + bytes.length) * 8) / 6);
        return encoded.slice(start, end);
    });
}
/** The secrets as given and as used: a key from a variable often ends in a line break that is trimmed off. */
function secretValues(raw) {
    // A key pasted with its scheme (`Bearer <key>`) is refused, but the key in it is a secret all the same.
    const forms = (value) => [value, value.trim(), value.trim().replace(/^bearer\s+/i, '')];
    return [...new Set(raw.flatMap(forms))].filter((value) => value.trim() !== '');
}
/** What a text becomes when the key was found in it only once decoded: no part of it can be shown safely. */
const WITHHELD = '(withheld: this text held the API key in an encoding)';
/**
 * Texts up to this size are also searched in their normal forms. Larger ones are only ever whole documents that
 * the action built (the report, the summary) from strings that were redacted one by one, normal forms included.
 */
const NORMAL_FORMS_UP_TO = 64 * 1024;
/**
 * Replaces every known form of every secret with `***`; then, where the key still shows once the text is decoded
 * (HTML entities, percent-encoding, JSON escapes, line breaks, base64 or hex runs: see normal-forms.ts), withholds
 * the whole text.
 */
function makeRedactor(secrets) {
    const pattern = formsPattern(secrets);
    if (pattern === undefined)
        return (text) => text;
    const holdsKey = new RegExp(pattern.source, 'i');
    return (text) => {
        const redacted = text.replace(pattern, REDACTED);
        if (redacted.length > NORMAL_FORMS_UP_TO)
            return redacted;
        for (const form of normalForms(redacted))
            if (holdsKey.test(form))
                return WITHHELD;
        return redacted;
    };
}
/**
 * Replaces the known forms of every secret, and searches no further: for bulk text (a report of a million assets)
 * whose outside parts were redacted where they came in, by makeRedactor.
 */
function makeFormsRedactor(secrets) {
    const pattern = formsPattern(secrets);
    return pattern === undefined ? (text) => text : (text) => text.replace(pattern, REDACTED);
}
function formsPattern(secrets) {
    const forms = secrets.flatMap(secretForms);
    if (forms.length === 0)
        return undefined;
    // Without regard to case: hex and percent escapes come in either, and a host name comes back lower-cased.
    return new RegExp([...new Set(forms)].map(escapeRegExp).join('|'), 'gi');
}
function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
/** The same value with every string in it redacted: for what is shown from a report built of server text. */
function redactStrings(value, redact) {
    if (typeof value === 'string')
        return redact(value);
    if (Array.isArray(value))
        return value.map((item) => redactStrings(item, redact));
    if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
        return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactStrings(item, redact)]));
    }
    return value;
}

;// CONCATENATED MODULE: ./src/api/errors.ts
/** What went wrong with one request, as the user needs to read it. Server text is redacted before it gets here. */
class ApiError extends Error {
    name = 'ApiError';
    kind;
    status;
    code;
    serverMessage;
    retryable;
    retryAfterMs;
    constructor(message, details, options) {
        super(message, options);
        this.kind = details.kind;
        this.status = details.status;
        this.code = details.code;
        this.serverMessage = details.serverMessage;
        this.retryable = details.retryable;
        this.retryAfterMs = details.retryAfterMs;
    }
    /** The service said the key or its account cannot be used: every other call would be refused too. */
    get keyRefused() {
        return isKeyRefusal(this.status, this.serverMessage);
    }
    /**
     * Why every other call would fail the same way, when it would: the key or its account is refused, or the
     * address is wrong (no such route, a redirect, a host that does not exist). The run then starts no new call.
     */
    get stopsTheRun() {
        if (this.keyRefused)
            return 'the service refused the key';
        if (this.kind === 'network' && this.code !== undefined && CERTIFICATE_CODES.has(this.code)) {
            return "the certificate of base-url's host does not verify";
        }
        const wrongHost = this.kind === 'network' && this.code === 'ENOTFOUND';
        if (this.kind === 'redirect' || this.code === 'rest_no_route' || wrongHost) {
            return 'the service could not be reached at base-url';
        }
        return undefined;
    }
    /**
     * A 4xx naming no cause that every call shares (not the key; not the address, method or proxy: 404, 405, 407;
     * not the batch's size; not the pace: 408, 429): this call's own content was refused, perhaps for one entry.
     */
    get refusedForContent() {
        const status = this.status ?? 0;
        const everyCall = [404, 405, 407, 408, 429].includes(status) || this.stopsTheRun !== undefined;
        return this.kind === 'http' && status >= 400 && status < 500 && !everyCall && !this.tooManyAssets;
    }
    /** The service's answer to a batch over its limit (API spec, part 7). */
    get tooManyAssets() {
        return mentionsTooManyAssets(this.serverMessage);
    }
}
/** A 401 or 403, or the spec's account errors, whatever status they come with. */
function isKeyRefusal(status, serverMessage) {
    return status === 401 || status === 403 || ACCOUNT_ERRORS.some((text) => mentions(serverMessage, text));
}
const ACCOUNT_ERRORS = ['User not found', 'User not active'];
function mentionsTooManyAssets(message) {
    return mentions(message, 'Too many assets to invalidate');
}
function mentions(message, text) {
    return message?.toLowerCase().includes(text.toLowerCase()) === true;
}
/** Node's codes for a TLS certificate that does not verify: the same for every call, and not worth a retry. */
const CERTIFICATE_CODES = new Set([
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'UNABLE_TO_GET_ISSUER_CERT',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'CERT_HAS_EXPIRED',
    'CERT_NOT_YET_VALID',
    'CERT_UNTRUSTED',
    'CERT_SIGNATURE_FAILURE',
    'CERT_REVOKED',
    'ERR_TLS_CERT_ALTNAME_INVALID',
]);
/** Why the service may refuse a key (API spec, part 5.5). */
const KEY_REFUSED_HINT = 'The service refused the API key. Check that: the key is valid and active; it is sent as ' +
    '"Authorization: Bearer <key>" (pass the bare key, without "Bearer"); it is a Root API key, since a Sub key ' +
    "cannot invalidate or request tokens; and the account's subscription is active.";

// EXTERNAL MODULE: external "node:timers/promises"
var external_node_timers_promises_ = __webpack_require__(8500);
;// CONCATENATED MODULE: ./src/api/retry.ts


const systemClock = {
    now: () => performance.now(),
    sleep: (ms) => (0,external_node_timers_promises_.setTimeout)(ms),
    random: () => Math.random(),
};
/** Sends until success, a failure that is not retryable, the retry budget, or the deadline. */
async function withRetries(send, policy, clock, onRetry) {
    const attempts = [];
    for (let retry = 0;; retry++) {
        const startedAt = clock.now();
        try {
            const value = await send();
            attempts.push({ startedAt, durationMs: clock.now() - startedAt, status: value.status });
            return { ok: true, value, attempts };
        }
        catch (thrown) {
            const error = thrown instanceof ApiError ? thrown : unexpected(thrown);
            const tried = {
                startedAt,
                durationMs: clock.now() - startedAt,
                ...(error.status === undefined ? {} : { status: error.status }),
                kind: error.kind,
                ...(error.code === undefined ? {} : { code: error.code }),
                error: error.message,
            };
            const wait = error.retryable && retry < policy.maxRetries ? nextWait(retry, error, policy, clock) : undefined;
            if (wait === undefined || typeof wait === 'string') {
                attempts.push(tried);
                const reason = typeof wait === 'string' ? wait : undefined;
                return { ok: false, error: reason === undefined ? error : withReason(error, reason), attempts };
            }
            attempts.push({ ...tried, waitMs: wait });
            onRetry?.(error, wait, retry + 2);
            await clock.sleep(wait);
        }
    }
}
/** The wait before retry number `retry` + 1, or why there is none. */
function nextWait(retry, error, policy, clock) {
    const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
    const wait = error.retryAfterMs ?? Math.round(clock.random() * ceiling);
    if (clock.now() + wait <= policy.deadline)
        return wait;
    const asked = error.retryAfterMs === undefined ? 'the next retry' : `the server's Retry-After (${wait / 1000} s)`;
    return `not retried: ${asked} would end after the run's retry deadline`;
}
function withReason(error, reason) {
    return new ApiError(`${error.message} (${reason})`, error, { cause: error });
}
function unexpected(thrown) {
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    return new ApiError(`unexpected failure: ${message}`, { kind: 'network', retryable: false }, { cause: thrown });
}
/** Statuses that say "not now" rather than "no": the same request may succeed later. */
const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** Connection-level failures worth another try: resets, refusals, DNS, and timeouts. */
const RETRYABLE_NETWORK_CODES = new Set([
    'ECONNRESET',
    'ECONNREFUSED',
    'ECONNABORTED',
    'EPIPE',
    'ETIMEDOUT',
    'ENOTFOUND',
    'EAI_AGAIN',
    'ENETUNREACH',
    'EHOSTUNREACH',
    'UND_ERR_SOCKET',
    'UND_ERR_CLOSED',
    'UND_ERR_CONNECT_TIMEOUT',
    'UND_ERR_HEADERS_TIMEOUT',
    'UND_ERR_BODY_TIMEOUT',
]);
/** Backoff of a run: the first retry waits up to 0.5 s, the fifth up to 8 s, none over 20 s. */
const BACKOFF = { baseDelayMs: 500, maxDelayMs: 20_000 };
/** Retries (and Retry-After waits) may begin up to 5 minutes after the run starts, not later. */
const RETRY_WINDOW_MS = 5 * 60_000;

;// CONCATENATED MODULE: ./src/urls.ts


/**
 * What a cache buster may hold: safe in a URL path segment and in any text that carries the URL (HTML, a srcset
 * list, CSS url(), JSON). The client holds a token from the service to it, rewrite and imageUrl a value given.
 */
function isCacheBuster(value) {
    return /^[A-Za-z0-9._~-]+$/.test(value);
}
// What may stand in one path segment without changing the URL's shape.
const SEGMENT_VALUE = /^[A-Za-z0-9._~!$&'()*+,;=:@-]+$/;
const SEGMENT_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
/** Builds the URL, or throws a TypeError naming the part that would make a broken URL. */
function imageUrl(options) {
    const base = `https://${imageHostOf(options.imageHost)}`;
    const segments = segmentsOf(options.segments);
    if (options.cacheBuster !== undefined) {
        if (segments.some((text) => text.startsWith('cb:'))) {
            throw new TypeError('a cb segment is given both as cacheBuster and in segments; give it once');
        }
        segments.unshift(cacheBusterSegment(options.cacheBuster));
    }
    return [base, ...segments, originOf(options.originUrl)].join('/');
}
/** `https://{image_host}/cb:<token>`, to which a page appends `/<segments>/<origin URL>`. */
function imageUrlPrefix(imageHost, cacheBuster) {
    return `https://${imageHostOf(imageHost)}/${cacheBusterSegment(cacheBuster)}`;
}
/** A host name (or `host:port`), lower-cased; anything else is refused. */
function imageHostOf(value) {
    const trimmed = value.trim();
    const url = URL.parse(`https://${trimmed}`);
    // The parser drops the default port, so `img.example.net:443` compares as `img.example.net`.
    const written = trimmed.toLowerCase().replace(/:443$/, '');
    if (url?.host !== written || url.username !== '' || url.pathname !== '/' || trimmed === '') {
        throw new TypeError(`image host ${JSON.stringify(value)} is not a host name such as img.example.net`);
    }
    return url.host;
}
function cacheBusterSegment(value) {
    if (!isCacheBuster(value)) {
        throw new TypeError(`cache buster ${JSON.stringify(value)}: use letters, digits, '.', '_', '~' and '-'`);
    }
    return `cb:${value}`;
}
function segmentsOf(segments) {
    if (segments === undefined)
        return [];
    if (Array.isArray(segments)) {
        return segments.map((text) => {
            const colon = text.indexOf(':');
            return segment(text.slice(0, colon < 0 ? text.length : colon), colon < 0 ? '' : text.slice(colon + 1));
        });
    }
    return Object.entries(segments).map(([name, value]) => segment(name, String(value)));
}
function segment(name, value) {
    if (!SEGMENT_NAME.test(name))
        throw new TypeError(`processing segment name ${JSON.stringify(name)} is not a name`);
    if (!SEGMENT_VALUE.test(value)) {
        throw new TypeError(`${name}: ${JSON.stringify(value)} cannot stand in one URL path segment`);
    }
    return `${name}:${value}`;
}
function originOf(value) {
    const url = parseHttpUrl(value);
    if (url === undefined)
        throw new TypeError(`origin URL ${JSON.stringify(value)} is not an absolute http(s) URL`);
    return url.href;
}
/**
 * A cache buster derived from an image's bytes: the first 12 hex characters of their SHA-256. The same bytes give
 * the same value on every machine and every run, so a site generator can write the URL at build time
 * (`imageUrl({ …, cacheBuster: contentCacheBuster(bytes) })`) and `rewrite-with: content` writes the same.
 */
function contentCacheBuster(bytes) {
    return (0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex').slice(0, 12);
}

;// CONCATENATED MODULE: ./src/api/server-message.ts
const MAX_MESSAGE_LENGTH = 300;
const MAX_CODE_LENGTH = 100;
// A proxy's page says what it has to say near the top; the rest is not read, which also bounds the tag stripping.
const MAX_HTML_LENGTH = 4 * 1024;
/**
 * Understands the shapes seen from such services and the proxies in front of them:
 * `{code, message, data: {status}}` (WordPress-style REST APIs), `{success: false, error | message | data |
 * data.message}`,
 * `{error: {code, message}}`, plain text, an HTML error page (its text), and an empty body.
 */
function serverMessage(body, contentType = '') {
    const text = body.trim();
    if (text === '')
        return {};
    const json = parseJson(text);
    if (json !== undefined)
        return fromJson(json);
    if (/html/i.test(contentType) || /^<(!doctype|html|head|body|\?xml)/i.test(text))
        return fromHtml(text);
    return withMessage(undefined, text);
}
function parseJson(text) {
    if (!/^[[{"]/.test(text))
        return undefined;
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}
function fromJson(json) {
    if (typeof json === 'string')
        return withMessage(undefined, json);
    if (!isRecord(json))
        return {};
    const error = json.error;
    const data = json.data;
    const code = firstString(json.code, isRecord(error) ? error.code : undefined);
    const message = firstString(json.message, error, isRecord(error) ? error.message : undefined, isRecord(data) ? data.message : data, // WordPress's wp_send_json_error('…') sends the message as data
    Array.isArray(json.errors) ? messageOf(json.errors[0]) : undefined);
    return withMessage(code, message);
}
function messageOf(value) {
    return isRecord(value) ? value.message : value;
}
/** A proxy's error page: its visible text, without scripts and styles. */
function fromHtml(html) {
    const text = html
        .slice(0, MAX_HTML_LENGTH)
        .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
        .replace(/<!--[\s\S]*?-->/g, ' ')
        .replace(/<[^<>]*>/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
    return withMessage(undefined, text);
}
function withMessage(code, message) {
    const shownCode = server_message_oneLine(code, MAX_CODE_LENGTH);
    const shown = server_message_oneLine(message, MAX_MESSAGE_LENGTH);
    return {
        ...(shownCode === undefined ? {} : { code: shownCode }),
        ...(shown === undefined ? {} : { message: shown }),
    };
}
/** Server text as one line, cut short: it may be anything, of any length. */
function server_message_oneLine(text, max) {
    const line = text?.replace(/[\s\u0085]+/g, ' ').trim();
    if (line === undefined || line === '')
        return undefined;
    return line.length > max ? `${line.slice(0, max)}…` : line;
}
function firstString(...values) {
    return values.find((value) => typeof value === 'string' && value.trim() !== '');
}
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

;// CONCATENATED MODULE: ./src/api/client.ts





// Enough for any error message; a larger body is cut, never buffered whole.
const MAX_BODY_BYTES = 64 * 1024;
/** Sends one call once. Resolves with the answer, or rejects with an ApiError (never anything else). */
async function sendCall(call, options) {
    assertSafeEndpoint(options.endpoint);
    const signal = AbortSignal.timeout(options.timeoutMs);
    const path = `${options.endpoint.pathname}/${call.route}`;
    const body = requestBody(call);
    let response;
    let text;
    try {
        response = await options.dispatcher.request({
            origin: options.endpoint.origin,
            path,
            method: 'POST',
            headers: requestHeaders(body !== undefined, options),
            body: body ?? null,
            signal,
            headersTimeout: options.timeoutMs,
            bodyTimeout: options.timeoutMs,
        });
        text = await readCapped(response.body);
    }
    catch (error) {
        throw networkError(error, signal, options);
    }
    return interpret(call, response.statusCode, response.headers, text, options);
}
/** The key travels only over https, or to this machine: checked here too, for callers of the library. */
function assertSafeEndpoint(endpoint) {
    const loopback = isLoopbackHost(endpoint.hostname);
    if (endpoint.protocol !== 'https:' && !(endpoint.protocol === 'http:' && loopback)) {
        throw new TypeError(`endpoint ${endpoint.origin} is not https: the key is sent over https only (or to loopback).`);
    }
    if (endpoint.username !== '' || endpoint.password !== '')
        throw new TypeError('endpoint holds credentials.');
}
function requestHeaders(hasBody, options) {
    const headers = {
        authorization: `Bearer ${options.apiKey}`,
        accept: 'application/json',
        'user-agent': options.userAgent,
    };
    if (hasBody)
        headers['content-type'] = 'application/json';
    return headers;
}
function requestBody(call) {
    switch (call.route) {
        case 'invalidate/domain':
            return JSON.stringify({ domain: call.domain });
        case 'invalidate/assets':
            return JSON.stringify({ assets: call.assets });
        case 'invalidate/all':
        case 'token':
            return undefined;
    }
}
async function readCapped(body) {
    const chunks = [];
    let size = 0;
    for await (const chunk of body) {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= MAX_BODY_BYTES) {
            body.destroy();
            break;
        }
    }
    return Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString('utf8');
}
function networkError(error, signal, options) {
    const code = errorCode(error);
    if (signal.aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
        const seconds = options.timeoutMs / 1000;
        return new ApiError(`no complete answer within ${seconds} s (timeout-seconds)`, { kind: 'timeout', retryable: true }, { cause: error });
    }
    if (code !== undefined && CERTIFICATE_CODES.has(code)) {
        return new ApiError(`the certificate of ${options.endpoint.host} does not verify (${code}); nothing was sent. If your network ` +
            "re-signs TLS with a certificate authority of its own (a corporate proxy), set NODE_EXTRA_CA_CERTS to the path of that CA's certificate (PEM) in the step's env.", { kind: 'network', code, retryable: false }, { cause: error });
    }
    const detail = options.redact(error instanceof Error ? error.message : String(error));
    return new ApiError(`network error${code === undefined ? '' : ` ${code}`}: ${detail}`, { kind: 'network', code, retryable: code === undefined || RETRYABLE_NETWORK_CODES.has(code) }, { cause: error });
}
function errorCode(error) {
    for (let current = error, depth = 0; current instanceof Error && depth < 4; depth++) {
        const code = current.code;
        if (typeof code === 'string')
            return code;
        current = current.cause;
    }
    return undefined;
}
function interpret(call, status, headers, body, options) {
    if (status >= 300 && status < 400)
        throw redirectError(status, headers, options);
    // Redacted only where server text goes into an error: a success costs no scan of its body.
    // Redacted before and after reading: a key hidden by an escape (`&quot;`, `\"`) shows only once it is decoded.
    const server = () => {
        const { code, message } = serverMessage(options.redact(body), header(headers, 'content-type'));
        return {
            ...(code === undefined ? {} : { code: options.redact(code) }),
            ...(message === undefined ? {} : { message: options.redact(message) }),
        };
    };
    if (status < 200 || status >= 300) {
        throw httpError(status, server(), retryAfterMs(header(headers, 'retry-after')), options);
    }
    // JSON is judged as JSON whatever the content type says: PHP serves it as text/html unless told otherwise.
    const json = parseJsonObject(body);
    const contentType = header(headers, 'content-type') ?? '';
    if (json === undefined && (/html/i.test(contentType) || /^\s*</.test(body))) {
        // A login page or a proxy's page, from a base-url that is not the API: not a confirmation.
        const { message } = server();
        throw new ApiError(`HTTP ${status} with an HTML page, not an API answer${message === undefined ? '' : ` (${message})`}: ` +
            'check base-url and service-key.', { kind: 'response', status, retryable: false });
    }
    if (json?.success === false) {
        const { code, message } = server();
        throw new ApiError(`HTTP ${status} with "success": false${message === undefined ? '' : `: ${message}`}`, {
            kind: 'response',
            status,
            code,
            serverMessage: message,
            retryable: false,
        });
    }
    return call.route === 'token'
        ? { status, token: tokenFrom(status, json, body, options.redact) }
        : { status };
}
function httpError(status, server, retryAfter, options) {
    const code = server.code === undefined ? '' : ` (${server.code})`;
    const said = `HTTP ${status}${code}: ${sentence(server.message ?? 'no message')}`;
    let hint = '';
    if (isKeyRefusal(status, server.message))
        hint = ` ${KEY_REFUSED_HINT}`;
    else if (status === 404) {
        hint = ` The service has no route ${options.endpoint.pathname}/…: check base-url and service-key.`;
    }
    return new ApiError(`${said}${hint}`, {
        kind: 'http',
        status,
        code: server.code,
        serverMessage: server.message,
        // Sent again, the same batch is too large again: it is split instead, whatever the status said.
        retryable: RETRYABLE_STATUSES.has(status) && !mentionsTooManyAssets(server.message),
        retryAfterMs: retryAfter,
    });
}
function sentence(text) {
    return /[.!?]$/.test(text) ? text : `${text}.`;
}
function redirectError(status, headers, options) {
    const location = header(headers, 'location');
    let target = 'no Location';
    if (location !== undefined) {
        try {
            target = new URL(location, options.endpoint).host;
        }
        catch {
            target = 'an unreadable Location';
        }
    }
    return new ApiError(`HTTP ${status}: the service redirected to ${options.redact(target)}. Redirects are not followed, so that ` +
        "the key goes to base-url's host alone: set base-url to the address that answers directly.", { kind: 'redirect', status, retryable: false });
}
function tokenFrom(status, json, body, redact) {
    const data = json?.data;
    const value = typeof data === 'object' && data !== null ? data.token : undefined;
    const token = typeof value === 'string' ? value.trim() : '';
    if (json?.success === true && token !== '') {
        if (redact(token) !== token) {
            throw new ApiError(`HTTP ${status}, but the token holds the API key: refused, so that it is never published.`, {
                kind: 'response',
                status,
                retryable: false,
            });
        }
        if (isCacheBuster(token))
            return token;
        throw new ApiError(`HTTP ${status}, but the token ${JSON.stringify(token.slice(0, 80))} has characters that cannot stand in a URL ` +
            "path segment (letters, digits, '.', '_', '~' and '-' can).", { kind: 'response', status, retryable: false });
    }
    const redacted = redact(body);
    const shown = redacted.trim() === '' ? 'an empty body' : (serverMessage(redacted).message ?? 'a body');
    throw new ApiError(`HTTP ${status}, but no token: expected {"success": true, "data": {"token": "…"}}, got ${json === undefined ? `not JSON (${shown})` : describeTokenAnswer(json)}.`, { kind: 'response', status, retryable: false });
}
function describeTokenAnswer(json) {
    if (json.success === undefined)
        return 'no "success" field';
    if (json.success !== true)
        return `"success": ${JSON.stringify(json.success)}`;
    return 'no non-empty string at data.token';
}
function parseJsonObject(text) {
    try {
        const value = JSON.parse(text);
        return typeof value === 'object' && value !== null && !Array.isArray(value)
            ? value
            : undefined;
    }
    catch {
        return undefined;
    }
}
function header(headers, name) {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
}
/** Retry-After as delta-seconds or an HTTP date; anything else (negative, not a number) is ignored. */
function retryAfterMs(value, now = Date.now()) {
    if (value === undefined)
        return undefined;
    const trimmed = value.trim();
    if (/^\d+$/.test(trimmed))
        return Number(trimmed) * 1000;
    if (!/[a-z]/i.test(trimmed))
        return undefined;
    const date = Date.parse(trimmed);
    return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
;// CONCATENATED MODULE: ./src/changes/git.ts


function gitIn(workspace) {
    return (args) => new Promise((resolve, reject) => {
        (0,external_node_child_process_.execFile)('git', args, 
        // Names are read from output only, as NUL-separated bytes; 100,000 paths fit well within this buffer.
        {
            cwd: workspace,
            encoding: 'utf8',
            maxBuffer: 512 * 1024 * 1024,
            env: gitEnvironment(),
        }, (error, stdout, stderr) => {
            if (error === null)
                resolve(stdout);
            else
                reject(new Error(`git ${args.join(' ')}: ${stderr.trim() || error.message}`, { cause: error }));
        });
    });
}
// The tree of no files, to compare a root commit with.
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
/**
 * The paths that differ between the range's two commits, from the checkout in the workspace. A commit that a
 * shallow checkout lacks is fetched alone (depth 1, by SHA or name): the difference of two trees needs no history.
 */
async function gitChangedFiles(range, git) {
    await git(['rev-parse', '--is-inside-work-tree']);
    const merged = range.mergeCommit === undefined ? undefined : await mergeOf(range.mergeCommit, range.head, git);
    const head = merged?.merge ?? (await ensureCommit(range.head, git));
    const base = merged?.firstParent ??
        (range.base === PARENT ? await parentOf(head, git) : await ensureCommit(range.base, git));
    const output = await git([
        'diff',
        '--name-only',
        '-z',
        '--no-renames',
        '--no-ext-diff',
        '--no-textconv',
        base,
        head,
        '--',
    ]);
    return {
        base,
        head,
        files: output.split('\0').filter((path) => path !== ''),
        ...(merged === undefined ? {} : { merge: true }),
    };
}
/**
 * The pull request's test merge and its first parent, when the merge commit's second parent is the pull
 * request's head; otherwise (no such commit here or at origin, another shape) undefined, and base..head is used.
 */
async function mergeOf(mergeCommit, pullHead, git) {
    try {
        const merge = await ensureCommit(mergeCommit, git);
        let second = await resolve(`${merge}^2`, git);
        if (second === undefined && (await isShallow(git))) {
            await git(['fetch', '--quiet', '--no-tags', '--depth=2', '--end-of-options', 'origin', merge]);
            second = await resolve(`${merge}^2`, git);
        }
        const firstParent = await resolve(`${merge}^1`, git);
        if (second === undefined || firstParent === undefined || second !== (await resolve(pullHead, git)))
            return undefined;
        return { merge, firstParent };
    }
    catch {
        return undefined;
    }
}
async function resolve(ref, git) {
    try {
        return (await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])).trim();
    }
    catch {
        return undefined;
    }
}
async function ensureCommit(ref, git) {
    const present = await resolve(ref, git);
    if (present !== undefined)
        return present;
    // Depth 1 only where the checkout is shallow already: a complete clone must stay complete for later steps.
    const depth = (await isShallow(git)) ? ['--depth=1'] : [];
    await git(['fetch', '--quiet', '--no-tags', ...depth, '--end-of-options', 'origin', ref]);
    // A name fetched this way is not stored under its ref: FETCH_HEAD holds it.
    return (await resolve(ref, git)) ?? (await git(['rev-parse', '--verify', 'FETCH_HEAD^{commit}'])).trim();
}
async function parentOf(head, git) {
    const parent = await resolve(`${head}^`, git);
    if (parent !== undefined)
        return parent;
    if (!(await isShallow(git)))
        return EMPTY_TREE; // a root commit: everything in it is new
    await git(['fetch', '--quiet', '--no-tags', '--depth=2', '--end-of-options', 'origin', head]);
    return (await resolve(`${head}^`, git)) ?? EMPTY_TREE;
}
async function isShallow(git) {
    return (await git(['rev-parse', '--is-shallow-repository'])).trim() === 'true';
}
/**
 * The environment git and what it starts (remote helpers, credential helpers, hooks) run in: without the inputs
 * and the command's variables, which hold the Root key and the GitHub token.
 */
function gitEnvironment() {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(INPUT_|IMAGE_CACHE_)/i.test(name)));
    return { ...env, GIT_TERMINAL_PROMPT: '0' };
}

;// CONCATENATED MODULE: ./src/changes/detect.ts




/** The files the triggering event changed: from git in the workspace, else as the CI allows (its API). */
async function detectChangedFiles(ci, since, git) {
    const range = ci.changeRange(since);
    if (isDeletion(range))
        return { files: [], source: `${range.origin}: a deleted branch changes no files` };
    let gitProblem;
    try {
        const diff = await gitChangedFiles(range, git);
        const origin = diff.merge === true ? `${range.origin}, its test merge` : range.origin;
        return { files: diff.files, source: `git diff ${github_api_short(diff.base)} ${github_api_short(diff.head)} (${origin})` };
    }
    catch (error) {
        gitProblem = error instanceof Error ? error.message : String(error);
    }
    const api = await withoutGit(ci, range, since, gitProblem);
    return {
        files: api.files,
        source: `${api.description} (${range.origin})`,
        fallbackReason: gitProblem,
        ...(api.truncated === undefined ? {} : { truncated: api.truncated }),
    };
}
/** The CI's API in place of git; when neither knows `since`, the mistake is most likely its value. */
async function withoutGit(ci, range, since, gitProblem) {
    try {
        return await ci.withoutGit(range, gitProblem);
    }
    catch (error) {
        if (since === undefined)
            throw error;
        const apiProblem = error instanceof Error ? error.message : String(error);
        // Where no API stands in, its error already says what git said.
        const why = apiProblem.includes(gitProblem)
            ? apiProblem
            : `git could not find it, even after fetching it (${gitProblem}), and neither could the API (${apiProblem})`;
        throw new inputs_InputError(`since: ${quote(since)} could not be compared with ${github_api_short(range.head)}. ${why} Give a commit SHA, tag ` +
            'or branch that exists in the repository, and check its spelling.', { cause: error });
    }
}

;// CONCATENATED MODULE: ./src/assets/batches.ts
/** The service's limit of assets per invalidation call (API spec, part 8). */
const MAX_ASSETS_PER_CALL = 100;
/** Consecutive slices of at most `size` references. An empty list gives no batch at all. */
function toBatches(refs, size = MAX_ASSETS_PER_CALL) {
    const batches = [];
    for (let start = 0; start < refs.length; start += size)
        batches.push(refs.slice(start, start + size));
    return batches;
}
/** Two halves, the first the larger: what is left to try after the service answered "Too many assets". */
function halve(batch) {
    const middle = Math.ceil(batch.length / 2);
    return [batch.slice(0, middle), batch.slice(middle)];
}

// EXTERNAL MODULE: ./node_modules/picomatch/index.js
var picomatch = __webpack_require__(4006);
var picomatch_default = /*#__PURE__*/__webpack_require__.n(picomatch);
;// CONCATENATED MODULE: ./src/changes/select.ts

/**
 * Keeps the paths that match at least one pattern and no `!` pattern. Matching ignores case, so that `*.png`
 * also selects `LOGO.PNG`, and includes dot files.
 */
function selectPaths(paths, patterns) {
    const include = patterns.filter((pattern) => !pattern.startsWith('!'));
    const exclude = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1));
    if (include.length === 0)
        return [];
    const options = { dot: true, nocase: true };
    const included = picomatch_default()(include, options);
    const excluded = exclude.length === 0 ? () => false : picomatch_default()(exclude, options);
    return paths.filter((path) => included(path) && !excluded(path));
}
/** `paths`: one pattern per line; blank lines and lines starting with '#' are ignored. */
function parsePatterns(text) {
    return text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#'));
}

;// CONCATENATED MODULE: ./src/changes/url-map.ts


const URL_MAP_EXAMPLE = 'public/images => https://www.example.com/images';
/** Parses `<path prefix> => <URL prefix>` lines; blank lines and lines starting with '#' are ignored. */
function parseUrlMap(text) {
    const rules = [];
    for (const line of text.split(/\r?\n/)) {
        const trimmed = line.trim();
        if (trimmed === '' || trimmed.startsWith('#'))
            continue;
        const arrow = trimmed.indexOf('=>');
        if (arrow < 0) {
            throwInput(`url-map: ${quote(line)} has no '=>'; write one rule per line as <path prefix> => <URL prefix>, e.g. ${URL_MAP_EXAMPLE}`);
        }
        const pathPrefix = trimmed
            .slice(0, arrow)
            .trim()
            .replace(/^(\.\/|\/)+/, '')
            .replace(/\/+$/, '');
        const urlPrefix = trimmed.slice(arrow + 2).trim();
        rules.push({
            pathPrefix: pathPrefix === '.' ? '' : pathPrefix,
            urlPrefix: parseUrlPrefix(urlPrefix, line),
        });
    }
    return rules;
}
function parseUrlPrefix(value, line) {
    const url = parseHttpUrl(value);
    if (url === undefined) {
        return throwInput(`url-map: in ${quote(line)}, ${quote(value)} is not an absolute http(s) URL prefix, e.g. ${URL_MAP_EXAMPLE}`);
    }
    if (url.search !== '' || url.hash !== '') {
        return throwInput(`url-map: in ${quote(line)}, the URL prefix has a query or fragment; give a path prefix alone.`);
    }
    return url.href.endsWith('/') ? url.href : `${url.href}/`;
}
/**
 * The public URL of a repository path, by the rule with the longest matching prefix, or undefined when no rule
 * maps it. A prefix matches whole path segments only: `img` maps `img/a.png`, not `imgs/a.png`.
 */
function mapToUrl(path, rules) {
    let best;
    for (const rule of rules) {
        const matches = rule.pathPrefix === '' || path.startsWith(`${rule.pathPrefix}/`);
        if (matches && (best === undefined || rule.pathPrefix.length > best.pathPrefix.length))
            best = rule;
    }
    if (best === undefined)
        return undefined;
    const rest = best.pathPrefix === '' ? path : path.slice(best.pathPrefix.length + 1);
    return new URL(escapePath(rest), best.urlPrefix).href;
}
/**
 * Characters that a file name may hold but that would change a URL's meaning if left as they are: '%' (an
 * escape), '?' and '#' (query, fragment), '\' (a '/' to the URL parser), and control characters and spaces (which
 * the parser drops, or trims at the end). The parser encodes the rest as a browser does (non-ASCII as its UTF-8
 * bytes). The './' keeps a first segment with a ':' from reading as
 * a scheme. Git stores no '.' or '..' segments, so none is resolved away.
 */
function escapePath(path) {
    return `./${path.replace(/[%?#\\\p{Cc} ]/gu, (char) => encodeURIComponent(char))}`;
}

;// CONCATENATED MODULE: ./src/plan.ts



/** `changed`: the files given or detected, when the target asks for them. */
function planRun(settings, changed) {
    const { target } = settings;
    // Which file each URL came from is kept only when rewrite needs it: a map of a million entries is not free.
    const keepFiles = settings.rewriteWith === 'content';
    const files = target.scope === 'assets' && target.changes !== undefined && changed !== undefined
        ? planFiles(target.changes, changed, keepFiles)
        : undefined;
    const calls = invalidationCalls(target, files?.urls ?? []);
    const merged = mergedIn(target, files?.urls ?? [], calls);
    if (settings.token)
        calls.push({ route: 'token' });
    return {
        scope: target.scope,
        calls,
        ...(merged > 0 ? { merged } : {}),
        ...(files === undefined ? {} : { files: files.plan }),
        ...(files?.fileOf === undefined ? {} : { fileOf: files.fileOf }),
    };
}
function invalidationCalls(target, fileUrls) {
    switch (target.scope) {
        case 'all':
            return [{ route: 'invalidate/all' }];
        case 'domain':
            return [{ route: 'invalidate/domain', domain: target.domain }];
        case 'assets': {
            const refs = fileUrls.length === 0 ? target.assets : [...new Set([...target.assets, ...fileUrls])];
            return toBatches(refs).map((assets) => ({ route: 'invalidate/assets', assets }));
        }
        case 'none':
            return [];
    }
}
/** How many references were the same asset as another: in `assets` itself, or given there and mapped from a file. */
function mergedIn(target, fileUrls, calls) {
    if (target.scope !== 'assets')
        return 0;
    const sent = calls.reduce((sum, call) => sum + assetsIn(call).length, 0);
    return (target.merged ?? 0) + target.assets.length + fileUrls.length - sent;
}
/** Every asset of the plan, in the order its calls carry them. */
function plannedAssets(plan) {
    return plan.calls.flatMap(assetsIn);
}
/** The assets a call carries: a batch's, and none for any other call. */
function assetsIn(call) {
    return call.route === 'invalidate/assets' ? call.assets : [];
}
function planFiles(request, changed, keepFiles) {
    const selected = selectPaths(changed.files, request.patterns);
    const urls = [];
    const unmapped = [];
    const fileOf = keepFiles ? new Map() : undefined;
    for (const path of selected) {
        const url = mapToUrl(path, request.urlMap);
        if (url === undefined)
            unmapped.push(path);
        else {
            urls.push(url);
            if (fileOf?.has(url) === false)
                fileOf.set(url, path);
        }
    }
    return {
        urls,
        ...(fileOf === undefined ? {} : { fileOf }),
        plan: {
            source: changed.source,
            found: changed.files.length,
            selected: selected.length,
            patterns: request.patterns,
            mapped: urls.length,
            urlMap: request.urlMap,
            unmapped,
            ...(changed.truncated === undefined ? {} : { truncated: changed.truncated }),
            ...(changed.fallbackReason === undefined ? {} : { fallbackReason: changed.fallbackReason }),
        },
    };
}

;// CONCATENATED MODULE: ./src/rewrite/content.ts



// Images read at once: enough to keep the disk busy, few enough to bound memory.
const READS_AT_ONCE = 16;
/**
 * The content cache buster of each invalidated image that url-map made from a file still in the workspace. An image
 * given as a URL or a hash, or deleted, gets none: its URLs stay as they are.
 */
async function contentBusters(refs, fileOf, workspace) {
    const values = new Map();
    const notRewritten = [];
    for (let start = 0; start < refs.length; start += READS_AT_ONCE) {
        await Promise.all(refs.slice(start, start + READS_AT_ONCE).map(async (ref) => {
            const path = fileOf?.get(ref);
            if (path === undefined) {
                notRewritten.push({ ref, reason: 'not mapped from a changed file (given in assets or files)' });
                return;
            }
            try {
                values.set(ref, contentCacheBuster(await (0,promises_.readFile)((0,external_node_path_.join)(workspace, ...path.split('/')))));
            }
            catch (error) {
                const code = error.code;
                notRewritten.push({
                    ref,
                    reason: code === 'ENOENT'
                        ? `${path} is not in the workspace (deleted)`
                        : `${path}: ${code ?? String(error)}`,
                });
            }
        }));
    }
    return { values, notRewritten };
}

;// CONCATENATED MODULE: ./src/rewrite/cache-buster.ts
/**
 * Sets the `cb:` cache buster of image URLs on the account's image host: of every one to a new token, so that pages
 * built before the token existed ask for fresh copies; or, per origin image, to a value of its own (its content's),
 * so that only the images that changed get new URLs. Only the `//host/segments/` prefix of a URL is touched: the
 * origin URL after it and the syntax around it (HTML, srcset, CSS, JSON, JS) stay as they are.
 */

function rewriteCacheBusters(text, imageHost, busters) {
    if (typeof busters === 'string')
        checkCacheBuster(busters);
    const host = imageHostOf(imageHost); // throws for anything but a host name with an optional port
    let rewritten = '';
    let copied = 0;
    let urls = 0;
    for (const match of text.matchAll(cacheBusterPattern(host))) {
        const { start = '', sep = '/', segments = '' } = match.groups ?? {};
        const at = match.index + start.length;
        const value = typeof busters === 'string' ? busters : busters(originUrlAt(text, at + segments.length, sep));
        if (value === undefined)
            continue;
        const busted = bustSegments(segments, sep, checkCacheBuster(value));
        if (busted === segments)
            continue;
        rewritten += text.slice(copied, at) + busted;
        copied = at + segments.length;
        urls += 1;
    }
    return { text: rewritten + text.slice(copied), urls };
}
function checkCacheBuster(value) {
    if (!isCacheBuster(value)) {
        throw new Error(`The cache buster ${JSON.stringify(value)} cannot be written as a URL path segment.`);
    }
    return value;
}
/**
 * The origin image URL that starts at `from`, as far as a URL can go in HTML, srcset, CSS, JSON or JS (a quote,
 * whitespace, a parenthesis or an angle bracket ends it), with JSON's `\/` read as `/`.
 */
function originUrlAt(text, from, sep) {
    const url = /^[^\s"'\x60<>()]*/.exec(text.slice(from, from + 4096))?.[0] ?? '';
    const plain = sep === '/' ? url : url.replaceAll('\\/', '/');
    // A srcset candidate without a descriptor ends at its comma; an escaped quote at its backslash.
    return plain.replace(/[,\\]+$/, '');
}
/**
 * `start`: the scheme (or a protocol-relative `//`), the host and the first separator; `segments`: the
 * `name:value` processing segments after it, each with its separator. `sep` is `/`, or `\/` in JSON and JS
 * strings that escape slashes, and must be the same throughout one URL.
 */
function cacheBusterPattern(imageHost) {
    const host = imageHost.replace(/[.[\]]/g, '\\$&');
    // A host given without a port is the same host when a URL spells out a port.
    const port = /:\d+$/.test(imageHost) ? '' : String.raw `(?::\d+)?`;
    // A `//` right after a letter, `:`, `/`, `.`… is a path or another scheme's URL, not a protocol-relative one.
    const scheme = String.raw `(?:https?:|(?<![\w:/\\.+@%~-]))`;
    // `https:` is where the origin URL starts, not a segment; a value stops at anything that ends a URL.
    const segment = String.raw `(?!https?:)[\w-]+:[^/\\\s"'\x60<>]*\k<sep>`;
    return new RegExp(String.raw `(?<start>${scheme}(?<sep>/|\\/)\k<sep>${host}${port}\k<sep>)(?<segments>(?:${segment})*)`, 'gi');
}
/** Sets every `cb:` segment to the token, or adds one in first position where there is none. */
function bustSegments(segments, sep, token) {
    const list = segments === '' ? [] : segments.slice(0, -sep.length).split(sep);
    const isBuster = (segment) => segment.startsWith('cb:');
    const busted = list.some(isBuster)
        ? list.map((segment) => (isBuster(segment) ? `cb:${token}` : segment))
        : [`cb:${token}`, ...list];
    return busted.map((segment) => segment + sep).join('');
}

;// CONCATENATED MODULE: ./src/rewrite/files.ts





/** A file over this size is refused before it is read: rewriting reads a file whole. */
const MAX_REWRITE_BYTES = 64 * 1024 * 1024;
/**
 * Sets the cache buster of the image URLs in the workspace files that `patterns` select, all or nothing: every
 * selected file is read and rewritten, and its new content staged beside it, before any file is replaced; if one
 * fails, none is replaced. A file with nothing to change is not written at all, so its timestamps stay as the build
 * left them.
 */
async function rewriteFiles(options) {
    // A bad token or host is refused even when the patterns select nothing.
    rewriteCacheBusters('', options.imageHost, options.cacheBusters);
    // node_modules can hold more files than the site itself: walked only when a pattern asks for it.
    const skip = new Set(['.git']);
    if (!options.patterns.some((pattern) => /node_modules/i.test(pattern)))
        skip.add('node_modules');
    const paths = selectPaths(await listFiles(options.workspace, skip), options.patterns).sort(byCodeUnit);
    const files = [];
    const staged = [];
    let current = '';
    try {
        for (const path of paths) {
            current = path;
            const file = (0,external_node_path_.join)(options.workspace, ...path.split('/'));
            // latin1 maps each byte to one character and back, so every byte outside the ASCII URL prefixes survives,
            // whatever the file's encoding.
            const before = (await readBounded(file)).toString('latin1');
            const given = recording(options.cacheBusters);
            const { text, urls } = rewriteCacheBusters(before, options.imageHost, given.busters);
            if (urls === 0)
                continue;
            if (!options.dryRun)
                staged.push(await stage(file, Buffer.from(text, 'latin1')));
            files.push({ path, urls, ...(given.values === undefined ? {} : { cacheBusters: given.values }) });
        }
        current = '';
        await replaceAll(staged);
    }
    catch (error) {
        await Promise.all(staged.map((entry) => (0,promises_.unlink)(entry.temporary).catch(() => undefined)));
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`${current === '' ? 'replacing the rewritten files' : current}: ${reason}; no file was changed.`, { cause: error });
    }
    return { scanned: paths.length, files, urls: files.reduce((sum, file) => sum + file.urls, 0) };
}
/** Per-image cache busters that note the value each origin URL of a file got. */
function recording(busters) {
    if (typeof busters === 'string')
        return { busters };
    const values = {};
    return {
        values,
        busters: (originUrl) => {
            const value = busters(originUrl);
            if (value !== undefined)
                values[originUrl] = value;
            return value;
        },
    };
}
async function readBounded(file) {
    const { size } = await (0,promises_.stat)(file);
    if (size > MAX_REWRITE_BYTES) {
        throw new Error(`${(size / 2 ** 20).toFixed(1)} MiB, over the ${MAX_REWRITE_BYTES / 2 ** 20} MiB that rewrite reads; ` +
            'leave it out of rewrite with a ! pattern');
    }
    return (0,promises_.readFile)(file);
}
async function stage(file, content) {
    const { mode } = await (0,promises_.stat)(file);
    const temporary = besideFile(file, 'tmp');
    const handle = await (0,promises_.open)(temporary, 'wx', 0o600);
    try {
        await handle.writeFile(content);
    }
    finally {
        await handle.close();
    }
    await (0,promises_.chmod)(temporary, mode & 0o7777);
    return { file, temporary };
}
/**
 * Each staged file renamed over its original: a reader (the deploy step, a server) sees the old file or the new one,
 * never a half-written one. The originals are kept (hard links) until every rename has succeeded, so that a rename
 * that fails part-way puts back the ones before it.
 */
async function replaceAll(staged) {
    const kept = [];
    try {
        for (const { file, temporary } of staged) {
            const entry = { file, original: besideFile(file, 'orig'), replaced: false };
            await (0,promises_.link)(file, entry.original);
            kept.push(entry);
            await (0,promises_.rename)(temporary, file);
            entry.replaced = true;
        }
    }
    catch (error) {
        // A rename onto another link of the same file does nothing: an original not yet replaced is unlinked instead.
        for (const { file, original, replaced } of kept.reverse())
            await (replaced ? (0,promises_.rename)(original, file) : (0,promises_.unlink)(original)).catch(() => undefined);
        throw error;
    }
    await Promise.all(kept.map(({ original }) => (0,promises_.unlink)(original).catch(() => undefined)));
}
function besideFile(file, kind) {
    return (0,external_node_path_.join)((0,external_node_path_.dirname)(file), `.${(0,external_node_path_.basename)(file)}.${(0,external_node_crypto_.randomBytes)(6).toString('hex')}.${kind}`);
}
/** Regular files only, '/'-separated; symbolic links are neither followed nor listed. */
async function listFiles(workspace, skip, prefix = '') {
    const paths = [];
    for (const entry of await (0,promises_.readdir)((0,external_node_path_.join)(workspace, prefix), { withFileTypes: true })) {
        const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
        if (entry.isDirectory() && !skip.has(entry.name))
            paths.push(...(await listFiles(workspace, skip, path)));
        else if (entry.isFile())
            paths.push(path);
    }
    return paths;
}
const byCodeUnit = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

;// CONCATENATED MODULE: ./src/version.ts
/**
 * The release, as the service sees it in each call's user agent. Written here, not read from package.json, so that
 * the library and the command compile on their own (lib/ holds no package.json); test/version.test.ts keeps it in
 * step with package.json and CHANGELOG.md.
 */
const VERSION = '1.0.0';
const USER_AGENT = `image-cache-invalidate/${VERSION}`;

;// CONCATENATED MODULE: ./src/run/pace.ts
/**
 * The pace the workers share. A rate limit (429, or 503 with Retry-After) pauses every worker, not only the call
 * that met it, until the time the service named (within the run's retry window); and it halves the calls in
 * flight, which grow back by one with each answer that succeeds. Without it, each call would honour its own
 * Retry-After while the others kept sending, and the retries would land together.
 */
class Pace {
    /** Pauses begun, for the report. */
    pauses = 0;
    max;
    clock;
    deadline;
    limit;
    inFlight = 0;
    pausedUntil = 0;
    waiting = [];
    constructor(max, clock, deadline) {
        this.max = max;
        this.limit = max;
        this.clock = clock;
        this.deadline = deadline;
    }
    /** Waits out a pause and for a place among the calls in flight, then takes it. */
    async acquire() {
        // A clock on which sleeping passes no time (a test's) is waited on once, not forever.
        let stuck = false;
        for (;;) {
            const now = this.clock.now();
            if (this.pausedUntil > now && !stuck) {
                await this.clock.sleep(this.pausedUntil - now);
                stuck = this.clock.now() <= now;
            }
            else if (this.inFlight < this.limit) {
                this.inFlight++;
                return;
            }
            else
                await new Promise((resolve) => this.waiting.push(resolve));
        }
    }
    /** Gives the place back; a success lets one more call fly, up to the concurrency asked for. */
    release(succeeded) {
        this.inFlight--;
        if (succeeded && this.limit < this.max)
            this.limit++;
        const woken = this.waiting;
        this.waiting = [];
        for (const wake of woken)
            wake();
    }
    /** The service said "too many": fewer calls in flight, and every worker waits as long as it asked. */
    rateLimited(retryAfterMs) {
        this.limit = Math.max(1, Math.floor(this.limit / 2));
        // A wait past the deadline is one no retry will make (retry.ts): the call fails, and the others go on.
        if (retryAfterMs === undefined || this.clock.now() + retryAfterMs > this.deadline)
            return;
        const until = this.clock.now() + retryAfterMs;
        if (until > this.pausedUntil) {
            if (this.pausedUntil <= this.clock.now())
                this.pauses++;
            this.pausedUntil = until;
        }
    }
}

;// CONCATENATED MODULE: ./src/run/execute.ts





/**
 * Runs the plan's calls: the invalidation calls with at most `concurrency` in flight, then the token call, so that
 * the token is never older than the invalidation. A batch the service finds too large is halved into new calls.
 */
async function execute(plan, options) {
    const run = new Run(options);
    const refs = plannedAssets(plan);
    // Each asset's last call, by its position in `refs`: no per-asset work while calls are in flight.
    const lastCall = new Array(refs.length);
    const queue = new CallQueue(plan.calls.filter((call) => call.route !== 'token'));
    const worker = async () => {
        for (let next = queue.take(); next !== undefined && run.stoppedBy === undefined; next = queue.take()) {
            const { call, start } = next;
            const { record } = await run.send(call, (error) => queue.split(next, error));
            if (record.outcome !== 'split')
                lastCall.fill(record, start, start + assetsIn(call).length);
        }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    let token;
    for (const call of plan.calls.filter((planned) => planned.route === 'token')) {
        if (run.stoppedBy === undefined)
            token = (await run.send(call)).answer?.token;
    }
    return {
        calls: run.calls,
        assets: assetResults(refs, lastCall, run.stoppedBy),
        ...(token === undefined ? {} : { token }),
        ...(run.stoppedBy === undefined ? {} : { stoppedBy: run.stoppedBy }),
        pauses: run.pace.pauses,
    };
}
/** "Not now, too many": a 429, or a 503 that says when to come back. */
function isRateLimit(error) {
    return error.status === 429 || (error.status === 503 && error.retryAfterMs !== undefined);
}
function assetResults(refs, lastCall, stop) {
    const notSent = `not sent: ${stop?.reason ?? 'the run stopped'} (call ${stop?.call.index ?? '?'})`;
    return refs.map((ref, position) => {
        const record = lastCall[position];
        if (record === undefined)
            return { ref, outcome: 'not-sent', error: notSent };
        if (record.error === undefined)
            return { ref, outcome: 'invalidated', call: record.index };
        return { ref, outcome: 'failed', call: record.index, error: record.error.message };
    });
}
/** The state of one execution: the calls sent so far, and whether one showed that the rest would fail. */
class Run {
    stoppedBy;
    records = [];
    sent = 0;
    options;
    clock;
    deadline;
    pace;
    constructor(options) {
        this.options = options;
        this.clock = options.clock ?? systemClock;
        this.deadline = this.clock.now() + options.retryWindowMs;
        this.pace = new Pace(options.concurrency, this.clock, this.deadline);
    }
    /** Sends one call with retries and records it. `split` decides whether a failure was answered by splitting. */
    async send(call, split) {
        // Numbered when sent, so that the report shows calls in the order they went out.
        const sent = { index: ++this.sent, call };
        const { options } = this;
        const policy = {
            maxRetries: options.maxRetries,
            baseDelayMs: options.baseDelayMs,
            maxDelayMs: options.maxDelayMs,
            deadline: this.deadline,
        };
        const result = await withRetries(() => this.paced(call), policy, this.clock, (error, wait, attempt) => options.onRetry?.(sent, error, wait, attempt));
        const record = {
            ...sent,
            outcome: result.ok ? 'confirmed' : split?.(result.error) === true ? 'split' : 'failed',
            attempts: result.attempts,
            ...(result.ok ? {} : { error: callError(result.error) }),
        };
        this.records.push(record);
        const reason = result.ok ? undefined : result.error.stopsTheRun;
        if (reason !== undefined && !result.ok) {
            this.stoppedBy ??= { call: record, reason, keyRefused: result.error.keyRefused };
        }
        options.onCall?.(record);
        return { record, ...(result.ok ? { answer: result.value } : {}) };
    }
    /** One attempt, at the pace the workers share: after any pause, within the calls in flight the pace allows. */
    async paced(call) {
        await this.pace.acquire();
        let succeeded = false;
        try {
            const answer = await this.options.send(call);
            succeeded = true;
            return answer;
        }
        catch (error) {
            if (error instanceof ApiError && isRateLimit(error))
                this.pace.rateLimited(error.retryAfterMs);
            throw error;
        }
        finally {
            this.pace.release(succeeded);
        }
    }
    /** Every call, in the order sent. */
    get calls() {
        return this.records.toSorted((a, b) => a.index - b.index);
    }
}
/**
 * Extra calls a run may spend finding the entries the service refuses. Halving a refused batch of n assets down to
 * its k refused entries sends at most 2·k·⌈log2 n⌉ calls (both halves at each level on the way to each entry): for
 * one bad entry in 100, at most 14. Past this budget, a refused batch is reported failed as it is.
 */
const MAX_BISECTION_CALLS = 100;
/**
 * The invalidation calls waiting to be sent. A batch the service finds too large is halved, its halves go first,
 * and every later batch is cut to the smaller size, so that every asset still gets its call. A batch refused for
 * its content is halved too, down to the entries refused, so that one bad entry does not sink its neighbours.
 */
class CallQueue {
    waiting = [];
    next = 0;
    first = [];
    limit = MAX_ASSETS_PER_CALL;
    bisectionCalls = MAX_BISECTION_CALLS;
    constructor(calls) {
        let start = 0;
        for (const call of calls) {
            this.waiting.push({ call, start });
            start += assetsIn(call).length;
        }
    }
    take() {
        const queued = this.first.pop() ?? this.waiting[this.next++];
        if (queued?.call.route !== 'invalidate/assets' || queued.call.assets.length <= this.limit)
            return queued;
        const [head, ...rest] = batchesOf(queued.start, toBatches(queued.call.assets, this.limit));
        this.first.push(...rest.reverse());
        return head;
    }
    /** Whether the failure of `queued` is answered by sending its halves instead. */
    split(queued, error) {
        const { call } = queued;
        if (call.route !== 'invalidate/assets' || call.assets.length === 1)
            return false;
        const halves = halve(call.assets);
        if (error.tooManyAssets)
            this.limit = Math.min(this.limit, halves[0].length);
        else if (error.refusedForContent && this.bisectionCalls >= 2)
            this.bisectionCalls -= 2;
        else
            return false;
        this.first.push(...batchesOf(queued.start, halves).reverse());
        return true;
    }
}
/** Consecutive batches as calls, from position `start` of the plan's assets on. */
function batchesOf(start, batches) {
    let position = start;
    return batches.map((assets) => {
        const queued = { call: { route: 'invalidate/assets', assets }, start: position };
        position += assets.length;
        return queued;
    });
}
function callError(error) {
    return {
        message: error.message,
        kind: error.kind,
        ...(error.status === undefined ? {} : { status: error.status }),
        ...(error.code === undefined ? {} : { code: error.code }),
    };
}

;// CONCATENATED MODULE: ./src/wording.ts



/** A call as the log and the summary name it: its label (`invalidate 100 assets`) and what it asks for. */
function callWords(call) {
    switch (call.route) {
        case 'invalidate/all':
            return { label: 'invalidate all', subject: 'every image of the account' };
        case 'invalidate/domain':
            return { label: `invalidate domain ${call.domain}`, subject: `every image of ${call.domain}` };
        case 'invalidate/assets': {
            const assets = plural(call.assets.length, 'asset');
            // A call of one asset (an entry a refused batch was halved down to) is named by it.
            const [only] = call.assets;
            const label = call.assets.length === 1 && only !== undefined
                ? `invalidate 1 asset: ${only}`
                : `invalidate ${assets}`;
            return { label, subject: assets };
        }
        case 'token':
            return { label: 'token', subject: 'a fresh cache token' };
    }
}
/** Entries sent once, since they were the same asset as another once in canonical form. */
function mergedSentence(merged) {
    const entries = merged === 1 ? '1 entry was' : `${count(merged)} entries were`;
    return `${entries} the same asset as another (once in canonical form: lower-case host, no default port, no fragment), and sent once.`;
}
/** `Call 3 (invalidate 100 assets)`. */
function describeCall(sent) {
    return `Call ${sent.index} (${callWords(sent.call).label})`;
}
/** A dry run's calls in order, each followed by every asset it would carry, indented: one line each. */
function* callListing(calls, first = 1) {
    let index = first - 1;
    for (const call of calls) {
        index++;
        const assets = call.route === 'invalidate/assets' ? call.assets : [];
        // The assets follow, so the label counts them even for one.
        yield assets.length > 0
            ? `Call ${index} (invalidate ${plural(assets.length, 'asset')}):`
            : describeCall({ index, call });
        for (const asset of assets)
            yield `  ${asset}`;
    }
}
/**
 * How many changed files were found, selected, mapped and skipped: in full for the log, with the inputs marked as
 * code for the summary, or brief for the command's result.
 */
function fileCounts(files, style) {
    const by = (words, input) => style === 'brief' ? '' : ` ${words} ${style === 'summary' ? `\`${input}\`` : input}`;
    const found = style === 'log' ? plural(files.found, 'file') : count(files.found);
    return (`${found} found, ${count(files.selected)} selected${by('by', 'paths')}, ` +
        `${count(files.mapped)} mapped${by('to URLs by', 'url-map')}, ${count(files.unmapped.length)} skipped`);
}
/**
 * Why a run of scope `assets` has nothing to send, naming the stage that left nothing: no file changed, `paths`
 * selected none, or `url-map` mapped none; with the counts, the patterns or rules, and a path that did not match.
 */
function nothingToInvalidate(files) {
    if (files === undefined)
        return 'Nothing to invalidate: the asset list is empty.';
    const from = `(${files.source})`;
    if (files.found === 0)
        return `Nothing to invalidate: no file changed ${from}.`;
    if (files.selected === 0) {
        const { shown, more } = firstOf(files.patterns, 5);
        return (`Nothing to invalidate: ${plural(files.found, 'file')} changed ${from}, and paths selects none of them ` +
            `(paths: ${shown.map(quote).join(', ')}${more === undefined ? '' : `, ${more}`}).`);
    }
    const { shown, more } = firstOf(files.urlMap, 5);
    const rules = shown.map((rule) => quote(`${rule.pathPrefix || '.'} => ${rule.urlPrefix}`));
    return (`Nothing to invalidate: paths selects ${count(files.selected)} of the ${plural(files.found, 'changed file')} ` +
        `${from}, and url-map maps none of them (url-map: ${rules.join(', ')}${more === undefined ? '' : `, ${more}`}); ` +
        `for example ${quote(files.unmapped[0] ?? '')} is under none of its path prefixes.`);
}
/** `Set the cache buster of 3 image URLs in 2 files (of 3 scanned).`; brief: `Rewrote 3 image URLs in 2 files.` */
function rewriteSentence(rewrite, dryRun, brief = false) {
    const urls = plural(rewrite.urls, 'image URL');
    const files = plural(rewrite.files.length, 'file');
    if (brief)
        return `${dryRun ? 'Would rewrite' : 'Rewrote'} ${urls} in ${files}.`;
    return `${dryRun ? 'Would set' : 'Set'} the cache buster of ${urls} in ${files} (of ${rewrite.scanned} scanned).`;
}

;// CONCATENATED MODULE: ./src/run/narration.ts


/** What the flow tells the log as it runs: each stage in words, so that flow.ts only runs the stages. */
function narration(log, settings) {
    return {
        plan: (plan) => {
            log.info(`Service: ${settings.endpoint.href}`);
            if (settings.dryRun) {
                const key = settings.apiKey === '' ? ' (none was given)' : '';
                log.info(`Dry run: nothing will be sent, so the API key is not checked${key}.`);
            }
            if (plan.files !== undefined)
                files(plan.files, log);
            if (plan.merged !== undefined)
                log.info(mergedSentence(plan.merged));
            const invalidations = plan.calls.filter((call) => call.route !== 'token');
            const batches = invalidations.filter((call) => call.route === 'invalidate/assets');
            const [first] = invalidations;
            if (batches.length > 0) {
                const assets = batches.reduce((sum, call) => sum + call.assets.length, 0);
                const atOnce = Math.min(settings.concurrency, batches.length);
                log.info(`Invalidate: ${plural(assets, 'asset')} in ${plural(batches.length, 'call')}, up to ${atOnce} at a time.`);
            }
            else if (first !== undefined)
                log.info(`Invalidate: ${callWords(first).subject} (1 call).`);
            else if (plan.scope === 'assets')
                log.notice(nothingToInvalidate(plan.files));
            else
                log.info('Invalidate: nothing (scope none).');
            if (plan.calls.some((call) => call.route === 'token'))
                log.info('Then request a fresh cache token.');
        },
        retry: (sent, error, waitMs, attempt) => {
            const seconds = (waitMs / 1000).toFixed(1);
            const failure = error.message.replace(/\.$/, '');
            log.info(`${describeCall(sent)}: ${failure}; attempt ${attempt} of ${settings.maxRetries + 1} in ${seconds} s.`);
        },
        call: (record) => {
            for (const attempt of record.attempts) {
                const answer = attempt.status ?? attempt.error ?? '';
                log.debug(`${describeCall(record)}: ${answer} in ${Math.round(attempt.durationMs)} ms`);
            }
            // Confirmed calls are the normal case: listed in the summary and the report, not one log line each.
            // The service's answer says why (too many assets, or an entry it refuses); the halves answer either.
            if (record.outcome === 'split')
                log.info(`${describeCall(record)}: ${record.error?.message ?? 'refused'}; sending it in halves.`);
            else if (record.outcome === 'failed')
                log.warning(`${describeCall(record)}: ${record.error?.message ?? 'failed'}`);
        },
        sent: (result) => {
            const calls = result.calls.filter((record) => record.call.route !== 'token');
            const withOutcome = (outcome) => calls.filter((record) => record.outcome === outcome).length;
            const split = withOutcome('split') > 0 ? `, ${withOutcome('split')} split in halves` : '';
            log.info(`${withOutcome('confirmed')} of ${plural(calls.length, 'invalidation call')} confirmed${split}.`);
        },
        rewrite: (rewrite) => {
            for (const file of rewrite.files)
                log.debug(`${quote(file.path)}: ${plural(file.urls, 'URL')}`);
            // A pattern that selects nothing is most likely a wrong folder: the deploy would ship the old URLs.
            if (rewrite.scanned === 0)
                log.warning(`rewrite: no file matches ${settings.rewrite.map(quote).join(', ')}.`);
            // With a token every URL changes; with content values, none changing (a second run) is normal.
            else if (rewrite.urls === 0 && settings.rewriteWith === 'token')
                log.warning(`rewrite: no URL on ${settings.imageHost ?? ''} in the ${rewrite.scanned} files.`);
            log.info(rewriteSentence(rewrite, settings.dryRun));
            const kept = rewrite.notRewritten ?? [];
            if (kept.length > 0) {
                const { shown, more } = firstOf(kept, 20);
                const list = shown.map((entry) => `${quote(entry.ref)} (${entry.reason})`).join(', ');
                log.info(`${plural(kept.length, 'invalidated image')} kept ${kept.length === 1 ? 'its' : 'their'} URLs: ` +
                    `${list}${more === undefined ? '' : ` ${more}`}.`);
            }
        },
    };
}
/** A dry run's calls, each with every asset it would carry, in a log group of their own. */
function listCalls(log, plan) {
    if (plan.calls.length === 0)
        return;
    log.startGroup(`Would send ${plural(plan.calls.length, 'call')}`);
    plan.calls.forEach((call, i) => {
        log.lines([...callListing([call], i + 1)]);
    });
    log.endGroup();
}
/** Unmapped images annotated on their files; the runner shows 10 warnings a step, and others may need room. */
const UNMAPPED_ANNOTATIONS = 5;
function files(files, log) {
    log.info(`Changed files: ${files.source}`);
    if (files.fallbackReason !== undefined)
        log.info(`(git could not tell: ${files.fallbackReason})`);
    if (files.truncated !== undefined)
        log.warning(`Changed files: ${files.truncated}.`);
    log.info(`${fileCounts(files, 'log')}.`);
    if (files.unmapped.length > 0) {
        // On the file itself, so that a pull request shows it on its diff; a few, within the runner's annotations.
        for (const path of files.unmapped.slice(0, UNMAPPED_ANNOTATIONS)) {
            log.warning('No url-map rule maps this image, so it is not invalidated.', { file: path });
        }
        const { shown, more } = firstOf(files.unmapped, 20);
        log.warning(`${plural(files.unmapped.length, 'selected file')} skipped: no url-map rule maps ` +
            `${shown.map(quote).join(', ')}${more === undefined ? '' : ` ${more}`}.`);
    }
}

;// CONCATENATED MODULE: ./src/run/report.ts



function countsOf(report) {
    const assets = report.result?.assets ?? [];
    const calls = report_invalidationCalls(report);
    const withOutcome = (outcome) => assets.filter((asset) => asset.outcome === outcome).length;
    return {
        assets: plannedAssets(report.plan).length,
        invalidated: withOutcome('invalidated'),
        failed: withOutcome('failed'),
        notSent: withOutcome('not-sent'),
        requests: calls.length,
        attempts: calls.reduce((sum, record) => sum + record.attempts.length, 0),
    };
}
function report_invalidationCalls(report) {
    return (report.result?.calls ?? []).filter((record) => record.call.route !== 'token');
}
function tokenCall(report) {
    return report.result?.calls.find((record) => record.call.route === 'token');
}
function tokenPlanned(plan) {
    return plan.calls.some((call) => call.route === 'token');
}
/** Each thing that did not land, as a sentence. An empty list means the step succeeds. */
function failuresOf(report) {
    const result = report.result;
    const rewrite = report.rewriteError === undefined ? [] : [report.rewriteError];
    if (result === undefined)
        return rewrite;
    const failures = result.calls
        .filter((record) => record.outcome === 'failed')
        .map((record) => `${describeCall(record)} failed${afterAttempts(record)}: ${record.error?.message ?? 'unknown error'}`);
    const notSent = result.assets.filter((asset) => asset.outcome === 'not-sent').length;
    const reason = result.stoppedBy?.reason ?? 'the run stopped';
    if (notSent > 0)
        failures.push(`${plural(notSent, 'asset')} not sent, since ${reason}.`);
    if (tokenPlanned(report.plan) && result.stoppedBy !== undefined && tokenCall(report) === undefined) {
        failures.push(`The token was not requested, since ${reason}.`);
    }
    return [...failures, ...rewrite];
}
function afterAttempts(record) {
    return record.attempts.length > 1 ? ` after ${record.attempts.length} attempts` : '';
}
/**
 * A list output at most this long, in characters: a later step can still pass it through an environment variable on
 * Windows (32,767 characters), and all outputs together stay far under the runner's 1 MB per job.
 */
const OUTPUT_LIST_CAP = 30_000;
/** The asset references that were confirmed, and those that were not (failed or not sent). */
function assetLists(report) {
    const assets = report?.result?.assets ?? [];
    const invalidated = [];
    const failed = [];
    for (const asset of assets)
        (asset.outcome === 'invalidated' ? invalidated : failed).push(asset.ref);
    return { invalidated, failed };
}
/** The assets this run invalidated, or would invalidate on a dry run. */
function invalidatedRefs(plan, result) {
    if (result === undefined)
        return plannedAssets(plan);
    return result.assets.filter((asset) => asset.outcome === 'invalidated').map((asset) => asset.ref);
}
/** The step's outputs, every one that action.yml declares; a run that ended before its plan has no report. */
function outputsOf(report, files) {
    const token = report?.result?.token ?? '';
    const imageHost = report?.imageHost;
    const lists = assetLists(report);
    return {
        token,
        'cache-buster': token === '' ? '' : `cb:${token}`,
        'image-url-prefix': token === '' || imageHost === undefined ? '' : imageUrlPrefix(imageHost, token),
        invalidated: listOutput(lists.invalidated, 'invalidated-file'),
        'invalidated-count': String(lists.invalidated.length),
        'invalidated-file': files.invalidated,
        failed: listOutput(lists.failed, 'failed-file'),
        'failed-count': String(lists.failed.length),
        'failed-file': files.failed,
        requests: String(report === undefined ? 0 : report_invalidationCalls(report).length),
        'report-path': files.report,
    };
}
/** A JSON array while it fits; past the cap, a sentence that no JSON parser or workflow takes for the list. */
function listOutput(refs, file) {
    // Escaping only lengthens: a list whose bare size is over the cap is never turned into one long string.
    const bare = refs.reduce((size, ref) => size + ref.length + 3, 2);
    const json = bare > OUTPUT_LIST_CAP ? undefined : JSON.stringify(refs);
    if (json !== undefined && json.length <= OUTPUT_LIST_CAP)
        return json;
    return `${LIST_CUT} ${count(refs.length)} references are too many for an output; the file named by ${file} lists them all`;
}
/** How a list output that gave way to its file begins. */
const LIST_CUT = 'not listed here:';
/**
 * The JSON report as text, in pieces: every call with its attempts, then every asset with its outcome, one a line,
 * a chunk at a time, so that a million assets never become one string. `clean` is applied to each piece (the key's
 * forms removed, runner commands neutralised).
 */
function* reportJsonText(report, clean) {
    const head = JSON.stringify(reportJson(report), null, 2);
    yield clean(`${head.slice(0, head.lastIndexOf('\n}'))},\n  "assets": [`);
    let first = true;
    for (const piece of pieces(assetEntries(report), ASSETS_PER_PIECE)) {
        const lines = piece.map((asset) => `    ${JSON.stringify(asset)}`).join(',\n');
        yield clean(`${first ? '' : ','}\n${lines}`);
        first = false;
    }
    yield `${first ? '' : '\n  '}]\n}\n`;
}
/** Each asset with its outcome; on a dry run, `planned`, with the number of the call that would carry it. */
function* assetEntries(report) {
    if (report.result !== undefined) {
        yield* report.result.assets;
        return;
    }
    let index = 0;
    for (const call of report.plan.calls) {
        index++;
        for (const ref of assetsIn(call))
            yield { ref, outcome: 'planned', call: index };
    }
}
function* pieces(items, size) {
    let piece = [];
    for (const item of items) {
        piece.push(item);
        if (piece.length === size) {
            yield piece;
            piece = [];
        }
    }
    if (piece.length > 0)
        yield piece;
}
const ASSETS_PER_PIECE = 10_000;
/** The JSON report but its assets. Times are ms from the start. */
function reportJson(report) {
    const { plan, result } = report;
    const failures = failuresOf(report);
    const domain = plan.calls.find((call) => call.route === 'invalidate/domain')?.domain;
    return {
        ok: failures.length === 0,
        dryRun: report.dryRun,
        scope: plan.scope,
        ...(domain === undefined ? {} : { domain }),
        ...(plan.files === undefined ? {} : { files: plan.files }),
        startedAt: report.startedAt.toISOString(),
        finishedAt: report.finishedAt.toISOString(),
        counts: countsOf(report),
        ...(plan.merged === undefined ? {} : { merged: plan.merged }),
        ...(result === undefined ? {} : { pauses: result.pauses ?? 0 }),
        failures,
        token: {
            requested: tokenPlanned(plan) && !report.dryRun,
            ...(result?.token === undefined ? {} : { value: result.token }),
        },
        ...(report.dryRun ? { planned: plan.calls.map(callJson) } : {}),
        ...(report.rewrite === undefined ? {} : { rewrite: report.rewrite }),
        calls: (result?.calls ?? []).map((record) => ({
            index: record.index,
            ...callJson(record.call),
            outcome: record.outcome,
            attempts: record.attempts,
            ...(record.error === undefined ? {} : { error: record.error }),
        })),
    };
}
/** The JSON report of a run that ended before its plan. */
function failureJson(failure) {
    return { ok: false, error: failure.error, startedAt: failure.startedAt.toISOString() };
}
/** A call in the report as it is sent, but for a batch's assets, given by count: the report lists them apart. */
function callJson(call) {
    if (call.route !== 'invalidate/assets')
        return call;
    return { route: call.route, assetCount: call.assets.length };
}

;// CONCATENATED MODULE: ./src/run/flow.ts












/** One run, from settings to report: plan (with the changed files), execute unless a dry run, rewrite. */
async function runFlow(settings, options) {
    const startedAt = new Date();
    const { log } = options;
    const tell = narration(log, settings);
    const plan = planRun(settings, await changedFiles(settings, options.ci));
    log.startGroup('Plan');
    tell.plan(plan);
    log.endGroup();
    options.onPlan?.(plan);
    let result;
    if (!settings.dryRun) {
        log.startGroup('Invalidate');
        result = await send(settings, plan, options, tell);
        tell.sent(result);
        log.endGroup();
    }
    const rewrite = await rewriteStep(settings, plan, result, options, tell);
    return {
        dryRun: settings.dryRun,
        plan,
        ...(result === undefined ? {} : { result }),
        startedAt,
        finishedAt: new Date(),
        ...(settings.imageHost === undefined ? {} : { imageHost: settings.imageHost }),
        ...(settings.apiKey === '' ? { noApiKey: true } : {}),
        ...(rewrite === undefined ? {} : 'error' in rewrite ? { rewriteError: rewrite.error } : { rewrite }),
    };
}
/** The files given in `files`, or those the triggering event changed, when the target asks for them. */
async function changedFiles(settings, ci) {
    const target = settings.target;
    if (target.scope !== 'assets' || target.changes === undefined)
        return undefined;
    if (target.changes.files !== undefined)
        return { files: [...target.changes.files], source: 'the files input' };
    const context = ci();
    return detectChangedFiles(context, target.changes.since, gitIn(context.workspace));
}
async function send(settings, plan, options, tell) {
    // Loaded only when something is sent: a dry run starts faster without undici.
    const { createDispatcher } = await Promise.all(/* import() */[__webpack_require__.e(752), __webpack_require__.e(43)]).then(__webpack_require__.bind(__webpack_require__, 9043));
    const dispatcher = createDispatcher(settings.concurrency, settings.timeoutMs);
    const client = {
        endpoint: settings.endpoint,
        apiKey: settings.apiKey,
        dispatcher,
        timeoutMs: settings.timeoutMs,
        redact: options.redact,
        userAgent: USER_AGENT,
    };
    try {
        return await execute(plan, {
            send: (call) => sendCall(call, client),
            concurrency: settings.concurrency,
            maxRetries: settings.maxRetries,
            retryWindowMs: RETRY_WINDOW_MS,
            ...BACKOFF,
            onRetry: tell.retry,
            onCall: (record) => {
                tell.call(record);
                options.onCall?.(record);
            },
        });
    }
    finally {
        await dispatcher.close();
    }
}
// What a dry run writes in place of the token it did not request: it changes every URL, so all are counted.
const DRY_RUN_TOKEN = 'dry-run';
/**
 * Puts fresh cache busters into the image URLs of the built files, so that the deploy after this ships fresh URLs:
 * the new token in every URL, or each invalidated image's content value in its own URLs.
 */
async function rewriteStep(settings, plan, result, options, tell) {
    if (settings.rewrite.length === 0 || settings.imageHost === undefined)
        return undefined;
    const { log } = options;
    if (settings.rewriteWith === 'token' && !settings.dryRun && result?.token === undefined) {
        log.warning('rewrite: skipped, since no token was obtained.');
        return undefined;
    }
    log.startGroup('Rewrite');
    try {
        const workspace = options.ci().workspace;
        const content = settings.rewriteWith === 'content'
            ? await contentBusters(invalidatedRefs(plan, result), plan.fileOf, workspace)
            : undefined;
        const rewrite = await rewriteFiles({
            workspace,
            patterns: settings.rewrite,
            imageHost: settings.imageHost,
            cacheBusters: 
            // A page may write an origin URL in another form (`HTTPS://WWW.Example.com/…`): the same image all the same.
            content === undefined
                ? (result?.token ?? DRY_RUN_TOKEN)
                : (origin) => content.values.get(canonicalRef(origin)),
            dryRun: settings.dryRun,
        });
        const told = content === undefined ? rewrite : { ...rewrite, notRewritten: content.notRewritten };
        tell.rewrite(told);
        return told;
    }
    catch (error) {
        // The invalidation and the token have landed: the report keeps them, and says what failed after.
        return {
            error: `Rewriting the built files failed: ${error instanceof Error ? error.message : String(error)}`,
        };
    }
    finally {
        log.endGroup();
    }
}

;// CONCATENATED MODULE: ./src/run/log.ts

/**
 * The same log, with every line made fit to show first (shown.ts): nothing reaches it as it came. `listed` redacts
 * the run's own lists: they hold no server text, so the key's known forms are all there is to find in them, as in
 * the report that lists the same references.
 */
function shownLog(log, redact, listedRedact = redact) {
    const shown = shownBy(redact);
    const listed = shownBy(listedRedact);
    return {
        lines: (lines) => {
            if (lines.length > 0)
                log.info(listed(lines.map(oneLine).join('\n')));
        },
        // A plain line is written as it is: a line break in it would start a line of its own. Annotations and debug
        // lines are commands, whose data the runner's escaping keeps on one line.
        info: (line) => {
            log.info(shown(oneLine(line)));
        },
        notice: (line) => {
            log.notice(shown(line));
        },
        warning: (line, where) => {
            log.warning(shown(line), where === undefined ? undefined : { file: redact(where.file) });
        },
        error: (line) => {
            log.error(shown(line));
        },
        debug: (line) => {
            log.debug(shown(line));
        },
        startGroup: (name) => {
            log.startGroup(shown(name));
        },
        endGroup: () => {
            log.endGroup();
        },
    };
}
/** The annotations GitHub shows per step, of each kind (warning, error, notice); the rest it drops silently. */
const ANNOTATIONS_PER_KIND = 10;
/**
 * The log with no more annotations of a kind than the runner shows: past the first nine, the rest are plain lines,
 * and close() adds the tenth, which counts them.
 */
function withinAnnotationLimit(log) {
    const folded = { warning: 0, error: 0, notice: 0 };
    const shown = { warning: 0, error: 0, notice: 0 };
    const annotate = (kind, line, where) => {
        if (shown[kind] < ANNOTATIONS_PER_KIND - 1) {
            shown[kind]++;
            if (kind === 'warning' && where !== undefined)
                log.warning(line, where);
            else
                log[kind](line);
        }
        else {
            folded[kind]++;
            log.info(`${kind}: ${where === undefined ? '' : `${where.file}: `}${line}`);
        }
    };
    return {
        ...log,
        warning: (line, where) => {
            annotate('warning', line, where);
        },
        error: (line) => {
            annotate('error', line);
        },
        notice: (line) => {
            annotate('notice', line);
        },
        close: () => {
            for (const kind of ['warning', 'error', 'notice']) {
                if (folded[kind] > 0)
                    log[kind](`${folded[kind]} more ${kind}s, shown in the log as lines that start with "${kind}:".`);
            }
        },
    };
}

;// CONCATENATED MODULE: ./src/run/runner-log.ts


/**
 * The runner's log, for the action: plain lines, and workflow commands (annotations, groups, debug lines) escaped
 * in shown.ts as the runner reads them back, so that an annotation's `file` is the file's exact path.
 */
function runnerLog(write = (text) => process.stdout.write(text)) {
    const line = (text) => {
        write(`${text}${external_node_os_.EOL}`);
    };
    return {
        info: line,
        notice: (text) => {
            line(workflowCommand('notice', {}, text));
        },
        warning: (text, where) => {
            line(workflowCommand('warning', { file: where?.file }, text));
        },
        error: (text) => {
            line(workflowCommand('error', {}, text));
        },
        debug: (text) => {
            line(workflowCommand('debug', {}, text));
        },
        startGroup: (name) => {
            line(workflowCommand('group', {}, name));
        },
        endGroup: () => {
            line(workflowCommand('endgroup', {}, ''));
        },
    };
}

;// CONCATENATED MODULE: ./src/run/summary.ts






// Beyond this many calls, the table groups them by outcome, so that the summary stays readable.
const MAX_CALL_ROWS = 20;
/** The job summary, as Markdown. Everything from outside (refs, server text) is escaped: no markup gets through. */
function summaryMarkdown(report) {
    const lines = [`## Image cache invalidation${report.dryRun ? ' — dry run: nothing was sent' : ''}`, ''];
    lines.push(overview(report), '');
    if (report.plan.merged !== undefined)
        lines.push(mergedSentence(report.plan.merged), '');
    if (report.dryRun) {
        const none = report.noApiKey === true ? ' (none was given: a run that sends needs `api-key`)' : '';
        lines.push(`Nothing was sent, so the API key was not checked${none}.`, '');
    }
    if (report.plan.files !== undefined)
        lines.push(...filesSection(report.plan.files));
    if (report.dryRun)
        lines.push(...plannedTable(report.plan), ...plannedAssetLists(report.plan));
    else
        lines.push(...callTable(report.result?.calls ?? []));
    if (report.imageHost !== undefined)
        lines.push(...imagesSection(report, report.imageHost));
    const token = tokenLine(report);
    if (token !== undefined)
        lines.push('', token);
    if (report.rewrite !== undefined)
        lines.push('', ...rewriteSection(report.rewrite, report.dryRun));
    const failures = failuresOf(report);
    if (failures.length > 0) {
        const { shown, more } = firstOf(failures, MAX_FAILURES);
        lines.push('', '### Failures', '', ...shown.map((failure) => `- ${markdownText(failure)}`));
        if (more !== undefined)
            lines.push(`- … ${more}: the JSON report (output \`report-path\`) lists each one`);
    }
    return withinSummaryLimit(`${lines.join('\n')}\n`);
}
const MAX_FAILURES = 50;
/** GitHub refuses a step summary over 1 MiB; this leaves room for what other steps add. */
const SUMMARY_LIMIT_BYTES = 1_000_000;
/** The summary, cut at a line break where it would pass the limit, and saying so. */
function withinSummaryLimit(markdown) {
    if (Buffer.byteLength(markdown) <= SUMMARY_LIMIT_BYTES)
        return markdown;
    const note = '\n\n**The summary is cut here**, to stay within what GitHub shows; the JSON report lists everything.\n';
    const room = SUMMARY_LIMIT_BYTES - Buffer.byteLength(note);
    let cut = Buffer.from(markdown).subarray(0, room).toString('utf8');
    cut = cut.slice(0, cut.lastIndexOf('\n'));
    return cut + note;
}
/** The summary of a run that ended before its plan: why, quoted. */
function failureMarkdown(failure) {
    const lines = failure.error.split('\n').map((line) => `> ${markdownText(line)}`);
    return `## Image cache invalidation\n\nNothing was sent:\n\n${lines.join('\n')}\n`;
}
function overview(report) {
    const { scope } = report.plan;
    const counts = countsOf(report);
    const parts = [`**Scope:** ${scope}`];
    const domain = report.plan.calls.find((call) => call.route === 'invalidate/domain')?.domain;
    if (domain !== undefined)
        parts.push(`**Domain:** ${markdownText(domain)}`);
    if (scope === 'assets') {
        parts.push(`**Assets:** ${counts.assets}`);
        if (!report.dryRun) {
            parts.push(`**Invalidated:** ${counts.invalidated}`, `**Failed:** ${counts.failed + counts.notSent}`);
        }
    }
    if (!report.dryRun)
        parts.push(`**Calls:** ${counts.requests} (${plural(counts.attempts, 'attempt')})`);
    const overview = parts.join(' · ');
    if (scope !== 'assets' || counts.assets > 0)
        return overview;
    return `${overview}\n\n${markdownText(nothingToInvalidate(report.plan.files))} Nothing was sent.`;
}
const MAX_NAMED_FILES = 20;
function filesSection(files) {
    const lines = [
        '### Changed files',
        '',
        `From ${markdownText(files.source)}: ${fileCounts(files, 'summary')}.`,
    ];
    if (files.truncated !== undefined)
        lines.push('', `**Warning:** ${markdownText(files.truncated)}.`);
    if (files.unmapped.length > 0) {
        const { shown, more } = firstOf(files.unmapped, MAX_NAMED_FILES);
        lines.push('', 'Skipped, since no `url-map` rule maps them:', '');
        lines.push(...shown.map((path) => `- ${markdownText(path)}`));
        if (more !== undefined)
            lines.push(`- … ${more}`);
    }
    lines.push('');
    return lines;
}
function rewriteSection(rewrite, dryRun) {
    const lines = ['### Rewritten files', '', rewriteSentence(rewrite, dryRun)];
    const perImage = rewrite.files.flatMap((file) => Object.entries(file.cacheBusters ?? {}).map(([url, value]) => ({ path: file.path, url, value })));
    if (perImage.length > 0) {
        const { shown, more } = firstOf(perImage, MAX_NAMED_FILES * 5);
        lines.push('', '| File | Image | Cache buster |', '|---|---|---|');
        for (const row of shown)
            lines.push(`| ${markdownText(row.path)} | ${markdownRef(row.url)} | cb:${markdownText(row.value)} |`);
        if (more !== undefined)
            lines.push(`| … ${more} | | |`);
    }
    else if (rewrite.files.length > 0) {
        const { shown, more } = firstOf(rewrite.files, MAX_NAMED_FILES);
        lines.push('', '| File | URLs |', '|---|---|');
        for (const file of shown)
            lines.push(`| ${markdownText(file.path)} | ${file.urls} |`);
        if (more !== undefined)
            lines.push(`| … ${more} | |`);
    }
    const kept = rewrite.notRewritten ?? [];
    if (kept.length > 0) {
        const { shown, more } = firstOf(kept, MAX_NAMED_FILES);
        lines.push('', 'Invalidated, but their URLs kept their cache buster:', '');
        lines.push(...shown.map((entry) => `- ${markdownRef(entry.ref)}: ${markdownText(entry.reason)}`));
        if (more !== undefined)
            lines.push(`- … ${more}`);
    }
    return lines;
}
function plannedTable(plan) {
    if (plan.calls.length === 0)
        return [];
    const { shown, more } = firstOf(plan.calls, MAX_CALL_ROWS);
    const lines = [
        '### Calls that would be sent',
        '',
        '| # | Route | Target |',
        '|---|---|---|',
        ...shown.map((call, index) => `| ${index + 1} | ${call.route} | ${target(call)} |`),
    ];
    if (more !== undefined) {
        const rest = plan.calls.slice(MAX_CALL_ROWS);
        const assets = rest.reduce((sum, call) => sum + assetsIn(call).length, 0);
        lines.push(`| … | ${more} calls | ${plural(assets, 'asset')} |`);
    }
    return lines;
}
/** The summary's room for the dry run's lists of assets: the rest of the summary fits in what is left. */
const ASSET_LISTS_BUDGET_BYTES = 600_000;
// Up to this many assets in all, the lists are open; past it, each call's list is folded.
const OPEN_ASSETS = 20;
/** Every asset of a dry run, call by call, each call's list in a `<details>` block, within the budget. */
function plannedAssetLists(plan) {
    const batches = plan.calls.map((call, i) => ({ index: i + 1, assets: assetsIn(call) }));
    const total = batches.reduce((sum, batch) => sum + batch.assets.length, 0);
    if (total === 0)
        return [];
    const lines = ['', '### Assets that would be invalidated', ''];
    let room = ASSET_LISTS_BUDGET_BYTES;
    let listed = 0;
    for (const batch of batches) {
        if (batch.assets.length === 0)
            continue;
        const items = batch.assets.map((ref) => `- ${markdownRef(ref)}`);
        const size = items.reduce((sum, item) => sum + Buffer.byteLength(item) + 1, 0);
        if (size > room)
            break;
        room -= size;
        listed += batch.assets.length;
        const open = total <= OPEN_ASSETS ? ' open' : '';
        const label = `Call ${batch.index}: ${plural(batch.assets.length, 'asset')}`;
        lines.push(`<details${open}><summary>${label}</summary>`, '', ...items, '', '</details>', '');
    }
    if (listed < total) {
        lines.push(`… and ${plural(total - listed, 'more asset')}, past what a job summary can hold: the JSON report ` +
            '(output `report-path`) lists every one, with its call.');
    }
    return lines;
}
/** Thumbnails shown at most; the rest are counted. */
const MAX_THUMBNAILS = 24;
/** The width asked of the service for a thumbnail, in pixels. */
const THUMBNAIL_WIDTH = 160;
/**
 * The images invalidated (or, on a dry run, those that would be), as thumbnails loaded through the service
 * (`https://<image-host>/w:160/<origin URL>`, no token), each with its URL as text. Asset hashes have no URL to
 * show: they are listed as text.
 */
function imagesSection(report, imageHost) {
    const refs = invalidatedRefs(report.plan, report.result);
    // References are validated and canonical: a URL starts with its http(s) scheme, and a hash has no ':'.
    const isUrl = (ref) => /^https?:/.test(ref);
    const urls = refs.filter(isUrl);
    const hashes = refs.filter((ref) => !isUrl(ref));
    if (refs.length === 0)
        return [];
    const title = report.dryRun ? 'Images that would be invalidated' : 'Invalidated images';
    const lines = ['', `### ${title}`, ''];
    if (urls.length > 0) {
        const { shown, more } = firstOf(urls, MAX_THUMBNAILS);
        lines.push('| Image | URL |', '|---|---|');
        for (const url of shown) {
            const src = imageUrl({ imageHost, originUrl: url, segments: { w: THUMBNAIL_WIDTH } });
            lines.push(`| <img src="${htmlAttribute(src)}" width="${THUMBNAIL_WIDTH}" alt=""> | ${markdownRef(url)} |`);
        }
        if (more !== undefined)
            lines.push(`| | … ${more} |`);
    }
    if (hashes.length > 0) {
        const { shown, more } = firstOf(hashes, MAX_THUMBNAILS);
        lines.push('', 'By asset hash, with no URL to show:', '', ...shown.map((hash) => `- ${markdownRef(hash)}`));
        if (more !== undefined)
            lines.push(`- … ${more}`);
    }
    return lines;
}
function callTable(calls) {
    if (calls.length === 0)
        return [];
    if (calls.length > MAX_CALL_ROWS)
        return groupedCallTable(calls);
    return [
        '### Calls',
        '',
        '| # | Route | Target | Outcome | Attempts | Statuses | Time |',
        '|---|---|---|---|---|---|---|',
        ...calls.map((call) => `| ${call.index} | ${call.call.route} | ${target(call.call)} | ${call.outcome} | ${call.attempts.length} | ${statuses(call)} | ${seconds(call)} |`),
    ];
}
/** One row per route and outcome, in the order they first occur. */
function groupedCallTable(calls) {
    const groups = new Map();
    for (const { call, outcome, attempts } of calls) {
        const key = `${call.route}\0${outcome}`;
        const group = groups.get(key) ?? { route: call.route, outcome, calls: 0, assets: 0, attempts: 0 };
        group.calls++;
        group.assets += assetsIn(call).length;
        group.attempts += attempts.length;
        groups.set(key, group);
    }
    return [
        '### Calls',
        '',
        '| Route | Outcome | Calls | Assets | Attempts |',
        '|---|---|---|---|---|',
        ...[...groups.values()].map((group) => `| ${group.route} | ${group.outcome} | ${group.calls} | ${group.assets} | ${group.attempts} |`),
    ];
}
/** What a call asks for: `100 assets`, `every image of www.example.com`. */
function target(call) {
    return markdownText(callWords(call).subject);
}
/** Each attempt by its status, or by what failed when there was none: `503, ECONNRESET, 200`. */
function statuses(call) {
    return call.attempts.map((attempt) => attempt.status ?? attempt.code ?? attempt.kind ?? '?').join(', ');
}
function seconds(call) {
    const ms = call.attempts.reduce((sum, attempt) => sum + attempt.durationMs + (attempt.waitMs ?? 0), 0);
    return `${(ms / 1000).toFixed(2)} s`;
}
function tokenLine(report) {
    if (!tokenPlanned(report.plan))
        return undefined;
    if (report.dryRun)
        return '**Token:** would be requested.';
    const token = report.result?.token;
    if (token !== undefined) {
        return `**Token:** ${markdownText(token)} (cache buster: cb:${markdownText(token)})`;
    }
    const call = tokenCall(report);
    return call === undefined ? '**Token:** not requested.' : `**Token:** none (${describeCall(call)} failed).`;
}

;// CONCATENATED MODULE: ./src/action-contract.ts
// Generated from action.yml by scripts/generate.ts (npm run generate): do not edit.
// The command reads its defaults and --help from here; the action gets them from the runner.
const ACTION_INPUTS = {
    'api-key': {
        description: "The account's Root API key (Sub keys cannot invalidate). Pass it from a secret, e.g. `secrets.IMAGE_API_KEY`. Needed for every run but a dry run, which sends nothing: a preview runs where secrets are not given, such as pull requests from forks.",
        required: false,
        default: '',
    },
    'base-url': {
        description: "The service's dashboard host alone, e.g. `https://dashboard.example.com`: the action adds `/api/<service-key>/v2/cache`. Must be https; plain http is allowed only for loopback hosts, for local testing.",
        required: true,
        default: '',
    },
    'service-key': {
        description: "The service's short name, the path segment in `/api/<service-key>/v2/cache`.",
        required: true,
        default: '',
    },
    scope: {
        description: 'What to invalidate: `assets` (the images in `assets`), `domain` (every image of `domain`), `all` (every image of the account), or `none` (no invalidation, to request a `token` alone).',
        required: false,
        default: 'assets',
    },
    domain: {
        description: "With scope `domain`, the domain whose images to invalidate, e.g. `www.example.com` (a URL of the domain's root is reduced to its host; one with a path or a port is refused, since the whole domain would be cleared: use `assets` or `url-map` for some of its images).",
        required: false,
        default: '',
    },
    assets: {
        description: 'With scope `assets`, the images to invalidate, as full image URLs or 32-character asset hashes, separated by newlines, commas or whitespace, or as a JSON array of strings; without quotes around each. Sent at most 100 per call.',
        required: false,
        default: '',
    },
    'assets-from': {
        description: 'Path of a file, relative to the workspace, holding the `assets` list: one per line, NUL-separated, or a JSON array. For lists too long for an input: each input reaches the action as one environment variable, which Linux refuses over 128 KiB and Windows over 32,767 characters.',
        required: false,
        default: '',
    },
    files: {
        description: 'Repository paths of changed files to invalidate as image URLs (through `url-map`), one per line or a JSON array. A backslash is read as a folder separator, as tools on Windows print paths: `public\\images\\a.png` is `public/images/a.png`. When both `files` and `assets` are empty and `url-map` is set, the files that the triggering push, pull request or merge group changed are detected instead.',
        required: false,
        default: '',
    },
    'files-from': {
        description: 'Path of a file, relative to the workspace, holding the `files` list: one path per line, NUL-separated (as `git diff --name-only -z` writes it), or a JSON array (as changed-files actions write it). For lists too long for an input (128 KiB on Linux, 32,767 characters on Windows).',
        required: false,
        default: '',
    },
    paths: {
        description: 'Glob patterns selecting which changed files are images, one per line, `!` to exclude; matched without regard to case.',
        required: false,
        default: '**/*.{apng,avif,bmp,gif,heic,heif,ico,jfif,jpeg,jpg,jxl,pjp,pjpeg,png,svg,tif,tiff,webp}',
    },
    'url-map': {
        description: 'Rules mapping repository paths to public image URLs, one per line: `<path prefix> => <URL prefix>`, e.g. `public/images => https://www.example.com/images`. The longest matching prefix wins; a selected file no rule maps is skipped with a warning.',
        required: false,
        default: '',
    },
    since: {
        description: "A commit, tag or branch to compare with instead of the event's base when detecting changed files; needed for events that name no commits (workflow_dispatch, schedule, release…).",
        required: false,
        default: '',
    },
    'github-token': {
        description: 'Token for the GitHub API, used to list changed files only when git cannot (no checkout of the repository).',
        required: false,
        default: '${{ github.token }}',
    },
    token: {
        description: 'Request a fresh cache token and output it as `token` and `cache-buster`.',
        required: false,
        default: 'false',
    },
    'image-host': {
        description: "The account's image delivery host, e.g. `img.example.net`. The job summary shows thumbnails of the invalidated images through it (`https://<image-host>/w:160/<origin image URL>`); with `token: true`, the `image-url-prefix` output is `https://<image-host>/cb:<token>`; `rewrite` sets the cache busters of its URLs.",
        required: false,
        default: '',
    },
    rewrite: {
        description: 'Glob patterns of files in the workspace (built HTML, CSS, JSON, JS), one per line, `!` to exclude, in which every URL on `image-host` gets its `cb:` segment set to the new token (added where it has none). Needs `token: true` and `image-host`.',
        required: false,
        default: '',
    },
    'rewrite-with': {
        description: "What `rewrite` sets the `cb:` segment to: `token`, the new token, in every URL on `image-host` (needs `token: true`); or `content`, only in the URLs of the images this run invalidates, a value derived from each image's bytes (the first 12 hex characters of the SHA-256 of the workspace file that `url-map` mapped to it), so that every other URL stays as it was and no token is needed.",
        required: false,
        default: 'token',
    },
    'dry-run': {
        description: 'Validate and plan everything, send nothing, and list every call and asset that would have been sent (in the log, the job summary and the report). Needs no `api-key`: a preview can run where secrets are not available, such as pull requests from forks.',
        required: false,
        default: 'false',
    },
    concurrency: {
        description: 'Invalidation calls in flight at once, 1 to 32.',
        required: false,
        default: '4',
    },
    'max-retries': {
        description: 'Retries of a call after a network failure, a timeout or a 408, 429, 500, 502, 503 or 504 answer, 0 to 10.',
        required: false,
        default: '5',
    },
    'timeout-seconds': {
        description: 'Time allowed for one request, in seconds (0.1 to 600).',
        required: false,
        default: '30',
    },
};
// Every run, failed or not, sets each of them.
const ACTION_OUTPUTS = (/* unused pure expression or super */ null && ([
    'token',
    'cache-buster',
    'image-url-prefix',
    'invalidated',
    'invalidated-count',
    'invalidated-file',
    'failed',
    'failed-count',
    'failed-file',
    'requests',
    'report-path',
]));

;// CONCATENATED MODULE: ./src/changes/files-input.ts


/** `files`: repository paths one per line, or a JSON array of them (as changed-files actions print with JSON on). */
function parseFileList(text, source = 'files') {
    const trimmed = text.trim();
    if (trimmed.startsWith('[')) {
        const list = parseJsonList(trimmed);
        if ('problem' in list)
            return throwInput(`${source}: ${list.problem}; give one path per line, or a JSON array of paths.`);
        // Taken whole: in a JSON string, a space at either end is part of the name.
        return unique(list.entries.map(normalise));
    }
    return unique(text.split(/\r?\n/).map((line) => normalise(line.trim())));
}
/**
 * A repository path as git prints it: '/' between folders, no leading './' or '/'. Tools on Windows print
 * `public\images\a.png`, so a backslash is read as a separator (a name holding a backslash cannot be given).
 */
function normalise(path) {
    return path.replaceAll('\\', '/').replace(/^(\.\/|\/)+/, '');
}
function unique(paths) {
    return [...new Set(paths.filter((path) => path !== ''))];
}

;// CONCATENATED MODULE: ./src/settings.ts








const INPUT_NAMES = Object.keys(ACTION_INPUTS);
const SCOPES = ['assets', 'domain', 'all', 'none'];
const REWRITE_WITH = ['token', 'content'];
/** Turns the raw inputs into Settings, or throws one InputError that lists every problem found. */
function parseSettings(raw) {
    const problems = [];
    // Each parser throws InputError; collect them all so that one run shows every mistake at once. The
    // fallback is never returned to a caller: any problem ends in the throw below.
    const check = (parse, fallback) => {
        try {
            return parse();
        }
        catch (error) {
            if (!(error instanceof inputs_InputError))
                throw error;
            problems.push(error.message);
            return fallback;
        }
    };
    const scope = check(() => parseChoice('scope', raw.scope, SCOPES), undefined);
    const token = check(() => parseBoolean('token', raw.token), false);
    const rewriteWith = check(() => parseChoice('rewrite-with', raw['rewrite-with'], REWRITE_WITH), 'token');
    const dryRun = check(() => parseBoolean('dry-run', raw['dry-run']), false);
    const settings = {
        // A dry run sends nothing, so it needs no key: a preview runs where secrets are not given (forks, Dependabot).
        apiKey: dryRun && raw['api-key'].trim() === '' ? '' : check(() => parseApiKey(raw['api-key']), ''),
        githubToken: raw['github-token'].trim(),
        endpoint: check(() => parseEndpoint(raw['base-url'], raw['service-key']), new URL('https://invalid')),
        target: scope === undefined ? NO_TARGET : check(() => parseTarget(scope, raw, token), NO_TARGET),
        token,
        dryRun,
        concurrency: check(() => parseWholeNumber('concurrency', raw.concurrency, 1, 32), 1),
        maxRetries: check(() => parseWholeNumber('max-retries', raw['max-retries'], 0, 10), 0),
        timeoutMs: check(() => parseSeconds('timeout-seconds', raw['timeout-seconds'], 0.1, 600), 0) * 1000,
        ...check(() => parseRewrite(raw, token, rewriteWith), { rewrite: [], rewriteWith }),
    };
    if (rewriteWith === 'content' &&
        (settings.target.scope !== 'assets' || settings.target.changes === undefined)) {
        problems.push('rewrite-with: content gives each changed image a value from its file, so it needs the changed files: set ' +
            `url-map (e.g. url-map: ${URL_MAP_EXAMPLE}), with scope assets.`);
    }
    if (scope !== undefined)
        problems.push(...unusedInputs(scope, raw));
    if (problems.length > 0)
        throw new inputs_InputError(problems.join('\n'));
    return settings;
}
const NO_TARGET = { scope: 'none' };
/**
 * Changed-files actions print their list space-separated by default; taken as one path, it would become one wrong
 * URL. A single line whose space-separated parts are each an image is taken for such a list, and refused.
 */
function refuseSpaceSeparated(text, patterns) {
    const line = text.trim();
    if (line.startsWith('[') || line.includes('\n'))
        return;
    const parts = line.split(/\s+/);
    if (parts.length > 1 && selectPaths(parts, patterns).length === parts.length) {
        throwInput(`files: ${quote(line)} looks like several paths separated by spaces; give one path per line, or a JSON ` +
            'array (a changed-files action can print one, e.g. with its JSON output).');
    }
}
/** Glob patterns, one per line; a '!' must stand before a pattern. */
function parsePatternInput(name, text) {
    const patterns = parsePatterns(text);
    if (patterns.some((pattern) => pattern.replace(/^!+/, '') === '')) {
        throwInput(`${name}: a line holds '!' alone; write it before the pattern to exclude, e.g. !**/*.svg`);
    }
    // In a glob, '\' escapes the next character: `public\images\*.png` would match nothing, silently.
    const windows = patterns.find((pattern) => /\\[\w.-]/.test(pattern));
    if (windows !== undefined) {
        throwInput(`${name}: ${quote(windows)} separates folders with '\\', which a pattern reads as an escape; write '/', ` +
            `e.g. ${quote(windows.replaceAll('\\', '/'))}.`);
    }
    return patterns;
}
/**
 * What `rewrite` writes: with `rewrite-with: token`, the new token (so it needs token: true); with `content`, the
 * changed images' own values. `image-host` also serves the summary's thumbnails, so it may stand alone.
 */
function parseRewrite(raw, token, rewriteWith) {
    const host = raw['image-host'].trim();
    const rewrite = parsePatternInput('rewrite', raw.rewrite);
    if (rewriteWith === 'token' && !token && rewrite.length > 0) {
        throwInput('rewrite: sets the new token in image URLs, so it needs token: true. (With rewrite-with: content, rewrite ' +
            'needs no token.)');
    }
    if (rewriteWith === 'content' && rewrite.length === 0) {
        throwInput('rewrite-with: content sets cache busters in the files of rewrite, which is empty; e.g. rewrite: build/**/*.html');
    }
    if (rewrite.length > 0 && host === '') {
        throwInput('rewrite: needs image-host, the host whose image URLs get a new cache buster (e.g. image-host: img.example.net).');
    }
    if (host === '')
        return { rewrite, rewriteWith };
    try {
        return { imageHost: imageHostOf(host), rewrite, rewriteWith };
    }
    catch {
        return throwInput(`image-host: ${quote(host)} is not a host name; give the image delivery host, e.g. img.example.net.`);
    }
}
/** Which of `domain` and `assets` the scope needs. */
function parseTarget(scope, raw, token) {
    switch (scope) {
        case 'assets': {
            const { refs: assets, merged } = parseAssets(raw.assets);
            const changes = parseChanges(raw, assets.length > 0);
            return {
                scope,
                assets,
                ...(merged > 0 ? { merged } : {}),
                ...(changes === undefined ? {} : { changes }),
            };
        }
        case 'domain':
            return { scope, domain: parseDomain(raw.domain) };
        case 'all':
            return { scope };
        case 'none':
            if (!token)
                throwInput("scope: 'none' invalidates nothing, so it is only useful with token: true.");
            return { scope };
    }
}
/** An input that the scope does not use is a mistake to point out, not a value to ignore. */
function unusedInputs(scope, raw) {
    const usedBy = {
        domain: 'domain',
        assets: 'assets',
        'assets-from': 'assets',
        files: 'assets',
        'files-from': 'assets',
        'url-map': 'assets',
        since: 'assets',
    };
    return Object.entries(usedBy)
        .filter(([name, user]) => user !== scope && raw[name].trim() !== '')
        .map(([name, user]) => `${name}: is set, but scope '${scope}' does not use it; it is used only with scope '${user}'.`);
}
/** Whether files are given, detected, or neither; and the rules to select and map them. */
function parseChanges(raw, hasAssets) {
    // A list read from files-from is named by the input and the file it came from.
    const from = raw['files-from'].trim();
    const files = raw.files.trim() === ''
        ? undefined
        : parseFileList(raw.files, from === '' ? 'files' : `files-from ${quote(from)}`);
    const urlMap = parseUrlMap(raw['url-map']);
    const since = raw.since.trim() === '' ? undefined : parseSince(raw.since);
    if (files === undefined && (hasAssets || urlMap.length === 0)) {
        // No detection: it happens only when neither assets nor files are given, and needs url-map.
        if (since !== undefined) {
            throwInput(hasAssets
                ? 'since: is set, but changed files are detected only when assets and files are both empty.'
                : `since: is set, but detecting changed files also needs url-map, e.g. url-map: ${URL_MAP_EXAMPLE}`);
        }
        if (urlMap.length > 0) {
            throwInput('url-map: is set, but changed files are detected only when assets and files are both empty.');
        }
        if (!hasAssets)
            throwInput(NOTHING_GIVEN);
        return undefined;
    }
    if (urlMap.length === 0) {
        throwInput(`files: needs url-map to turn repository paths into image URLs; write one rule per line, ` +
            `<path prefix> => <URL prefix>, e.g. url-map: ${URL_MAP_EXAMPLE}`);
    }
    if (files !== undefined && since !== undefined) {
        throwInput('since: is set, but files already lists the changed paths; set one or the other.');
    }
    const patterns = parsePatternInput('paths', raw.paths);
    if (files !== undefined)
        refuseSpaceSeparated(raw.files, patterns);
    if (!patterns.some((pattern) => !pattern.startsWith('!'))) {
        throwInput(`paths: ${quote(raw.paths)} selects nothing; give at least one pattern, e.g. **/*.png`);
    }
    return {
        ...(files === undefined ? {} : { files }),
        ...(since === undefined ? {} : { since }),
        patterns,
        urlMap,
    };
}
/** Scope `assets` with nothing to go on: a step that would end green having done nothing. */
const NOTHING_GIVEN = "assets: scope 'assets' needs to know what to invalidate, but assets, assets-from, files, files-from and " +
    'url-map are all empty. Give one of:\n' +
    '  - assets: the image URLs or asset hashes, one per line (or assets-from: a file in the workspace that lists them);\n' +
    `  - url-map: where images are served from, e.g. url-map: ${URL_MAP_EXAMPLE}, to invalidate the images that the ` +
    'triggering push or pull request changed;\n' +
    '  - files: the changed repository paths (or files-from: a file that lists them), with url-map.\n' +
    'To invalidate every image of a domain or of the account, set scope: domain or scope: all; for a token alone, ' +
    'scope: none with token: true.';
function parseAssets(text) {
    const { refs, invalid, merged } = parseAssetList(text);
    if (invalid.length === 0)
        return { refs, merged };
    const shown = invalid.slice(0, 20).map((entry) => `  - ${quote(entry.value)}: ${entry.reason}`);
    if (invalid.length > 20)
        shown.push(`  ... and ${invalid.length - 20} more`);
    const count = invalid.length === 1 ? '1 entry is' : `${invalid.length} entries are`;
    return throwInput(`assets: ${count} neither an absolute http(s) URL nor a 32-character asset hash:\n${shown.join('\n')}`);
}

;// CONCATENATED MODULE: ./src/main.ts

















/** The action: inputs -> settings -> plan -> execute -> report. Fails the step for anything thrown. */
async function run() {
    const startedAt = new Date();
    const keys = registerSecrets([core/* getInput */.V4('api-key'), core/* getInput */.V4('github-token')]);
    // Everything the service sends is redacted as it comes in (the client), in its decoded forms too; the report,
    // built of such strings and of the inputs, is then cleaned of the key's known forms once more.
    const redact = makeRedactor(keys);
    const bulk = makeFormsRedactor(keys);
    // Every line through shown.ts, and no more annotations of a kind than the runner shows for a step.
    const log = withinAnnotationLimit(shownLog(runnerLog(), redact, bulk));
    try {
        await invalidate(redact, bulk, log);
    }
    catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (!(error instanceof inputs_InputError))
            log.debug(String(error instanceof Error ? error.stack : error));
        await publish({ error: redact(message), startedAt }, bulk).catch(() => undefined);
        fail(log, message);
    }
    finally {
        log.close();
    }
}
/** Fails the step with an error annotation, within the limit (core.setFailed would add one past it). */
function fail(log, message) {
    process.exitCode = 1;
    log.error(message);
}
/** First of all: the runner masks the keys, and every form of them, in everything it shows. */
function registerSecrets(rawKeys) {
    const keys = secretValues(rawKeys);
    for (const key of keys)
        for (const form of secretForms(key))
            core/* setSecret */.Pq(form);
    return keys;
}
async function invalidate(redact, bulk, log) {
    for (const warning of undeclaredInputs(process.env))
        log.warning(warning);
    const inputs = Object.fromEntries(INPUT_NAMES.map((name) => [name, core/* getInput */.V4(name)]));
    const workspace = process.env.GITHUB_WORKSPACE || process.cwd();
    const raw = withListFiles(inputs, (path) => (0,external_node_fs_.readFileSync)((0,external_node_path_.resolve)(workspace, path), 'utf8'));
    // Read once; gone from the environment, so that no process started later (git, its helpers) inherits them.
    delete process.env['INPUT_API-KEY'];
    delete process.env['INPUT_GITHUB-TOKEN'];
    const settings = parseSettings(raw);
    const report = await runFlow(settings, {
        log,
        redact,
        ci: () => githubCi(githubContextFromEnv(settings.githubToken)),
        // The command prints the same list as its result; the action's log is where a dry run shows it.
        onPlan: (plan) => {
            if (settings.dryRun)
                listCalls(log, plan);
        },
    });
    await publish(report, bulk, log);
    const failures = failuresOf(report);
    for (const failure of failures)
        log.error(failure);
    if (failures.length > 0) {
        fail(log, `${plural(failures.length, 'failure')}; the job summary and the report list each one.`);
    }
}
/**
 * A `with:` key that action.yml does not declare (`url_map` for `url-map`) still reaches the action, as
 * INPUT_URL_MAP; the runner only warns. Named here with the input it most likely meant.
 */
function undeclaredInputs(env) {
    const bare = (name) => name.toLowerCase().replace(/[-_ ]/g, '');
    const declared = new Set(INPUT_NAMES.map((name) => `INPUT_${name.replace(/ /g, '_').toUpperCase()}`));
    return Object.keys(env)
        .filter((key) => key.startsWith('INPUT_') && !declared.has(key))
        .map((key) => {
        const name = key.slice('INPUT_'.length).toLowerCase();
        const meant = INPUT_NAMES.find((input) => bare(input) === bare(name));
        return (`${name}: is not an input of this action, so it is ignored` +
            (meant === undefined ? '; the README lists the inputs.' : `; did you mean ${meant}?`));
    });
}
/** Outputs, job summary, JSON report and list files: written on every run, failed or not, planned or not. */
async function publish(run, redact, log) {
    // Redacted before it is escaped or encoded, where every form of the key is still plain; and once more after.
    const shown = redactStrings(run, redact);
    const report = 'plan' in shown ? shown : undefined;
    const base = (0,external_node_path_.join)(process.env.RUNNER_TEMP || (0,external_node_os_.tmpdir)(), `image-cache-invalidate-${(0,external_node_crypto_.randomUUID)()}`);
    const files = {
        report: `${base}.json`,
        invalidated: `${base}-invalidated.json`,
        failed: `${base}-failed.json`,
    };
    const text = 'plan' in shown
        ? reportJsonText(shown, redact)
        : [redact(`${JSON.stringify(failureJson(shown), null, 2)}\n`)];
    await writePieces(files.report, text);
    const lists = assetLists(report);
    await writeJsonArray(files.invalidated, lists.invalidated, redact);
    await writeJsonArray(files.failed, lists.failed, redact);
    for (const [name, value] of Object.entries(outputsOf(report, files))) {
        core/* setOutput */.uH(name, redact(value));
        if (value.startsWith(LIST_CUT))
            log?.warning(`${name}: ${value.slice(LIST_CUT.length).trim()}.`);
    }
    if (process.env.GITHUB_STEP_SUMMARY) {
        const markdown = 'plan' in shown ? summaryMarkdown(shown) : failureMarkdown(shown);
        await core/* summary */.z.addRaw(redact(markdown)).write();
    }
}
/** A JSON array, written in pieces: a million references never become one string. */
function writeJsonArray(path, items, redact) {
    return writePieces(path, jsonArrayPieces(items, redact));
}
function* jsonArrayPieces(items, redact) {
    yield '[';
    for (let start = 0; start < items.length; start += 10_000) {
        const piece = items.slice(start, start + 10_000).map((item) => JSON.stringify(item));
        yield redact(`${start === 0 ? '' : ','}${piece.join(',')}`);
    }
    yield ']\n';
}
/** A file only this user can read (it lists the run's assets), written a piece at a time. */
async function writePieces(path, pieces) {
    const file = await (0,promises_.open)(path, 'w', 0o600);
    try {
        for (const piece of pieces)
            await file.write(piece);
    }
    finally {
        await file.close();
    }
}


/***/ })

};
