export const id = 545;
export const ids = [545];
export const modules = {

/***/ 4545:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   changeWords: () => (/* binding */ changeWords),
/* harmony export */   previewSection: () => (/* binding */ previewSection)
/* harmony export */ });
/* harmony import */ var _plan_plan_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8720);
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5462);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2392);
/* harmony import */ var _thumbnail_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(369);




/** The preview's section, or undefined when the run did not go through changed files. */
function previewSection(inv) {
    const { preview, files } = inv.plan;
    if (preview === undefined || files === undefined)
        return undefined;
    const fileOf = new Map(preview.images.map((image) => [image.url, image]));
    const refs = inv.outcome.touched;
    const lines = [];
    if (refs.length > 0) {
        const title = inv.dryRun ? 'Images that would be invalidated' : 'Invalidated images';
        const { shown, more } = (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .firstOf */ .Ku)(refs, _plan_plan_js__WEBPACK_IMPORTED_MODULE_0__/* .PREVIEW_ROWS */ .f7);
        const host = inv.imageHost;
        lines.push('', `### ${title}`, '');
        lines.push(host === undefined
            ? '| URL | File | Change |'
            : `| ${(0,_thumbnail_js__WEBPACK_IMPORTED_MODULE_1__/* .thumbnailHeader */ .aN)(inv.dryRun)} | URL | File | Change |`);
        lines.push(host === undefined ? '|---|---|---|' : '|---|---|---|---|');
        for (const ref of shown) {
            const file = fileOf.get(ref);
            const cells = [
                (0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_3__/* .markdownRef */ .Pp)(ref),
                // The preview keeps the first images of the files in plan order; a run may invalidate them in another
                // (as their origins become ready), so a row without its file may be of `assets`, or past those kept.
                file === undefined ? '' : (0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_3__/* .markdownText */ .p7)(file.path),
                file === undefined ? '' : changeWords(file.change),
            ];
            const picture = host === undefined ? [] : [thumbnail(host, ref, file, inv.dryRun)];
            lines.push(`| ${[...picture, ...cells].join(' | ')} |`);
        }
        if (more !== undefined) {
            lines.push('', `… ${more}: the JSON report (output \`report-path\`) lists every one.`);
        }
    }
    const leftOutCount = files.found - files.selected;
    if (leftOutCount > 0) {
        lines.push('', `Changed files left out by \`paths\` (not images by its patterns): ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(leftOutCount)}.`, '', ...preview.leftOut.map((file) => `- ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_3__/* .markdownText */ .p7)(file.path)}${inParentheses(file.change)}`));
        if (leftOutCount > preview.leftOut.length)
            lines.push(`- … and ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(leftOutCount - preview.leftOut.length, 'more file')}`);
    }
    return lines;
}
/** What happened to a file, in the preview's words: added, changed, deleted, renamed from <old path>. */
function changeWords(change) {
    if (change === undefined)
        return '';
    switch (change.status) {
        case 'added':
            return 'added';
        case 'modified':
            return 'changed';
        case 'deleted':
            return 'deleted';
        case 'renamed':
            if (change.from !== undefined)
                return `renamed from ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_3__/* .markdownText */ .p7)(change.from)}`;
            return change.to === undefined ? 'renamed' : `renamed to ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_3__/* .markdownText */ .p7)(change.to)}`;
    }
}
/**
 * The thumbnail of an image: what the image host serves now, as the column says; nothing for a file that is gone;
 * and before the invalidation, words for a file that the site does not serve yet.
 */
function thumbnail(host, ref, file, dryRun) {
    const change = file?.change;
    const status = change?.status;
    switch (status) {
        case undefined:
        case 'modified':
            return (0,_thumbnail_js__WEBPACK_IMPORTED_MODULE_1__/* .thumbnailCell */ .Zf)(host, ref);
        case 'deleted':
            return '';
        case 'added':
        case 'renamed':
            if (change?.to !== undefined)
                return '';
            return dryRun ? _thumbnail_js__WEBPACK_IMPORTED_MODULE_1__/* .NOT_DEPLOYED_YET */ .sB : (0,_thumbnail_js__WEBPACK_IMPORTED_MODULE_1__/* .thumbnailCell */ .Zf)(host, ref);
        default:
            return status;
    }
}
function inParentheses(change) {
    const words = changeWords(change);
    return words === '' ? '' : ` (${words})`;
}


/***/ })

};
