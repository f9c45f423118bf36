export const id = 946;
export const ids = [946,416];
export const modules = {

/***/ 8087:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   k: () => (/* binding */ isTimeout),
/* harmony export */   p: () => (/* binding */ causes)
/* harmony export */ });
/**
 * `error` and what caused it, outermost first. What happened is often some way down: fetch says "fetch failed" over
 * the socket's error, octokit wraps fetch's error, undici's own errors carry their code. A chain that loops is walked
 * once round.
 */
function causes(error) {
    const chain = [];
    for (let cause = error; typeof cause === 'object' && cause !== null && !chain.includes(cause);) {
        chain.push(cause);
        cause = cause.cause;
    }
    return chain;
}
// undici's own bounds on the wait for an answer's headers and for each part of its body.
const UNDICI_TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
/**
 * A wait ended by its time bound, not by the network: a deadline (`AbortSignal.timeout`'s TimeoutError) or undici's
 * bound on the headers or the body. A connection that could not be made in time is a network error: its bound is the
 * connector's, which may be shorter than the one a message would name.
 */
function isTimeout(error) {
    return causes(error).some((cause) => {
        const { name, code } = cause;
        return name === 'TimeoutError' || UNDICI_TIMEOUTS.has(code);
    });
}


/***/ }),

/***/ 388:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   x: () => (/* binding */ readBody)
/* harmony export */ });
/** Reads an answer's body within `bounds`. Rejects when the connection fails, or the request's end comes, mid-body. */
async function readBody(body, bounds) {
    const chunks = [];
    let read = 0;
    for await (const chunk of body) {
        read += chunk.length;
        bounds.budget?.take(chunk.length);
        if (bounds.keep)
            chunks.push(chunk);
        const cut = read > bounds.maxBytes ? 'too-long' : bounds.budget?.spent === true ? 'budget' : undefined;
        if (cut !== undefined) {
            body.destroy();
            return { bytes: Buffer.concat(chunks).subarray(0, bounds.maxBytes), read, cut };
        }
    }
    return { bytes: Buffer.concat(chunks), read };
}


/***/ }),

/***/ 5232:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  _: () => (/* binding */ endOfAsk),
  w: () => (/* binding */ sendRequest)
});

;// CONCATENATED MODULE: ./src/mechanics/abortable.ts
/**
 * `work`, or the reason of `signal` as soon as it aborts, whichever comes first. undici does not end a request whose
 * TLS connection is still being made when its signal aborts (its connections to one origin are made one after the
 * other, each up to its connect timeout): without this, eight requests to a host that never completes a handshake
 * took eight connect timeouts, not one. What `work` does after is not waited for, and its failure is not unhandled.
 */
function untilAborted(work, signal) {
    work.catch(() => undefined);
    if (signal.aborted)
        return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
        const onAbort = () => {
            reject(abortReason(signal));
        };
        signal.addEventListener('abort', onAbort, { once: true });
        work.then(resolve, reject).finally(() => {
            signal.removeEventListener('abort', onAbort);
        });
    });
}
function abortReason(signal) {
    return signal.reason instanceof Error ? signal.reason : new Error('The operation was aborted');
}

;// CONCATENATED MODULE: ./src/mechanics/http-request.ts

/**
 * When a request, or a whole ask of several, must end: `timeoutMs` after it starts, or at `signal` (the run's cancel,
 * a stage's deadline). One end for a whole ask: a fresh timeout per redirect would let a chain of slow hops run on.
 */
function endOfAsk(timeoutMs, signal) {
    const timeout = AbortSignal.timeout(timeoutMs);
    return signal === undefined ? timeout : AbortSignal.any([timeout, signal]);
}
/**
 * Sends one request to `url`, and resolves with the answer once its headers are in; its body is the caller's to read,
 * and `ends` ends that read too. Never follows a redirect: a dispatcher does not.
 */
function sendRequest(url, request, ends) {
    // undici does not end a request whose TLS connection is still being made: untilAborted ends the wait at `ends`.
    return untilAborted(request.dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: request.headers,
        body: request.body ?? null,
        signal: ends,
        headersTimeout: request.timeoutMs,
        bodyTimeout: request.timeoutMs,
    }), ends);
}


/***/ }),

/***/ 946:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   OUT_OF_TIME: () => (/* binding */ OUT_OF_TIME),
/* harmony export */   invalidateAgain: () => (/* binding */ invalidateAgain)
/* harmony export */ });
/* harmony import */ var _domain_policy_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4596);
/* harmony import */ var _service_to_service_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7416);
/* harmony import */ var _domain_batches_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1336);



/** Why an image's second invalidation did not land when the proof's time ran out first. */
const OUT_OF_TIME = "not confirmed by the service before the proof's time ran out";
/**
 * Invalidates the images a proof found stale once more, as the run's calls went out (sendToService): batches of at
 * most 100, the plan's concurrency, retries and rate-limit pauses, and the run's cancel. Each batch lands or fails on
 * its own; nothing starts past `withinMs`, its share of
 * the proof's time, and a call still in flight then is waited for as a cancelled run's calls are.
 */
async function invalidateAgain(refs, options) {
    const { calls, service } = options;
    const plan = {
        scope: 'assets',
        calls: (0,_domain_batches_js__WEBPACK_IMPORTED_MODULE_2__/* .toBatches */ .kn)(refs).map((assets) => ({ route: 'invalidate/assets', assets })),
        token: false,
    };
    // The proof's time ends the sending as a cancel does: no call starts past it, and one in flight is waited for as
    // a cancelled run's calls are. What that cut short is said to be the time's doing, not a cancel's.
    const outOfTime = AbortSignal.timeout(Math.max(0, Math.ceil(options.withinMs)));
    const stop = options.signal === undefined ? outOfTime : AbortSignal.any([options.signal, outOfTime]);
    const result = await (0,_service_to_service_js__WEBPACK_IMPORTED_MODULE_1__.sendToService)(plan, {
        service,
        calls,
        redact: options.redact,
        clock: options.clock,
        signal: stop,
        policy: {
            ...calls.policy,
            retryWindowMs: Math.min(calls.policy.retryWindowMs ?? _domain_policy_js__WEBPACK_IMPORTED_MODULE_0__/* .DEFAULT_POLICY */ .zj.retryWindowMs, options.withinMs),
        },
        onRetry: options.onRetry,
    });
    const late = outOfTime.aborted && options.signal?.aborted !== true;
    const failures = new Map();
    result.assets.forEach((ref, outcome, error) => {
        if (outcome === 'invalidated')
            return;
        const stopped = outcome === 'not-sent' || error?.includes('cancelled') === true;
        failures.set(ref, late && stopped ? OUT_OF_TIME : (error ?? outcome));
    });
    return failures;
}


/***/ }),

/***/ 7416:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  sendToService: () => (/* binding */ sendToService)
});

// EXTERNAL MODULE: ./src/mechanics/version.ts
var version = __webpack_require__(7887);
// EXTERNAL MODULE: ./src/mechanics/exhaustive.ts
var exhaustive = __webpack_require__(9067);
// EXTERNAL MODULE: ./src/domain/api-error.ts
var api_error = __webpack_require__(2803);
// EXTERNAL MODULE: ./src/domain/policy.ts
var policy = __webpack_require__(4596);
// EXTERNAL MODULE: ./src/mechanics/http-url.ts
var http_url = __webpack_require__(9071);
// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
// EXTERNAL MODULE: ./src/mechanics/headers.ts
var mechanics_headers = __webpack_require__(8065);
// EXTERNAL MODULE: ./src/mechanics/http-body.ts
var http_body = __webpack_require__(388);
// EXTERNAL MODULE: ./src/mechanics/json.ts
var mechanics_json = __webpack_require__(1765);
;// CONCATENATED MODULE: ./src/service/body.ts
// A namespace, not named imports: the library must load on an older Node to say which version it needs.





/**
 * The most of an answer's body that is read, on the wire and once decoded: an answer of the service is a few
 * hundred bytes, and a decompression bomb stops here. A 2xx longer than this is not a confirmation.
 */
const MAX_BODY_BYTES = 1024 * 1024;
const MAX_BODY_TEXT = '1 MiB';
// `deflate` is the zlib format (RFC 9110), but some servers send the bare stream under that name.
const inflateEither = (bytes, maxOutputLength) => {
    try {
        return external_node_zlib_.inflateSync(bytes, { maxOutputLength });
    }
    catch (error) {
        if (error.code === 'ERR_BUFFER_TOO_LARGE')
            throw error;
        return external_node_zlib_.inflateRawSync(bytes, { maxOutputLength });
    }
};
const DECODERS = {
    gzip: (bytes, maxOutputLength) => external_node_zlib_.gunzipSync(bytes, { maxOutputLength }),
    'x-gzip': (bytes, maxOutputLength) => external_node_zlib_.gunzipSync(bytes, { maxOutputLength }),
    deflate: inflateEither,
    br: (bytes, maxOutputLength) => external_node_zlib_.brotliDecompressSync(bytes, { maxOutputLength }),
    zstd: (bytes, maxOutputLength) => external_node_zlib_.zstdDecompressSync(bytes, { maxOutputLength }),
};
/**
 * Reads the whole body, up to MAX_BODY_BYTES on the wire, and decodes it whatever the coding the server chose,
 * though the request asks for none: no decoded body grows past MAX_BODY_BYTES either. Rejects only when the
 * connection fails; a body that cannot be read as meant says why in `unread`.
 */
async function answerBody(response, redact) {
    const wire = await (0,http_body/* readBody */.x)(response.body, { maxBytes: MAX_BODY_BYTES, keep: true });
    const codings = contentCodings((0,mechanics_headers/* headerValues */.UE)(response.headers, 'content-encoding').join(','));
    if (wire.cut !== undefined) {
        // Its start still carries an error's message, when it is not coded.
        const start = codings.length === 0 ? textOf(wire.bytes) : '';
        return { text: start, unread: `it is longer than ${MAX_BODY_TEXT}` };
    }
    let bytes = wire.bytes;
    // Codings are listed in the order they were applied: undone from the last.
    for (const coding of codings.reverse()) {
        const decode = DECODERS[coding];
        if (decode === undefined) {
            return {
                text: '',
                unread: `its content coding ${JSON.stringify(redact(coding).slice(0, 40))} is not one the action reads`,
            };
        }
        try {
            bytes = decode(bytes, MAX_BODY_BYTES);
        }
        catch (error) {
            const tooLong = error.code === 'ERR_BUFFER_TOO_LARGE';
            return {
                text: '',
                unread: tooLong
                    ? `it is longer than ${MAX_BODY_TEXT} once decoded (${coding})`
                    : `it does not decode as ${coding}, its content coding says`,
            };
        }
    }
    return { text: textOf(bytes) };
}
// A byte-order mark before JSON is a classic fault of PHP files saved by some editors.
function textOf(bytes) {
    return bytes.toString('utf8').replace(/^\uFEFF/, '');
}
function contentCodings(header) {
    return header
        .split(',')
        .map((coding) => coding.trim().toLowerCase())
        .filter((coding) => coding !== '' && coding !== 'identity');
}
/**
 * A 2xx answer is a confirmation only when its body says so, or says nothing (the API spec shows no body for the
 * invalidations): an empty body, JSON `true`, or a JSON object whose `success` is absent or exactly `true`. Anything
 * else fails the call, not retried: sent again, the same server would answer the same. docs/how-it-works.md's
 * "What counts as a confirmation" lists the cases. Returns the JSON object, if the body is one.
 */
function confirmedJson(status, contentType, body, server, redact) {
    const refused = (what, message, code) => new api_error/* ApiError */.hD(`HTTP ${status} with ${what}`, {
        kind: 'response',
        status,
        code,
        serverMessage: message,
    });
    if (body.unread !== undefined) {
        throw refused(`a body that is not read as a confirmation: ${body.unread}.`);
    }
    const text = body.text.trim();
    if (text === '')
        return undefined;
    // JSON is judged as JSON whatever the content type says: PHP serves it as text/html unless told otherwise.
    const json = (0,mechanics_json/* parseJson */.q)(text);
    if (json === true)
        return undefined;
    if ((0,mechanics_json/* isRecord */.u)(json)) {
        if (json.success === true)
            return json;
        if (!('success' in json)) {
            if (!reportsError(json))
                return json;
            const { code, message } = server();
            throw refused(`an error${message === undefined ? '' : `: ${message}`}`, message, code);
        }
        const { code, message } = server();
        const value = redact(JSON.stringify(json.success));
        throw refused(`"success": ${value.slice(0, 40)}${message === undefined ? '' : `: ${message}`}`, message, code);
    }
    // A login page or a proxy's page, from a base-url that is not the API.
    if (json === undefined && (/html/i.test(contentType ?? '') || text.startsWith('<'))) {
        const { message } = server();
        throw refused(`an HTML page, not an API answer${message === undefined ? '' : ` (${message})`}: check base-url and service-key.`);
    }
    if (json !== undefined)
        throw refused(`JSON ${describeJson(json, redact)}, not an API answer.`);
    throw refused(`a body that is not JSON (${server().message ?? 'a body'}), not an API answer.`);
}
/** Redacted whole, then cut: a key cut in two is no longer a form the redactor knows. */
function describeJson(json, redact) {
    if (Array.isArray(json))
        return 'an array';
    return redact(JSON.stringify(json)).slice(0, 40);
}
/**
 * A body with no `success` that says it failed all the same, in the shapes servers use for errors: `error`,
 * a non-empty `errors`, or WordPress's error object with its `data.status` of 400 or more.
 */
function reportsError(json) {
    const data = json.data;
    const status = (0,mechanics_json/* isRecord */.u)(data) ? data.status : undefined;
    return ((json.error !== undefined && json.error !== null && json.error !== false && json.error !== '') ||
        (Array.isArray(json.errors) && json.errors.length > 0) ||
        (typeof status === 'number' && status >= 400));
}

// EXTERNAL MODULE: ./src/domain/urls.ts
var urls = __webpack_require__(3012);
;// CONCATENATED MODULE: ./src/service/server-message.ts

const MAX_MESSAGE_LENGTH = 300;
const MAX_CODE_LENGTH = 100;
// A proxy's page says what it has to say near the top; the rest is not read, which also bounds the tag stripping.
const MAX_HTML_LENGTH = 4 * 1024;
/**
 * Understands the shapes seen from such services and the proxies in front of them:
 * `{code, message, data: {status}}` (WordPress-style REST APIs), `{success: false, error | message | data |
 * data.message}`,
 * `{error: {code, message}}`, plain text, an HTML error page (its text), and an empty body.
 */
function serverMessage(body, contentType = '') {
    const text = body.trim();
    if (text === '')
        return {};
    // Only a JSON object, array or string: a bare number or `true` is a server's plain text.
    const json = /^[[{"]/.test(text) ? (0,mechanics_json/* parseJson */.q)(text) : undefined;
    if (json !== undefined)
        return fromJson(json);
    if (/html/i.test(contentType) || /^<(?:!doctype|html|head|body|\?xml)/i.test(text))
        return fromHtml(text);
    return withMessage(undefined, text);
}
function fromJson(json) {
    if (typeof json === 'string')
        return withMessage(undefined, json);
    if (!(0,mechanics_json/* isRecord */.u)(json))
        return {};
    const error = json.error;
    const data = json.data;
    const code = firstString(json.code, (0,mechanics_json/* isRecord */.u)(error) ? error.code : undefined);
    const message = firstString(json.message, error, (0,mechanics_json/* isRecord */.u)(error) ? error.message : undefined, (0,mechanics_json/* isRecord */.u)(data) ? data.message : data, // WordPress's wp_send_json_error('…') sends the message as data
    Array.isArray(json.errors) ? messageOf(json.errors[0]) : undefined);
    return withMessage(code, message);
}
function messageOf(value) {
    return (0,mechanics_json/* isRecord */.u)(value) ? value.message : value;
}
/** A proxy's error page: its visible text, without scripts and styles. */
function fromHtml(html) {
    const text = html
        .slice(0, MAX_HTML_LENGTH)
        .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
        .replace(/<!--[\s\S]*?-->/g, ' ')
        .replace(/<[^<>]*>/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
    return withMessage(undefined, text);
}
function withMessage(code, message) {
    const shownCode = oneLine(code, MAX_CODE_LENGTH);
    const shown = oneLine(message, MAX_MESSAGE_LENGTH);
    return {
        code: shownCode,
        message: shown,
    };
}
/** Server text as one line, cut short: it may be anything, of any length. */
function oneLine(text, max) {
    const line = text?.replace(/[\s\u0085]+/g, ' ').trim();
    if (line === undefined || line === '')
        return undefined;
    return line.length > max ? `${line.slice(0, max)}…` : line;
}
function firstString(...values) {
    return values.find((value) => typeof value === 'string' && value.trim() !== '');
}

// EXTERNAL MODULE: ./src/shown/format.ts
var format = __webpack_require__(5462);
// EXTERNAL MODULE: ./src/mechanics/causes.ts
var causes = __webpack_require__(8087);
// EXTERNAL MODULE: ./src/mechanics/http-request.ts + 1 modules
var http_request = __webpack_require__(5232);
// EXTERNAL MODULE: ./src/mechanics/error-message.ts
var error_message = __webpack_require__(1411);
;// CONCATENATED MODULE: ./src/service/client.ts












/**
 * Sends one call once. Resolves with the answer, or rejects with an ApiError (never anything else) that reports
 * what happened; what it means for the run is policy.ts's to decide.
 */
async function sendCall(call, options) {
    assertSafeEndpoint(options.endpoint);
    const ends = (0,http_request/* endOfAsk */._)(options.timeoutMs);
    // The endpoint's origin, whatever its path holds: read as a URL of its own, a path `//host/…` names another host.
    const url = new URL(options.endpoint.origin);
    url.pathname = `${options.endpoint.pathname}/${call.route}`;
    const body = requestBody(call);
    let response;
    let answer;
    try {
        const { dispatcher, timeoutMs } = options;
        const headers = requestHeaders(body !== undefined, options);
        response = await (0,http_request/* sendRequest */.w)(url, { dispatcher, method: 'POST', headers, body, timeoutMs }, ends);
        answer = await answerBody(response, options.redact);
    }
    catch (error) {
        throw networkError(error, ends, options);
    }
    return interpret(call, response.statusCode, response.headers, answer, options);
}
/** The key travels only over https, or to this machine: checked here too, for callers of the library. */
function assertSafeEndpoint(endpoint) {
    const loopback = (0,http_url/* isLoopbackHost */.c)(endpoint.hostname);
    if (endpoint.protocol !== 'https:' && !(endpoint.protocol === 'http:' && loopback)) {
        throw new TypeError(`endpoint ${endpoint.origin} is not https: the key is sent over https only (or to loopback).`);
    }
    if (endpoint.username !== '' || endpoint.password !== '')
        throw new TypeError('endpoint holds credentials.');
}
function requestHeaders(hasBody, options) {
    const headers = {
        authorization: `Bearer ${options.apiKey}`,
        accept: 'application/json',
        // A coded body is decoded all the same (body.ts): asking for none keeps well-behaved servers from sending one.
        'accept-encoding': 'identity',
        'user-agent': options.userAgent,
    };
    if (hasBody)
        headers['content-type'] = 'application/json';
    return headers;
}
/**
 * The body as bytes, outside V8's heap: given as a string, each call's body (100 URLs) outlived a collection of the
 * young generation, which copied it and grew for it, in a heap profile of a run of 100,000 assets.
 */
function requestBody(call) {
    switch (call.route) {
        case 'invalidate/domain':
            return Buffer.from(JSON.stringify({ domain: call.domain }));
        case 'invalidate/assets':
            return Buffer.from(JSON.stringify({ assets: call.assets }));
        case 'invalidate/all':
        case 'token':
            return undefined;
        default:
            return (0,exhaustive/* unhandled */.g)(call);
    }
}
function networkError(error, ends, options) {
    const code = errorCode(error);
    if (ends.aborted || (0,causes/* isTimeout */.k)(error)) {
        const seconds = options.timeoutMs / 1000;
        return new api_error/* ApiError */.hD(`no complete answer within ${seconds} s (timeout-seconds)`, { kind: 'timeout' }, { cause: error });
    }
    if (code !== undefined && api_error/* CERTIFICATE_CODES */.jL.has(code)) {
        return new api_error/* ApiError */.hD(`the certificate of ${options.endpoint.host} does not verify (${code}); nothing was sent. If your network ` +
            "re-signs TLS with a certificate authority of its own (a corporate proxy), set NODE_EXTRA_CA_CERTS to the path of that CA's certificate (PEM) in the step's env.", { kind: 'network', code }, { cause: error });
    }
    const detail = options.redact((0,error_message/* errorMessage */.g)(error));
    return new api_error/* ApiError */.hD(`network error${code === undefined ? '' : ` ${code}`}: ${detail}`, { kind: 'network', code }, { cause: error });
}
function errorCode(error) {
    return (0,causes/* causes */.p)(error)
        .map((cause) => cause.code)
        .find((code) => typeof code === 'string');
}
function interpret(call, status, headers, answer, options) {
    if (status >= 300 && status < 400)
        throw redirectError(status, headers, options);
    const body = answer.text;
    // Redacted only where server text goes into an error: a success costs no scan of its body.
    // Redacted before and after reading: a key hidden by an escape (`&quot;`, `\"`) shows only once it is decoded.
    const server = () => {
        const { code, message } = serverMessage(options.redact(body), (0,mechanics_headers/* header */.wx)(headers, 'content-type'));
        return {
            code: code === undefined ? undefined : options.redact(code),
            message: message === undefined ? undefined : options.redact(message),
        };
    };
    if (status < 200 || status >= 300) {
        throw httpError(status, server(), retryAfterMs((0,mechanics_headers/* header */.wx)(headers, 'retry-after')), options);
    }
    const json = confirmedJson(status, (0,mechanics_headers/* header */.wx)(headers, 'content-type'), answer, server, options.redact);
    return call.route === 'token'
        ? { status, token: tokenFrom(status, json, body, options.redact) }
        : { status };
}
function httpError(status, server, retryAfter, options) {
    const code = server.code === undefined ? '' : ` (${server.code})`;
    const said = `HTTP ${status}${code}: ${sentence(server.message ?? 'no message')}`;
    let hint = '';
    if ((0,policy/* isKeyRefusal */.Ux)(status, server.message))
        hint = ` ${api_error/* KEY_REFUSED_HINT */.$n}`;
    else if (status === 404) {
        hint = ` The service has no route ${options.endpoint.pathname}/…: check base-url and service-key.`;
    }
    return new api_error/* ApiError */.hD(`${said}${hint}`, {
        kind: 'http',
        status,
        code: server.code,
        serverMessage: server.message,
        retryAfterMs: retryAfter,
    });
}
function sentence(text) {
    return /[.!?]$/.test(text) ? text : `${text}.`;
}
function redirectError(status, headers, options) {
    const location = (0,mechanics_headers/* header */.wx)(headers, 'location');
    let target = 'no Location';
    if (location !== undefined) {
        try {
            target = new URL(location, options.endpoint).host;
        }
        catch {
            target = 'an unreadable Location';
        }
    }
    return new api_error/* ApiError */.hD(`HTTP ${status}: the service redirected to ${options.redact(target)}. Redirects are not followed, so that ` +
        "the key goes to base-url's host alone: set base-url to the address that answers directly.", { kind: 'redirect', status });
}
function tokenFrom(status, json, body, redact) {
    const data = json?.data;
    const value = typeof data === 'object' && data !== null ? data.token : undefined;
    const token = typeof value === 'string' ? value.trim() : '';
    if (json?.success === true && token !== '') {
        if (redact(token) !== token) {
            throw new api_error/* ApiError */.hD(`HTTP ${status}, but the token holds the API key: refused, so that it is never published.`, { kind: 'response', status });
        }
        if (token.length > urls/* MAX_CACHE_BUSTER_LENGTH */.hg) {
            throw new api_error/* ApiError */.hD(`HTTP ${status}, but the token is ${(0,format/* count */.U9)(token.length)} characters long, more than the ` +
                `${(0,format/* count */.U9)(urls/* MAX_CACHE_BUSTER_LENGTH */.hg)} a cache buster may hold: ${urls/* CACHE_BUSTER_BOUND_WHY */.hW}. The service's ` +
                'answer is at fault; ask again, or report it to the service.', { kind: 'response', status });
        }
        if ((0,urls/* isCacheBuster */.Ub)(token))
            return token;
        throw new api_error/* ApiError */.hD(`HTTP ${status}, but the token ${JSON.stringify(token.slice(0, 80))} has characters that cannot stand in a URL ` +
            "path segment (letters, digits, '.', '_', '~' and '-' can).", { kind: 'response', status });
    }
    const redacted = redact(body);
    const shown = redacted.trim() === '' ? 'an empty body' : (serverMessage(redacted).message ?? 'a body');
    throw new api_error/* ApiError */.hD(`HTTP ${status}, but no token: expected {"success": true, "data": {"token": "…"}}, got ${json === undefined ? `not JSON (${shown})` : describeTokenAnswer(json)}.`, { kind: 'response', status });
}
function describeTokenAnswer(json) {
    if (json.success === undefined)
        return 'no "success" field';
    if (json.success !== true)
        return `"success": ${JSON.stringify(json.success)}`;
    return 'no non-empty string at data.token';
}
/** Retry-After as delta-seconds or an HTTP date; anything else (negative, not a number) is ignored. */
function retryAfterMs(value, now = Date.now()) {
    if (value === undefined)
        return undefined;
    const trimmed = value.trim();
    if (/^\d+$/.test(trimmed))
        return Number(trimmed) * 1000;
    if (!/[a-z]/i.test(trimmed))
        return undefined;
    const date = Date.parse(trimmed);
    return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

// EXTERNAL MODULE: ./src/service/cut-off.ts
var cut_off = __webpack_require__(2411);
// EXTERNAL MODULE: ./src/plan/plan.ts
var plan_plan = __webpack_require__(8720);
// EXTERNAL MODULE: ./src/domain/batches.ts
var batches = __webpack_require__(1336);
// EXTERNAL MODULE: ./src/mechanics/clock.ts
var clock = __webpack_require__(6885);
// EXTERNAL MODULE: ./src/service/asset-results.ts
var asset_results = __webpack_require__(8832);
;// CONCATENATED MODULE: ./src/service/pace.ts
/**
 * The pace the calls share, as additive increase and multiplicative decrease (TCP's congestion window). A rate limit
 * halves the window of calls in flight once per congestion event: the rate limits met by calls that were in flight
 * together are one event. Only answers to calls sent after the decrease may grow it again, by one for each window's
 * worth of successes. A rate limit that says when to come back also pauses every call, not only the one that met it:
 * otherwise each would honour its own Retry-After while the others kept sending, and the retries would land together.
 *
 * Plain state: the scheduler does the waiting, on its clock.
 */
class Pace {
    /** Pauses begun, for the report. */
    pauses = 0;
    max;
    size;
    /** Attempts sent so far: each attempt's sequence number. */
    sent = 0;
    /** The last attempt sent before the last decrease: answers to it or earlier belong to that event. */
    decreasedAfter = 0;
    successes = 0;
    pausedUntil = -Infinity;
    pauseId = 0;
    paused = false;
    constructor(max) {
        this.max = max;
        this.size = max;
    }
    /** Calls that may be in flight now. */
    get window() {
        return this.size;
    }
    get isPaused() {
        return this.paused;
    }
    /** An attempt goes out: its sequence number, for telling which answers came after a decrease. */
    sending() {
        return ++this.sent;
    }
    /** A success: one more call may fly once a window's worth of answers to calls sent since the decrease succeeded. */
    succeeded(attempt) {
        if (attempt <= this.decreasedAfter || this.size >= this.max)
            return;
        this.successes += 1;
        if (this.successes >= this.size) {
            this.size += 1;
            this.successes = 0;
        }
    }
    /** A rate limit: the window halves, unless the attempt was in flight when it last halved. Whether it did. */
    rateLimited(attempt) {
        if (attempt <= this.decreasedAfter)
            return false;
        this.size = Math.max(1, Math.floor(this.size / 2));
        this.decreasedAfter = this.sent;
        this.successes = 0;
        return true;
    }
    /** One call at a time, until answers grow the window again: what every call met is settled by one. */
    alone() {
        this.size = 1;
        this.decreasedAfter = this.sent;
        this.successes = 0;
    }
    /**
     * Every call waits `waitMs` from `now`. Returns the pause's id when this extends the pause (the scheduler then
     * sleeps that long and calls `resume` with it), undefined when a pause already lasts as long.
     */
    pause(now, waitMs) {
        const until = now + waitMs;
        if (this.paused && until <= this.pausedUntil)
            return undefined;
        if (!this.paused)
            this.pauses += 1;
        this.paused = true;
        this.pausedUntil = until;
        return ++this.pauseId;
    }
    /** The sleep for pause `id` is over: the pause ends, unless a later one extended it. */
    resume(id) {
        if (id === this.pauseId)
            this.paused = false;
    }
}

;// CONCATENATED MODULE: ./src/service/scheduler.ts







/**
 * Keeps min(concurrency, window, calls ready) calls in flight for as long as work remains or may still be added:
 * the halves of a split, retries after their wait, and calls added while it runs. Each failed attempt goes to the
 * policy's `decide`, and the scheduler carries the decision out.
 */
class Scheduler {
    stoppedBy;
    settled = [];
    pace;
    options;
    deadline;
    /** Halves and retries: sent before the calls added, last in first out. */
    first = [];
    added = [];
    nextAdded = 0;
    /** Calls waiting out their backoff. */
    waiting = new Set();
    inFlight = 0;
    sentCalls = 0;
    sizeLimit = batches/* MAX_ASSETS_PER_CALL */.OW;
    bisectionCallsLeft;
    idle = [];
    /** Ends every sleep once the run is over, so that no timer outlives it. */
    over = new AbortController();
    /** Aborted as `stoppedBy` is set: what waits to be added (held assets) stops waiting. */
    stop = new AbortController();
    /** Aborted once a call has shown that every other would fail too (a refused key, a wrong address). */
    get stopped() {
        return this.stop.signal;
    }
    constructor(options) {
        this.options = options;
        this.deadline = options.clock.now() + options.policy.retryWindowMs;
        this.pace = new Pace(options.concurrency);
        this.bisectionCallsLeft = options.policy.maxBisectionCalls;
        options.signal?.addEventListener('abort', () => {
            this.halt();
        }, { once: true });
    }
    get cancelled() {
        return this.options.signal?.aborted === true;
    }
    /** Adds a call to send; `start` is where its assets start in the run's list. Resolves with its answer, if any. */
    add(call, start) {
        return new Promise((answered) => {
            const job = { call, start, attempts: [], settled: false, answered };
            if (this.halted)
                this.settle(job, undefined);
            else
                this.added.push(job);
            this.pump();
        });
    }
    /** Resolves once nothing is ready, waiting or in flight. */
    drained() {
        return new Promise((resolve) => {
            this.idle.push(resolve);
            this.checkIdle();
        });
    }
    /** No more calls will be added: waits for the work to end, then ends every timer. */
    async close() {
        await this.drained();
        this.over.abort();
    }
    get halted() {
        return this.stoppedBy !== undefined || this.cancelled;
    }
    get limit() {
        return Math.min(this.options.concurrency, this.pace.window);
    }
    get ready() {
        return this.first.length + this.added.length - this.nextAdded;
    }
    pump() {
        while (!this.halted && !this.pace.isPaused && this.inFlight < this.limit) {
            const job = this.take();
            if (job === undefined)
                break;
            void this.attempt(job);
        }
        this.options.observer?.({
            type: 'settled',
            inFlight: this.inFlight,
            limit: this.limit,
            ready: this.ready,
            paused: this.pace.isPaused,
            halted: this.halted,
        });
        this.checkIdle();
    }
    /** The next call, cut to the size the service accepts. */
    take() {
        let job = this.first.pop();
        if (job === undefined && this.nextAdded < this.added.length) {
            job = this.added[this.nextAdded];
            this.added[this.nextAdded++] = undefined; // released: a long run holds no call it has sent
            if (this.nextAdded === this.added.length) {
                this.added.length = 0;
                this.nextAdded = 0;
            }
        }
        if (job?.call.route !== 'invalidate/assets' || job.call.assets.length <= this.sizeLimit)
            return job;
        const [head, ...rest] = this.jobsOf(job, (0,batches/* toBatches */.kn)(job.call.assets, this.sizeLimit));
        this.first.push(...rest.reverse());
        // A call already tried (and waiting to be sent again) is recorded as split: its attempts went out.
        if (job.attempts.length > 0)
            this.record(job, 'split');
        else
            this.settle(job, undefined);
        return head;
    }
    async attempt(job) {
        const { options } = this;
        job.index ??= ++this.sentCalls;
        const attempt = this.pace.sending();
        this.inFlight += 1;
        options.observer?.({ type: 'send', index: job.index, inFlight: this.inFlight, limit: this.limit });
        const startedAt = options.clock.now();
        let outcome;
        try {
            outcome = { answer: await options.send(job.call) };
        }
        catch (thrown) {
            outcome = { failure: thrown instanceof api_error/* ApiError */.hD ? thrown : unexpected(thrown) };
        }
        this.inFlight -= 1;
        const durationMs = options.clock.now() - startedAt;
        if ('answer' in outcome) {
            job.attempts.push({ startedAt, durationMs, status: outcome.answer.status });
            this.windowChange(() => {
                this.pace.succeeded(attempt);
            });
            this.record(job, 'confirmed', outcome.answer);
        }
        else {
            job.lastError = outcome.failure;
            this.failed(job, attempt, outcome.failure, { startedAt, durationMs, ...facts(outcome.failure) });
        }
        this.pump();
    }
    failed(job, attempt, failure, tried) {
        const { options } = this;
        const decision = (0,policy/* decide */.LD)(failure, {
            retries: job.attempts.length,
            maxRetries: options.maxRetries,
            now: options.clock.now(),
            deadline: this.deadline,
            random: options.clock.random(),
            assets: (0,plan_plan/* assetsIn */.Jd)(job.call).length,
            bisectionCallsLeft: this.bisectionCallsLeft,
        }, options.policy);
        if (slowsDown(decision))
            this.windowChange(() => this.pace.rateLimited(attempt));
        switch (decision.action) {
            case 'retry':
            case 'pause': {
                if (decision.action === 'pause') {
                    if (decision.alone === true)
                        this.windowChange(() => {
                            this.pace.alone();
                        });
                    this.pause(decision.waitMs);
                }
                const retry = decision.action === 'retry' || decision.retry;
                if (!retry || this.halted) {
                    job.attempts.push(tried);
                    this.record(job, 'failed', undefined, this.halted ? this.haltReason() : undefined);
                    return;
                }
                job.attempts.push({ ...tried, waitMs: decision.waitMs });
                // Paused: the retry waits with every other call for the pause to end.
                if (decision.action === 'pause')
                    this.first.push(job);
                else
                    this.wait(job, decision.waitMs);
                // Told once queued: a listener that cancels the run finds the retry where the cancel ends it.
                options.onRetry?.({ index: job.index ?? 0, call: job.call }, failure, decision.waitMs, job.attempts.length + 1);
                return;
            }
            case 'split':
            case 'bisect': {
                job.attempts.push(tried);
                const halves = (0,batches/* halve */.Xu)((0,plan_plan/* assetsIn */.Jd)(job.call));
                if (decision.action === 'split')
                    this.sizeLimit = Math.min(this.sizeLimit, halves[0].length);
                else
                    this.bisectionCallsLeft -= 2;
                if (!this.halted)
                    this.first.push(...this.jobsOf(job, halves).reverse());
                this.record(job, 'split');
                return;
            }
            case 'stop': {
                job.attempts.push(tried);
                const record = this.record(job, 'failed');
                this.stoppedBy ??= { call: record, reason: decision.reason, keyRefused: decision.keyRefused };
                this.stop.abort();
                this.halt();
                return;
            }
            case 'give-up':
                job.attempts.push(tried);
                this.record(job, 'failed', undefined, decision.reason);
                return;
            default:
                (0,exhaustive/* unhandled */.g)(decision);
        }
    }
    wait(job, waitMs) {
        this.waiting.add(job);
        this.options.clock.sleep(waitMs, this.over.signal).then(() => {
            if (!this.waiting.delete(job))
                return;
            this.first.push(job);
            this.pump();
        }, () => undefined);
    }
    pause(waitMs) {
        const id = this.pace.pause(this.options.clock.now(), waitMs);
        if (id === undefined)
            return;
        this.options.observer?.({ type: 'pause', waitMs });
        this.options.clock.sleep(waitMs, this.over.signal).then(() => {
            this.pace.resume(id);
            if (this.pace.isPaused)
                return;
            this.options.observer?.({ type: 'resume' });
            this.pump();
        }, () => undefined);
    }
    /** No call starts any more: those never sent stay so, those waiting to be sent again fail as they are. */
    halt() {
        const unsent = [...this.waiting, ...this.first, ...this.added.slice(this.nextAdded)];
        this.waiting.clear();
        for (const job of unsent) {
            if (job === undefined)
                continue;
            if (job.attempts.length === 0) {
                this.settle(job, undefined);
                continue;
            }
            // Its last attempt is its last: no wait follows it.
            const last = job.attempts.pop();
            if (last !== undefined)
                job.attempts.push(withoutWait(last));
            this.record(job, 'failed', undefined, this.haltReason());
        }
        this.first.length = 0;
        this.added.length = 0;
        this.nextAdded = 0;
        this.pump();
    }
    haltReason() {
        return `not retried: ${this.stoppedBy?.reason ?? 'the run was cancelled'}`;
    }
    windowChange(change) {
        const before = this.pace.window;
        change();
        if (this.pace.window !== before)
            this.options.observer?.({ type: 'window', window: this.pace.window });
    }
    record(job, outcome, answer, reason) {
        const error = job.lastError;
        const record = {
            index: job.index ?? 0,
            call: job.call,
            outcome,
            attempts: job.attempts,
            error: outcome === 'confirmed' || error === undefined ? undefined : callError(error, reason),
        };
        this.settled.push({ record, start: job.start });
        this.options.onCall?.(record);
        this.settle(job, answer);
        return record;
    }
    settle(job, answer) {
        if (job.settled)
            return;
        job.settled = true;
        job.answered(answer);
    }
    checkIdle() {
        if (this.inFlight > 0 || this.waiting.size > 0 || this.ready > 0)
            return;
        const idle = this.idle;
        this.idle = [];
        for (const resolve of idle)
            resolve();
    }
    /** Consecutive batches of a call's assets as calls, from its first asset's position on. */
    jobsOf(parent, batches) {
        let position = parent.start;
        return batches.map((assets) => {
            const job = {
                call: { route: 'invalidate/assets', assets },
                start: position,
                attempts: [],
                settled: false,
                answered: () => undefined,
            };
            position += assets.length;
            return job;
        });
    }
}
function slowsDown(decision) {
    return (decision.action === 'pause' ||
        ((decision.action === 'retry' || decision.action === 'give-up') && decision.slowDown));
}
function withoutWait(attempt) {
    const copy = { ...attempt };
    delete copy.waitMs;
    return copy;
}
function facts(error) {
    return {
        status: error.status,
        kind: error.kind,
        code: error.code,
        error: error.message,
    };
}
function callError(error, reason) {
    return {
        message: reason === undefined ? error.message : `${error.message} (${reason})`,
        kind: error.kind,
        status: error.status,
        code: error.code,
    };
}
function unexpected(thrown) {
    const message = (0,error_message/* errorMessage */.g)(thrown);
    return new api_error/* ApiError */.hD(`unexpected failure: ${message}`, { kind: 'unexpected' }, { cause: thrown });
}

;// CONCATENATED MODULE: ./src/service/execute.ts






/**
 * Runs the plan's calls: the invalidation calls with at most `concurrency` in flight, then the token call, so that
 * the token is never older than the invalidation. A batch the service finds too large is halved into new calls.
 */
async function execute(plan, options) {
    const scheduler = new Scheduler({
        send: options.send,
        concurrency: options.concurrency,
        maxRetries: options.maxRetries,
        policy: { ...policy/* DEFAULT_POLICY */.zj, ...options.policy },
        clock: options.clock ?? clock/* systemClock */.m,
        signal: options.signal,
        onCall: options.onCall,
        onRetry: options.onRetry,
        observer: options.observer,
    });
    // Each asset's place in the run's list is where its call starts plus its place in the call: calls added later
    // (held assets, as they are released) take the places after those already added, so each is reported once.
    const assets = new asset_results/* AssetResultsBuilder */._();
    const addCall = (call) => {
        void scheduler.add(call, assets.add((0,plan_plan/* assetsIn */.Jd)(call)));
    };
    const held = options.held;
    let unreleased = new Map();
    if (held === undefined)
        plan.calls.forEach(addCall);
    else {
        for (const call of plan.calls)
            if (call.route !== 'invalidate/assets')
                addCall(call);
        const now = (0,plan_plan/* plannedAssets */.yG)(plan).filter((ref) => !held.refs.has(ref));
        for (const assets of (0,batches/* toBatches */.kn)(now))
            addCall({ route: 'invalidate/assets', assets });
        unreleased = await held.run((assets) => {
            addCall({ route: 'invalidate/assets', assets: [...assets] });
            // Held assets stop waiting once a call has shown that every other would fail too (a refused key).
        }, scheduler.stopped);
    }
    await scheduler.drained();
    const token = await requestToken(plan, scheduler, assets.length);
    await scheduler.close();
    const cancelled = scheduler.cancelled && scheduler.stoppedBy === undefined;
    const stop = scheduler.stoppedBy;
    const unsent = stop === undefined
        ? 'not sent: the run was cancelled'
        : `not sent: ${stop.reason} (call ${stop.call.index})`;
    settleSent(assets, scheduler.settled, unsent);
    // What was still held when the run stopped was never sent; otherwise its origin never served the new file.
    const neverSent = stop !== undefined || cancelled;
    let position = assets.add([...unreleased.keys()]);
    for (const error of unreleased.values()) {
        assets.settle(position++, 1, neverSent ? { outcome: 'not-sent', error: unsent } : { outcome: 'not-ready', error });
    }
    return {
        calls: scheduler.settled.map(({ record }) => record).toSorted((a, b) => a.index - b.index),
        assets: assets.build(),
        token,
        stoppedBy: scheduler.stoppedBy,
        pauses: scheduler.pace.pauses,
        ...(scheduler.cancelled ? { cancelled: true } : {}),
    };
}
/** The token call, once the invalidation calls have ended: a token is never older than what it busts. */
async function requestToken(plan, scheduler, start) {
    if (!plan.token)
        return undefined;
    return (await scheduler.add({ route: 'token' }, start))?.token;
}
/** Each asset is settled by its last call (a call that was split leaves its assets to its halves), or not sent. */
function settleSent(assets, settled, unsent) {
    assets.settle(0, assets.length, { outcome: 'not-sent', error: unsent });
    for (const { record, start } of settled) {
        if (record.outcome === 'split')
            continue;
        const count = (0,plan_plan/* assetsIn */.Jd)(record.call).length;
        if (record.error === undefined)
            assets.settle(start, count, { outcome: 'invalidated', call: record.index });
        else
            assets.settle(start, count, { outcome: 'failed', call: record.index, error: record.error.message });
    }
}

;// CONCATENATED MODULE: ./src/service/to-service.ts




/**
 * A plan's calls, sent to the service as every call of a run is sent: by the run's client (the key goes to the
 * service alone, redacted from whatever comes back), with the calls' concurrency, retries and policy, and the cancel,
 * which waits for the calls in flight as long as the cut-off allows. The run's invalidation and verify's second one
 * both go out here.
 */
async function sendToService(plan, options) {
    const { calls, service } = options;
    // Loaded only when something is sent: a dry run starts faster without undici.
    const { createDispatcher } = await Promise.all(/* import() */[__webpack_require__.e(752), __webpack_require__.e(520)]).then(__webpack_require__.bind(__webpack_require__, 4520));
    const dispatcher = createDispatcher(calls.concurrency, calls.timeoutMs);
    const client = {
        endpoint: service.endpoint,
        apiKey: service.apiKey,
        dispatcher,
        timeoutMs: calls.timeoutMs,
        redact: options.redact,
        userAgent: version/* USER_AGENT */._,
    };
    const cut = (0,cut_off/* cutOff */.q)(options.signal, options.clock);
    try {
        return await execute(plan, {
            send: (call) => cut.bound(sendCall(call, client)),
            clock: cut.clock,
            concurrency: calls.concurrency,
            maxRetries: calls.maxRetries,
            policy: options.policy ?? calls.policy,
            signal: options.signal,
            onRetry: options.onRetry,
            onCall: options.onCall,
            held: options.held,
        });
    }
    finally {
        cut.dispose();
        // Every call has ended: what the dispatcher still holds was given up on (a call cut off, a connection still being
        // made past its timeout), and closing would wait for it.
        await dispatcher.destroy();
    }
}


/***/ })

};
