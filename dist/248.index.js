export const id = 248;
export const ids = [248,380];
export const modules = {

/***/ 4420:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   e: () => (/* binding */ WARM_LIMIT),
/* harmony export */   l: () => (/* binding */ planWarm)
/* harmony export */ });
/* harmony import */ var _refs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(92);
/* harmony import */ var _urls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3012);


/**
 * Which delivery URLs a warm-up requests: for each invalidated image, every variant the built pages name (each
 * distinct set of processing segments, with the new cache buster), or its plain delivery URL when no page names it.
 * Pure: the requests are made elsewhere.
 */
/** Warm-up requests a run makes at most; the rest are counted and said, not made. */
const WARM_LIMIT = 2_000;
function planWarm(input) {
    const variants = new Map();
    for (const url of input.rewritten) {
        const key = (0,_refs_js__WEBPACK_IMPORTED_MODULE_1__/* .canonicalRef */ .SV)(url.originUrl);
        const urls = variants.get(key) ?? new Map();
        const processing = url.segments.filter((segment) => !segment.startsWith('cb:'));
        // The same variant written in another order is the same image for the service: one request.
        const shape = processing.toSorted().join('/');
        if (!urls.has(shape))
            urls.set(shape, deliveryUrl(input.imageHost, url));
        variants.set(key, urls);
    }
    const all = [];
    const seen = new Set();
    for (const image of input.images) {
        if (!/^https?:\/\//i.test(image))
            continue;
        const key = (0,_refs_js__WEBPACK_IMPORTED_MODULE_1__/* .canonicalRef */ .SV)(image);
        if (seen.has(key))
            continue;
        seen.add(key);
        const named = variants.get(key);
        if (named === undefined) {
            const plain = plainUrl(input.imageHost, image, input.cacheBuster);
            if (plain !== undefined)
                all.push({ image, url: plain });
        }
        else
            for (const url of named.values())
                all.push({ image, url });
    }
    const limit = Math.max(0, input.limit);
    return { requests: all.slice(0, limit), overLimit: Math.max(0, all.length - limit) };
}
function deliveryUrl(imageHost, url) {
    return [`https://${imageHost}`, ...url.segments, url.originUrl].join('/');
}
function plainUrl(imageHost, originUrl, cacheBuster) {
    try {
        return (0,_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .imageUrl */ .b8)({ imageHost, originUrl, cacheBuster });
    }
    catch {
        return undefined;
    }
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


/***/ }),

/***/ 388:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   x: () => (/* binding */ readBody)
/* harmony export */ });
/** Reads an answer's body within `bounds`. Rejects when the connection fails, or the request's end comes, mid-body. */
async function readBody(body, bounds) {
    const chunks = [];
    let read = 0;
    for await (const chunk of body) {
        read += chunk.length;
        bounds.budget?.take(chunk.length);
        if (bounds.keep)
            chunks.push(chunk);
        const cut = read > bounds.maxBytes ? 'too-long' : bounds.budget?.spent === true ? 'budget' : undefined;
        if (cut !== undefined) {
            body.destroy();
            return { bytes: Buffer.concat(chunks).subarray(0, bounds.maxBytes), read, cut };
        }
    }
    return { bytes: Buffer.concat(chunks), read };
}


/***/ }),

/***/ 3030:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   l: () => (/* binding */ httpGet)
/* harmony export */ });
/* harmony import */ var _headers_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8065);
/* harmony import */ var _http_body_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(388);
/* harmony import */ var _http_request_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5232);



async function httpGet(url, options) {
    const ends = (0,_http_request_js__WEBPACK_IMPORTED_MODULE_0__/* .endOfAsk */ ._)(options.timeoutMs, options.signal);
    const { dispatcher, timeoutMs } = options;
    const request = { dispatcher, method: 'GET', headers: options.headers, timeoutMs };
    let target;
    try {
        target = new URL(url);
    }
    catch (error) {
        return { kind: 'failed', error, requests: 0 };
    }
    for (let followed = 0;; followed++) {
        if (options.budget?.spent === true)
            return { kind: 'budget-spent', requests: followed };
        let answer;
        try {
            answer = await (0,_http_request_js__WEBPACK_IMPORTED_MODULE_0__/* .sendRequest */ .w)(target, request, ends);
        }
        catch (error) {
            return { kind: 'failed', error, requests: followed + 1 };
        }
        const { statusCode: status, headers, body } = answer;
        const got = { kind: 'answer', status, headers, requests: followed + 1 };
        const location = (0,_headers_js__WEBPACK_IMPORTED_MODULE_1__/* .header */ .wx)(headers, 'location');
        if (status < 300 || status >= 400 || location === undefined)
            return { ...got, body: await bodyOf(answer, options) };
        const redirect = { location, to: URL.parse(location, target.href) ?? undefined };
        if (options.follow === undefined)
            return { ...got, redirect, body: await bodyOf(answer, options) };
        await body.dump().catch(() => undefined);
        if (redirect.to === undefined || !options.follow(redirect.to, target, followed))
            return { ...got, redirect, body: { bytes: Buffer.alloc(0), read: 0 } };
        target = redirect.to;
    }
}
async function bodyOf(answer, bounds) {
    const declared = (0,_headers_js__WEBPACK_IMPORTED_MODULE_1__/* .declaredLength */ .Rj)(answer.headers);
    if (declared !== undefined && declared > bounds.maxBytes) {
        // Left unread: undici says so as an error of the body, which nobody is there to hear.
        answer.body.on('error', () => undefined).destroy();
        return { bytes: Buffer.alloc(0), read: 0, cut: 'too-long' };
    }
    try {
        return await (0,_http_body_js__WEBPACK_IMPORTED_MODULE_2__/* .readBody */ .x)(answer.body, bounds);
    }
    catch (error) {
        return { error };
    }
}


/***/ }),

/***/ 5232:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  _: () => (/* binding */ endOfAsk),
  w: () => (/* binding */ sendRequest)
});

;// CONCATENATED MODULE: ./src/mechanics/abortable.ts
/**
 * `work`, or the reason of `signal` as soon as it aborts, whichever comes first. undici does not end a request whose
 * TLS connection is still being made when its signal aborts (its connections to one origin are made one after the
 * other, each up to its connect timeout): without this, eight requests to a host that never completes a handshake
 * took eight connect timeouts, not one. What `work` does after is not waited for, and its failure is not unhandled.
 */
function untilAborted(work, signal) {
    work.catch(() => undefined);
    if (signal.aborted)
        return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
        const onAbort = () => {
            reject(abortReason(signal));
        };
        signal.addEventListener('abort', onAbort, { once: true });
        work.then(resolve, reject).finally(() => {
            signal.removeEventListener('abort', onAbort);
        });
    });
}
function abortReason(signal) {
    return signal.reason instanceof Error ? signal.reason : new Error('The operation was aborted');
}

;// CONCATENATED MODULE: ./src/mechanics/http-request.ts

/**
 * When a request, or a whole ask of several, must end: `timeoutMs` after it starts, or at `signal` (the run's cancel,
 * a stage's deadline). One end for a whole ask: a fresh timeout per redirect would let a chain of slow hops run on.
 */
function endOfAsk(timeoutMs, signal) {
    const timeout = AbortSignal.timeout(timeoutMs);
    return signal === undefined ? timeout : AbortSignal.any([timeout, signal]);
}
/**
 * Sends one request to `url`, and resolves with the answer once its headers are in; its body is the caller's to read,
 * and `ends` ends that read too. Never follows a redirect: a dispatcher does not.
 */
function sendRequest(url, request, ends) {
    // undici does not end a request whose TLS connection is still being made: untilAborted ends the wait at `ends`.
    return untilAborted(request.dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: request.headers,
        body: request.body ?? null,
        signal: ends,
        headersTimeout: request.timeoutMs,
        bodyTimeout: request.timeoutMs,
    }), ends);
}


/***/ }),

/***/ 6887:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ InFlightLimit),
/* harmony export */   a: () => (/* binding */ eachInFlight)
/* harmony export */ });
/**
 * The one limit on requests in flight, for every stage that makes many (the origin check, the warm-up, rewrite's
 * reads): at most `size` tasks run at once, the others wait their turn in the order they asked. A leaf: it knows
 * nothing of what the tasks are. The scheduler keeps its own count: its limit moves with every answer (the pace's
 * window), a pause holds every call, and retries and halves go before calls added earlier.
 */
class InFlightLimit {
    free;
    queue = [];
    constructor(size) {
        if (!Number.isSafeInteger(size) || size < 1)
            throw new RangeError(`in-flight limit ${size}: not 1 or more`);
        this.free = size;
    }
    /** Resolves once a place is free, with the function that gives it back (once). */
    async acquire() {
        if (this.free > 0)
            this.free--;
        else
            await new Promise((resolve) => this.queue.push(resolve));
        let held = true;
        return () => {
            if (!held)
                return;
            held = false;
            const next = this.queue.shift();
            if (next === undefined)
                this.free++;
            else
                next();
        };
    }
    /** Runs `task` once a place is free; the place is given back however it ends. */
    async run(task) {
        const release = await this.acquire();
        try {
            return await task();
        }
        finally {
            release();
        }
    }
}
/**
 * `task` for each item in order, at most `size` at once. No item starts once `stop` says so (a cancel, a deadline, a
 * dead host) or a task has thrown; resolves once every started task has ended, and throws the first error thrown.
 * Items are taken one place at a time: a million of them never become a million waiting promises.
 */
async function eachInFlight(items, size, task, stop = () => false) {
    const limit = new InFlightLimit(size);
    const running = new Set();
    const errors = [];
    for (const item of items) {
        const release = await limit.acquire();
        if (stop() || errors.length > 0) {
            release();
            break;
        }
        const ending = task(item)
            .catch((error) => {
            errors.push(error);
        })
            .finally(() => {
            release();
            running.delete(ending);
        });
        running.add(ending);
    }
    await Promise.all(running);
    if (errors.length > 0)
        throw errors[0];
}


/***/ }),

/***/ 7887:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   _: () => (/* binding */ USER_AGENT)
/* harmony export */ });
/* unused harmony export VERSION */
/**
 * The release, as the service sees it in each call's user agent. Written here, not read from package.json, so that
 * the library and the command compile on their own (lib/ holds no package.json); test/version.test.ts keeps it in
 * step with package.json and CHANGELOG.md.
 */
const VERSION = '1.0.0';
const USER_AGENT = `image-cache-invalidate/${VERSION}`;


/***/ }),

/***/ 344:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   tellWarm: () => (/* binding */ tellWarm),
/* harmony export */   warmWords: () => (/* binding */ warmWords)
/* harmony export */ });
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5462);
/* harmony import */ var _plan_stage_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4445);
/** The warm-up in words, in every voice: loaded, as warm.ts is, by a run that warms. */


/**
 * The warm-up's answers, counted: `5 × 200, 1 × 404, 2 × no answer`, most common first (ties by status), so that
 * the log, the summary and the command read the same.
 */
function warmWords(warm) {
    const statuses = Object.entries(warm.statuses)
        .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
        .map(([status, n]) => `${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_1__/* .count */ .U9)(n)} × ${status === 'error' ? 'no answer' : status}`)
        .join(', ');
    const over = warm.overLimit === 0 ? '' : `; ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_1__/* .count */ .U9)(warm.overLimit)} more not requested, past the limit`;
    return `requested ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(warm.requested, 'image URL')} through the image host (${statuses || 'none'}) in ${(warm.ms / 1000).toFixed(1)} s${over}`;
}
/** The warm-up's section of the summary, its line of the command's result and its JSON: what it requested. */
function tellWarm(warm) {
    const words = warmWords(warm);
    return {
        ..._plan_stage_js__WEBPACK_IMPORTED_MODULE_0__/* .SILENT */ .q,
        summary: () => ['### Warm-up', '', `${words.charAt(0).toUpperCase()}${words.slice(1)}.`],
        json: () => ({ warm }),
        text: () => [`Warm-up: ${words}.`],
    };
}


/***/ }),

/***/ 8466:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  warmUp: () => (/* binding */ warmUp)
});

// EXTERNAL MODULE: ./src/mechanics/version.ts
var version = __webpack_require__(7887);
// EXTERNAL MODULE: ./src/domain/variants.ts
var variants = __webpack_require__(4420);
// EXTERNAL MODULE: ./src/mechanics/http-get.ts
var http_get = __webpack_require__(3030);
// EXTERNAL MODULE: ./src/mechanics/in-flight.ts
var in_flight = __webpack_require__(6887);
// EXTERNAL MODULE: ./src/mechanics/error-message.ts
var error_message = __webpack_require__(1411);
;// CONCATENATED MODULE: ./src/warm/warm.ts



/** Warm-up requests in flight at once: a handful of browsers, not a load test of the image host. */
const WARM_CONCURRENCY = 8;
/** Bytes of one answer read (and discarded) at most: enough for the image host to finish a large image. */
const WARM_BODY_CAP = 32 * 1024 * 1024;
/** What asking a browser's `Accept` gets: the service may then make and cache its AVIF or WebP variant. */
const WARM_ACCEPT = 'image/avif,image/webp,image/*,*/*;q=0.8';
/**
 * The whole warm-up ends this long after it starts, whatever is left: it only spares the first visitors a wait,
 * and the invalidation has landed all the same. Requests in flight then are cut, and those not made are counted.
 */
const WARM_DEADLINE_MS = 120_000;
/**
 * Requests in a row that got no answer at all (no connection, a timeout) before the image host is taken for dead
 * and the warm-up stops. The first wave of this many goes alone, so a host dead from the start costs one request
 * timeout, not one per wave.
 */
const DEAD_HOST_AFTER = WARM_CONCURRENCY;
/**
 * Requests each URL as a browser would, WARM_CONCURRENCY at a time, reading and discarding the answers; stops at the
 * run's cancel, at its deadline, or once the image host has not answered DEAD_HOST_AFTER requests in a row.
 */
async function warm(requests, overLimit, options) {
    const now = options.now ?? (() => performance.now());
    const started = now();
    const deadline = AbortSignal.timeout(options.deadlineMs ?? WARM_DEADLINE_MS);
    const dead = new AbortController();
    const end = AbortSignal.any([
        deadline,
        dead.signal,
        ...(options.signal === undefined ? [] : [options.signal]),
    ]);
    const statuses = {};
    let failed = 0;
    let firstFailure;
    let unansweredInARow = 0;
    const warmOne = async ({ url }) => {
        const answer = await requestImage(url, options, end);
        // A request cut by the end of the warm-up says nothing of the host: not counted, not a failure.
        if (!('status' in answer) && end.aborted)
            return;
        const key = 'status' in answer ? String(answer.status) : 'error';
        statuses[key] = (statuses[key] ?? 0) + 1;
        unansweredInARow = 'status' in answer ? 0 : unansweredInARow + 1;
        if (unansweredInARow >= DEAD_HOST_AFTER)
            dead.abort();
        // Only a 2xx put the image in the image host's cache: a redirect warmed nothing.
        if ('status' in answer && answer.status >= 200 && answer.status < 300)
            return;
        failed += 1;
        firstFailure ??= { url, reason: 'status' in answer ? `HTTP ${answer.status}` : answer.error };
    };
    // The first wave alone, then the rest: a host that answers none of it is dead, and costs one request timeout.
    const stop = () => end.aborted;
    await (0,in_flight/* eachInFlight */.a)(requests.slice(0, DEAD_HOST_AFTER), WARM_CONCURRENCY, warmOne, stop);
    await (0,in_flight/* eachInFlight */.a)(requests.slice(DEAD_HOST_AFTER), WARM_CONCURRENCY, warmOne, stop);
    const stopped = stopOf(options.signal, deadline, dead.signal);
    const answered = Object.values(statuses).reduce((sum, n) => sum + n, 0);
    return {
        requested: answered,
        statuses,
        failed,
        overLimit,
        ms: Math.round(now() - started),
        firstFailure,
        stopped,
        notRequested: stopped === undefined ? undefined : requests.length - answered,
    };
}
function stopOf(cancel, deadline, dead) {
    if (cancel?.aborted === true)
        return 'cancelled';
    if (dead.aborted)
        return 'dead-host';
    return deadline.aborted ? 'deadline' : undefined;
}
async function requestImage(url, options, end) {
    const got = await (0,http_get/* httpGet */.l)(url, {
        dispatcher: options.dispatcher,
        // Only these headers: the image host gets no API key, cookie or GitHub token, as from a visitor's browser.
        headers: { 'user-agent': options.userAgent, accept: WARM_ACCEPT },
        timeoutMs: options.timeoutMs,
        signal: end,
        // Read and dropped: the host finishes the image, whatever became of its bytes here.
        maxBytes: WARM_BODY_CAP,
        keep: false,
    });
    return got.kind === 'answer' ? { status: got.status } : { error: (0,error_message/* errorMessage */.g)(got.error) };
}
/** Why the warm-up stopped early, as the log says it. */
function stoppedWords(stop, imageHost) {
    switch (stop) {
        case 'dead-host':
            return `stopped: ${imageHost} answered none of ${DEAD_HOST_AFTER} requests in a row`;
        case 'deadline':
            return `stopped at its deadline of ${WARM_DEADLINE_MS / 1000} s`;
        default:
            return stop;
    }
}

// EXTERNAL MODULE: ./src/warm/told.ts
var told = __webpack_require__(344);
;// CONCATENATED MODULE: ./src/warm/warm-up.ts




/**
 * With `warm: true`, requests each invalidated image through the image host, as a browser would, so that its first
 * visitors get a cached copy. Anything that goes wrong is one warning: the invalidation has landed all the same.
 */
async function warmUp(warmUp, before, context) {
    const rewritten = before.pages.variants;
    const landed = before.invalidate.outcome;
    if (rewritten === undefined || landed.cancelled)
        return undefined;
    const { imageHost, timeoutMs } = warmUp;
    const { log, signal } = context;
    // An image whose origin was not seen serving the new version (the check could not tell, or it was not asked
    // itself but followed its host's sample): warming it could cache the old bytes under the new URL, which its first
    // visitor after the deploy would otherwise fetch fresh.
    const unconfirmed = new Set(before.invalidate.origin?.checks
        .filter((check) => check.state !== 'ready' || check.followed === true)
        .map((check) => check.ref));
    const plan = (0,variants/* planWarm */.l)({
        imageHost,
        images: landed.touched.filter((ref) => !unconfirmed.has(ref)),
        rewritten,
        cacheBuster: landed.token,
        limit: variants/* WARM_LIMIT */.e,
    });
    const over = plan.overLimit === 0
        ? ''
        : ` (${plan.overLimit} more past the ${variants/* WARM_LIMIT */.e.toLocaleString('en-US')} a run makes)`;
    if (warmUp.preview) {
        log.info(`warm: would request ${plan.requests.length} image URLs through ${imageHost}${over}.`);
        return undefined;
    }
    if (plan.requests.length === 0) {
        log.info('warm: no image URL to request.');
        return undefined;
    }
    log.startGroup('Warm-up');
    // undici, loaded by a run that requests: a preview of the warm-up needs none.
    const { createDispatcher } = await Promise.all(/* import() */[__webpack_require__.e(752), __webpack_require__.e(520)]).then(__webpack_require__.bind(__webpack_require__, 4520));
    const dispatcher = createDispatcher(WARM_CONCURRENCY, timeoutMs);
    try {
        for (const request of plan.requests)
            log.debug(`warm: ${request.url}`);
        const report = await warm(plan.requests, plan.overLimit, {
            dispatcher,
            timeoutMs,
            userAgent: version/* USER_AGENT */._,
            signal,
        });
        log.info(`warm: ${(0,told.warmWords)(report)}.`);
        if (report.stopped !== undefined && report.stopped !== 'cancelled')
            log.warning(`warm: ${stoppedWords(report.stopped, imageHost)}; ${report.notRequested ?? 0} image URLs not requested.`);
        if (report.failed > 0 && signal?.aborted !== true) {
            const first = report.firstFailure;
            log.warning(`warm: ${report.failed} of ${report.requested} requests through ${imageHost} failed` +
                (first === undefined ? '' : `, e.g. ${first.url}: ${first.reason}`) +
                '; the images are invalidated all the same, and their first visitors will wait for them.');
        }
        return report;
    }
    finally {
        log.endGroup();
        await dispatcher.destroy().catch(() => undefined);
    }
}


/***/ })

};
