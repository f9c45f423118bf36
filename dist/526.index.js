export const id = 526;
export const ids = [526];
export const modules = {

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

/***/ 6526:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   deliveredFetcher: () => (/* binding */ deliveredFetcher)
/* harmony export */ });
/* harmony import */ var _mechanics_headers_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8065);
/* harmony import */ var _mechanics_http_get_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3030);
/* harmony import */ var _mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1411);



const CACHE_HEADERS = ['x-cache', 'cf-cache-status', 'x-cache-status', 'cdn-cache', 'x-proxy-cache'];
function deliveredFetcher(options) {
    return async (url, limit, signal, accept) => {
        const got = await (0,_mechanics_http_get_js__WEBPACK_IMPORTED_MODULE_0__/* .httpGet */ .l)(url, {
            dispatcher: options.dispatcher,
            // Only these headers, as from a visitor's browser: no API key, cookie or GitHub token.
            headers: { 'user-agent': options.userAgent, accept },
            timeoutMs: options.timeoutMs,
            signal,
            maxBytes: limit,
            keep: true,
        });
        if (got.kind === 'failed')
            return { error: (0,_mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .g)(got.error) };
        const { status, headers, body } = got;
        const seen = {
            status,
            contentType: (0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_2__/* .header */ .wx)(headers, 'content-type'),
            age: (0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_2__/* .header */ .wx)(headers, 'age'),
            cacheStatus: CACHE_HEADERS.map((name) => (0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_2__/* .header */ .wx)(headers, name)).find((v) => v !== undefined),
            // A host may send Vary more than once: every one of them names what chose the answer.
            vary: (0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_2__/* .headerValues */ .UE)(headers, 'vary').join(', ') || undefined,
            location: (0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_2__/* .header */ .wx)(headers, 'location'),
            placeholder: (0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_2__/* .header */ .wx)(headers, 'x-not-found-o') === undefined ? undefined : true,
            length: (0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_2__/* .declaredLength */ .Rj)(headers),
        };
        if ('error' in body)
            return { ...seen, error: (0,_mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .g)(body.error) };
        const length = seen.length ?? body.read;
        return body.cut === undefined ? { ...seen, body: body.bytes, length } : { ...seen, cut: true, length };
    };
}


/***/ })

};
