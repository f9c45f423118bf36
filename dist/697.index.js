export const id = 697;
export const ids = [697];
export const modules = {

/***/ 4697:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   originNarration: () => (/* binding */ originNarration),
/* harmony export */   originProgressLine: () => (/* binding */ originProgressLine)
/* harmony export */ });
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2392);
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5462);
/* harmony import */ var _origin_hold_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6237);
/* harmony import */ var _origin_verdict_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3363);
/* harmony import */ var _origin_cache_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8632);
/* harmony import */ var _origin_mistakes_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5909);
/**
 * The origin check as the invalidation's log tells it while it waits: loaded with the check, by a run that waits for
 * its origins.
 */







/** `status`: where the wait stands, each line replacing the last (a terminal's live line); else a line of the log. */
function originNarration(log, origin, status) {
    return {
        start: (images, timeoutMs) => {
            log.info(`Origin check: ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(images, 'image')} mapped from ${images === 1 ? 'a file is' : 'files are'} ` +
                `invalidated as ${images === 1 ? 'its origin serves the new file' : 'their origins serve the new files'}, ` +
                'waiting up to ' +
                `${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .seconds */ .YA)(timeoutMs)} s.`);
        },
        cannotTell: (host, check) => {
            const seen = check.seen === undefined ? 'an unreadable file' : (0,_origin_verdict_js__WEBPACK_IMPORTED_MODULE_3__/* .seenWords */ .Fr)(check.seen);
            log.notice(`Origin check: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(host)} serves other bytes than the repository's for ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(check.ref)} (${seen}): ` +
                'it may recompress or rewrite images, so the run cannot tell when a deploy lands there, and invalidates ' +
                'its images at once.');
        },
        mistake: (mistake) => {
            log.warning(`Origin check: ${(0,_origin_mistakes_js__WEBPACK_IMPORTED_MODULE_1__/* .mistakeWords */ .q)(mistake, origin.urlMap)}.`);
        },
        cache: (host, cached) => {
            const { cache, fits } = cached;
            const then = fits === false
                ? 'it keeps its copy past origin-timeout, so its images that the cache holds old are not invalidated and fail now'
                : 'the check keeps asking, and invalidates each image as soon as the new version comes through';
            log.warning(`Origin check: a cache in front of ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(host)} answered the previous version of ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(cached.ref)}: ` +
                `${(0,_origin_cache_js__WEBPACK_IMPORTED_MODULE_5__/* .cacheWords */ .M8)(cache)}; ${then}. To be done sooner: ${(0,_origin_hold_js__WEBPACK_IMPORTED_MODULE_0__/* .cacheRemedy */ .Vu)(cache)}.`);
        },
        stalled: (host, seen) => {
            const what = seen.status === undefined ? 'did not answer' : `answered ${seen.status} but did not end its answer`;
            log.warning(`Origin check: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(host)} ${what} within ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .seconds */ .YA)(origin.requestTimeoutMs)} s ` +
                '(timeout-seconds): its images not asked yet are asked one at a time until origin-timeout, and none is ' +
                'invalidated before its origin serves the new file.');
        },
        progress: (progress) => {
            const line = originProgressLine(progress);
            if (status === undefined)
                log.info(line);
            else
                status(line);
        },
    };
}
/** Where the wait for origins stands, in one line: the log's every PROGRESS_EVERY_MS, and the command's live line. */
function originProgressLine(progress) {
    const answers = progress.answers
        .map(({ answer, images }) => (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .counted */ .hS)(images, singularVerb(answer), answer))
        .join(', ');
    return (`Origin check: ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(progress.ready)} of ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(progress.ready + progress.waiting, 'image')} ready, ` +
        `${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(progress.waiting)} waiting${answers === '' ? '' : ` (${answers})`}; ` +
        `${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .seconds */ .YA)(progress.leftMs)} s left.`);
}
/**
 * The origin watch says what the origins of several images do (`serve the previous version`, `are not asked yet`);
 * the answer of one image takes the singular of its first word.
 */
function singularVerb(answer) {
    const [verb = '', ...rest] = answer.split(' ');
    const singular = verb === 'are' ? 'is' : verb === 'have' ? 'has' : `${verb}s`;
    return [singular, ...rest].join(' ');
}


/***/ })

};
