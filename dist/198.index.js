export const id = 198;
export const ids = [198];
export const modules = {

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

/***/ 4198:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ByteBudget: () => (/* binding */ ByteBudget),
/* harmony export */   MAX_REDIRECTS: () => (/* binding */ MAX_REDIRECTS),
/* harmony export */   ORIGIN_BYTE_BUDGET: () => (/* binding */ ORIGIN_BYTE_BUDGET),
/* harmony export */   originFetcher: () => (/* binding */ originFetcher)
/* harmony export */ });
/* harmony import */ var _mechanics_causes_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8087);
/* harmony import */ var _mechanics_headers_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8065);
/* harmony import */ var _mechanics_http_get_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3030);
/* harmony import */ var _cache_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8632);
/* harmony import */ var _page_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(379);
/* harmony import */ var _mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1411);
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5462);







/** Redirects followed within the same origin (scheme, host, port), as a browser would on the way to the image. */
const MAX_REDIRECTS = 5;
/** Bytes of origin bodies a run reads at most: 1,000 images of a quarter MiB each, with room for retries. */
const ORIGIN_BYTE_BUDGET = 256 * 1024 * 1024;
/** The bytes of origin bodies a run may still read, shared by every request of the run. */
class ByteBudget {
    left;
    constructor(left = ORIGIN_BYTE_BUDGET) {
        this.left = left;
    }
    get spent() {
        return this.left <= 0;
    }
    take(bytes) {
        this.left -= bytes;
    }
}
function originFetcher(options) {
    return (url, limit, signal, validators) => fetchOrigin(url, limit, options, signal, validators);
}
async function fetchOrigin(url, limit, options, signal, validators) {
    let target;
    try {
        target = new URL(url);
    }
    catch {
        return { error: 'not a URL' };
    }
    const got = await (0,_mechanics_http_get_js__WEBPACK_IMPORTED_MODULE_1__/* .httpGet */ .l)(target, {
        dispatcher: options.dispatcher,
        // Only these headers: the image service fetches origins without cookies or keys, and so does this check.
        headers: { 'user-agent': options.userAgent, accept: '*/*', ...conditional(validators) },
        timeoutMs: options.timeoutMs,
        signal,
        // A body of `limit` bytes is already longer than any re-encoding of either version.
        maxBytes: limit - 1,
        keep: true,
        budget: options.budget,
        // As a browser would on the way to the image: within the same origin (scheme, host, port).
        follow: (next, from, followed) => next.origin === from.origin && followed < MAX_REDIRECTS,
    });
    if (got.kind === 'budget-spent')
        return { cut: 'budget', requests: got.requests };
    if (got.kind === 'failed') {
        if (byOwnTimeout(got.error, signal))
            return {
                error: `no answer within ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .seconds */ .YA)(options.timeoutMs)} s`,
                requests: got.requests,
                stalled: true,
            };
        // Cut by the check's own end (origin-timeout, and one ask's time after it): said so, not as a bare abort.
        if (signal?.aborted === true && (0,_mechanics_causes_js__WEBPACK_IMPORTED_MODULE_0__/* .isTimeout */ .k)(signal.reason))
            return { error: 'no answer before origin-timeout ended', requests: got.requests };
        return { error: (0,_mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_3__/* .errorMessage */ .g)(got.error), requests: got.requests, ...unresolved(got.error) };
    }
    const { status, headers, requests, redirect, body } = got;
    const etag = (0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_4__/* .header */ .wx)(headers, 'etag');
    if (redirect !== undefined)
        return { status, offsite: redirect.to?.href ?? redirect.location, etag, requests };
    const base = { status, etag, lastModified: (0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_4__/* .header */ .wx)(headers, 'last-modified'), requests };
    if (status === 304)
        return base;
    if ('error' in body) {
        if (byOwnTimeout(body.error, signal))
            return { ...base, error: `no whole answer within ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .seconds */ .YA)(options.timeoutMs)} s`, stalled: true };
        return { ...base, error: (0,_mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_3__/* .errorMessage */ .g)(body.error) };
    }
    const length = (0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_4__/* .declaredLength */ .Rj)(headers) ?? body.read;
    // Read from the first bytes, cut or not: a page longer than any version of the image is a page all the same.
    const page = status >= 200 && status < 300 ? (0,_page_js__WEBPACK_IMPORTED_MODULE_5__/* .pageIn */ .n)((0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_4__/* .header */ .wx)(headers, 'content-type'), body.bytes) : undefined;
    const cache = status >= 200 && status < 300 ? (0,_cache_js__WEBPACK_IMPORTED_MODULE_6__/* .cacheIn */ .OZ)(headers) : undefined;
    const seen = {
        ...base,
        length,
        ...(page === undefined ? {} : { page }),
        ...(cache === undefined ? {} : { cache }),
    };
    return body.cut === undefined ? { ...seen, body: body.bytes } : { ...seen, cut: body.cut };
}
/**
 * The ask was ended by its own timeout (timeout-seconds), not by the caller's signal (the cancel, the check's
 * deadline): the origin accepted it and then kept it waiting, headers or body.
 */
function byOwnTimeout(error, signal) {
    return (0,_mechanics_causes_js__WEBPACK_IMPORTED_MODULE_0__/* .isTimeout */ .k)(error) && signal?.aborted !== true;
}
function conditional(validators) {
    const sent = {};
    if (validators?.etag !== undefined)
        sent['if-none-match'] = validators.etag;
    if (validators?.lastModified !== undefined)
        sent['if-modified-since'] = validators.lastModified;
    return sent;
}
/**
 * A host name that does not resolve (ENOTFOUND: the resolver says no such name): a url-map mistake, never a deploy in
 * progress. A resolver that could not answer (EAI_AGAIN) may answer the next ask: it is not this.
 */
function unresolved(error) {
    return (0,_mechanics_causes_js__WEBPACK_IMPORTED_MODULE_0__/* .causes */ .p)(error).some((cause) => cause.code === 'ENOTFOUND')
        ? { unresolved: true }
        : {};
}


/***/ })

};
