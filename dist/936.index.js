export const id = 936;
export const ids = [936];
export const modules = {

/***/ 744:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ PERMISSION_LINES)
/* harmony export */ });
/* unused harmony export RECORD_PERMISSION */
/** The permission catch-up needs of the workflow's token: it reads and writes the record (deployments). */
const RECORD_PERMISSION = 'deployments: write';
/** The line a workflow adds (to the job, or the workflow) so that catch-up can read and write the record. */
const PERMISSION_LINES = `permissions: { contents: read, ${RECORD_PERMISSION} }`;


/***/ }),

/***/ 5936:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   withLeft: () => (/* binding */ withLeft)
/* harmony export */ });
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5462);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5380);


/** The record's result with the images left stale, told in the log. */
function withLeft(pending, result, images, log) {
    const left = { images, caughtUpBy: caughtUpBy(pending, result) };
    tellLeft(left, log);
    return result === undefined
        ? { state: 'not-recorded', reason: 'catch-up is off', left }
        : { ...result, left };
}
/** How the images left stale get invalidated, as the record now stands. */
function caughtUpBy(pending, result) {
    if (pending === undefined)
        return (0,_record_js__WEBPACK_IMPORTED_MODULE_0__/* .caughtUpByReRun */ .j9)(_record_js__WEBPACK_IMPORTED_MODULE_0__/* .NO_CATCH_UP */ .CZ);
    if (result?.state === 'recorded')
        return (0,_record_js__WEBPACK_IMPORTED_MODULE_0__/* .caughtUpByNextRun */ .X9)(result.target);
    if (pending.state === 'off')
        return (0,_record_js__WEBPACK_IMPORTED_MODULE_0__/* .caughtUpByReRun */ .j9)(`catch-up is off for this run (${pending.why})`);
    return (0,_record_js__WEBPACK_IMPORTED_MODULE_0__/* .caughtUpByReRun */ .j9)(result?.state === 'not-recorded' ? result.reason : 'the record could not be written');
}
function tellLeft(left, log) {
    const { shown, more } = (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_1__/* .firstOf */ .Ku)(left.images, _shown_format_js__WEBPACK_IMPORTED_MODULE_1__/* .FAILURES_NAMED */ .u);
    log.info(`Left stale, not confirmed: ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(left.images.length, 'image')}. ${left.caughtUpBy}`);
    log.lines(shown.map((image) => `  ${image}`));
    if (more !== undefined)
        log.info(`  … ${more}: failed-file lists each one.`);
}


/***/ }),

/***/ 5380:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CZ: () => (/* binding */ NO_CATCH_UP),
/* harmony export */   Nv: () => (/* binding */ SKIPPED_OWED),
/* harmony export */   X9: () => (/* binding */ caughtUpByNextRun),
/* harmony export */   _V: () => (/* binding */ whyNotFresh),
/* harmony export */   j9: () => (/* binding */ caughtUpByReRun),
/* harmony export */   wp: () => (/* binding */ freshWords)
/* harmony export */ });
/* unused harmony export skippedWords */
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5462);
/* harmony import */ var _github_record_permission_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(744);


/** The next run covers what this one owes: its record says so. */
function caughtUpByNextRun(target) {
    return (`The next run on this target invalidates them too: the record ('${target}') keeps what this run owes. A ` +
        're-run of this job retries them now, which helps when the cause has passed (the service, the network); a ' +
        'cause in the settings (url-map, the origin) needs a fix, and the run after it.');
}
/** No record keeps what this run owes: only a re-run does. `why`: why no record can. */
function caughtUpByReRun(why) {
    return `A re-run of this job invalidates them; no later run will, since ${why}.`;
}
/** Why no later run can catch up, when catch-up is not on for the run. */
const NO_CATCH_UP = 'catch-up is off (it needs a branch run in GitHub Actions with catch-up: true and ' +
    `${_github_record_permission_js__WEBPACK_IMPORTED_MODULE_0__/* .PERMISSION_LINES */ .Q})`;
/**
 * Why the run cannot say its head is fresh, or undefined when every image it planned was confirmed, nothing failed
 * after (a rewrite) and no changed image was skipped: a skipped image is owed, so that the run that maps it (after a
 * fix of url-map) invalidates it.
 */
function whyNotFresh(outcome) {
    if (outcome.cancelled)
        return 'the run was cancelled';
    if (outcome.failures.length > 0 || outcome.failed.length > 0)
        return 'not every image was confirmed';
    if (outcome.counts.skipped > 0)
        return skippedWords(outcome.counts.skipped);
    return undefined;
}
/** Why a run that skipped changed images is not fresh, within a deployment status's 140 characters. */
function skippedWords(skipped) {
    // Whether url-map or the map learned from site left them: the record is the same for both.
    return `${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(skipped, 'changed image')} skipped (not mapped to a URL)`;
}
/** What the log says of skipped images the record keeps as owed. */
const SKIPPED_OWED = 'The skipped images are owed, not fresh: the record keeps their commits, and a run that maps them (url-map, or ' +
    'the map learned from site) invalidates them; until then every run compares their commits again. Images the ' +
    "site does not serve are left out with a '!' line in paths.";
/** What a record of a fresh commit says of the run, within a deployment status's 140 characters. */
function freshWords(counts) {
    const { invalidated } = counts;
    return invalidated === 0
        ? 'Images fresh: no image to invalidate'
        : `Images fresh: ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(invalidated, 'image')} invalidated`;
}


/***/ })

};
