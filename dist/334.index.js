export const id = 334;
export const ids = [334];
export const modules = {

/***/ 8334:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   i: () => (/* binding */ matchedFiles),
/* harmony export */   selectedFiles: () => (/* binding */ selectedFiles)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(532);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2392);
/* harmony import */ var _select_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9345);
/**
 * The workspace files a list of patterns selects (`rewrite`, `pages`): listed without following links, and each
 * pattern checked to match a file before anything is sent.
 */





const readFolder = (path) => (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readdir)(path, { withFileTypes: true });
/**
 * The workspace files that `patterns` select ('/'-separated, sorted by code unit): regular files only, symbolic
 * links neither followed nor listed. Only the folders on the way to the patterns' base folders, and those folders
 * themselves, are read, one at a time from a stack: a workspace of a million files costs only what the patterns
 * point into, and no depth or count of files overflows the call stack.
 */
async function matchedFiles(workspace, patterns, read = readFolder) {
    const bases = patterns.filter((pattern) => !pattern.startsWith('!')).map(baseFolder);
    // node_modules can hold more files than the site itself: walked only when a pattern asks for it.
    const skip = new Set(['.git']);
    if (!patterns.some((pattern) => !pattern.startsWith('!') && /node_modules/i.test(pattern))) {
        skip.add('node_modules');
    }
    const files = [];
    const folders = [''];
    for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
        for (const entry of await read(folder === '' ? workspace : (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(workspace, ...folder.split('/')))) {
            const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
            if (entry.isDirectory()) {
                if (!skip.has(entry.name) && bases.some((base) => onTheWay(path, base)))
                    folders.push(path);
            }
            else if (entry.isFile())
                files.push(path);
        }
    }
    return (0,_select_js__WEBPACK_IMPORTED_MODULE_2__/* .selectPaths */ .LO)(files, patterns).sort(byCodeUnit);
}
/**
 * The folder a pattern's matches all lie in, lower-cased since a pattern that selects ignores case ('' for the
 * workspace): its leading segments that hold nothing a pattern reads specially.
 */
function baseFolder(pattern) {
    const segments = pattern.split('/');
    const literal = [];
    for (const segment of segments.slice(0, -1)) {
        if (/[*?[\]{}()!+@\\]/.test(segment) || segment === '.' || segment === '..')
            break;
        literal.push(segment.toLowerCase());
    }
    // A '?' at the start of the next segment makes the '/' before it optional: `dist/?x/…` matches `distx/…`.
    if (segments[literal.length]?.startsWith('?') === true)
        literal.pop();
    return literal.join('/');
}
/** Whether a folder is the base, inside it, or one of the folders on the way to it. */
function onTheWay(folder, base) {
    if (base === '')
        return true;
    const path = folder.toLowerCase();
    return path === base || path.startsWith(`${base}/`) || base.startsWith(`${path}/`);
}
const byCodeUnit = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
/**
 * The workspace files `patterns` select; throws an InputError naming `input` and the first pattern that matches no
 * file (most likely a wrong folder, or a build that runs after this step), or that the '!' patterns leave none.
 */
async function selectedFiles(input, workspace, patterns) {
    const includes = patterns.filter((pattern) => !pattern.startsWith('!'));
    // One walk of the workspace for every pattern: each is then matched against what any of them matches.
    const candidates = await matchedFiles(workspace, includes).catch((error) => {
        const code = error.code ?? String(error);
        return (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_3__/* .throwInput */ .j)(`${input}: the workspace ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(workspace)} cannot be listed (${code}); check GITHUB_WORKSPACE.`);
    });
    for (const pattern of includes) {
        if ((0,_select_js__WEBPACK_IMPORTED_MODULE_2__/* .selectPaths */ .LO)(candidates, [pattern]).length === 0) {
            (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_3__/* .throwInput */ .j)(`${input}: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(pattern)} matches no file in the workspace (${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(workspace)}); check the pattern ` +
                "(relative to the workspace, '/' between folders) and that the build writing these files runs before " +
                'this step.');
        }
    }
    const selected = (0,_select_js__WEBPACK_IMPORTED_MODULE_2__/* .selectPaths */ .LO)(candidates, patterns);
    if (selected.length === 0) {
        (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_3__/* .throwInput */ .j)(`${input}: every file its patterns match is left out by a '!' pattern (${patterns.map(_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD).join(', ')}).`);
    }
    return selected.sort(byCodeUnit);
}


/***/ })

};
