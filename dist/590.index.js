export const id = 590;
export const ids = [590];
export const modules = {

/***/ 654:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   s3: () => (/* binding */ versionsFrom)
/* harmony export */ });
/* unused harmony exports MAX_IMAGE_BYTES, KEPT_PREVIOUS_BYTES */
/* harmony import */ var _mechanics_regular_file_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1430);

/** An image larger than this, or not a regular file, is not compared: it cannot be told. */
const MAX_IMAGE_BYTES = 32 * 1024 * 1024;
/**
 * Bytes of previous versions one reader keeps, the ones asked for last: the origin check asks a lagging origin about
 * an image again and again, and the proof once per variant, and each read from git is a process.
 */
const KEPT_PREVIOUS_BYTES = 64 * 1024 * 1024;
function versionsFrom(sources, keptBytes = KEPT_PREVIOUS_BYTES) {
    return {
        current: (path) => currentBytes(sources.workspace, path),
        previous: kept(keptBytes, (path) => previousBytes(sources, path)),
    };
}
/**
 * `read`, each path read once while its answer is kept: the answers asked for last, up to `limit` bytes in all. An
 * answer that is not final (a cancel) is not kept.
 */
function kept(limit, read) {
    const reads = new Map();
    const sizes = new Map();
    let total = 0;
    const forget = (path) => {
        reads.delete(path);
        total -= sizes.get(path) ?? 0;
        sizes.delete(path);
    };
    const settled = (path, reading, answer) => {
        if (reads.get(path) !== reading)
            return;
        if (!answer.final) {
            forget(path);
            return;
        }
        sizes.set(path, answer.bytes?.length ?? 0);
        total += answer.bytes?.length ?? 0;
        // The oldest first: a Map keeps its order of insertion, and an answer asked for again is moved to its end.
        for (const oldest of sizes.keys()) {
            if (total <= limit)
                break;
            forget(oldest);
        }
    };
    return async (path) => {
        let reading = reads.get(path);
        if (reading === undefined) {
            const started = read(path);
            reads.set(path, (reading = started));
            void started.then((answer) => {
                settled(path, started, answer);
            });
        }
        else {
            // Asked for again: the last to go.
            const size = sizes.get(path);
            if (size !== undefined) {
                sizes.delete(path);
                sizes.set(path, size);
            }
        }
        return (await reading).bytes;
    };
}
async function currentBytes(workspace, path) {
    try {
        // A regular file inside the workspace only: a committed link may point anywhere on the runner.
        return await (0,_mechanics_regular_file_js__WEBPACK_IMPORTED_MODULE_0__/* .readRegularBytesAsync */ .w6)(path, {
            maxBytes: MAX_IMAGE_BYTES,
            inside: { folder: workspace, name: 'workspace' },
        });
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return undefined;
        return 'unreadable';
    }
}
async function previousBytes(sources, path) {
    const { base } = sources;
    // A base that could read as an option is never handed to git.
    if (base === undefined || base.startsWith('-'))
        return { final: true };
    try {
        return {
            bytes: await sources.git(['cat-file', 'blob', `${base}:${path}`], MAX_IMAGE_BYTES),
            final: true,
        };
    }
    catch (error) {
        // git saying the path is not at the base (an added file) is an answer; a process stopped before it said is not.
        const stopped = error.cause;
        return { final: stopped?.killed !== true && stopped?.name !== 'AbortError' };
    }
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

/***/ 9590:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  startOriginCheck: () => (/* binding */ startOriginCheck)
});

// EXTERNAL MODULE: ./src/mechanics/git.ts
var mechanics_git = __webpack_require__(8531);
// EXTERNAL MODULE: ./src/mechanics/version.ts
var version = __webpack_require__(7887);
// EXTERNAL MODULE: ./src/origin/hold.ts
var origin_hold = __webpack_require__(6237);
// EXTERNAL MODULE: ./src/settings/select.ts + 2 modules
var settings_select = __webpack_require__(9345);
// EXTERNAL MODULE: ./src/settings/url-map.ts
var url_map = __webpack_require__(4411);
;// CONCATENATED MODULE: ./src/origin/witness.ts


/** Bytes of git's listing of one rule's folder read at most: past it, that rule has no witness. */
const MAX_LISTING_BYTES = 32 * 1024 * 1024;
/**
 * For each url-map rule that maps a held image, one image that the push did not change (the same in the base and the
 * head commit, selected by `paths`): the live site must serve it before the deploy and after, so a 404 for it proves
 * the rule wrong at once, where a changed image's 404 may be a deploy in progress. None without a base commit (files
 * given, not detected), and none for a rule whose folder git cannot list: the check then goes on without.
 */
async function witnessesOf(images, from, git) {
    const { base, urlMap } = from;
    if (base === undefined)
        return [];
    const held = new Set(images.values());
    const rules = new Set();
    for (const path of held) {
        const rule = (0,url_map/* ruleFor */.sG)(path, urlMap);
        if (rule !== undefined)
            rules.add(rule);
    }
    const witnesses = [];
    for (const rule of rules) {
        const folder = rule.pathPrefix === '' ? [] : ['--', rule.pathPrefix];
        try {
            const changed = new Set(names(await git(['diff', '--name-only', '-z', '--no-renames', base, 'HEAD', ...folder], MAX_LISTING_BYTES)));
            const listed = names(await git(['ls-tree', '-r', '-z', '--name-only', '--full-tree', 'HEAD', ...folder], MAX_LISTING_BYTES));
            const unchanged = listed.filter((path) => !changed.has(path) &&
                !held.has(path) &&
                (0,url_map/* ruleFor */.sG)(path, urlMap) === rule &&
                !isUnpublished(path.slice(rule.pathPrefix.length)));
            const path = (0,settings_select/* selectPaths */.LO)(unchanged, from.patterns)[0];
            const ref = path === undefined ? undefined : (0,url_map/* mapToUrl */.vf)(path, urlMap);
            if (path !== undefined && ref !== undefined)
                witnesses.push({ ref, path });
        }
        catch {
            // No witness: a 404 is then told at once and waited for, as before.
        }
    }
    return witnesses;
}
function names(listing) {
    return listing
        .toString('utf8')
        .split('\0')
        .filter((name) => name !== '');
}
/**
 * A path (below its rule's folder) that site builders leave out of what they publish: a folder or file whose name
 * starts with '.' or '_' (`.github/`, Jekyll's `_includes/`). The witness must be an image the live site serves.
 */
function isUnpublished(path) {
    return path.split('/').some((segment) => segment.startsWith('.') || segment.startsWith('_'));
}

// EXTERNAL MODULE: ./src/compare/versions.ts
var versions = __webpack_require__(654);
;// CONCATENATED MODULE: ./src/origin/start.ts





/**
 * The images mapped from files, held back until their origin serves the new version: loaded only then, with a
 * dispatcher of their own, which sends no credential to any origin.
 */
async function startOriginCheck(origin, context, events) {
    const [{ createDispatcher }, { ByteBudget, originFetcher }, { ORIGIN_CONCURRENCY }] = await Promise.all([
        Promise.all(/* import() */[__webpack_require__.e(752), __webpack_require__.e(520)]).then(__webpack_require__.bind(__webpack_require__, 4520)),
        __webpack_require__.e(/* import() */ 198).then(__webpack_require__.bind(__webpack_require__, 4198)),
        __webpack_require__.e(/* import() */ 303).then(__webpack_require__.bind(__webpack_require__, 3303)),
    ]);
    const dispatcher = createDispatcher(ORIGIN_CONCURRENCY, origin.requestTimeoutMs);
    const workspace = await context.workspace();
    const { signal } = context;
    const git = (0,mechanics_git/* gitBytesIn */.Z4)(workspace, signal);
    const hold = (0,origin_hold/* holdForOrigins */.SD)(origin.images, {
        fetch: originFetcher({
            dispatcher,
            timeoutMs: origin.requestTimeoutMs,
            userAgent: version/* USER_AGENT */._,
            budget: new ByteBudget(),
        }),
        versions: (0,versions/* versionsFrom */.s3)({
            workspace,
            git,
            base: origin.base,
        }),
        witnesses: await witnessesOf(origin.images, origin, git),
        clock: context.clock,
        timeoutMs: origin.waitMs,
        requestTimeoutMs: origin.requestTimeoutMs,
        signal,
        onCannotTell: events.onCannotTell,
        onMistake: events.onMistake,
        onStalled: events.onStalled,
        onCache: events.onCache,
        onProgress: events.onProgress,
        urlMap: origin.urlMap,
    });
    // Once the checks have ended, what the dispatcher still holds was given up on: closing would wait for it.
    return { ...hold, close: () => dispatcher.destroy() };
}


/***/ })

};
