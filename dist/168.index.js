export const id = 168;
export const ids = [168];
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

/***/ 168:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PROOF_BOUNDS: () => (/* binding */ PROOF_BOUNDS),
/* harmony export */   proveFresh: () => (/* binding */ proveFresh)
/* harmony export */ });
/* harmony import */ var _mechanics_git_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8531);
/* harmony import */ var _facts_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9553);
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5462);
/* harmony import */ var _domain_call_words_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7590);
/* harmony import */ var _mechanics_version_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7887);
/* harmony import */ var _domain_variants_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4420);
/* harmony import */ var _compare_versions_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(654);
/**
 * The proof's work, loaded by a run that asks for it (`verify: true`): a run without it never opens the proof, its
 * fetcher or the image comparison.
 */







/** What `verify: true` proves, within these bounds (docs/proof.md says them). */
const PROOF_BOUNDS = {
    concurrency: 8,
    maxImages: 500,
    maxBytes: 32 * 1024 * 1024,
    timeoutMs: 120_000,
    retryWaitMs: 3_000,
};
/** Variant URLs asked at most: past it, an image is asked at its first variants only. */
const MAX_VARIANTS = 4_000;
/**
 * With `verify: true`, after the warm-up: each invalidated image that came from a file is asked for through the image
 * host as a browser asks, once per variant the pages use, and compared with its new and previous versions. An image
 * still stale is invalidated once more, through the run's own client, and asked again; stale then, the step fails.
 */
async function proveFresh(proof, before, context) {
    const { log, signal } = context;
    const landed = before.invalidate.outcome;
    const variants = before.pages.variants;
    if (variants === undefined || landed.cancelled)
        return undefined;
    const sent = proof.preview ? [...proof.images.keys()] : landed.invalidated;
    const { images, overLimit } = proofImages(proof, sent, variants, landed.token);
    const asked = images.reduce((sum, image) => sum + image.urls.length, 0);
    if (proof.preview) {
        log.info(`verify: would ask for ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(images.length, 'image')} (${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(asked, 'variant URL')}) through ${proof.imageHost} ` +
            'and compare each with its file.');
        return undefined;
    }
    if (overLimit > 0)
        log.warning(`verify: ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(overLimit, 'variant URL')} past the ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .count */ .U9)(MAX_VARIANTS)} a proof asks for ${overLimit === 1 ? 'is' : 'are'} not asked.`);
    if (images.length === 0) {
        log.info('verify: no invalidated image came from a file: nothing to compare.');
        return undefined;
    }
    log.startGroup('Verify');
    const [{ createDispatcher }, { deliveredFetcher }, { prove }, { invalidateAgain }] = await Promise.all([
        Promise.all(/* import() */[__webpack_require__.e(752), __webpack_require__.e(520)]).then(__webpack_require__.bind(__webpack_require__, 4520)),
        __webpack_require__.e(/* import() */ 526).then(__webpack_require__.bind(__webpack_require__, 6526)),
        __webpack_require__.e(/* import() */ 999).then(__webpack_require__.bind(__webpack_require__, 6999)),
        __webpack_require__.e(/* import() */ 946).then(__webpack_require__.bind(__webpack_require__, 946)),
    ]);
    const dispatcher = createDispatcher(PROOF_BOUNDS.concurrency, proof.requestTimeoutMs);
    const workspace = await context.workspace();
    try {
        log.info(`verify: asking for ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(images.length, 'image')} (${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(asked, 'variant URL')}) through ${proof.imageHost}.`);
        const result = await prove({
            images,
            versions: (0,_compare_versions_js__WEBPACK_IMPORTED_MODULE_3__/* .versionsFrom */ .s3)({
                workspace,
                git: (0,_mechanics_git_js__WEBPACK_IMPORTED_MODULE_0__/* .gitBytesIn */ .Z4)(workspace, signal),
                base: proof.base,
            }),
            fetch: deliveredFetcher({ dispatcher, timeoutMs: proof.requestTimeoutMs, userAgent: _mechanics_version_js__WEBPACK_IMPORTED_MODULE_5__/* .USER_AGENT */ ._ }),
            // Sent as the run's calls are, by the same client: the key goes to the service alone, never to the image host.
            invalidateAgain: (refs, withinMs) => {
                log.info(`verify: ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(refs.length, 'image')} still showed the previous version: invalidating once more.`);
                return invalidateAgain(refs, {
                    service: proof.service,
                    calls: proof.calls,
                    redact: context.redact,
                    clock: context.clock,
                    withinMs,
                    signal,
                    onRetry: (sent, error, waitMs, attempt) => {
                        // Its calls are numbered from 1 again: said apart from the run's own.
                        log.info(`verify, second invalidation: ${(0,_domain_call_words_js__WEBPACK_IMPORTED_MODULE_6__/* .retryWords */ .Gh)(sent, error, waitMs, attempt, proof.calls.maxRetries)}`);
                    },
                });
            },
            clock: context.clock,
            bounds: PROOF_BOUNDS,
            signal,
        });
        const report = redacted(result, context.redact);
        logProof(report, log);
        return report;
    }
    finally {
        log.endGroup();
        await dispatcher.destroy().catch(() => undefined);
    }
}
/** Each image sent that came from a file, with the variants the pages use (as the warm-up plans them). */
function proofImages(proof, sent, rewritten, token) {
    const fromFiles = sent.filter((ref) => proof.images.has(ref));
    const planned = (0,_domain_variants_js__WEBPACK_IMPORTED_MODULE_2__/* .planWarm */ .l)({
        imageHost: proof.imageHost,
        images: fromFiles,
        rewritten,
        cacheBuster: token,
        limit: MAX_VARIANTS,
    });
    const urls = new Map();
    for (const request of planned.requests)
        urls.set(request.image, [...(urls.get(request.image) ?? []), request.url]);
    const images = fromFiles.flatMap((ref) => {
        const path = proof.images.get(ref);
        const list = urls.get(ref);
        return path === undefined || list === undefined ? [] : [{ ref, path, urls: list }];
    });
    return { images, overLimit: planned.overLimit };
}
/** The log: the counts, and a notice for those that cannot be told (each failure is one of the run's failures). */
function logProof(report, log) {
    const { facts } = report;
    if (facts.cannotTell.length > 0)
        log.notice(`verify: ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(facts.cannotTell.length, 'variant')} could not be told new from old through the image host ` +
            `(e.g. ${facts.cannotTell[0]?.sentence ?? ''}); they are not counted as proven.`);
    const { confirmed, failed } = facts.again;
    if (confirmed.length + failed.length > 0)
        log.info(`verify: the service confirmed the second invalidation of ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(confirmed.length, 'image')}.`);
    // Each is a failure of the run too, once it is asked and found stale: the closing errors say it again.
    const { shown, more } = (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .named */ .KT)(failed, _shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .FAILURES_NAMED */ .u);
    for (const failure of shown)
        log.info(`verify: ${failure.sentence}.`);
    if (more > 0)
        log.info(`verify: … and ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .count */ .U9)(more)} more not invalidated once more: the JSON report lists each one.`);
    const byAccept = (0,_facts_js__WEBPACK_IMPORTED_MODULE_1__/* .acceptWords */ .Kj)(facts);
    if (byAccept !== undefined)
        log.info(`verify: ${byAccept}.`);
    log.info(`verify: ${(0,_facts_js__WEBPACK_IMPORTED_MODULE_1__/* .proofWords */ .GF)(facts)}.`);
}
/** Every text the image host sent, with the key withheld, before the report keeps it. */
function redacted(result, redact) {
    const variant = (proof) => {
        if (proof.state === 'not-checked')
            return { ...proof, url: redact(proof.url) };
        const seen = Object.fromEntries(Object.entries(proof.seen).map(([key, value]) => [
            key,
            typeof value === 'string' ? redact(value) : value,
        ]));
        return { ...proof, url: redact(proof.url), seen };
    };
    const images = result.images.map((image) => {
        const failed = image.invalidateAgainFailed;
        return {
            ...image,
            variants: image.variants.map(variant),
            invalidateAgainFailed: failed === undefined ? undefined : redact(failed),
        };
    });
    return { images, facts: (0,_facts_js__WEBPACK_IMPORTED_MODULE_1__/* .proofFacts */ .cv)({ images }) };
}


/***/ })

};
