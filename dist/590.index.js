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

/***/ 8632:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M8: () => (/* binding */ cacheWords),
/* harmony export */   OZ: () => (/* binding */ cacheIn),
/* harmony export */   hy: () => (/* binding */ keptForS)
/* harmony export */ });
/* harmony import */ var _mechanics_headers_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8065);

/** The cache that answered, if the headers name one. */
function cacheIn(headers) {
    const named = namedCache(headers);
    const ageS = seconds((0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_0__/* .header */ .wx)(headers, 'age'));
    if (named === undefined && (ageS === undefined || ageS === 0))
        return undefined;
    const seen = named ?? { name: 'a shared cache', by: 'age', hit: true };
    const lifetimeS = lifetimeOf(headers);
    // A hit older than the lifetime stated is kept by another rule: that lifetime is the browsers', not the cache's
    // (a host's edge answers `max-age=0, must-revalidate` and keeps its own copy for as long as it likes).
    const stated = lifetimeS !== undefined && !(seen.hit && lifetimeS <= (ageS ?? 0));
    return { ...seen, ageS, lifetimeS: stated ? lifetimeS : undefined };
}
/** Seconds the cache keeps its copy after this answer: its lifetime less its age; undefined where not stated. */
function keptForS(cache) {
    return cache.lifetimeS === undefined ? undefined : Math.max(0, cache.lifetimeS - (cache.ageS ?? 0));
}
function namedCache(headers) {
    const lower = (name) => ((0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_0__/* .header */ .wx)(headers, name) ?? '').toLowerCase();
    const cloudflare = lower('cf-cache-status');
    if (cloudflare !== '')
        return {
            name: 'Cloudflare',
            by: 'cf-cache-status',
            hit: ['hit', 'stale', 'updating', 'revalidated'].includes(cloudflare),
        };
    const vercel = lower('x-vercel-cache');
    if (vercel !== '')
        return { name: 'Vercel', by: 'x-vercel-cache', hit: ['hit', 'stale', 'prerender'].includes(vercel) };
    const status = lower('cache-status');
    if (status.includes('netlify'))
        return { name: 'Netlify', by: 'cache-status', hit: parameters(status).includes('hit') };
    const xCache = lower('x-cache');
    if (xCache.includes('cloudfront') || lower('via').includes('cloudfront'))
        return {
            name: 'CloudFront',
            by: 'x-cache',
            hit: xCache.startsWith('hit') || xCache.startsWith('refreshhit'),
        };
    if (xCache.includes('tcp_') || lower('x-akamai-request-id') !== '' || lower('akamai-cache-status') !== '')
        return {
            name: 'Akamai',
            by: 'x-cache',
            hit: xCache.includes('hit') || lower('akamai-cache-status').startsWith('hit'),
        };
    if (lower('x-served-by').startsWith('cache-'))
        // Fastly lists each of its caches the request passed, the one nearest the client last.
        return { name: 'Fastly', by: 'x-cache', hit: (xCache.split(',').at(-1) ?? '').trim() === 'hit' };
    if (xCache !== '')
        return { name: 'a shared cache', by: 'x-cache', hit: xCache.startsWith('hit') };
    return undefined;
}
/** The lifetime a cache in front keeps: its own header first, then the shared one of Cache-Control, then max-age. */
function lifetimeOf(headers) {
    return (directive((0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_0__/* .header */ .wx)(headers, 'cdn-cache-control'), 'max-age') ??
        directive((0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_0__/* .header */ .wx)(headers, 'surrogate-control'), 'max-age') ??
        directive((0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_0__/* .header */ .wx)(headers, 'cache-control'), 's-maxage') ??
        directive((0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_0__/* .header */ .wx)(headers, 'cache-control'), 'max-age'));
}
function directive(value, name) {
    for (const part of (value ?? '').split(',')) {
        const [key, argument] = part.split('=');
        if (key?.trim().toLowerCase() === name)
            return seconds(argument?.trim().replaceAll('"', ''));
    }
    return undefined;
}
/** RFC 9211's parameters of a Cache-Status entry: `"Netlify Edge"; hit` has `hit`. */
function parameters(value) {
    return value.split(';').map((part) => part.trim());
}
function seconds(value) {
    const parsed = Number(value);
    return value !== undefined && value.trim() !== '' && Number.isSafeInteger(parsed) && parsed >= 0
        ? parsed
        : undefined;
}
/** The cache in words: `Cloudflare (cf-cache-status: a hit), its copy 3,600 s old, kept 10,800 s more`. */
function cacheWords(cache) {
    const parts = [`${cache.name} (${cache.by}: a hit)`];
    if (cache.ageS !== undefined)
        parts.push(`its copy ${cache.ageS.toLocaleString('en-US')} s old`);
    const kept = keptForS(cache);
    parts.push(kept === undefined
        ? 'for how long it keeps it not stated'
        : `kept ${kept.toLocaleString('en-US')} s more`);
    return parts.join(', ');
}


/***/ }),

/***/ 6237:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   SD: () => (/* binding */ holdForOrigins),
/* harmony export */   Vu: () => (/* binding */ cacheRemedy)
/* harmony export */ });
/* unused harmony export notReadyReason */
/* harmony import */ var _release_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9179);
/* harmony import */ var _settings_url_map_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4411);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2392);
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5462);
/* harmony import */ var _mistakes_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5909);
/* harmony import */ var _cache_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8632);
/* harmony import */ var _verdict_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3363);







/**
 * The images of `fileOf`, held back until their origin serves their new version, then released to the scheduler in
 * batches; `report` resolves with what the checks saw once they have all ended, before `held.run` resolves.
 */
function holdForOrigins(fileOf, options) {
    const images = [...fileOf].map(([ref, path]) => ({ ref, path }));
    let settle = () => undefined;
    const report = new Promise((resolve) => {
        settle = resolve;
    });
    return {
        report,
        held: {
            refs: new Set(fileOf.keys()),
            run: async (release, stop) => {
                const batches = new _release_js__WEBPACK_IMPORTED_MODULE_2__/* .ReadyBatches */ .i(release, options.lingerMs);
                const started = options.clock.now();
                // Loaded as the origin stage loads its fetcher: only by a run that asks an origin (a static import here
                // would put the watch, and the image comparison it calls, in the code every run opens at start-up).
                const { awaitOrigins } = await __webpack_require__.e(/* import() */ 137).then(__webpack_require__.bind(__webpack_require__, 2137));
                const caches = [];
                const { checks, requests } = await awaitOrigins(images, {
                    ...options,
                    onCache: (host, cached) => {
                        caches.push({ host, cache: (0,_cache_js__WEBPACK_IMPORTED_MODULE_3__/* .cacheWords */ .M8)(cached.cache), fits: cached.fits });
                        options.onCache?.(host, cached);
                    },
                    signal: options.signal === undefined ? stop : AbortSignal.any([options.signal, stop]),
                    onSettled: (check) => {
                        batches.push(check.ref);
                    },
                });
                batches.flush();
                const waitedMs = options.clock.now() - started;
                settle({ checks, waitedMs, timeoutMs: options.timeoutMs, requests, caches });
                return new Map(checks
                    .filter((check) => check.state !== 'ready' && check.state !== 'cannot-tell')
                    .map((check) => [check.ref, notReadyReason(check, options.timeoutMs, options.urlMap ?? [])]));
            },
        },
    };
}
/** Why an image was not invalidated, with what its origin still served; the origin's text as it came. */
function notReadyReason(check, timeoutMs, urlMap = []) {
    if (check.state === 'cancelled')
        return 'not sent: the run was cancelled while its origin was checked';
    if (check.state === 'mismapped' && check.mistake !== undefined)
        return `not invalidated: ${(0,_mistakes_js__WEBPACK_IMPORTED_MODULE_1__/* .mistakeWords */ .q)(check.mistake, urlMap)}`;
    const { seen: last } = check;
    if (check.state === 'redirected' && last?.offsite !== undefined)
        return `not invalidated: ${(0,_mistakes_js__WEBPACK_IMPORTED_MODULE_1__/* .mistakeWords */ .q)({ kind: 'redirected', image: check, seen: last, to: new URL(last.offsite, check.ref).href }, urlMap)}`;
    const seen = last === undefined ? 'no answer' : (0,_verdict_js__WEBPACK_IMPORTED_MODULE_4__/* .seenWords */ .Fr)(last);
    if (check.followed === true)
        return `not invalidated: another image of its origin host was still not deployed after ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_5__/* .seconds */ .YA)(timeoutMs)} s (it served ${seen})`;
    if (check.asks === 0 && last?.stalled === true)
        return `not invalidated: not asked, since its origin host gave ${seen} to the images asked before it, until the timeout`;
    if (check.asks === 0 && last === undefined)
        return `not invalidated: not asked: origin-timeout (${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_5__/* .seconds */ .YA)(timeoutMs)} s) ended before its turn`;
    if (last?.stalled === true && last.status !== undefined)
        return `not invalidated: its origin answered ${last.status} but did not end its answer within timeout-seconds (${asks(check.asks)}), so its new version was never seen`;
    if (last !== undefined && last.status === undefined)
        return `not invalidated: its origin did not answer (${seen}) in ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_5__/* .seconds */ .YA)(check.askedMs)} s (${asks(check.asks)}), so its new version was never seen`;
    if (last?.cache?.hit === true && last.page === undefined && last.status !== undefined && last.status < 300)
        return `not invalidated: a cache in front of its origin, ${(0,_cache_js__WEBPACK_IMPORTED_MODULE_3__/* .cacheWords */ .M8)(last.cache)}, still served the previous version after ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_5__/* .seconds */ .YA)(check.askedMs)} s (${asks(check.asks)}): ${cacheRemedy(last.cache)}`;
    if (last?.page !== undefined)
        return `not invalidated: its origin served a page, not the image, for ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_5__/* .seconds */ .YA)(check.askedMs)} s (${asks(check.asks)}): ${seen}; not ${check.path} as committed`;
    const reason = `not invalidated: its origin still served ${seen} after ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_5__/* .seconds */ .YA)(check.askedMs)} s (${asks(check.asks)}), not ${check.path} as committed`;
    if (last?.status === 401 || last?.status === 403)
        return `${reason}; a host that refuses the check itself (bot protection, a private bucket) needs origin-check: off`;
    // A 404 to the end is more often a URL that url-map got wrong than a deploy that never came.
    if (last?.status !== 404 && last?.status !== 410)
        return reason;
    const rule = (0,_settings_url_map_js__WEBPACK_IMPORTED_MODULE_0__/* .ruleFor */ .sG)(check.path, urlMap);
    return `${reason}; ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_6__/* .quote */ .hD)(check.ref)} is where ${rule === undefined ? 'url-map' : `the url-map rule ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_6__/* .quote */ .hD)((0,_settings_url_map_js__WEBPACK_IMPORTED_MODULE_0__/* .ruleLine */ .lW)(rule))}`} maps it: check url-map`;
}
/** What to do about a cache that held the previous version: purge it, or wait for it. */
function cacheRemedy(cache) {
    const wait = (0,_cache_js__WEBPACK_IMPORTED_MODULE_3__/* .keptForS */ .hy)(cache) === undefined
        ? 'it does not say when it lets its copy go'
        : 'or wait until its copy expires';
    return `purge the site's CDN first, then the image service (the recipe "Purge the site's CDN first"); ${wait}`;
}
function asks(count) {
    return `${count} ${count === 1 ? 'ask' : 'asks'}`;
}


/***/ }),

/***/ 5909:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   q: () => (/* binding */ mistakeWords)
/* harmony export */ });
/* harmony import */ var _mechanics_exhaustive_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9067);
/* harmony import */ var _settings_url_map_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4411);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2392);



/**
 * A mapping mistake in words, the same told at once in the log and at the end beside the image: which URL was asked,
 * the url-map rule that made it, what its origin answered, and what to write instead. Origin text passes through
 * shown.ts.
 */
function mistakeWords(mistake, rules) {
    const { image } = mistake;
    const rule = (0,_settings_url_map_js__WEBPACK_IMPORTED_MODULE_0__/* .ruleFor */ .sG)(image.path, rules);
    const madeBy = rule === undefined ? 'url-map' : `the url-map rule ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)((0,_settings_url_map_js__WEBPACK_IMPORTED_MODULE_0__/* .ruleLine */ .lW)(rule))}`;
    switch (mistake.kind) {
        case 'redirected': {
            const to = new URL(mistake.to);
            const asked = new URL(image.ref);
            // Named by host where the host differs; with the scheme where only it (or the port) does: http to https.
            const sameHost = to.host === asked.host;
            const [there, here] = sameHost ? [to.origin, asked.origin] : [to.host, asked.host];
            const written = rule === undefined ? undefined : rewrittenRule(rule, image.ref, mistake.to);
            return (`${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(image.ref)} (made from ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(image.path)} by ${madeBy}) redirects to ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(mistake.to)}, on ` +
                `another ${sameHost ? 'scheme' : 'host'}: the site's pages name ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(there)}, so an invalidation of ` +
                `${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(here)} would leave their images stale. Check url-map` +
                (written === undefined ? '' : `: if the site is served from ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(there)}, write ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(written)}`));
        }
        case 'unresolved':
            return (`the host of ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(image.ref)} (made from ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(image.path)} by ${madeBy}) does not resolve ` +
                `(${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(mistake.seen.error ?? 'no such host')}): no deploy will make it answer. Check url-map: write ` +
                "the host the site's pages load their images from");
        case 'not-found': {
            if (mistake.unchanged === true)
                return (`${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(image.ref)} answered ${mistake.seen.status ?? 404}, though ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(image.path)} is unchanged by ` +
                    `this push and the live site must serve it, so ${madeBy} points where the site is not: check url-map; a ` +
                    'site under a path (GitHub Pages: https://<owner>.github.io/<repository>/) needs that path in the URL prefix');
            const what = mistake.wholeHost
                ? `every one of the ${mistake.images} images asked on ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(new URL(image.ref).host)} answered ${mistake.seen.status ?? 404}, e.g. ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(image.ref)}`
                : `${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(image.ref)} answered ${mistake.seen.status ?? 404} though its origin should still serve its previous version`;
            return (`${what} (made from ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(image.path)} by ${madeBy}): check url-map; a site under a path ` +
                '(GitHub Pages: https://<owner>.github.io/<repository>/) needs that path in the URL prefix');
        }
        default:
            return (0,_mechanics_exhaustive_js__WEBPACK_IMPORTED_MODULE_2__/* .unhandled */ .g)(mistake);
    }
}
/** The rule with the redirect's target in place of its URL prefix, where the rest of the URL is kept as it was. */
function rewrittenRule(rule, asked, to) {
    if (!asked.startsWith(rule.urlPrefix))
        return undefined;
    const rest = asked.slice(rule.urlPrefix.length);
    const target = new URL(to);
    target.search = '';
    target.hash = '';
    const href = target.href;
    const prefix = href.endsWith(rest) ? href.slice(0, href.length - rest.length) : `${target.origin}/`;
    return (0,_settings_url_map_js__WEBPACK_IMPORTED_MODULE_0__/* .ruleLine */ .lW)({ pathPrefix: rule.pathPrefix, urlPrefix: prefix });
}


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
        __webpack_require__.e(/* import() */ 137).then(__webpack_require__.bind(__webpack_require__, 2137)),
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
