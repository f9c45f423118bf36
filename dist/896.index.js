export const id = 896;
export const ids = [896];
export const modules = {

/***/ 2337:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Pt: () => (/* binding */ withoutNeedsBase),
/* harmony export */   f7: () => (/* binding */ PARENT),
/* harmony export */   gy: () => (/* binding */ ZERO_SHA),
/* harmony export */   h0: () => (/* binding */ short),
/* harmony export */   o: () => (/* binding */ sinceRange),
/* harmony export */   zo: () => (/* binding */ isDeletion)
/* harmony export */ });
const PARENT = Symbol('parent of head');
/** The all-zeros SHA that CIs write for "no such commit": a new branch's before, a deleted branch's after. */
const ZERO_SHA = /^0+$/;
/** A push that deleted a branch names an all-zero head: nothing to compare, nothing changed. */
function isDeletion(range) {
    return ZERO_SHA.test(range.head);
}
/** `since` in place of the event's base, compared with the head the pipeline runs on. */
function sinceRange(since, head) {
    return { base: since, head, origin: `since ${since}` };
}
/** The range with its base settled: the head's parent (or the event's base), once nothing better is known. */
function withoutNeedsBase(range) {
    const settled = { ...range };
    delete settled.needsBase;
    return settled;
}
/** A commit's name as people write it: a full SHA cut to seven characters, any other name (a tag, `HEAD~1`) as it is. */
function short(sha) {
    return /^[0-9a-f]{40,64}$/.test(sha) ? sha.slice(0, 7) : sha;
}


/***/ }),

/***/ 8896:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   tellRecord: () => (/* binding */ tellRecord)
/* harmony export */ });
/* harmony import */ var _domain_range_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2337);
/* harmony import */ var _mechanics_exhaustive_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9067);
/* harmony import */ var _plan_stage_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4445);
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5462);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2392);
/** What the run did with its target's record, in every voice: its lines of the summary. */





function tellRecord(record) {
    return {
        ..._plan_stage_js__WEBPACK_IMPORTED_MODULE_1__/* .SILENT */ .q,
        summary: () => {
            const lines = [recordLine(record)];
            if (record.left !== undefined)
                lines.push('', ...leftSection(record.left));
            return lines;
        },
    };
}
/** What the run did with its target's record, in one line: which commit it recorded fresh, or why none. */
function recordLine(record) {
    switch (record.state) {
        case 'recorded':
            return record.fresh
                ? `**Record:** \`${(0,_domain_range_js__WEBPACK_IMPORTED_MODULE_0__/* .short */ .h0)(record.commit)}\` recorded fresh on ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownText */ .p7)(`'${record.target}'`)}.`
                : `**Record:** what \`${(0,_domain_range_js__WEBPACK_IMPORTED_MODULE_0__/* .short */ .h0)(record.commit)}\` left stale is kept on ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownText */ .p7)(`'${record.target}'`)}, for ` +
                    (record.skipped === undefined || record.skipped === 0
                        ? 'the next run.'
                        : `the next run; the ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(record.skipped, 'skipped image')} once mapped (\`url-map\` or \`site\`) or left out of \`paths\`.`);
        case 'fresh-already':
            return `**Record:** \`${(0,_domain_range_js__WEBPACK_IMPORTED_MODULE_0__/* .short */ .h0)(record.commit)}\` was recorded fresh on ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownText */ .p7)(`'${record.target}'`)} already.`;
        case 'not-recorded':
            return `**Record:** none written, so the next run cannot know what this one did: ${withCode(record.reason)}.`;
        default:
            return (0,_mechanics_exhaustive_js__WEBPACK_IMPORTED_MODULE_4__/* .unhandled */ .g)(record);
    }
}
/** The images a failed or cancelled run left stale, and how they will be caught up. */
function leftSection(left) {
    const { shown, more } = (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_3__/* .firstOf */ .Ku)(left.images, _shown_format_js__WEBPACK_IMPORTED_MODULE_3__/* .FAILURES_NAMED */ .u);
    const lines = ['### Left stale', '', (0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownText */ .p7)(left.caughtUpBy), ''];
    lines.push(...shown.map((image) => `- ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownRef */ .Pp)(image)}`));
    if (more !== undefined)
        lines.push(`- … ${more}: \`failed-file\` lists each one`);
    return lines;
}
/**
 * Text with the code spans the action's own words hold (`permissions: { … }`) as code GitHub renders, the rest inert:
 * a span holding anything but plain words and punctuation is shown as text.
 */
function withCode(text) {
    return text
        .split(/`([^`\n]+)`/)
        .map((part, index) => index % 2 === 1 && /^[\w{}:,.\- ]+$/.test(part)
        ? `\`${part}\``
        : (0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownText */ .p7)(index % 2 === 1 ? `\`${part}\`` : part))
        .join('');
}


/***/ })

};
