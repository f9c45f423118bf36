export const id = 697;
export const ids = [697];
export const modules = {

/***/ 2337:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Pt: () => (/* binding */ withoutNeedsBase),
/* harmony export */   f7: () => (/* binding */ PARENT),
/* harmony export */   gy: () => (/* binding */ ZERO_SHA),
/* harmony export */   h0: () => (/* binding */ short),
/* harmony export */   o: () => (/* binding */ sinceRange),
/* harmony export */   zo: () => (/* binding */ isDeletion)
/* harmony export */ });
const PARENT = Symbol('parent of head');
/** The all-zeros SHA that CIs write for "no such commit": a new branch's before, a deleted branch's after. */
const ZERO_SHA = /^0+$/;
/** A push that deleted a branch names an all-zero head: nothing to compare, nothing changed. */
function isDeletion(range) {
    return ZERO_SHA.test(range.head);
}
/** `since` in place of the event's base, compared with the head the pipeline runs on. */
function sinceRange(since, head) {
    return { base: since, head, origin: `since ${since}` };
}
/** The range with its base settled: the head's parent (or the event's base), once nothing better is known. */
function withoutNeedsBase(range) {
    const settled = { ...range };
    delete settled.needsBase;
    return settled;
}
/** A commit's name as people write it: a full SHA cut to seven characters, any other name (a tag, `HEAD~1`) as it is. */
function short(sha) {
    return /^[0-9a-f]{40,64}$/.test(sha) ? sha.slice(0, 7) : sha;
}


/***/ }),

/***/ 3697:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Ou: () => (/* binding */ apiChangedFiles),
  Xs: () => (/* binding */ boundedOctokit)
});

// UNUSED EXPORTS: MAX_API_ANSWER_BYTES, MAX_API_PAGES, TokenKept

// EXTERNAL MODULE: ./src/shown/format.ts
var format = __webpack_require__(5462);
// EXTERNAL MODULE: ./src/domain/range.ts
var domain_range = __webpack_require__(2337);
;// CONCATENATED MODULE: ./src/github/client.ts
let loading;
function loadGithub() {
    loading ??= withoutEventPath(() => __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413)));
    return loading;
}
/** Only this module loads the library, once: no other load can see the variable missing or put it back early. */
async function withoutEventPath(load) {
    const path = process.env.GITHUB_EVENT_PATH;
    delete process.env.GITHUB_EVENT_PATH;
    try {
        return await load();
    }
    finally {
        if (path !== undefined)
            process.env.GITHUB_EVENT_PATH = path;
    }
}

// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(8500);
// EXTERNAL MODULE: ./src/domain/policy.ts
var policy = __webpack_require__(4596);
// EXTERNAL MODULE: ./src/mechanics/causes.ts
var causes = __webpack_require__(8087);
// EXTERNAL MODULE: ./src/shown/shown.ts
var shown = __webpack_require__(2392);
// EXTERNAL MODULE: ./src/mechanics/exhaustive.ts
var exhaustive = __webpack_require__(9067);
// EXTERNAL MODULE: ./src/github/request-failed.ts + 1 modules
var request_failed = __webpack_require__(3294);
;// CONCATENATED MODULE: ./src/github/api.ts









// The REST API lists at most 3,000 files of a pull request or a commit, and 300 of a comparison.
const PULL_FILES_CAP = 3_000;
const COMMIT_FILES_CAP = 3_000;
const COMPARE_FILES_CAP = 300;
const PER_PAGE = 100;
/** Pages asked for at most: those that hold the files the API lists. A `next` link past them is not followed. */
const MAX_API_PAGES = PULL_FILES_CAP / PER_PAGE;
/** Bytes of one API answer read at most: 100 files with their patches are far less; more is refused, not read on. */
const MAX_API_ANSWER_BYTES = 32 * 1024 * 1024;
/**
 * The changed paths from the GitHub REST API, for when git cannot tell (no checkout, no remote). A rename counts
 * as its old path and its new path, as with git.
 */
async function apiChangedFiles(range, context) {
    const limits = context.limits ?? { timeoutMs: DEFAULT_TIMEOUT_MS };
    try {
        return await askApi(range, context, limits);
    }
    catch (error) {
        if (limits.signal?.aborted === true)
            throw new Error('the run was cancelled while the GitHub API was asked for the changed files', {
                cause: error,
            });
        if (!(error instanceof request_failed/* GithubRequestFailed */.ep) && (0,causes/* isTimeout */.k)(error))
            throw new Error(`the GitHub API did not answer within ${limits.timeoutMs / 1000} s (timeout-seconds) at ${context.apiUrl}`, { cause: error });
        throw error;
    }
}
/** timeout-seconds' default, for a context made without limits (the library's callers). */
const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * @actions/github's client (its fetch goes through the runner's proxy, https_proxy, as the rest of the action), each
 * request ended at the limits' timeout or the run's cancel, and each answer read up to `maxBytes`.
 */
async function boundedOctokit(api, limits, maxBytes = MAX_API_ANSWER_BYTES) {
    const { getOctokit } = await loadGithub();
    const octokit = getOctokit(api.token, { baseUrl: api.apiUrl });
    // A wrap hook's method is bound to the options it was given: they are changed in place, not passed on.
    octokit.hook.wrap('request', async (request, options) => {
        const fetch = options.request.fetch ?? globalThis.fetch;
        options.request = {
            ...options.request,
            fetch: boundedFetch(apiOnly(fetch, api.apiUrl), limits, maxBytes),
        };
        const started = Date.now();
        for (let retries = 0;; retries++) {
            try {
                return await request(options);
            }
            catch (error) {
                // A cancel, or a request past its time, is said as such by the caller: never sent again.
                if (limits.signal?.aborted === true || (!answered(error) && (0,causes/* isTimeout */.k)(error)))
                    throw error;
                const kept = (0,causes/* causes */.p)(error).find((cause) => cause instanceof TokenKept);
                if (kept !== undefined)
                    throw kept;
                const failed = (0,request_failed/* requestFailed */.dz)(error, retries + 1);
                const wait = retryWait(failed, retries, started, limits.maxRetries ?? 0);
                if (wait === undefined)
                    throw failed;
                await (0,promises_.setTimeout)(wait, undefined, { signal: limits.signal });
            }
        }
    });
    return octokit;
}
async function askApi(range, context, limits) {
    const octokit = await boundedOctokit(context, limits);
    const [owner = '', repo = ''] = context.repository.split('/');
    if (range.pullNumber !== undefined && range.origin.startsWith('pull_request')) {
        const entries = [];
        let pages = 0;
        for await (const { data } of octokit.paginate.iterator(octokit.rest.pulls.listFiles, {
            owner,
            repo,
            pull_number: range.pullNumber,
            per_page: PER_PAGE,
        })) {
            entries.push(...data);
            if (++pages >= MAX_API_PAGES || entries.length >= PULL_FILES_CAP)
                break;
        }
        return changes(entries, PULL_FILES_CAP, `the GitHub API (files of pull request #${range.pullNumber})`);
    }
    if (range.base === domain_range/* PARENT */.f7) {
        const entries = [];
        let parent;
        for (let page = 1; entries.length < COMMIT_FILES_CAP && page <= MAX_API_PAGES; page++) {
            const { data } = await octokit.rest.repos.getCommit({
                owner,
                repo,
                ref: range.head,
                per_page: PER_PAGE,
                page,
            });
            entries.push(...(data.files ?? []));
            // A server that names no parents (an older GitHub Enterprise Server) leaves the base to git's words.
            parent ??= data.parents?.[0]?.sha;
            if ((data.files ?? []).length < PER_PAGE)
                break;
        }
        const found = changes(entries, COMMIT_FILES_CAP, `the GitHub API (files of commit ${(0,domain_range/* short */.h0)(range.head)})`);
        return parent === undefined ? found : { ...found, base: parent };
    }
    const compare = (base, head) => octokit.rest.repos.compareCommitsWithBasehead({
        owner,
        repo,
        basehead: `${base}...${head}`,
        per_page: 1, // the files come with the first page, whatever its size
    });
    const { data } = await compare(range.base, range.head);
    const description = `the GitHub API (comparison ${(0,domain_range/* short */.h0)(range.base)}...${(0,domain_range/* short */.h0)(range.head)})`;
    // GitHub compares from the merge base: after a rollback (the head behind the base) or a force-push (the two
    // diverged), what the base changed since then differs too, and is read the other way round.
    if (data.status !== 'behind' && data.status !== 'diverged')
        return changes(data.files ?? [], COMPARE_FILES_CAP, description);
    const back = await compare(range.head, range.base);
    const reversed = (back.data.files ?? []).map(reverse);
    return changes([...reversed, ...(data.files ?? [])], COMPARE_FILES_CAP, description);
}
/** A file of a comparison read the other way round: what the base added is gone from the head, and so on. */
function reverse(entry) {
    switch (entry.status) {
        case 'added':
        case 'copied':
            return { filename: entry.filename, status: 'removed' };
        case 'removed':
            return { filename: entry.filename, status: 'added' };
        case 'renamed':
            return entry.previous_filename === undefined
                ? { filename: entry.filename, status: 'removed' }
                : { filename: entry.previous_filename, previous_filename: entry.filename, status: 'renamed' };
        default:
            return { filename: entry.filename, status: entry.status ?? 'modified' };
    }
}
function changes(entries, cap, description) {
    const files = new Map();
    for (const entry of entries) {
        const from = entry.previous_filename;
        if (from !== undefined)
            files.set(from, { status: 'renamed', to: entry.filename });
        files.set(entry.filename, from !== undefined && entry.status === 'renamed'
            ? { status: 'renamed', from }
            : apiStatus(entry.status));
    }
    return {
        files: [...files.keys()],
        changes: [...files.values()],
        description,
        ...(entries.length >= cap
            ? {
                truncated: `the GitHub API lists at most ${(0,format/* count */.U9)(cap)} files here, so some may be missing`,
            }
            : {}),
    };
}
function apiStatus(status) {
    switch (status) {
        case 'added':
        case 'copied':
            return { status: 'added' };
        case 'removed':
            return { status: 'deleted' };
        default: // modified, changed, unchanged
            return { status: 'modified' };
    }
}
/**
 * The API's fetch, each request ended at timeout-seconds or the run's cancel, its answer read up to `maxBytes`
 * (error answers too): a server that never answers, or never stops, ends the ask.
 */
function boundedFetch(fetch, limits, maxBytes) {
    return async (url, init) => {
        const ends = [
            AbortSignal.timeout(limits.timeoutMs),
            ...(limits.signal === undefined ? [] : [limits.signal]),
        ];
        const signal = AbortSignal.any(init?.signal == null ? ends : [init.signal, ...ends]);
        const answer = await fetch(url, { ...init, signal });
        if (answer.body === null)
            return answer;
        const chunks = [];
        let read = 0;
        for await (const chunk of answer.body) {
            read += chunk.length;
            if (read > maxBytes) {
                await answer.body.cancel().catch(() => undefined);
                throw new Error(`the GitHub API answered more than ${maxBytes / 2 ** 20} MiB for one page`);
            }
            chunks.push(chunk);
        }
        return new Response(Buffer.concat(chunks), {
            status: answer.status,
            statusText: answer.statusText,
            headers: answer.headers,
        });
    };
}
/** A request the API named elsewhere than GITHUB_API_URL, not sent: the token goes nowhere else. */
class TokenKept extends Error {
    name = 'TokenKept';
}
/** Redirects followed at most, each on the API itself. */
const MAX_REDIRECTS = 5;
/**
 * The API's fetch, sending only to `apiUrl` (its origin, under its path): a `next` link that octokit's paginator
 * follows, or a redirect, that names another place is refused before anything is sent there, since the request
 * carries the token. Redirects of a read (GET, HEAD) on the API itself are followed here, at most MAX_REDIRECTS; a
 * write is never sent again to where a redirect points (fetch would turn it into a GET): its 3xx is its answer.
 */
function apiOnly(fetch, apiUrl) {
    const api = new URL(apiUrl);
    const prefix = api.pathname.endsWith('/') ? api.pathname : `${api.pathname}/`;
    const check = (url) => {
        if (url.origin === api.origin && (url.pathname === api.pathname || url.pathname.startsWith(prefix)))
            return;
        throw new TokenKept(`the GitHub API named ${(0,shown/* quote */.hD)(url.origin)} to ask next, which is not GITHUB_API_URL ` +
            `(${(0,shown/* quote */.hD)(api.origin)}): the token is sent only to GITHUB_API_URL, so it was not followed`);
    };
    return async (input, init) => {
        let url = new URL(input instanceof Request ? input.url : String(input));
        const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
        const follows = method === 'GET' || method === 'HEAD';
        for (let redirects = 0;; redirects++) {
            check(url);
            const answer = await fetch(url, { ...init, redirect: 'manual' });
            // 304 is an answer (to a conditional request); any other 3xx points elsewhere.
            if (answer.status < 300 || answer.status > 399 || answer.status === 304)
                return answer;
            const location = answer.headers.get('location');
            await answer.body?.cancel().catch(() => undefined);
            if (location !== null && follows && redirects < MAX_REDIRECTS) {
                url = new URL(location, url);
                continue;
            }
            // Passed on, octokit would read a redirect's body as the answer: a list of no changed files, a record written.
            throw new Error(`GitHub's API answered ${String(answer.status)} to ${method} ${(0,shown/* quote */.hD)(url.pathname)}, a redirect ` +
                (location === null
                    ? 'naming no place'
                    : follows
                        ? `past the ${String(MAX_REDIRECTS)} it follows`
                        : 'that a write does not follow (it would send the token and the body elsewhere)') +
                ', so nothing was read of it');
        }
    };
}
/** How long to wait before sending a failed request again, as the call policy decides; undefined: not again. */
function retryWait(failed, retries, startedMs, maxRetries) {
    const now = Date.now();
    const decision = (0,policy/* decide */.LD)(failed.facts, {
        retries,
        maxRetries,
        now,
        deadline: startedMs + policy/* DEFAULT_POLICY */.zj.retryWindowMs,
        random: Math.random(),
        assets: 0,
        bisectionCallsLeft: 0,
    });
    switch (decision.action) {
        case 'retry':
            return decision.waitMs;
        case 'pause':
            return decision.retry ? decision.waitMs : undefined;
        case 'split':
        case 'bisect':
        case 'stop':
        case 'give-up':
            return undefined;
        default:
            return (0,exhaustive/* unhandled */.g)(decision);
    }
}
function answered(error) {
    return (typeof error === 'object' && error !== null && error.response !== undefined);
}


/***/ }),

/***/ 3294:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  ep: () => (/* binding */ GithubRequestFailed),
  dz: () => (/* binding */ requestFailed)
});

// UNUSED EXPORTS: rateLimitWait

// EXTERNAL MODULE: ./src/domain/api-error.ts
var api_error = __webpack_require__(2803);
// EXTERNAL MODULE: ./src/mechanics/error-message.ts
var error_message = __webpack_require__(1411);
// EXTERNAL MODULE: ./src/mechanics/causes.ts
var causes = __webpack_require__(8087);
// EXTERNAL MODULE: ./src/mechanics/headers.ts
var mechanics_headers = __webpack_require__(8065);
// EXTERNAL MODULE: ./src/shown/shown.ts
var shown = __webpack_require__(2392);
;// CONCATENATED MODULE: ./src/shown/answer.ts
/**
 * What an API answered, as one short line a sentence of ours can quote: GitHub's `message` of a JSON error (without
 * its documentation link), a proxy's HTML page reduced to its title (a whole page in a log hides the sentence around
 * it), or plain text. A leaf, as the rest of shown/: the key and runner commands are handled where the line is shown.
 */

const MAX_ANSWER_LENGTH = 200;
// A page's title is near its top: the rest is not read.
const MAX_HTML_READ = 8 * 1024;
/** The answer's own words, quoted, and `(an HTML page)` when it was one; undefined when it said nothing. */
function answerShown(body, contentType = '') {
    const text = answerText(body, contentType);
    return text === undefined ? undefined : `${(0,shown/* quote */.hD)(text.words)}${text.page ? ' (an HTML page)' : ''}`;
}
function answerText(body, contentType) {
    if (typeof body === 'object' && body !== null) {
        const message = body.message;
        return typeof message === 'string' ? line(message, false) : undefined;
    }
    if (typeof body !== 'string')
        return undefined;
    const text = body.trim();
    if (/html/i.test(contentType) || /^<(?:!doctype|html|head|body)/i.test(text))
        return pageTitle(text);
    if (text.startsWith('{')) {
        try {
            return answerText(JSON.parse(text), '');
        }
        catch {
            // not JSON after all: its text
        }
    }
    return line(text, false);
}
/** The page's `<title>`, else its first heading, else that it was a page. */
function pageTitle(html) {
    const head = html.slice(0, MAX_HTML_READ);
    const found = /<title[^>]*>([^<]*)</i.exec(head)?.[1] ?? /<h1[^>]*>([^<]*)</i.exec(head)?.[1] ?? '';
    const words = found
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
    return line(words, true) ?? { words: 'untitled', page: true };
}
function line(text, page) {
    const words = text.replace(/[\s\u0085]+/g, ' ').trim();
    if (words === '')
        return undefined;
    return { words: words.length > MAX_ANSWER_LENGTH ? `${words.slice(0, MAX_ANSWER_LENGTH)}…` : words, page };
}

;// CONCATENATED MODULE: ./src/github/request-failed.ts
/**
 * A request to GitHub's REST API that failed, as facts a sentence can name: which request, what came back (the
 * status and GitHub's message, a proxy's page by its title), or which network error, and after how many attempts.
 * Whether a failure is tried again is the call policy's decision (src/domain/policy.ts), as for the service's calls.
 */





class GithubRequestFailed extends Error {
    name = 'GithubRequestFailed';
    /** `GET /repos/o/r/pulls/5/files`: the method and the path, without the host or the query. */
    request;
    /** The HTTP status; undefined when nothing came back (a reset, a refused connection). */
    status;
    /** GitHub's message, quoted and on one line; undefined when it said nothing. */
    answer;
    /** When GitHub refused for its rate limit: the seconds until it takes requests again, as it said. */
    rateLimitWaitS;
    /** The facts the call policy decides on. */
    facts;
    constructor(fields, cause) {
        const came = fields.status === undefined
            ? `got no answer (${fields.facts.code ?? fields.facts.message})`
            : `answered ${fields.status}${fields.answer === undefined ? '' : ` ${fields.answer}`}`;
        const tries = fields.attempts > 1 ? `, ${fields.attempts} times` : '';
        super(`${fields.request} ${came}${tries}`, { cause });
        this.request = fields.request;
        this.status = fields.status;
        this.answer = fields.answer;
        this.rateLimitWaitS = fields.rateLimitWaitS;
        this.facts = fields.facts;
    }
}
/** An error of @actions/github's client as the facts of a failed request, its `attempts` counted. */
function requestFailed(error, attempts, nowMs = Date.now()) {
    const failure = (typeof error === 'object' && error !== null ? error : {});
    const method = typeof failure.request?.method === 'string' ? failure.request.method : 'GET';
    const url = typeof failure.request?.url === 'string' ? failure.request.url : '';
    const request = `${method} ${pathOf(url)}`;
    const response = failure.response;
    if (response !== undefined && typeof failure.status === 'number') {
        const status = failure.status;
        const headers = response.headers ?? {};
        const answer = answerShown(response.data, (0,mechanics_headers/* header */.wx)(headers, 'content-type') ?? '');
        const retryAfter = (0,mechanics_headers/* header */.wx)(headers, 'retry-after');
        const facts = new api_error/* ApiError */.hD(`${request} answered ${status}`, {
            kind: 'http',
            status,
            serverMessage: answer,
            retryAfterMs: retryAfter !== undefined && /^\d{1,6}$/.test(retryAfter) ? Number(retryAfter) * 1000 : undefined,
        });
        const rateLimitWaitS = rateLimitWait(status, headers, nowMs);
        return new GithubRequestFailed({ request, status, answer, rateLimitWaitS, facts, attempts }, error);
    }
    const code = networkCode(error);
    const kind = code !== undefined || isFetchFailure(error) ? 'network' : 'unexpected';
    const facts = new api_error/* ApiError */.hD((0,error_message/* errorMessage */.g)(error), { kind, code });
    return new GithubRequestFailed({ request, status: undefined, answer: undefined, rateLimitWaitS: undefined, facts, attempts }, error);
}
/** A URL's path, the query left out (its page numbers say nothing to a reader): the request as GitHub routes it. */
function pathOf(url) {
    try {
        return decodeURI(new URL(url).pathname);
    }
    catch {
        return url.split('?')[0] ?? url;
    }
}
/** The system's code of a network failure (`ECONNRESET`, `UND_ERR_SOCKET`), wherever in the causes it is. */
function networkCode(error) {
    for (const cause of (0,causes/* causes */.p)(error)) {
        const code = cause.code;
        if (typeof code === 'string' && /^(?:E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code))
            return code;
    }
    return undefined;
}
/** fetch's own failure without a code (`fetch failed`, `other side closed`). */
function isFetchFailure(error) {
    return (0,causes/* causes */.p)(error).some((cause) => cause instanceof TypeError && /fetch failed|terminated|socket/i.test(cause.message));
}
/**
 * The wait a 403 or 429 asks for when it is GitHub's rate limit, not a permission: `retry-after` (seconds, or an
 * HTTP date), or the reset of a primary limit that is spent (`x-ratelimit-remaining: 0`). Undefined for any other
 * refusal.
 */
function rateLimitWait(status, headers, nowMs) {
    if (status !== 403 && status !== 429)
        return undefined;
    const trimmed = (name) => (0,mechanics_headers/* header */.wx)(headers, name)?.trim();
    const retryAfter = trimmed('retry-after');
    if (retryAfter !== undefined) {
        if (/^\d{1,12}$/.test(retryAfter))
            return Number(retryAfter);
        const at = Date.parse(retryAfter);
        if (!Number.isNaN(at))
            return Math.max(0, Math.ceil((at - nowMs) / 1000));
    }
    const reset = trimmed('x-ratelimit-reset');
    if (trimmed('x-ratelimit-remaining') !== '0' || reset === undefined || !/^\d{1,12}$/.test(reset))
        return undefined;
    return Math.max(0, Number(reset) - Math.floor(nowMs / 1000));
}


/***/ }),

/***/ 8087:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   k: () => (/* binding */ isTimeout),
/* harmony export */   p: () => (/* binding */ causes)
/* harmony export */ });
/**
 * `error` and what caused it, outermost first. What happened is often some way down: fetch says "fetch failed" over
 * the socket's error, octokit wraps fetch's error, undici's own errors carry their code. A chain that loops is walked
 * once round.
 */
function causes(error) {
    const chain = [];
    for (let cause = error; typeof cause === 'object' && cause !== null && !chain.includes(cause);) {
        chain.push(cause);
        cause = cause.cause;
    }
    return chain;
}
// undici's own bounds on the wait for an answer's headers and for each part of its body.
const UNDICI_TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
/**
 * A wait ended by its time bound, not by the network: a deadline (`AbortSignal.timeout`'s TimeoutError) or undici's
 * bound on the headers or the body. A connection that could not be made in time is a network error: its bound is the
 * connector's, which may be shorter than the one a message would name.
 */
function isTimeout(error) {
    return causes(error).some((cause) => {
        const { name, code } = cause;
        return name === 'TimeoutError' || UNDICI_TIMEOUTS.has(code);
    });
}


/***/ }),

/***/ 8065:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   JL: () => (/* binding */ mediaType),
/* harmony export */   Rj: () => (/* binding */ declaredLength),
/* harmony export */   UE: () => (/* binding */ headerValues),
/* harmony export */   wx: () => (/* binding */ header)
/* harmony export */ });
/** The first value of a header (its name in lower case), as text; absent when not sent as text. */
function header(headers, name) {
    return headerValues(headers, name)[0];
}
/** Every value of a header, in the order sent: a list header (Vary, Content-Encoding) may come in several lines. */
function headerValues(headers, name) {
    const value = headers[name];
    return [value].flat().filter((each) => typeof each === 'string');
}
/** Content-Length, when it is a length: a server may send anything there. */
function declaredLength(headers) {
    const declared = Number(header(headers, 'content-length'));
    return Number.isSafeInteger(declared) && declared >= 0 ? declared : undefined;
}
/** The media type of a Content-Type, in lower case and without its parameters: `text/html; charset=utf-8` is `text/html`. */
function mediaType(contentType) {
    return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}


/***/ })

};
