export const id = 43;
export const ids = [43];
export const modules = {

/***/ 9043:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   createDispatcher: () => (/* binding */ createDispatcher)
/* harmony export */ });
/* harmony import */ var undici__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6752);

/**
 * Keep-alive connections to the service, one per call in flight. Kept apart from the client so that a dry run,
 * which sends nothing, never loads undici.
 *
 * Behind a proxy (HTTPS_PROXY, HTTP_PROXY and NO_PROXY, in upper or lower case, as curl and @actions/http-client
 * read them), the calls go through it, each in a CONNECT tunnel: the proxy sees the host and encrypted bytes, never
 * the key.
 */
function createDispatcher(concurrency, timeoutMs, env = process.env) {
    const options = { connections: concurrency, keepAliveTimeout: 30_000, connect: { timeout: timeoutMs } };
    const proxied = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((name) => (env[name] ?? '') !== '');
    return proxied ? new undici__WEBPACK_IMPORTED_MODULE_0__/* .EnvHttpProxyAgent */ .J2(options) : new undici__WEBPACK_IMPORTED_MODULE_0__/* .Agent */ .g6(options);
}


/***/ })

};
