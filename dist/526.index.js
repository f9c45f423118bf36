export const id = 526;
export const ids = [526];
export const modules = {

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
