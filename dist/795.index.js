export const id = 795;
export const ids = [795];
export const modules = {

/***/ 4420:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   e: () => (/* binding */ WARM_LIMIT),
/* harmony export */   l: () => (/* binding */ planWarm)
/* harmony export */ });
/* harmony import */ var _refs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(92);
/* harmony import */ var _urls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3012);


/**
 * Which delivery URLs a warm-up requests: for each invalidated image, every variant the built pages name (each
 * distinct set of processing segments, with the new cache buster), or its plain delivery URL when no page names it.
 * Pure: the requests are made elsewhere.
 */
/** Warm-up requests a run makes at most; the rest are counted and said, not made. */
const WARM_LIMIT = 2_000;
function planWarm(input) {
    const variants = new Map();
    for (const url of input.rewritten) {
        const key = (0,_refs_js__WEBPACK_IMPORTED_MODULE_1__/* .canonicalRef */ .SV)(url.originUrl);
        const urls = variants.get(key) ?? new Map();
        const processing = url.segments.filter((segment) => !segment.startsWith('cb:'));
        // The same variant written in another order is the same image for the service: one request.
        const shape = processing.toSorted().join('/');
        if (!urls.has(shape))
            urls.set(shape, deliveryUrl(input.imageHost, url));
        variants.set(key, urls);
    }
    const all = [];
    const seen = new Set();
    for (const image of input.images) {
        if (!/^https?:\/\//i.test(image))
            continue;
        const key = (0,_refs_js__WEBPACK_IMPORTED_MODULE_1__/* .canonicalRef */ .SV)(image);
        if (seen.has(key))
            continue;
        seen.add(key);
        const named = variants.get(key);
        if (named === undefined) {
            const plain = plainUrl(input.imageHost, image, input.cacheBuster);
            if (plain !== undefined)
                all.push({ image, url: plain });
        }
        else
            for (const url of named.values())
                all.push({ image, url });
    }
    const limit = Math.max(0, input.limit);
    return { requests: all.slice(0, limit), overLimit: Math.max(0, all.length - limit) };
}
function deliveryUrl(imageHost, url) {
    return [`https://${imageHost}`, ...url.segments, url.originUrl].join('/');
}
function plainUrl(imageHost, originUrl, cacheBuster) {
    try {
        return (0,_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .imageUrl */ .b8)({ imageHost, originUrl, cacheBuster });
    }
    catch {
        return undefined;
    }
}


/***/ }),

/***/ 8065:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   JL: () => (/* binding */ mediaType),
/* harmony export */   Rj: () => (/* binding */ declaredLength),
/* harmony export */   UE: () => (/* binding */ headerValues),
/* harmony export */   wx: () => (/* binding */ header)
/* harmony export */ });
/** The first value of a header (its name in lower case), as text; absent when not sent as text. */
function header(headers, name) {
    return headerValues(headers, name)[0];
}
/** Every value of a header, in the order sent: a list header (Vary, Content-Encoding) may come in several lines. */
function headerValues(headers, name) {
    const value = headers[name];
    return [value].flat().filter((each) => typeof each === 'string');
}
/** Content-Length, when it is a length: a server may send anything there. */
function declaredLength(headers) {
    const declared = Number(header(headers, 'content-length'));
    return Number.isSafeInteger(declared) && declared >= 0 ? declared : undefined;
}
/** The media type of a Content-Type, in lower case and without its parameters: `text/html; charset=utf-8` is `text/html`. */
function mediaType(contentType) {
    return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}


/***/ }),

/***/ 9603:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ob: () => (/* binding */ ACCEPT_ORDER),
/* harmony export */   kj: () => (/* binding */ nextAccept),
/* harmony export */   uz: () => (/* binding */ ACCEPTS)
/* harmony export */ });
/* harmony import */ var _mechanics_headers_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8065);
/**
 * The browsers a proof asks as: one `Accept` per format class an image host negotiates. A host that says `Vary:
 * Accept` keeps one copy per format it delivers, and an invalidation may reach one copy and not another: a proof that
 * asked as one browser would count an image fresh while others still get its old copy.
 */

/** Each class's `Accept`, as a browser of that class sends it, from the most capable to the least. */
const ACCEPTS = {
    /** A current browser (Chrome, Firefox, Safari 16+): the host may deliver AVIF. */
    avif: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
    /** A browser without AVIF (older Safari and Edge): WebP at best. */
    webp: 'image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
    /** Any other browser or client: the host's fallback, usually the original's format. */
    plain: 'image/*,*/*;q=0.8',
};
/** The order in which the classes are asked: each later one takes fewer formats than the one before it. */
const ACCEPT_ORDER = ['avif', 'webp', 'plain'];
/** The formats a host delivers to one class and not to every class after it. */
const NEGOTIATED = {
    avif: ['image/avif', 'image/webp'],
    webp: ['image/webp'],
    plain: [],
};
/** The formats a host gives only to the browsers that say they take them. */
const NEGOTIATED_ONLY = new Set(['image/avif', 'image/webp']);
/**
 * The class to ask as next, after `answered` was answered `answer`; undefined: every class is answered by an answer
 * already seen. Bounded so that a host is asked as few times as it has copies:
 * - a host that did not answer, or that does not say `Vary: Accept` (or `Vary: *`) and answered in a format every
 *   browser takes, delivers one copy to every browser (an AVIF or WebP answer shows negotiation, Vary or not);
 * - a later class that accepts the format of this answer gets that same copy (a host never gives a less capable
 *   browser a more modern format than it gave a more capable one), so only a class that cannot take it is asked:
 *   an answer in JPEG, PNG, GIF or SVG ends it, WebP given to the AVIF class skips the WebP class.
 */
function nextAccept(answered, answer) {
    if (answer.status === undefined)
        return undefined;
    const format = (0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_0__/* .mediaType */ .JL)(answer.contentType);
    // A format only some browsers take shows the host negotiating, whatever its Vary says (a CDN may strip it).
    if (!variesByAccept(answer.vary) && !NEGOTIATED_ONLY.has(format))
        return undefined;
    return ACCEPT_ORDER.slice(ACCEPT_ORDER.indexOf(answered) + 1).find((later) => NEGOTIATED[answered].includes(format) && !NEGOTIATED[later].includes(format));
}
function variesByAccept(vary) {
    return (vary ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .some((name) => name === 'accept' || name === '*');
}


/***/ }),

/***/ 9553:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GF: () => (/* binding */ proofWords),
/* harmony export */   Kj: () => (/* binding */ acceptWords),
/* harmony export */   cv: () => (/* binding */ proofFacts)
/* harmony export */ });
/* harmony import */ var _mechanics_exhaustive_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9067);
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5462);
/* harmony import */ var _accepts_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9603);



/** The proof of freshness, counted and phrased once. */
function proofFacts(proof) {
    const failed = [];
    const cannotTell = [];
    let verified = 0;
    let notChecked = 0;
    const confirmedAgain = [];
    const failedAgain = [];
    const answered = new Map(_accepts_js__WEBPACK_IMPORTED_MODULE_0__/* .ACCEPT_ORDER */ .Ob.map((accept) => [accept, { answered: 0, fresh: 0 }]));
    for (const image of proof.images) {
        if (image.invalidatedAgain)
            confirmedAgain.push(image.ref);
        const refused = image.invalidateAgainFailed;
        if (refused !== undefined)
            failedAgain.push({
                ref: image.ref,
                path: image.path,
                error: refused,
                sentence: `${image.ref} (${image.path}) was not invalidated once more: ${refused.replace(/\.$/, '')}`,
            });
        let fresh = image.variants.length > 0;
        for (const variant of image.variants) {
            if (variant.state !== 'fresh')
                fresh = false;
            const counted = answered.get(variant.accept);
            if (counted !== undefined && variant.state !== 'not-checked') {
                counted.answered++;
                if (variant.state === 'fresh')
                    counted.fresh++;
            }
            switch (variant.state) {
                case 'fresh':
                    break;
                case 'not-checked':
                    notChecked++;
                    break;
                case 'stale': {
                    failed.push(finding(image, variant, `its previous version${againWords(image, variant.asks)}`, variant.seen));
                    break;
                }
                case 'failed':
                    failed.push(finding(image, variant, FAILURE_WORDS[variant.failure], variant.seen));
                    break;
                case 'cannot-tell':
                    cannotTell.push(finding(image, variant, DOUBT_WORDS[variant.doubt] + (variant.detail === undefined ? '' : ` (${variant.detail})`), variant.seen));
                    break;
                default:
                    (0,_mechanics_exhaustive_js__WEBPACK_IMPORTED_MODULE_1__/* .unhandled */ .g)(variant);
            }
        }
        if (fresh)
            verified++;
    }
    return {
        images: proof.images.length,
        verified,
        failed,
        cannotTell,
        notChecked,
        again: { confirmed: confirmedAgain, failed: failedAgain },
        byAccept: [...answered].map(([accept, counts]) => ({ accept: _accepts_js__WEBPACK_IMPORTED_MODULE_0__/* .ACCEPTS */ .uz[accept], ...counts })),
    };
}
/** What became of a stale image's second invalidation, said after what it showed. */
function againWords(image, asks) {
    // Confirmed, but the proof's time ran out before the image was asked again: what it shows now is not known.
    if (image.invalidatedAgain)
        return asks > 1
            ? ' after one more invalidation'
            : "; invalidated once more, then not asked again within the proof's time";
    const refused = image.invalidateAgainFailed;
    return refused === undefined ? '' : `; invalidating it once more failed: ${refused.replace(/\.$/, '')}`;
}
/** `2 of 3 images proven fresh through the image host; 1 variant failed; 1 could not be told` */
function proofWords(facts) {
    const parts = [
        `${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(facts.verified)} of ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(facts.images, 'image')} proven fresh through the image host`,
    ];
    if (facts.failed.length > 0)
        parts.push(`${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(facts.failed.length, 'variant')} failed`);
    if (facts.cannotTell.length > 0)
        parts.push(`${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(facts.cannotTell.length)} could not be told new from old`);
    if (facts.notChecked > 0)
        parts.push(`${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(facts.notChecked)} not asked (time, cancel or sample)`);
    const { confirmed, failed } = facts.again;
    if (failed.length > 0)
        parts.push(`${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(failed.length)} of ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(confirmed.length + failed.length, 'image')} not invalidated once more`);
    return parts.join('; ');
}
/**
 * `variants by the Accept they were asked with: image/avif,… 2 of 2 fresh; image/webp,… 1 of 2 fresh`, each class
 * of browsers the host was asked as; undefined when none was.
 */
function acceptWords(facts, show = (accept) => accept) {
    const asked = facts.byAccept.filter((counted) => counted.answered > 0);
    if (asked.length === 0)
        return undefined;
    const each = asked.map((counted) => `${show(counted.accept)} ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(counted.fresh)} of ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(counted.answered)} fresh`);
    return `variants by the Accept they were asked with: ${each.join('; ')}`;
}
const FAILURE_WORDS = {
    'no-answer': 'no answer',
    redirect: 'a redirect elsewhere',
    'error-page': 'an error page',
    placeholder: "the service's placeholder, not the image",
    'not-image': 'an answer that is not an image',
    'too-large': 'a body larger than any image (not read on)',
};
const DOUBT_WORDS = {
    alike: 'a picture, but its two versions look alike',
    neither: 'a picture that is neither version (a crop or an edit)',
    'other-shape': 'a picture of another shape than either version (a crop)',
    'too-small': 'a picture too small to tell',
    'other-kind': 'an SVG against a raster image',
    undecodable: 'a file that could not be decoded',
    'version-undecodable': 'a picture, but a version of the file could not be decoded to compare it with',
    cancelled: 'a picture not compared: the run was cancelled',
};
function finding(image, variant, shows, seen) {
    const { url } = variant;
    const accept = _accepts_js__WEBPACK_IMPORTED_MODULE_0__/* .ACCEPTS */ .uz[variant.accept];
    return {
        ref: image.ref,
        path: image.path,
        url,
        accept,
        shows,
        seen,
        sentence: `${image.ref} (${image.path}) at ${url}, asked with Accept ${accept}, showed ${shows}` +
            (seen === undefined ? '' : ` (${headerWords(seen)})`),
    };
}
/** The headers that matter: status, content type, length, Age and cache status, those the answer had. */
function headerWords(seen) {
    const words = [
        seen.status === undefined ? `no answer: ${seen.error ?? 'unknown'}` : `status ${seen.status}`,
        seen.contentType === undefined ? undefined : `content type ${seen.contentType}`,
        seen.length === undefined ? undefined : `${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_2__/* .count */ .U9)(seen.length)} bytes`,
        seen.age === undefined ? undefined : `Age ${seen.age}`,
        seen.cacheStatus === undefined ? undefined : `cache ${seen.cacheStatus}`,
        seen.location === undefined ? undefined : `to ${seen.location}`,
    ];
    return words.filter((word) => word !== undefined).join(', ');
}


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
        Promise.all(/* import() */[__webpack_require__.e(416), __webpack_require__.e(946)]).then(__webpack_require__.bind(__webpack_require__, 946)),
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


/***/ }),

/***/ 8969:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   tellProof: () => (/* binding */ tellProof)
/* harmony export */ });
/* harmony import */ var _plan_stage_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4445);
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5462);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2392);
/* harmony import */ var _facts_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9553);
/** What the proof of freshness found, in every voice: its failures, section, line, JSON and outputs. */




function tellProof(proof) {
    const { facts } = proof;
    return {
        ..._plan_stage_js__WEBPACK_IMPORTED_MODULE_0__/* .SILENT */ .q,
        failures: facts.failed.map((failure) => `The proof of freshness failed: ${failure.sentence}.`),
        summary: () => proofSection(proof),
        json: () => ({ proof: proofJson(proof) }),
        text: () => [`Verify: ${(0,_facts_js__WEBPACK_IMPORTED_MODULE_1__/* .proofWords */ .GF)(facts)}.`],
        outputs: {
            'verified-count': String(facts.verified),
            // Each image that failed the proof, once.
            unverified: [...new Set(facts.failed.map((failure) => failure.ref))],
        },
    };
}
/** The proof's counts, each variant that failed or could not be told, and every image with its variants. */
function proofJson(proof) {
    const { facts } = proof;
    const strip = (finding) => ({
        ref: finding.ref,
        path: finding.path,
        url: finding.url,
        accept: finding.accept,
        shows: finding.shows,
        seen: finding.seen,
    });
    return {
        images: facts.images,
        verified: facts.verified,
        notChecked: facts.notChecked,
        failed: facts.failed.map(strip),
        cannotTell: facts.cannotTell.map(strip),
        byAccept: facts.byAccept,
        invalidatedAgain: {
            confirmed: facts.again.confirmed,
            failed: facts.again.failed.map(({ ref, path, error }) => ({ ref, path, error })),
        },
        checked: proof.images,
    };
}
/** The proof of freshness: how many images were proven fresh, and each variant that failed or could not be told. */
function proofSection(proof) {
    const { facts } = proof;
    const words = (0,_facts_js__WEBPACK_IMPORTED_MODULE_1__/* .proofWords */ .GF)(facts);
    const lines = ['### Proof of freshness', '', `${words.charAt(0).toUpperCase()}${words.slice(1)}.`];
    const byAccept = (0,_facts_js__WEBPACK_IMPORTED_MODULE_1__/* .acceptWords */ .Kj)(facts, _shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownText */ .p7);
    if (byAccept !== undefined)
        lines.push('', `${byAccept.charAt(0).toUpperCase()}${byAccept.slice(1)}.`);
    const table = (title, findings) => {
        if (findings.length === 0)
            return;
        const { shown, more } = (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_3__/* .firstOf */ .Ku)(findings, _shown_format_js__WEBPACK_IMPORTED_MODULE_3__/* .FAILURES_NAMED */ .u);
        lines.push('', title, '', '| Image | Variant | Accept | Showed | Status | Content type | Length | Age | Cache |', '|---|---|---|---|---|---|---|---|---|');
        for (const finding of shown) {
            const seen = finding.seen;
            const cell = (value) => value === undefined ? '' : (0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownText */ .p7)(String(value));
            lines.push(`| ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownRef */ .Pp)(finding.ref)} | ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownText */ .p7)(finding.url)} | ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownText */ .p7)(finding.accept)} | ` +
                `${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownText */ .p7)(finding.shows)} | ` +
                `${cell(seen?.status ?? seen?.error)} | ${cell(seen?.contentType)} | ${cell(seen?.length)} | ` +
                `${cell(seen?.age)} | ${cell(seen?.cacheStatus)} |`);
        }
        if (more !== undefined)
            lines.push('', `… ${more}: the report (\`report-path\`) lists each one.`);
    };
    table('Not proven fresh: visitors do not get the new image.', facts.failed);
    table('Could not be told new from old (a notice, not a failure):', facts.cannotTell);
    lines.push(...againSection(facts.again));
    return lines;
}
/** The second invalidation of the images first seen stale: how many landed, and each that did not, with why. */
function againSection(again) {
    const { confirmed, failed } = again;
    if (confirmed.length + failed.length === 0)
        return [];
    const total = confirmed.length + failed.length;
    const lines = [
        '',
        `Invalidated once more, having shown their previous version: ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(confirmed.length)} of ` +
            `${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(total, 'image')} confirmed by the service.${failed.length === 0 ? '' : ' Not invalidated once more:'}`,
    ];
    if (failed.length === 0)
        return lines;
    const { shown, more } = (0,_shown_format_js__WEBPACK_IMPORTED_MODULE_3__/* .firstOf */ .Ku)(failed, _shown_format_js__WEBPACK_IMPORTED_MODULE_3__/* .FAILURES_NAMED */ .u);
    lines.push('', '| Image | File | Why |', '|---|---|---|');
    for (const failure of shown)
        lines.push(`| ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownRef */ .Pp)(failure.ref)} | ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownText */ .p7)(failure.path)} | ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownText */ .p7)(failure.error)} |`);
    if (more !== undefined)
        lines.push('', `… ${more}: the report (\`report-path\`) lists each one.`);
    return lines;
}


/***/ })

};
