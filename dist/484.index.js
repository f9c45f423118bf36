export const id = 484;
export const ids = [484];
export const modules = {

/***/ 1484:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   WARM_ACCEPT: () => (/* binding */ WARM_ACCEPT),
/* harmony export */   WARM_BODY_CAP: () => (/* binding */ WARM_BODY_CAP),
/* harmony export */   WARM_CONCURRENCY: () => (/* binding */ WARM_CONCURRENCY),
/* harmony export */   warm: () => (/* binding */ warm)
/* harmony export */ });
/* harmony import */ var undici__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6752);

/** Warm-up requests in flight at once: a handful of browsers, not a load test of the image host. */
const WARM_CONCURRENCY = 8;
/** Bytes of one answer read (and discarded) at most: enough for the image host to finish a large image. */
const WARM_BODY_CAP = 32 * 1024 * 1024;
/** What asking a browser's `Accept` gets: the service may then make and cache its AVIF or WebP variant. */
const WARM_ACCEPT = 'image/avif,image/webp,image/*,*/*;q=0.8';
/** Requests each URL as a browser would, WARM_CONCURRENCY at a time, reading and discarding the answers. */
async function warm(requests, overLimit, options) {
    const now = options.now ?? (() => performance.now());
    const started = now();
    const statuses = {};
    let failed = 0;
    let firstFailure;
    let next = 0;
    let requested = 0;
    const worker = async () => {
        while (next < requests.length && options.signal?.aborted !== true) {
            const { url } = requests[next++];
            requested += 1;
            const answer = await warmOne(url, options);
            const key = 'status' in answer ? String(answer.status) : 'error';
            statuses[key] = (statuses[key] ?? 0) + 1;
            // Only a 2xx put the image in the image host's cache: a redirect warmed nothing.
            if ('status' in answer && answer.status >= 200 && answer.status < 300)
                continue;
            failed += 1;
            firstFailure ??= { url, reason: 'status' in answer ? `HTTP ${answer.status}` : answer.error };
        }
    };
    await Promise.all(Array.from({ length: Math.min(WARM_CONCURRENCY, requests.length) }, worker));
    return {
        requested,
        statuses,
        failed,
        overLimit,
        ms: Math.round(now() - started),
        ...(firstFailure === undefined ? {} : { firstFailure }),
    };
}
async function warmOne(url, options) {
    try {
        // Only these headers: the image host gets no API key, cookie or GitHub token, as from a visitor's browser.
        const answer = await (0,undici__WEBPACK_IMPORTED_MODULE_0__/* .request */ .Em)(url, {
            method: 'GET',
            dispatcher: options.dispatcher,
            headers: { 'user-agent': options.userAgent, accept: WARM_ACCEPT },
            headersTimeout: options.timeoutMs,
            bodyTimeout: options.timeoutMs,
            signal: options.signal === undefined
                ? AbortSignal.timeout(options.timeoutMs)
                : AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
        });
        await answer.body.dump({ limit: WARM_BODY_CAP }).catch(() => undefined);
        return { status: answer.statusCode };
    }
    catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
    }
}


/***/ })

};
