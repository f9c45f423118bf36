export const id = 62;
export const ids = [62];
export const modules = {

/***/ 654:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   s3: () => (/* binding */ versionsFrom)
/* harmony export */ });
/* unused harmony exports MAX_IMAGE_BYTES, KEPT_PREVIOUS_BYTES */
/* harmony import */ var _mechanics_regular_file_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1430);

/** An image larger than this, or not a regular file, is not compared: it cannot be told. */
const MAX_IMAGE_BYTES = 32 * 1024 * 1024;
/**
 * Bytes of previous versions one reader keeps, the ones asked for last: the origin check asks a lagging origin about
 * an image again and again, and the proof once per variant, and each read from git is a process.
 */
const KEPT_PREVIOUS_BYTES = 64 * 1024 * 1024;
function versionsFrom(sources, keptBytes = KEPT_PREVIOUS_BYTES) {
    return {
        current: (path) => currentBytes(sources.workspace, path),
        previous: kept(keptBytes, (path) => previousBytes(sources, path)),
    };
}
/**
 * `read`, each path read once while its answer is kept: the answers asked for last, up to `limit` bytes in all. An
 * answer that is not final (a cancel) is not kept.
 */
function kept(limit, read) {
    const reads = new Map();
    const sizes = new Map();
    let total = 0;
    const forget = (path) => {
        reads.delete(path);
        total -= sizes.get(path) ?? 0;
        sizes.delete(path);
    };
    const settled = (path, reading, answer) => {
        if (reads.get(path) !== reading)
            return;
        if (!answer.final) {
            forget(path);
            return;
        }
        sizes.set(path, answer.bytes?.length ?? 0);
        total += answer.bytes?.length ?? 0;
        // The oldest first: a Map keeps its order of insertion, and an answer asked for again is moved to its end.
        for (const oldest of sizes.keys()) {
            if (total <= limit)
                break;
            forget(oldest);
        }
    };
    return async (path) => {
        let reading = reads.get(path);
        if (reading === undefined) {
            const started = read(path);
            reads.set(path, (reading = started));
            void started.then((answer) => {
                settled(path, started, answer);
            });
        }
        else {
            // Asked for again: the last to go.
            const size = sizes.get(path);
            if (size !== undefined) {
                sizes.delete(path);
                sizes.set(path, size);
            }
        }
        return (await reading).bytes;
    };
}
async function currentBytes(workspace, path) {
    try {
        // A regular file inside the workspace only: a committed link may point anywhere on the runner.
        return await (0,_mechanics_regular_file_js__WEBPACK_IMPORTED_MODULE_0__/* .readRegularBytesAsync */ .w6)(path, {
            maxBytes: MAX_IMAGE_BYTES,
            inside: { folder: workspace, name: 'workspace' },
        });
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return undefined;
        return 'unreadable';
    }
}
async function previousBytes(sources, path) {
    const { base } = sources;
    // A base that could read as an option is never handed to git.
    if (base === undefined || base.startsWith('-'))
        return { final: true };
    try {
        return {
            bytes: await sources.git(['cat-file', 'blob', `${base}:${path}`], MAX_IMAGE_BYTES),
            final: true,
        };
    }
    catch (error) {
        // git saying the path is not at the base (an added file) is an answer; a process stopped before it said is not.
        const stopped = error.cause;
        return { final: stopped?.killed !== true && stopped?.name !== 'AbortError' };
    }
}


/***/ }),

/***/ 8531:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ah: () => (/* binding */ NameNotUtf8),
/* harmony export */   D3: () => (/* binding */ commitOf),
/* harmony export */   WL: () => (/* binding */ resolveCommit),
/* harmony export */   Z4: () => (/* binding */ gitBytesIn),
/* harmony export */   fE: () => (/* binding */ isShallow),
/* harmony export */   tH: () => (/* binding */ FETCH),
/* harmony export */   uM: () => (/* binding */ gitIn)
/* harmony export */ });
/* unused harmony exports GIT_SAFETY, GIT_TIMEOUT_MS */
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _shown_bytes_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9734);
/** Git, run safely (no shell, no program the checkout names, bounded in time), and the commits it resolves. */


/**
 * Before every command: git starts no program that the checkout names. Its .git/config may have been written by an
 * earlier step of the job, and git runs many settings as programs (git-config(1)): the file system monitor (on a
 * fetch into a shallow clone, too), hooks (a fetch runs reference-transaction), a pager, an external diff, the
 * command listing an alternate's refs, a proxy for git://, the ssh command, an askpass and credential helpers
 * (asked when an origin wants a password), transports that run a command (ext::, remote helpers), and a background
 * gc or maintenance after a fetch. Settings given with -c win over every config file: each is set to do nothing,
 * or to git's own program. A credential a fetch needs must come with the URL's configuration, as actions/checkout
 * gives its token (http.extraheader); an ssh origin is reached with the runner's own `ssh` and keys.
 *
 * Not set here, as no command the action runs reads them: diff drivers (`diff.<driver>.textconv`, `.command`) and
 * filters (`filter.<driver>.*`) named by .gitattributes, which only a diff of contents or a checkout run
 * (`--no-textconv` and `--no-ext-diff` are on the diff all the same); editors; gpg (no command verifies a
 * signature, and `log.showSignature` is off). Each is tested not to run.
 */
const GIT_SAFETY = [
    '--no-pager',
    ...[
        'core.fsmonitor=false',
        'core.hooksPath=/dev/null',
        'diff.external=',
        // The refs of an alternate are then listed by git itself.
        'core.alternateRefsCommand=',
        'core.askPass=',
        // An empty helper empties the list of helpers that the config files gave.
        'credential.helper=',
        'core.sshCommand=ssh -o BatchMode=yes',
        'log.showSignature=false',
        // Only the transports of git itself: not ext:: (a command), nor a remote helper (git-remote-<name>).
        'protocol.allow=never',
        ...['file', 'git', 'http', 'https', 'ssh'].map((scheme) => `protocol.${scheme}.allow=always`),
        'gc.auto=0',
        'maintenance.auto=false',
    ].flatMap((setting) => ['-c', setting]),
];
/**
 * A fetch from origin: no tags, no submodules, and the standard upload-pack, set here because for
 * remote.origin.uploadpack (the program a local or ssh fetch runs) the first setting found wins, not the last.
 */
const FETCH = [
    'fetch',
    '--quiet',
    '--no-tags',
    '--no-recurse-submodules',
    '--upload-pack=git-upload-pack',
];
/**
 * A git command is ended (SIGTERM) past this: a fetch of one commit's tree from a slow remote fits well within it,
 * and a remote that stopped answering does not hold the run.
 */
const GIT_TIMEOUT_MS = 5 * 60_000;
// Names are read from output only, as NUL-separated bytes; 100,000 paths fit well within this buffer.
const TEXT_OUTPUT_BYTES = 512 * 1024 * 1024;
function gitIn(workspace, signal) {
    const run = gitBytesIn(workspace, signal);
    return async (args) => {
        const stdout = await run(args, TEXT_OUTPUT_BYTES);
        if (!(0,_shown_bytes_js__WEBPACK_IMPORTED_MODULE_1__/* .isUtf8 */ .c)(stdout))
            throw new NameNotUtf8(args, stdout);
        return stdout.toString('utf8');
    };
}
/**
 * A name in git's output that is not UTF-8 (`caf\xE9.png` committed from Latin-1). A URL names a file by its UTF-8
 * bytes, so decoding it would make up a name (`caf\uFFFD.png`) and invalidate an image that does not exist in place of
 * the real one: the run stops instead, naming it with its bytes shown. Not a reason to ask the GitHub API instead,
 * which would make up the same name.
 */
class NameNotUtf8 extends Error {
    constructor(args, output) {
        const name = fields(output).find((field) => !(0,_shown_bytes_js__WEBPACK_IMPORTED_MODULE_1__/* .isUtf8 */ .c)(field)) ?? output;
        super(`git ${args[0] ?? ''}: the name ${(0,_shown_bytes_js__WEBPACK_IMPORTED_MODULE_1__/* .quoteBytes */ .K)(name)} is not UTF-8 (a byte that is not is shown as \\xHH); a ` +
            "name is requested by its UTF-8 bytes, so one in another encoding maps to no image's URL. Rename the file " +
            'in UTF-8, or list the changed images in files.');
        this.name = 'NameNotUtf8';
    }
}
/** The NUL- or line-separated fields of git's output. */
function fields(output) {
    const found = [];
    let start = 0;
    for (let i = 0; i <= output.length; i++) {
        if (i === output.length || output[i] === 0 || output[i] === 0x0a) {
            found.push(output.subarray(start, i));
            start = i + 1;
        }
    }
    return found;
}
function gitBytesIn(workspace, signal) {
    return (args, maxBytes) => new Promise((resolve, reject) => {
        (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.execFile)('git', [...GIT_SAFETY, ...args], {
            cwd: workspace,
            encoding: 'buffer',
            maxBuffer: maxBytes,
            env: gitEnvironment(),
            timeout: GIT_TIMEOUT_MS,
            signal,
        }, (error, stdout, stderr) => {
            if (error === null)
                resolve(stdout);
            else
                reject(new Error(`git ${args.join(' ')}: ${stderr.toString('utf8').trim() || error.message}`, {
                    cause: error,
                }));
        });
    });
}
async function resolveCommit(ref, git) {
    try {
        return (await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])).trim();
    }
    catch {
        return undefined;
    }
}
/** The full SHA of a commit the checkout has, fetching it when it lacks it. */
async function commitOf(ref, git) {
    const present = await resolveCommit(ref, git);
    if (present !== undefined)
        return present;
    // Depth 1 only where the checkout is shallow already: a complete clone must stay complete for later steps.
    const depth = (await isShallow(git)) ? ['--depth=1'] : [];
    await git([...FETCH, ...depth, '--end-of-options', 'origin', ref]);
    // A name fetched this way is not stored under its ref: FETCH_HEAD holds it.
    return ((await resolveCommit(ref, git)) ?? (await git(['rev-parse', '--verify', 'FETCH_HEAD^{commit}'])).trim());
}
async function isShallow(git) {
    return (await git(['rev-parse', '--is-shallow-repository'])).trim() === 'true';
}
/**
 * Variables that name a program for git to run, or that ssh runs: removed, or set empty where an empty value is
 * what turns them off (an empty GIT_ASKPASS also hides core.askPass and SSH_ASKPASS; an empty GIT_PROXY_COMMAND
 * hides every core.gitProxy).
 */
const PROGRAM_VARIABLES = {
    GIT_ASKPASS: '',
    SSH_ASKPASS: undefined,
    SSH_ASKPASS_REQUIRE: 'never',
    GIT_PROXY_COMMAND: '',
    GIT_SSH: undefined,
    GIT_SSH_COMMAND: undefined,
    GIT_EXTERNAL_DIFF: undefined,
    GIT_PAGER: undefined,
    PAGER: undefined,
    GIT_EDITOR: undefined,
    GIT_SEQUENCE_EDITOR: undefined,
};
/**
 * The environment git and what it starts (the ssh client, the upload-pack of a local fetch) run in: without the
 * inputs and the command's variables, which hold the Root key and the GitHub token, and without PROGRAM_VARIABLES.
 */
function gitEnvironment() {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(?:INPUT_|IMAGE_CACHE_)/i.test(name) && !(name.toUpperCase() in PROGRAM_VARIABLES)));
    for (const [name, value] of Object.entries(PROGRAM_VARIABLES))
        if (value !== undefined)
            env[name] = value;
    return { ...env, GIT_TERMINAL_PROMPT: '0' };
}


/***/ }),

/***/ 1430:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ kindOf),
/* harmony export */   Of: () => (/* binding */ readRegularBytes),
/* harmony export */   XF: () => (/* binding */ readRegularFile),
/* harmony export */   ie: () => (/* binding */ UnreadableFile),
/* harmony export */   w6: () => (/* binding */ readRegularBytesAsync)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/**
 * Reading a file that a workflow names (a list file, a key file) when the file itself may come from a pull request:
 * a committed symbolic link can point anywhere on the runner (a file of credentials, /dev/zero), and a FIFO or a
 * device never ends. Only a regular file is read, never more than a cap, and opening never waits.
 */



/** A file refused for what it is; `what` completes a sentence about its path, and never holds its content. */
class UnreadableFile extends Error {
    name = 'UnreadableFile';
    what;
    constructor(what) {
        super(what);
        this.what = what;
    }
}
// Non-blocking, so that opening a FIFO returns at once (Windows has no such flag, nor FIFOs to fear); never a
// controlling terminal; never the last link of a path already resolved, so that one swapped in meanwhile fails.
const unix = node_fs__WEBPACK_IMPORTED_MODULE_0__.constants;
const OPEN_FLAGS = node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | (unix.O_NONBLOCK ?? 0) | (unix.O_NOCTTY ?? 0) | (unix.O_NOFOLLOW ?? 0);
/**
 * The text (UTF-8) of the regular file at `path` (relative to the current folder), once its links are resolved.
 * Throws UnreadableFile for anything else, or the system's error (ENOENT, EACCES) when it cannot be opened.
 */
function readRegularFile(path, rule) {
    return readRegularBytes(path, rule).toString('utf8');
}
/** The bytes of the regular file at `path`, by the same rule. */
function readRegularBytes(path, rule) {
    const real = realPathWithin(path, rule.inside);
    const fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.openSync)(real, OPEN_FLAGS);
    try {
        const stats = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.fstatSync)(fd);
        if (!stats.isFile())
            throw new UnreadableFile(`is ${kindOf(stats)}, not a regular file`);
        if (stats.size > rule.maxBytes)
            throw new UnreadableFile(tooLarge(rule.maxBytes));
        return readAtMost(fd, stats.size, rule);
    }
    finally {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(fd);
    }
}
/** The same, without blocking the event loop while it reads (many files, each up to the cap). */
async function readRegularBytesAsync(path, rule) {
    const handle = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(realPathWithin(path, rule.inside), OPEN_FLAGS);
    try {
        const stats = await handle.stat();
        if (!stats.isFile())
            throw new UnreadableFile(`is ${kindOf(stats)}, not a regular file`);
        if (stats.size > rule.maxBytes)
            throw new UnreadableFile(tooLarge(rule.maxBytes));
        const buffer = Buffer.allocUnsafe(stats.size + 1);
        let total = 0;
        for (let read = -1; read !== 0 && total < buffer.length; total += read)
            ({ bytesRead: read } = await handle.read(buffer, total, buffer.length - total, null));
        // One byte more than fstat said: the file grew while read, so it is read again the sure way.
        if (total > stats.size)
            return readRegularBytes(path, rule);
        rule.watch?.(buffer.subarray(0, total));
        return buffer.subarray(0, total);
    }
    finally {
        await handle.close();
    }
}
function realPathWithin(path, inside) {
    if (inside === undefined)
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(path);
    const given = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(inside.folder, path);
    // A folder may be named through a link of its own (/tmp on macOS): a path under either name is in it.
    const folders = [inside.folder, ...(inside.also ?? [])].flatMap((folder) => [
        (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(folder),
        realFolder(folder),
    ]);
    if (!folders.some((folder) => isWithin(folder, given)))
        throw new UnreadableFile(`is outside the ${inside.name}`);
    const real = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(given);
    if (!folders.some((folder) => isWithin(folder, real)))
        throw new UnreadableFile(`is a symbolic link that leads outside the ${inside.name}`);
    return real;
}
function realFolder(folder) {
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(folder);
    }
    catch {
        return (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(folder);
    }
}
function isWithin(folder, path) {
    const rest = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.relative)(folder, path);
    return rest !== '..' && !rest.startsWith(`..${node_path__WEBPACK_IMPORTED_MODULE_2__.sep}`) && !(0,node_path__WEBPACK_IMPORTED_MODULE_2__.isAbsolute)(rest);
}
/** What a file that is not a regular one is instead, as a user would name it. */
function kindOf(stats) {
    if (stats.isSymbolicLink())
        return 'a symbolic link';
    if (stats.isDirectory())
        return 'a folder';
    if (stats.isFIFO())
        return 'a FIFO (a named pipe)';
    if (stats.isCharacterDevice() || stats.isBlockDevice())
        return 'a device';
    if (stats.isSocket())
        return 'a socket';
    return 'something else';
}
function tooLarge(maxBytes) {
    return `is larger than the ${sizeOf(maxBytes)} it may hold`;
}
function sizeOf(bytes) {
    return bytes >= 2 ** 20 ? `${bytes / 2 ** 20} MiB` : `${bytes / 2 ** 10} KiB`;
}
/** At most `maxBytes`: a file that grows past it while read is refused, never read on. */
function readAtMost(fd, size, rule) {
    const { maxBytes, watch } = rule;
    // Watched, a file is read a piece at a time, so that a check stops the read early.
    const most = watch === undefined ? Infinity : WATCHED_PIECE;
    const chunks = [];
    let total = 0;
    for (;;) {
        const room = maxBytes + 1 - total;
        const chunk = Buffer.allocUnsafe(Math.min(room, most, Math.max(size + 1 - total, 64 * 1024)));
        const read = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readSync)(fd, chunk, 0, chunk.length, null);
        if (read === 0)
            break;
        chunks.push(chunk.subarray(0, read));
        total += read;
        if (total > maxBytes)
            throw new UnreadableFile(tooLarge(maxBytes));
        watch?.(chunk.subarray(0, read));
    }
    return Buffer.concat(chunks, total);
}
const WATCHED_PIECE = 1024 * 1024;


/***/ }),

/***/ 7887:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   _: () => (/* binding */ USER_AGENT)
/* harmony export */ });
/* unused harmony export VERSION */
/**
 * The release, as the service sees it in each call's user agent. Written here, not read from package.json, so that
 * the library and the command compile on their own (lib/ holds no package.json); test/version.test.ts keeps it in
 * step with package.json and CHANGELOG.md.
 */
const VERSION = '1.0.0';
const USER_AGENT = `image-cache-invalidate/${VERSION}`;


/***/ }),

/***/ 9734:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K: () => (/* binding */ quoteBytes),
/* harmony export */   c: () => (/* reexport safe */ node_buffer__WEBPACK_IMPORTED_MODULE_0__.isUtf8)
/* harmony export */ });
/* harmony import */ var node_buffer__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4573);
/* harmony import */ var node_buffer__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_buffer__WEBPACK_IMPORTED_MODULE_0__);
/**
 * Names as bytes: a file name on Linux is any bytes but '/' and NUL, and a list file or git may hand over one that is
 * not UTF-8 (`caf\xE9.png` in Latin-1). Decoding such bytes as UTF-8 makes up a name (`caf\uFFFD.png`) that is
 * not the file; these show the bytes as they are instead. A leaf: it imports nothing of the run.
 */


// Each byte that is not part of a UTF-8 sequence is decoded to a lone surrogate U+DC80..U+DCFF (as Python's
// surrogateescape does): valid UTF-8 never decodes to a lone surrogate, so the mark is unambiguous.
const ESCAPE_BASE = 0xdc00;
/**
 * A name as it appears in a message, like `quote()`: double-quoted, JSON-escaped and cut short at 200 characters;
 * its UTF-8 text as it reads, and each byte that is not UTF-8 as `\xHH` (`"caf\xE9.png"`).
 */
function quoteBytes(bytes) {
    const text = decodeEscaped(bytes);
    const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
    // JSON.stringify writes a lone surrogate as `\udcXX`; after an even run of backslashes it is that escape.
    return JSON.stringify(shown).replace(/(?<!\\)((?:\\\\)*)\\udc([89a-f][0-9a-f])/g, (_, backslashes, hex) => `${backslashes}\\x${hex.toUpperCase()}`);
}
/** UTF-8 decoded strictly: every byte of an ill-formed sequence (RFC 3629) becomes U+DC80 + its value. */
function decodeEscaped(bytes) {
    let text = '';
    let i = 0;
    while (i < bytes.length) {
        const length = sequenceLength(bytes, i);
        if (length === 0) {
            text += String.fromCharCode(ESCAPE_BASE + (bytes[i] ?? 0));
            i++;
        }
        else {
            text += Buffer.from(bytes.subarray(i, i + length)).toString('utf8');
            i += length;
        }
    }
    return text;
}
/** The length of the well-formed UTF-8 sequence at `i`, or 0 when the byte there starts none. */
function sequenceLength(bytes, i) {
    const lead = bytes[i] ?? 0;
    if (lead < 0x80)
        return 1;
    const shape = sequenceShape(lead);
    if (shape === undefined || i + shape.length > bytes.length)
        return 0;
    const second = bytes[i + 1] ?? 0;
    if (second < shape.low || second > shape.high)
        return 0;
    for (let k = 2; k < shape.length; k++) {
        const next = bytes[i + k] ?? 0;
        if (next < 0x80 || next > 0xbf)
            return 0;
    }
    return shape.length;
}
/**
 * What a lead byte starts: the sequence's length and the range of its second byte, which rules out overlong forms,
 * surrogates and code points past U+10FFFF (RFC 3629's table of well-formed sequences).
 */
function sequenceShape(lead) {
    if (lead >= 0xc2 && lead <= 0xdf)
        return { length: 2, low: 0x80, high: 0xbf };
    if (lead === 0xe0)
        return { length: 3, low: 0xa0, high: 0xbf };
    if (lead === 0xed)
        return { length: 3, low: 0x80, high: 0x9f };
    if (lead >= 0xe1 && lead <= 0xef)
        return { length: 3, low: 0x80, high: 0xbf };
    if (lead === 0xf0)
        return { length: 4, low: 0x90, high: 0xbf };
    if (lead >= 0xf1 && lead <= 0xf3)
        return { length: 4, low: 0x80, high: 0xbf };
    if (lead === 0xf4)
        return { length: 4, low: 0x80, high: 0x8f };
    return undefined;
}


/***/ })

};
