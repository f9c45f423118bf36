export const id = 294;
export const ids = [294];
export const modules = {

/***/ 4661:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EV: () => (/* binding */ recordBody),
/* harmony export */   _F: () => (/* binding */ spansToCompare),
/* harmony export */   gR: () => (/* binding */ NO_MEMORY),
/* harmony export */   sD: () => (/* binding */ RECORD_KEY),
/* harmony export */   zE: () => (/* binding */ memoryOf)
/* harmony export */ });
/* unused harmony exports MAX_OWED_SPANS, bounded */
/**
 * What a target's record says, and what a run owes from it: pure rules over commits, with no API and no git.
 *
 * The image host's state is a matter of time, not ancestry: which commit its images were last made fresh for on a
 * target (`fresh`), and which deployed states came after it without being made fresh (`owed`: the spans that failed,
 * cancelled or crashed runs left). A run compares every owed span and the span from the last deployed state to its
 * head, whatever the branch history between them: a rollback is a span from a newer commit to an older one.
 */
/** No record: a first run. */
const NO_MEMORY = { fresh: undefined, owed: [], last: undefined, failedRuns: 0 };
/** Owed spans kept at most: past it, the oldest two are joined (see `bounded`). */
const MAX_OWED_SPANS = 20;
/** The payload's key, so that a record is told apart from whatever else a deployment's payload may hold. */
const RECORD_KEY = 'image-cache-invalidate';
const KEY = RECORD_KEY;
const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
/**
 * The memory a record gives: a `success` made its commit fresh; any other state (a failure, a run still going or
 * killed before it ended) leaves what its payload says it owed.
 */
function memoryOf(entry) {
    if (entry.state === 'success')
        return { fresh: entry.sha, owed: [], last: entry.sha, failedRuns: 0 };
    const record = entry.payload?.[KEY];
    const { fresh, owed, failedRuns } = (record ?? {});
    const spans = Array.isArray(owed) ? owed.map(spanOf) : undefined;
    if ((fresh !== null && !(typeof fresh === 'string' && SHA.test(fresh))) ||
        spans === undefined ||
        spans.some((span) => span === undefined) ||
        spans.length > MAX_OWED_SPANS ||
        typeof failedRuns !== 'number')
        return { unreadable: `the record of ${entry.sha.slice(0, 7)} holds no payload this version reads` };
    return {
        fresh: fresh ?? undefined,
        owed: spans,
        last: entry.sha,
        failedRuns: Math.max(0, Math.min(failedRuns, 1_000_000)),
    };
}
function spanOf(value) {
    if (!Array.isArray(value) || value.length !== 2)
        return undefined;
    const [base, head] = value;
    return typeof base === 'string' && typeof head === 'string' && SHA.test(base) && SHA.test(head)
        ? { base, head }
        : undefined;
}
/**
 * The spans a run at `head` compares, oldest first: what is owed, then from the last deployed state to the head. A
 * first run (nothing recorded) compares `first`, the event's span. Empty: the head is recorded fresh already.
 */
function spansToCompare(memory, head, first) {
    if (memory.last === undefined)
        return [first];
    const spans = [...memory.owed];
    if (memory.last !== head)
        spans.push({ base: memory.last, head });
    return spans;
}
/**
 * The record's fields a run writes, under the record's key beside its proof: what the next run owes if this one did
 * not make `spans` fresh.
 */
function recordBody(memory, spans, failed) {
    return {
        fresh: memory.fresh ?? null,
        owed: failed ? bounded(spans).map((span) => [span.base, span.head]) : [],
        failedRuns: failed ? memory.failedRuns + 1 : 0,
    };
}
/**
 * At most MAX_OWED_SPANS spans: the oldest two joined into one, from the first's base to the second's head, until
 * they fit. The joined span misses only an image that changed in the first and changed back in the second.
 */
function bounded(spans) {
    const kept = [...spans];
    while (kept.length > MAX_OWED_SPANS) {
        const [first, second] = kept.splice(0, 2);
        kept.unshift({ base: first.base, head: second.head });
    }
    return kept;
}


/***/ }),

/***/ 3008:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MX: () => (/* binding */ verify),
/* harmony export */   Or: () => (/* binding */ recordProof),
/* harmony export */   vb: () => (/* binding */ provenBody)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/**
 * The proof a record carries that its writer held the service's Root key: an HMAC-SHA256 over the record's
 * environment, commit, state and payload, keyed by a key derived from the Root key (HKDF-SHA256 with a fixed label),
 * never the Root key itself. Anyone with `deployments: write` can create a deployment that looks like a record (every
 * workflow's GITHUB_TOKEN writes as the same github-actions[bot]); only a holder of the key can make one that counts.
 *
 * The derived key stays inside the proof: what leaves it is a MAC and a key id (the first 16 hex digits of an HMAC
 * of a fixed text), which give neither key back; but a guess of the Root key can be checked against them offline, so
 * a short key chosen by hand could be found (SECURITY.md). The key id tells a record written with another Root key (the
 * key changed) from one that was made up or altered.
 */

/** The label the record's key is derived with: another label, or another version of it, gives another key. */
const LABEL = 'image-cache-invalidate record MAC v1';
/** The proof of records written with `rootKey`. */
function recordProof(rootKey) {
    const key = Buffer.from((0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.hkdfSync)('sha256', rootKey, Buffer.alloc(0), LABEL, 32));
    const hmac = (text) => (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHmac)('sha256', key).update(text).digest('hex');
    return {
        keyId: hmac('key id').slice(0, 16),
        mac: (record) => {
            const text = canonical([LABEL, record.environment, record.sha, record.state, record.body]);
            return text === undefined ? undefined : hmac(text);
        },
    };
}
/** The payload's key for the MAC and the key id, beside the record's fields. */
const MAC = 'mac';
const KEY_ID = 'key';
const STATE = 'state';
/** The record's fields with its state, key id and MAC, as the payload carries them under the record's key. */
function provenBody(proof, record) {
    const mac = proof.mac(record);
    if (mac === undefined)
        throw new Error('a record nests deeper than a record may');
    return { ...record.body, [STATE]: record.state, [KEY_ID]: proof.keyId, [MAC]: mac };
}
/** What the body a deployment's payload carries under the record's key proves, for that environment and commit. */
function verify(proof, environment, sha, carried) {
    if (typeof carried !== 'object' || carried === null || Array.isArray(carried))
        return { verdict: 'unproven' };
    const { [MAC]: mac, [KEY_ID]: keyId, [STATE]: state, ...body } = carried;
    if (typeof mac !== 'string' || typeof keyId !== 'string')
        return { verdict: 'unproven' };
    if (state !== 'success' && state !== 'failure')
        return { verdict: 'unproven' };
    const expected = proof.mac({ environment, sha, state, body });
    // A MAC is 64 hex digits: anything else (64 characters of several bytes each among them) proves nothing, and
    // never reaches the comparison, which throws on buffers of two lengths.
    const same = expected !== undefined &&
        /^[0-9a-f]{64}$/.test(mac) &&
        (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.timingSafeEqual)(Buffer.from(mac, 'hex'), Buffer.from(expected, 'hex'));
    if (same && keyId === proof.keyId)
        return { verdict: 'proven', state, body };
    return keyId !== proof.keyId && /^[0-9a-f]{16}$/.test(keyId)
        ? { verdict: 'other-key' }
        : { verdict: 'unproven' };
}
/** How deep a record's fields nest at most (owed: a list of pairs): anything deeper is no record of this version. */
const MAX_DEPTH = 4;
/**
 * JSON with each object's keys in order, so that a payload GitHub stored and gave back proves the same; undefined for
 * a value nested deeper than any record is (a payload made to exhaust the stack proves nothing).
 */
function canonical(value, depth = 0) {
    if (depth > MAX_DEPTH)
        return undefined;
    if (Array.isArray(value)) {
        const items = value.map((item) => canonical(item, depth + 1));
        return items.includes(undefined) ? undefined : `[${items.join(',')}]`;
    }
    if (typeof value === 'object' && value !== null) {
        const entries = Object.entries(value)
            .filter(([, item]) => item !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([key, item]) => [key, canonical(item, depth + 1)]);
        if (entries.some(([, item]) => item === undefined))
            return undefined;
        return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${item}`).join(',')}}`;
    }
    return JSON.stringify(value);
}


/***/ }),

/***/ 9268:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Vl: () => (/* binding */ readLegacyRecord),
/* harmony export */   aE: () => (/* binding */ readRecord),
/* harmony export */   gG: () => (/* binding */ RecordApiError),
/* harmony export */   rh: () => (/* binding */ writeRecord)
/* harmony export */ });
/* unused harmony exports RECORD_TASK, RECORD_PAGES, DESCRIPTION_LIMIT */
/* harmony import */ var _mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(1411);
/* harmony import */ var _mechanics_causes_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8087);
/* harmony import */ var _api_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3697);
/* harmony import */ var _request_failed_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3294);
/* harmony import */ var _domain_record_proof_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3008);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2392);
/* harmony import */ var _domain_memory_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4661);
/**
 * The record of a target, kept in GitHub's Deployments API (GitHub Enterprise Server has it too): one deployment per
 * run that invalidated, on an environment named for the target, its newest status `success` when the run made the
 * images fresh, `failure` when it did not, with what it owed in its payload. GitHub lists an environment's
 * deployments newest first, whatever the branch history, so the last state of a target is one read away: a rollback,
 * a force-push or 1,000 commits of code change nothing of that.
 *
 * Anyone with `deployments: write` can create a deployment or add a status to one, and every workflow's GITHUB_TOKEN
 * writes as the same github-actions[bot]: a record counts only when its payload proves that its writer held the
 * service's Root key (src/domain/record-proof.ts), whoever created it. Its state is the one its proof covers; a
 * status someone adds to it changes nothing.
 */








/** The task every record's deployment carries, so that a host's own deployments are never read as records. */
const RECORD_TASK = 'image-cache-invalidate';
/** Deployments read per look: a target's newest run is in the first, unless other creators crowd it. */
const DEPLOYMENTS_PER_PAGE = 30;
/** Pages of deployments read at most to find the newest that proves itself. */
const RECORD_PAGES = 3;
/** GitHub limits a deployment status's description to 140 characters. */
const DESCRIPTION_LIMIT = 140;
/** Bytes of one answer about the record read at most: a page of 30 deployments is a few kilobytes. */
const MAX_RECORD_ANSWER_BYTES = 4 * 1024 * 1024;
/**
 * The Actions bot, as GitHub reports a deployment's creator: known by its login and its type (a bot's login ends in
 * `[bot]`, which no person's or app's other login can), whatever its id (it differs on GitHub Enterprise Server).
 */
const ACTIONS_BOT_LOGIN = 'github-actions[bot]';
/** An answer of the API that is not a success: its HTTP status and GitHub's message. */
class RecordApiError extends Error {
    status;
    /** When GitHub refused for its rate limit: the seconds until it takes requests again, as it said. */
    rateLimitWaitS;
    constructor(status, message, rateLimitWaitS) {
        super(message);
        this.status = status;
        this.rateLimitWaitS = rateLimitWaitS;
    }
}
/**
 * The newest deployment of `environment` whose payload proves it was written with the key (`proof`), whoever created
 * it: those newer than it are passed over and named by creator. A proof that names another key is passed over too:
 * its key id is not itself proved, so anyone could write one to hide the record; only when no record of this key is
 * found does it say the key may have changed. An error when RECORD_PAGES full pages hold none: the record may lie
 * past them, and "nothing recorded" would write over it. One request in the common case.
 */
async function readRecord(store, environment, proof) {
    const passedOver = [];
    let otherKey = false;
    for (let page = 1; page <= RECORD_PAGES; page++) {
        const list = await deploymentsPage(store, environment, page);
        for (const deployment of list) {
            const sha = field(deployment, 'sha');
            const carried = field(field(deployment, 'payload'), _domain_memory_js__WEBPACK_IMPORTED_MODULE_4__/* .RECORD_KEY */ .sD);
            const verdict = typeof sha === 'string' ? (0,_domain_record_proof_js__WEBPACK_IMPORTED_MODULE_3__/* .verify */ .MX)(proof, environment, sha, carried) : undefined;
            if (verdict?.verdict === 'other-key')
                otherKey = true;
            if (verdict?.verdict !== 'proven') {
                passedOver.push(creatorLogin(deployment));
                continue;
            }
            const entry = { ...entryOf(deployment), state: verdict.state };
            return { entry, passedOver, keyChanged: false };
        }
        if (list.length < DEPLOYMENTS_PER_PAGE)
            return { entry: undefined, passedOver, keyChanged: otherKey };
    }
    throw new RecordApiError(0, `the newest ${RECORD_PAGES * DEPLOYMENTS_PER_PAGE} deployments of '${environment}' all carry no proof of the ` +
        "service's key, so its record cannot be found among them");
}
/**
 * The record an earlier version of the action kept under `environment`, which carried no proof: the newest
 * deployment the Actions bot created, with the state its own newest status gives it. Read once, to carry it over.
 */
async function readLegacyRecord(store, environment) {
    const list = await deploymentsPage(store, environment, 1);
    const ours = list.find((entry) => isActionsBot(field(entry, 'creator')));
    if (ours === undefined)
        return undefined;
    const entry = entryOf(ours);
    const statuses = await request(store, 'GET', `${repoPath(store)}/deployments/${entry.id}/statuses?per_page=100`);
    if (!Array.isArray(statuses))
        throw new RecordApiError(200, 'the list of deployment statuses is not a list');
    const state = field(statuses.find((status) => isActionsBot(field(status, 'creator'))), 'state');
    return { ...entry, state: typeof state === 'string' ? state : undefined };
}
async function deploymentsPage(store, environment, page) {
    const query = `environment=${encodeURIComponent(environment)}&task=${RECORD_TASK}&per_page=${DEPLOYMENTS_PER_PAGE}`;
    const list = await request(store, 'GET', `${repoPath(store)}/deployments?${query}&page=${page}`);
    if (!Array.isArray(list))
        throw new RecordApiError(200, 'the list of deployments is not a list');
    return list;
}
function entryOf(deployment) {
    const id = field(deployment, 'id');
    const sha = field(deployment, 'sha');
    if (typeof id !== 'number' || typeof sha !== 'string' || !/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(sha))
        throw new RecordApiError(200, 'a deployment names no id or commit');
    return { id, sha, state: undefined, payload: field(deployment, 'payload') };
}
function creatorLogin(deployment) {
    const login = field(field(deployment, 'creator'), 'login');
    return typeof login === 'string' ? login : 'an unnamed creator';
}
/** Creates the run's deployment, its proof in its payload, and its status. */
async function writeRecord(store, record) {
    const { status, data: deployment } = await answerOf(store, 'POST', `${repoPath(store)}/deployments`, {
        ref: record.sha,
        task: RECORD_TASK,
        environment: record.environment,
        payload: record.payload,
        description: record.description.slice(0, DESCRIPTION_LIMIT),
        // A record is no deploy: no merge of the default branch into the ref, no wait for the commit's checks.
        auto_merge: false,
        required_contexts: [],
        production_environment: false,
        transient_environment: false,
    });
    const id = field(deployment, 'id');
    if (typeof id !== 'number') {
        // 202: GitHub merged the default branch into the ref, or refused to, instead of creating a deployment.
        const message = field(deployment, 'message');
        const said = typeof message === 'string' ? `: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_5__/* .quote */ .hD)(message.slice(0, 200))}` : '';
        throw new RecordApiError(status, `POST /deployments answered ${status} with no deployment${said}`);
    }
    await request(store, 'POST', `${repoPath(store)}/deployments/${id}/statuses`, {
        state: record.state,
        description: record.description.slice(0, DESCRIPTION_LIMIT),
        log_url: record.logUrl,
        // Earlier records stay as they were: a success of this run must not turn the last one inactive.
        auto_inactive: false,
    });
}
function isActionsBot(creator) {
    return field(creator, 'login') === ACTIONS_BOT_LOGIN && field(creator, 'type') === 'Bot';
}
function field(value, key) {
    return typeof value === 'object' && value !== null ? value[key] : undefined;
}
function repoPath(store) {
    const [owner = '', repo = ''] = store.repository.split('/');
    return `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
}
// One client per store: a run reads and writes through it a few times.
const clients = new WeakMap();
async function request(store, method, path, body) {
    return (await answerOf(store, method, path, body)).data;
}
async function answerOf(store, method, path, body) {
    let client = clients.get(store);
    if (client === undefined) {
        client = (0,_api_js__WEBPACK_IMPORTED_MODULE_1__/* .boundedOctokit */ .Xs)(store, store, MAX_RECORD_ANSWER_BYTES);
        clients.set(store, client);
    }
    const octokit = await client;
    try {
        // octokit drops an option set to undefined: a GET sends no body.
        const answer = await octokit.request({ method, url: path, data: body });
        return { status: answer.status, data: answer.data };
    }
    catch (error) {
        if (store.signal?.aborted === true)
            throw new RecordApiError(0, 'the run was cancelled');
        if ((0,_mechanics_causes_js__WEBPACK_IMPORTED_MODULE_0__/* .isTimeout */ .k)(error))
            throw new RecordApiError(0, `no answer within ${store.timeoutMs / 1000} s`);
        if (error instanceof _request_failed_js__WEBPACK_IMPORTED_MODULE_2__/* .GithubRequestFailed */ .ep)
            throw new RecordApiError(error.status ?? 0, error.message, error.rateLimitWaitS);
        throw new RecordApiError(0, (0,_mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_6__/* .errorMessage */ .g)(error));
    }
}


/***/ }),

/***/ 744:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ PERMISSION_LINES)
/* harmony export */ });
/* unused harmony export RECORD_PERMISSION */
/** The permission catch-up needs of the workflow's token: it reads and writes the record (deployments). */
const RECORD_PERMISSION = 'deployments: write';
/** The line a workflow adds (to the job, or the workflow) so that catch-up can read and write the record. */
const PERMISSION_LINES = `permissions: { contents: read, ${RECORD_PERMISSION} }`;


/***/ }),

/***/ 8402:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h: () => (/* binding */ recordProblem)
/* harmony export */ });
/* harmony import */ var _mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1411);
/* harmony import */ var _deployments_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9268);
/* harmony import */ var _record_permission_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(744);



/**
 * Why a request about the record failed: a rate limit as a rate limit, with the time to wait; a refusal naming the
 * permission to add.
 */
function recordProblem(error, what) {
    const reason = (0,_mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .g)(error);
    const status = error instanceof _deployments_js__WEBPACK_IMPORTED_MODULE_0__/* .RecordApiError */ .gG ? error.status : 0;
    const wait = error instanceof _deployments_js__WEBPACK_IMPORTED_MODULE_0__/* .RecordApiError */ .gG ? error.rateLimitWaitS : undefined;
    // A failed request names itself and what came back; the record's own checks (a list that is not one) do not.
    const said = status === 0 || reason.includes(` answered ${status}`) ? reason : `GitHub answered ${status}: ${reason}`;
    if (wait !== undefined)
        return (`${said}, a rate limit: it takes requests again in about ` +
            (wait < 90 ? `${wait} s` : `${Math.round(wait / 60)} min`));
    if (status === 403 || status === 404)
        return `${said}: the token may not ${what} deployments; add \`${_record_permission_js__WEBPACK_IMPORTED_MODULE_2__/* .PERMISSION_LINES */ .Q}\``;
    return said;
}


/***/ }),

/***/ 5380:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CZ: () => (/* binding */ NO_CATCH_UP),
/* harmony export */   Nv: () => (/* binding */ SKIPPED_OWED),
/* harmony export */   X9: () => (/* binding */ caughtUpByNextRun),
/* harmony export */   _V: () => (/* binding */ whyNotFresh),
/* harmony export */   j9: () => (/* binding */ caughtUpByReRun),
/* harmony export */   wp: () => (/* binding */ freshWords)
/* harmony export */ });
/* unused harmony export skippedWords */
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5462);
/* harmony import */ var _github_record_permission_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(744);


/** The next run covers what this one owes: its record says so. */
function caughtUpByNextRun(target) {
    return (`The next run on this target invalidates them too: the record ('${target}') keeps what this run owes. A ` +
        're-run of this job retries them now, which helps when the cause has passed (the service, the network); a ' +
        'cause in the settings (url-map, the origin) needs a fix, and the run after it.');
}
/** No record keeps what this run owes: only a re-run does. `why`: why no record can. */
function caughtUpByReRun(why) {
    return `A re-run of this job invalidates them; no later run will, since ${why}.`;
}
/** Why no later run can catch up, when catch-up is not on for the run. */
const NO_CATCH_UP = 'catch-up is off (it needs a branch run in GitHub Actions with catch-up: true and ' +
    `${_github_record_permission_js__WEBPACK_IMPORTED_MODULE_0__/* .PERMISSION_LINES */ .Q})`;
/**
 * Why the run cannot say its head is fresh, or undefined when every image it planned was confirmed, nothing failed
 * after (a rewrite) and no changed image was skipped: a skipped image is owed, so that the run that maps it (after a
 * fix of url-map) invalidates it.
 */
function whyNotFresh(outcome) {
    if (outcome.cancelled)
        return 'the run was cancelled';
    if (outcome.failures.length > 0 || outcome.failed.length > 0)
        return 'not every image was confirmed';
    if (outcome.counts.skipped > 0)
        return skippedWords(outcome.counts.skipped);
    return undefined;
}
/** Why a run that skipped changed images is not fresh, within a deployment status's 140 characters. */
function skippedWords(skipped) {
    // Whether url-map or the map learned from site left them: the record is the same for both.
    return `${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(skipped, 'changed image')} skipped (not mapped to a URL)`;
}
/** What the log says of skipped images the record keeps as owed. */
const SKIPPED_OWED = 'The skipped images are owed, not fresh: the record keeps their commits, and a run that maps them (url-map, or ' +
    'the map learned from site) invalidates them; until then every run compares their commits again. Images the ' +
    "site does not serve are left out with a '!' line in paths.";
/** What a record of a fresh commit says of the run, within a deployment status's 140 characters. */
function freshWords(counts) {
    const { invalidated } = counts;
    return invalidated === 0
        ? 'Images fresh: no image to invalidate'
        : `Images fresh: ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(invalidated, 'image')} invalidated`;
}


/***/ }),

/***/ 913:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   writeTargetRecord: () => (/* binding */ writeTargetRecord)
/* harmony export */ });
/* harmony import */ var _domain_range_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2337);
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5462);
/* harmony import */ var _github_deployments_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9268);
/* harmony import */ var _github_record_words_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8402);
/* harmony import */ var _domain_memory_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4661);
/* harmony import */ var _domain_record_proof_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3008);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5380);
/**
 * Writing the record: loaded by a run that writes one (a branch's run with catch-up on that was not fresh already).
 */







/** How long a cancelled run may take to record what it owes, its two requests in all. */
const CANCELLED_WRITE_MS = 3_000;
/**
 * Writes the run's deployment on its target: `success` when it made its head fresh, else `failure` with what it
 * owes. A refusal is one warning, and the run goes on: what it invalidated stays invalidated.
 */
async function writeTargetRecord(pending, outcome, log) {
    const notFresh = (0,_record_js__WEBPACK_IMPORTED_MODULE_5__/* .whyNotFresh */ ._V)(outcome) ?? pending.unconfirmed;
    const fresh = notFresh === undefined;
    const commit = (0,_domain_range_js__WEBPACK_IMPORTED_MODULE_0__/* .short */ .h0)(pending.head);
    // A cancelled run still records what it owes, past the cancel: the runner ends the step 7.5 s after it, so the
    // write is bounded well within that.
    const store = outcome.cancelled
        ? {
            ...pending.store,
            signal: AbortSignal.timeout(CANCELLED_WRITE_MS),
            timeoutMs: Math.min(pending.store.timeoutMs, CANCELLED_WRITE_MS),
        }
        : pending.store;
    try {
        const environment = pending.target;
        const state = fresh ? 'success' : 'failure';
        const body = (0,_domain_memory_js__WEBPACK_IMPORTED_MODULE_3__/* .recordBody */ .EV)(pending.memory, pending.spans, !fresh);
        await (0,_github_deployments_js__WEBPACK_IMPORTED_MODULE_1__/* .writeRecord */ .rh)(store, {
            environment,
            sha: pending.head,
            state,
            description: fresh ? (0,_record_js__WEBPACK_IMPORTED_MODULE_5__/* .freshWords */ .wp)(outcome.counts) : `Images not all fresh: ${notFresh}`,
            payload: { [_domain_memory_js__WEBPACK_IMPORTED_MODULE_3__/* .RECORD_KEY */ .sD]: (0,_domain_record_proof_js__WEBPACK_IMPORTED_MODULE_4__/* .provenBody */ .vb)(pending.proof, { environment, sha: pending.head, state, body }) },
            logUrl: pending.runUrl,
        });
        log.info(fresh
            ? `Recorded ${commit} fresh on '${pending.target}'.`
            : `Recorded on '${pending.target}' that ${commit} is not all fresh (${notFresh}): the next run covers ` +
                `${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_6__/* .plural */ .LS)(pending.spans.length, 'span')} of commits it owes.`);
        if (outcome.counts.skipped > 0)
            log.info(_record_js__WEBPACK_IMPORTED_MODULE_5__/* .SKIPPED_OWED */ .Nv);
        const skipped = outcome.counts.skipped;
        return { state: 'recorded', fresh, commit: pending.head, target: pending.target, skipped };
    }
    catch (error) {
        const why = (0,_github_record_words_js__WEBPACK_IMPORTED_MODULE_2__/* .recordProblem */ .h)(error, 'write');
        const done = outcome.invalidated.length === 0
            ? 'none of its images was invalidated'
            : `${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_6__/* .counted */ .hS)(outcome.invalidated.length, 'image was', 'images were')} invalidated all the same`;
        log.warning(`The record of '${pending.target}' was not written: ${why}. This run's ${done}, but the next run cannot ` +
            `know that ${commit} ${fresh ? 'is fresh' : 'left images stale'}.`);
        return { state: 'not-recorded', reason: `the record could not be written (${why})` };
    }
}


/***/ })

};
