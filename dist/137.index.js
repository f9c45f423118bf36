export const id = 137;
export const ids = [137];
export const modules = {

/***/ 4315:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   k: () => (/* binding */ sampleByHost),
/* harmony export */   w: () => (/* binding */ hostOf)
/* harmony export */ });
/** The hosts images are served from: how the origin check and the proof spread their asks over them. */
/** The host of an image's URL (`www.example.com:8080`), or the text itself when it is not a URL. */
function hostOf(ref) {
    try {
        return new URL(ref).host;
    }
    catch {
        return ref;
    }
}
/**
 * Up to `max` images to check, taken from each origin host in turn, so that every host is checked on some of its
 * images; the others follow their host. Within a host, the sample is spread evenly over its list (every k-th),
 * not its first images only, so that one folder deployed late is still likely to be seen.
 */
function sampleByHost(images, max) {
    if (images.length <= max)
        return { checked: [...images], followers: new Map() };
    const byHost = new Map();
    for (const image of images) {
        const host = hostOf(image.ref);
        const list = byHost.get(host);
        if (list === undefined)
            byHost.set(host, [image]);
        else
            list.push(image);
    }
    // Each host's share: equal shares, a small host's unused share handed on to the larger ones.
    const hosts = [...byHost.entries()].toSorted((a, b) => a[1].length - b[1].length);
    const checked = [];
    const followers = new Map();
    let left = max;
    hosts.forEach(([host, list], index) => {
        // Every host is asked about at least one of its images, even past `max` hosts.
        const share = Math.min(list.length, Math.max(1, Math.floor(left / (hosts.length - index))));
        left -= share;
        const step = list.length / Math.max(share, 1);
        const picked = new Set();
        for (let n = 0; n < share; n++)
            picked.add(Math.floor(n * step));
        const rest = [];
        list.forEach((image, position) => {
            if (picked.has(position))
                checked.push(image);
            else
                rest.push(image);
        });
        if (rest.length > 0)
            followers.set(host, rest);
    });
    return { checked, followers };
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

/***/ 2137:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  MAX_CHECKED_IMAGES: () => (/* binding */ MAX_CHECKED_IMAGES),
  ORIGIN_CONCURRENCY: () => (/* reexport */ origin_pace/* ORIGIN_CONCURRENCY */.VH),
  PROGRESS_EVERY_MS: () => (/* binding */ PROGRESS_EVERY_MS),
  awaitOrigins: () => (/* binding */ awaitOrigins)
});

// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(8500);
// EXTERNAL MODULE: ./src/mechanics/in-flight.ts
var in_flight = __webpack_require__(6887);
// EXTERNAL MODULE: ./src/domain/hosts.ts
var hosts = __webpack_require__(4315);
;// CONCATENATED MODULE: ./src/origin/watch.ts

/** The origin check as a person follows it: each image's last answer, and each mistake told once per host. */
class OriginWatch {
    last = new Map();
    told = new Set();
    firstAsks = new Map();
    ready = 0;
    total;
    checkedOn;
    onMistake;
    constructor(total, checkedOn, onMistake) {
        this.total = total;
        this.checkedOn = checkedOn;
        this.onMistake = onMistake;
    }
    /** An ask of `image` ended; `modified`: git knows its previous version, which its origin should still serve. */
    asked(image, first, verdict, seen, modified) {
        this.last.set(image.ref, answerWords(verdict, seen));
        if (seen === undefined)
            return;
        const host = (0,hosts/* hostOf */.w)(image.ref);
        if (seen.offsite !== undefined && isOtherHost(image.ref, seen.offsite))
            this.tell(host, { kind: 'redirected', image, seen, to: new URL(seen.offsite, image.ref).href });
        if (!first)
            return;
        const stats = this.firstAsks.get(host) ?? { asked: 0, notFound: 0 };
        stats.asked++;
        if (isNotFound(seen))
            stats.notFound++;
        this.firstAsks.set(host, stats);
        const wholeHost = stats.notFound === stats.asked && stats.asked === this.checkedOn.get(host);
        if (isNotFound(seen) && (modified || wholeHost))
            this.tell(host, { kind: 'not-found', image, seen, images: stats.notFound, wholeHost });
    }
    /** The image may be invalidated now, or its check ended: it waits no more. */
    settled(ref, released) {
        this.last.delete(ref);
        if (released)
            this.ready++;
    }
    progress(leftMs) {
        const byAnswer = new Map();
        for (const answer of this.last.values())
            byAnswer.set(answer, (byAnswer.get(answer) ?? 0) + 1);
        const answers = [...byAnswer]
            .map(([answer, images]) => ({ answer, images }))
            .toSorted((a, b) => b.images - a.images);
        return { ready: this.ready, waiting: this.total - this.ready, answers, leftMs: Math.max(0, leftMs) };
    }
    /** A mistake that ends the wait of its host's images: told once, as the others. */
    mistaken(host, mistake) {
        this.tell(host, mistake);
    }
    tell(host, mistake) {
        const key = `${mistake.kind} ${host}`;
        if (this.told.has(key))
            return;
        this.told.add(key);
        this.onMistake?.(mistake);
    }
}
/** The origin's answer as the progress line says it: `serve the previous version`, `answer 404`, `give no answer`. */
function answerWords(verdict, seen) {
    if (seen === undefined)
        return 'are not asked yet';
    if (seen.status === undefined)
        return 'give no answer';
    if (seen.offsite !== undefined)
        return 'redirect to another host';
    if (seen.page !== undefined)
        return 'serve a page, not the image';
    if (verdict === 'previous' && seen.status >= 200 && seen.status < 300)
        return 'serve the previous version';
    return `answer ${seen.status}`;
}
function isNotFound(seen) {
    return seen.status === 404 || seen.status === 410;
}
/**
 * A redirect off the URL asked's origin: another host, or another scheme or port of it (`http:` to `https:`). The
 * site's pages name where it leads, so an invalidation of the URL asked would clear nothing they show.
 */
function isOtherHost(asked, offsite) {
    try {
        return new URL(offsite, asked).origin !== new URL(asked).origin;
    }
    catch {
        return false;
    }
}

// EXTERNAL MODULE: ./src/origin/verdict.ts
var verdict = __webpack_require__(3363);
;// CONCATENATED MODULE: ./src/origin/ask.ts

/**
 * Bodies a little longer than the new version are still read whole on the first request: the previous version is
 * not known yet, and is often about as long.
 */
const FIRST_READ_MARGIN = 64 * 1024;
/**
 * One ask: the origin's answer against the new version, and against the previous one only when it is not ready.
 * `validators` (of an earlier answer that was the previous version) make it a conditional request.
 */
async function ask(image, sources, ends, validators) {
    const current = await sources.versions.current(image.path);
    if (current === 'unreadable')
        return { verdict: 'other', modified: false, requests: 0, notModified: false };
    const now = { current };
    const limit = (current?.length ?? 0) + 1 + FIRST_READ_MARGIN;
    let answer = await sources.fetch(image.ref, limit, ends, validators);
    let requests = answer.requests ?? 1;
    if (validators !== undefined && answer.status === 304)
        return { verdict: 'previous', modified: false, requests, notModified: true };
    if ((0,verdict/* verdictOf */.Vj)(answer, now) === 'ready')
        return {
            verdict: 'ready',
            seen: withoutBody(answer, now),
            modified: false,
            requests,
            notModified: false,
        };
    const previous = await sources.versions.previous(image.path);
    const both = previous === undefined ? now : { ...now, previous };
    // A body cut before the end of a previous version longer than the new one is asked for again, whole.
    if (answer.cut === 'too-long' && previous !== undefined && (0,verdict/* bodyLimit */.kR)(both) > limit) {
        answer = await sources.fetch(image.ref, (0,verdict/* bodyLimit */.kR)(both), ends);
        requests += answer.requests ?? 1;
    }
    return {
        verdict: await (0,verdict/* judge */.S4)(answer, both, ends),
        seen: withoutBody(answer, both),
        modified: current !== undefined && previous !== undefined,
        requests,
        notModified: false,
    };
}
/**
 * What to send back on the next ask: the validator of an answer that served a body. The ETag alone when there is one
 * (a server that has it ignores the date); the date otherwise, good to the second only, but a deploy comes later than
 * the version it replaces.
 */
function validatorsOf(seen) {
    if (seen?.status === undefined || seen.status < 200 || seen.status >= 300)
        return undefined;
    if (seen.etag !== undefined)
        return { etag: seen.etag };
    return seen.lastModified === undefined ? undefined : { lastModified: seen.lastModified };
}
/**
 * When an ask must end besides its own timeout: at the run's cancel; for every ask after an image's first, at the
 * check's deadline; and for a first ask, at `lastEnd` (the deadline and one ask's timeout): the first is always made
 * when it can start in time (`origin-timeout: 0` asks once), but one that waited for its turn ends with the others.
 */
function askEnds(asks, ends, clock, signal) {
    const end = asks <= 1 ? ends.lastEnd : ends.deadline;
    if (!Number.isFinite(end))
        return signal;
    // On the run's clock; each ask's own timeout (timeout-seconds) bounds it too.
    const atEnd = AbortSignal.timeout(Math.max(0, Math.ceil(end - clock.now())));
    return signal === undefined ? atEnd : AbortSignal.any([signal, atEnd]);
}
/** The answer as it is kept: without its body, and named a page only where it stood for the image (verdict.ts). */
function withoutBody(answer, versions) {
    const seen = { ...answer };
    delete seen.body;
    if (!(0,verdict/* isPageFor */.r5)(answer, versions))
        delete seen.page;
    return seen;
}

// EXTERNAL MODULE: ./src/origin/cache.ts
var origin_cache = __webpack_require__(8632);
;// CONCATENATED MODULE: ./src/origin/mapping.ts
/**
 * A url-map mistake that the asks made before the wait prove, for which waiting would only delay the failure:
 * - the host does not resolve (a name left from an example, a typo), and no ask got an answer: no deploy makes a name
 *   resolve;
 * - the witness (an image unchanged by the push, which the live site must serve) answers 404 or 410, and no image
 *   of the host served anything: the rule points where the site is not (a Pages site's `/<repository>` left out).
 *   An image added by the push answers 404 until the deploy lands, so only the witness proves the mapping wrong; and
 *   a host that serves some image under it is where the site is, the witness alone perhaps not deployed.
 */
function mappingMistake(witness, firsts) {
    const asked = [...(witness === undefined ? [] : [witness]), ...firsts];
    // One failed lookup is not a name that does not exist (a resolver can fail now and then): any HTTP status proves it.
    const unresolved = asked.some(({ seen }) => seen?.status !== undefined)
        ? undefined
        : asked.find((answered) => answered.seen?.unresolved === true);
    if (unresolved?.seen !== undefined)
        return { kind: 'unresolved', image: unresolved.image, seen: unresolved.seen };
    if (witness?.seen === undefined || !isGone(witness.seen))
        return undefined;
    if (firsts.some(({ seen }) => seen?.status !== undefined && seen.status >= 200 && seen.status < 300))
        return undefined;
    return {
        kind: 'not-found',
        image: witness.image,
        seen: witness.seen,
        images: 1,
        wholeHost: false,
        unchanged: true,
    };
}
function isGone(seen) {
    return seen.status === 404 || seen.status === 410;
}

// EXTERNAL MODULE: ./src/origin/pace.ts
var origin_pace = __webpack_require__(5527);
;// CONCATENATED MODULE: ./src/origin/host-watch.ts





/** Of an image's asks after its first, every this many is sent without validators. */
const UNCONDITIONAL_EVERY = 5;
/**
 * Watches the images of one origin host until each is ready, or the deadline or the cancel: a witness (an image
 * unchanged by the push, which the site must serve) and every image asked once, a url-map mistake failed at once, then
 * the host asked at the pace of pace.ts. Each image's check is settled as it ends; the checks, in the end.
 */
async function watchHost(host, images, witness, context) {
    const { options, slots, deadline } = context;
    const { clock, signal } = options;
    const pace = new origin_pace/* HostPace */.QP(images.length, clock.now());
    const waiting = new Map(images.map((image) => [image.ref, { image, asks: 0, lastAskAt: -Infinity }]));
    const checks = [];
    /** What each image's first ask saw: with the witness, what tells a url-map mistake. */
    const firsts = [];
    let notModified = 0;
    /** The answer of the first ask the host kept waiting past its own timeout: told once, and its unasked wait. */
    let stalled;
    const end = (entry, state, mistake) => {
        if (!waiting.delete(entry.image.ref))
            return;
        pace.confirmed();
        const now = clock.now();
        const settled = state === 'ready' || state === 'cannot-tell';
        const check = {
            ...entry.image,
            state,
            settledAt: settled ? now : undefined,
            previousAt: entry.previousAt,
            askedMs: entry.firstAt === undefined ? 0 : now - entry.firstAt,
            asks: entry.asks,
            // Never asked, behind an ask its host kept waiting: that answer is what the host gave.
            seen: entry.seen ?? (entry.asks === 0 ? stalled : undefined),
            mistake,
        };
        checks.push(check);
        context.settle(check);
    };
    /**
     * One ask of an image; true when it found the image flipped (ready, or other bytes than before). In the first round
     * (`firstRound`), an image of a host that has kept an ask waiting past its timeout is left for the wait, which asks
     * one at a time: a wave of asks that each wait their whole timeout would hold the check for waves on end.
     */
    const askOnce = (entry, firstRound = false) => slots.run(async () => {
        // An ask that waited for its slot past the cancel or the deadline is not made: nothing bounds a queue of them.
        const late = clock.now() >= (entry.asks > 0 ? deadline : context.lastEnd);
        if (isAborted(signal) || !waiting.has(entry.image.ref) || late || (firstRound && stalled !== undefined))
            return false;
        const at = clock.now();
        entry.firstAt ??= at;
        entry.lastAskAt = at;
        entry.asks++;
        pace.asked();
        const ends = askEnds(entry.asks, context, clock, signal);
        // Every UNCONDITIONAL_EVERY-th ask is plain: a server whose validator does not change with the bytes (an ETag of
        // mtime and size, with mtimes fixed by the build) would answer 304 for ever to a new version.
        const conditional = entry.asks > 1 && entry.asks % UNCONDITIONAL_EVERY !== 0;
        const answered = await ask(entry.image, options, ends, conditional ? entry.validators : undefined);
        pace.asked(Math.max(0, answered.requests - 1));
        if (answered.notModified)
            notModified++;
        // An ask cut by the deadline saw nothing: what the origin last answered still stands.
        const cut = answered.seen?.status === undefined && clock.now() >= deadline && entry.seen !== undefined;
        if (answered.seen !== undefined && !cut)
            entry.seen = answered.seen;
        if (answered.seen?.stalled === true && stalled === undefined) {
            stalled = answered.seen;
            options.onStalled?.(host, answered.seen);
        }
        if (entry.asks === 1)
            firsts.push({ image: entry.image, seen: entry.seen });
        context.watch.asked(entry.image, entry.asks === 1, answered.verdict, entry.seen, answered.modified);
        // Another host, not another version: asking again would not change it, and invalidating would miss the site.
        if (entry.seen?.offsite !== undefined && isOtherHost(entry.image.ref, entry.seen.offsite)) {
            end(entry, 'redirected');
            return false;
        }
        if (answered.verdict !== 'previous') {
            end(entry, answered.verdict === 'ready' ? 'ready' : 'cannot-tell');
            // Only a new version shows the host moving: a picture that is neither version says nothing of a deploy.
            return answered.verdict === 'ready';
        }
        entry.previousAt = at;
        if (!answered.notModified)
            entry.validators = validatorsOf(entry.seen);
        // A cache in front that keeps the previous version past the deadline: no wait makes it serve the new one. Read
        // from a body's answer only: a 304 repeats the age of the answer before it.
        if (!answered.notModified && heldByCache(entry))
            end(entry, 'not-ready');
        return false;
    });
    /** The previous version came from a cache's copy: told once per host, and true when it outlasts the deadline. */
    let cacheTold = false;
    const heldByCache = (entry) => {
        const cache = cachedPrevious(entry.seen);
        if (cache === undefined)
            return false;
        const kept = (0,origin_cache/* keptForS */.hy)(cache);
        const fits = kept === undefined ? undefined : clock.now() + kept * 1000 <= deadline;
        if (!cacheTold) {
            cacheTold = true;
            options.onCache?.(host, { ref: entry.image.ref, cache, fits });
        }
        return fits === false;
    };
    // 1. The witness first in line, then every image once: before any wait.
    const witnessSeen = witness === undefined ? undefined : await askWitness(witness, context, pace);
    if (witnessSeen?.stalled === true) {
        stalled = witnessSeen;
        options.onStalled?.(host, witnessSeen);
    }
    const firstFound = await Promise.all([...waiting.values()].map((entry) => askOnce(entry, true)));
    // A cancel in the first round leaves images unasked: what was seen proves nothing about the mapping.
    const mistake = isAborted(signal)
        ? undefined
        : mappingMistake(witness === undefined || witnessSeen === undefined
            ? undefined
            : { image: witness, seen: witnessSeen }, firsts);
    if (mistake !== undefined) {
        context.watch.mistaken(host, mistake);
        for (const entry of [...waiting.values()])
            end(entry, 'mismapped', mistake);
    }
    // 2. The wait, at the host's pace.
    let moving = firstFound.some(Boolean);
    let sweep = false;
    let lastAskAt = clock.now();
    while (waiting.size > 0) {
        if (isAborted(signal)) {
            for (const entry of [...waiting.values()])
                end(entry, 'cancelled');
            break;
        }
        const now = clock.now();
        if (now >= deadline) {
            for (const entry of [...waiting.values()])
                end(entry, 'not-ready');
            break;
        }
        if (sweep) {
            sweep = false;
            await sweepHost(longestUnasked(waiting), askOnce, options.concurrency);
            lastAskAt = clock.now();
            continue;
        }
        const at = Math.min(pace.nextAt(lastAskAt, moving, waiting.size), deadline);
        if (at > now) {
            await sleepUntil(clock, at - now, signal);
            continue;
        }
        const next = longestUnasked(waiting)[0];
        if (next === undefined)
            break;
        lastAskAt = now;
        if (await askOnce(next)) {
            moving = true;
            sweep = waiting.size > 0;
        }
    }
    return { checks, requests: { host, requests: pace.requests, notModified } };
}
/**
 * A deploy has begun: the images still waiting are asked now, one, then two, four… up to `concurrency` at a time,
 * while every image of the last round was found flipped (an atomic deploy: all of them, each ask the one its image
 * was owed). A round that finds one not flipped ends it (a deploy image by image: the rest are found at the host's
 * pace), so the sweep costs the budget one round at most.
 */
async function sweepHost(order, askOnce, concurrency = origin_pace/* ORIGIN_CONCURRENCY */.VH) {
    for (let start = 0, size = 1; start < order.length; start += size, size = Math.min(size * 2, concurrency)) {
        const found = await Promise.all(order.slice(start, start + size).map((entry) => askOnce(entry)));
        if (!found.every(Boolean))
            return;
    }
}
/** The witness, asked once: its status and whether its host resolves are all that is read of it. */
async function askWitness(witness, context, pace) {
    const { fetch, signal, clock } = context.options;
    return context.slots.run(async () => {
        if (isAborted(signal))
            return undefined;
        pace.asked();
        const answer = await fetch(witness.ref, 1, askEnds(1, context, clock, signal));
        pace.asked(Math.max(0, (answer.requests ?? 1) - 1));
        const { status, error, unresolved, stalled } = answer;
        return { status, error, unresolved, stalled };
    });
}
/** The cache that answered a body of the previous version from its copy (a hit); a miss or a bypass is the origin's. */
function cachedPrevious(seen) {
    if (seen?.cache?.hit !== true || seen.page !== undefined || seen.error !== undefined)
        return undefined;
    return seen.status !== undefined && seen.status >= 200 && seen.status < 300 ? seen.cache : undefined;
}
/** The images waiting, the one asked longest ago first (the order they came in, among those never asked again). */
function longestUnasked(waiting) {
    return [...waiting.values()].toSorted((a, b) => a.lastAskAt === b.lastAskAt ? 0 : a.lastAskAt < b.lastAskAt ? -1 : 1);
}
/** A sleep that ends (without error) when the run is cancelled. */
async function sleepUntil(clock, ms, signal) {
    await clock.sleep(ms, signal).catch(() => {
        if (signal?.aborted !== true)
            throw new Error('sleep failed');
    });
}
/** Read afresh each time: a cancel may come while an ask waits for its slot. */
function isAborted(signal) {
    return signal?.aborted === true;
}

;// CONCATENATED MODULE: ./src/origin/wait.ts







/**
 * Images checked one by one. Past it, each origin host is checked on a sample (see sampleByHost), and its other
 * images follow their host's sample: a deploy publishes a site's files together.
 */
const MAX_CHECKED_IMAGES = 1_000;
/** How often a wait that goes on is told: often enough for a person watching the log to see it move. */
const PROGRESS_EVERY_MS = 10_000;
/**
 * Waits until each image's origin serves its new version, or the timeout: each origin host watched apart, at its own
 * pace (host-watch.ts), with ORIGIN_CONCURRENCY requests in flight in all.
 */
async function awaitOrigins(images, options) {
    const deadline = options.clock.now() + options.timeoutMs;
    // The whole check, first asks included, ends within the timeout and one ask's own.
    const lastEnd = deadline + (options.requestTimeoutMs ?? Infinity);
    const slots = new in_flight/* InFlightLimit */.J(options.concurrency ?? origin_pace/* ORIGIN_CONCURRENCY */.VH);
    const toldHosts = new Set();
    const { checked, followers } = (0,hosts/* sampleByHost */.k)(images, options.maxChecked ?? MAX_CHECKED_IMAGES);
    const byHost = new Map();
    for (const image of checked)
        byHost.set((0,hosts/* hostOf */.w)(image.ref), [...(byHost.get((0,hosts/* hostOf */.w)(image.ref)) ?? []), image]);
    const witnesses = new Map();
    for (const witness of options.witnesses ?? [])
        if (!witnesses.has((0,hosts/* hostOf */.w)(witness.ref)))
            witnesses.set((0,hosts/* hostOf */.w)(witness.ref), witness);
    const results = new Map();
    const counts = new Map([...byHost].map(([host, list]) => [host, list.length]));
    const watch = new OriginWatch(images.length, counts, options.onMistake);
    const settle = (check) => {
        results.set(check.ref, check);
        watch.settled(check.ref, check.state === 'ready' || check.state === 'cannot-tell');
        if (check.state === 'cannot-tell') {
            const host = (0,hosts/* hostOf */.w)(check.ref);
            if (!toldHosts.has(host)) {
                toldHosts.add(host);
                options.onCannotTell?.(host, check);
            }
        }
        if (check.state === 'ready' || check.state === 'cannot-tell')
            options.onSettled(check);
    };
    // A host's followers go with its sample: released when every sampled image of the host may be invalidated.
    const followSample = (host, checks) => {
        const blocker = checks.find((check) => check.state !== 'ready' && check.state !== 'cannot-tell');
        for (const follower of followers.get(host) ?? []) {
            settle({
                ...follower,
                state: blocker === undefined ? 'ready' : blocker.state,
                settledAt: blocker === undefined ? options.clock.now() : undefined,
                mistake: blocker?.mistake,
                askedMs: 0,
                asks: 0,
                followed: true,
                seen: blocker?.seen,
            });
        }
    };
    const ended = new AbortController();
    const telling = tellProgress(watch, deadline, options, ended.signal);
    const requests = [];
    try {
        await Promise.all([...byHost].map(async ([host, list]) => {
            const context = { deadline, lastEnd, slots, watch, options, settle };
            const watched = await watchHost(host, list, witnesses.get(host), context);
            requests.push(watched.requests);
            followSample(host, watched.checks);
        }));
    }
    finally {
        // Whatever ends the checks: a progress timer left running would hold the process open.
        ended.abort();
        await telling;
    }
    return {
        checks: images.map((image) => results.get(image.ref) ?? { ...image, state: 'cancelled', askedMs: 0, asks: 0 }),
        requests,
    };
}
/**
 * Where the wait stands, every PROGRESS_EVERY_MS of real time until the checks end: a person reads it in real time,
 * and a timer of its own never moves the run's clock (which tests drive by the run's own sleeps).
 */
async function tellProgress(watch, deadline, options, ended) {
    const { onProgress, clock, signal } = options;
    if (onProgress === undefined)
        return;
    const stop = signal === undefined ? ended : AbortSignal.any([ended, signal]);
    for (;;) {
        await abortable((0,promises_.setTimeout)(PROGRESS_EVERY_MS, undefined, { signal: stop }), stop);
        if (stop.aborted)
            return;
        onProgress(watch.progress(deadline - clock.now()));
    }
}
/** A sleep that ends (without error) when the run is cancelled. */
function abortable(sleeping, signal) {
    return sleeping.catch(() => {
        if (signal?.aborted !== true)
            throw new Error('sleep failed');
    });
}


/***/ })

};
