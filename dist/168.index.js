export const id = 168;
export const ids = [168];
export const modules = {

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
