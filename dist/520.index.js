export const id = 520;
export const ids = [520];
export const modules = {

/***/ 4520:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createDispatcher: () => (/* binding */ createDispatcher)
});

// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(6752);
;// CONCATENATED MODULE: ./src/mechanics/interim.ts
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

;// CONCATENATED MODULE: ./src/mechanics/dispatcher.ts


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


/***/ })

};
