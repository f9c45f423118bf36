export const id = 946;
export const ids = [946,248];
export const modules = {

/***/ 2248:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createDispatcher: () => (/* binding */ createDispatcher)
});

// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(6752);
;// CONCATENATED MODULE: ./src/execute/interim.ts
// An interim answer's status line: `HTTP/1.x 1xx` (101 switches protocols, which a call never asks for).
const INTERIM = /^HTTP\/1\.[01] 1(?!01)\d\d[ \r]/;
// `HTTP/1.1 100 `: enough to tell an interim status line from any other.
const STATUS_LINE_START = 13;
// A request as undici writes it: its request line, at the start of a write.
const REQUEST_LINE = /^[A-Z]+ \S+ HTTP\/1\.[01]\r\n/;
// No interim answer's header block is longer; past it, the bytes go on as they came.
const MAX_INTERIM_BYTES = 16 * 1024;
/**
 * Drops the interim answers (100 Continue, 102, 103) that a server sends before the answer to a request. undici
 * fails the call on an unexpected 100 Continue ("bad response"), though HTTP lets a server send one at any time
 * (RFC 9110, 15.2): a proxy or PHP-FPM in front of the service does. Only the bytes at the start of an answer are
 * looked at, the start being the first bytes after a request is written (one request at a time per connection:
 * undici does not pipeline unless told to), so a body holding the same bytes is never touched. HTTP/2 frames never
 * start with a request line, and pass untouched.
 */
function skipInterimAnswers(socket) {
    let atAnswerStart = false;
    let held = Buffer.alloc(0);
    const write = socket.write.bind(socket);
    const push = socket.push.bind(socket);
    socket.write = (chunk, ...rest) => {
        if (isRequestStart(chunk)) {
            atAnswerStart = true;
            held = Buffer.alloc(0);
        }
        return write(chunk, ...rest);
    };
    socket.push = (chunk, encoding) => {
        if (!atAnswerStart || !Buffer.isBuffer(chunk))
            return push(chunk, encoding);
        let bytes = held.length === 0 ? chunk : Buffer.concat([held, chunk]);
        held = Buffer.alloc(0);
        for (;;) {
            const start = bytes.subarray(0, STATUS_LINE_START).toString('latin1');
            if (start.length < STATUS_LINE_START && couldBeInterim(start) && bytes.length < MAX_INTERIM_BYTES) {
                held = bytes;
                return push(Buffer.alloc(0));
            }
            if (!INTERIM.test(start))
                break;
            const end = bytes.indexOf('\r\n\r\n');
            if (end < 0) {
                if (bytes.length >= MAX_INTERIM_BYTES)
                    break;
                held = bytes;
                return push(Buffer.alloc(0));
            }
            bytes = bytes.subarray(end + 4);
        }
        atAnswerStart = false;
        return push(bytes);
    };
    return socket;
}
function isRequestStart(chunk) {
    const head = typeof chunk === 'string'
        ? chunk.slice(0, 512)
        : Buffer.isBuffer(chunk)
            ? chunk.subarray(0, 512).toString('latin1')
            : '';
    return REQUEST_LINE.test(head);
}
/** Whether these first bytes of an answer may still turn out to be an interim status line. */
function couldBeInterim(start) {
    const pattern = 'HTTP/1.x 1';
    const known = start.slice(0, pattern.length);
    for (let i = 0; i < known.length; i++) {
        if (pattern[i] !== 'x' && known[i] !== pattern[i])
            return false;
        if (pattern[i] === 'x' && known[i] !== '0' && known[i] !== '1')
            return false;
    }
    return true;
}

;// CONCATENATED MODULE: ./src/execute/dispatcher.ts


/**
 * Keep-alive connections to the service, one per call in flight. Kept apart from the client so that a dry run,
 * which sends nothing, never loads undici.
 *
 * Behind a proxy (HTTPS_PROXY, else HTTP_PROXY, and NO_PROXY, in upper or lower case, as curl and
 * @actions/http-client read them), https calls go through it, each in a CONNECT tunnel: the proxy sees the host
 * and encrypted bytes, never the key. Plain http calls never do: the client sends them only to loopback, which is
 * this machine, and a proxy would receive them whole, the Authorization header in clear.
 */
function createDispatcher(concurrency, timeoutMs, env = process.env) {
    const options = {
        connections: concurrency,
        keepAliveTimeout: 30_000,
        connect: { timeout: timeoutMs },
        factory: withoutInterimAnswers,
    };
    const proxy = firstSet(env, ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']);
    if (proxy === undefined)
        return new undici/* Agent */.g6(options);
    return new undici/* EnvHttpProxyAgent */.J2({
        ...options,
        httpsProxy: proxy,
        // Empty, not absent: undici then reads no variable for http and sends such calls directly.
        httpProxy: '',
        noProxy: firstSet(env, ['no_proxy', 'NO_PROXY']) ?? '',
    });
}
function firstSet(env, names) {
    return names.map((name) => env[name]).find((value) => value !== undefined && value !== '');
}
/** undici's own choice of a Client or a Pool per origin, with every connection's socket passed through. */
function withoutInterimAnswers(origin, options) {
    const { connect, connections, allowH2 } = options;
    const open = typeof connect === 'function'
        ? connect
        : (0,undici/* buildConnector */.gU)({ ...connect, ...(allowH2 === undefined ? {} : { allowH2 }) });
    const wrapped = (connectOptions, callback) => {
        open(connectOptions, (error, socket) => {
            if (error === null)
                callback(null, skipInterimAnswers(socket));
            else
                callback(error, null);
        });
    };
    const settings = { ...options, connect: wrapped };
    return connections === 1 ? new undici/* Client */.Kj(origin, settings) : new undici/* Pool */.bC(origin, settings);
}


/***/ }),

/***/ 946:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   OUT_OF_TIME: () => (/* binding */ OUT_OF_TIME),
/* harmony export */   invalidateAgain: () => (/* binding */ invalidateAgain)
/* harmony export */ });
/* harmony import */ var _execute_client_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4822);
/* harmony import */ var _execute_cut_off_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5075);
/* harmony import */ var _execute_dispatcher_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2248);
/* harmony import */ var _execute_execute_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8826);
/* harmony import */ var _execute_policy_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5325);
/* harmony import */ var _plan_batches_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8383);
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(311);







/** Why an image's second invalidation did not land when the proof's time ran out first. */
const OUT_OF_TIME = "not confirmed by the service before the proof's time ran out";
/**
 * Invalidates the images a proof found stale once more, as the run's calls went out: the same client, batches of at
 * most 100, the plan's concurrency, retries and rate-limit pauses, and the run's cancel (the calls in flight are
 * waited for as the run's are). Each batch lands or fails on its own; nothing starts past `withinMs`, its share of
 * the proof's time, and a call still in flight then is waited for as a cancelled run's calls are.
 */
async function invalidateAgain(refs, options) {
    const { calls, service } = options;
    const plan = {
        scope: 'assets',
        calls: (0,_plan_batches_js__WEBPACK_IMPORTED_MODULE_5__/* .toBatches */ .kn)(refs).map((assets) => ({ route: 'invalidate/assets', assets })),
        token: false,
    };
    const dispatcher = (0,_execute_dispatcher_js__WEBPACK_IMPORTED_MODULE_2__.createDispatcher)(calls.concurrency, calls.timeoutMs);
    const client = {
        endpoint: service.endpoint,
        apiKey: service.apiKey,
        dispatcher,
        timeoutMs: calls.timeoutMs,
        redact: options.redact,
        userAgent: _version_js__WEBPACK_IMPORTED_MODULE_6__/* .USER_AGENT */ ._,
    };
    // The proof's time ends the sending as a cancel does: no call starts past it, and one in flight is waited for as
    // a cancelled run's calls are. What that cut short is said to be the time's doing, not a cancel's.
    const outOfTime = AbortSignal.timeout(Math.max(0, Math.ceil(options.withinMs)));
    const stop = options.signal === undefined ? outOfTime : AbortSignal.any([options.signal, outOfTime]);
    const cut = (0,_execute_cut_off_js__WEBPACK_IMPORTED_MODULE_1__/* .cutOff */ .q)(stop, options.clock);
    try {
        const result = await (0,_execute_execute_js__WEBPACK_IMPORTED_MODULE_3__/* .execute */ .g)(plan, {
            send: (call) => cut.bound((0,_execute_client_js__WEBPACK_IMPORTED_MODULE_0__/* .sendCall */ .n)(call, client)),
            clock: cut.clock,
            concurrency: calls.concurrency,
            maxRetries: calls.maxRetries,
            policy: {
                ...calls.policy,
                retryWindowMs: Math.min(calls.policy.retryWindowMs ?? _execute_policy_js__WEBPACK_IMPORTED_MODULE_4__/* .DEFAULT_POLICY */ .zj.retryWindowMs, options.withinMs),
            },
            signal: stop,
            ...(options.onRetry === undefined ? {} : { onRetry: options.onRetry }),
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
    finally {
        cut.dispose();
        // Every call has ended: what the dispatcher still holds was given up on, and closing would wait for it.
        await dispatcher.destroy();
    }
}


/***/ })

};
