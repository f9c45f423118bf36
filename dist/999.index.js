export const id = 999;
export const ids = [999];
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

/***/ 6999:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  prove: () => (/* binding */ prove)
});

// EXTERNAL MODULE: ./src/domain/hosts.ts
var hosts = __webpack_require__(4315);
;// CONCATENATED MODULE: ./src/proof/judge.ts
async function judgeDelivered(answer, versions, signal) {
    const { status } = answer;
    if (status === undefined || answer.error !== undefined)
        return failed('no-answer');
    if (versions.current === undefined && (status === 404 || status === 410))
        return { state: 'fresh' };
    if (status >= 300 && status < 400)
        return failed('redirect');
    if (status >= 400 || status < 200)
        return failed('error-page');
    if (answer.placeholder === true)
        return failed('placeholder');
    if (answer.cut === true)
        return failed('too-large');
    if (answer.body === undefined || !isImageType(answer.contentType))
        return failed('not-image');
    // The comparison's own chunk, shared with the origin check's (origin/verdict.ts loads it by the same name): a
    // static import would copy it into the proof's chunk as well.
    const { compareImage } = await __webpack_require__.e(/* import() | compare */ 44).then(__webpack_require__.bind(__webpack_require__, 8770));
    const comparison = await compareImage(answer.body, versions, { signal });
    switch (comparison.shows) {
        case 'new':
            return versions.current === undefined ? { state: 'cannot-tell', doubt: 'neither' } : { state: 'fresh' };
        case 'previous':
            return { state: 'stale' };
        case 'cannot-tell':
            if (comparison.doubt === 'undecodable')
                return failed('not-image');
            return {
                state: 'cannot-tell',
                doubt: comparison.doubt,
                detail: comparison.detail,
            };
        default: {
            const unhandled = comparison;
            return unhandled;
        }
    }
}
function failed(failure) {
    return { state: 'failed', failure };
}
/** An image type, or none said (the bytes tell then); `text/html`, `application/json` and the like are not. */
function isImageType(contentType) {
    if (contentType === undefined)
        return true;
    const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    return type.startsWith('image/') || type === 'application/octet-stream' || type === 'binary/octet-stream';
}

// EXTERNAL MODULE: ./src/mechanics/error-message.ts
var error_message = __webpack_require__(1411);
// EXTERNAL MODULE: ./src/proof/accepts.ts
var accepts = __webpack_require__(9603);
;// CONCATENATED MODULE: ./src/proof/proof.ts




async function prove(input) {
    const { clock, bounds, signal } = input;
    const deadline = clock.now() + bounds.timeoutMs;
    // A function, read anew after each wait: the cancel may come while an answer is awaited.
    const cancelled = () => signal?.aborted === true;
    const { checked } = (0,hosts/* sampleByHost */.k)(input.images.map((image) => ({ ref: image.ref, path: image.path })), bounds.maxImages);
    const toCheck = new Set(checked.map((image) => image.ref));
    // For each image, for each of its variant URLs, what each class of browsers asked got.
    const proofs = new Map();
    const tasks = input.images
        .filter((image) => toCheck.has(image.ref))
        .flatMap((image) => image.urls.map((url, index) => ({ image, url, index })));
    for (const image of input.images)
        proofs.set(image.ref, image.urls.map((url) => [
            {
                url,
                accept: accepts/* ACCEPT_ORDER */.Ob[0] ?? 'avif',
                state: 'not-checked',
                why: toCheck.has(image.ref) ? 'timeout' : 'sampled',
            },
        ]));
    /** Asks one variant as one class of browsers; what it found, undefined when it was not asked or cut short. */
    const ask = async (task, accept) => {
        const list = proofs.get(task.image.ref)?.[task.index] ?? [];
        const at = list.findIndex((proof) => proof.accept === accept);
        const previous = list[at];
        const put = (proof) => {
            if (at < 0)
                list.push(proof);
            else
                list[at] = proof;
        };
        // Not asked, or cut short by the cancel or the proof's time: not checked, never a failure of the image; what an
        // earlier ask found stands (a stale image is still reported stale).
        const unasked = (why) => {
            if (previous === undefined || previous.state === 'not-checked')
                put({ url: task.url, accept, state: 'not-checked', why });
        };
        if (cancelled() || clock.now() >= deadline) {
            unasked(cancelled() ? 'cancelled' : 'timeout');
            return undefined;
        }
        const asks = (previous !== undefined && 'asks' in previous ? previous.asks : 0) + 1;
        const found = await askOnce(task.image, task.url, accepts/* ACCEPTS */.uz[accept], input, deadline);
        if (found === undefined) {
            unasked(cancelled() ? 'cancelled' : 'timeout');
            return undefined;
        }
        const proof = { ...found, url: task.url, accept, asks };
        put(proof);
        return proof;
    };
    /** Every class of browsers the host keeps a copy apart for, one after the other (nextAccept decides). */
    const askEveryClass = async (task) => {
        for (let accept = accepts/* ACCEPT_ORDER */.Ob[0]; accept !== undefined;) {
            const proof = await ask(task, accept);
            accept =
                proof === undefined || proof.state === 'not-checked' ? undefined : (0,accepts/* nextAccept */.kj)(accept, proof.seen);
        }
    };
    await inTurn(tasks, bounds.concurrency, askEveryClass);
    const stale = tasks.flatMap((task) => (proofs.get(task.image.ref)?.[task.index] ?? [])
        .filter((proof) => proof.state === 'stale')
        .map((proof) => ({ task, accept: proof.accept })));
    const again = [...new Set(stale.map(({ task }) => task.image.ref))];
    // Not after a cancel: the run sends nothing new then, and a stale image is reported as the first ask found it.
    const failedAgain = again.length > 0 && input.invalidateAgain !== undefined && !cancelled()
        ? await invalidateAgain(input.invalidateAgain, again, clock, deadline - bounds.retryWaitMs)
        : undefined;
    const invalidatedAgain = new Set(failedAgain === undefined ? [] : again.filter((ref) => !failedAgain.has(ref)));
    if (invalidatedAgain.size > 0) {
        const wait = Math.min(bounds.retryWaitMs, Math.max(0, deadline - clock.now()));
        await clock.sleep(wait, signal).catch(() => undefined);
        // Only the images the service confirmed, as the browsers that got them stale: another ask of the others would
        // find what the first found.
        await inTurn(stale.filter(({ task }) => invalidatedAgain.has(task.image.ref)), bounds.concurrency, async ({ task, accept }) => {
            await ask(task, accept);
        });
    }
    const images = input.images.map((image) => {
        const failed = failedAgain?.get(image.ref);
        return {
            ref: image.ref,
            path: image.path,
            variants: (proofs.get(image.ref) ?? []).flat(),
            invalidatedAgain: invalidatedAgain.has(image.ref),
            invalidateAgainFailed: failed,
        };
    });
    return { images };
}
/**
 * `task` for each item, at most `concurrency` at once. Unlike eachInFlight, every item is visited even after the
 * cancel or the deadline: each one then says why it was not asked.
 */
async function inTurn(work, concurrency, task) {
    let next = 0;
    const worker = async () => {
        while (next < work.length) {
            const item = work[next++];
            if (item !== undefined)
                await task(item);
        }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, work.length)) }, worker));
}
/**
 * The second invalidation of the stale images: each one the service did not confirm, and why. It has half the time
 * left before `until`, so that the images it lands can still be asked again.
 */
async function invalidateAgain(send, refs, clock, until) {
    try {
        return await send(refs, Math.max(0, (until - clock.now()) / 2));
    }
    catch (error) {
        // Not the service's answer (those are each image's outcome) but a fault of the sending itself: each image.
        const why = (0,error_message/* errorMessage */.g)(error);
        return new Map(refs.map((ref) => [ref, why]));
    }
}
/** What one ask found; undefined when the cancel or the proof's time ended it before an answer. */
async function askOnce(image, url, accept, input, deadline) {
    const [current, previous] = await Promise.all([
        input.versions.current(image.path),
        input.versions.previous(image.path),
    ]);
    // An ask in flight ends at the proof's deadline too, not only one that has not started.
    const atDeadline = AbortSignal.timeout(Math.max(0, Math.ceil(deadline - input.clock.now())));
    const ends = input.signal === undefined ? atDeadline : AbortSignal.any([input.signal, atDeadline]);
    const answer = await input.fetch(url, input.bounds.maxBytes, ends, accept);
    if (answer.error !== undefined && ends.aborted)
        return undefined;
    const seen = withoutBody(answer);
    if (current === 'unreadable')
        return { state: 'cannot-tell', doubt: 'undecodable', seen };
    const finding = await judgeDelivered(answer, { current, previous }, ends);
    // A comparison the cancel or the deadline cut short saw nothing.
    if (ends.aborted)
        return undefined;
    return { ...finding, seen };
}
function withoutBody(answer) {
    const seen = { ...answer };
    delete seen.body;
    return seen;
}


/***/ })

};
