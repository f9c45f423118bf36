export const id = 333;
export const ids = [333,334];
export const modules = {

/***/ 3712:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   To: () => (/* binding */ imageUrlPattern),
/* harmony export */   d2: () => (/* binding */ originUrlAt),
/* harmony export */   dw: () => (/* binding */ pageImageUrls)
/* harmony export */ });
/* harmony import */ var _urls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3012);

/**
 * Each image URL on `imageHost` in `text`, as its origin image URL and its processing segments (`w:640`, `cb:…`),
 * in the order the text names them.
 */
function pageImageUrls(text, imageHost) {
    const urls = [];
    for (const match of text.matchAll(imageUrlPattern((0,_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .imageHostOf */ .xS)(imageHost)))) {
        const { start = '', sep = '/', segments = '' } = match.groups ?? {};
        const originUrl = originUrlAt(text, match.index + start.length + segments.length, sep);
        urls.push({ originUrl, segments: segments === '' ? [] : segments.slice(0, -sep.length).split(sep) });
    }
    return urls;
}
/**
 * The origin image URL that starts at `from`, as far as a URL can go in HTML, srcset, CSS, JSON or JS (a quote,
 * whitespace, a parenthesis or an angle bracket ends it), with JSON's `\/` read as `/`.
 */
function originUrlAt(text, from, sep) {
    const url = /^[^\s"'\x60<>()]*/.exec(text.slice(from, from + 4096))?.[0] ?? '';
    const plain = sep === '/' ? url : url.replaceAll('\\/', '/');
    // A srcset candidate without a descriptor ends at its comma; an escaped quote at its backslash.
    return plain.replace(/(?<![,\\])[,\\]+$/, '');
}
/**
 * `start`: the scheme (or a protocol-relative `//`), the host and the first separator; `segments`: the
 * `name:value` processing segments after it, each with its separator. `sep` is `/`, or `\/` in JSON and JS
 * strings that escape slashes, and must be the same throughout one URL.
 */
function imageUrlPattern(imageHost) {
    const host = imageHost.replace(/[.[\]]/g, '\\$&');
    // A host given without a port is the same host when a URL spells out a port.
    const port = /:\d+$/.test(imageHost) ? '' : String.raw `(?::\d+)?`;
    // A `//` right after a letter, `:`, `/`, `.`… is a path or another scheme's URL, not a protocol-relative one.
    const scheme = String.raw `(?:https?:|(?<![\w:/\\.+@%~-]))`;
    // `https:` is where the origin URL starts, not a segment; a value stops at anything that ends a URL.
    const segment = String.raw `(?!https?:)[\w-]+:[^/\\\s"'\x60<>]*\k<sep>`;
    return new RegExp(String.raw `(?<start>${scheme}(?<sep>/|\\/)\k<sep>${host}${port}\k<sep>)(?<segments>(?:${segment})*)`, 'gi');
}


/***/ }),

/***/ 6887:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ InFlightLimit),
/* harmony export */   a: () => (/* binding */ eachInFlight)
/* harmony export */ });
/**
 * The one limit on requests in flight, for every stage that makes many (the origin check, the warm-up, rewrite's
 * reads): at most `size` tasks run at once, the others wait their turn in the order they asked. A leaf: it knows
 * nothing of what the tasks are. The scheduler keeps its own count: its limit moves with every answer (the pace's
 * window), a pause holds every call, and retries and halves go before calls added earlier.
 */
class InFlightLimit {
    free;
    queue = [];
    constructor(size) {
        if (!Number.isSafeInteger(size) || size < 1)
            throw new RangeError(`in-flight limit ${size}: not 1 or more`);
        this.free = size;
    }
    /** Resolves once a place is free, with the function that gives it back (once). */
    async acquire() {
        if (this.free > 0)
            this.free--;
        else
            await new Promise((resolve) => this.queue.push(resolve));
        let held = true;
        return () => {
            if (!held)
                return;
            held = false;
            const next = this.queue.shift();
            if (next === undefined)
                this.free++;
            else
                next();
        };
    }
    /** Runs `task` once a place is free; the place is given back however it ends. */
    async run(task) {
        const release = await this.acquire();
        try {
            return await task();
        }
        finally {
            release();
        }
    }
}
/**
 * `task` for each item in order, at most `size` at once. No item starts once `stop` says so (a cancel, a deadline, a
 * dead host) or a task has thrown; resolves once every started task has ended, and throws the first error thrown.
 * Items are taken one place at a time: a million of them never become a million waiting promises.
 */
async function eachInFlight(items, size, task, stop = () => false) {
    const limit = new InFlightLimit(size);
    const running = new Set();
    const errors = [];
    for (const item of items) {
        const release = await limit.acquire();
        if (stop() || errors.length > 0) {
            release();
            break;
        }
        const ending = task(item)
            .catch((error) => {
            errors.push(error);
        })
            .finally(() => {
            release();
            running.delete(ending);
        });
        running.add(ending);
    }
    await Promise.all(running);
    if (errors.length > 0)
        throw errors[0];
}


/***/ }),

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

/***/ 5604:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  rewrite: () => (/* binding */ rewrite)
});

// EXTERNAL MODULE: ./src/domain/refs.ts
var refs = __webpack_require__(92);
// EXTERNAL MODULE: ./src/mechanics/regular-file.ts
var regular_file = __webpack_require__(1430);
// EXTERNAL MODULE: ./src/domain/urls.ts
var domain_urls = __webpack_require__(3012);
// EXTERNAL MODULE: ./src/mechanics/in-flight.ts
var in_flight = __webpack_require__(6887);
// EXTERNAL MODULE: ./src/rewrite/result.ts
var result = __webpack_require__(4183);
;// CONCATENATED MODULE: ./src/rewrite/content.ts




// Images read at once: enough to keep the disk busy, few enough to bound memory.
const READS_AT_ONCE = 16;
/**
 * The content cache buster of each invalidated image that url-map made from a file still in the workspace. An image
 * given as a URL or a hash, or deleted, gets none: its URLs stay as they are.
 */
async function contentBusters(refs, fileOf, workspace) {
    const values = new Map();
    const notRewritten = [];
    await (0,in_flight/* eachInFlight */.a)(refs, READS_AT_ONCE, async (ref) => {
        const path = fileOf?.get(ref);
        if (path === undefined) {
            notRewritten.push({ ref, reason: 'not mapped from a changed file (given in assets or files)' });
            return;
        }
        try {
            values.set(ref, (0,domain_urls/* contentCacheBuster */.FI)(await imageFile(workspace, path)));
        }
        catch (error) {
            if (error instanceof regular_file/* UnreadableFile */.ie) {
                notRewritten.push({ ref, reason: `${path} ${error.what}` });
                return;
            }
            const code = error.code;
            notRewritten.push({
                ref,
                reason: code === 'ENOENT'
                    ? `${path} is not in the workspace (deleted)`
                    : `${path}: ${code ?? String(error)}`,
            });
        }
    });
    return { values, notRewritten };
}
/**
 * A changed image's bytes: a regular file inside the workspace only, as a pull request may commit the image as a link
 * to anything on the runner (a file of credentials, whose hash would become a cache buster; /dev/zero).
 */
function imageFile(workspace, path) {
    return (0,regular_file/* readRegularBytesAsync */.w6)(path, {
        maxBytes: result/* MAX_REWRITE_BYTES */.Y_,
        inside: { folder: workspace, name: 'workspace' },
    });
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./src/settings/workspace-files.ts
var workspace_files = __webpack_require__(8334);
// EXTERNAL MODULE: ./src/domain/page-urls.ts
var page_urls = __webpack_require__(3712);
;// CONCATENATED MODULE: ./src/rewrite/cache-buster.ts
/**
 * Sets the `cb:` cache buster of image URLs on the account's image host: of every one to a new token, so that pages
 * built before the token existed ask for fresh copies; or, per origin image, to a value of its own (its content's),
 * so that only the images that changed get new URLs. Only the `//host/segments/` prefix of a URL is touched: the
 * origin URL after it and the syntax around it (HTML, srcset, CSS, JSON, JS) stay as they are.
 */


function rewriteCacheBusters(text, imageHost, busters, onRewrite) {
    if (typeof busters === 'string')
        checkCacheBuster(busters);
    const host = (0,domain_urls/* imageHostOf */.xS)(imageHost); // throws for anything but a host name with an optional port
    let rewritten = '';
    let copied = 0;
    let urls = 0;
    for (const match of text.matchAll((0,page_urls/* imageUrlPattern */.To)(host))) {
        const { start = '', sep = '/', segments = '' } = match.groups ?? {};
        const at = match.index + start.length;
        const originUrl = (0,page_urls/* originUrlAt */.d2)(text, at + segments.length, sep);
        const value = typeof busters === 'string' ? busters : busters(originUrl);
        if (value === undefined)
            continue;
        const busted = bustSegments(segments, sep, checkCacheBuster(value));
        if (busted === segments)
            continue;
        onRewrite?.({ originUrl, segments: busted.slice(0, -sep.length).split(sep) });
        rewritten += text.slice(copied, at) + busted;
        copied = at + segments.length;
        urls += 1;
    }
    return { text: rewritten + text.slice(copied), urls };
}
function checkCacheBuster(value) {
    if (!(0,domain_urls/* isCacheBuster */.Ub)(value)) {
        throw new Error(`The cache buster ${JSON.stringify(value)} cannot be written as a URL path segment.`);
    }
    return value;
}
/** Sets every `cb:` segment to the token, or adds one in first position where there is none. */
function bustSegments(segments, sep, token) {
    const list = segments === '' ? [] : segments.slice(0, -sep.length).split(sep);
    const isBuster = (segment) => segment.startsWith('cb:');
    const busted = list.some(isBuster)
        ? list.map((segment) => (isBuster(segment) ? `cb:${token}` : segment))
        : [`cb:${token}`, ...list];
    return busted.map((segment) => segment + sep).join('');
}

// EXTERNAL MODULE: ./src/rewrite/in-place.ts
var in_place = __webpack_require__(2627);
// EXTERNAL MODULE: ./src/mechanics/error-message.ts
var error_message = __webpack_require__(1411);
// EXTERNAL MODULE: ./src/rewrite/staging.ts
var staging = __webpack_require__(3941);
;// CONCATENATED MODULE: ./src/rewrite/files.ts







/**
 * Sets the cache buster of the image URLs in the workspace files that `patterns` select, all or nothing: every
 * selected file is read and rewritten, and its new content staged beside it, before any file is replaced; if one
 * fails, none is replaced. A file with nothing to change is not written at all, so its timestamps stay as the build
 * left them. Only what was read is written (in-place.ts): a file replaced meanwhile by a link, a FIFO or another
 * file is an error, and the build folder is left as it was.
 */
async function rewriteFiles(options) {
    // A bad token or host is refused even when the patterns select nothing.
    rewriteCacheBusters('', options.imageHost, options.cacheBusters);
    const paths = await (0,workspace_files/* matchedFiles */.i)(options.workspace, options.patterns);
    const workspace = await (0,in_place/* realWorkspace */.id)(options.workspace);
    const files = [];
    const staged = [];
    let current = '';
    try {
        for (const path of paths) {
            options.signal?.throwIfAborted();
            current = path;
            const original = await (0,in_place/* readInPlace */.$v)(workspace, path);
            // latin1 maps each byte to one character and back, so every byte outside the ASCII URL prefixes survives,
            // whatever the file's encoding.
            const before = original.content.toString('latin1');
            const given = recording(options.cacheBusters);
            const { text, urls } = rewriteCacheBusters(before, options.imageHost, given.busters, options.onRewrite);
            if (urls === 0)
                continue;
            if (!options.dryRun)
                staged.push(await (0,in_place/* stage */.dw)(original, Buffer.from(text, 'latin1')));
            files.push({ path, urls, cacheBusters: given.values });
        }
        current = '';
        options.signal?.throwIfAborted();
        await replaceAll(staged);
    }
    catch (error) {
        await Promise.all(staged.map((entry) => (0,in_place/* unstage */.ac)(entry.temporary)));
        const reason = options.signal?.aborted === true ? 'the run was cancelled' : (0,error_message/* errorMessage */.g)(error);
        throw new Error(`${current === '' ? 'replacing the rewritten files' : current}: ${reason}; no file was changed.`, { cause: error });
    }
    return { scanned: paths.length, files, urls: files.reduce((sum, file) => sum + file.urls, 0) };
}
/** Per-image cache busters that note the value each origin URL of a file got. */
function recording(busters) {
    if (typeof busters === 'string')
        return { busters };
    const values = {};
    return {
        values,
        busters: (originUrl) => {
            const value = busters(originUrl);
            if (value !== undefined)
                values[originUrl] = value;
            return value;
        },
    };
}
/**
 * Each staged file renamed over its original: a reader (the deploy step, a server) sees the old file or the new one,
 * never a half-written one. The originals are kept (hard links) until every rename has succeeded, so that a rename
 * that fails part-way puts back the ones before it, and so can a process that must exit (discardStaging).
 */
async function replaceAll(staged) {
    const kept = [];
    try {
        for (const { original: read, temporary } of staged) {
            await (0,in_place/* checkStillRead */.Fj)(read);
            const entry = {
                file: read.file,
                original: (0,in_place/* besideFile */.fV)(read.file, 'orig'),
                read: read.read,
                committed: false,
                replaced: false,
            };
            staging/* keeping */.sn.add(entry);
            kept.push(entry);
            // At once, not on another thread: a process that must exit between two steps finds it made, or not begun.
            (0,external_node_fs_.linkSync)(read.file, entry.original);
            await (0,promises_.rename)(temporary, read.file);
            staging/* staging */.mr.delete(temporary);
            entry.replaced = true;
        }
        for (const entry of kept)
            entry.committed = true;
        await Promise.all(kept.map(({ original }) => (0,promises_.unlink)(original).catch(() => undefined)));
    }
    catch (error) {
        // A rename onto another link of the same file does nothing: an original not yet replaced is unlinked instead.
        for (const { file, original, replaced } of kept.reverse())
            await (replaced ? (0,promises_.rename)(original, file) : (0,promises_.unlink)(original)).catch(() => undefined);
        throw error;
    }
    finally {
        for (const entry of kept)
            staging/* keeping */.sn.delete(entry);
    }
}

// EXTERNAL MODULE: ./src/shown/format.ts
var format = __webpack_require__(5462);
// EXTERNAL MODULE: ./src/shown/shown.ts
var shown_shown = __webpack_require__(2392);
// EXTERNAL MODULE: ./src/mechanics/exhaustive.ts
var exhaustive = __webpack_require__(9067);
;// CONCATENATED MODULE: ./src/rewrite/rewrite.ts
/**
 * The rewrite's work, loaded by a run that asks for it (`rewrite`): a run without it never opens the built files'
 * reading and writing.
 */








// What a dry run writes in place of the token it did not request: it changes every URL, so all are counted.
const DRY_RUN_TOKEN = 'dry-run';
/**
 * Puts fresh cache busters into the image URLs of the built files, so that the deploy after this ships fresh URLs:
 * the new token in every URL, or each invalidated image's content value in its own URLs.
 */
async function rewrite(rewrite, before, context) {
    const landed = before.invalidate.outcome;
    const { log, signal } = context;
    const dryRun = rewrite.preview;
    if (landed.cancelled) {
        log.info('rewrite: skipped, since the run was cancelled.');
        return result/* SKIPPED */.$O;
    }
    if ((0,result/* writesTheToken */.di)(rewrite.with) && !dryRun && landed.token === undefined) {
        log.warning('rewrite: skipped, since no token was obtained.');
        return result/* SKIPPED */.$O;
    }
    log.startGroup('Rewrite');
    try {
        const workspace = await context.workspace();
        const { cacheBusters, notRewritten } = await cacheBustersOf(rewrite, landed, workspace);
        const urls = [];
        const result = await rewriteFiles({
            workspace,
            patterns: rewrite.patterns,
            imageHost: rewrite.imageHost,
            cacheBusters,
            dryRun,
            signal,
            ...(rewrite.keepUrls ? { onRewrite: (url) => void urls.push(url) } : {}),
        });
        const told = notRewritten === undefined ? result : { ...result, notRewritten };
        logRewrite(log, told, rewrite, dryRun);
        return { state: 'rewritten', result: told, variants: urls, preview: dryRun };
    }
    catch (error) {
        // The invalidation and the token have landed: the report keeps them, and says what failed after.
        return {
            state: 'failed',
            error: `Rewriting the built files failed: ${(0,error_message/* errorMessage */.g)(error)}`,
            variants: undefined,
        };
    }
    finally {
        log.endGroup();
    }
}
/** What each URL gets: the token (a dry run's stand-in for it), or each invalidated image's content value. */
async function cacheBustersOf(rewrite, landed, workspace) {
    const cacheBuster = rewrite.with;
    switch (cacheBuster) {
        case 'token':
            return { cacheBusters: landed.token ?? DRY_RUN_TOKEN };
        case 'content': {
            const content = await contentBusters(landed.touched, rewrite.fileOf, workspace);
            return {
                // A page may write an origin URL in another form (`HTTPS://WWW.Example.com/…`): the same image all the same.
                cacheBusters: (origin) => content.values.get((0,refs/* canonicalRef */.SV)(origin)),
                notRewritten: content.notRewritten,
            };
        }
        default:
            return (0,exhaustive/* unhandled */.g)(cacheBuster);
    }
}
/** What the rewrite did, in the log: each file at debug, a pattern or host that found nothing, the images kept. */
function logRewrite(log, rewrite, how, dryRun) {
    for (const file of rewrite.files)
        log.debug(`${(0,shown_shown/* quote */.hD)(file.path)}: ${(0,format/* plural */.LS)(file.urls, 'URL')}`);
    // A pattern that selects nothing is most likely a wrong folder: the deploy would ship the old URLs.
    if (rewrite.scanned === 0)
        log.warning(`rewrite: no file matches ${how.patterns.map(shown_shown/* quote */.hD).join(', ')}.`);
    else if (rewrite.urls === 0 && (0,result/* writesTheToken */.di)(how.with))
        log.warning(`rewrite: no URL on ${how.imageHost} in the ${(0,format/* count */.U9)(rewrite.scanned)} files.`);
    log.info((0,result/* rewriteSentence */.k0)(rewrite, dryRun));
    const kept = rewrite.notRewritten ?? [];
    if (kept.length > 0) {
        const { shown, more } = (0,format/* firstOf */.Ku)(kept, 20);
        const list = shown.map((entry) => `${(0,shown_shown/* quote */.hD)(entry.ref)} (${entry.reason})`).join(', ');
        log.info(`${(0,format/* plural */.LS)(kept.length, 'invalidated image')} kept ${kept.length === 1 ? 'its' : 'their'} URLs: ` +
            `${list}${more === undefined ? '' : ` ${more}`}.`);
    }
}


/***/ }),

/***/ 179:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   tellRewrite: () => (/* binding */ tellRewrite)
/* harmony export */ });
/* harmony import */ var _mechanics_exhaustive_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9067);
/* harmony import */ var _plan_stage_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4445);
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5462);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2392);
/* harmony import */ var _result_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4183);
/** What the rewrite did, in every voice: a failure, its section of the summary, its line, its JSON. */





const MAX_NAMED_FILES = 20;
/** What a rewrite that ran did: the face tells nothing of one that was skipped. */
function tellRewrite(rewritten) {
    switch (rewritten.state) {
        case 'failed':
            // The invalidation and the token have landed: the report keeps them, and says what failed after.
            return { ..._plan_stage_js__WEBPACK_IMPORTED_MODULE_0__/* .SILENT */ .q, failures: [rewritten.error] };
        case 'rewritten': {
            const { result, preview } = rewritten;
            return {
                ..._plan_stage_js__WEBPACK_IMPORTED_MODULE_0__/* .SILENT */ .q,
                summary: () => rewriteSection(result, preview),
                json: () => ({ rewrite: result }),
                text: () => [(0,_result_js__WEBPACK_IMPORTED_MODULE_1__/* .rewriteSentence */ .k0)(result, preview, true)],
            };
        }
        default:
            return (0,_mechanics_exhaustive_js__WEBPACK_IMPORTED_MODULE_2__/* .unhandled */ .g)(rewritten);
    }
}
function rewriteSection(rewrite, dryRun) {
    const lines = ['### Rewritten files', '', (0,_result_js__WEBPACK_IMPORTED_MODULE_1__/* .rewriteSentence */ .k0)(rewrite, dryRun)];
    const perImage = rewrite.files.flatMap((file) => Object.entries(file.cacheBusters ?? {}).map(([url, value]) => ({ path: file.path, url, value })));
    if (perImage.length > 0) {
        const { shown, more } = (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_3__/* .firstOf */ .Ku)(perImage, MAX_NAMED_FILES * 5);
        lines.push('', '| File | Image | Cache buster |', '|---|---|---|');
        for (const row of shown)
            lines.push(`| ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .markdownText */ .p7)(row.path)} | ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .markdownRef */ .Pp)(row.url)} | cb:${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .markdownText */ .p7)(row.value)} |`);
        if (more !== undefined)
            lines.push(`| … ${more} | | |`);
    }
    else if (rewrite.files.length > 0) {
        const { shown, more } = (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_3__/* .firstOf */ .Ku)(rewrite.files, MAX_NAMED_FILES);
        lines.push('', '| File | URLs |', '|---|---|');
        for (const file of shown)
            lines.push(`| ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .markdownText */ .p7)(file.path)} | ${file.urls} |`);
        if (more !== undefined)
            lines.push(`| … ${more} | |`);
    }
    const kept = rewrite.notRewritten ?? [];
    if (kept.length > 0) {
        const { shown, more } = (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_3__/* .firstOf */ .Ku)(kept, MAX_NAMED_FILES);
        lines.push('', 'Invalidated, but their URLs kept their cache buster:', '');
        lines.push(...shown.map((entry) => `- ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .markdownRef */ .Pp)(entry.ref)}: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .markdownText */ .p7)(entry.reason)}`));
        if (more !== undefined)
            lines.push(`- … ${more}`);
    }
    return lines;
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
