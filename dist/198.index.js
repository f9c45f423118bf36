export const id = 198;
export const ids = [198];
export const modules = {

/***/ 4198:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ByteBudget: () => (/* binding */ ByteBudget),
/* harmony export */   MAX_REDIRECTS: () => (/* binding */ MAX_REDIRECTS),
/* harmony export */   ORIGIN_BYTE_BUDGET: () => (/* binding */ ORIGIN_BYTE_BUDGET),
/* harmony export */   originFetcher: () => (/* binding */ originFetcher)
/* harmony export */ });
/* harmony import */ var undici__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6752);
/* harmony import */ var _mechanics_abortable_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1717);
/* harmony import */ var _mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1411);



/** Redirects followed within the same origin (scheme, host, port), as a browser would on the way to the image. */
const MAX_REDIRECTS = 5;
/** Bytes of origin bodies a run reads at most: 1,000 images of a quarter MiB each, with room for retries. */
const ORIGIN_BYTE_BUDGET = 256 * 1024 * 1024;
/** The bytes of origin bodies a run may still read, shared by every request of the run. */
class ByteBudget {
    left;
    constructor(left = ORIGIN_BYTE_BUDGET) {
        this.left = left;
    }
    get spent() {
        return this.left <= 0;
    }
    take(bytes) {
        this.left -= bytes;
    }
}
function originFetcher(options) {
    return (url, limit, signal, validators) => fetchOrigin(url, limit, options, signal, validators);
}
async function fetchOrigin(url, limit, options, signal, validators) {
    // One deadline for the whole ask: each redirect hop with a fresh timeout would let a chain of slow hops run on.
    const ends = AbortSignal.any([
        AbortSignal.timeout(options.timeoutMs),
        ...(signal === undefined ? [] : [signal]),
    ]);
    let target;
    try {
        target = new URL(url);
    }
    catch {
        return { error: 'not a URL' };
    }
    for (let redirects = 0;; redirects++) {
        if (options.budget.spent)
            return { cut: 'budget', requests: redirects };
        let answer;
        try {
            // Only these headers: the image service fetches origins without cookies or keys, and so does this check.
            answer = await (0,_mechanics_abortable_js__WEBPACK_IMPORTED_MODULE_1__/* .untilAborted */ .E)((0,undici__WEBPACK_IMPORTED_MODULE_0__/* .request */ .Em)(target, {
                method: 'GET',
                dispatcher: options.dispatcher,
                headers: { 'user-agent': options.userAgent, accept: '*/*', ...conditional(validators) },
                headersTimeout: options.timeoutMs,
                bodyTimeout: options.timeoutMs,
                signal: ends,
            }), ends);
        }
        catch (error) {
            return { error: (0,_mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .g)(error), requests: redirects + 1, ...unresolved(error) };
        }
        const requests = redirects + 1;
        const { statusCode: status, headers, body } = answer;
        const etag = header(headers, 'etag');
        const lastModified = header(headers, 'last-modified');
        const declared = Number(header(headers, 'content-length'));
        const length = Number.isSafeInteger(declared) && declared >= 0 ? declared : undefined;
        const location = header(headers, 'location');
        if (status >= 300 && status < 400 && location !== undefined) {
            await body.dump().catch(() => undefined);
            const next = safeUrl(location, target);
            if (next === undefined || next.origin !== target.origin || redirects >= MAX_REDIRECTS)
                return { status, offsite: next?.href ?? location, etag, requests };
            target = next;
            continue;
        }
        const base = { status, etag, lastModified, requests };
        if (status === 304) {
            await body.dump().catch(() => undefined);
            return base;
        }
        if (length !== undefined && length >= limit) {
            await body.dump({ limit: 0 }).catch(() => undefined);
            return { ...base, length, cut: 'too-long' };
        }
        return { ...base, ...(await readBody(body, limit, options.budget, length)) };
    }
}
/** The body up to `limit` bytes, each counted against the run's budget; past it, the rest is not read. */
async function readBody(body, limit, budget, declared) {
    const chunks = [];
    let read = 0;
    try {
        for await (const chunk of body) {
            read += chunk.length;
            budget.take(chunk.length);
            if (read >= limit || budget.spent) {
                body.destroy();
                return { cut: read >= limit ? 'too-long' : 'budget', length: declared ?? read };
            }
            chunks.push(chunk);
        }
    }
    catch (error) {
        return { error: (0,_mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .g)(error) };
    }
    return { body: Buffer.concat(chunks), length: declared ?? read };
}
function conditional(validators) {
    const sent = {};
    if (validators?.etag !== undefined)
        sent['if-none-match'] = validators.etag;
    if (validators?.lastModified !== undefined)
        sent['if-modified-since'] = validators.lastModified;
    return sent;
}
/**
 * A host name that does not resolve (ENOTFOUND: the resolver says no such name): a url-map mistake, never a deploy in
 * progress. A resolver that could not answer (EAI_AGAIN) may answer the next ask: it is not this.
 */
function unresolved(error) {
    for (let cause = error; cause instanceof Error; cause = cause.cause)
        if (cause.code === 'ENOTFOUND')
            return { unresolved: true };
    return {};
}
function header(headers, name) {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
}
function safeUrl(location, base) {
    try {
        return new URL(location, base);
    }
    catch {
        return undefined;
    }
}


/***/ })

};
