export const id = 526;
export const ids = [526];
export const modules = {

/***/ 6526:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   deliveredFetcher: () => (/* binding */ deliveredFetcher)
/* harmony export */ });
/* harmony import */ var undici__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6752);
/* harmony import */ var _mechanics_abortable_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1717);
/* harmony import */ var _mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1411);



const CACHE_HEADERS = ['x-cache', 'cf-cache-status', 'x-cache-status', 'cdn-cache', 'x-proxy-cache'];
function deliveredFetcher(options) {
    return async (url, limit, signal, accept) => {
        const timeout = AbortSignal.timeout(options.timeoutMs);
        const ends = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
        let answer;
        try {
            // Only these headers, as from a visitor's browser: no API key, cookie or GitHub token. undici does not end a
            // request whose TLS connection is still being made: untilAborted ends the wait at the timeout or the cancel.
            const asked = (0,undici__WEBPACK_IMPORTED_MODULE_0__/* .request */ .Em)(url, {
                method: 'GET',
                dispatcher: options.dispatcher,
                headers: { 'user-agent': options.userAgent, accept },
                headersTimeout: options.timeoutMs,
                bodyTimeout: options.timeoutMs,
                signal: ends,
            });
            answer = await (0,_mechanics_abortable_js__WEBPACK_IMPORTED_MODULE_1__/* .untilAborted */ .E)(asked, ends);
        }
        catch (error) {
            return { error: (0,_mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .g)(error) };
        }
        const { statusCode: status, headers, body } = answer;
        const declared = Number(header(headers, 'content-length'));
        const seen = {
            status,
            contentType: header(headers, 'content-type'),
            age: header(headers, 'age'),
            cacheStatus: CACHE_HEADERS.map((name) => header(headers, name)).find((v) => v !== undefined),
            // A host may send Vary more than once: every one of them names what chose the answer.
            vary: [headers.vary ?? []].flat().join(', ') || undefined,
            location: header(headers, 'location'),
            placeholder: header(headers, 'x-not-found-o') === undefined ? undefined : true,
            ...(Number.isSafeInteger(declared) && declared >= 0 ? { length: declared } : {}),
        };
        if (seen.length !== undefined && seen.length > limit) {
            body.destroy();
            return { ...seen, cut: true };
        }
        const chunks = [];
        let read = 0;
        try {
            for await (const chunk of body) {
                read += chunk.length;
                if (read > limit) {
                    body.destroy();
                    return { ...seen, cut: true, length: seen.length ?? read };
                }
                chunks.push(chunk);
            }
        }
        catch (error) {
            return { ...seen, error: (0,_mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .g)(error) };
        }
        return { ...seen, body: Buffer.concat(chunks), length: seen.length ?? read };
    };
}
function header(headers, name) {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
}


/***/ })

};
