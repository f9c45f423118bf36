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
 */
function createDispatcher(concurrency, timeoutMs) {
    return new undici__WEBPACK_IMPORTED_MODULE_0__/* .Agent */ .g6({ connections: concurrency, keepAliveTimeout: 30_000, connect: { timeout: timeoutMs } });
}


/***/ })

};
