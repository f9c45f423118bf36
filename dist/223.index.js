export const id = 223;
export const ids = [223,334];
export const modules = {

/***/ 1430:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ kindOf),
/* harmony export */   Of: () => (/* binding */ readRegularBytes),
/* harmony export */   XF: () => (/* binding */ readRegularFile),
/* harmony export */   ie: () => (/* binding */ UnreadableFile),
/* harmony export */   w6: () => (/* binding */ readRegularBytesAsync)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/**
 * Reading a file that a workflow names (a list file, a key file) when the file itself may come from a pull request:
 * a committed symbolic link can point anywhere on the runner (a file of credentials, /dev/zero), and a FIFO or a
 * device never ends. Only a regular file is read, never more than a cap, and opening never waits.
 */



/** A file refused for what it is; `what` completes a sentence about its path, and never holds its content. */
class UnreadableFile extends Error {
    name = 'UnreadableFile';
    what;
    constructor(what) {
        super(what);
        this.what = what;
    }
}
// Non-blocking, so that opening a FIFO returns at once (Windows has no such flag, nor FIFOs to fear); never a
// controlling terminal; never the last link of a path already resolved, so that one swapped in meanwhile fails.
const unix = node_fs__WEBPACK_IMPORTED_MODULE_0__.constants;
const OPEN_FLAGS = node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | (unix.O_NONBLOCK ?? 0) | (unix.O_NOCTTY ?? 0) | (unix.O_NOFOLLOW ?? 0);
/**
 * The text (UTF-8) of the regular file at `path` (relative to the current folder), once its links are resolved.
 * Throws UnreadableFile for anything else, or the system's error (ENOENT, EACCES) when it cannot be opened.
 */
function readRegularFile(path, rule) {
    return readRegularBytes(path, rule).toString('utf8');
}
/** The bytes of the regular file at `path`, by the same rule. */
function readRegularBytes(path, rule) {
    const real = realPathWithin(path, rule.inside);
    const fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.openSync)(real, OPEN_FLAGS);
    try {
        const stats = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.fstatSync)(fd);
        if (!stats.isFile())
            throw new UnreadableFile(`is ${kindOf(stats)}, not a regular file`);
        if (stats.size > rule.maxBytes)
            throw new UnreadableFile(tooLarge(rule.maxBytes));
        return readAtMost(fd, stats.size, rule);
    }
    finally {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(fd);
    }
}
/** The same, without blocking the event loop while it reads (many files, each up to the cap). */
async function readRegularBytesAsync(path, rule) {
    const handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(realPathWithin(path, rule.inside), OPEN_FLAGS);
    try {
        const stats = await handle.stat();
        if (!stats.isFile())
            throw new UnreadableFile(`is ${kindOf(stats)}, not a regular file`);
        if (stats.size > rule.maxBytes)
            throw new UnreadableFile(tooLarge(rule.maxBytes));
        const buffer = Buffer.allocUnsafe(stats.size + 1);
        let total = 0;
        for (let read = -1; read !== 0 && total < buffer.length; total += read)
            ({ bytesRead: read } = await handle.read(buffer, total, buffer.length - total, null));
        // One byte more than fstat said: the file grew while read, so it is read again the sure way.
        if (total > stats.size)
            return readRegularBytes(path, rule);
        rule.watch?.(buffer.subarray(0, total));
        return buffer.subarray(0, total);
    }
    finally {
        await handle.close();
    }
}
function realPathWithin(path, inside) {
    if (inside === undefined)
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(path);
    const given = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(inside.folder, path);
    // A folder may be named through a link of its own (/tmp on macOS): a path under either name is in it.
    const folders = [inside.folder, ...(inside.also ?? [])].flatMap((folder) => [
        (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(folder),
        realFolder(folder),
    ]);
    if (!folders.some((folder) => isWithin(folder, given)))
        throw new UnreadableFile(`is outside the ${inside.name}`);
    const real = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(given);
    if (!folders.some((folder) => isWithin(folder, real)))
        throw new UnreadableFile(`is a symbolic link that leads outside the ${inside.name}`);
    return real;
}
function realFolder(folder) {
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(folder);
    }
    catch {
        return (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(folder);
    }
}
function isWithin(folder, path) {
    const rest = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.relative)(folder, path);
    return rest !== '..' && !rest.startsWith(`..${node_path__WEBPACK_IMPORTED_MODULE_2__.sep}`) && !(0,node_path__WEBPACK_IMPORTED_MODULE_2__.isAbsolute)(rest);
}
/** What a file that is not a regular one is instead, as a user would name it. */
function kindOf(stats) {
    if (stats.isSymbolicLink())
        return 'a symbolic link';
    if (stats.isDirectory())
        return 'a folder';
    if (stats.isFIFO())
        return 'a FIFO (a named pipe)';
    if (stats.isCharacterDevice() || stats.isBlockDevice())
        return 'a device';
    if (stats.isSocket())
        return 'a socket';
    return 'something else';
}
function tooLarge(maxBytes) {
    return `is larger than the ${sizeOf(maxBytes)} it may hold`;
}
function sizeOf(bytes) {
    return bytes >= 2 ** 20 ? `${bytes / 2 ** 20} MiB` : `${bytes / 2 ** 10} KiB`;
}
/** At most `maxBytes`: a file that grows past it while read is refused, never read on. */
function readAtMost(fd, size, rule) {
    const { maxBytes, watch } = rule;
    // Watched, a file is read a piece at a time, so that a check stops the read early.
    const most = watch === undefined ? Infinity : WATCHED_PIECE;
    const chunks = [];
    let total = 0;
    for (;;) {
        const room = maxBytes + 1 - total;
        const chunk = Buffer.allocUnsafe(Math.min(room, most, Math.max(size + 1 - total, 64 * 1024)));
        const read = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readSync)(fd, chunk, 0, chunk.length, null);
        if (read === 0)
            break;
        chunks.push(chunk.subarray(0, read));
        total += read;
        if (total > maxBytes)
            throw new UnreadableFile(tooLarge(maxBytes));
        watch?.(chunk.subarray(0, read));
    }
    return Buffer.concat(chunks, total);
}
const WATCHED_PIECE = 1024 * 1024;


/***/ }),

/***/ 2627:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $v: () => (/* binding */ readInPlace),
/* harmony export */   AS: () => (/* binding */ oversize),
/* harmony export */   Fj: () => (/* binding */ checkStillRead),
/* harmony export */   ac: () => (/* binding */ unstage),
/* harmony export */   dw: () => (/* binding */ stage),
/* harmony export */   fV: () => (/* binding */ besideFile),
/* harmony export */   id: () => (/* binding */ realWorkspace)
/* harmony export */ });
/* harmony import */ var _staging_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3941);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var _mechanics_regular_file_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1430);
/* harmony import */ var _result_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4183);
/**
 * Reading a built file and writing it back, so that rewrite writes only what it read. Between the listing of the
 * build folder and the rename of a new content over a file, another process of the job may replace the file, or a
 * folder on its path, by a symbolic link (the new content would then land outside the build, carrying the token)
 * or by a FIFO (a read would wait forever). So each file is opened without following a link and without waiting,
 * must be the regular file at its own path in the workspace, and is renamed over only while it is still that file,
 * unchanged since it was read. The staging file is removed on every way out.
 */







/** The workspace as rewrite addresses its files: its real path, links on the way to it resolved once. */
function realWorkspace(workspace) {
    return (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.realpath)(workspace);
}
/**
 * Reads the regular file at `path` in the workspace (its real path), opened without following a link or waiting on
 * a FIFO; throws, saying what it found, for anything else.
 */
async function readInPlace(workspace, path) {
    const file = (0,node_path__WEBPACK_IMPORTED_MODULE_4__.join)(workspace, ...path.split('/'));
    const handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.open)(file, node_fs__WEBPACK_IMPORTED_MODULE_2__.constants.O_RDONLY | node_fs__WEBPACK_IMPORTED_MODULE_2__.constants.O_NOFOLLOW | node_fs__WEBPACK_IMPORTED_MODULE_2__.constants.O_NONBLOCK).catch((error) => {
        if (error.code === 'ELOOP')
            throw new Error(NOT_FOLLOWED);
        throw error;
    });
    try {
        const read = await handle.stat();
        if (!read.isFile())
            throw new Error(`is now ${(0,_mechanics_regular_file_js__WEBPACK_IMPORTED_MODULE_5__/* .kindOf */ .I)(read)}, not the regular file rewrite listed`);
        await checkPlace(file, read);
        const over = oversize(read.size);
        if (over !== undefined)
            throw new Error(over);
        const content = Buffer.alloc(read.size);
        const { bytesRead } = await handle.read(content, 0, read.size, 0);
        if (bytesRead !== read.size)
            throw new Error(CHANGED);
        return { path, file, content, read };
    }
    finally {
        await handle.close();
    }
}
/** Why rewrite refuses a file of this size, or undefined: it reads a file whole, and at most MAX_REWRITE_BYTES. */
function oversize(size) {
    if (size <= _result_js__WEBPACK_IMPORTED_MODULE_6__/* .MAX_REWRITE_BYTES */ .Y_)
        return undefined;
    return (`${(size / 2 ** 20).toFixed(1)} MiB, over the ${_result_js__WEBPACK_IMPORTED_MODULE_6__/* .MAX_REWRITE_BYTES */ .Y_ / 2 ** 20} MiB that rewrite reads; ` +
        'leave it out of rewrite with a ! pattern');
}
/**
 * Writes the new content beside the file, created afresh (never through an existing name), with the file's mode;
 * on any failure (a full disk) the staging file is removed before the error is thrown.
 */
async function stage(original, content) {
    const temporary = besideFile(original.file, 'tmp');
    _staging_js__WEBPACK_IMPORTED_MODULE_0__/* .staging */ .mr.add(temporary);
    try {
        await checkFolder(original, temporary);
        const handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.open)(temporary, node_fs__WEBPACK_IMPORTED_MODULE_2__.constants.O_WRONLY | node_fs__WEBPACK_IMPORTED_MODULE_2__.constants.O_CREAT | node_fs__WEBPACK_IMPORTED_MODULE_2__.constants.O_EXCL | node_fs__WEBPACK_IMPORTED_MODULE_2__.constants.O_NOFOLLOW, 0o600);
        try {
            await checkFolder(original, temporary);
            await handle.writeFile(content);
            await handle.chmod(original.read.mode & 0o7777);
        }
        finally {
            await handle.close();
        }
    }
    catch (error) {
        await unstage(temporary);
        throw error;
    }
    return { original: { path: original.path, file: original.file, read: original.read }, temporary };
}
/**
 * O_NOFOLLOW guards the last name alone: a folder on the way swapped for a link since the read would take the new
 * content outside the build. Checked before the staging file is made, and again before anything is written to it.
 */
async function checkFolder(original, temporary) {
    if ((await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.realpath)((0,node_path__WEBPACK_IMPORTED_MODULE_4__.dirname)(temporary))) !== (0,node_path__WEBPACK_IMPORTED_MODULE_4__.dirname)(original.file))
        throw new Error('its folder was replaced since rewrite read it; nothing is written through it');
}
async function unstage(temporary) {
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.unlink)(temporary).catch(() => undefined);
    _staging_js__WEBPACK_IMPORTED_MODULE_0__/* .staging */ .mr.delete(temporary);
}
/** Throws, naming the file, unless the file at its path is still the one read, unchanged and reached without a link. */
async function checkStillRead(original) {
    const now = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.lstat)(original.file).catch(() => undefined);
    if (now === undefined)
        throw new Error(`${original.path}: was removed after rewrite read it`);
    if (!now.isFile())
        throw new Error(`${original.path}: is now ${(0,_mechanics_regular_file_js__WEBPACK_IMPORTED_MODULE_5__/* .kindOf */ .I)(now)}, not the regular file rewrite read`);
    if (now.dev !== original.read.dev || now.ino !== original.read.ino)
        throw new Error(`${original.path}: was replaced by another file after rewrite read it`);
    if (now.size !== original.read.size || now.mtimeMs !== original.read.mtimeMs)
        throw new Error(`${original.path}: ${CHANGED}`);
    await checkPlace(original.file, now).catch((error) => {
        throw new Error(`${original.path}: ${error.message}`);
    });
}
function besideFile(file, kind) {
    return (0,node_path__WEBPACK_IMPORTED_MODULE_4__.join)((0,node_path__WEBPACK_IMPORTED_MODULE_4__.dirname)(file), `.${(0,node_path__WEBPACK_IMPORTED_MODULE_4__.basename)(file)}.${(0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.randomBytes)(6).toString('hex')}.${kind}`);
}
const NOT_FOLLOWED = 'is now a symbolic link, which rewrite does not follow';
const CHANGED = 'changed while rewrite read it (another step writes the build folder at the same time)';
/** The file at `file` is this one and is reached through no symbolic link: a folder on its path may be one now. */
async function checkPlace(file, expected) {
    const real = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.realpath)(file);
    const there = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_3__.lstat)(real);
    if (real !== file || there.dev !== expected.dev || there.ino !== expected.ino)
        throw new Error('is now reached through a symbolic link (a folder on its path), which rewrite does not follow');
}


/***/ }),

/***/ 223:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   checkRewrite: () => (/* binding */ checkRewrite)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(532);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2392);
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5462);
/* harmony import */ var _settings_workspace_files_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8334);
/* harmony import */ var _in_place_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2627);
/* harmony import */ var _mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(1411);
/**
 * `rewrite` checked before anything is sent: a pattern that matches no file, or an `image-host` that none of the
 * selected files mentions, is a rewrite that would change nothing, found today only after the invalidation and the
 * token calls, in a green run whose deploy then ships the old URLs.
 *
 * Both are errors, not warnings: either is a typo or a build that did not run (the step placed before it), which a
 * warning in a green run would leave to be found in production; and refusing costs nothing, since nothing has been
 * sent yet, so the corrected run invalidates as this one would have. So is a selected file that rewrite would
 * refuse (over 64 MiB, or no longer a regular file), which would otherwise fail the rewrite after the calls.
 */








/** Throws an InputError naming the first pattern that matches no file, or an image-host that no file mentions. */
async function checkRewrite(workspace, patterns, imageHost) {
    const selected = await (0,_settings_workspace_files_js__WEBPACK_IMPORTED_MODULE_2__.selectedFiles)('rewrite', workspace, patterns);
    const real = await (0,_in_place_js__WEBPACK_IMPORTED_MODULE_3__/* .realWorkspace */ .id)(workspace);
    let mentioned = false;
    // Every file rewrite would refuse is refused now, while nothing is sent; once one file names the host, the rest
    // are only looked at, not read.
    for (const path of selected) {
        if (mentioned)
            await checkSize(real, path);
        else
            mentioned = await mentions(real, path, imageHost);
    }
    if (mentioned)
        return;
    (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_4__/* .throwInput */ .j)(`image-host: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_5__/* .quote */ .hD)(imageHost)} appears in none of the ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_6__/* .plural */ .LS)(selected.length, 'file')} that rewrite ` +
        `selects (such as ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_5__/* .quote */ .hD)(selected[0] ?? '')}), so no image URL would get a fresh cache buster; give the host ` +
        'of the image URLs these pages show (https://<image-host>/…/<origin image URL>).');
}
/** Whether a file holds the host, in any case; a file rewrite would refuse is refused, naming why. */
async function mentions(workspace, path, host) {
    const read = await (0,_in_place_js__WEBPACK_IMPORTED_MODULE_3__/* .readInPlace */ .$v)(workspace, path).catch((error) => refuse(path, error));
    return read.content.toString('latin1').toLowerCase().includes(host);
}
/** Refuses a file over what rewrite reads, or one that is no longer a regular file; read without following a link. */
async function checkSize(workspace, path) {
    const stats = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.lstat)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(workspace, ...path.split('/'))).catch((error) => refuse(path, error));
    if (!stats.isFile())
        refuse(path, new Error('is no longer a regular file'));
    const over = (0,_in_place_js__WEBPACK_IMPORTED_MODULE_3__/* .oversize */ .AS)(stats.size);
    if (over !== undefined)
        refuse(path, new Error(over));
}
function refuse(path, error) {
    const why = (0,_mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_7__/* .errorMessage */ .g)(error);
    return (0,_mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_4__/* .throwInput */ .j)(`rewrite: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_5__/* .quote */ .hD)(path)}: ${why}; nothing was sent.`);
}


/***/ }),

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
