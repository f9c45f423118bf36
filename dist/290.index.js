export const id = 290;
export const ids = [290];
export const modules = {

/***/ 8290:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   learnedJson: () => (/* binding */ learnedJson),
/* harmony export */   learnedSection: () => (/* binding */ learnedSection),
/* harmony export */   learnedText: () => (/* binding */ learnedText),
/* harmony export */   tellLearned: () => (/* binding */ tellLearned)
/* harmony export */ });
/* harmony import */ var _plan_learned_words_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(72);
/* harmony import */ var _settings_url_map_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4411);
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5462);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2392);




/** Folders told one by one at most; the JSON report lists every one. */
const MAX_FOLDERS_TOLD = 20;
function tellLearned(learned) {
    return {
        section: () => learnedSection(learned),
        text: () => learnedText(learned),
        json: () => learnedJson(learned),
    };
}
/** The summary's section: the rules as a block to paste, then each folder that is not mapped by them. */
function learnedSection(learned) {
    const { map, rules } = learned;
    // No changed image to learn a folder of: nothing learned, nothing to say.
    if (map.folders.length === 0)
        return [];
    const lines = [`### url-map learned from ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownText */ .p7)(map.site)}`, '', `${(0,_plan_learned_words_js__WEBPACK_IMPORTED_MODULE_0__/* .foldersCounted */ .eo)(map)}.`, ''];
    if (rules.length > 0) {
        lines.push('Paste it as `url-map` to keep it:', '', ...(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownCodeBlock */ .IS)((0,_plan_learned_words_js__WEBPACK_IMPORTED_MODULE_0__/* .pasteLines */ .DA)(rules)), '');
    }
    const { shown, more } = (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_3__/* .firstOf */ .Ku)(map.folders.filter((finding) => finding.kind !== 'learned'), MAX_FOLDERS_TOLD);
    for (const finding of shown) {
        lines.push(`- ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownText */ .p7)((0,_plan_learned_words_js__WEBPACK_IMPORTED_MODULE_0__/* .findingSentence */ .dj)(finding))}`);
        lines.push(...(0,_plan_learned_words_js__WEBPACK_IMPORTED_MODULE_0__/* .triedLines */ .ep)(finding).map((line) => `  - ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownText */ .p7)(line.trim())}`));
    }
    if (more !== undefined)
        lines.push(`- … ${more}: the JSON report lists each one.`);
    if (map.cutShort !== undefined)
        lines.push('', `**Warning:** some folders were ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownText */ .p7)(map.cutShort)}.`);
    lines.push('');
    return lines;
}
/** The command's lines: the rules to paste, then each folder not mapped, in a sentence. */
function learnedText(learned) {
    const { map, rules } = learned;
    if (map.folders.length === 0)
        return [];
    const lines = [`url-map learned from ${map.site}: ${(0,_plan_learned_words_js__WEBPACK_IMPORTED_MODULE_0__/* .foldersCounted */ .eo)(map)}.`];
    if (rules.length > 0)
        lines.push(...(0,_plan_learned_words_js__WEBPACK_IMPORTED_MODULE_0__/* .pasteLines */ .DA)(rules).map((line) => `  ${line}`));
    const { shown, more } = (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_3__/* .firstOf */ .Ku)(map.folders.filter((finding) => finding.kind !== 'learned'), MAX_FOLDERS_TOLD);
    for (const finding of shown)
        lines.push((0,_plan_learned_words_js__WEBPACK_IMPORTED_MODULE_0__/* .findingSentence */ .dj)(finding), ...(0,_plan_learned_words_js__WEBPACK_IMPORTED_MODULE_0__/* .triedLines */ .ep)(finding));
    if (more !== undefined)
        lines.push(`… ${more}: --json lists each one.`);
    return lines;
}
/** The JSON report's `learned`: the rules as url-map lines, and every folder with what its candidates answered. */
function learnedJson(learned) {
    const { map, rules } = learned;
    return {
        site: map.site,
        rules: rules.map(({ rule, images, folders }) => ({ rule: (0,_settings_url_map_js__WEBPACK_IMPORTED_MODULE_1__/* .ruleLine */ .lW)(rule), images, folders })),
        needNone: learned.needNone,
        cutShort: map.cutShort,
        folders: map.folders.map((finding) => ({
            folder: finding.folder,
            state: finding.kind,
            ...(finding.kind === 'learned' ? { rule: (0,_settings_url_map_js__WEBPACK_IMPORTED_MODULE_1__/* .ruleLine */ .lW)(finding.candidate) } : {}),
            ...(finding.kind === 'unmapped' ? { why: finding.why } : {}),
            ...(finding.kind === 'fingerprinted' ? { bundler: finding.bundler } : { tried: finding.tried }),
        })),
    };
}


/***/ }),

/***/ 72:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $y: () => (/* binding */ learnedLines),
/* harmony export */   DA: () => (/* binding */ pasteLines),
/* harmony export */   dj: () => (/* binding */ findingSentence),
/* harmony export */   eo: () => (/* binding */ foldersCounted),
/* harmony export */   ep: () => (/* binding */ triedLines)
/* harmony export */ });
/* unused harmony export folderName */
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5462);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2392);
/* harmony import */ var _settings_url_map_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4411);
/* harmony import */ var _learned_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(620);
/**
 * The learned map in words, phrased once for the log, the job summary, the JSON report and the command: the rules as
 * url-map lines a person pastes to keep them, and each folder not mapped with what its candidates answered.
 */




/**
 * The rules as url-map lines, each after a comment that says what confirmed it: pasted as they are, the comments are
 * lines url-map skips.
 */
function pasteLines(rules) {
    return rules.flatMap(({ rule, images, folders }) => [
        `# ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(images, 'changed image')}, ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(folders, 'folder')} (one image of each seen served)`,
        (0,_settings_url_map_js__WEBPACK_IMPORTED_MODULE_0__/* .ruleLine */ .lW)(rule),
    ]);
}
/** A folder's name as the run shows it: the top of the repository is `.`. */
function folderName(folder) {
    return (0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_3__/* .quote */ .hD)(folder === '' ? '.' : folder);
}
const SERVED_WORDS = {
    new: 'its new version',
    previous: 'its previous version',
    unchanged: 'it, unchanged by this push',
};
/** What a folder came to, in a sentence; its candidates' answers are `triedLines`. */
function findingSentence(finding) {
    const name = folderName(finding.folder);
    switch (finding.kind) {
        case 'learned': {
            const seen = finding.tried.find((tried) => tried.served !== undefined);
            return (`${name}: served at ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_3__/* .quote */ .hD)(seen?.url ?? finding.candidate.urlPrefix)}` +
                (seen?.served === undefined ? '' : ` (${SERVED_WORDS[seen.served]})`) +
                `, so ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_3__/* .quote */ .hD)((0,_settings_url_map_js__WEBPACK_IMPORTED_MODULE_0__/* .ruleLine */ .lW)(finding.candidate))}.`);
        }
        case 'unmapped':
            return (`${name}: not mapped, ${finding.why}; its images are not invalidated. If the site serves them under ` +
                'another path (a generator that renames folders, a permalink, a language prefix, another host), write ' +
                `url-map for them, e.g. ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_3__/* .quote */ .hD)(`${finding.folder === '' ? '.' : finding.folder} => <the URL of that folder>`)}.`);
        case 'not-served-yet':
            return (`${name}: only added images, which no candidate serves yet: nothing of them is cached, so there is nothing ` +
                'to invalidate until the site serves them (if it serves them under another path, write url-map for them).');
        case 'fingerprinted':
            return (`${name}: sources of ${finding.bundler}, which serves its images under new names (e.g. ` +
                'hero-3f2a1b9c.png): each version is a new URL, so there is nothing to invalidate.');
    }
}
/** What each candidate of a folder answered, a line each. */
function triedLines(finding) {
    if (finding.kind === 'fingerprinted')
        return [];
    return finding.tried.map((tried) => `  ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_3__/* .quote */ .hD)(tried.url)}: ${tried.answered}` +
        (tried.served === undefined ? '' : `, ${SERVED_WORDS[tried.served]}`));
}
/** Folders the log tells one by one: a push of thousands of folders is counted past them. */
const FOLDERS_LOGGED = 100;
/** The log's lines once the map is learned: each folder, then the rules to paste. */
function learnedLines(learned, imagesOf) {
    const { shown, more } = (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .firstOf */ .Ku)(learned.folders, FOLDERS_LOGGED);
    const lines = shown.flatMap((finding) => [
        findingSentence(finding),
        ...(finding.kind === 'unmapped' ? triedLines(finding) : []),
    ]);
    if (more !== undefined)
        lines.push(`… ${more} folders: the JSON report lists each one.`);
    const rules = (0,_learned_js__WEBPACK_IMPORTED_MODULE_1__/* .learnedRules */ .px)(learned, imagesOf);
    if (rules.length === 0) {
        lines.push(`No url-map rule learned from ${learned.site}.`);
        return lines;
    }
    lines.push(`url-map learned from ${learned.site}, ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(rules.length, 'rule')} (paste ${rules.length === 1 ? 'it' : 'them'} as url-map to keep ${rules.length === 1 ? 'it' : 'them'}):`);
    lines.push(...pasteLines(rules).map((line) => `  ${line}`));
    return lines;
}
/** The folders of each kind, counted: `2 folders learned, 1 not mapped`. */
function foldersCounted(learned) {
    const counts = { learned: 0, unmapped: 0, 'not-served-yet': 0, fingerprinted: 0 };
    for (const finding of learned.folders)
        counts[finding.kind]++;
    const parts = [`${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(counts.learned, 'folder')} learned`];
    if (counts.unmapped > 0)
        parts.push(`${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(counts.unmapped)} not mapped`);
    if (counts['not-served-yet'] > 0)
        parts.push(`${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(counts['not-served-yet'])} not served yet`);
    if (counts.fingerprinted > 0)
        parts.push(`${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(counts.fingerprinted)} fingerprinted`);
    return parts.join(', ');
}


/***/ })

};
