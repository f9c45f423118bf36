export const id = 262;
export const ids = [262];
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

/***/ 1262:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   readPages: () => (/* binding */ readPages)
/* harmony export */ });
/* unused harmony export PAGE_BOUNDS */
/* harmony import */ var _domain_refs_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(92);
/* harmony import */ var _domain_page_urls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3712);
/* harmony import */ var _mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1411);
/* harmony import */ var _mechanics_regular_file_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1430);
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5462);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2392);
/**
 * The built pages read for the variants of the invalidated images: loaded by a run whose `pages` names some.
 */






/** What `pages` reads at most (the README's section on `pages` says them). */
const PAGE_BOUNDS = {
    /** Pages read, in path order; the rest are counted, not read. */
    maxPages: 10_000,
    /** A larger page is skipped, with a warning: a built page is rarely over a few MiB. */
    maxPageBytes: 16 * 2 ** 20,
    /** Bytes read in all: no page is started past it (so at most this and one page). */
    maxTotalBytes: 256 * 2 ** 20,
    /** Distinct variants of the invalidated images kept: more than the warm-up or the proof asks for. */
    maxVariants: 10_000,
    /** The whole read: the pages not read by then are counted. */
    timeoutMs: 60_000,
};
async function readPages(pages, landed, context) {
    const { signal, clock } = context;
    if (landed.cancelled)
        return undefined;
    const workspace = await context.workspace();
    const { paths } = pages;
    const wanted = new Set(landed.touched.map(_domain_refs_js__WEBPACK_IMPORTED_MODULE_2__/* .canonicalRef */ .SV));
    const deadline = clock.now() + PAGE_BOUNDS.timeoutMs;
    const kept = new Set();
    const urls = [];
    const skipped = [];
    let read = 0;
    let bytes = 0;
    let stopped;
    let index = 0;
    for (; index < paths.length; index++) {
        stopped = stopBefore(read, bytes, urls.length, clock.now() >= deadline, signal?.aborted === true);
        if (stopped !== undefined)
            break;
        const path = paths[index] ?? '';
        let text;
        try {
            const content = await (0,_mechanics_regular_file_js__WEBPACK_IMPORTED_MODULE_1__/* .readRegularBytesAsync */ .w6)(path, {
                maxBytes: PAGE_BOUNDS.maxPageBytes,
                inside: { folder: workspace, name: 'workspace' },
            });
            // latin1 maps each byte to one character: the URLs are ASCII whatever the page's encoding.
            text = content.toString('latin1');
            bytes += content.length;
            read++;
        }
        catch (error) {
            // Kept in the report: the key withheld from a name or an error, as from any outside text.
            const why = error instanceof _mechanics_regular_file_js__WEBPACK_IMPORTED_MODULE_1__/* .UnreadableFile */ .ie ? error.what : (0,_mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_3__/* .errorMessage */ .g)(error);
            skipped.push({ path: context.redact(path), why: context.redact(why) });
            continue;
        }
        for (const url of (0,_domain_page_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .pageImageUrls */ .dw)(text, pages.imageHost)) {
            const image = (0,_domain_refs_js__WEBPACK_IMPORTED_MODULE_2__/* .canonicalRef */ .SV)(url.originUrl);
            if (!wanted.has(image))
                continue;
            // The same variant on every page, or written in another order, is one variant (the cache buster aside).
            const shape = `${image} ${url.segments
                .filter((segment) => !segment.startsWith('cb:'))
                .toSorted()
                .join('/')}`;
            if (kept.has(shape) || kept.size >= PAGE_BOUNDS.maxVariants)
                continue;
            kept.add(shape);
            urls.push(url);
        }
    }
    const result = { read, bytes, urls, skipped, stopped, notRead: paths.length - index };
    logPages(result, context);
    return result;
}
function stopBefore(read, bytes, variants, late, cancelled) {
    if (cancelled)
        return 'cancelled';
    if (late)
        return 'time';
    if (read >= PAGE_BOUNDS.maxPages)
        return 'pages';
    if (bytes >= PAGE_BOUNDS.maxTotalBytes)
        return 'bytes';
    if (variants >= PAGE_BOUNDS.maxVariants)
        return 'variants';
    return undefined;
}
const STOP_WORDS = {
    pages: `past the ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .count */ .U9)(PAGE_BOUNDS.maxPages)} pages read at most`,
    bytes: `past the ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .count */ .U9)(PAGE_BOUNDS.maxTotalBytes / 2 ** 20)} MiB read at most`,
    variants: `past the ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .count */ .U9)(PAGE_BOUNDS.maxVariants)} variants kept at most`,
    time: `past the ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .count */ .U9)(PAGE_BOUNDS.timeoutMs / 1000)} seconds the read may take`,
};
function logPages(result, { log }) {
    log.info(`pages: read ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(result.read, 'page')} (${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .count */ .U9)(Math.ceil(result.bytes / 1024))} KiB): ` +
        `${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(result.urls.length, 'variant')} of the invalidated images.`);
    if (result.skipped.length > 0) {
        const { shown, more } = (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .firstOf */ .Ku)(result.skipped, 10);
        log.warning(`pages: ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(result.skipped.length, 'page')} not read: ` +
            shown.map((page) => `${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_5__/* .quote */ .hD)(page.path)} ${page.why}`).join('; ') +
            (more === undefined ? '' : `; ${more}`) +
            '. Their variants are not asked for.');
    }
    const { stopped } = result;
    if (stopped !== undefined && stopped !== 'cancelled')
        log.warning(`pages: stopped ${STOP_WORDS[stopped]}; ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(result.notRead, 'page')} not read, whose variants are not ` +
            'asked for.');
}


/***/ })

};
