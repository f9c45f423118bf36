export const id = 946;
export const ids = [946];
export const modules = {

/***/ 946:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   OUT_OF_TIME: () => (/* binding */ OUT_OF_TIME),
/* harmony export */   invalidateAgain: () => (/* binding */ invalidateAgain)
/* harmony export */ });
/* harmony import */ var _domain_policy_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4596);
/* harmony import */ var _service_to_service_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7416);
/* harmony import */ var _domain_batches_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1336);



/** Why an image's second invalidation did not land when the proof's time ran out first. */
const OUT_OF_TIME = "not confirmed by the service before the proof's time ran out";
/**
 * Invalidates the images a proof found stale once more, as the run's calls went out (sendToService): batches of at
 * most 100, the plan's concurrency, retries and rate-limit pauses, and the run's cancel. Each batch lands or fails on
 * its own; nothing starts past `withinMs`, its share of
 * the proof's time, and a call still in flight then is waited for as a cancelled run's calls are.
 */
async function invalidateAgain(refs, options) {
    const { calls, service } = options;
    const plan = {
        scope: 'assets',
        calls: (0,_domain_batches_js__WEBPACK_IMPORTED_MODULE_2__/* .toBatches */ .kn)(refs).map((assets) => ({ route: 'invalidate/assets', assets })),
        token: false,
    };
    // The proof's time ends the sending as a cancel does: no call starts past it, and one in flight is waited for as
    // a cancelled run's calls are. What that cut short is said to be the time's doing, not a cancel's.
    const outOfTime = AbortSignal.timeout(Math.max(0, Math.ceil(options.withinMs)));
    const stop = options.signal === undefined ? outOfTime : AbortSignal.any([options.signal, outOfTime]);
    const result = await (0,_service_to_service_js__WEBPACK_IMPORTED_MODULE_1__.sendToService)(plan, {
        service,
        calls,
        redact: options.redact,
        clock: options.clock,
        signal: stop,
        policy: {
            ...calls.policy,
            retryWindowMs: Math.min(calls.policy.retryWindowMs ?? _domain_policy_js__WEBPACK_IMPORTED_MODULE_0__/* .DEFAULT_POLICY */ .zj.retryWindowMs, options.withinMs),
        },
        onRetry: options.onRetry,
    });
    const late = outOfTime.aborted && options.signal?.aborted !== true;
    const failures = new Map();
    result.assets.forEach((ref, outcome, error) => {
        if (outcome === 'invalidated')
            return;
        const stopped = outcome === 'not-sent' || error?.includes('cancelled') === true;
        failures.set(ref, late && stopped ? OUT_OF_TIME : (error ?? outcome));
    });
    return failures;
}


/***/ })

};
