export const id = 249;
export const ids = [249];
export const modules = {

/***/ 5249:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  learnMap: () => (/* binding */ learnMap)
});

// EXTERNAL MODULE: ./src/compare/versions.ts
var versions = __webpack_require__(654);
// EXTERNAL MODULE: ./src/mechanics/git.ts
var mechanics_git = __webpack_require__(8531);
// EXTERNAL MODULE: ./src/mechanics/version.ts
var version = __webpack_require__(7887);
// EXTERNAL MODULE: ./src/origin/pace.ts
var pace = __webpack_require__(5527);
// EXTERNAL MODULE: ./src/origin/verdict.ts
var verdict = __webpack_require__(3363);
// EXTERNAL MODULE: ./src/plan/learned.ts
var learned = __webpack_require__(620);
// EXTERNAL MODULE: ./src/settings/select.ts + 2 modules
var settings_select = __webpack_require__(9345);
// EXTERNAL MODULE: ./src/shown/shown.ts
var shown = __webpack_require__(2392);
// EXTERNAL MODULE: ./src/mechanics/http-url.ts
var http_url = __webpack_require__(9071);
;// CONCATENATED MODULE: ./src/learn/tree.ts

/** Bytes of git's listing of a whole commit read at most: past it, no image of the commit proves a folder. */
const MAX_TREE_BYTES = 64 * 1024 * 1024;
/** The files of a commit as git lists them; undefined when git cannot (no repository, a commit it does not have). */
async function treeAt(commit, git) {
    // A commit that could read as an option is never handed to git.
    if (commit.startsWith('-'))
        return undefined;
    let listing;
    try {
        listing = await git(['ls-tree', '-r', '-z', '--full-tree', commit], MAX_TREE_BYTES);
    }
    catch {
        return undefined;
    }
    const blobOf = new Map();
    const foldersOf = new Map();
    const filesIn = new Map();
    for (const entry of listing.toString('utf8').split('\0')) {
        // `<mode> blob <object>\t<path>`: a submodule is a commit, a link a blob of mode 120000, neither an image.
        const tab = entry.indexOf('\t');
        const [mode, type, blob] = entry.slice(0, tab).split(' ');
        if (tab < 0 || type !== 'blob' || mode === '120000' || blob === undefined)
            continue;
        const path = entry.slice(tab + 1);
        const folder = (0,learned/* folderOf */.yS)(path);
        blobOf.set(path, blob);
        foldersOf.set(blob, (foldersOf.get(blob) ?? new Set()).add(folder));
        const files = filesIn.get(folder);
        if (files === undefined)
            filesIn.set(folder, [path]);
        else
            files.push(path);
    }
    return { blobOf, foldersOf, filesIn };
}
/**
 * The file's bytes stand in its folder alone in the commit: served somewhere, they prove where that folder is served.
 * The same bytes in another folder (a logo copied into two apps) are no proof of either.
 */
function standsAlone(path, tree) {
    const blob = tree?.blobOf.get(path);
    return blob !== undefined && tree?.foldersOf.get(blob)?.size === 1;
}
/**
 * Config files of the bundlers that give the images their sources import new names (`hero-3f2a1b9c.png`), by
 * the bundler they name: Vite, webpack, Rollup, Parcel, and the frameworks built on them.
 */
const BUNDLERS = [
    [/^vite\.config\.[cm]?[jt]s$/, 'Vite'],
    [/^webpack\.config\.[cm]?[jt]s$/, 'webpack'],
    [/^rollup\.config\.[cm]?[jt]s$/, 'Rollup'],
    [/^\.parcelrc$/, 'Parcel'],
    [/^next\.config\.[cm]?[jt]s$/, 'Next.js'],
    [/^astro\.config\.[cm]?[jt]s$/, 'Astro'],
    [/^nuxt\.config\.[cm]?[jt]s$/, 'Nuxt'],
    [/^svelte\.config\.[cm]?[jt]s$/, 'SvelteKit'],
];
/** The folders a bundler copies as they are, names kept: `public/` (Vite, Next.js, Nuxt, Astro), `static/` (SvelteKit). */
const COPIED_AS_THEY_ARE = new Set(['public', 'static']);
/**
 * The bundler whose sources hold the folder (its config in the folder or one above it, and the folder not in the
 * project's `public/` or `static/`); undefined for any other folder.
 */
function bundlerOf(folder, tree) {
    if (tree === undefined)
        return undefined;
    const segments = folder === '' ? [] : folder.split('/');
    for (let depth = segments.length; depth >= 0; depth--) {
        const project = segments.slice(0, depth).join('/');
        const files = tree.filesIn.get(project) ?? [];
        const found = BUNDLERS.find(([name]) => files.some((path) => name.test(path.slice(path.lastIndexOf('/') + 1))));
        if (found === undefined)
            continue;
        const below = segments[depth];
        return below !== undefined && COPIED_AS_THEY_ARE.has(below) ? undefined : found[1];
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/learn/probe.ts


/** Changed images of one folder read for a probe at most: the first that can prove a URL serves. */
const READ_FOR_PROBE = 20;
/**
 * The probe of a folder, best first: a changed image with both versions (whichever the site serves, before the
 * deploy or after, proves it), an unchanged image of the folder, then a deleted one (until the deploy), then an added
 * one (once it lands). Only bytes that stand in the folder alone count.
 */
async function probeOf(folder, images, sources) {
    const read = [];
    // Over every changed image of the folder, not only those read: one modified image past them is cached already.
    // Without the base's listing (git cannot tell), none is known to be added.
    let addedOnly = sources.base !== undefined && images.every((path) => !sources.base?.blobOf.has(path));
    for (const path of images.slice(0, READ_FOR_PROBE)) {
        const current = await sources.versions.current(path);
        const previous = await sources.versions.previous(path);
        if (previous !== undefined)
            addedOnly = false;
        read.push({
            path,
            current: current instanceof Uint8Array && standsAlone(path, sources.head) ? current : undefined,
            previous: previous !== undefined && standsAlone(path, sources.base) ? previous : undefined,
            unchanged: false,
        });
    }
    const both = read.find((probe) => probe.current !== undefined && probe.previous !== undefined);
    const either = read.find((probe) => probe.current !== undefined || probe.previous !== undefined);
    const probe = both ?? (await unchangedIn(folder, sources)) ?? either;
    return { probe, addedOnly };
}
/** An image of the folder that the push did not change, whose bytes stand in it alone; none when git cannot say. */
async function unchangedIn(folder, sources) {
    const { head, base } = sources;
    if (head === undefined)
        return undefined;
    const files = (head.filesIn.get(folder) ?? []).filter((path) => !sources.changed.has(path) &&
        !isUnpublished(path) &&
        (base === undefined || base.blobOf.get(path) === head.blobOf.get(path)) &&
        standsAlone(path, head));
    for (const path of (0,settings_select/* selectPaths */.LO)(files, sources.patterns).slice(0, READ_FOR_PROBE)) {
        const current = await sources.versions.current(path);
        if (current instanceof Uint8Array)
            return { path, current, unchanged: true };
    }
    return undefined;
}
/** A name site builders leave out of what they publish: `.github/`, Jekyll's `_includes/`. */
function isUnpublished(path) {
    return path.split('/').some((segment) => segment.startsWith('.') || segment.startsWith('_'));
}
/**
 * Which version of the probe an answer is: the same bytes, or the same picture re-encoded (an origin that
 * recompresses, a CDN that converts). A page, a redirect elsewhere, an error or another picture is none.
 */
async function servedIn(answer, probe, signal) {
    const { body, status } = answer;
    if (status === undefined || status < 200 || status >= 300)
        return undefined;
    if (body === undefined || answer.offsite !== undefined)
        return undefined;
    const current = probe.unchanged ? 'unchanged' : 'new';
    if (same(body, probe.current))
        return current;
    if (same(body, probe.previous))
        return 'previous';
    // A page that is not the file's very bytes (an app's fallback, a "deploying" page) serves no image.
    if (answer.page !== undefined)
        return undefined;
    // Loaded by the first answer whose picture is looked at: a site that serves its files as they are never opens it.
    // Named as the origin check and the proof name it (origin/verdict.ts): one chunk for the three.
    const { compareImage } = await __webpack_require__.e(/* import() | compare */ 44).then(__webpack_require__.bind(__webpack_require__, 8770));
    const comparison = await compareImage(body, { current: probe.current, previous: probe.previous }, { signal });
    switch (comparison.shows) {
        case 'new':
            return probe.current === undefined ? undefined : current;
        case 'previous':
            return 'previous';
        case 'cannot-tell':
            return undefined;
    }
}
function same(body, version) {
    return version !== undefined && Buffer.from(body).equals(version);
}

// EXTERNAL MODULE: ./src/plan/learned-words.ts
var learned_words = __webpack_require__(72);
;// CONCATENATED MODULE: ./src/learn/learn.ts












/**
 * The url-map learned from the site: for each folder of changed images, the one candidate URL (the folder's path with
 * leading folders removed, under the site's path) that serves one of its images, asked once each, one at a time, at
 * the origin check's pace, within origin-timeout. Nothing is guessed: a folder two candidates serve alike, or none,
 * is unmapped, with what each answered. Only the site's host is asked, with no credential.
 */
async function learnMap(request, context) {
    const { log, clock, signal } = context;
    const elsewhere = otherHost(request.deployedUrl, request.site);
    if (elsewhere !== undefined) {
        log.notice(`The deploy event names ${(0,shown/* quote */.hD)(elsewhere)}, another host than site (${new URL(request.site).host}): the map is ` +
            "learned and images are invalidated on the site's host, which the pages put in image URLs and the service " +
            "caches; a deployment's own URL (a *.vercel.app or *.netlify.app host) is often not the public one.");
    }
    const byFolder = foldersOf((0,settings_select/* selectPaths */.LO)(request.changed.files, request.patterns));
    if (byFolder.size === 0)
        return { site: request.site, folders: [] };
    log.startGroup(`Learn the url-map from ${request.site}`);
    const [{ createDispatcher }, { ByteBudget, originFetcher }] = await Promise.all([
        Promise.all(/* import() */[__webpack_require__.e(752), __webpack_require__.e(520)]).then(__webpack_require__.bind(__webpack_require__, 4520)),
        __webpack_require__.e(/* import() */ 817).then(__webpack_require__.bind(__webpack_require__, 4198)),
    ]);
    const dispatcher = createDispatcher(pace/* ORIGIN_CONCURRENCY */.VH, request.requestTimeoutMs);
    try {
        const { workspace } = context;
        const git = (0,mechanics_git/* gitBytesIn */.Z4)(workspace, signal);
        const { base } = request.changed;
        const head = await treeAt('HEAD', git);
        const sources = {
            versions: (0,versions/* versionsFrom */.s3)({ workspace, git, base }),
            head,
            base: base === undefined ? undefined : await treeAt(base, git),
            patterns: request.patterns,
            changed: new Set(request.changed.files),
        };
        const fetch = originFetcher({
            dispatcher,
            timeoutMs: request.requestTimeoutMs,
            userAgent: version/* USER_AGENT */._,
            budget: new ByteBudget(),
        });
        const asks = new Pace(clock, byFolder.size, clock.now() + Math.max(request.waitMs, request.requestTimeoutMs));
        const folders = [];
        let cutShort;
        for (const [folder, images] of byFolder) {
            if (cutShort !== undefined) {
                folders.push({ kind: 'unmapped', folder, why: cutShort, tried: [] });
                continue;
            }
            const found = await learnFolder(folder, images, {
                site: request.site,
                sources,
                head,
                fetch,
                asks,
                signal,
            });
            if (found === 'cut-short') {
                cutShort =
                    signal?.aborted === true
                        ? 'not asked: the run was cancelled'
                        : `not asked within origin-timeout (${Math.round(request.waitMs / 1000)} s)`;
                folders.push({ kind: 'unmapped', folder, why: cutShort, tried: [] });
            }
            else
                folders.push(found);
        }
        const seen = await withSiteSeen(folders, request.site, { fetch, asks, signal });
        const learned = { site: request.site, folders: seen, ...(cutShort === undefined ? {} : { cutShort }) };
        for (const line of (0,learned_words/* learnedLines */.$y)(learned, (folder) => byFolder.get(folder)?.length ?? 0))
            log.info(line);
        return learned;
    }
    finally {
        log.endGroup();
        await dispatcher.destroy();
    }
}
/** The selected images by folder, folders in the order of their first image. */
function foldersOf(paths) {
    const folders = new Map();
    for (const path of paths) {
        const folder = (0,learned/* folderOf */.yS)(path);
        const images = folders.get(folder);
        if (images === undefined)
            folders.set(folder, [path]);
        else
            images.push(path);
    }
    return folders;
}
/** One folder: its probe asked at each candidate once, and what that proves. */
async function learnFolder(folder, images, how) {
    const found = await probeOf(folder, images, how.sources);
    const { probe } = found;
    if (probe === undefined)
        return withoutProof(folder, found, [], how.head, true);
    const tried = [];
    const serving = [];
    // Candidates that gave no answer to go on (no status, a 5xx): they might serve the image too.
    const unheard = [];
    // A bundler's sources are not served at their paths: each candidate answers 404. Any other answer (a refusal, a
    // 5xx) says nothing of where the folder is, and is no reason to call it fingerprinted.
    let notFoundAtAny = true;
    for (const candidate of (0,learned/* candidatesOf */.kW)(folder, how.site)) {
        const url = (0,learned/* urlUnder */.U3)(candidate, probe.path);
        if (url === undefined)
            continue;
        if (!(await how.asks.next(how.signal)))
            return 'cut-short';
        const answer = await how.fetch(url, (0,verdict/* bodyLimit */.kR)(probe), how.signal);
        if (how.signal?.aborted === true)
            return 'cut-short';
        const served = await servedIn(answer, probe, how.signal);
        tried.push({ url, answered: (0,verdict/* seenWords */.Fr)(answer), ...(served === undefined ? {} : { served }) });
        if (answer.status !== 404 && answer.status !== 410)
            notFoundAtAny = false;
        if (answer.status === undefined || answer.status >= 500)
            unheard.push(`${(0,shown/* quote */.hD)(url)} gave ${(0,verdict/* seenWords */.Fr)(answer)}`);
        if (served !== undefined)
            serving.push(candidate);
    }
    const [only] = serving;
    if (serving.length === 1 && only !== undefined && unheard.length > 0)
        return {
            kind: 'unmapped',
            folder,
            why: `one candidate serves its image, but ${unheard.join(', ')}, so whether it is the only one cannot be told`,
            tried,
        };
    if (serving.length === 1 && only !== undefined)
        return { kind: 'learned', folder, candidate: only, tried };
    if (serving.length > 1)
        return {
            kind: 'unmapped',
            folder,
            why: `${serving.length} candidates serve its image ${(0,shown/* quote */.hD)(probe.path)} alike, so which one serves the folder cannot be told`,
            tried,
        };
    return withoutProof(folder, found, tried, how.head, notFoundAtAny);
}
/** What is read of the site's own page: enough to tell a page from no site. */
const SITE_PAGE_BYTES = 64 * 1024;
/**
 * A bundler's sources are told by each candidate answering 404, as a site that is not there answers too (a site URL
 * missing its path): taken for sources only when the run saw the site serve, a folder learned or its own page.
 */
async function withSiteSeen(folders, site, how) {
    if (!folders.some((finding) => finding.kind === 'fingerprinted'))
        return [...folders];
    if (folders.some((finding) => finding.kind === 'learned'))
        return [...folders];
    const answer = (await how.asks.next(how.signal))
        ? await how.fetch(site, SITE_PAGE_BYTES, how.signal)
        : undefined;
    if (answer?.status !== undefined && answer.status >= 200 && answer.status < 300)
        return [...folders];
    const why = "every candidate answered 404, as a bundler's sources do, but the site itself answered " +
        `${answer === undefined ? 'nothing within origin-timeout' : (0,verdict/* seenWords */.Fr)(answer)}, so no folder of it was seen served: check site`;
    return folders.map((finding) => finding.kind === 'fingerprinted'
        ? {
            kind: 'unmapped',
            folder: finding.folder,
            why,
            tried: [{ url: site, answered: answer === undefined ? 'not asked' : (0,verdict/* seenWords */.Fr)(answer) }],
        }
        : finding);
}
/** A folder no candidate was seen to serve: fingerprinted, not served yet, or unmapped. */
function withoutProof(folder, found, tried, head, notFoundAtAny) {
    const bundler = notFoundAtAny ? bundlerOf(folder, head) : undefined;
    if (bundler !== undefined)
        return { kind: 'fingerprinted', folder, bundler };
    if (found.addedOnly && found.probe?.unchanged !== true)
        return { kind: 'not-served-yet', folder, tried };
    const why = found.probe === undefined
        ? head === undefined
            ? 'git cannot list the repository, so no image of it can be told apart from a copy in another folder'
            : 'no image of it has bytes that stand in this folder alone (the same file is also in another folder), so no URL can prove it'
        : found.probe.current === undefined && !found.probe.unchanged
            ? "its images were deleted and no candidate serves them any more: once the deploy has landed, no run can learn where they were served; write their folder's rule in url-map, or leave them out of paths with a '!' line"
            : 'no candidate serves its image';
    return { kind: 'unmapped', folder, why, tried };
}
/**
 * The origin check's pace, for one host: ASKS_PER_IMAGE asks a folder at once, then ASKS_PER_SECOND; one ask at a
 * time, none past the deadline.
 */
class Pace {
    asked = 0;
    startedAt;
    clock;
    folders;
    deadline;
    constructor(clock, folders, deadline) {
        this.clock = clock;
        this.folders = folders;
        this.deadline = deadline;
        this.startedAt = clock.now();
    }
    /** Waits for the next ask's turn; false when it would come after the deadline, or the run was cancelled. */
    async next(signal) {
        const at = this.startedAt +
            Math.max(0, ((this.asked + 1 - pace/* ASKS_PER_IMAGE */.X3 * this.folders) * 1000) / pace/* ASKS_PER_SECOND */.We);
        if (at > this.deadline || signal?.aborted === true)
            return false;
        const wait = at - this.clock.now();
        if (wait > 0) {
            try {
                await this.clock.sleep(wait, signal);
            }
            catch {
                return false;
            }
        }
        this.asked++;
        return this.clock.now() <= this.deadline;
    }
}
/** The deploy event's URL when its host is not the site's (a URL written without a scheme read as https). */
function otherHost(deployed, site) {
    if (deployed === undefined)
        return undefined;
    const url = (0,http_url/* parseHttpUrl */.f)(deployed) ?? (0,http_url/* parseHttpUrl */.f)(`https://${deployed}`);
    return url === undefined || url.host === new URL(site).host ? undefined : deployed;
}


/***/ }),

/***/ 5527:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   QP: () => (/* binding */ HostPace),
/* harmony export */   VH: () => (/* binding */ ORIGIN_CONCURRENCY),
/* harmony export */   We: () => (/* binding */ ASKS_PER_SECOND),
/* harmony export */   X3: () => (/* binding */ ASKS_PER_IMAGE)
/* harmony export */ });
/* unused harmony exports QUIET_INTERVAL_MS, ROUND_MS, MOVING_INTERVAL_MS */
/**
 * How often one origin host is asked while its images wait: its request budget, and when its next ask may go.
 *
 * The budget: at most ASKS_PER_SECOND a second on average over the wait, plus ASKS_PER_IMAGE an image (its first ask,
 * which also finds url-map mistakes early, and the ask that finds it ready). An ask is counted as it starts, and every
 * image not yet found ready keeps one ask in reserve for the day it is: so an ask that may start now never takes the
 * host over its budget, however the asks in flight end.
 *
 * The pace: before any of its images is seen to flip, a host is asked one image at a time (the one asked longest ago),
 * so that each waiting image is asked at least every ROUND_MS, at most ASKS_PER_SECOND a second, and no more often
 * than every QUIET_INTERVAL_MS: a small host keeps half its budget for later. Once one flips (a deploy has begun), the
 * next is asked at once, then twice as many, and so on while every one asked has flipped (an atomic deploy: all of
 * them, within a few round trips); then the host is asked as often as what it kept allows, up to every
 * MOVING_INTERVAL_MS: a host that flips image by image is watched closely while it moves. An image's staleness is
 * bounded by how often it is asked.
 */
const ASKS_PER_SECOND = 2;
/** Origin requests in flight at once, over every host: an origin is a site, often a small one, not an API made for bursts. */
const ORIGIN_CONCURRENCY = 8;
const ASKS_PER_IMAGE = 2;
const QUIET_INTERVAL_MS = 1_000;
const ROUND_MS = 6_000;
const MOVING_INTERVAL_MS = 200;
class HostPace {
    asks = 0;
    unconfirmed;
    images;
    startedAt;
    constructor(images, startedAt) {
        this.images = images;
        this.unconfirmed = images;
        this.startedAt = startedAt;
    }
    /** Requests started on the host so far. */
    get requests() {
        return this.asks;
    }
    /** An ask starts (a request beyond an image's own two, such as a redirect hop, is counted as one more ask). */
    asked(requests = 1) {
        this.asks += requests;
    }
    /** An image was found ready, or will never be asked again: its reserved ask is given back. */
    confirmed() {
        this.unconfirmed = Math.max(0, this.unconfirmed - 1);
    }
    /** Asks that may start at `now` and keep the host within its budget, whatever they find. */
    left(now) {
        const allowed = (ASKS_PER_SECOND * Math.max(0, now - this.startedAt)) / 1000 + ASKS_PER_IMAGE * this.images;
        return Math.floor(allowed - this.asks - this.unconfirmed);
    }
    /**
     * When the next single ask may start: its interval after the last (`waiting`: images still waiting), and once the
     * budget holds one more.
     */
    nextAt(lastAskAt, moving, waiting) {
        const quiet = Math.min(QUIET_INTERVAL_MS, Math.max(1000 / ASKS_PER_SECOND, ROUND_MS / Math.max(1, waiting)));
        const byInterval = lastAskAt + (moving ? MOVING_INTERVAL_MS : quiet);
        const needed = 1 + this.asks + this.unconfirmed - ASKS_PER_IMAGE * this.images;
        const byBudget = this.startedAt + Math.max(0, (needed * 1000) / ASKS_PER_SECOND);
        return Math.ceil(Math.max(byInterval, byBudget));
    }
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
