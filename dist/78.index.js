export const id = 78;
export const ids = [78];
export const modules = {

/***/ 4697:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   originNarration: () => (/* binding */ originNarration),
/* harmony export */   originProgressLine: () => (/* binding */ originProgressLine)
/* harmony export */ });
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2392);
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5462);
/* harmony import */ var _origin_hold_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6237);
/* harmony import */ var _origin_verdict_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3363);
/* harmony import */ var _origin_cache_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8632);
/* harmony import */ var _origin_mistakes_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5909);
/**
 * The origin check as the invalidation's log tells it while it waits: loaded with the check, by a run that waits for
 * its origins.
 */







/** `status`: where the wait stands, each line replacing the last (a terminal's live line); else a line of the log. */
function originNarration(log, origin, status) {
    return {
        start: (images, timeoutMs) => {
            log.info(`Origin check: ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(images, 'image')} mapped from ${images === 1 ? 'a file is' : 'files are'} ` +
                `invalidated as ${images === 1 ? 'its origin serves the new file' : 'their origins serve the new files'}, ` +
                'waiting up to ' +
                `${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .seconds */ .YA)(timeoutMs)} s.`);
        },
        cannotTell: (host, check) => {
            const seen = check.seen === undefined ? 'an unreadable file' : (0,_origin_verdict_js__WEBPACK_IMPORTED_MODULE_3__/* .seenWords */ .Fr)(check.seen);
            log.notice(`Origin check: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(host)} serves other bytes than the repository's for ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(check.ref)} (${seen}): ` +
                'it may recompress or rewrite images, so the run cannot tell when a deploy lands there, and invalidates ' +
                'its images at once.');
        },
        mistake: (mistake) => {
            log.warning(`Origin check: ${(0,_origin_mistakes_js__WEBPACK_IMPORTED_MODULE_1__/* .mistakeWords */ .q)(mistake, origin.urlMap)}.`);
        },
        cache: (host, cached) => {
            const { cache, fits } = cached;
            const then = fits === false
                ? 'it keeps its copy past origin-timeout, so its images that the cache holds old are not invalidated and fail now'
                : 'the check keeps asking, and invalidates each image as soon as the new version comes through';
            log.warning(`Origin check: a cache in front of ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(host)} answered the previous version of ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(cached.ref)}: ` +
                `${(0,_origin_cache_js__WEBPACK_IMPORTED_MODULE_5__/* .cacheWords */ .M8)(cache)}; ${then}. To be done sooner: ${(0,_origin_hold_js__WEBPACK_IMPORTED_MODULE_0__/* .cacheRemedy */ .Vu)(cache)}.`);
        },
        stalled: (host, seen) => {
            const what = seen.status === undefined ? 'did not answer' : `answered ${seen.status} but did not end its answer`;
            log.warning(`Origin check: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(host)} ${what} within ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .seconds */ .YA)(origin.requestTimeoutMs)} s ` +
                '(timeout-seconds): its images not asked yet are asked one at a time until origin-timeout, and none is ' +
                'invalidated before its origin serves the new file.');
        },
        progress: (progress) => {
            const line = originProgressLine(progress);
            if (status === undefined)
                log.info(line);
            else
                status(line);
        },
    };
}
/** Where the wait for origins stands, in one line: the log's every PROGRESS_EVERY_MS, and the command's live line. */
function originProgressLine(progress) {
    const answers = progress.answers
        .map(({ answer, images }) => (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .counted */ .hS)(images, singularVerb(answer), answer))
        .join(', ');
    return (`Origin check: ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(progress.ready)} of ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(progress.ready + progress.waiting, 'image')} ready, ` +
        `${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(progress.waiting)} waiting${answers === '' ? '' : ` (${answers})`}; ` +
        `${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .seconds */ .YA)(progress.leftMs)} s left.`);
}
/**
 * The origin watch says what the origins of several images do (`serve the previous version`, `are not asked yet`);
 * the answer of one image takes the singular of its first word.
 */
function singularVerb(answer) {
    const [verb = '', ...rest] = answer.split(' ');
    const singular = verb === 'are' ? 'is' : verb === 'have' ? 'has' : `${verb}s`;
    return [singular, ...rest].join(' ');
}


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
    if (last?.cut === 'budget' && last.status === undefined)
        return `not invalidated: ${seen} by the images asked before it, so its new version was never seen: a push of fewer changed images checks it, or origin-check: off for one this large`;
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


/***/ })

};
