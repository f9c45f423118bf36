export const id = 446;
export const ids = [446];
export const modules = {

/***/ 2803:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $n: () => (/* binding */ KEY_REFUSED_HINT),
/* harmony export */   hD: () => (/* binding */ ApiError),
/* harmony export */   jL: () => (/* binding */ CERTIFICATE_CODES)
/* harmony export */ });
/**
 * What went wrong with one request, as facts: what the service or the network said, and the message the user
 * reads. Server text is redacted before it gets here. What a failure means for the run (retry, pause, split,
 * stop) is decided in policy.ts, nowhere else.
 */
class ApiError extends Error {
    name = 'ApiError';
    kind;
    status;
    code;
    serverMessage;
    retryAfterMs;
    constructor(message, details, options) {
        super(message, options);
        this.kind = details.kind;
        this.status = details.status;
        this.code = details.code;
        this.serverMessage = details.serverMessage;
        this.retryAfterMs = details.retryAfterMs;
    }
}
/** Node's codes for a TLS certificate that does not verify. */
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


/***/ }),

/***/ 1336:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   OW: () => (/* binding */ MAX_ASSETS_PER_CALL),
/* harmony export */   Xu: () => (/* binding */ halve),
/* harmony export */   kn: () => (/* binding */ toBatches)
/* harmony export */ });
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


/***/ }),

/***/ 7590:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GC: () => (/* binding */ describeCall),
/* harmony export */   Gh: () => (/* binding */ retryWords),
/* harmony export */   S9: () => (/* binding */ callWords),
/* harmony export */   xV: () => (/* binding */ callListing)
/* harmony export */ });
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5462);

/** A call as the log and the summary name it: its label (`invalidate 100 assets`) and what it asks for. */
function callWords(call) {
    switch (call.route) {
        case 'invalidate/all':
            return { label: 'invalidate all', subject: 'every image of the account' };
        case 'invalidate/domain':
            return { label: `invalidate domain ${call.domain}`, subject: `every image of ${call.domain}` };
        case 'invalidate/assets': {
            const assets = (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_0__/* .plural */ .LS)(call.assets.length, 'asset');
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
/** `Call 3 (invalidate 100 assets)`. */
function describeCall(sent) {
    return `Call ${sent.index} (${callWords(sent.call).label})`;
}
/** `Call 2 (invalidate 3 assets): HTTP 503; retrying in 7.0 s (attempt 2 of 6).` */
function retryWords(sent, error, waitMs, attempt, maxRetries) {
    const seconds = (waitMs / 1000).toFixed(1);
    const failure = error.message.replace(/\.$/, '');
    return `${describeCall(sent)}: ${failure}; retrying in ${seconds} s (attempt ${attempt} of ${maxRetries + 1}).`;
}
/** A dry run's calls in order, each followed by every asset it would carry, indented: one line each. */
function* callListing(calls, first = 1) {
    let index = first - 1;
    for (const call of calls) {
        index++;
        const assets = call.route === 'invalidate/assets' ? call.assets : [];
        // The assets follow, so the label counts them even for one.
        yield assets.length > 0
            ? `Call ${index} (invalidate ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_0__/* .plural */ .LS)(assets.length, 'asset')}):`
            : describeCall({ index, call });
        for (const asset of assets)
            yield `  ${asset}`;
    }
}


/***/ }),

/***/ 9658:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   l: () => (/* binding */ credentialsRefusal),
/* harmony export */   n: () => (/* binding */ credentialsHidden)
/* harmony export */ });
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2392);
/**
 * User names and passwords in URLs (`https://user:password@host/…`, `https://token@host/…`, `user:password@host`):
 * a URL input that holds them is refused before anything is sent, since the service, the log and the report would
 * all receive them, and it is shown with them as `***`.
 */

// A URL's user information, as the WHATWG parser reads an http(s) authority: whatever comes before the last '@'
// ahead of the path, after the scheme and its slashes (either way round), or from the start of a host given without
// a scheme. A scheme without slashes (`https:u:p@h`) is hidden with them.
const USER_INFO = /^([a-z][a-z0-9+.-]*:[/\\]+)?[^/?#\\]*@/i;
/**
 * A URL (or a host) with its user name and password as `***`; undefined when it holds none. `parsed`: the value as
 * the WHATWG parser reads it, when the caller has it already.
 */
function credentialsHidden(value, parsed = URL.parse(value)) {
    if (USER_INFO.test(value))
        return value.replace(USER_INFO, (_, scheme) => `${scheme ?? ''}***@`);
    // Shapes the parser reads as credentials once it strips what it ignores (tabs, line breaks, leading controls).
    if (parsed === null || (parsed.username === '' && parsed.password === ''))
        return undefined;
    const url = new URL(parsed.href);
    url.username = '***';
    url.password = '';
    return url.href;
}
/** The refusal of a value that holds credentials, shown hidden, with the fix for its input. */
function credentialsRefusal(source, hidden, fix) {
    return (`${source}: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .hD)(hidden)} holds a user name or password (shown as ***), which the service, the log and the ` +
        `report would receive; ${fix}.`);
}


/***/ }),

/***/ 4444:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E1: () => (/* binding */ parseList),
/* harmony export */   fD: () => (/* binding */ refuseFlowList)
/* harmony export */ });
/* unused harmony exports LIST_HELP, flowListItems, parseJsonList */
/* harmony import */ var _mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(532);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2392);
/* harmony import */ var _mechanics_json_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1765);
/**
 * The one syntax of every list input (`assets`, `files`, `assets-from`, `files-from`, the command's standard input):
 * a JSON array of strings when the whole text is one; otherwise one entry per line, or NUL-separated entries where
 * the text holds a NUL (names that may hold line breaks, as `git diff -z` writes them).
 *
 * A name may hold a space (`team photo.jpg`), so a line is one entry unless it splits, on spaces, commas or a
 * shell's `\ `, into several whole entries: for files, two or more parts that end with an image type, the last part
 * among them (`a.jpg b c.jpg`); for assets, two or more parts that are absolute URLs or 32-character hashes; or
 * unless URLs run together (`…/x.jpghttps://…`). Such a line is a list written on one line, the default output of
 * some changed-files actions, which taken whole would be one wrong URL.
 */



/** How to write a list, in every message about one. */
const LIST_HELP = 'give one entry per line, or a JSON array of strings (a changed-files action can write one with its JSON output)';
/** The entries of a list, or an InputError naming `source` (the input the user set) and the line. */
function parseList(text, kind, source) {
    const trimmed = text.trim();
    if (trimmed.startsWith('[')) {
        const json = parseJsonList(trimmed);
        if ('entries' in json)
            return json.entries.filter((entry) => entry !== '');
        // Not JSON: `['a.png', "b.png"]` is a YAML list, pasted from a workflow.
        if (json.problem === NOT_JSON)
            refuseFlowList(source, text, kind === 'files' ? 'path' : 'asset');
        // A path may start with '[' (`[2024] cover.png`); only text that reads as a JSON array is held to JSON.
        if (/^\[\s*(?:["[{\]]|$)/.test(trimmed) || json.problem.startsWith('is a JSON array')) {
            throw new _mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${source}: ${json.problem}; ${LIST_HELP}.`);
        }
    }
    if (text.includes('\0'))
        return text.split('\0').filter((entry) => entry !== '');
    const entries = [];
    // Line by line, without an array of every line beside the entries: a line's '\r' goes with its spaces.
    for (let start = 0, index = 0; start <= text.length; index++) {
        const next = text.indexOf('\n', start);
        const end = next < 0 ? text.length : next;
        const entry = text.slice(start, end).trim();
        start = end + 1;
        if (entry === '')
            continue;
        const problem = severalEntries(entry, kind);
        if (problem !== undefined) {
            const message = `${source}: line ${index + 1}, ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(entry)}, ${problem.why}; ${LIST_HELP}.`;
            throw new _mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(problem.entries === undefined ? message : `${message}${onePerLine(problem.entries)}`);
        }
        entries.push(entry);
    }
    return entries;
}
/**
 * The items of a YAML flow list written as a whole input (`[a, 'b', "c"]`), as a workflow's `on.push.paths` is
 * written and pasted from there; undefined when the text is not one. A glob's class (`[abc]`) is one: a list is told
 * by two items or more, a quoted item, or an item holding '/', which no class of a single name holds; and an item
 * holding a bracket outside quotes is a class or a host, never a flow list's.
 */
function flowListItems(text) {
    const trimmed = text.trim();
    if (!trimmed.startsWith('[') || !trimmed.endsWith(']'))
        return undefined;
    const inner = trimmed.slice(1, -1);
    const items = [];
    let quoted = false;
    for (let at = skipSpaces(inner, 0); at < inner.length; at = skipSpaces(inner, at + 1)) {
        const mark = inner[at];
        if (mark === "'" || mark === '"') {
            const item = quotedItem(inner, at);
            if (item === undefined)
                return undefined;
            items.push(item.value);
            quoted = true;
            at = skipSpaces(inner, item.end);
            if (at < inner.length && inner[at] !== ',')
                return undefined;
        }
        else {
            const comma = inner.indexOf(',', at);
            const end = comma < 0 ? inner.length : comma;
            const item = inner.slice(at, end).trim();
            // A bracket outside quotes would open or close a list within the list: in a pasted value it is a glob's class
            // (`[0-9][0-9]/*.[jJ][pP][gG]`) or an IPv6 host, and the text is no flow list.
            if (/[[\]]/.test(item))
                return undefined;
            items.push(item);
            at = end;
        }
    }
    const listed = items.filter((item) => item !== '');
    if (listed.length === 0)
        return undefined;
    return listed.length > 1 || quoted || listed.some((item) => item.includes('/')) ? listed : undefined;
}
function skipSpaces(text, at) {
    while (at < text.length && /\s/.test(text.charAt(at)))
        at++;
    return at;
}
/** A YAML quoted scalar from its opening quote: `'it''s'` doubles a quote, `"a\"b"` escapes one. */
function quotedItem(text, start) {
    const mark = text.charAt(start);
    let value = '';
    for (let at = start + 1; at < text.length; at++) {
        const char = text.charAt(at);
        if (mark === '"' && char === '\\')
            value += text.charAt(++at);
        else if (char !== mark)
            value += char;
        else if (mark === "'" && text.charAt(at + 1) === "'")
            value += text.charAt(++at);
        else
            return { value, end: at + 1 };
    }
    return undefined;
}
/**
 * Refuses a list input written as a YAML or JSON flow list where it takes one `item` a line, showing the value
 * written so, ready to copy.
 */
function refuseFlowList(source, text, item) {
    const items = flowListItems(text);
    if (items === undefined)
        return;
    throw new _mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${source}: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(text.trim())} is a YAML list, as a workflow's on.push.paths is written; this input takes ` +
        `one ${item} a line, not a list.${writtenOnePerLine(items, `Written one ${item} a line, it reads:`)}`);
}
const NOT_JSON = "starts with '[' but is not a JSON array";
/**
 * A list given as a JSON array of strings, as changed-files actions print one: its entries, or what is wrong with
 * it, naming the first entry that is not a string.
 */
function parseJsonList(text) {
    const parsed = (0,_mechanics_json_js__WEBPACK_IMPORTED_MODULE_2__/* .parseJson */ .q)(text);
    if (parsed === undefined)
        return { problem: NOT_JSON };
    if (!Array.isArray(parsed))
        return { problem: 'is not a JSON array' };
    const bad = parsed.findIndex((entry) => typeof entry !== 'string');
    if (bad >= 0) {
        return {
            problem: `is a JSON array whose entry ${bad + 1} is ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(JSON.stringify(parsed[bad]))}, not a string`,
        };
    }
    return { entries: parsed };
}
// Image types a changed-files list holds; a part with one of them is a whole path, not a piece of a name.
const IMAGE_PATH = /\.(?:png|jpe?g|gif|webp|avif|svg|bmp|ico|tiff?|heic|heif|jxl|apng)$/i;
const ABSOLUTE_URL = /^https?:\/\/[^/\s]/i;
const HASH = /^[0-9a-f]{32}$/i;
function isAsset(part) {
    return ABSOLUTE_URL.test(part) || HASH.test(part);
}
// Whether a line may hold more than one entry at all: an image path followed by a separator (files), or a separator
// followed by a URL or a hash (assets). Most lines fail these, and skip the splitting below.
const PATH_THEN_MORE = /\.(?:png|jpe?g|gif|webp|avif|svg|bmp|ico|tiff?|heic|heif|jxl|apng)["'`]*[\s,]/i;
const MORE_ASSETS = /[\s,]["'`]*(https?:\/\/|[0-9a-f]{32}(?![^\s,"'`]))/i;
// A URL that starts right after a letter or digit: two URLs run together (after '/' or '=', it is a delivery URL
// or a query).
const RUN_TOGETHER = /[a-z0-9]https?:\/\//i;
/** Why a line holds several entries, or undefined when it is one. */
function severalEntries(line, kind) {
    // Cheap tests first: a million lines are checked, and almost every one is a single entry.
    if (kind === 'assets' && line.indexOf('://') !== line.lastIndexOf('://') && RUN_TOGETHER.test(line)) {
        return { why: 'holds several entries run together' };
    }
    if (!/[\s,\\]/.test(line) || !(kind === 'files' ? PATH_THEN_MORE : MORE_ASSETS).test(line)) {
        return kind === 'files' && line.includes('\\ ') ? { why: shellEscape(line) } : undefined;
    }
    const parts = line
        .split(/(?<!\\)[\s,]+/)
        .map((part) => part.replaceAll('\\ ', ' ').replace(/^["'`]+|(?<!["'`])["'`]+$/g, ''))
        .filter((part) => part !== '');
    const entries = entriesIn(parts, kind);
    if (entries.length > 1)
        return { why: 'holds several entries', entries };
    return kind === 'files' && line.includes('\\ ') ? { why: shellEscape(line) } : undefined;
}
// Enough of a long line to show how it is written, not a second copy of it.
const SHOWN_ENTRIES = 5;
/** The entries of a refused line as they should be written: the fix, ready to copy. */
function onePerLine(entries) {
    return writtenOnePerLine(entries, 'One per line, they read:');
}
function writtenOnePerLine(entries, heading) {
    // As written, to copy; cut short like a quoted value, since a list may come from a file of any size.
    const lines = entries
        .slice(0, SHOWN_ENTRIES)
        .map((entry) => `\n  ${entry.length > 200 ? `${entry.slice(0, 200)}…` : entry}`);
    const more = entries.length - SHOWN_ENTRIES;
    return ` ${heading}${lines.join('')}${more > 0 ? `\n  … and ${more} more` : ''}`;
}
/** `team\ photo.jpg` is a shell's escape: the name is `team photo.jpg`, and a backslash would become a folder. */
function shellEscape(line) {
    return `holds '\\ ', a shell's escape of a space; write the name as it is, ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(line.replaceAll('\\ ', ' '))}`;
}
/**
 * The whole entries the parts of a line make, a name with spaces being several parts: a path ends at a part with an
 * image type (`team photo.jpg` is one), an asset starts at a part that is a URL or a hash.
 */
function entriesIn(parts, kind) {
    const entries = [];
    for (const part of parts) {
        const starts = kind === 'assets'
            ? isAsset(part) || entries.length === 0
            : entries.length === 0 || IMAGE_PATH.test(entries.at(-1)?.at(-1) ?? '');
        if (starts)
            entries.push([part]);
        else
            entries.at(-1)?.push(part);
    }
    // Text after the last image path is part of a name, not an entry of its own: `a.png notes` stays one line.
    if (kind === 'files' && !IMAGE_PATH.test(parts.at(-1) ?? ''))
        return [parts.join(' ')];
    // Text before the first URL or hash is no entry of its own either: `see https://…` is one.
    const [first, second] = entries;
    if (kind === 'assets' && first !== undefined && second !== undefined && !isAsset(first[0] ?? '')) {
        entries.splice(0, 2, [...first, ...second]);
    }
    return entries.map((entry) => entry.join(' '));
}


/***/ }),

/***/ 4596:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LD: () => (/* binding */ decide),
/* harmony export */   Ux: () => (/* binding */ isKeyRefusal),
/* harmony export */   zj: () => (/* binding */ DEFAULT_POLICY)
/* harmony export */ });
/* harmony import */ var _api_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2803);

/** The policy of a run. Backoff: the first retry waits up to 0.5 s, the fifth up to 8 s, none over 20 s. */
const DEFAULT_POLICY = {
    retryableStatuses: new Set([408, 429, 500, 502, 503, 504]),
    retryableNetworkCodes: new Set([
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
    ]),
    baseDelayMs: 500,
    maxDelayMs: 20_000,
    retryWindowMs: 5 * 60_000,
    rateLimitStatuses: new Set([429]),
    rateLimitStatusesWithRetryAfter: new Set([503]),
    keyRefusedStatuses: new Set([401, 403]),
    accountErrors: ['User not found', 'User not active'],
    noRouteCodes: new Set(['rest_no_route']),
    unknownHostCodes: new Set(['ENOTFOUND']),
    tooManyAssetsMessage: 'Too many assets to invalidate',
    sharedCauseStatuses: new Set([404, 405, 407, 408, 429]),
    maxBisectionCalls: 100,
};
/** The one decision for a failed attempt. */
function decide(failure, context, policy = DEFAULT_POLICY) {
    if (isKeyRefusal(failure.status, failure.serverMessage, policy)) {
        return { action: 'stop', reason: 'the service refused the key', keyRefused: true };
    }
    const wrongAddress = wrongAddressReason(failure, policy);
    if (wrongAddress !== undefined)
        return { action: 'stop', reason: wrongAddress, keyRefused: false };
    if (mentions(failure.serverMessage, policy.tooManyAssetsMessage)) {
        return context.assets > 1 ? { action: 'split' } : { action: 'give-up', slowDown: false };
    }
    const rateLimit = isRateLimit(failure, policy);
    const pause = rateLimit && failure.retryAfterMs !== undefined;
    const withinDeadline = (wait) => context.now + wait <= context.deadline;
    const unknownHost = failure.kind === 'network' && failure.code !== undefined && policy.unknownHostCodes.has(failure.code);
    let reason;
    if (isRetryable(failure, policy) && context.retries < context.maxRetries) {
        const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** context.retries);
        const wait = failure.retryAfterMs ?? Math.round(context.random * ceiling);
        if (withinDeadline(wait)) {
            if (unknownHost)
                return { action: 'pause', waitMs: wait, retry: true, alone: true };
            return pause
                ? { action: 'pause', waitMs: wait, retry: true }
                : { action: 'retry', waitMs: wait, slowDown: rateLimit };
        }
        const asked = failure.retryAfterMs === undefined ? 'the next retry' : `the server's Retry-After (${wait / 1000} s)`;
        reason = `not retried: ${asked} would end after the run's retry deadline`;
    }
    // A host that does not exist may be a passing fault of the resolver: it stops the run once the retries of the call
    // that asks alone for it are spent.
    if (unknownHost) {
        return { action: 'stop', reason: 'the service could not be reached at base-url', keyRefused: false };
    }
    if (reason !== undefined)
        return { action: 'give-up', reason, slowDown: rateLimit };
    // Out of retries, the service still asked every worker to wait: the others honour it.
    if (pause && withinDeadline(failure.retryAfterMs)) {
        return { action: 'pause', waitMs: failure.retryAfterMs, retry: false };
    }
    if (refusedForContent(failure, policy) && context.assets > 1 && context.bisectionCallsLeft >= 2) {
        return { action: 'bisect' };
    }
    return { action: 'give-up', slowDown: rateLimit };
}
/** A 401 or 403, or the spec's account errors, whatever status they come with. */
function isKeyRefusal(status, serverMessage, policy = DEFAULT_POLICY) {
    return ((status !== undefined && policy.keyRefusedStatuses.has(status)) ||
        policy.accountErrors.some((text) => mentions(serverMessage, text)));
}
/** A wrong address, which every call meets: a redirect, no such route, a certificate that does not verify. */
function wrongAddressReason(failure, policy) {
    if (failure.kind === 'network' && failure.code !== undefined && _api_error_js__WEBPACK_IMPORTED_MODULE_0__/* .CERTIFICATE_CODES */ .jL.has(failure.code)) {
        return "the certificate of base-url's host does not verify";
    }
    const noRoute = failure.kind !== 'network' && failure.code !== undefined && policy.noRouteCodes.has(failure.code);
    return failure.kind === 'redirect' || noRoute ? 'the service could not be reached at base-url' : undefined;
}
function isRetryable(failure, policy) {
    switch (failure.kind) {
        case 'timeout':
            return true;
        case 'network':
            return failure.code === undefined || policy.retryableNetworkCodes.has(failure.code);
        case 'http':
            return failure.status !== undefined && policy.retryableStatuses.has(failure.status);
        case 'redirect':
        case 'response':
        case 'unexpected':
            return false;
    }
}
function isRateLimit(failure, policy) {
    const status = failure.status;
    if (failure.kind !== 'http' || status === undefined)
        return false;
    return (policy.rateLimitStatuses.has(status) ||
        (policy.rateLimitStatusesWithRetryAfter.has(status) && failure.retryAfterMs !== undefined));
}
function refusedForContent(failure, policy) {
    const status = failure.status ?? 0;
    return failure.kind === 'http' && status >= 400 && status < 500 && !policy.sharedCauseStatuses.has(status);
}
function mentions(message, text) {
    return message?.toLowerCase().includes(text.toLowerCase()) === true;
}


/***/ }),

/***/ 92:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   SV: () => (/* binding */ canonicalRef),
/* harmony export */   UH: () => (/* binding */ parseAssetEntries)
/* harmony export */ });
/* unused harmony exports splitAssetList, assetRefProblem, parseAssetList */
/* harmony import */ var _credentials_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9658);


/**
 * The entries of a list in the one list syntax (list-syntax.ts): a JSON array of strings, or one entry per line; a
 * line holding several entries is refused with an InputError.
 */
function splitAssetList(text, source = 'assets') {
    return parseList(text, 'assets', source)
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
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
    return parseAssetEntries(splitAssetList(text));
}
/** The entries of a list, each sorted into a valid reference (canonical, de-duplicated) or an invalid entry. */
function parseAssetEntries(entries) {
    const refs = new Set();
    const invalid = [];
    let valid = 0;
    for (const entry of entries) {
        const read = readAssetRef(entry);
        if ('problem' in read)
            invalid.push({ value: read.shown ?? entry, reason: read.problem });
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
/**
 * A URL with a user name or password is refused, and shown with them replaced: a list file may be a file of
 * credentials (`https://x-access-token:…@github.com`), and the service would receive them and show them back.
 */
function credentialsProblem(entry, url) {
    const shown = (0,_credentials_js__WEBPACK_IMPORTED_MODULE_0__/* .credentialsHidden */ .n)(entry, url);
    if (shown === undefined)
        return undefined;
    return {
        problem: `holds a user name or password (${shown}): give the image's URL as a browser requests it, without them`,
        shown,
    };
}
/**
 * The reference an entry stands for, in canonical form, or why it is none: a URL is parsed once for both. `shown`:
 * the entry as a message may show it, where the entry as written must not be.
 */
function readAssetRef(entry) {
    const problem = (text) => ({ problem: text });
    const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(entry);
    const url = hasScheme ? URL.parse(entry) : null;
    // First of all: every other problem quotes the entry.
    const credentials = credentialsProblem(entry, url);
    if (credentials !== undefined)
        return credentials;
    if (QUOTED.test(entry))
        return problem('wrapped in quotes: remove the quotes (or give a JSON array of strings)');
    if (entry.startsWith('['))
        return problem("starts with '[': a JSON array must hold strings only, and parse whole");
    if (hasScheme) {
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


/***/ }),

/***/ 6089:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   i: () => (/* binding */ uniqueStrings)
/* harmony export */ });
function uniqueStrings(strings) {
    if (strings.length < 2)
        return strings;
    // A table at most half full, of each kept string's index in `strings`; -1 for an empty slot.
    const size = 2 ** Math.ceil(Math.log2(strings.length * 2));
    const slots = new Int32Array(size).fill(-1);
    let kept;
    for (let index = 0; index < strings.length; index++) {
        const text = strings[index];
        for (let slot = hash(text) & (size - 1);; slot = (slot + 1) & (size - 1)) {
            const at = slots[slot] ?? -1;
            if (at < 0) {
                slots[slot] = index;
                kept?.push(text);
                break;
            }
            if (strings[at] === text) {
                // The first repeat: what came before it is kept as it was.
                kept ??= strings.slice(0, index);
                break;
            }
        }
    }
    return kept ?? strings;
}
/** FNV-1a over the string's UTF-16 code units. */
function hash(text) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++)
        hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    return hash >>> 0;
}


/***/ }),

/***/ 3012:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FI: () => (/* binding */ contentCacheBuster),
/* harmony export */   Jt: () => (/* binding */ imageUrlPrefix),
/* harmony export */   Ub: () => (/* binding */ isCacheBuster),
/* harmony export */   VT: () => (/* binding */ deliveryUrlOf),
/* harmony export */   b8: () => (/* binding */ imageUrl),
/* harmony export */   hW: () => (/* binding */ CACHE_BUSTER_BOUND_WHY),
/* harmony export */   hg: () => (/* binding */ MAX_CACHE_BUSTER_LENGTH),
/* harmony export */   xS: () => (/* binding */ imageHostOf)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _mechanics_http_url_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9071);
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5462);



/**
 * The longest cache buster: what one image URL can carry beside everything else it holds. A delivery URL is
 * `https://{image_host}/cb:<token>/w:640/<origin image URL>`, and the servers between a browser and the image service
 * refuse a request line or URL past 8 KiB (Amazon CloudFront's limit is 8,192 bytes of URL, Apache's request line
 * 8,190 bytes, nginx's default header buffer 8 KiB; Cloudflare allows more, 16 KiB). Out of 8 KiB, the origin
 * image URL takes up to 2,048 (the longest URL that works everywhere, as sitemaps and old browsers bound it), the
 * host up to 253, the other processing segments a few hundred: 4,096 for the token leaves room for all of them. The
 * same bound holds the outputs small: `token`, `cache-buster` and `image-url-prefix` carry it three times, far
 * under the runner's 1 MB of outputs and Windows' 32,767 characters of one environment variable, through which a
 * later step reads an output. Tokens GitHub issues (about 520 characters) and the service's (32) fit many times.
 */
const MAX_CACHE_BUSTER_LENGTH = 4_096;
/** Why a cache buster is bounded, in the words of a refusal. */
const CACHE_BUSTER_BOUND_WHY = 'an image URL holds it beside the origin URL, and past 8 KiB a URL is refused by the CDNs and servers on its way ' +
    '(CloudFront, Apache, nginx)';
/**
 * What a cache buster may hold: safe in a URL path segment and in any text that carries the URL (HTML, a srcset
 * list, CSS url(), JSON), and short. The client holds a token from the service to it, rewrite and imageUrl a value
 * given.
 */
function isCacheBuster(value) {
    return value.length <= MAX_CACHE_BUSTER_LENGTH && /^[\w.~-]+$/.test(value);
}
// What may stand in one path segment without changing the URL's shape.
const SEGMENT_VALUE = /^[\w.~!$&'()*+,;=:@-]+$/;
const SEGMENT_NAME = /^[A-Z][\w-]*$/i;
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
        throw new TypeError(`cache buster ${JSON.stringify(value.slice(0, 80))}: use letters, digits, '.', '_', '~' and '-', at most ` +
            `${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_1__/* .count */ .U9)(MAX_CACHE_BUSTER_LENGTH)} of them, since ${CACHE_BUSTER_BOUND_WHY}`);
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
    const url = (0,_mechanics_http_url_js__WEBPACK_IMPORTED_MODULE_2__/* .parseHttpUrl */ .f)(value);
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
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(bytes).digest('hex').slice(0, 12);
}
// `https://{image_host}/<name:value>/…/<origin URL>`, as a browser shows it (the origin's `//` kept in the path).
const DELIVERY_URL = /^https?:\/\/([^/?#]+)\/((?:[A-Z][\w-]*:[^/]*\/)*)(https?:\/\/[^/?#\s].*)$/i;
/** The parts of a URL of the delivery shape (API spec, part 2), or undefined for any other text. */
function deliveryUrlOf(text) {
    const match = DELIVERY_URL.exec(text);
    if (match === null)
        return undefined;
    const [, host = '', segments = '', originUrl = ''] = match;
    return {
        host: host.toLowerCase(),
        segments: segments.split('/').filter((segment) => segment !== ''),
        originUrl,
    };
}


/***/ }),

/***/ 369:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Zf: () => (/* binding */ thumbnailCell),
/* harmony export */   aN: () => (/* binding */ thumbnailHeader),
/* harmony export */   sB: () => (/* binding */ NOT_DEPLOYED_YET)
/* harmony export */ });
/* harmony import */ var _domain_urls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3012);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2392);
/**
 * Thumbnails in the summary and the preview. A thumbnail is loaded through the image host when someone reads the
 * summary: it shows what the image host serves then, which before an invalidation (a dry run, a pull request's
 * preview) is the old image, and for an added file nothing at all. So the column says so, and a file that is not
 * deployed yet gets words, not a broken picture.
 */


/** The width asked of the service for a thumbnail, in pixels. */
const THUMBNAIL_WIDTH = 160;
/** The thumbnails' column: what they show, so that the old image never passes for the new one. */
function thumbnailHeader(dryRun) {
    return dryRun ? 'Served now (before this change)' : 'Served now';
}
/** What an image's file has that the live site does not serve yet: an added file, before its deploy. */
const NOT_DEPLOYED_YET = 'not deployed yet';
/** A thumbnail of an image URL through the service, as a table cell; an asset hash has none. */
function thumbnailCell(imageHost, ref) {
    if (!/^https?:/.test(ref))
        return '';
    const src = (0,_domain_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .imageUrl */ .b8)({ imageHost, originUrl: ref, segments: { w: THUMBNAIL_WIDTH } });
    return `<img src="${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .htmlAttribute */ ._s)(src)}" width="${THUMBNAIL_WIDTH}" alt="">`;
}


/***/ }),

/***/ 6446:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 14 modules
var core = __webpack_require__(6421);
// EXTERNAL MODULE: ./src/shown/redact.ts + 1 modules
var shown_redact = __webpack_require__(6477);
// EXTERNAL MODULE: ./src/plan/stage.ts
var stage = __webpack_require__(4445);
// EXTERNAL MODULE: ./src/rewrite/result.ts
var result = __webpack_require__(4183);
// EXTERNAL MODULE: ./src/rewrite/staging.ts
var staging = __webpack_require__(3941);
;// CONCATENATED MODULE: ./src/rewrite/stage.ts


/** What a cancelled run's staged rewrites leave behind: removed before the process exits. */

/**
 * Its work is loaded by a run that asks for a rewrite: the check before anything is sent, the rewrite itself, and its
 * words.
 */
const rewriteStage = {
    name: 'rewrite',
    slice: (plan) => plan.rewrite,
    run: async (rewrite, before, context) => rewrite === undefined
        ? result/* SKIPPED */.$O
        : (await __webpack_require__.e(/* import() | rewrite */ 333).then(__webpack_require__.bind(__webpack_require__, 5604))).rewrite(rewrite, before, context),
    tell: async (rewritten) => rewritten.state === 'skipped'
        ? stage/* SILENT */.q
        : (await __webpack_require__.e(/* import() | rewrite */ 333).then(__webpack_require__.bind(__webpack_require__, 179))).tellRewrite(rewritten),
    /** Before anything is sent: a rewrite that would change nothing is refused. */
    check,
};
async function check(plan, workspace) {
    if (plan === undefined)
        return;
    const { checkRewrite } = await __webpack_require__.e(/* import() */ 223).then(__webpack_require__.bind(__webpack_require__, 223));
    await checkRewrite(await workspace(), plan.patterns, plan.imageHost);
}

;// CONCATENATED MODULE: ./src/cancel.ts

/** The exit code of a process ended by a signal, as a shell gives it: 128 and the signal's number. */
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 };
/**
 * SIGINT and SIGTERM, as GitHub's runner sends them to cancel a step (SIGINT, SIGTERM 7.5 s later, a kill 2.5 s after
 * that) and as Ctrl-C does: the first aborts the returned signal, so that the run starts no new call and publishes
 * what landed; a second exits at once, leaving the built files that rewrite was replacing whole (discardStaging).
 */
function cancelOnSignals(onCancel) {
    const controller = new AbortController();
    const handle = (name) => {
        if (controller.signal.aborted) {
            (0,staging/* discardStaging */.WT)();
            process.exit(SIGNAL_EXIT[name]);
        }
        controller.abort();
        onCancel(name);
    };
    const onInt = () => {
        handle('SIGINT');
    };
    const onTerm = () => {
        handle('SIGTERM');
    };
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    return {
        signal: controller.signal,
        dispose: () => {
            process.off('SIGINT', onInt);
            process.off('SIGTERM', onTerm);
        },
    };
}
/** What the log says on the first signal. */
function cancelNotice(name, graceMs) {
    return (`Cancelled (${name}): no new call starts; the calls in flight are waited for up to ${graceMs / 1000} s, ` +
        'then what landed is published. A second signal exits at once.');
}

// EXTERNAL MODULE: ./src/service/cut-off.ts
var cut_off = __webpack_require__(2411);
// EXTERNAL MODULE: ./src/mechanics/clock.ts
var clock = __webpack_require__(6885);
// EXTERNAL MODULE: ./src/shown/format.ts
var format = __webpack_require__(5462);
// EXTERNAL MODULE: ./src/plan/plan.ts
var plan_plan = __webpack_require__(8720);
// EXTERNAL MODULE: ./src/mechanics/exhaustive.ts
var exhaustive = __webpack_require__(9067);
// EXTERNAL MODULE: ./src/shown/shown.ts
var shown_shown = __webpack_require__(2392);
;// CONCATENATED MODULE: ./src/invalidate/wording.ts
/**
 * What a run says about itself, phrased once: the action's log, the job summary and the command all take their
 * sentences from here, so that the same fact reads the same everywhere.
 */


/**
 * A list of the run's references, one a line, cut to its first `max` like the failures: `… and 10 more:
 * invalidated-file lists each one.`, naming `whereAll`, which holds every one.
 */
function listedRefs(refs, max, whereAll) {
    const { shown, more } = (0,format/* firstOf */.Ku)(refs, max);
    const lines = shown.map((ref) => `  ${ref}`);
    if (more !== undefined)
        lines.push(`  … ${more}: ${whereAll} lists each one.`);
    return lines;
}
/** Entries sent once, since they were the same asset as another once in canonical form. */
function mergedSentence(merged) {
    const entries = merged === 1 ? '1 entry was' : `${(0,format/* count */.U9)(merged)} entries were`;
    return `${entries} the same asset as another (once in canonical form: lower-case host, no default port, no fragment), and sent once.`;
}
/** Entries of `assets` given as image delivery URLs, sent as the origin image URLs they serve. */
function deliveryUrlsSentence(count) {
    const given = count === 1
        ? '1 asset was given as an image delivery URL: its origin image URL is invalidated'
        : `${(0,format/* plural */.LS)(count, 'asset')} were given as image delivery URLs: their origin image URLs are invalidated`;
    return `${given}, since the service caches images by their origin URL.`;
}
/**
 * How many changed files were found, selected, mapped and skipped: in full for the log, with the inputs marked as
 * code for the summary, or brief for the command's result.
 */
function fileCounts(files, style) {
    const by = (words, input) => style === 'brief' ? '' : ` ${words} ${style === 'summary' ? `\`${input}\`` : input}`;
    if (files.found === 0)
        return style === 'log' ? 'no file found' : 'none found';
    const found = style === 'log' ? (0,format/* plural */.LS)(files.found, 'file') : (0,format/* count */.U9)(files.found);
    const mappedBy = files.learned === undefined
        ? by('to URLs by', 'url-map')
        : style === 'brief'
            ? ''
            : ` to URLs by the url-map learned from ${style === 'summary' ? '`site`' : 'site'}`;
    // Each stage after the first that left none would say 0 again: the count stops there, at "none".
    const stages = [
        [files.selected, `selected${by('by', 'paths')}`],
        [files.mapped, `mapped${mappedBy}`],
    ];
    const parts = [`${found} found`];
    for (const [counted, words] of stages) {
        parts.push(`${counted === 0 ? 'none' : (0,format/* count */.U9)(counted)} ${words}`);
        if (counted === 0)
            return parts.join(', ');
    }
    if (files.unmapped.length > 0)
        parts.push(`${(0,format/* count */.U9)(files.unmapped.length)} skipped`);
    const needNone = files.learned?.needNone ?? 0;
    if (needNone > 0)
        parts.push(`${(0,format/* count */.U9)(needNone)} need no invalidation`);
    return parts.join(', ');
}
/** The remedy for changed images the site never serves, which no map can map: else every run owes them. */
const LEAVE_OUT = "Images the site does not serve (docs, tests) are left out with a '!' line in paths, e.g. !docs/**.";
/**
 * Changed images that `paths` selected and no url-map rule maps, told as a warning wherever the run speaks: they
 * were not invalidated, which a wrong url-map left side would otherwise leave unsaid in a green run.
 */
function skippedSentence(files) {
    const skipped = files.unmapped.length;
    if (skipped === 0)
        return undefined;
    const { shown, more } = (0,format/* firstOf */.Ku)(files.unmapped, 20);
    const them = skipped === 1 ? 'it' : 'them';
    const why = files.learned === undefined
        ? `no url-map rule maps ${them}`
        : `no single URL under ${files.learned.map.site} was found to serve ${skipped === 1 ? 'its folder' : 'their folders'}, so no rule was learned for ${them}`;
    return (`${(0,format/* counted */.hS)(skipped, 'changed image was', 'changed images were')} skipped: ${why} ` +
        `(${shown.map(shown_shown/* quote */.hD).join(', ')}${more === undefined ? '' : `, ${more}`}). ${LEAVE_OUT}`);
}
/**
 * Why a run of scope `assets` has nothing to send, naming the stage that left nothing: no file changed, `paths`
 * selected none, or `url-map` mapped none; with the counts, the patterns or rules, and a path that did not match.
 */
function nothingToInvalidate(files) {
    if (files === undefined)
        return 'Nothing to invalidate: the asset list is empty.';
    if (files.skipped !== undefined)
        return `Nothing to invalidate: ${files.skipped}`;
    const from = `(${files.source})`;
    if (files.found === 0)
        return `Nothing to invalidate: no file changed ${from}.`;
    if (files.selected === 0) {
        const { shown, more } = (0,format/* firstOf */.Ku)(files.patterns, 5);
        return (`Nothing to invalidate: ${(0,format/* plural */.LS)(files.found, 'file')} changed ${from}, and paths selects none of them ` +
            `(paths: ${shown.map(shown_shown/* quote */.hD).join(', ')}${more === undefined ? '' : `, ${more}`}).${topLevelHint(files.patterns)}`);
    }
    if (files.learned !== undefined) {
        const { needNone, map } = files.learned;
        // Folders not asked (origin-timeout ended, a cancel) were not seen to serve nothing: they were not seen at all.
        const seen = map.cutShort === undefined
            ? 'was seen to serve none of their folders'
            : `was seen to serve none of their folders it was asked for; the others were ${map.cutShort}`;
        return (`Nothing to invalidate: paths selects ${(0,format/* count */.U9)(files.selected)} of the ${(0,format/* plural */.LS)(files.found, 'changed file')} ` +
            `${from}, and the site ${map.site} ${seen}` +
            (needNone > 0 ? ` (${(0,format/* count */.U9)(needNone)} need no invalidation)` : '') +
            '; each folder is named above, with what its candidates answered.');
    }
    const { shown, more } = (0,format/* firstOf */.Ku)(files.urlMap, 5);
    const rules = shown.map((rule) => (0,shown_shown/* quote */.hD)(`${rule.pathPrefix || '.'} => ${rule.urlPrefix}`));
    return (`Nothing to invalidate: paths selects ${(0,format/* count */.U9)(files.selected)} of the ${(0,format/* plural */.LS)(files.found, 'changed file')} ` +
        `${from}, and url-map maps none of them (url-map: ${rules.join(', ')}${more === undefined ? '' : `, ${more}`}); ` +
        `for example ${(0,shown_shown/* quote */.hD)(files.unmapped[0] ?? '')} is under none of its path prefixes.`);
}
/**
 * The likeliest reason `paths` selects nothing: a pattern without '/' or `**` (`*.jpg`) matches files at the top
 * level only.
 */
function topLevelHint(patterns) {
    // `**.jpg` has no '/' either, and matches in every folder.
    const topLevel = patterns.find((pattern) => !pattern.startsWith('!') && !/\/|\*\*/.test(pattern));
    if (topLevel === undefined)
        return '';
    return (` ${(0,shown_shown/* quote */.hD)(topLevel)} matches files at the top level only; ${(0,shown_shown/* quote */.hD)(`**/${topLevel}`)} matches them in every ` +
        'folder.');
}

// EXTERNAL MODULE: ./src/domain/call-words.ts
var call_words = __webpack_require__(7590);
;// CONCATENATED MODULE: ./src/invalidate/staleness.ts
/** Each image's staleness bound in ms, by ref: only images seen to flip during the wait and invalidated. */
function stalenessOf(checks, assets, calls) {
    const flippedAt = new Map();
    for (const check of checks)
        if (check.state === 'ready' && check.previousAt !== undefined)
            flippedAt.set(check.ref, check.previousAt);
    const ends = new Map();
    for (const record of calls) {
        const last = record.attempts.at(-1);
        if (last !== undefined)
            ends.set(record.index, last.startedAt + last.durationMs);
    }
    const staleness = new Map();
    if (flippedAt.size === 0)
        return staleness;
    for (const asset of assets) {
        const since = flippedAt.get(asset.ref);
        const end = asset.call === undefined ? undefined : ends.get(asset.call);
        if (asset.outcome === 'invalidated' && since !== undefined && end !== undefined)
            staleness.set(asset.ref, Math.max(0, end - since));
    }
    return staleness;
}
function stalenessFigures(staleness) {
    const sorted = [...staleness.values()].toSorted((a, b) => a - b);
    if (sorted.length === 0)
        return undefined;
    const at = (p) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
    return {
        images: sorted.length,
        p50Ms: Math.round(at(0.5)),
        p95Ms: Math.round(at(0.95)),
        maxMs: Math.round(sorted.at(-1) ?? 0),
    };
}

;// CONCATENATED MODULE: ./src/invalidate/facts.ts
/**
 * The facts every renderer of a run shows (the log's closing lines, the summary, the outputs, the JSON report and the
 * command's text), each counted once and phrased once here, so that no two of them can say it differently.
 */




/**
 * The assets the run did not invalidate, with why: `9 (2 failed, 7 not deployed at origin)`. The same number as the
 * `failed-count` output, which lists all three kinds.
 */
function notInvalidatedWords(counts) {
    const parts = [];
    if (counts.failed > 0)
        parts.push(`${(0,format/* count */.U9)(counts.failed)} failed`);
    if (counts.notReady > 0)
        parts.push(`${(0,format/* count */.U9)(counts.notReady)} not deployed at origin`);
    if (counts.notSent > 0)
        parts.push(`${(0,format/* count */.U9)(counts.notSent)} not sent`);
    return `${(0,format/* count */.U9)(counts.notInvalidated)}${parts.length === 0 ? '' : ` (${parts.join(', ')})`}`;
}
/**
 * What the call count counts: `3 calls`, or `3 invalidation calls and the token call` when a token was requested, so
 * that the token call is never counted among the invalidations without saying so.
 */
function callsWords(counts, withAttempts) {
    if (counts.requests === 0)
        return counts.tokenCalls === 0 ? 'no call' : 'the token call';
    const attempts = withAttempts ? ` (${(0,format/* plural */.LS)(counts.attempts, 'attempt')})` : '';
    if (counts.tokenCalls === 0)
        return `${(0,format/* plural */.LS)(counts.requests, 'call')}${attempts}`;
    return `${(0,format/* plural */.LS)(counts.requests, 'invalidation call')}${attempts} and the token call`;
}
function originFacts(report, stalenessOf = new Map()) {
    const states = { ready: 0, 'cannot-tell': 0, 'not-ready': 0, redirected: 0, mismapped: 0, cancelled: 0 };
    for (const check of report.checks)
        states[check.state]++;
    const requests = report.requests.toSorted((a, b) => b.requests - a.requests);
    const { waitedMs, timeoutMs } = report;
    const staleness = stalenessFigures(stalenessOf);
    return { states, waitedMs, timeoutMs, stalenessOf, staleness, requests, caches: report.caches };
}
/** Origin hosts named by the words of the check; the others are counted. */
const HOSTS_NAMED = 3;
/**
 * `3 served the new files, 1 could not be told (invalidated at once), 2 still not deployed (not invalidated); waited
 * 12 s`: the states with images, in the order of the check.
 */
function originWords(origin) {
    const parts = [`${(0,format/* count */.U9)(origin.states.ready)} served the new files`];
    for (const state of ['cannot-tell', 'not-ready', 'redirected', 'mismapped', 'cancelled']) {
        const n = origin.states[state];
        if (n > 0)
            parts.push(`${(0,format/* count */.U9)(n)} ${originStateWords(state)}`);
    }
    return `${parts.join(', ')}; waited ${(0,format/* seconds */.YA)(origin.waitedMs)} s${stalenessWords(origin.staleness)}${requestWords(origin.requests)}${cachesWords(origin.caches)}`;
}
/** `; a cache in front of "www.example.com" answered the previous version: Cloudflare (…), its copy 57 s old, …`. */
function cachesWords(caches) {
    const named = caches
        .slice(0, HOSTS_NAMED)
        .map(({ host, cache }) => `; a cache in front of ${(0,shown_shown/* quote */.hD)(host)} answered the previous version: ${cache}`);
    const rest = caches.length - HOSTS_NAMED;
    return `${named.join('')}${rest > 0 ? ` (and ${(0,format/* plural */.LS)(rest, 'other host')})` : ''}`;
}
/**
 * Each image seen to flip with its staleness bound, the stalest first, `  1.2 s  <ref>` a line: the first `limit`,
 * and how many more there are (the JSON report gives each one).
 */
function stalenessLines(stalenessOf, limit) {
    const stalest = [...stalenessOf].toSorted(([, a], [, b]) => b - a);
    return {
        lines: stalest.slice(0, limit).map(([ref, ms]) => `  ${(Math.round(ms) / 1000).toFixed(1)} s  ${ref}`),
        more: Math.max(0, stalest.length - limit),
    };
}
/** `; invalidated at most 0.8 s after its origin served it (p50), 1.1 s (p95), 1.3 s (worst), 10 images`. */
function stalenessWords(staleness) {
    if (staleness === undefined)
        return '';
    const { images, p50Ms, p95Ms, maxMs } = staleness;
    const most = `at most ${(0,format/* seconds */.YA)(maxMs)} s after`;
    if (images === 1)
        return `; the image seen to flip was invalidated ${most} its origin served it`;
    return (`; the ${(0,format/* count */.U9)(images)} images seen to flip were each invalidated ${most} their origin served them ` +
        `(p50 ${(0,format/* seconds */.YA)(p50Ms)} s, p95 ${(0,format/* seconds */.YA)(p95Ms)} s)`);
}
/** `; 42 requests to "127.0.0.1:4000" (30 answered 304)`, each host named through shown.ts. */
function requestWords(requests) {
    if (requests.length === 0)
        return '';
    const named = requests.slice(0, HOSTS_NAMED).map((host) => {
        const notModified = host.notModified > 0 ? ` (${(0,format/* count */.U9)(host.notModified)} answered 304)` : '';
        return `${(0,format/* plural */.LS)(host.requests, 'request')} to ${(0,shown_shown/* quote */.hD)(host.host)}${notModified}`;
    });
    const rest = requests.slice(HOSTS_NAMED);
    if (rest.length > 0)
        named.push(`${(0,format/* plural */.LS)(rest.reduce((sum, host) => sum + host.requests, 0), 'request')} to ${(0,format/* plural */.LS)(rest.length, 'other host')}`);
    return `; ${named.join(', ')}`;
}
function originStateWords(state) {
    switch (state) {
        case 'cannot-tell':
            return 'could not be told (invalidated at once)';
        case 'not-ready':
            return 'still not deployed (not invalidated)';
        case 'redirected':
            return 'redirected to another host or scheme (not invalidated)';
        case 'mismapped':
            return 'mapped by url-map where the site is not (not invalidated)';
        case 'cancelled':
            return 'not asked to the end, since the run was cancelled (not sent)';
        default:
            return state;
    }
}

// EXTERNAL MODULE: ./src/origin/release.ts
var release = __webpack_require__(9179);
// EXTERNAL MODULE: ./src/domain/batches.ts
var batches = __webpack_require__(1336);
;// CONCATENATED MODULE: ./src/invalidate/narration.ts








/** What the invalidation tells the log as it runs (the wait for origins aside: origin-told.ts). */
function narration(log, run) {
    const invalidation = (plan) => {
        switch (plan.scope) {
            case 'assets': {
                const assets = plan.calls.reduce((sum, call) => sum + (0,plan_plan/* assetsIn */.Jd)(call).length, 0);
                const atOnce = Math.min(run.calls.concurrency, plan.calls.length);
                const held = run.dryRun ? 0 : (run.origin?.images.size ?? 0);
                if (assets === 0)
                    log.notice(nothingToInvalidate(plan.files));
                else if (held === 0)
                    log.info(`Invalidate: ${(0,format/* plural */.LS)(assets, 'asset')} in ${(0,format/* plural */.LS)(plan.calls.length, 'call')}, up to ${atOnce} at a time.`);
                else
                    log.info(heldSentence(assets, held, run.calls.concurrency));
                return;
            }
            case 'all':
            case 'domain':
                for (const call of plan.calls)
                    log.info(`Invalidate: ${(0,call_words/* callWords */.S9)(call).subject} (1 call).`);
                return;
            case 'none':
                log.info('Invalidate: nothing (scope none).');
                return;
            default:
                (0,exhaustive/* unhandled */.g)(plan.scope);
        }
    };
    return {
        plan: () => {
            const plan = run.invalidation;
            log.info(`Service: ${run.service.endpoint.href}`);
            if (run.dryRun) {
                const key = run.report.noApiKey ? ' (none was given)' : '';
                log.info(`Dry run: nothing will be sent, so the API key is not checked${key}.`);
            }
            if (plan.files !== undefined)
                files(plan.files, log);
            if (plan.merged !== undefined)
                log.info(mergedSentence(plan.merged));
            if (plan.fromDeliveryUrls !== undefined)
                log.info(deliveryUrlsSentence(plan.fromDeliveryUrls));
            invalidation(plan);
            if (plan.token)
                log.info('Then request a fresh cache token.');
            if (run.origin !== undefined && run.dryRun)
                log.info(`Origin check: would wait until the origin URL of each of ${(0,format/* plural */.LS)(run.origin.images.size, 'image')} ` +
                    `mapped from a file serves the file's new bytes (up to ${(0,format/* seconds */.YA)(run.origin.waitMs)} s) before ` +
                    'invalidating it; ' +
                    (plan.files?.learned === undefined
                        ? 'a dry run asks no origin.'
                        : 'a dry run asked the site only to learn the map, and waits for no new version.'));
        },
        origins: (origin) => {
            log.info(`Origin check: ${originWords(origin)}.`);
            const { lines, more } = stalenessLines(origin.stalenessOf, format/* FAILURES_NAMED */.u);
            if (lines.length === 0)
                return;
            log.info('Each image seen to flip, stale at most (from the last ask that found its previous version):');
            log.lines(lines);
            if (more > 0)
                log.info(`  … and ${(0,format/* count */.U9)(more)} more: the JSON report (report-path) gives each one's staleAtMostMs.`);
        },
        retry: (sent, error, waitMs, attempt) => {
            log.info((0,call_words/* retryWords */.Gh)(sent, error, waitMs, attempt, run.calls.maxRetries));
        },
        call: (record) => {
            for (const attempt of record.attempts) {
                const answer = attempt.status ?? attempt.error ?? '';
                log.debug(`${(0,call_words/* describeCall */.GC)(record)}: ${answer} in ${Math.round(attempt.durationMs)} ms`);
            }
            // Confirmed calls are the normal case: listed in the summary and the report, not one log line each.
            // The service's answer says why (too many assets, or an entry it refuses); the halves answer either. A failed
            // call is a plain line as it ends: the closing errors name each failure once.
            if (record.outcome === 'split')
                log.info(`${(0,call_words/* describeCall */.GC)(record)}: ${record.error?.message ?? 'refused'}; sending it in halves.`);
            else if (record.outcome === 'failed')
                log.info(`${(0,call_words/* describeCall */.GC)(record)}: ${record.error?.message ?? 'failed'}`);
        },
        sent: (outcome) => {
            // A run that sent no invalidation call (scope none, nothing to invalidate) has no count to give: its plan
            // said why, and "0 of 0 confirmed" would read as if something had been tried.
            if (outcome.counts.requests === 0)
                return;
            const withOutcome = (kind) => outcome.calls.filter((record) => record.outcome === kind).length;
            const split = withOutcome('split') > 0 ? `, ${(0,format/* count */.U9)(withOutcome('split'))} split in halves` : '';
            const cancelled = outcome.cancelled ? ', then the run was cancelled' : '';
            log.info(`${(0,format/* count */.U9)(withOutcome('confirmed'))} of ${(0,format/* plural */.LS)(outcome.counts.requests, 'invalidation call')} confirmed${split}${cancelled}.`);
        },
    };
}
/**
 * The log's list of what the service confirmed, so that a green run's log says which URLs it cleared, not only the
 * job summary: the first ones, as many as the failures named, then how many more and where each is.
 */
function tellInvalidated(log, outcome, whereAll) {
    if (outcome.invalidated.length === 0)
        return;
    log.info(`Invalidated ${(0,format/* plural */.LS)(outcome.invalidated.length, 'asset')}:`);
    log.lines(listedRefs(outcome.invalidated, format/* FAILURES_NAMED */.u, whereAll));
}
/** A dry run's calls, each with every asset it would carry, in a log group of their own. */
function listCalls(log, plan) {
    const calls = (0,plan_plan/* plannedCalls */.C9)(plan);
    if (calls.length === 0)
        return;
    log.startGroup(`Would send ${(0,format/* plural */.LS)(calls.length, 'call')}`);
    calls.forEach((call, i) => {
        log.lines([...(0,call_words/* callListing */.xV)([call], i + 1)]);
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
            log.warning(files.learned === undefined
                ? 'No url-map rule maps this image, so it is not invalidated.'
                : 'No single URL of the site was found to serve the folder of this image, so it is not invalidated.', { file: path });
        }
    }
    const skipped = skippedSentence(files);
    if (skipped !== undefined)
        log.warning(skipped);
}
/**
 * The calls of a run that holds images for their origins: their number is not known before, since each batch goes
 * as its origins serve the new files (release.ts).
 */
function heldSentence(assets, held, concurrency) {
    const now = assets - held;
    const first = now === 0 ? '' : `${(0,format/* plural */.LS)(now, 'asset')} at once, then `;
    const mapped = held === 1
        ? 'mapped from a file as its origin serves the new file'
        : 'mapped from files as their origins serve the new files';
    return (`Invalidate: ${first}${(0,format/* plural */.LS)(held, 'image')} ${mapped}, in calls ` +
        `of up to ${batches/* MAX_ASSETS_PER_CALL */.OW} gathered for up to ${release/* LINGER_MS */.R / 1000} s each, so how many calls go depends on ` +
        `when each deploy lands; up to ${concurrency} at a time.`);
}

// EXTERNAL MODULE: ./src/service/asset-results.ts
var asset_results = __webpack_require__(8832);
;// CONCATENATED MODULE: ./src/invalidate/outcome.ts








function outcomeOf(plan, result, cancelled = false, origin) {
    const assets = result?.assets ?? asset_results/* AssetResults */.Z.of([]);
    const invalidated = [];
    const failed = [];
    let notSent = 0;
    const notReady = [];
    assets.forEach((ref, outcome, error) => {
        (outcome === 'invalidated' ? invalidated : failed).push(ref);
        if (outcome === 'not-sent')
            notSent++;
        if (outcome === 'not-ready')
            notReady.push(error === undefined ? { ref, outcome } : { ref, outcome, error });
    });
    const records = result?.calls ?? [];
    const calls = records.filter((record) => record.call.route !== 'token');
    const tokenCall = records.find((record) => record.call.route === 'token');
    const token = result?.token;
    const dryRun = result === undefined;
    const failures = result !== undefined
        ? [...failuresOf(plan, result, notSent, cancelled), ...notReadyFailures(notReady)]
        : cancelled
            ? ['The run was cancelled.']
            : [];
    return {
        dryRun,
        cancelled: cancelled || result?.cancelled === true,
        sent: records.length > 0,
        counts: {
            assets: dryRun ? (0,plan_plan/* plannedAssets */.yG)(plan).length : assets.length,
            invalidated: invalidated.length,
            failed: failed.length - notSent - notReady.length,
            notSent,
            notReady: notReady.length,
            notInvalidated: failed.length,
            requests: calls.length,
            attempts: calls.reduce((sum, record) => sum + record.attempts.length, 0),
            tokenCalls: tokenCall === undefined ? 0 : 1,
            skipped: plan.files?.unmapped.length ?? 0,
        },
        assets,
        invalidated,
        failed,
        touched: dryRun ? (0,plan_plan/* plannedAssets */.yG)(plan) : invalidated,
        calls,
        tokenRequested: plan.token && !dryRun,
        token,
        tokenCall,
        keyRefused: result?.stoppedBy?.keyRefused === true,
        failures,
        namedFailures: (0,format/* named */.KT)(failures, format/* FAILURES_NAMED */.u),
        origin: origin === undefined ? undefined : originFacts(origin, stalenessOf(origin.checks, assets, calls)),
    };
}
/**
 * Each image held back because its origin still served the old file: invalidating it would have cached the old
 * image again, so the step fails and says what the origin served.
 */
function notReadyFailures(notReady) {
    const named = notReady
        // Named as many as the renderers name; the per-asset results and `failed-file` name them all.
        .slice(0, format/* FAILURES_NAMED */.u)
        .map((asset) => `${asset.ref}: ${asset.error ?? 'not invalidated: its origin did not serve the new file'}.`);
    const rest = notReady.length - named.length;
    if (rest > 0)
        named.push(`And ${(0,format/* plural */.LS)(rest, 'other image')} not invalidated, since ${rest === 1 ? 'its origin' : 'their origins'} ` +
            'did not serve the new file in time: the JSON report and failed-file name each.');
    return named;
}
/**
 * A run stopped by one call (a refused key) is one sentence: that call's failure, the calls that failed the same
 * way while it was in flight, and what was therefore not sent.
 */
function failuresOf(plan, result, notSent, cancelled) {
    const stop = result.stoppedBy;
    const stopMessage = stop?.call.error?.message;
    const failedCalls = result.calls.filter((record) => record.outcome === 'failed');
    const sameWay = failedCalls.filter((record) => record !== stop?.call && record.error?.message === stopMessage);
    const failures = failedCalls
        .filter((record) => !sameWay.includes(record))
        .map((record) => {
        const failure = `${(0,call_words/* describeCall */.GC)(record)} failed${afterAttempts(record)}: ${record.error?.message ?? 'unknown error'}`;
        if (record !== stop?.call)
            return failure;
        const also = sameWay.length === 0 ? '' : ` (and ${(0,format/* plural */.LS)(sameWay.length, 'other call')} the same way)`;
        const unsent = notSentWords(plan, result, notSent);
        return `${withoutStop(failure)}${also}.${unsent === undefined ? '' : ` Not sent, since ${stop.reason}: ${unsent}.`}`;
    });
    const reason = result.cancelled === true || cancelled ? 'the run was cancelled' : undefined;
    const unsent = notSentWords(plan, result, notSent);
    if (stop === undefined && unsent !== undefined)
        failures.push(`Not sent, since ${reason ?? 'the run stopped'}: ${unsent}.`);
    else if (stop === undefined && reason !== undefined)
        failures.push('The run was cancelled.');
    return failures;
}
/** What the run did not send: `300 assets and the token`. */
function notSentWords(plan, result, notSent) {
    const parts = notSent > 0 ? [(0,format/* plural */.LS)(notSent, 'asset')] : [];
    const whole = wholeScopeWords(plan.scope);
    if (whole !== undefined && plan.calls.length > 0 && result.calls.length === 0)
        parts.push(`the invalidation of ${whole}`);
    const tokenSent = result.calls.some((record) => record.call.route === 'token');
    if (plan.token && !tokenSent)
        parts.push('the token');
    return parts.length === 0 ? undefined : parts.join(' and ');
}
/** What the invalidation of a scope sent whole is called; none for a scope counted by its assets, or sending none. */
function wholeScopeWords(scope) {
    switch (scope) {
        case 'all':
            return 'every image';
        case 'domain':
            return 'the domain';
        case 'assets': // counted by its assets
        case 'none': // sends no invalidation
            return undefined;
        default:
            return (0,exhaustive/* unhandled */.g)(scope);
    }
}
function withoutStop(sentence) {
    return sentence.replace(/\.$/, '');
}
function afterAttempts(record) {
    return record.attempts.length > 1 ? ` after ${(0,format/* plural */.LS)(record.attempts.length, 'attempt')}` : '';
}

// EXTERNAL MODULE: ./src/domain/urls.ts
var urls = __webpack_require__(3012);
// EXTERNAL MODULE: ./src/mechanics/error-message.ts
var error_message = __webpack_require__(1411);
;// CONCATENATED MODULE: ./src/invalidate/json.ts


/** The scope and what it names, the changed files, the counts, the token, the calls and how the origins went. */
function invalidationJson(inv, learned) {
    const { plan, result, outcome } = inv;
    const { origin } = outcome;
    return {
        scope: plan.scope,
        domain: subjectDomain(plan.calls),
        files: learned === undefined ? plan.files : { ...plan.files, learned: learned.json() },
        counts: outcome.counts,
        merged: plan.merged,
        pauses: result === undefined ? undefined : (result.pauses ?? 0),
        token: { requested: outcome.tokenRequested, value: outcome.token },
        planned: inv.dryRun ? (0,plan_plan/* plannedCalls */.C9)(plan).map(callJson) : undefined,
        origin: origin === undefined
            ? undefined
            : {
                waitedMs: Math.round(origin.waitedMs),
                timeoutMs: origin.timeoutMs,
                states: origin.states,
                staleness: origin.staleness,
                requests: origin.requests,
                caches: origin.caches,
            },
        calls: (result?.calls ?? []).map((record) => ({
            index: record.index,
            ...callJson(record.call),
            outcome: record.outcome,
            attempts: record.attempts,
            error: record.error,
        })),
    };
}
/** The JSON text of each asset, ASSETS_PER_PIECE at a time; made without an object an asset when nothing is added. */
function assetLines(inv) {
    if (!inv.dryRun && inv.origin?.checks === undefined)
        return inv.outcome.assets.jsonPieces(ASSETS_PER_PIECE);
    return map(pieces(assetEntries(inv), ASSETS_PER_PIECE), (piece) => piece.map((asset) => JSON.stringify(asset)));
}
function* map(items, each) {
    for (const item of items)
        yield each(item);
}
/** Each asset with its outcome; on a dry run, `planned`, with the number of the call that would carry it. */
function* assetEntries(inv) {
    if (!inv.dryRun) {
        yield* withOriginTimes(inv);
        return;
    }
    let index = 0;
    for (const call of inv.plan.calls) {
        index++;
        for (const ref of (0,plan_plan/* assetsIn */.Jd)(call))
            yield { ref, outcome: 'planned', call: index };
    }
}
/**
 * With the origin check, each image mapped from a file also tells when its origin served the new file (`originReadyAt`,
 * or when it was found not to be comparable) and when the call that invalidated it ended (`invalidatedAt`): ms on the
 * clock of the calls' attempts; and, for an image seen to flip during the wait, how long it stayed stale at most
 * (`staleAtMostMs`: from the last ask that found the previous version to `invalidatedAt`).
 */
function* withOriginTimes(inv) {
    const checks = inv.origin?.checks;
    if (checks === undefined) {
        yield* inv.outcome.assets;
        return;
    }
    const byRef = new Map(checks.map((check) => [check.ref, check]));
    const calls = new Map(inv.outcome.calls.map((record) => [record.index, record]));
    for (const asset of inv.outcome.assets) {
        const check = byRef.get(asset.ref);
        if (check === undefined) {
            yield asset;
            continue;
        }
        const last = asset.outcome === 'invalidated' ? calls.get(asset.call ?? -1)?.attempts.at(-1) : undefined;
        const stale = inv.outcome.origin?.stalenessOf.get(asset.ref);
        yield {
            ...asset,
            origin: check.state,
            originReadyAt: roundedOrNone(check.settledAt),
            invalidatedAt: last === undefined ? undefined : Math.round(last.startedAt + last.durationMs),
            staleAtMostMs: roundedOrNone(stale),
            originAsks: check.asks,
            originServed: check.seen,
        };
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
// Small enough that no piece is a large object (over 128 KiB), for which V8 maps pages of its own.
const ASSETS_PER_PIECE = 1_000;
/**
 * What the report names beside the scope, from the first call that names something: a domain call's `domain`. A
 * route added to `ApiCall` fails to compile here until it says what it names, if anything.
 */
function subjectDomain(calls) {
    for (const call of calls) {
        switch (call.route) {
            case 'invalidate/domain':
                return call.domain;
            case 'invalidate/all': // named by the scope
            case 'invalidate/assets': // named by the counts and the assets
                continue;
            default:
                return (0,exhaustive/* unhandled */.g)(call);
        }
    }
    return undefined;
}
function roundedOrNone(ms) {
    return ms === undefined ? undefined : Math.round(ms);
}
/** A call in the report as it is sent, but for a batch's assets, given by count: the report lists them apart. */
function callJson(call) {
    if (call.route !== 'invalidate/assets')
        return call;
    return { route: call.route, assetCount: call.assets.length };
}

// EXTERNAL MODULE: ./src/invalidate/thumbnail.ts
var thumbnail = __webpack_require__(369);
;// CONCATENATED MODULE: ./src/invalidate/summary.ts








/**
 * The overview, the images not invalidated though changed, the changed files, the calls (or those that would go),
 * the images, the token and how the origin check went.
 */
function invalidationSummary(inv, preview, learned) {
    const { outcome } = inv;
    const lines = [overview(inv), ''];
    // Near the top: images that were not invalidated, in a run that may be green.
    const skipped = inv.plan.files === undefined ? undefined : skippedSentence(inv.plan.files);
    if (skipped !== undefined)
        lines.push(`> [!WARNING]\n> ${(0,shown_shown/* markdownText */.p7)(skipped)}`, '');
    if (inv.plan.merged !== undefined)
        lines.push(mergedSentence(inv.plan.merged), '');
    if (inv.plan.fromDeliveryUrls !== undefined)
        lines.push(deliveryUrlsSentence(inv.plan.fromDeliveryUrls), '');
    if (inv.dryRun) {
        const none = inv.noApiKey ? ' (none was given: a run that sends needs `api-key`)' : '';
        lines.push(`Nothing was sent, so the API key was not checked${none}.`, '');
    }
    if (inv.plan.files !== undefined)
        lines.push(...filesSection(inv.plan.files, learned));
    // Over changed files, the preview lists each image once, with its file and change, in place of the lists below.
    const previewed = preview?.previewSection(inv);
    if (inv.dryRun)
        lines.push(...plannedTable(inv.plan), ...(previewed ?? plannedAssetLists(inv.plan)));
    else
        lines.push(...callTable(outcome.calls), ...(previewed ?? []));
    if (previewed === undefined && inv.imageHost !== undefined)
        lines.push(...imagesSection(inv, inv.imageHost));
    const token = tokenLine(inv);
    if (token !== undefined)
        lines.push('', token);
    if (outcome.origin !== undefined)
        lines.push('', originLine(outcome.origin));
    return lines;
}
const MAX_CALL_ROWS = 20;
/** How the origin check went, in one line: the images it held back are named among the failures. */
function originLine(origin) {
    return `**Origin check:** ${originWords(origin)}.`;
}
function overview(inv) {
    const { scope } = inv.plan;
    const { counts } = inv.outcome;
    const parts = [`**Scope:** ${scope}`, ...subjectParts(inv.plan.calls)];
    const byAssets = countedByAssets(scope);
    // With no asset to count, the sentence below says why in place of a row of zeros.
    const someAssets = byAssets && counts.assets > 0;
    if (someAssets) {
        parts.push(`**Assets:** ${(0,format/* count */.U9)(counts.assets)}`);
        if (!inv.dryRun) {
            parts.push(`**Invalidated:** ${(0,format/* count */.U9)(counts.invalidated)}`);
            // Said when some were not: a green run's row has no zero in it.
            if (counts.notInvalidated > 0)
                parts.push(`**Not invalidated:** ${notInvalidatedWords(counts)}`);
        }
    }
    // The invalidation calls of the table below; the token call, which has a line of its own, is named apart.
    if (!inv.dryRun && (counts.requests > 0 || counts.tokenCalls > 0))
        parts.push(`**Calls:** ${callsWords(counts, true)}`);
    const overview = parts.join(' · ');
    if (!byAssets || someAssets)
        return overview;
    // A token may still have been requested: then "nothing was sent" would be false.
    const sent = inv.outcome.sent ? ' No invalidation was sent.' : ' Nothing was sent.';
    return `${overview}\n\n${(0,shown_shown/* markdownText */.p7)(nothingToInvalidate(inv.plan.files))}${sent}`;
}
/**
 * What the overview names beside the scope, from the first call that names something: a domain call's domain. A
 * route added to `ApiCall` fails to compile here until it says what it names, if anything.
 */
function subjectParts(calls) {
    for (const call of calls) {
        switch (call.route) {
            case 'invalidate/domain':
                return [`**Domain:** ${(0,shown_shown/* markdownText */.p7)(call.domain)}`];
            case 'invalidate/all': // named by the scope
            case 'invalidate/assets': // named by the counts below
                continue;
            default:
                return (0,exhaustive/* unhandled */.g)(call);
        }
    }
    return [];
}
/** Whether the overview counts the scope's assets (and says when there are none), or names its calls alone. */
function countedByAssets(scope) {
    switch (scope) {
        case 'assets':
            return true;
        case 'domain':
        case 'all':
        case 'none':
            return false;
        default:
            return (0,exhaustive/* unhandled */.g)(scope);
    }
}
const MAX_NAMED_FILES = 20;
function filesSection(files, learned) {
    const lines = [
        '### Changed files',
        '',
        `From ${(0,shown_shown/* markdownText */.p7)(files.source)}: ${fileCounts(files, 'summary')}.`,
    ];
    if (files.truncated !== undefined)
        lines.push('', `**Warning:** ${(0,shown_shown/* markdownText */.p7)(files.truncated)}.`);
    if (files.unmapped.length > 0) {
        const { shown, more } = (0,format/* firstOf */.Ku)(files.unmapped, MAX_NAMED_FILES);
        const why = files.learned === undefined
            ? 'no `url-map` rule maps them'
            : 'no single URL of the site was found to serve their folder (below)';
        lines.push('', `Skipped, since ${why}:`, '');
        lines.push(...shown.map((path) => `- ${(0,shown_shown/* markdownText */.p7)(path)}`));
        if (more !== undefined)
            lines.push(`- … ${more}`);
    }
    lines.push('');
    if (learned !== undefined)
        lines.push(...learned.section());
    return lines;
}
function plannedTable(plan) {
    const calls = (0,plan_plan/* plannedCalls */.C9)(plan);
    if (calls.length === 0)
        return [];
    const { shown, more } = (0,format/* firstOf */.Ku)(calls, MAX_CALL_ROWS);
    const lines = [
        '### Calls that would be sent',
        '',
        '| # | Route | Target |',
        '|---|---|---|',
        ...shown.map((call, index) => `| ${index + 1} | ${call.route} | ${target(call)} |`),
    ];
    if (more !== undefined) {
        const rest = calls.slice(MAX_CALL_ROWS);
        const assets = rest.reduce((sum, call) => sum + (0,plan_plan/* assetsIn */.Jd)(call).length, 0);
        lines.push(`| … | ${more} calls | ${(0,format/* plural */.LS)(assets, 'asset')} |`);
    }
    return lines;
}
/** The summary's room for the dry run's lists of assets: the rest of the summary fits in what is left. */
const ASSET_LISTS_BUDGET_BYTES = 600_000;
// Up to this many assets in all, the lists are open; past it, each call's list is folded.
const OPEN_ASSETS = 20;
/** Every asset of a dry run, call by call, each call's list in a `<details>` block, within the budget. */
function plannedAssetLists(plan) {
    const batches = plan.calls.map((call, i) => ({ index: i + 1, assets: (0,plan_plan/* assetsIn */.Jd)(call) }));
    const total = batches.reduce((sum, batch) => sum + batch.assets.length, 0);
    if (total === 0)
        return [];
    const lines = ['', '### Assets that would be invalidated', ''];
    let room = ASSET_LISTS_BUDGET_BYTES;
    let listed = 0;
    for (const batch of batches) {
        if (batch.assets.length === 0)
            continue;
        const items = batch.assets.map((ref) => `- ${(0,shown_shown/* markdownRef */.Pp)(ref)}`);
        const size = items.reduce((sum, item) => sum + Buffer.byteLength(item) + 1, 0);
        if (size > room)
            break;
        room -= size;
        listed += batch.assets.length;
        const open = total <= OPEN_ASSETS ? ' open' : '';
        const label = `Call ${batch.index}: ${(0,format/* plural */.LS)(batch.assets.length, 'asset')}`;
        lines.push(`<details${open}><summary>${label}</summary>`, '', ...items, '', '</details>', '');
    }
    if (listed < total) {
        lines.push(`… and ${(0,format/* plural */.LS)(total - listed, 'more asset')}, past what a job summary can hold: the JSON report ` +
            '(output `report-path`) lists every one, with its call.');
    }
    return lines;
}
/** Thumbnails shown at most; the rest are counted. */
const MAX_THUMBNAILS = 24;
/**
 * The images invalidated (or, on a dry run, those that would be), as thumbnails loaded through the service
 * (`https://<image-host>/w:160/<origin URL>`, no token), each with its URL as text. Asset hashes have no URL to
 * show: they are listed as text.
 */
function imagesSection(inv, imageHost) {
    const refs = inv.outcome.touched;
    // References are validated and canonical: a URL starts with its http(s) scheme, and a hash has no ':'.
    const isUrl = (ref) => /^https?:/.test(ref);
    const urls = refs.filter(isUrl);
    const hashes = refs.filter((ref) => !isUrl(ref));
    if (refs.length === 0)
        return [];
    const title = inv.dryRun ? 'Images that would be invalidated' : 'Invalidated images';
    const lines = ['', `### ${title}`, ''];
    if (urls.length > 0) {
        const { shown, more } = (0,format/* firstOf */.Ku)(urls, MAX_THUMBNAILS);
        lines.push(`| ${(0,thumbnail/* thumbnailHeader */.aN)(inv.dryRun)} | URL |`, '|---|---|');
        for (const url of shown)
            lines.push(`| ${(0,thumbnail/* thumbnailCell */.Zf)(imageHost, url)} | ${(0,shown_shown/* markdownRef */.Pp)(url)} |`);
        if (more !== undefined)
            lines.push(`| | … ${more} |`);
    }
    if (hashes.length > 0) {
        const { shown, more } = (0,format/* firstOf */.Ku)(hashes, MAX_THUMBNAILS);
        lines.push('', 'By asset hash, with no URL to show:', '', ...shown.map((hash) => `- ${(0,shown_shown/* markdownRef */.Pp)(hash)}`));
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
        group.assets += (0,plan_plan/* assetsIn */.Jd)(call).length;
        group.attempts += attempts.length;
        groups.set(key, group);
    }
    return [
        '### Calls',
        '',
        '| Route | Outcome | Calls | Assets | Attempts |',
        '|---|---|---|---|---|',
        ...[...groups.values()].map((group) => `| ${group.route} | ${group.outcome} | ${(0,format/* count */.U9)(group.calls)} | ${(0,format/* count */.U9)(group.assets)} | ${(0,format/* count */.U9)(group.attempts)} |`),
    ];
}
/** What a call asks for: `100 assets`, `every image of www.example.com`. */
function target(call) {
    return (0,shown_shown/* markdownText */.p7)((0,call_words/* callWords */.S9)(call).subject);
}
/** Each attempt by its status, or by what failed when there was none: `503, ECONNRESET, 200`. */
function statuses(call) {
    return call.attempts.map((attempt) => attempt.status ?? attempt.code ?? attempt.kind ?? '?').join(', ');
}
function seconds(call) {
    const ms = call.attempts.reduce((sum, attempt) => sum + attempt.durationMs + (attempt.waitMs ?? 0), 0);
    return `${(ms / 1000).toFixed(2)} s`;
}
function tokenLine(inv) {
    if (!inv.plan.token)
        return undefined;
    if (inv.dryRun)
        return '**Token:** would be requested.';
    const { token, tokenCall } = inv.outcome;
    if (token !== undefined) {
        return `**Token:** ${(0,shown_shown/* markdownText */.p7)(token)} (cache buster: cb:${(0,shown_shown/* markdownText */.p7)(token)})`;
    }
    return tokenCall === undefined
        ? '**Token:** not requested.'
        : `**Token:** none (${(0,call_words/* describeCall */.GC)(tokenCall)} failed).`;
}

;// CONCATENATED MODULE: ./src/invalidate/text.ts
/** The invalidation's lines of the command's result: the same facts, words and caps as the job summary. */






/** The URLs a run that sent lists on standard output; past them, a count and --json, which lists every one. */
const MAX_LISTED_URLS = 50;
/** The changed files, what was invalidated (or would be), each URL, the token and how the origins went. */
function invalidationText(inv, learned) {
    const lines = [];
    const { plan, outcome } = inv;
    if (plan.files !== undefined)
        lines.push(`Changed files (${plan.files.source}): ${fileCounts(plan.files, 'brief')}.`);
    if (learned !== undefined)
        lines.push(...learned.text());
    if (plan.merged !== undefined)
        lines.push(mergedSentence(plan.merged));
    lines.push(...invalidationLines(inv));
    if (inv.dryRun)
        lines.push(...(0,call_words/* callListing */.xV)((0,plan_plan/* plannedCalls */.C9)(plan)));
    // What the service confirmed, one a line, as the dry run lists what it would send.
    else
        lines.push(...listedRefs(outcome.invalidated, MAX_LISTED_URLS, '--json'));
    const { token } = outcome;
    if (token !== undefined)
        lines.push(`Token: ${token}`, `Cache buster: cb:${token}`);
    if (outcome.origin !== undefined)
        lines.push(`Origin check: ${originWords(outcome.origin)}.`);
    return lines;
}
/**
 * What was invalidated: counted by assets for scope `assets`; for a scope sent whole, its call's subject; for
 * `none`, nothing. A scope added to `SCOPES` fails to compile here until it says which.
 */
function invalidationLines(inv) {
    const { plan, outcome } = inv;
    const { counts } = outcome;
    const [first] = plan.calls;
    switch (plan.scope) {
        case 'assets': {
            // The log's notice, with its reason, in place of "0 of 0 assets in 0 calls".
            if (counts.assets === 0)
                return [nothingToInvalidate(plan.files)];
            const lines = [
                inv.dryRun
                    ? `Would invalidate ${(0,format/* plural */.LS)(counts.assets, 'asset')} in ${(0,format/* plural */.LS)(plan.calls.length, 'call')}.`
                    : counts.requests === 0 && counts.invalidated === 0
                        ? `Invalidated none of ${(0,format/* plural */.LS)(counts.assets, 'asset')}: no invalidation call was sent${counts.tokenCalls > 0 ? ', only the token call' : ''}.`
                        : `Invalidated ${(0,format/* count */.U9)(counts.invalidated)} of ${(0,format/* plural */.LS)(counts.assets, 'asset')} in ${callsWords(counts, false)}.`,
            ];
            if (counts.notInvalidated > 0)
                lines.push(`Not invalidated: ${notInvalidatedWords(counts)}.`);
            return lines;
        }
        case 'none': // sends no invalidation
            return [];
        case 'domain':
        case 'all': {
            if (first === undefined)
                return [];
            const landed = outcome.calls.some((record) => record.outcome === 'confirmed');
            const verb = inv.dryRun ? 'Would invalidate' : landed ? 'Invalidated' : 'Did not invalidate';
            return [`${verb} ${(0,call_words/* callWords */.S9)(first).subject}.`];
        }
        default:
            return (0,exhaustive/* unhandled */.g)(plan.scope);
    }
}

;// CONCATENATED MODULE: ./src/invalidate/told.ts
/** What the invalidation did, in every voice the run speaks. */








async function tellInvalidation(inv, end) {
    const { outcome, imageHost } = inv;
    // A run over changed files loads the words of its preview, and a run that learned a map (site) those of the map.
    // Words that fail to load are a failure of their own: the outputs still say what the calls landed.
    const unloaded = [];
    const loaded = (what, loading) => loading.catch((error) => {
        unloaded.push(`The ${what} could not be told: ${(0,error_message/* errorMessage */.g)(error)}`);
        return undefined;
    });
    const learnedFiles = inv.plan.files?.learned;
    const [preview, learned] = await Promise.all([
        inv.plan.preview === undefined
            ? undefined
            : loaded('preview of the changed files', __webpack_require__.e(/* import() */ 545).then(__webpack_require__.bind(__webpack_require__, 4545))),
        learnedFiles === undefined
            ? undefined
            : loaded('url-map learned from site', __webpack_require__.e(/* import() */ 290).then(__webpack_require__.bind(__webpack_require__, 8290)).then((words) => words.tellLearned(learnedFiles))),
    ]);
    const token = outcome.token ?? '';
    // A cancel that came after the calls (while rewriting) leaves what was not sent unsent all the same.
    const failures = end.cancelled && !outcome.cancelled
        ? outcomeOf(inv.plan, inv.result, true, inv.origin).failures
        : outcome.failures;
    return {
        failures: [...failures, ...unloaded],
        closing: (log, listedIn) => {
            if (inv.dryRun)
                listCalls(log, inv.plan);
            else
                tellInvalidated(log, outcome, listedIn('invalidated'));
        },
        summary: () => invalidationSummary(inv, preview, learned),
        json: () => invalidationJson(inv, learned),
        assets: () => assetLines(inv),
        text: () => invalidationText(inv, learned),
        outputs: {
            token,
            'cache-buster': token === '' ? '' : `cb:${token}`,
            'image-url-prefix': token === '' || imageHost === undefined ? '' : (0,urls/* imageUrlPrefix */.Jt)(imageHost, token),
            invalidated: outcome.invalidated,
            'invalidated-count': String(outcome.invalidated.length),
            failed: outcome.failed,
            'failed-count': String(outcome.counts.notInvalidated),
            requests: String(outcome.counts.requests),
            'origin-waited-seconds': (0,format/* seconds */.YA)(outcome.origin?.waitedMs ?? 0),
        },
    };
}

;// CONCATENATED MODULE: ./src/invalidate/stage.ts




const invalidateStage = {
    name: 'invalidate',
    slice: (plan) => plan,
    run: invalidate,
    tell: tellInvalidation,
};
/**
 * The plan told, then the calls in a log group of their own: the origin check holding the images mapped from files,
 * the calls sent as it releases them, and what they came to. A dry run sends nothing and asks no origin.
 */
async function invalidate(slice, _before, context) {
    const { log } = context;
    const tell = narration(log, slice);
    log.startGroup('Plan');
    tell.plan();
    log.endGroup();
    const told = {
        plan: slice.invalidation,
        dryRun: slice.dryRun,
        imageHost: slice.report.imageHost,
        noApiKey: slice.report.noApiKey,
    };
    const cancelled = () => context.signal?.aborted === true;
    if (slice.dryRun)
        return { ...told, outcome: outcomeOf(slice.invalidation, undefined, cancelled()) };
    // Loaded by a run that sends: a dry run never opens the scheduler and its client.
    const { sendToService } = await Promise.all(/* import() */[__webpack_require__.e(416), __webpack_require__.e(380)]).then(__webpack_require__.bind(__webpack_require__, 7416));
    log.startGroup('Invalidate');
    const hold = slice.origin === undefined ? undefined : await holdForOrigins(slice.origin, context);
    try {
        const result = await sendToService(slice.invalidation, {
            service: slice.service,
            calls: slice.calls,
            redact: context.redact,
            clock: context.clock,
            signal: context.signal,
            held: hold?.held,
            onRetry: tell.retry,
            onCall: (record) => {
                tell.call(record);
                context.callEnded?.(record.outcome === 'failed');
            },
        });
        // The hold reported before the calls could end: its run resolves after its report.
        const origin = await hold?.report;
        const outcome = outcomeOf(slice.invalidation, result, cancelled(), origin);
        if (outcome.origin !== undefined)
            tell.origins(outcome.origin);
        tell.sent(outcome);
        log.endGroup();
        return { ...told, result, origin, outcome };
    }
    finally {
        await hold?.close();
    }
}
/** The origin check and its words, loaded by a run that waits for its origins; told as it starts. */
async function holdForOrigins(origin, context) {
    const [{ startOriginCheck }, { originNarration }] = await Promise.all([
        Promise.all(/* import() */[__webpack_require__.e(363), __webpack_require__.e(62), __webpack_require__.e(590)]).then(__webpack_require__.bind(__webpack_require__, 9590)),
        Promise.all(/* import() */[__webpack_require__.e(363), __webpack_require__.e(78)]).then(__webpack_require__.bind(__webpack_require__, 4697)),
    ]);
    const tell = originNarration(context.log, origin, context.status);
    tell.start(origin.images.size, origin.waitMs);
    return startOriginCheck(origin, context, {
        onCannotTell: tell.cannotTell,
        onMistake: tell.mistake,
        onStalled: tell.stalled,
        onCache: tell.cache,
        onProgress: tell.progress,
    });
}

;// CONCATENATED MODULE: ./src/pages/stage.ts

const pagesStage = {
    name: 'pages',
    slice: (plan) => plan.pages,
    run: variantsOf,
    tell: tellPages,
    /** Before anything is sent: a pattern that matches no page is refused, and the pages are listed once. */
    check: stage_check,
};
async function stage_check(pages, workspace) {
    if (pages === undefined)
        return undefined;
    const { selectedFiles } = await __webpack_require__.e(/* import() */ 334).then(__webpack_require__.bind(__webpack_require__, 8334));
    return { ...pages, paths: await selectedFiles('pages', await workspace(), pages.patterns) };
}
async function variantsOf(pages, before, context) {
    const written = before.rewrite.variants;
    if (pages === undefined || written === undefined)
        return { variants: written };
    const { readPages } = await __webpack_require__.e(/* import() */ 262).then(__webpack_require__.bind(__webpack_require__, 1262));
    const read = await readPages(pages, before.invalidate.outcome, context);
    return { variants: [...written, ...(read?.urls ?? [])], read };
}
/** The pages log as they are read; the JSON report keeps their counts, not every URL found (the proof lists those). */
function tellPages({ read }) {
    if (read === undefined)
        return stage/* SILENT */.q;
    const { stopped, notRead } = read;
    return {
        ...stage/* SILENT */.q,
        json: () => ({
            pages: {
                read: read.read,
                bytes: read.bytes,
                variants: read.urls.length,
                skipped: read.skipped,
                stopped,
                notRead: stopped === undefined ? undefined : notRead,
            },
        }),
    };
}

;// CONCATENATED MODULE: ./src/proof/stage.ts

const proofStage = {
    name: 'proof',
    slice: (plan) => plan.proof,
    // Its work and its words are loaded by a run that asks for the proof (verify: true), in one chunk: they share facts.
    run: async (proof, before, context) => proof === undefined
        ? undefined
        : (await Promise.all(/* import() | proof */[__webpack_require__.e(62), __webpack_require__.e(795)]).then(__webpack_require__.bind(__webpack_require__, 168))).proveFresh(proof, before, context),
    tell: async (report) => report === undefined
        ? stage/* SILENT */.q
        : (await Promise.all(/* import() | proof */[__webpack_require__.e(62), __webpack_require__.e(795)]).then(__webpack_require__.bind(__webpack_require__, 8969))).tellProof(report),
};

;// CONCATENATED MODULE: ./src/warm/stage.ts

/** Its work and its words are loaded by a run that warms (warm: true). */
const warmStage = {
    name: 'warm',
    slice: (plan) => plan.warm,
    run: async (warm, before, context) => warm === undefined
        ? undefined
        : (await __webpack_require__.e(/* import() | warm */ 248).then(__webpack_require__.bind(__webpack_require__, 8466))).warmUp(warm, before, context),
    tell: async (report) => report === undefined
        ? stage/* SILENT */.q
        : (await __webpack_require__.e(/* import() | warm */ 248).then(__webpack_require__.bind(__webpack_require__, 344))).tellWarm(report),
};

;// CONCATENATED MODULE: ./src/outcome/stages.ts
/**
 * The stages after the plan, in the order they run and tell: the one list a new stage joins. The flow runs them in
 * this order, each given its slice and the results before it; every renderer composes what they tell, in this order.
 */







const STAGES = [invalidateStage, rewriteStage, pagesStage, warmStage, proofStage];
/** Runs the stages in order: each is given its slice of the plan and every result before it. */
async function runStages(plan, context) {
    const ran = {};
    for (const stage of STAGES) {
        const run = stage.run;
        try {
            ran[stage.name] = await run(stage.slice(plan), { ...ran }, context);
        }
        catch (error) {
            const invalidated = ran.invalidate;
            if (invalidated === undefined)
                throw error;
            throw new FailedAfterTheCalls(stage.name, !invalidated.dryRun, error);
        }
    }
    // Each name was set to its own stage's result, as InOrder checks they are read.
    return ran;
}
/**
 * A stage after the invalidation that threw (a bug, or its code failed to load from a broken install): the run ends
 * there, and says that the calls, when it sent them, were sent; the log has told what they landed.
 */
class FailedAfterTheCalls extends Error {
    sent;
    constructor(stage, sent, cause) {
        super(`The ${stage} stage failed after the invalidation (${(0,error_message/* errorMessage */.g)(cause)})` +
            (sent ? ': the calls were sent, and the log above tells what they landed' : ''), { cause });
        this.sent = sent;
    }
}
/** What each stage did, told, in the order of the list. */
function toldBy(ran, end) {
    return Promise.all(STAGES.map((stage) => {
        const tell = stage.tell;
        return toldSafely(stage.name, () => tell(ran[stage.name], end));
    }));
}
/**
 * What a stage told; or, when it could not tell (its words failed to load: a broken install, no file handle left),
 * that failure, so that the others still tell what landed: the calls have been made by then.
 */
async function toldSafely(name, tell) {
    try {
        return await tell();
    }
    catch (error) {
        return {
            ...stage/* SILENT */.q,
            failures: [
                `The ${name} stage ran, but its report could not be made (${(0,error_message/* errorMessage */.g)(error)}); the log above tells what it did`,
            ],
        };
    }
}

;// CONCATENATED MODULE: ./src/outcome/outcome.ts


/** The run's outcome: a cancel that came after the calls (while rewriting) makes a cancelled run all the same. */
async function runOutcome(ran, cancelled) {
    const landed = ran.invalidate.outcome;
    const failures = (await toldBy(ran, { cancelled })).flatMap((told) => told.failures);
    return {
        ...landed,
        cancelled: cancelled || landed.cancelled,
        failures,
        namedFailures: (0,format/* named */.KT)(failures, format/* FAILURES_NAMED */.u),
    };
}
/** The outcome with failures told after it was computed (the record's, which runs after it). */
function withFailures(outcome, more) {
    if (more.length === 0)
        return outcome;
    const failures = [...outcome.failures, ...more];
    return { ...outcome, failures, namedFailures: (0,format/* named */.KT)(failures, format/* FAILURES_NAMED */.u) };
}
/** `… and 3 more failures: the JSON report (output report-path) lists each one.`, or undefined when none is left. */
function moreFailuresWords(failures, report) {
    if (failures.more === 0)
        return undefined;
    return `… and ${(0,format/* plural */.LS)(failures.more, 'more failure')}: the JSON report (${report}) lists each one.`;
}

;// CONCATENATED MODULE: ./src/record/stage.ts

/**
 * The record stage: the run's deployment on its target (fresh, or what it owes) unless it is a dry run or its head
 * was fresh already; and a failed or cancelled run names the images it left stale and how they will be caught up, as
 * the record's state allows.
 */
const recordStage = {
    name: 'record',
    slice: (plan) => plan.record,
    run: record,
    // Its words are loaded by a run that has a record to tell of; a chunk of their own, since a dry run tells of one
    // (not recorded) without writing it.
    tell: async (result) => (result === undefined ? stage/* SILENT */.q : (await __webpack_require__.e(/* import() */ 896).then(__webpack_require__.bind(__webpack_require__, 8896))).tellRecord(result)),
};
async function record(pending, { outcome }, { log }) {
    if (outcome.dryRun) {
        if (pending?.state === 'write')
            log.info('Nothing recorded, since a dry run invalidates nothing.');
        return pending === undefined
            ? undefined
            : { state: 'not-recorded', reason: 'a dry run invalidates nothing' };
    }
    const result = await written(pending, outcome, log);
    if (outcome.failed.length === 0)
        return result;
    // Loaded by a run that left images stale.
    return (await __webpack_require__.e(/* import() */ 936).then(__webpack_require__.bind(__webpack_require__, 5936))).withLeft(pending, result, outcome.failed, log);
}
async function written(pending, outcome, log) {
    if (pending === undefined)
        return undefined;
    switch (pending.state) {
        case 'off':
            // Said as a warning when the record could not be read.
            return { state: 'not-recorded', reason: `catch-up is off: ${pending.why}` };
        case 'write':
            if (pending.freshAlready)
                return { state: 'fresh-already', commit: pending.head, target: pending.target };
            // Loaded by a run that writes the record.
            return (await Promise.all(/* import() */[__webpack_require__.e(697), __webpack_require__.e(294)]).then(__webpack_require__.bind(__webpack_require__, 913))).writeTargetRecord(pending, outcome, log);
    }
}

;// CONCATENATED MODULE: ./src/report/report.ts




/** The report of a run whose stages have all run. */
async function reportOf(run) {
    const end = { cancelled: run.outcome.cancelled };
    const record = await toldSafely(recordStage.name, () => recordStage.tell(run.record));
    const told = [...(await toldBy(run.ran, end)), record];
    // The record is told after the outcome was computed: what it failed to tell fails the run all the same.
    return { ...run, outcome: withFailures(run.outcome, record.failures), told, finishedAt: new Date() };
}
/**
 * A list output at most this long, in characters: a later step can still pass it through an environment variable on
 * Windows (32,767 characters), and all outputs together stay far under the runner's 1 MB per job.
 */
const OUTPUT_LIST_CAP = 30_000;
/** The output naming the file that lists each list output whole, and that file. */
const LISTED_IN = {
    invalidated: { output: 'invalidated-file', file: 'invalidated' },
    failed: { output: 'failed-file', file: 'failed' },
    unverified: { output: 'report-path', file: 'report' },
};
/** Every output, as a run that ended before its plan (or whose stages set none of it) leaves it. */
const UNSET = {
    token: '',
    'cache-buster': '',
    'image-url-prefix': '',
    invalidated: '[]',
    'invalidated-count': '0',
    'invalidated-file': '',
    failed: '[]',
    'failed-count': '0',
    'failed-file': '',
    requests: '0',
    'origin-waited-seconds': '0',
    'verified-count': '',
    unverified: '',
    'report-path': '',
    'summary-file': '',
};
/** Each list output a stage set, with its references. */
function listOutputs(report) {
    return (report?.told ?? []).flatMap((told) => Object.keys(LISTED_IN).flatMap((output) => {
        const refs = told.outputs[output];
        return refs === undefined ? [] : [{ output, refs }];
    }));
}
/** The step's outputs, every one that action.yml declares; a run that ended before its plan has no report. */
function outputsOf(report, files) {
    const outputs = {
        ...UNSET,
        'invalidated-file': files.invalidated,
        'failed-file': files.failed,
        'report-path': files.report,
        'summary-file': files.summary,
    };
    for (const told of report?.told ?? []) {
        for (const [name, value] of Object.entries(told.outputs))
            if (typeof value === 'string')
                outputs[name] = value;
    }
    for (const list of listOutputs(report))
        outputs[list.output] = listOutput(list.output, list.refs, files);
    return outputs;
}
/**
 * A JSON array while it fits; past the cap, a sentence that no JSON parser or workflow takes for the list, naming
 * the file that lists them all; empty when that file was not written whole, since it would name nothing.
 */
function listOutput(output, refs, files) {
    const json = withinCap(refs);
    if (json !== undefined)
        return json;
    const listed = LISTED_IN[output];
    if (files[listed.file] === '')
        return '';
    const many = (0,format/* counted */.hS)(refs.length, 'reference is', 'references are');
    return `${LIST_CUT} ${many} too many for an output; the file named by ${listed.output} lists them all`;
}
function withinCap(refs) {
    // Escaping only lengthens: a list whose bare size is over the cap is never turned into one long string.
    const bare = refs.reduce((size, ref) => size + ref.length + 3, 2);
    const json = bare > OUTPUT_LIST_CAP ? undefined : JSON.stringify(refs);
    return json !== undefined && json.length <= OUTPUT_LIST_CAP ? json : undefined;
}
/**
 * The list outputs left empty: too many references for the output, and the file that would list them not written
 * (`notWritten`: why, by the file's key). Each as the warning that says so, naming the file and its error.
 */
function unlistedOutputs(report, files, notWritten) {
    return listOutputs(report)
        .filter((list) => files[LISTED_IN[list.output].file] === '' && withinCap(list.refs) === undefined)
        .map(({ output, refs }) => {
        const listed = LISTED_IN[output];
        return (`${output}: left empty: ${(0,format/* counted */.hS)(refs.length, 'reference is', 'references are')} too many for ` +
            `an output, and ${listed.output}, which would list them, could not be written (${notWritten(listed.file)}).`);
    });
}
/** How a list output that gave way to its file begins. */
const LIST_CUT = 'not listed here:';
/**
 * The JSON report as text, in pieces: what each stage told, then every asset with its outcome, one a line, a chunk
 * at a time, so that a million assets never become one string. `clean` is applied to each piece (the key's forms
 * removed, runner commands neutralised). Times are ms from the start.
 */
function* reportJsonText(report, clean) {
    const { outcome } = report;
    const fields = {
        ok: outcome.failures.length === 0,
        dryRun: outcome.dryRun,
        cancelled: outcome.cancelled ? true : undefined,
        startedAt: report.startedAt.toISOString(),
        finishedAt: report.finishedAt.toISOString(),
        failures: outcome.failures,
        ...report.told.reduce((all, told) => ({ ...all, ...told.json() }), {}),
    };
    const head = JSON.stringify(fields, null, 2);
    yield clean(`${head.slice(0, head.lastIndexOf('\n}'))},\n  "assets": [`);
    let first = true;
    for (const told of report.told) {
        for (const lines of told.assets()) {
            // What goes before the piece is joined in with it: one string, not pairs that V8 would copy again.
            lines[0] = `${first ? '' : ','}\n    ${lines[0] ?? ''}`;
            yield clean(lines.join(',\n    '));
            first = false;
        }
    }
    yield `${first ? '' : '\n  '}]\n}\n`;
}
/** The JSON report of a run that ended before its plan. */
function failureJson(failure) {
    return {
        ok: false,
        error: failure.error,
        sent: failure.sent === true,
        startedAt: failure.startedAt.toISOString(),
    };
}

// EXTERNAL MODULE: ./src/domain/policy.ts
var policy = __webpack_require__(4596);
;// CONCATENATED MODULE: ./src/plan/run-plan.ts



/**
 * The run's decisions. `changed`: the files given or detected, when the target asks for them; `early`: what was
 * planned and checked before them.
 */
function planTheRun(settings, early, changed, record, learned) {
    const { imageHost } = settings;
    const rewriteCheck = early.rewrite;
    const checkOrigins = asksOrigins(settings.originCheck);
    const invalidation = (0,plan_plan/* planRun */.nY)(settings, changed, checkOrigins || settings.verify || rewriteCheck?.with === 'content', learned);
    const origin = checkOrigins ? originPlan(settings, invalidation, changed) : undefined;
    const service = { endpoint: settings.endpoint, apiKey: settings.apiKey };
    const calls = {
        concurrency: settings.concurrency,
        timeoutMs: settings.timeoutMs,
        maxRetries: settings.maxRetries,
        policy: origin === undefined ? {} : withOriginWait(origin.waitMs),
    };
    const proof = settings.verify ? proofPlan(settings, invalidation, changed, { service, calls }) : undefined;
    const warm = settings.warm && imageHost !== undefined;
    const rewrite = rewriteCheck === undefined
        ? undefined
        : {
            ...rewriteCheck,
            preview: settings.dryRun,
            keepUrls: warm || proof !== undefined,
            fileOf: invalidation.fileOf,
        };
    return {
        invalidation,
        dryRun: settings.dryRun,
        service,
        calls,
        origin,
        rewrite,
        pages: early.pages,
        warm: warm ? { preview: settings.dryRun, imageHost, timeoutMs: settings.timeoutMs } : undefined,
        proof,
        record,
        report: { imageHost, noApiKey: settings.apiKey === '' },
    };
}
/** What is known before the changes: the built files to rewrite, and the pages to read. */
function planBeforeChanges(settings) {
    return { rewrite: planRewrite(settings), pages: planPages(settings) };
}
/** The built files to rewrite, when `rewrite` names some. */
function planRewrite(settings) {
    const { imageHost } = settings;
    if (settings.rewrite.length === 0 || imageHost === undefined)
        return undefined;
    return { patterns: settings.rewrite, with: settings.rewriteWith, imageHost };
}
/** The pages to read the variants from, when `pages` names some and a stage asks the image host for variants. */
function planPages(settings) {
    const { imageHost } = settings;
    if (settings.pages.length === 0 || imageHost === undefined || !(settings.warm || settings.verify))
        return undefined;
    return { patterns: settings.pages, imageHost };
}
/** `origin-check: content`: an image mapped from a file waits for its origin to serve that file's bytes. */
function asksOrigins(check) {
    switch (check) {
        case 'content':
            return true;
        case 'off':
            return false;
        default:
            return (0,exhaustive/* unhandled */.g)(check);
    }
}
/** The images url-map made from changed files, held for their origin; none: nothing to wait for. */
function originPlan(settings, invalidation, changed) {
    const images = invalidation.fileOf;
    if (images === undefined || images.size === 0)
        return undefined;
    const learned = invalidation.files?.learned !== undefined;
    return {
        images,
        waitMs: settings.originTimeoutMs,
        requestTimeoutMs: settings.timeoutMs,
        // The rules that mapped the images: url-map's, or those learned from the site.
        urlMap: invalidation.files?.urlMap ?? [],
        // A learned folder was seen served already: no unchanged image is asked again to prove its rule.
        patterns: settings.target.scope === 'assets' && !learned ? (settings.target.changes?.patterns ?? []) : [],
        base: changed?.base,
    };
}
/** The images to prove fresh: those mapped from files (an image given by URL has no file to compare with). */
function proofPlan(settings, invalidation, changed, sending) {
    const { imageHost } = settings;
    if (imageHost === undefined)
        return undefined;
    return {
        ...sending,
        preview: settings.dryRun,
        imageHost,
        images: invalidation.fileOf ?? new Map(),
        requestTimeoutMs: settings.timeoutMs,
        base: changed?.base,
    };
}
/** The retry window starts when the first call could go out, not before the wait for origins: it grows by it. */
function withOriginWait(waitMs) {
    return { retryWindowMs: policy/* DEFAULT_POLICY */.zj.retryWindowMs + waitMs };
}

;// CONCATENATED MODULE: ./src/changes/stage.ts
/**
 * The files given in `files`, or those changed in what the run compares (the event's range, or on a branch what the
 * target's record owes up to the head), when the target asks for them; and on a branch, the record to write. Finding
 * them (git, GitHub's API, the record) is loaded by a run that does.
 */
async function changesStage(settings, options) {
    const { target } = settings;
    if (target.scope !== 'assets' || target.changes === undefined)
        return undefined;
    if (target.changes.files !== undefined) {
        const source = target.changes.filesSource ?? 'the files input';
        return { files: { files: [...target.changes.files], source } };
    }
    const { changedFiles } = await Promise.all(/* import() */[__webpack_require__.e(697), __webpack_require__.e(23)]).then(__webpack_require__.bind(__webpack_require__, 7023));
    return changedFiles(settings, target.changes, options);
}

;// CONCATENATED MODULE: ./src/learn/stage.ts
async function learnedMap(settings, changed, context, ci) {
    const { target } = settings;
    if (target.scope !== 'assets' || target.changes?.site === undefined || changed === undefined)
        return undefined;
    const { learnMap } = await Promise.all(/* import() */[__webpack_require__.e(363), __webpack_require__.e(62), __webpack_require__.e(249)]).then(__webpack_require__.bind(__webpack_require__, 5249));
    return learnMap({
        site: target.changes.site,
        changed,
        patterns: target.changes.patterns,
        waitMs: settings.originTimeoutMs,
        requestTimeoutMs: settings.timeoutMs,
        deployedUrl: (await ci()).deployedUrl,
    }, { ...context, workspace: await context.workspace() });
}

;// CONCATENATED MODULE: ./src/flow.ts










/**
 * One run, from settings to report: the changed files, the plan, each stage of the list in turn, the outcome, then
 * the record. Not itself async: once planned, the run holds its plan and no longer the settings, whose list of a
 * million paths (and the text they were read from) would otherwise stay in memory through every call.
 */
function runFlow(settings, options) {
    const startedAt = new Date();
    const ci = once(options.ci);
    const context = {
        log: options.log,
        redact: options.redact,
        clock: options.clock ?? clock/* systemClock */.m,
        signal: options.signal,
        workspace: async () => (await ci()).workspace,
        status: options.status,
        callEnded: options.callEnded,
    };
    return planFlow(settings, context, { ...options, ci }).then(async (plan) => {
        options.onPlan?.(plan);
        const ran = await runStages(plan, context);
        const outcome = await runOutcome(ran, context.signal?.aborted === true);
        // Last: a commit is recorded fresh only once every other stage has landed.
        const record = await recordStage.run(recordStage.slice(plan), { outcome }, context);
        return reportOf({ ran, outcome, record, startedAt });
    });
}
/** What is planned before the changes, checked before anything is sent; then the changed files, and the plan. */
async function planFlow(settings, context, options) {
    const early = planBeforeChanges(settings);
    await rewriteStage.check(early.rewrite, context.workspace);
    const pages = await pagesStage.check(early.pages, context.workspace);
    const changes = await changesStage(settings, options);
    const learned = await learnedMap(settings, changes?.files, context, options.ci);
    return planTheRun(settings, { rewrite: early.rewrite, pages }, changes?.files, changes?.record, learned);
}
/** The CI's context, made once: it reads the event's payload from a file. */
function once(ci) {
    let context;
    return () => (context ??= Promise.resolve().then(ci));
}

;// CONCATENATED MODULE: ./src/report/closing.ts

function tellClosing(log, report, listedIn) {
    for (const told of report.told)
        told.closing(log, listedIn);
    // Each failure the outcome names, once, as an error (an outage fails every call).
    const { namedFailures } = report.outcome;
    for (const failure of namedFailures.shown)
        log.error(failure);
    const more = moreFailuresWords(namedFailures, 'output report-path');
    if (more !== undefined)
        log.error(more);
}

;// CONCATENATED MODULE: ./src/shown/log.ts

/**
 * The same log, with every line made fit to show first (shown.ts): nothing reaches it as it came. `listed` redacts
 * the run's own lists: they hold no server text, so the key's known forms are all there is to find in them, as in
 * the report that lists the same references.
 */
function shownLog(log, redact, listedRedact = redact) {
    const shown = (0,shown_shown/* shownBy */.Le)(redact);
    const listed = (0,shown_shown/* shownBy */.Le)(listedRedact);
    return {
        lines: (lines) => {
            if (lines.length > 0)
                log.info(listed(lines.map(shown_shown/* oneLine */.TN).join('\n')));
        },
        // A plain line is written as it is: a line break in it would start a line of its own. Annotations and debug
        // lines are commands, whose data the runner's escaping keeps on one line.
        info: (line) => {
            log.info(shown((0,shown_shown/* oneLine */.TN)(line)));
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

;// CONCATENATED MODULE: ./src/shown/runner-log.ts


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
            line((0,shown_shown/* workflowCommand */.NA)('notice', {}, text));
        },
        warning: (text, where) => {
            line((0,shown_shown/* workflowCommand */.NA)('warning', { file: where?.file }, text));
        },
        error: (text) => {
            line((0,shown_shown/* workflowCommand */.NA)('error', {}, text));
        },
        debug: (text) => {
            line((0,shown_shown/* workflowCommand */.NA)('debug', {}, text));
        },
        startGroup: (name) => {
            line((0,shown_shown/* workflowCommand */.NA)('group', {}, name));
        },
        endGroup: () => {
            line((0,shown_shown/* workflowCommand */.NA)('endgroup', {}, ''));
        },
    };
}

;// CONCATENATED MODULE: ./src/report/summary.ts
/**
 * The job summary, as Markdown: the heading, then each stage's section in the order of the list, then the failures.
 * Everything from outside (refs, server text) is escaped by the stage that shows it: no markup gets through.
 */


function summaryMarkdown(report, limitBytes = SUMMARY_LIMIT_BYTES) {
    const { outcome } = report;
    const lines = [`## Image cache invalidation${heading(report)}`, ''];
    if (outcome.cancelled)
        lines.push(CANCELLED, '');
    for (const told of report.told) {
        const section = told.summary();
        if (section.length > 0)
            lines.push(...section, '');
    }
    const { shown } = outcome.namedFailures;
    if (shown.length > 0) {
        lines.push('### Failures', '', ...shown.map((failure) => `- ${(0,shown_shown/* markdownText */.p7)(failure)}`));
        const rest = moreFailuresWords(outcome.namedFailures, 'output `report-path`');
        if (rest !== undefined)
            lines.push(`- ${rest}`);
    }
    return withinSummaryLimit(`${lines.join('\n').trimEnd()}\n`, limitBytes);
}
function heading(report) {
    if (report.outcome.dryRun)
        return ' — dry run: nothing was sent';
    return report.outcome.cancelled ? ' — cancelled' : '';
}
const CANCELLED = '**The run was cancelled:** no call started after the signal; what the service confirmed before it is below.';
/** GitHub refuses a step summary over 1 MiB; this leaves room for what other steps add. */
const SUMMARY_LIMIT_BYTES = 1_000_000;
/**
 * GitHub refuses a comment over 65,536 characters; bytes are never fewer than characters, and this leaves room for
 * the marker a sticky-comment action adds.
 */
const COMMENT_LIMIT_BYTES = 60_000;
/** The summary, cut at a line break where it would pass the limit, and saying so. */
function withinSummaryLimit(markdown, limitBytes = SUMMARY_LIMIT_BYTES) {
    if (Buffer.byteLength(markdown) <= limitBytes)
        return markdown;
    const note = '\n\n**The summary is cut here**, to stay within what GitHub shows; the JSON report lists everything.\n';
    const room = limitBytes - Buffer.byteLength(note);
    let cut = Buffer.from(markdown).subarray(0, room).toString('utf8');
    cut = cut.slice(0, cut.lastIndexOf('\n'));
    return cut + note;
}
/** The summary of a run that ended before its report: why, quoted, and whether its calls had been sent. */
function failureMarkdown(failure) {
    const lines = failure.error.split('\n').map((line) => `> ${(0,shown_shown/* markdownText */.p7)(line)}`);
    const what = failure.sent === true ? 'The run failed after its calls were sent' : 'Nothing was sent';
    return `## Image cache invalidation\n\n${what}:\n\n${lines.join('\n')}\n`;
}

;// CONCATENATED MODULE: ./src/settings/action-contract.ts
// Generated from action.yml by scripts/generate.ts (npm run generate): do not edit.
// The command reads its defaults from here; the action gets them from the runner.
const ACTION_INPUTS = {
    'api-key': {
        required: false,
        default: '',
    },
    'base-url': {
        required: true,
        default: '',
    },
    'service-key': {
        required: true,
        default: '',
    },
    scope: {
        required: false,
        default: 'assets',
    },
    domain: {
        required: false,
        default: '',
    },
    assets: {
        required: false,
        default: '',
    },
    'assets-from': {
        required: false,
        default: '',
    },
    files: {
        required: false,
        default: '',
    },
    'files-from': {
        required: false,
        default: '',
    },
    paths: {
        required: false,
        default: '**/*.{apng,avif,bmp,gif,heic,heif,ico,jfif,jpeg,jpg,jxl,pjp,pjpeg,png,svg,tif,tiff,webp}',
    },
    'url-map': {
        required: false,
        default: '',
    },
    site: {
        required: false,
        default: '',
    },
    since: {
        required: false,
        default: '',
    },
    'github-token': {
        required: false,
        default: '${{ github.token }}',
    },
    token: {
        required: false,
        default: 'false',
    },
    'image-host': {
        required: false,
        default: '',
    },
    rewrite: {
        required: false,
        default: '',
    },
    'rewrite-with': {
        required: false,
        default: 'token',
    },
    warm: {
        required: false,
        default: 'false',
    },
    verify: {
        required: false,
        default: 'false',
    },
    pages: {
        required: false,
        default: '',
    },
    'dry-run': {
        required: false,
        default: 'false',
    },
    'origin-check': {
        required: false,
        default: 'content',
    },
    'origin-timeout': {
        required: false,
        default: '300',
    },
    concurrency: {
        required: false,
        default: '4',
    },
    'max-retries': {
        required: false,
        default: '5',
    },
    'timeout-seconds': {
        required: false,
        default: '30',
    },
    'catch-up': {
        required: false,
        default: 'true',
    },
    'record-name': {
        required: false,
        default: '',
    },
    'status-context': {
        required: false,
        default: '',
    },
    'deploy-environment': {
        required: false,
        default: 'production',
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
    'origin-waited-seconds',
    'verified-count',
    'unverified',
    'report-path',
    'summary-file',
]));

// EXTERNAL MODULE: ./src/domain/refs.ts
var domain_refs = __webpack_require__(92);
// EXTERNAL MODULE: ./src/mechanics/input-error.ts
var input_error = __webpack_require__(532);
// EXTERNAL MODULE: ./src/domain/list-syntax.ts
var list_syntax = __webpack_require__(4444);
// EXTERNAL MODULE: ./src/domain/unique.ts
var unique = __webpack_require__(6089);
;// CONCATENATED MODULE: ./src/settings/files-input.ts




/**
 * `files`: repository paths in the one list syntax (list-syntax.ts): one per line, NUL-separated, or a JSON array
 * (as changed-files actions print with JSON on). `source` names the input the user set, in any error.
 */
function parseFileList(text, source = 'files') {
    // An entry of a JSON array or of a NUL-separated list is taken whole: a space at either end is part of the name.
    const paths = (0,list_syntax/* parseList */.E1)(text, 'files', source).map((entry) => repositoryPath(entry, source));
    return (0,unique/* uniqueStrings */.i)(paths.includes('') ? paths.filter((path) => path !== '') : paths);
}
/**
 * A repository path as git prints it: '/' between folders, no leading './' or '/'. Tools on Windows print
 * `public\images\a.png`, so a backslash is read as a separator (a name holding a backslash cannot be given).
 * Git prints no '.' or '..' segment: one would map a path outside its url-map rule's URL prefix
 * (`public/images/../../admin/a.png` to `https://www.example.com/admin/a.png`), so it is refused.
 */
function repositoryPath(entry, source) {
    const path = entry.replaceAll('\\', '/').replace(/^(?:\.\/|\/)+/, '');
    if (DOT_SEGMENT.test(path)) {
        throw new input_error/* InputError */.d(`${source}: ${(0,shown_shown/* quote */.hD)(entry)} has a '.' or '..' segment, which would map it outside its url-map rule; give ` +
            'each path as git prints it, from the top of the repository, without them (git diff --name-only).');
    }
    return path;
}
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

// EXTERNAL MODULE: ./src/settings/select.ts + 2 modules
var settings_select = __webpack_require__(9345);
// EXTERNAL MODULE: ./src/settings/url-map.ts
var url_map = __webpack_require__(4411);
// EXTERNAL MODULE: ./src/mechanics/http-url.ts
var http_url = __webpack_require__(9071);
// EXTERNAL MODULE: ./src/domain/credentials.ts
var credentials = __webpack_require__(9658);
;// CONCATENATED MODULE: ./src/settings/inputs.ts
/** Parsers for single input values. Each throws an InputError naming the input, the value and what is allowed. */




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
    return parsed ?? (0,input_error/* throwInput */.j)(`${name}: ${(0,shown_shown/* quote */.hD)(value)} is not a boolean; use true or false.`);
}
function parseChoice(name, value, choices) {
    const trimmed = value.trim();
    const choice = choices.find((candidate) => candidate === trimmed);
    return choice ?? (0,input_error/* throwInput */.j)(`${name}: ${(0,shown_shown/* quote */.hD)(value)} is not one of ${choices.join(', ')}.`);
}
function parseWholeNumber(name, value, min, max) {
    const trimmed = value.trim();
    const parsed = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
    if (parsed >= min && parsed <= max)
        return parsed;
    return (0,input_error/* throwInput */.j)(`${name}: ${(0,shown_shown/* quote */.hD)(value)} is not allowed; use a whole number from ${min} to ${max}.`);
}
function parseSeconds(name, value, min, max) {
    const trimmed = value.trim();
    const parsed = /^\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
    if (parsed >= min && parsed <= max)
        return parsed;
    return (0,input_error/* throwInput */.j)(`${name}: ${(0,shown_shown/* quote */.hD)(value)} is not allowed; use a number of seconds from ${min} to ${max}.`);
}
/** An empty key, in a workflow's words; the command says it in its own (src/cli). */
const NO_API_KEY = "api-key: is empty; pass the account's Root API key from a secret, e.g. api-key: ${{ secrets.IMAGE_API_KEY }}" +
    ' (a secret that is not set, or not available to this workflow, arrives empty, as on pull requests from ' +
    'forks). To preview what would be invalidated without a key, set dry-run: true.';
/** The key itself is never quoted in a message: only what is wrong with it. */
function parseApiKey(value) {
    const key = value.trim();
    if (key === '') {
        return (0,input_error/* throwInput */.j)(NO_API_KEY);
    }
    if (/^bearer\s/i.test(key)) {
        return (0,input_error/* throwInput */.j)("api-key: starts with 'Bearer ' (value not shown); give the key alone: the action sends it as " +
            "'Authorization: Bearer <key>' itself.");
    }
    // Quotes kept from a YAML value or a shell assignment would be sent as part of the key, and refused.
    if (/^(["'`]).+\1$|^[\u2018\u201c].+[\u2019\u201d]$/s.test(key)) {
        return (0,input_error/* throwInput */.j)('api-key: is wrapped in quotes (value not shown); store the key in the secret without quotes around it.');
    }
    // A token of another service pasted into the wrong secret: sending it would show it to the image service.
    if (/^(?:ghp|gho|ghs|ghu|ghr)_|^github_pat_/.test(key)) {
        return (0,input_error/* throwInput */.j)("api-key: looks like a GitHub token (value not shown), not the image service's Root API key; check which " +
            'secret api-key reads.');
    }
    if (/[\r\n]/.test(key)) {
        return (0,input_error/* throwInput */.j)('api-key: contains a line break (value not shown); a key is a single line.');
    }
    // Anything else outside visible ASCII cannot travel in an Authorization header.
    if (!/^[\x21-\x7e]+$/.test(key)) {
        return (0,input_error/* throwInput */.j)('api-key: contains spaces or characters outside visible ASCII (value not shown); a key is one word: copy it ' +
            'again from the dashboard.');
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
        if (!(error instanceof input_error/* InputError */.d))
            throw error;
        problem = error.message;
    }
    const segment = serviceKey.trim();
    if (segment === '') {
        const message = "service-key: is empty; give the service's short name, the path segment <service-key> of its API address " +
            '/api/<service-key>/v2/cache.';
        problem = problem === undefined ? message : `${problem}\n${message}`;
    }
    else if (!/^[\w.~-]+$/.test(segment) || segment === '.' || segment === '..') {
        const message = `service-key: ${(0,shown_shown/* quote */.hD)(serviceKey)} is not allowed; use one path segment of letters, digits, '.', '_', '~' or ` +
            "'-' (the <service-key> in /api/<service-key>/v2/cache).";
        problem = problem === undefined ? message : `${problem}\n${message}`;
    }
    if (base === undefined || problem !== undefined)
        return (0,input_error/* throwInput */.j)(problem ?? 'base-url: not usable.');
    // Set as a path, never parsed as a URL: the key goes to base-url's origin and nowhere else.
    const endpoint = new URL(base.origin);
    endpoint.pathname = `/api/${segment}/v2/cache`;
    return endpoint;
}
function parseBaseUrl(value) {
    const trimmed = value.trim();
    const example = 'e.g. https://dashboard.example.com';
    if (trimmed === '')
        return (0,input_error/* throwInput */.j)(`base-url: is empty; give the service's dashboard host, ${example}.`);
    // Checked before anything quotes the value, parsable or not: the value would show the credentials.
    const hidden = (0,credentials/* credentialsHidden */.n)(trimmed);
    if (hidden !== undefined) {
        return (0,input_error/* throwInput */.j)((0,credentials/* credentialsRefusal */.l)('base-url', hidden, 'give the dashboard host alone: the key goes in api-key'));
    }
    let url;
    try {
        url = new URL(trimmed);
    }
    catch {
        const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed);
        const suggestion = !hasScheme && URL.canParse(`https://${trimmed}`) ? `e.g. https://${trimmed}` : example;
        return (0,input_error/* throwInput */.j)(`base-url: ${(0,shown_shown/* quote */.hD)(value)} is not an absolute URL; write it with https://, ${suggestion}.`);
    }
    if (url.protocol === 'http:' && !(0,http_url/* isLoopbackHost */.c)(url.hostname)) {
        return (0,input_error/* throwInput */.j)(`base-url: ${(0,shown_shown/* quote */.hD)(value)} uses plain http, which would send the key unencrypted; use https ` +
            '(plain http is allowed only for loopback hosts: localhost, 127.0.0.1, [::1]).');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        return (0,input_error/* throwInput */.j)(`base-url: ${(0,shown_shown/* quote */.hD)(value)} is not an https URL; ${example}.`);
    }
    if (url.search !== '' || url.hash !== '') {
        return (0,input_error/* throwInput */.j)(`base-url: ${(0,shown_shown/* quote */.hD)(value)} has a query or fragment; give the host alone, ${example}.`);
    }
    if (url.pathname.replace(/\/+/g, '/') !== '/')
        return (0,input_error/* throwInput */.j)(basePathProblem(value, url));
    return url;
}
/** base-url is the dashboard's host; a path would be sent before /api/<service-key>/v2/cache, to no endpoint. */
function basePathProblem(value, url) {
    const api = /\/api\/([^/]+)/.exec(url.pathname);
    const serviceKey = api?.[1] === undefined ? '' : ` and service-key: ${decodeURIComponent(api[1])}`;
    return (`base-url: ${(0,shown_shown/* quote */.hD)(value)} has a path; give the dashboard host alone, base-url: ${url.origin}${serviceKey} ` +
        '(the action adds /api/<service-key>/v2/cache itself).');
}
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A host name in ASCII, lower case. A URL becomes its host; an internationalised name its ASCII form. */
function parseDomain(value) {
    const trimmed = value.trim();
    if (trimmed === '') {
        return (0,input_error/* throwInput */.j)("domain: is empty; scope 'domain' needs the domain whose images to invalidate, e.g. www.example.com.");
    }
    const hidden = (0,credentials/* credentialsHidden */.n)(trimmed);
    if (hidden !== undefined) {
        return (0,input_error/* throwInput */.j)((0,credentials/* credentialsRefusal */.l)('domain', hidden, 'give the host name alone, e.g. www.example.com'));
    }
    const problem = `domain: ${(0,shown_shown/* quote */.hD)(value)} is not a domain name; give a host name such as www.example.com (a URL is reduced to its host).`;
    let url;
    try {
        // The WHATWG URL parser lower-cases and converts an internationalised name to its ASCII (punycode) form.
        url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
    }
    catch {
        return (0,input_error/* throwInput */.j)(problem);
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
        return (0,input_error/* throwInput */.j)(problem);
    const extra = moreThanHost(url);
    if (extra === undefined)
        return host;
    return (0,input_error/* throwInput */.j)(`domain: ${(0,shown_shown/* quote */.hD)(value)} has ${extra}, but scope 'domain' clears every image of the whole domain ${host}. ` +
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
        return (0,input_error/* throwInput */.j)(`since: ${(0,shown_shown/* quote */.hD)(value)} is not a commit SHA, tag or branch name.`);
    }
    return trimmed;
}

// EXTERNAL MODULE: ./src/settings/record-name.ts
var record_name = __webpack_require__(6330);
;// CONCATENATED MODULE: ./src/settings/site.ts






const SITE_EXAMPLE = 'https://www.example.com/';
/**
 * `site`: the public URL of the deployed site, as its pages are visited, ending in '/' whether or not it was written
 * with one (`https://owner.github.io/repo` is the folder `repo/`); undefined when empty. Refused, before anything is
 * sent: credentials (sent with every image URL learned under it), a query or a fragment (which no image URL can
 * continue), and a URL on the image delivery host, which serves the site's images but is not where they live.
 */
function parseSite(value, imageHost) {
    const text = value.trim();
    if (text === '')
        return undefined;
    const hidden = (0,credentials/* credentialsHidden */.n)(text);
    if (hidden !== undefined) {
        return (0,input_error/* throwInput */.j)((0,credentials/* credentialsRefusal */.l)('site', hidden, `give the site's URL as a browser visits it, without them`));
    }
    const delivery = (0,urls/* deliveryUrlOf */.VT)(text);
    if (delivery !== undefined) {
        return (0,input_error/* throwInput */.j)(`site: ${(0,shown_shown/* quote */.hD)(text)} is an image delivery URL, on ${delivery.host}; give the site whose pages show the ` +
            `images, where it serves their files, e.g. ${SITE_EXAMPLE}`);
    }
    const url = (0,http_url/* parseHttpUrl */.f)(text);
    if (url === undefined) {
        return (0,input_error/* throwInput */.j)(`site: ${(0,shown_shown/* quote */.hD)(text)} is not an absolute http(s) URL; give the public URL of the deployed site, e.g. ` +
            `${SITE_EXAMPLE} or https://<owner>.github.io/<repository>/`);
    }
    if (url.host === imageHost)
        return (0,input_error/* throwInput */.j)((0,url_map/* imageHostIsOrigin */.Yq)(url.host, 'site', 'images', text));
    if (url.search !== '' || url.hash !== '') {
        url.search = '';
        url.hash = '';
        return (0,input_error/* throwInput */.j)(`site: ${(0,shown_shown/* quote */.hD)(text)} has a query or fragment, which no image URL under it can continue; write: ${url.href}`);
    }
    return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

;// CONCATENATED MODULE: ./src/settings/settings.ts













const INPUT_NAMES = Object.keys(ACTION_INPUTS);
const SCOPES = ['assets', 'domain', 'all', 'none'];
const REWRITE_WITH = ['token', 'content'];
const ORIGIN_CHECKS = ['content', 'off'];
/**
 * The setting each input is read into: an input added to action.yml (and `npm run generate`) fails to compile here
 * until parseSettings reads it into a setting, named here; one removed, until its line goes. The inputs only some
 * scopes use are read into the target, and listed by scope in INPUTS_OF_SCOPE. A test gives each input a value of
 * its own and checks that the setting named here changes with it (test/settings/every-input.test.ts).
 */
const SETTING_OF_INPUT = {
    'api-key': 'apiKey',
    'base-url': 'endpoint',
    'service-key': 'endpoint',
    scope: 'target',
    domain: 'target',
    assets: 'target',
    'assets-from': 'target',
    files: 'target',
    'files-from': 'target',
    paths: 'target',
    'url-map': 'target',
    site: 'site',
    since: 'target',
    'github-token': 'githubToken',
    token: 'token',
    'image-host': 'imageHost',
    rewrite: 'rewrite',
    'rewrite-with': 'rewriteWith',
    warm: 'warm',
    verify: 'verify',
    pages: 'pages',
    'dry-run': 'dryRun',
    'origin-check': 'originCheck',
    'origin-timeout': 'originTimeoutMs',
    concurrency: 'concurrency',
    'max-retries': 'maxRetries',
    'timeout-seconds': 'timeoutMs',
    'catch-up': 'catchUp',
    'record-name': 'recordName',
    'status-context': 'recordName',
    'deploy-environment': 'deployEnvironment',
};
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
            if (!(error instanceof input_error/* InputError */.d))
                throw error;
            problems.push(error.message);
            return fallback;
        }
    };
    const scope = check(() => parseChoice('scope', raw.scope, SCOPES), undefined);
    const token = check(() => parseBoolean('token', raw.token), false);
    const rewriteWith = check(() => parseChoice('rewrite-with', raw['rewrite-with'], REWRITE_WITH), 'token');
    const dryRun = check(() => parseBoolean('dry-run', raw['dry-run']), false);
    const imageHost = check(() => parseImageHost(raw['image-host']), undefined);
    const site = check(() => parseSite(raw.site, imageHost), undefined);
    const settings = {
        // A dry run sends nothing, so it needs no key: a preview runs where secrets are not given (forks, Dependabot).
        apiKey: dryRun && raw['api-key'].trim() === '' ? '' : check(() => parseApiKey(raw['api-key']), ''),
        githubToken: raw['github-token'].trim(),
        endpoint: check(() => parseEndpoint(raw['base-url'], raw['service-key']), new URL('https://invalid')),
        target: scope === undefined
            ? NO_TARGET
            : check(() => parseTarget(scope, raw, token, { imageHost, site }), NO_TARGET),
        token,
        dryRun,
        concurrency: check(() => parseWholeNumber('concurrency', raw.concurrency, 1, 32), 1),
        maxRetries: check(() => parseWholeNumber('max-retries', raw['max-retries'], 0, 10), 0),
        timeoutMs: check(() => parseSeconds('timeout-seconds', raw['timeout-seconds'], 0.1, 600), 0) * 1000,
        originCheck: check(() => parseChoice('origin-check', raw['origin-check'], ORIGIN_CHECKS), 'off'),
        originTimeoutMs: check(() => parseSeconds('origin-timeout', raw['origin-timeout'], 0, 3600), 0) * 1000,
        imageHost,
        site,
        ...check(() => parseRewrite(raw, token, rewriteWith), { rewrite: [], rewriteWith }),
        warm: check(() => parseBoolean('warm', raw.warm), false),
        verify: check(() => parseBoolean('verify', raw.verify), false),
        pages: check(() => parsePatternInput('pages', raw.pages), []),
        catchUp: check(() => parseBoolean('catch-up', raw['catch-up']), false),
        recordName: check(() => (0,record_name/* parseRecordName */.uZ)(raw['record-name'], raw['status-context']), undefined),
        deployEnvironment: check(() => (0,record_name/* parseDeployEnvironment */.GC)(raw['deploy-environment']), ''),
    };
    if (settings.warm && raw['image-host'].trim() === '') {
        problems.push('warm: true requests the invalidated images through the image host, so it needs image-host (e.g. ' +
            'image-host: img.example.net); set it, or remove warm.');
    }
    if (settings.verify && raw['image-host'].trim() === '') {
        problems.push('verify: true asks for the invalidated images through the image host, so it needs image-host (e.g. ' +
            'image-host: img.example.net); set it, or remove verify.');
    }
    if (settings.pages.length > 0 && !settings.warm && !settings.verify) {
        problems.push('pages: names the pages whose image variants warm and verify ask for, but neither is true; set warm: true ' +
            'or verify: true, or remove pages.');
    }
    else if (settings.pages.length > 0 && raw['image-host'].trim() === '') {
        problems.push('pages: reads the URLs on image-host from the pages, so it needs image-host (e.g. image-host: ' +
            'img.example.net); set it, or remove pages.');
    }
    // Only when the target itself was read: a refused target already has its own error, which says what to mend.
    const withoutChangedFiles = settings.target !== NO_TARGET &&
        (settings.target.scope !== 'assets' || settings.target.changes === undefined);
    if (settings.verify && withoutChangedFiles) {
        problems.push('verify: true compares each invalidated image with its file, so the images must come from changed files ' +
            `mapped by url-map (e.g. url-map: ${url_map/* URL_MAP_EXAMPLE */.Oj}), with scope assets, not from assets or ` +
            'assets-from; or remove verify.');
    }
    if (rewriteWith === 'content' && withoutChangedFiles) {
        problems.push('rewrite-with: content gives each changed image a value from its file, so it needs the changed files: set ' +
            `url-map (e.g. url-map: ${url_map/* URL_MAP_EXAMPLE */.Oj}), with scope assets.`);
    }
    if (scope !== undefined)
        problems.push(...unusedInputs(scope, raw));
    if (problems.length > 0)
        throw new input_error/* InputError */.d(problems.join('\n'));
    return settings;
}
const NO_TARGET = { scope: 'none' };
/** Glob patterns, one per line; a '!' must stand before a pattern. */
function parsePatternInput(name, text) {
    (0,list_syntax/* refuseFlowList */.fD)(name, text, 'pattern');
    const patterns = (0,settings_select/* parsePatterns */.Z7)(text);
    if (patterns.some((pattern) => pattern.replace(/^!+/, '') === '')) {
        (0,input_error/* throwInput */.j)(`${name}: a line holds '!' alone; write it before the pattern to exclude, e.g. !**/*.svg`);
    }
    // In a glob, '\' escapes the next character: `public\images\*.png` would match nothing, silently.
    const windows = patterns.find((pattern) => /(?:^|[^\\])(?:\\\\)*\\[\w.-]/.test(pattern));
    if (windows !== undefined) {
        (0,input_error/* throwInput */.j)(`${name}: ${(0,shown_shown/* quote */.hD)(windows)} separates folders with '\\', which a pattern reads as an escape; write '/', ` +
            `e.g. ${(0,shown_shown/* quote */.hD)(windows.replaceAll('\\', '/'))}.`);
    }
    (0,settings_select/* checkPatterns */.uO)(name, patterns);
    return patterns;
}
/**
 * What `rewrite` writes: with `rewrite-with: token`, the new token (so it needs token: true); with `content`, the
 * changed images' own values. `image-host` also serves the summary's thumbnails, so it may stand alone.
 */
function parseRewrite(raw, token, rewriteWith) {
    const rewrite = parsePatternInput('rewrite', raw.rewrite);
    if (rewriteWith === 'token' && !token && rewrite.length > 0) {
        (0,input_error/* throwInput */.j)('rewrite: sets the new token in image URLs, so it needs token: true. (With rewrite-with: content, rewrite ' +
            'needs no token.)');
    }
    if (rewriteWith === 'content' && rewrite.length === 0) {
        (0,input_error/* throwInput */.j)('rewrite-with: content sets cache busters in the files of rewrite, which is empty; e.g. rewrite: build/**/*.html');
    }
    if (rewrite.length > 0 && raw['image-host'].trim() === '') {
        (0,input_error/* throwInput */.j)('rewrite: needs image-host, the host whose image URLs get a new cache buster (e.g. image-host: img.example.net).');
    }
    return { rewrite, rewriteWith };
}
function parseImageHost(value) {
    const host = value.trim();
    if (host === '')
        return undefined;
    const hidden = (0,credentials/* credentialsHidden */.n)(host);
    if (hidden !== undefined) {
        return (0,input_error/* throwInput */.j)((0,credentials/* credentialsRefusal */.l)('image-host', hidden, 'give the host name alone, e.g. img.example.net'));
    }
    try {
        return (0,urls/* imageHostOf */.xS)(host);
    }
    catch {
        return (0,input_error/* throwInput */.j)(`image-host: ${(0,shown_shown/* quote */.hD)(host)} is not a host name; give the image delivery host, e.g. img.example.net.`);
    }
}
/** Which of `domain` and `assets` the scope needs. */
function parseTarget(scope, raw, token, hosts) {
    switch (scope) {
        case 'assets': {
            const { refs: assets, merged, fromDeliveryUrls } = parseAssets(raw, hosts.imageHost);
            // A list file given is a list given, empty or not: the changed files are never detected in its place.
            const listed = assets.length > 0 || raw['assets-from'].trim() !== '';
            const changes = parseChanges(raw, listed, hosts);
            return {
                scope,
                assets,
                ...(merged > 0 ? { merged } : {}),
                ...(fromDeliveryUrls > 0 ? { fromDeliveryUrls } : {}),
                changes,
            };
        }
        case 'domain':
            return { scope, domain: parseDomain(raw.domain) };
        case 'all':
            return { scope };
        case 'none':
            if (!token)
                (0,input_error/* throwInput */.j)("scope: 'none' invalidates nothing, so it is only useful with token: true.");
            return { scope };
    }
}
/**
 * The inputs only some scopes use, by scope: a scope added to `SCOPES` fails to compile here until its own inputs
 * are listed (an empty list: it uses none of them), so that none of them goes unchecked.
 */
const INPUTS_OF_SCOPE = {
    domain: ['domain'],
    assets: ['assets', 'assets-from', 'files', 'files-from', 'url-map', 'site', 'since'],
    all: [],
    none: [],
};
/** An input that the scope does not use is a mistake to point out, not a value to ignore. */
function unusedInputs(scope, raw) {
    const own = INPUTS_OF_SCOPE[scope];
    // A list read from a file arrives in `assets` or `files`: then the input the user set is the `-from` one.
    const readFromFile = (name) => (name === 'assets' && raw['assets-from'].trim() !== '') ||
        (name === 'files' && raw['files-from'].trim() !== '');
    const unused = new Map();
    for (const [user, names] of Object.entries(INPUTS_OF_SCOPE)) {
        for (const name of names) {
            if (own.includes(name) || unused.has(name) || raw[name].trim() === '' || readFromFile(name))
                continue;
            unused.set(name, `${name}: is set, but scope '${scope}' does not use it; it is used only with scope '${user}'.`);
        }
    }
    return [...unused.values()];
}
/** Whether files are given, detected, or neither; and the rules to select and map them. */
function parseChanges(raw, hasAssets, hosts) {
    // A list read from files-from is named by the input and the file it came from. Empty, it is an empty list: the
    // changed files are what it says, never detected in its place.
    const from = raw['files-from'].trim();
    const source = from === '' ? 'files' : `files-from ${(0,shown_shown/* quote */.hD)(from)}`;
    const files = from === '' && raw.files.trim() === '' ? undefined : parseFileList(raw.files, source);
    const urlMap = (0,url_map/* parseUrlMap */.FE)(raw['url-map'], hosts.imageHost);
    // An explicit url-map always wins; without one, the map is learned from the site.
    const site = urlMap.length === 0 ? hosts.site : undefined;
    const maps = urlMap.length > 0 || site !== undefined;
    const since = raw.since.trim() === '' ? undefined : parseSince(raw.since);
    if (files === undefined && (hasAssets || !maps)) {
        // No detection: it happens only when neither assets nor files are given, and needs url-map.
        const assets = raw['assets-from'].trim() === '' ? 'assets' : 'assets-from';
        const detectedOnly = `changed files are detected only when ${assets} and files are both empty`;
        if (since !== undefined) {
            (0,input_error/* throwInput */.j)(hasAssets
                ? `since: is set, but ${detectedOnly}.`
                : `since: is set, but detecting changed files also needs url-map or site, e.g. url-map: ${url_map/* URL_MAP_EXAMPLE */.Oj}`);
        }
        if (urlMap.length > 0)
            (0,input_error/* throwInput */.j)(`url-map: is set, but ${detectedOnly}.`);
        if (site !== undefined)
            (0,input_error/* throwInput */.j)(`site: is set, but ${detectedOnly}; the assets are invalidated as given.`);
        if (!hasAssets)
            (0,input_error/* throwInput */.j)(NOTHING_GIVEN);
        return undefined;
    }
    if (!maps) {
        (0,input_error/* throwInput */.j)(`${source}: needs url-map to turn repository paths into image URLs; write one rule per line, ` +
            `<path prefix> => <URL prefix>, e.g. url-map: ${url_map/* URL_MAP_EXAMPLE */.Oj}; or give site, the site's public URL ` +
            `(e.g. site: ${SITE_EXAMPLE}), to learn the map from what it serves`);
    }
    if (site !== undefined && raw['origin-check'].trim() === 'off') {
        (0,input_error/* throwInput */.j)(`site: learns the map from what ${site} serves, and invalidates each image once it is seen served there, ` +
            'which is the origin check: with origin-check: off, write url-map instead (e.g. url-map: ' +
            `${url_map/* URL_MAP_EXAMPLE */.Oj}), or remove origin-check: off.`);
    }
    if (files !== undefined && since !== undefined) {
        (0,input_error/* throwInput */.j)(`since: is set, but ${source} already lists the changed paths; set one or the other.`);
    }
    const patterns = parsePatternInput('paths', raw.paths);
    if (!patterns.some((pattern) => !pattern.startsWith('!'))) {
        (0,input_error/* throwInput */.j)(`paths: ${(0,shown_shown/* quote */.hD)(raw.paths)} selects nothing; give at least one pattern, e.g. **/*.png`);
    }
    return {
        files,
        ...(from === '' ? {} : { filesSource: files?.length === 0 ? `${source}, which is empty` : source }),
        since,
        patterns,
        urlMap,
        ...(site === undefined ? {} : { site }),
    };
}
/** Scope `assets` with nothing to go on: a step that would end green having done nothing. */
const NOTHING_GIVEN = "assets: scope 'assets' needs to know what to invalidate, but assets, assets-from, files, files-from, " +
    'url-map and site are all empty. Give one of:\n' +
    '  - assets: the image URLs or asset hashes, one per line (or assets-from: a file in the workspace that lists them);\n' +
    `  - url-map: where images are served from, e.g. url-map: ${url_map/* URL_MAP_EXAMPLE */.Oj}, to invalidate the images that the ` +
    'triggering push or pull request changed;\n' +
    `  - site: the site's public URL, e.g. site: ${SITE_EXAMPLE}, to learn that map from what the site serves;\n` +
    '  - files: the changed repository paths (or files-from: a file that lists them), with url-map.\n' +
    'To invalidate every image of a domain or of the account, set scope: domain or scope: all; for a token alone, ' +
    'scope: none with token: true.';
/** `assets`, or the list of `assets-from`: errors name the one the user set. */
function parseAssets(raw, imageHost) {
    const from = raw['assets-from'].trim();
    const source = from === '' ? 'assets' : `assets-from ${(0,shown_shown/* quote */.hD)(from)}`;
    const listed = (0,list_syntax/* parseList */.E1)(raw.assets, 'assets', source);
    if (from !== '' && listed.length === 0 && raw['url-map'].trim() === '') {
        (0,input_error/* throwInput */.j)(`${source}: holds no asset, so the step would do nothing; check the step that writes it.`);
    }
    const { entries, fromDeliveryUrls } = originUrls(listed, source, imageHost);
    const { refs, invalid, merged } = (0,domain_refs/* parseAssetEntries */.UH)(entries);
    if (invalid.length === 0)
        return { refs, merged, fromDeliveryUrls };
    const shown = invalid.slice(0, 20).map((entry) => `  - ${(0,shown_shown/* quote */.hD)(entry.value)}: ${entry.reason}`);
    if (invalid.length > 20)
        shown.push(`  ... and ${invalid.length - 20} more`);
    const count = invalid.length === 1 ? '1 entry is' : `${invalid.length} entries are`;
    return (0,input_error/* throwInput */.j)(`${source}: ${count} neither an absolute http(s) URL nor a 32-character asset hash:\n${shown.join('\n')}`);
}
const URL_HOST = /^https?:\/\/([^/?#]+)/i;
/**
 * The service caches an image by its origin URL, so a delivery URL (`https://{image_host}/w:640/<origin URL>`, the
 * URL a browser shows) stands for its origin URL: taken as it with image-host set, which says what such URLs look
 * like; refused without, naming the origin URL to give, since sent as it is it would clear nothing.
 */
function originUrls(entries, source, imageHost) {
    let fromDeliveryUrls = 0;
    const origins = entries.map((entry) => {
        const delivery = (0,urls/* deliveryUrlOf */.VT)(entry);
        if (delivery === undefined) {
            // A regular expression, not a URL object per entry: the list may hold a million.
            if (imageHost !== undefined && URL_HOST.exec(entry)?.[1]?.toLowerCase() === imageHost)
                (0,input_error/* throwInput */.j)((0,url_map/* imageHostIsOrigin */.Yq)(imageHost, source, 'images', entry));
            return entry;
        }
        const onHost = delivery.host === imageHost;
        if (!onHost && delivery.segments.length === 0)
            return entry;
        if (imageHost === undefined) {
            return (0,input_error/* throwInput */.j)(`${source}: ${(0,shown_shown/* quote */.hD)(entry)} is an image delivery URL; give the origin image URL it serves, ` +
                `${(0,shown_shown/* quote */.hD)(delivery.originUrl)} (or set image-host: ${delivery.host}, and delivery URLs are read so).`);
        }
        fromDeliveryUrls++;
        return delivery.originUrl;
    });
    return { entries: origins, fromDeliveryUrls };
}

;// CONCATENATED MODULE: ./src/main.ts



















/** The action: inputs -> settings -> plan -> execute -> publish. Fails the step for anything thrown. */
async function run() {
    const startedAt = new Date();
    const inputs = readInputs();
    const keys = registerSecrets([inputs['api-key'], inputs['github-token']]);
    // Everything from outside is redacted as it comes in: the service's answers (the client), the inputs and the
    // changed files (here and in the flow), in their decoded forms too. What is written is cleaned of the key's
    // known forms once more, a piece at a time.
    const redact = (0,shown_redact/* makeRedactor */.$u)(keys);
    const bulk = (0,shown_redact/* makeFormsRedactor */.oc)(keys);
    // Every line through shown.ts, and no more annotations of a kind than the runner shows for a step.
    const log = withinAnnotationLimit(shownLog(runnerLog(), redact, bulk));
    const cancel = cancelOnSignals((name) => {
        log.info(cancelNotice(name, cut_off/* CANCEL_GRACE_MS */.R));
    });
    try {
        const done = await main_invalidate(inputs, redact, log, cancel.signal).catch((error) => {
            if (!(error instanceof input_error/* InputError */.d))
                log.debug(String(error instanceof Error ? error.stack : error));
            return {
                error: redact((0,error_message/* errorMessage */.g)(error)),
                startedAt,
                sent: error instanceof FailedAfterTheCalls && error.sent,
            };
        });
        // Everything is published before the step is failed: a piece that cannot be written is its own error.
        const { problems, files } = await publish(done, bulk, log);
        if ('outcome' in done) {
            // The file that lists every one, as written: the list, else the report (which lists each asset).
            tellClosing(log, done, (list) => files[list] === '' ? 'the JSON report (report-path)' : `${list}-file`);
        }
        else
            log.error(done.error);
        for (const problem of problems)
            log.error(problem);
        const failures = 'outcome' in done ? done.outcome.failures.length : 1;
        if (failures + problems.length > 0)
            process.exitCode = 1;
        if (failures > 1)
            log.info(`${(0,format/* plural */.LS)(failures, 'failure')}; the job summary and the report list each one.`);
    }
    finally {
        log.close();
        cancel.dispose();
    }
    // A cancelled run leaves calls it stopped waiting for: they would keep the step alive past its publishing.
    // Exits once standard output is flushed: on a pipe it may be written asynchronously, and the log would lose its end.
    if (cancel.signal.aborted)
        process.stdout.write('', () => process.exit());
}
/**
 * Every input, read once; the secret ones then leave the environment, before anything can start a process (git,
 * its helpers), which would inherit them. The environment the process started with stays in /proc (SECURITY.md).
 */
function readInputs() {
    const inputs = Object.fromEntries(INPUT_NAMES.map((name) => [name, core/* getInput */.V4(name)]));
    delete process.env['INPUT_API-KEY'];
    delete process.env['INPUT_GITHUB-TOKEN'];
    return inputs;
}
/** First of all: the runner masks the keys, and every form of them, in everything it shows. */
function registerSecrets(rawKeys) {
    const keys = (0,shown_redact/* secretValues */.VX)(rawKeys);
    for (const key of keys)
        for (const form of (0,shown_redact/* secretForms */.eo)(key))
            core/* setSecret */.Pq(form);
    return keys;
}
async function main_invalidate(inputs, redact, log, signal) {
    for (const warning of undeclaredInputs(process.env))
        log.warning(warning);
    const workspace = process.env.GITHUB_WORKSPACE || process.cwd();
    const raw = await withListsRead(inputs, workspace);
    const settings = parseSettings((0,shown_redact/* redactInputs */.$J)(raw, redact));
    // The CI's context needs these two alone: the settings, with their list, are let go once the run is planned.
    const { githubToken, timeoutMs, maxRetries } = settings;
    return runFlow(settings, {
        log,
        redact,
        signal,
        // Loaded by a run that reads the event or the checkout: a list of assets needs neither.
        ci: async () => {
            const { githubCi, githubContextFromEnv } = await Promise.all(/* import() */[__webpack_require__.e(697), __webpack_require__.e(513)]).then(__webpack_require__.bind(__webpack_require__, 1513));
            return githubCi(githubContextFromEnv(githubToken, process.env, { timeoutMs, signal, maxRetries }));
        },
    });
}
/** The lists that `assets-from` and `files-from` name, read in: their reader is loaded by a run that names one. */
async function withListsRead(inputs, workspace) {
    if (inputs['assets-from'].trim() === '' && inputs['files-from'].trim() === '')
        return inputs;
    const { listFilesIn, withListFiles } = await __webpack_require__.e(/* import() */ 727).then(__webpack_require__.bind(__webpack_require__, 6727));
    return withListFiles(inputs, listFilesIn(workspace, process.env.RUNNER_TEMP));
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
/**
 * Outputs, JSON report, list files and job summary: written on every run, failed or not, planned or not, each
 * output once. Each piece that cannot be written is a problem of its own, named, and stops none of the others.
 */
async function publish(run, redact, log) {
    const problems = [];
    const report = 'outcome' in run ? run : undefined;
    let markdown = '';
    try {
        markdown = 'outcome' in run ? summaryMarkdown(run) : failureMarkdown(run);
    }
    catch (error) {
        problems.push(`The job summary could not be made: ${(0,error_message/* errorMessage */.g)(error)}`);
    }
    const base = (0,external_node_path_.join)(process.env.RUNNER_TEMP || (0,external_node_os_.tmpdir)(), `image-cache-invalidate-${(0,external_node_crypto_.randomUUID)()}`);
    const paths = {
        report: `${base}.json`,
        invalidated: `${base}-invalidated.json`,
        failed: `${base}-failed.json`,
        summary: `${base}-summary.md`,
    };
    // Why each file that was not written whole was not: an output that would name it is left empty, and says why.
    const notWritten = new Map();
    const written = async (file, what, pieces) => {
        try {
            await writePieces(paths[file], pieces);
            return paths[file];
        }
        catch (error) {
            problems.push(`${what} could not be written to ${paths[file]}: ${(0,error_message/* errorMessage */.g)(error)}`);
            notWritten.set(file, `${paths[file]}: ${(0,error_message/* errorMessage */.g)(error)}`);
            return '';
        }
    };
    const files = {
        report: await written('report', 'The JSON report', 'outcome' in run
            ? reportJsonText(run, redact)
            : [redact(`${JSON.stringify(failureJson(run), null, 2)}\n`)]),
        invalidated: await written('invalidated', 'The list of invalidated assets', jsonArrayPieces(report?.outcome.invalidated ?? [], redact)),
        failed: await written('failed', 'The list of failed assets', jsonArrayPieces(report?.outcome.failed ?? [], redact)),
        // `summary-file`: the summary for a pull-request comment, within what a comment holds.
        summary: await written('summary', 'The summary file', [
            redact(withinSummaryLimit(markdown, COMMENT_LIMIT_BYTES)),
        ]),
    };
    for (const warning of unlistedOutputs(report, files, (file) => notWritten.get(file) ?? paths[file]))
        log.warning(warning);
    // Each output on its own: one that cannot be set does not keep the others (the token, the lists) from the step.
    for (const [name, value] of Object.entries(outputsOf(report, files))) {
        try {
            core/* setOutput */.uH(name, redact(value));
            if (value.startsWith(LIST_CUT))
                log.warning(`${name}: ${value.slice(LIST_CUT.length).trim()}.`);
        }
        catch (error) {
            problems.push(`The output ${name} could not be set: ${(0,error_message/* errorMessage */.g)(error)}`);
        }
    }
    const summaryPath = process.env.GITHUB_STEP_SUMMARY;
    if (summaryPath && markdown !== '') {
        try {
            await core/* summary */.z.addRaw(redact(markdown)).write();
        }
        catch (error) {
            problems.push(`The job summary could not be written to ${summaryPath}: ${(0,error_message/* errorMessage */.g)(error)}`);
        }
    }
    return { problems, files };
}
// Small enough that no piece is a large object (over 128 KiB), for which V8 maps pages of its own.
const ITEMS_PER_PIECE = 1_000;
function* jsonArrayPieces(items, redact) {
    yield '[';
    for (let start = 0; start < items.length; start += ITEMS_PER_PIECE) {
        if (start > 0)
            yield ',';
        // An array of strings, written by JSON.stringify in one go, without its brackets.
        yield redact(JSON.stringify(items.slice(start, start + ITEMS_PER_PIECE)).slice(1, -1));
    }
    yield ']\n';
}
/**
 * A file only this user can read (it lists the run's assets), written a piece at a time, and whole or not at all: a
 * full disk cuts a write short without an error, so each piece is written until every byte is, and a file that
 * could not be is removed, so that no output names it.
 */
async function writePieces(path, pieces) {
    const file = await (0,promises_.open)(path, 'w', 0o600);
    try {
        for (const piece of pieces) {
            const bytes = Buffer.from(piece);
            for (let at = 0; at < bytes.length;)
                at += (await file.write(bytes, at)).bytesWritten;
        }
        // On the disk before an output names it: a full disk may only say so when the file is flushed.
        await file.sync();
        await file.close();
    }
    catch (error) {
        await file.close().catch(() => undefined);
        await (0,promises_.rm)(path, { force: true });
        throw error;
    }
}


/***/ }),

/***/ 6885:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   m: () => (/* binding */ systemClock)
/* harmony export */ });
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8500);
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_timers_promises__WEBPACK_IMPORTED_MODULE_0__);

const systemClock = {
    now: () => performance.now(),
    sleep: (ms, signal) => (0,node_timers_promises__WEBPACK_IMPORTED_MODULE_0__.setTimeout)(ms, undefined, { signal }),
    random: () => Math.random(),
};


/***/ }),

/***/ 1411:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   g: () => (/* binding */ errorMessage)
/* harmony export */ });
/** The message of anything thrown: an Error's message, or the thrown value as text (a string, a number, undefined). */
function errorMessage(error) {
    return error instanceof Error ? error.message : String(error);
}


/***/ }),

/***/ 9067:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   g: () => (/* binding */ unhandled)
/* harmony export */ });
/**
 * The end of a switch over a union, in place of a `default`: a member added to the union and not handled there is
 * a compile error at this call, not a case silently taken for another.
 */
function unhandled(value) {
    throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}


/***/ }),

/***/ 9071:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   c: () => (/* binding */ isLoopbackHost),
/* harmony export */   f: () => (/* binding */ parseHttpUrl)
/* harmony export */ });
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


/***/ }),

/***/ 532:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   d: () => (/* binding */ InputError),
/* harmony export */   j: () => (/* binding */ throwInput)
/* harmony export */ });
/** A bad input, found before anything is sent: its message names the input, the value and what is allowed. */
class InputError extends Error {
    name = 'InputError';
}
function throwInput(message) {
    throw new InputError(message);
}


/***/ }),

/***/ 1765:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   q: () => (/* binding */ parseJson),
/* harmony export */   u: () => (/* binding */ isRecord)
/* harmony export */ });
/** The value `text` holds as JSON, or undefined when it is not JSON: a server's or a file's text may be anything. */
function parseJson(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}
/** A JSON object: not an array, not null. */
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}


/***/ }),

/***/ 9179:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   R: () => (/* binding */ LINGER_MS),
/* harmony export */   i: () => (/* binding */ ReadyBatches)
/* harmony export */ });
/* harmony import */ var _domain_batches_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1336);

/**
 * How long a batch waits for more ready images before it is sent: each image's staleness grows by it, and the images
 * of a deploy seen to land are asked all at once, so those ready come within a fraction of a second of each other.
 */
const LINGER_MS = 200;
/**
 * Ready images gathered into batches of up to MAX_ASSETS_PER_CALL: a full batch goes at once, a partial one after
 * LINGER_MS, and whatever is left when the checks end goes with `flush`.
 */
class ReadyBatches {
    batch = [];
    timer;
    send;
    lingerMs;
    constructor(send, lingerMs = LINGER_MS) {
        this.send = send;
        this.lingerMs = lingerMs;
    }
    push(ref) {
        this.batch.push(ref);
        if (this.batch.length >= _domain_batches_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_ASSETS_PER_CALL */ .OW)
            this.flush();
        else
            this.timer ??= setTimeout(() => {
                this.flush();
            }, this.lingerMs);
    }
    flush() {
        clearTimeout(this.timer);
        this.timer = undefined;
        if (this.batch.length === 0)
            return;
        const refs = this.batch;
        this.batch = [];
        this.send(refs);
    }
}


/***/ }),

/***/ 620:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M7: () => (/* binding */ folderRules),
/* harmony export */   O4: () => (/* binding */ mapLearned),
/* harmony export */   U3: () => (/* binding */ urlUnder),
/* harmony export */   kW: () => (/* binding */ candidatesOf),
/* harmony export */   px: () => (/* binding */ learnedRules),
/* harmony export */   yS: () => (/* binding */ folderOf)
/* harmony export */ });
/* harmony import */ var _settings_url_map_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4411);
/**
 * The url-map learned from the site, as data: the candidates a folder's images may be served at, what each answered,
 * and the rules found. Pure: the asks are made by src/learn/, which fills these in; the plan maps with them as it
 * maps with url-map's rules.
 */

/** The folder of a repository path: `public/images` for `public/images/a.png`, '' at the top. */
function folderOf(path) {
    const slash = path.lastIndexOf('/');
    return slash < 0 ? '' : path.slice(0, slash);
}
/**
 * The candidates of a folder, the whole path first: `public/images` under `https://x/` is tried at
 * `https://x/public/images/`, then `https://x/images/`, then `https://x/`.
 */
function candidatesOf(folder, site) {
    const segments = folder === '' ? [] : folder.split('/');
    return Array.from({ length: segments.length + 1 }, (_, stripped) => ({
        pathPrefix: segments.slice(0, stripped).join('/'),
        urlPrefix: site,
    }));
}
/** The URL of a file under a candidate, escaped as url-map escapes it. */
function urlUnder(candidate, path) {
    return (0,_settings_url_map_js__WEBPACK_IMPORTED_MODULE_0__/* .mapToUrl */ .vf)(path, [candidate]);
}
/**
 * The rule each learned folder maps with, for that folder's own images alone: an image of a folder below it that was
 * not learned is never mapped on its parent's word.
 */
function folderRules(learned) {
    const rules = new Map();
    for (const finding of learned.folders)
        if (finding.kind === 'learned')
            rules.set(finding.folder, finding.candidate);
    return rules;
}
/** The URL of a changed image by the learned map: only where its own folder was learned. */
function mapLearned(path, rules) {
    const rule = rules.get(folderOf(path));
    return rule === undefined ? undefined : (0,_settings_url_map_js__WEBPACK_IMPORTED_MODULE_0__/* .mapToUrl */ .vf)(path, [rule]);
}
/**
 * The rules as a person pastes them into url-map: folders learned with the same leading folders removed share one
 * rule (`public => https://www.example.com/`), which maps them all; `images` counts the changed images of each.
 */
function learnedRules(learned, imagesOf) {
    const byPrefix = new Map();
    for (const finding of learned.folders) {
        if (finding.kind !== 'learned')
            continue;
        const seen = byPrefix.get(finding.candidate.pathPrefix) ?? { images: 0, folders: 0 };
        byPrefix.set(finding.candidate.pathPrefix, {
            images: seen.images + imagesOf(finding.folder),
            folders: seen.folders + 1,
        });
    }
    return [...byPrefix]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([pathPrefix, counts]) => ({ rule: { pathPrefix, urlPrefix: learned.site }, ...counts }));
}


/***/ }),

/***/ 8720:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C9: () => (/* binding */ plannedCalls),
/* harmony export */   Jd: () => (/* binding */ assetsIn),
/* harmony export */   f7: () => (/* binding */ PREVIEW_ROWS),
/* harmony export */   nY: () => (/* binding */ planRun),
/* harmony export */   yG: () => (/* binding */ plannedAssets)
/* harmony export */ });
/* harmony import */ var _domain_batches_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(1336);
/* harmony import */ var _domain_unique_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6089);
/* harmony import */ var _settings_select_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9345);
/* harmony import */ var _settings_url_map_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4411);
/* harmony import */ var _learned_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(620);





/** Rows of each kind a preview keeps: a pull-request comment holds at most 65,536 characters. */
const PREVIEW_ROWS = 100;
/**
 * `changed`: the files given or detected, when the target asks for them. `keepFiles`: keep which file each URL came
 * from (`fileOf`), for a stage that reads the files; a map of a million entries is not free.
 */
function planRun(settings, changed, keepFiles = false, learned) {
    const { target } = settings;
    const files = target.scope === 'assets' && target.changes !== undefined && changed !== undefined
        ? planFiles(target.changes, changed, keepFiles, learned)
        : undefined;
    const calls = invalidationCalls(target, files?.urls ?? []);
    const merged = mergedIn(target, files?.urls ?? [], calls);
    return {
        scope: target.scope,
        calls,
        token: settings.token,
        ...(merged > 0 ? { merged } : {}),
        ...(target.scope === 'assets' && target.fromDeliveryUrls !== undefined
            ? { fromDeliveryUrls: target.fromDeliveryUrls }
            : {}),
        files: files?.plan,
        fileOf: files?.fileOf,
        preview: files?.preview,
    };
}
function invalidationCalls(target, fileUrls) {
    switch (target.scope) {
        case 'all':
            return [{ route: 'invalidate/all' }];
        case 'domain':
            return [{ route: 'invalidate/domain', domain: target.domain }];
        case 'assets': {
            const refs = fileUrls.length === 0
                ? target.assets
                : (0,_domain_unique_js__WEBPACK_IMPORTED_MODULE_3__/* .uniqueStrings */ .i)(target.assets.length === 0 ? fileUrls : [...target.assets, ...fileUrls]);
            return (0,_domain_batches_js__WEBPACK_IMPORTED_MODULE_4__/* .toBatches */ .kn)(refs).map((assets) => ({ route: 'invalidate/assets', assets }));
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
/** Every call the plan sends, the token call last: what a dry run lists. */
function plannedCalls(plan) {
    return plan.token ? [...plan.calls, { route: 'token' }] : plan.calls;
}
/** Every asset of the plan, in the order its calls carry them. */
function plannedAssets(plan) {
    return plan.calls.flatMap(assetsIn);
}
/** The assets a call carries: a batch's, and none for any other call. */
function assetsIn(call) {
    return call.route === 'invalidate/assets' ? call.assets : [];
}
function planFiles(request, changed, keepFiles, learned) {
    const selected = (0,_settings_select_js__WEBPACK_IMPORTED_MODULE_0__/* .selectPaths */ .LO)(changed.files, request.patterns);
    const mapping = mappingOf(request, learned, selected);
    const urls = [];
    const unmapped = [];
    const fileOf = keepFiles ? new Map() : undefined;
    const images = new Map();
    const leftOut = [];
    // A preview row keeps a copy of its path: a path read from a list is a slice of the list's text, and one kept
    // slice would keep all of that text (34 MB for a million paths) in memory through the run.
    const withChange = (sliced, index) => {
        const path = sliced.split('').join('');
        const change = changed.changes?.[index];
        return change === undefined ? { path } : { path, change };
    };
    // `selected` keeps the order of `files`: walking both at once finds each file's index, and those left out.
    let index = 0;
    for (const path of selected) {
        for (; index < changed.files.length && changed.files[index] !== path; index++) {
            if (leftOut.length < PREVIEW_ROWS)
                leftOut.push(withChange(changed.files[index] ?? '', index));
        }
        const url = mapping.map(path);
        if (url === undefined) {
            if (!mapping.needsNone(path))
                unmapped.push(path);
        }
        else {
            urls.push(url);
            if (fileOf?.has(url) === false)
                fileOf.set(url, path);
            if (images.size < PREVIEW_ROWS && !images.has(url))
                images.set(url, { url, ...withChange(path, index) });
        }
        index++;
    }
    for (; index < changed.files.length && leftOut.length < PREVIEW_ROWS; index++)
        leftOut.push(withChange(changed.files[index] ?? '', index));
    return {
        urls,
        fileOf,
        preview: { images: [...images.values()], leftOut },
        plan: {
            source: changed.source,
            skipped: changed.skipped,
            found: changed.files.length,
            selected: selected.length,
            patterns: request.patterns,
            mapped: urls.length,
            urlMap: mapping.rules,
            unmapped,
            learned: mapping.learned,
            truncated: changed.truncated,
            fallbackReason: changed.fallbackReason,
        },
    };
}
function mappingOf(request, learned, selected) {
    if (learned === undefined)
        return { map: (path) => (0,_settings_url_map_js__WEBPACK_IMPORTED_MODULE_1__/* .mapToUrl */ .vf)(path, request.urlMap), needsNone: () => false, rules: request.urlMap };
    const byFolder = (0,_learned_js__WEBPACK_IMPORTED_MODULE_2__/* .folderRules */ .M7)(learned);
    const none = new Set(learned.folders
        .filter((finding) => finding.kind === 'not-served-yet' || finding.kind === 'fingerprinted')
        .map((finding) => finding.folder));
    const imagesIn = new Map();
    for (const path of selected)
        imagesIn.set((0,_learned_js__WEBPACK_IMPORTED_MODULE_2__/* .folderOf */ .yS)(path), (imagesIn.get((0,_learned_js__WEBPACK_IMPORTED_MODULE_2__/* .folderOf */ .yS)(path)) ?? 0) + 1);
    const rules = (0,_learned_js__WEBPACK_IMPORTED_MODULE_2__/* .learnedRules */ .px)(learned, (folder) => imagesIn.get(folder) ?? 0);
    return {
        map: (path) => (0,_learned_js__WEBPACK_IMPORTED_MODULE_2__/* .mapLearned */ .O4)(path, byFolder),
        needsNone: (path) => none.has((0,_learned_js__WEBPACK_IMPORTED_MODULE_2__/* .folderOf */ .yS)(path)),
        rules: rules.map(({ rule }) => rule),
        learned: {
            map: learned,
            rules,
            needNone: selected.filter((path) => none.has((0,_learned_js__WEBPACK_IMPORTED_MODULE_2__/* .folderOf */ .yS)(path))).length,
        },
    };
}


/***/ }),

/***/ 4445:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   q: () => (/* binding */ SILENT)
/* harmony export */ });
/** Nothing told, in every voice: a stage that did not run. */
const SILENT = {
    failures: [],
    closing: () => undefined,
    summary: () => [],
    json: () => ({}),
    assets: () => [],
    text: () => [],
    outputs: {},
};


/***/ }),

/***/ 4183:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $O: () => (/* binding */ SKIPPED),
/* harmony export */   Y_: () => (/* binding */ MAX_REWRITE_BYTES),
/* harmony export */   di: () => (/* binding */ writesTheToken),
/* harmony export */   k0: () => (/* binding */ rewriteSentence)
/* harmony export */ });
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5462);
/* harmony import */ var _mechanics_exhaustive_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9067);


/** Not run: not asked for, cancelled, or no token to write; the pages then name the variants they named before. */
const SKIPPED = { state: 'skipped', variants: [] };
/** A file over this size is refused before it is read: rewriting reads a file whole. */
const MAX_REWRITE_BYTES = 64 * 1024 * 1024;
/**
 * `token` writes the run's token into every image URL of the pages (so it needs one, and every URL changes);
 * `content` writes each invalidated image's own value, which needs no token, and may change none on a second run.
 */
function writesTheToken(cacheBuster) {
    switch (cacheBuster) {
        case 'token':
            return true;
        case 'content':
            return false;
        default:
            return (0,_mechanics_exhaustive_js__WEBPACK_IMPORTED_MODULE_0__/* .unhandled */ .g)(cacheBuster);
    }
}
/** `Set the cache buster of 3 image URLs in 2 files (of 3 scanned).`; brief: `Rewrote 3 image URLs in 2 files.` */
function rewriteSentence(rewrite, dryRun, brief = false) {
    const urls = (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(rewrite.urls, 'image URL');
    const files = (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(rewrite.files.length, 'file');
    if (brief)
        return `${dryRun ? 'Would rewrite' : 'Rewrote'} ${urls} in ${files}.`;
    return `${dryRun ? 'Would set' : 'Set'} the cache buster of ${urls} in ${files} (of ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_1__/* .count */ .U9)(rewrite.scanned)} scanned).`;
}


/***/ }),

/***/ 3941:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   WT: () => (/* binding */ discardStaging),
/* harmony export */   mr: () => (/* binding */ staging),
/* harmony export */   sn: () => (/* binding */ keeping)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/**
 * What the rewrite under way has staged and kept, in this process, and how a process that must exit puts it back: a
 * module of its own, loaded at start-up (the cancel handler holds it) while the rewrite itself loads only when asked.
 */

/** Every staged file not yet renamed or removed, in this process: what a process that must exit now removes. */
const staging = new Set();
/** The originals kept by the replacing under way, in this process: what a process that must exit now puts back. */
const keeping = new Set();
/**
 * Puts the built files back as they were, at once, synchronously: for a process about to exit (a second signal),
 * so that no temporary file or kept original is left among the built files for a deploy to ship, and no file is
 * left replaced while others are not. The staged files go first, so that a rename still to run finds none; then
 * each file no longer the one read gets its original back, and the other originals are removed (all of them, once
 * every file is replaced: the rewrite is then whole).
 */
function discardStaging() {
    for (const temporary of staging) {
        try {
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.unlinkSync)(temporary);
        }
        catch {
            // Already gone: renamed over its file, or removed.
        }
    }
    staging.clear();
    for (const kept of [...keeping].reverse()) {
        try {
            const now = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(kept.file, { throwIfNoEntry: false });
            const replaced = now?.dev !== kept.read.dev || now.ino !== kept.read.ino;
            if (replaced && !kept.committed)
                (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.renameSync)(kept.original, kept.file);
            else
                (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.unlinkSync)(kept.original);
        }
        catch {
            // Its original not made yet, or already put back or removed.
        }
    }
    keeping.clear();
}


/***/ }),

/***/ 8832:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ AssetResults),
/* harmony export */   _: () => (/* binding */ AssetResultsBuilder)
/* harmony export */ });
/** Each outcome's code, every one of them, written in the order of the codes. An asset never settled: not sent. */
const CODES = {
    'not-sent': 0,
    invalidated: 1,
    failed: 2,
    'not-ready': 3,
};
const OUTCOMES = Object.keys(CODES);
/** Every asset of a run, in the order its calls carry them, each with what became of it. */
class AssetResults {
    length;
    refs;
    outcomes;
    /** The call's number plus one; 0 for none. */
    calls;
    /** The message's place in `messages` plus one; 0 for none. */
    errors;
    messages;
    constructor(parts) {
        this.length = parts.length;
        this.refs = parts.refs;
        this.outcomes = parts.outcomes;
        this.calls = parts.calls;
        this.errors = parts.errors;
        this.messages = parts.messages;
    }
    /** The compact form of results given one object an asset. */
    static of(results) {
        const list = [...results];
        const builder = new AssetResultsBuilder();
        builder.add(list.map((result) => result.ref));
        list.forEach((result, position) => {
            builder.settle(position, 1, result);
        });
        return builder.build();
    }
    /** Each asset as an object of its own, made as it is read: none is kept. */
    *[Symbol.iterator]() {
        let position = 0;
        for (const refs of this.refs) {
            for (const ref of refs) {
                yield this.resultAt(ref, position);
                position++;
            }
        }
    }
    /** Each asset's reference, outcome and error, in order, with no object made for any: for counting a million. */
    forEach(visit) {
        let position = 0;
        for (const refs of this.refs) {
            for (const ref of refs) {
                visit(ref, this.outcomeAt(position), this.errorAt(position));
                position++;
            }
        }
    }
    /**
     * The assets in pieces of `size`, each asset as the JSON text of its result (what JSON.stringify gives of what the
     * iterator yields), made without an object for each: a report of a million assets is written from these.
     */
    *jsonPieces(size) {
        // One object of each shape, filled in for each asset in turn: the properties in the order of resultAt's.
        const bare = { ref: '', outcome: '' };
        const withCall = { ref: '', outcome: '', call: 0 };
        const withError = { ref: '', outcome: '', error: '' };
        const withBoth = { ref: '', outcome: '', call: 0, error: '' };
        let piece = [];
        let position = 0;
        for (const refs of this.refs) {
            for (let index = 0; index < refs.length; index++, position++) {
                const call = (this.calls[position] ?? 0) - 1;
                const error = this.errorAt(position);
                let entry = bare;
                if (call >= 0 && error !== undefined) {
                    withBoth.call = call;
                    withBoth.error = error;
                    entry = withBoth;
                }
                else if (call >= 0) {
                    withCall.call = call;
                    entry = withCall;
                }
                else if (error !== undefined) {
                    withError.error = error;
                    entry = withError;
                }
                entry.ref = refs[index] ?? '';
                entry.outcome = this.outcomeAt(position);
                piece.push(JSON.stringify(entry));
                if (piece.length === size) {
                    yield piece;
                    piece = [];
                }
            }
        }
        if (piece.length > 0)
            yield piece;
    }
    outcomeAt(position) {
        return OUTCOMES[this.outcomes[position] ?? 0] ?? 'not-sent';
    }
    errorAt(position) {
        const error = this.errors[position] ?? 0;
        return error > 0 ? this.messages[error - 1] : undefined;
    }
    resultAt(ref, position) {
        // The same properties, in the same order, as a result written out whole: the JSON report prints them.
        const result = {
            ref,
            outcome: this.outcomeAt(position),
        };
        const call = this.calls[position] ?? 0;
        if (call > 0)
            result.call = call - 1;
        const error = this.errorAt(position);
        if (error !== undefined)
            result.error = error;
        return result;
    }
}
/** Builds AssetResults: the assets added call by call, then what became of them. */
class AssetResultsBuilder {
    refs = [];
    size = 0;
    outcomes = new Uint8Array(INITIAL_CAPACITY);
    calls = new Uint32Array(INITIAL_CAPACITY);
    errors = new Uint32Array(INITIAL_CAPACITY);
    messages = [];
    messageIndex = new Map();
    /** Assets in all so far. */
    get length() {
        return this.size;
    }
    /** Adds assets after those added before (the array is kept, not copied); returns the position of the first. */
    add(refs) {
        const start = this.size;
        if (refs.length === 0)
            return start;
        this.refs.push(refs);
        this.size += refs.length;
        if (this.size > this.outcomes.length)
            this.grow(this.size);
        return start;
    }
    /** What became of the `count` assets from `start`; a later settlement of an asset replaces an earlier one. */
    settle(start, count, settlement) {
        const end = start + count;
        if (start < 0 || end > this.size)
            throw new RangeError(`assets ${start} to ${end} of ${this.size}`);
        this.outcomes.fill(CODES[settlement.outcome], start, end);
        this.calls.fill(settlement.call === undefined ? 0 : settlement.call + 1, start, end);
        this.errors.fill(settlement.error === undefined ? 0 : this.messageOf(settlement.error), start, end);
    }
    build() {
        return new AssetResults({
            length: this.size,
            refs: this.refs,
            outcomes: this.outcomes.subarray(0, this.size),
            calls: this.calls.subarray(0, this.size),
            errors: this.errors.subarray(0, this.size),
            messages: this.messages,
        });
    }
    messageOf(error) {
        let index = this.messageIndex.get(error);
        if (index === undefined) {
            index = this.messages.push(error);
            this.messageIndex.set(error, index);
        }
        return index;
    }
    grow(needed) {
        const capacity = Math.max(needed, this.outcomes.length * 2);
        const outcomes = new Uint8Array(capacity);
        const calls = new Uint32Array(capacity);
        const errors = new Uint32Array(capacity);
        outcomes.set(this.outcomes);
        calls.set(this.calls);
        errors.set(this.errors);
        this.outcomes = outcomes;
        this.calls = calls;
        this.errors = errors;
    }
}
const INITIAL_CAPACITY = 1024;


/***/ }),

/***/ 2411:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   R: () => (/* binding */ CANCEL_GRACE_MS),
/* harmony export */   q: () => (/* binding */ cutOff)
/* harmony export */ });
/* harmony import */ var _mechanics_clock_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6885);
/* harmony import */ var _domain_api_error_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2803);


/**
 * How long a cancelled run waits for its calls in flight before it publishes what landed: GitHub's runner follows
 * its SIGINT with SIGTERM 7.5 s later, and kills the step 2.5 s after that.
 */
const CANCEL_GRACE_MS = 3_000;
/**
 * The end of a cancelled run's wait, CANCEL_GRACE_MS after its signal: then a call still in flight fails at once,
 * and a wait between attempts passes at once (on the clock the run reads, as though its time had gone by).
 */
function cutOff(signal, base = _mechanics_clock_js__WEBPACK_IMPORTED_MODULE_0__/* .systemClock */ .m) {
    const cut = new AbortController();
    let timer;
    const start = () => {
        timer = setTimeout(() => {
            cut.abort();
        }, CANCEL_GRACE_MS);
    };
    if (signal?.aborted === true)
        start();
    else
        signal?.addEventListener('abort', start, { once: true });
    let skipped = 0;
    const cutError = () => new _domain_api_error_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD('the run was cancelled before the service answered', { kind: 'unexpected' });
    return {
        signal: cut.signal,
        // The listener goes once the answer settles: kept, it would hold every call's answer to the end of the run.
        bound: (answer) => new Promise((resolve, reject) => {
            const onCut = () => {
                reject(cutError());
            };
            answer.then(resolve, reject).finally(() => {
                cut.signal.removeEventListener('abort', onCut);
            });
            if (cut.signal.aborted)
                reject(cutError());
            else
                cut.signal.addEventListener('abort', onCut, { once: true });
        }),
        clock: {
            now: () => base.now() + skipped,
            random: () => base.random(),
            // The scheduler's own signal ends its waits when it closes: a timer left running would keep the step alive.
            sleep: (ms, signal) => base
                .sleep(ms, signal === undefined ? cut.signal : AbortSignal.any([cut.signal, signal]))
                .catch(() => {
                if (cut.signal.aborted)
                    skipped += ms;
            }),
        },
        dispose: () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', start);
        },
    };
}


/***/ }),

/***/ 6330:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GC: () => (/* binding */ parseDeployEnvironment),
/* harmony export */   Y1: () => (/* binding */ legacyRecordName),
/* harmony export */   ZD: () => (/* binding */ urlMapHosts),
/* harmony export */   mI: () => (/* binding */ siteHost),
/* harmony export */   rb: () => (/* binding */ STATUS_CONTEXT_DEPRECATED),
/* harmony export */   sL: () => (/* binding */ defaultRecordName),
/* harmony export */   uZ: () => (/* binding */ parseRecordName)
/* harmony export */ });
/* unused harmony export CONTEXT_PREFIX */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(532);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2392);



/** The action's name, which the records of earlier versions were named with. */
const CONTEXT_PREFIX = 'image-cache-invalidate';
/**
 * The site's host: the hosts the images are served from, each once, in one order. Given the url-map's hosts today;
 * whatever else names the site's host gives them here, so that a record's target is decided in one place.
 */
function siteHost(hosts) {
    const unique = [...new Set(hosts.map((host) => host.toLowerCase()))].sort();
    return unique.length === 0 ? 'no site host' : unique.join(', ');
}
/** The hosts the url-map's rules point at. */
function urlMapHosts(urlMap) {
    return urlMap.flatMap((rule) => {
        try {
            return [new URL(rule.urlPrefix).host];
        }
        catch {
            return [];
        }
    });
}
// GitHub keeps an environment's name to 255 characters; one line, as it is shown in the Environments list.
const NAME_LIMIT = 255;
/**
 * The default name of a target's record (the environment of its deployments), as a person reads it in the
 * repository's Environments list: what it holds, for which site and deploy environment, and of which service. The
 * same for every event of one target, so that a push run and a deploy run share one record; a fix of url-map that
 * keeps the host keeps it. A name past GitHub's limit keeps its start and a digest of the whole.
 */
function defaultRecordName(target) {
    const serviceKey = decodeURIComponent(target.endpoint.pathname.split('/')[2] ?? '');
    const name = `Image cache record – ${target.host} – ${target.deployEnvironment.toLowerCase()} – ` +
        `${serviceKey} at ${target.endpoint.host}`;
    if (name.length <= NAME_LIMIT)
        return name;
    const digest = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(name).digest('hex').slice(0, 8);
    return `${name.slice(0, NAME_LIMIT - digest.length - 3)} … ${digest}`;
}
/**
 * The name earlier versions gave a target's record by default: the action and a digest of the service, the url-map
 * and the deploy environment. Read once, to carry its record over to the name of today.
 */
function legacyRecordName(endpoint, urlMap, deployEnvironment) {
    const target = [
        endpoint.href,
        ...urlMap.map((rule) => `${rule.pathPrefix} => ${rule.urlPrefix}`),
        `environment ${deployEnvironment.toLowerCase()}`,
    ].join('\n');
    return `${CONTEXT_PREFIX}/${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(target).digest('hex').slice(0, 8)}`;
}
/**
 * `record-name`, or its deprecated name `status-context`: empty for the default; else one line of text, kept as
 * given. Both given, and different, is refused.
 */
function parseRecordName(recordName, statusContext) {
    const given = [
        { input: 'record-name', name: recordName.trim() },
        { input: 'status-context', name: statusContext.trim() },
    ];
    for (const { input, name } of given) {
        if (name.length > NAME_LIMIT || /\p{Cc}/u.test(name))
            return (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_1__/* .throwInput */ .j)(`${input}: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(name.slice(0, 80))} is not allowed; give one line of at most ${NAME_LIMIT} characters ` +
                '(e.g. Image cache record – production), or leave it empty for one named after the site.');
    }
    const [named, old] = given;
    if (named.name !== '' && old.name !== '' && named.name !== old.name)
        return (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_1__/* .throwInput */ .j)(`record-name: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(named.name.slice(0, 80))} and status-context: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(old.name.slice(0, 80))} both ` +
            'name the record; status-context is the old name of record-name: keep record-name alone.');
    if (named.name !== '')
        return named;
    return old.name === '' ? undefined : old;
}
/** What the log says when the record is named by `status-context`. */
const STATUS_CONTEXT_DEPRECATED = 'status-context is deprecated: it is now record-name, which names the record the same way; rename ' +
    'status-context to record-name in the workflow.';
// GitHub keeps an environment's name to 255 characters.
const ENVIRONMENT_LIMIT = 255;
/** `deploy-environment`: one line, as a host names its deploys' environment; `production` when empty. */
function parseDeployEnvironment(value) {
    const environment = value.trim();
    if (environment === '')
        return 'production';
    if (environment.length > ENVIRONMENT_LIMIT || /\p{Cc}/u.test(environment)) {
        return (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_1__/* .throwInput */ .j)(`deploy-environment: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(environment.slice(0, 80))} is not allowed; give the environment your host ` +
            `names its deploys with, one line of at most ${ENVIRONMENT_LIMIT} characters (e.g. production, or ` +
            'Deploy Preview), or leave it empty for production.');
    }
    return environment;
}


/***/ }),

/***/ 9345:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  uO: () => (/* binding */ checkPatterns),
  Z7: () => (/* binding */ parsePatterns),
  LO: () => (/* binding */ selectPaths)
});

// EXTERNAL MODULE: ./src/mechanics/input-error.ts
var input_error = __webpack_require__(532);
// EXTERNAL MODULE: ./src/shown/shown.ts
var shown = __webpack_require__(2392);
;// CONCATENATED MODULE: ./src/settings/automaton.ts
/**
 * The automaton a path pattern compiles to (glob.ts): states that each test one character, followed all at once.
 */
function accepts(test, c, lower) {
    switch (test.kind) {
        case 'char':
            return (test.foldCase ? lower : c) === test.char;
        case 'class':
            return test.ranges.some(([low, high]) => c >= low && c <= high);
        case 'in-name':
            return c !== '/';
        case 'any':
            return true;
        default:
            return test;
    }
}
/**
 * Follows every state the path can be in at once, a character at a time. Each set of states met, and where a
 * character leads from it, is remembered (a deterministic automaton built as paths need it), so that a list of a
 * million paths costs a lookup per character; past MAX_REMEMBERED sets, new ones are computed and not kept, which
 * bounds the memory and keeps each character's cost within the pattern's length.
 */
class Automaton {
    remembered = new Map();
    start;
    // Marks the states added in the current step, so that each is added once.
    mark;
    step = 0;
    states;
    constructor(states, starts) {
        this.states = states;
        this.mark = new Int32Array(states.length).fill(-1);
        this.start = this.stateSet(starts);
    }
    matches(path) {
        let current = this.start;
        for (const c of path) {
            current = current.next.get(c) ?? this.advance(current, c);
            if (current.states.length === 0)
                return false;
        }
        return current.accepting;
    }
    advance(from, c) {
        const lower = c.toLowerCase();
        const targets = [];
        for (const state of from.states) {
            const { test, next } = this.states[state] ?? { test: undefined, next: [] };
            if (test !== undefined && accepts(test, c, lower))
                targets.push(...next);
        }
        const to = this.stateSet(targets);
        if (this.remembered.size < MAX_REMEMBERED)
            from.next.set(c, to);
        return to;
    }
    /** The states reached from these, following skips, as one remembered set. */
    stateSet(from) {
        const step = ++this.step;
        const reached = [];
        const stack = [...from];
        for (let state = stack.pop(); state !== undefined; state = stack.pop()) {
            if (this.mark[state] === step)
                continue;
            this.mark[state] = step;
            reached.push(state);
            stack.push(...(this.states[state]?.skip ?? []));
        }
        reached.sort((a, b) => a - b);
        const key = reached.join(',');
        const known = this.remembered.get(key);
        if (known !== undefined)
            return known;
        const set = {
            states: reached,
            accepting: reached.some((state) => this.states[state]?.test === undefined),
            next: new Map(),
        };
        if (this.remembered.size < MAX_REMEMBERED)
            this.remembered.set(key, set);
        return set;
    }
}
const MAX_REMEMBERED = 10_000;

;// CONCATENATED MODULE: ./src/settings/glob.ts
/**
 * Path patterns as GitHub's `on.<event>.paths` filter reads them, matched without backtracking. Users copy their
 * workflow's `paths` list here, so the same list must select the same files.
 *
 * The syntax (GitHub's "filter pattern cheat sheet"; its reference implementation is nektos/act's workflowpattern):
 * `*` any characters but '/'; `**` any characters, '/' included, also inside a name (`**.js`); `**` followed by '/'
 * any folders, none included; `?` zero or one of the preceding character, `+` one or more of it (written first,
 * either is itself); `[CB]`, `[0-9a-z]` one character of the list; `\` makes the next character itself. Everything
 * else, `{`, `(`, `#` and `.` included, is itself.
 *
 * Two extensions, both applied only to a pattern that selects (not one starting with `!`), so that a list selects
 * every file GitHub's filter selects and perhaps more, never fewer: `{a,b}` stands for each alternative as well as
 * for itself, and letters match without regard to case (cameras write IMG_2041.JPG; a stale image costs more than
 * an extra invalidation).
 *
 * A pattern is compiled to an automaton whose states are followed all at once, a character at a time: matching
 * takes at most (path length) × (pattern length) steps, whatever both hold, and mostly one lookup per character,
 * as the sets of states met are remembered. A regular expression backtracks: `**\/*-*-*-*-*.png` took seconds per
 * hostile file name, and names come from pull requests.
 */

/** A pattern GitHub's filter would not read as written: the message says why. */
class PatternError extends Error {
}
/** Brace alternatives a pattern may expand to; `{a,b}{c,d}…` doubles with each group. */
const MAX_BRACE_EXPANSIONS = 1000;
const MAX_BRACE_GROUPS = 64;
/** Why a pattern (with its leading `!`, if any) cannot be matched, or undefined. */
function globProblem(pattern) {
    try {
        alternatives(pattern);
        return undefined;
    }
    catch (error) {
        if (error instanceof PatternError)
            return error.message;
        throw error;
    }
}
/** Compiles a pattern; throws for one that globProblem refuses. */
function compilePattern(pattern) {
    const problem = globProblem(pattern);
    if (problem !== undefined)
        throw new Error(`${JSON.stringify(pattern)} ${problem}`);
    const negative = pattern.startsWith('!');
    const states = [];
    const starts = alternatives(pattern).map((alternative) => compileInto(states, alternative, !negative));
    const automaton = new Automaton(states, starts);
    return { negative, matches: (path) => automaton.matches(path) };
}
/** The patterns a pattern stands for: itself, and for one that selects, its brace alternatives. */
function alternatives(pattern) {
    const negative = pattern.startsWith('!');
    const body = negative ? pattern.slice(1) : pattern;
    const checked = (text) => {
        compileInto([], text, false);
        return text;
    };
    if (firstGroup(body) === undefined)
        return [checked(body)];
    if (negative) {
        throw new PatternError("holds {…}, which GitHub's filter reads as plain text and which here would leave out files it selects; " +
            'write one ! pattern per alternative');
    }
    // Each group is a level of expansion: their number is bounded before any is expanded.
    if ((body.match(/\{/g) ?? []).length > MAX_BRACE_GROUPS)
        throw new PatternError(`holds more than ${MAX_BRACE_GROUPS} '{'; write several patterns instead`);
    const expanded = expandBraces(body, MAX_BRACE_EXPANSIONS + 1);
    if (expanded.length > MAX_BRACE_EXPANSIONS) {
        throw new PatternError(`expands to more than ${MAX_BRACE_EXPANSIONS} alternatives of {…}; write fewer, or several patterns`);
    }
    return [body, ...expanded].map(checked);
}
const ANY = { kind: 'any' };
const IN_NAME = { kind: 'in-name' };
/**
 * Appends the states of one pattern (without its `!`) to `states`, ending in a match state, and returns its first
 * state. Where GitHub's filter refuses a pattern (its regular expression would not compile), so does this.
 */
function compileInto(states, pattern, ignoreCase) {
    const start = states.length;
    // Code points, as the path is read: `é?` makes the whole é optional.
    const chars = Array.from(pattern);
    // The last character's state, and how it already repeats: a `?` or `+` applies to it.
    let last;
    const one = (test) => {
        last = { state: states.length, repeats: 'once' };
        states.push({ test, next: [states.length + 1], skip: [] });
    };
    const many = (test) => {
        last = { state: states.length, repeats: 'repeats' };
        states.push({ test, next: [states.length], skip: [states.length + 1] });
    };
    const char = (c) => ({
        kind: 'char',
        char: ignoreCase ? c.toLowerCase() : c,
        foldCase: ignoreCase,
    });
    for (let i = 0; i < chars.length; i++) {
        const c = chars[i] ?? '';
        if (c === '*' && chars[i + 1] === '*' && chars[i + 2] === '/') {
            anyFolders(states);
            last = { state: states.length - 3, repeats: 'repeats' };
            i += 2;
        }
        else if (c === '*' && chars[i + 1] === '*') {
            many(ANY);
            i++;
        }
        else if (c === '*')
            many(IN_NAME);
        else if ((c === '?' || c === '+') && last !== undefined)
            last.repeats = repeat(states, last, c);
        else if (c === '[') {
            const parsed = parseClass(chars, i, ignoreCase);
            one(parsed.test);
            i = parsed.end;
        }
        else if (c === '\\') {
            if (i + 1 >= chars.length)
                throw new PatternError("ends with a lone '\\'; write '\\\\' for a backslash");
            one(char(chars[++i] ?? ''));
        }
        else
            one(char(c));
    }
    states.push({ test: undefined, next: [], skip: [] });
    return start;
}
/** `**` followed by '/': nothing, or at least one character and then '/' (GitHub reads it as `(.+/)?`). */
function anyFolders(states) {
    const s = states.length;
    states.push({ test: ANY, next: [s + 1], skip: [s + 3] }, { test: ANY, next: [s + 1], skip: [s + 2] }, { test: { kind: 'char', char: '/', foldCase: false }, next: [s + 3], skip: [] });
}
/** Applies `?` or `+` to the last character; after `*`, `x?` or `x+` a `?` changes nothing (as in `.*?`). */
function repeat(states, last, quantifier) {
    const state = states[last.state];
    if (state === undefined)
        throw new Error('a quantifier without its state');
    switch (last.repeats) {
        case 'once':
            if (quantifier === '?')
                state.skip.push(last.state + 1);
            else
                state.next.push(last.state);
            return 'repeats';
        case 'repeats':
            if (quantifier === '?')
                return 'lazy';
            break;
        case 'lazy':
            break;
        default:
            return last.repeats;
    }
    throw new PatternError(`repeats a repetition ('${quantifier}' after '*', '?' or '+'), which GitHub's filter refuses; write '\\${quantifier}' ` +
        `for a plain '${quantifier}'`);
}
/** Letters (and what lies between 'Z' and 'a') and digits, as GitHub's filter allows in `[…]`. */
function inClassAlphabet(c) {
    return (c >= 'A' && c <= 'z') || (c >= '0' && c <= '9');
}
function sameKind(low, high) {
    return low <= high && ((low >= 'A' && high <= 'z') || (low >= '0' && high <= '9'));
}
/** The class opening at `open` ('['), and the index of its ']'. */
function parseClass(chars, open, ignoreCase) {
    const ranges = [];
    let i = open + 1;
    if (chars[i] === ']')
        throw new PatternError("holds an empty '[]'; write '\\[\\]' for the characters");
    if (chars[i] === '^' || chars[i] === '!') {
        throw new PatternError(`starts a class with '${chars[i] ?? ''}': GitHub's filter has no class of characters not listed; list the ` +
            'characters allowed instead');
    }
    let afterRange = false;
    for (; i < chars.length && chars[i] !== ']'; i++) {
        const c = chars[i] ?? '';
        if (c === '-') {
            const low = chars[i - 1] ?? '';
            const high = chars[i + 1] ?? '';
            if (i === open + 1 || afterRange || !sameKind(low, high) || high === ']') {
                throw new PatternError("holds a range in '[…]' other than within a-z, A-Z or 0-9");
            }
            ranges.pop();
            ranges.push([low, high]);
            afterRange = true;
            i++;
        }
        else if (!inClassAlphabet(c)) {
            throw new PatternError(`holds ${JSON.stringify(c)} in '[…]', which takes only letters, digits and ranges`);
        }
        else {
            ranges.push([c, c]);
            afterRange = false;
        }
    }
    if (i >= chars.length)
        throw new PatternError("opens '[' without its ']'; write '\\[' for the character");
    return { test: { kind: 'class', ranges: ignoreCase ? withOtherCase(ranges) : ranges }, end: i };
}
/** The ranges, and for the letters in them, the same letters in the other case. */
function withOtherCase(ranges) {
    const cases = [];
    for (const [low, high] of ranges) {
        const lower = [low.toLowerCase(), high.toLowerCase()];
        if (/^[a-z]$/.test(lower[0] ?? '') && /^[a-z]$/.test(lower[1] ?? ''))
            cases.push([low.toLowerCase(), high.toLowerCase()], [low.toUpperCase(), high.toUpperCase()]);
    }
    return [...ranges, ...cases];
}
/**
 * The patterns a `{a,b}` pattern stands for, at most `limit` of them (the rest cut off). A brace without a comma
 * at its level, or without its closing brace, is literal text.
 */
function expandBraces(pattern, limit) {
    const group = firstGroup(pattern);
    if (group === undefined)
        return [pattern];
    const prefix = pattern.slice(0, group.open);
    const suffix = pattern.slice(group.close + 1);
    const expanded = [];
    for (const option of group.options) {
        for (const rest of expandBraces(`${option}${suffix}`, limit - expanded.length)) {
            if (expanded.length >= limit)
                return expanded;
            expanded.push(prefix + rest);
        }
    }
    return expanded;
}
/** The first `{…}` holding a comma at its own level, with its options. */
function firstGroup(pattern) {
    for (let open = pattern.indexOf('{'); open >= 0; open = pattern.indexOf('{', open + 1)) {
        if (open > 0 && pattern[open - 1] === '\\')
            continue;
        let depth = 0;
        let start = open + 1;
        const options = [];
        for (let i = open; i < pattern.length; i++) {
            const char = pattern[i];
            if (char === '\\')
                i++;
            else if (char === '{')
                depth++;
            else if (char === ',' && depth === 1) {
                options.push(pattern.slice(start, i));
                start = i + 1;
            }
            else if (char === '}' && --depth === 0) {
                if (options.length === 0)
                    break;
                options.push(pattern.slice(start, i));
                return { open, close: i, options };
            }
        }
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/settings/select.ts



/**
 * Keeps the paths that GitHub's `paths` filter would select with these patterns: the last pattern a path matches
 * decides, included by a pattern, left out by a `!` pattern; a path that matches none is left out (so a `!` written
 * first does nothing). Patterns that select also take `{a,b}` and match without regard to case (glob.ts).
 */
function selectPaths(paths, patterns) {
    const compiled = patterns.map(compilePattern).reverse();
    return paths.filter((path) => compiled.find((pattern) => pattern.matches(path))?.negative === false);
}
/**
 * `paths`: one pattern per line, each line trimmed; blank lines are skipped. Nothing else is: a line starting with
 * `#` is a pattern, as it is in a workflow's quoted `'#…'`.
 */
function parsePatterns(text) {
    return text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '');
}
/** Refuses, naming the input, a pattern that cannot be matched (glob.ts) or never matches a path: before anything is sent. */
function checkPatterns(name, patterns) {
    for (const pattern of patterns) {
        const problem = globProblem(pattern) ?? neverMatches(pattern);
        if (problem !== undefined)
            throw new input_error/* InputError */.d(`${name}: ${(0,shown/* quote */.hD)(pattern)} ${problem}.`);
    }
}
/**
 * Paths from git start at the repository's root and hold no `.` or `..` segment: a pattern that does can select
 * nothing, here as in GitHub's filter, which a run would only show as an empty selection.
 */
function neverMatches(pattern) {
    const negation = pattern.startsWith('!') ? '!' : '';
    const body = pattern.slice(negation.length);
    const rooted = /^(?:\.?\/)+/.exec(body)?.[0];
    if (rooted !== undefined) {
        return (`starts with ${(0,shown/* quote */.hD)(rooted)}, but paths start at the repository's root without it; write ` +
            (0,shown/* quote */.hD)(negation + body.slice(rooted.length)));
    }
    if (body.split('/').some((segment) => segment === '.' || segment === '..'))
        return "holds a '.' or '..' folder, which no path from the repository holds; write the folders it means";
    return undefined;
}


/***/ }),

/***/ 4411:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FE: () => (/* binding */ parseUrlMap),
/* harmony export */   Oj: () => (/* binding */ URL_MAP_EXAMPLE),
/* harmony export */   Yq: () => (/* binding */ imageHostIsOrigin),
/* harmony export */   lW: () => (/* binding */ ruleLine),
/* harmony export */   sG: () => (/* binding */ ruleFor),
/* harmony export */   vf: () => (/* binding */ mapToUrl)
/* harmony export */ });
/* harmony import */ var _mechanics_http_url_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9071);
/* harmony import */ var _domain_urls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3012);
/* harmony import */ var _domain_credentials_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9658);
/* harmony import */ var _mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(532);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2392);
/* harmony import */ var _domain_list_syntax_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4444);






const URL_MAP_EXAMPLE = 'public/images => https://www.example.com/images';
/**
 * Parses `<path prefix> => <URL prefix>` lines; blank lines and lines starting with '#' are ignored. A line that
 * could only map nothing, or something else than meant, is refused, showing the rule as it should be written.
 */
function parseUrlMap(text, imageHost) {
    const rules = [];
    const lineOf = new Map();
    // A pasted YAML list, said whole: only once no line of it holds credentials (those are refused below, hidden),
    // and once for the whole text, whatever its length.
    if (text.trimStart().startsWith('[') &&
        text.split('\n').every((each) => credentialsInLine(each.trim()) === undefined))
        (0,_domain_list_syntax_js__WEBPACK_IMPORTED_MODULE_1__/* .refuseFlowList */ .fD)('url-map', text, 'rule');
    for (const line of text.split(/\r?\n/)) {
        const trimmed = line.trim();
        if (trimmed === '' || trimmed.startsWith('#'))
            continue;
        // Before anything quotes the line: the credentials would be shown, and sent with every URL it maps.
        const hidden = credentialsInLine(trimmed);
        if (hidden !== undefined) {
            (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .throwInput */ .j)((0,_domain_credentials_js__WEBPACK_IMPORTED_MODULE_3__/* .credentialsRefusal */ .l)('url-map', hidden, 'give the URL prefix as a browser requests it, without them'));
        }
        const pieces = trimmed.split('=>');
        if (pieces.length < 2) {
            (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .throwInput */ .j)(`url-map: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(line)} has no '=>'; write one rule per line as <path prefix> => <URL prefix>, e.g. ${URL_MAP_EXAMPLE}`);
        }
        if (pieces.length > 2) {
            (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .throwInput */ .j)(`url-map: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(trimmed)} holds ${pieces.length - 1} rules; write one rule per line:\n` +
                rulesIn(pieces)
                    .map((rule) => `  ${rule}`)
                    .join('\n'));
        }
        const [left = '', right = ''] = pieces.map((piece) => piece.trim());
        if (left.includes('\\')) {
            // In a repository path '\' is a character of a name, never a folder: this rule would map nothing.
            (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .throwInput */ .j)(`url-map: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(trimmed)} separates folders with '\\'; write '/': ${left.replaceAll('\\', '/')} => ${right}`);
        }
        const pathPrefix = left.replace(/^(?:\.\/|\/)+/, '').replace(/(?<!\/)\/+$/, '');
        const rule = {
            pathPrefix: pathPrefix === '.' ? '' : pathPrefix,
            urlPrefix: parseUrlPrefix(right, left, trimmed, imageHost),
        };
        if (DOT_SEGMENT.test(rule.pathPrefix)) {
            (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .throwInput */ .j)(`url-map: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(trimmed)} has a '.' or '..' segment in its path prefix; write the folder as git prints ` +
                'it, from the top of the repository, e.g. public/images.');
        }
        const earlier = lineOf.get(rule.pathPrefix);
        if (earlier !== undefined) {
            (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .throwInput */ .j)(`url-map: two rules for the path prefix ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(rule.pathPrefix || '.')}, ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(earlier)} and ` +
                `${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(trimmed)}; keep the one that serves these images.`);
        }
        lineOf.set(rule.pathPrefix, trimmed);
        rules.push(rule);
    }
    return rules;
}
/**
 * The line with the user name and password of each URL in it as `***`, or undefined when it holds none. A URL is the
 * first word after each '=>', or any word that starts with a scheme; the path prefixes are names, where '@' is a
 * character like any other.
 */
function credentialsInLine(line) {
    const parts = line.split(/(=>|\s+)/);
    let found = false;
    for (let i = 0; i < parts.length; i++) {
        const part = parts[i] ?? '';
        const isUrl = parts[i - 2] === '=>' || parts[i - 1] === '=>' || /^[a-z][a-z0-9+.-]*:/i.test(part);
        const hidden = isUrl && part.trim() !== '' ? (0,_domain_credentials_js__WEBPACK_IMPORTED_MODULE_3__/* .credentialsHidden */ .n)(part) : undefined;
        if (hidden === undefined)
            continue;
        parts[i] = hidden;
        found = true;
    }
    return found ? parts.join('') : undefined;
}
/**
 * The rules of a line that holds several (`a => https://x/a, b => https://y/b`), as they should be written: each
 * piece between two arrows is a URL prefix, then the next rule's path prefix.
 */
function rulesIn(pieces) {
    const rules = [];
    let path = pieces[0]?.trim() ?? '';
    for (const piece of pieces.slice(1)) {
        const [url = '', ...rest] = piece.trim().split(/[\s,;]+/);
        rules.push(`${path} => ${url}`);
        path = rest.join(' ');
    }
    return rules;
}
function parseUrlPrefix(value, pathPrefix, line, imageHost) {
    refuseDeliveryUrl(value, pathPrefix, line, imageHost);
    const url = (0,_mechanics_http_url_js__WEBPACK_IMPORTED_MODULE_5__/* .parseHttpUrl */ .f)(value);
    if (url === undefined) {
        return (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .throwInput */ .j)(`url-map: in ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(line)}, ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(value)} is not an absolute http(s) URL prefix, e.g. ${URL_MAP_EXAMPLE}`);
    }
    if (url.search !== '' || url.hash !== '') {
        url.search = '';
        url.hash = '';
        return (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .throwInput */ .j)(`url-map: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(line)} has a query or fragment in its URL prefix, which no image URL can continue; ` +
            `write: ${pathPrefix} => ${url.href}`);
    }
    return url.href.endsWith('/') ? url.href : `${url.href}/`;
}
/**
 * The service caches an image by its origin URL, where the site serves the file: a URL prefix on the image host
 * (`https://img.example.net/w:640/https://www.example.com/images`, the URLs a page shows) would invalidate URLs
 * the service never fetched, and end green having cleared nothing. Refused, naming the origin URL prefix to write.
 */
function refuseDeliveryUrl(value, pathPrefix, line, imageHost) {
    const delivery = (0,_domain_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .deliveryUrlOf */ .VT)(value);
    if (delivery !== undefined) {
        (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .throwInput */ .j)(`url-map: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(line)} is an image delivery URL: it serves ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(delivery.originUrl)} through ` +
            `${delivery.host}. The service caches images by their origin URL, so url-map gives where the site serves ` +
            `the files; write: ${pathPrefix} => ${delivery.originUrl}`);
    }
    const host = (0,_mechanics_http_url_js__WEBPACK_IMPORTED_MODULE_5__/* .parseHttpUrl */ .f)(value)?.host;
    if (host !== undefined && host === imageHost)
        (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .throwInput */ .j)(imageHostIsOrigin(host, 'url-map', 'files', line));
}
/**
 * image-host set to the site's own host, where the origin serves the files: the likelier mistake than a url-map on
 * the image host, since the image service's delivery URLs hold the origin URL in their path, which a url-map prefix
 * does not. Blames image-host and says what it should be, with the other fix for the rarer case.
 */
function imageHostIsOrigin(host, source, what, given) {
    return (`image-host: ${host} is the site that ${source} serves the ${what} from (${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(given)}), not the image ` +
        "delivery host: image-host is the image service's host, the host of the image URLs the pages show " +
        `(https://<image-host>/w:640/https://${host}/…), e.g. img.example.net. Set image-host to that host, or leave ` +
        `it empty; if ${host} is the delivery host, ${source} must give the site that serves the ${what} instead.`);
}
/**
 * The public URL of a repository path, by the rule with the longest matching prefix, or undefined when no rule
 * maps it. A prefix matches whole path segments only: `img` maps `img/a.png`, not `imgs/a.png`. A path with a '.'
 * or '..' segment maps to nothing: the URL parser would resolve it, and `images/../admin/a.png` would leave the
 * rule's URL prefix (settings refuses such paths; git prints none).
 */
function mapToUrl(path, rules) {
    if (DOT_SEGMENT.test(path))
        return undefined;
    const best = ruleFor(path, rules);
    if (best === undefined)
        return undefined;
    const rest = best.pathPrefix === '' ? path : path.slice(best.pathPrefix.length + 1);
    // The URL prefix is already in the parser's form, and a name of plain characters is one the parser leaves as it
    // is: joined as they are, without a URL object for each of a million names. Joined by `join`, which makes one
    // flat string, as the parser does: `+` would make a pair that V8 copies flat later, each time it is sent.
    if (PLAIN_NAME.test(rest))
        return [best.urlPrefix, rest].join('');
    return new URL(escapePath(rest), best.urlPrefix).href;
}
/** Characters of a path that the URL parser keeps as they are: no escape, no dot segment (refused above). */
const PLAIN_NAME = /^[\w.~!$&()*+,;=:@/-]*$/;
/** The rule that maps a repository path: the one with the longest matching prefix, in whole segments. */
function ruleFor(path, rules) {
    let best;
    for (const rule of rules) {
        const matches = rule.pathPrefix === '' || path.startsWith(`${rule.pathPrefix}/`);
        if (matches && (best === undefined || rule.pathPrefix.length > best.pathPrefix.length))
            best = rule;
    }
    return best;
}
/** A rule as a url-map line reads: `public/images => https://www.example.com/images`. */
function ruleLine(rule) {
    return `${rule.pathPrefix === '' ? '.' : rule.pathPrefix} => ${rule.urlPrefix.replace(/\/$/, '')}`;
}
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;
/**
 * Characters that a file name may hold but that would change a URL's meaning if left as they are: '%' (an
 * escape, and `%2e` a dot), '?' and '#' (query, fragment), '\' (a '/' to the URL parser), and control characters
 * and spaces (which the parser drops, or trims at the end). The parser encodes the rest as a browser does
 * (non-ASCII as its UTF-8 bytes). The './' keeps a first segment with a ':' from reading as a scheme.
 */
function escapePath(path) {
    return `./${path.replace(/[%?#\\\p{Cc} ]/gu, (char) => encodeURIComponent(char))}`;
}


/***/ }),

/***/ 5462:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   KT: () => (/* binding */ named),
/* harmony export */   Ku: () => (/* binding */ firstOf),
/* harmony export */   LS: () => (/* binding */ plural),
/* harmony export */   U9: () => (/* binding */ count),
/* harmony export */   YA: () => (/* binding */ seconds),
/* harmony export */   hS: () => (/* binding */ counted),
/* harmony export */   u: () => (/* binding */ FAILURES_NAMED)
/* harmony export */ });
/** Numbers and lists as every message writes them. A leaf: it imports nothing, so anything may use it. */
/** A number as the log and the summary show it: 100,000. */
function count(n) {
    // Not toLocaleString: loading the locale data costs a dry run about 12 ms of start-up.
    // The text is a number's, at most 24 characters: the lookahead's rescans cost nothing there.
    // eslint-disable-next-line regexp/no-super-linear-move
    return String(n).replace(/\B(?=(?:\d{3})+(?!\d))/g, ',');
}
/** A count and the word that agrees with it: `1 serves`, `2 serve`, `0 serve`. */
function counted(n, one, many) {
    return `${count(n)} ${n === 1 ? one : many}`;
}
function plural(n, noun) {
    return `${count(n)} ${noun}${n === 1 ? '' : 's'}`;
}
/** A long list cut to its first `max` items, and what was left out: `and 80 more`. */
function firstOf(items, max) {
    const shown = items.slice(0, max);
    return items.length > max ? { shown, more: `and ${count(items.length - max)} more` } : { shown };
}
/** Failures named one by one in the log, the summary and the command's text; the JSON report lists each. */
const FAILURES_NAMED = 50;
function named(items, max) {
    return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}
/** Milliseconds as seconds, to a tenth: `2.5`. */
function seconds(ms) {
    return (Math.round(ms / 100) / 10).toString();
}


/***/ }),

/***/ 6477:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  oc: () => (/* binding */ makeFormsRedactor),
  $u: () => (/* binding */ makeRedactor),
  jh: () => (/* binding */ redactEach),
  $J: () => (/* binding */ redactInputs),
  eo: () => (/* binding */ secretForms),
  VX: () => (/* binding */ secretValues)
});

// UNUSED EXPORTS: REDACTED, WITHHELD

;// CONCATENATED MODULE: ./src/shown/normal-forms.ts
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
    const decode = (value) => value.replace(/(?:%[0-9a-f]{2})+/gi, (run) => Buffer.from(run.replaceAll('%', ''), 'hex').toString('utf8'));
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
const base64 = (text) => [...text.replace(/\s+/g, '').matchAll(/[\w+/-]{12,}/g)].flatMap(([run]) => [0, 1, 2, 3].map((offset) => Buffer.from(run.slice(offset).replaceAll('-', '+').replaceAll('_', '/'), 'base64').toString('latin1')));
const hex = (text) => [...text.replace(/\s+/g, '').matchAll(/[0-9a-f]{12,}/gi)].flatMap(([run]) => [0, 1].map((offset) => Buffer.from(run.slice(offset), 'hex').toString('latin1')));
const DECODERS = [html, percent, json, whitespace, base64, hex];

;// CONCATENATED MODULE: ./src/shown/redact.ts
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
/**
 * The inputs with the key withheld from every one but the secrets themselves, before anything is parsed: no asset,
 * domain or path that reaches a log, the summary or the report can hold it, escaped or encoded there or not.
 */
function redactInputs(raw, redact) {
    const secrets = new Set(['api-key', 'github-token']);
    return Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, secrets.has(name) ? value : redact(value)]));
}
/**
 * Many short texts from outside (the changed files' paths) with the key withheld: searched once, joined, and one by
 * one only when the key showed in them; the same array, not a copy, when it did not.
 */
function redactEach(texts, redact) {
    const joined = texts.join('\n');
    return redact(joined) === joined ? texts : texts.map(redact);
}


/***/ }),

/***/ 2392:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   IS: () => (/* binding */ markdownCodeBlock),
/* harmony export */   Le: () => (/* binding */ shownBy),
/* harmony export */   NA: () => (/* binding */ workflowCommand),
/* harmony export */   Pp: () => (/* binding */ markdownRef),
/* harmony export */   TN: () => (/* binding */ oneLine),
/* harmony export */   _s: () => (/* binding */ htmlAttribute),
/* harmony export */   hD: () => (/* binding */ quote),
/* harmony export */   p7: () => (/* binding */ markdownText),
/* harmony export */   rL: () => (/* binding */ etagShown)
/* harmony export */ });
/* unused harmony exports neutraliseCommands, neutraliseControls, neutraliseJson, shownInLine, commandData, commandProperty */
/** Redacts, then neutralises terminal controls and runner commands, line by line. */
function shownBy(redact) {
    return (text) => neutraliseCommands(neutraliseControls(redact(text)));
}
// .NET's TrimStart, which the runner applies, removes U+0085 too; \s covers the rest of its whitespace.
const COMMAND_START = /^([\s\u0085]*)::/;
const LEGACY_COMMAND = /##(?:vso)?\[/gi;
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
 * An ETag as HTTP writes it (`"bcc5"`, `W/"bcc5"`), quoted once: its opaque part escaped as any value is, so that
 * `"bcc5"` does not read `"\"bcc5\""`; anything else quoted whole. Cut short: it is the origin's text.
 */
function etagShown(etag) {
    const tag = /^(W\/)?"([^"]*)"$/.exec(etag);
    if (tag === null)
        return JSON.stringify(etag.slice(0, 100));
    return `${tag[1] ?? ''}${JSON.stringify((tag[2] ?? '').slice(0, 100))}`;
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
 * Lines as a Markdown code block, shown as written: each made one line with no control, and fenced with more
 * backticks than any run of them in the lines, so that no line (a folder's name is outside text) can close the block
 * and write Markdown after it.
 */
function markdownCodeBlock(lines, info = 'text') {
    const shown = lines.map((line) => neutraliseControls(oneLine(line)));
    const longest = Math.max(2, ...shown.map((line) => Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length))));
    const fence = '`'.repeat(longest + 1);
    return [`${fence}${info}`, ...shown, fence];
}
/**
 * An asset reference of the run (a validated, canonical http(s) URL, or a hash) as Markdown: a URL as an explicit
 * link to exactly itself, reading as itself; anything else as inert text. Not a bare URL for GitHub to link by
 * itself: a backslash escape (`IMG\_2041.JPG`) is not undone inside such a link, so it would show and point
 * elsewhere, and `_` or `*` at its end would be cut off it.
 */
function markdownRef(ref) {
    if (!LINKABLE.test(ref))
        return inertMarkdown(ref);
    return `[${inertMarkdown(ref)}](<${linkDestination(ref)}>)`;
}
// A URL that fits a link destination in angle brackets: no space, angle bracket, or control (see CONTROLS).
const LINKABLE = 
// eslint-disable-next-line no-control-regex
/^https?:\/\/[^\u0000-\u0020<>\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+$/i;
/**
 * A link destination in angle brackets: each backslash, `&` (else an entity would be decoded) and `|` (else it would
 * end a table cell) escaped, so that the link points at the URL as written.
 */
function linkDestination(url) {
    return url.replace(/[\\&|]/g, '\\$&');
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


/***/ })

};
