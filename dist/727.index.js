export const id = 727;
export const ids = [727];
export const modules = {

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

/***/ 6727:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   listFilesIn: () => (/* binding */ listFilesIn),
/* harmony export */   withListFiles: () => (/* binding */ withListFiles)
/* harmony export */ });
/* unused harmony exports MAX_LIST_BYTES, MAX_ENTRY_BYTES, OversizedEntry, checkedEntries, listRule, entryMeter, listText */
/* harmony import */ var node_buffer__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4573);
/* harmony import */ var node_buffer__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_buffer__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(532);
/* harmony import */ var _shown_bytes_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9734);
/* harmony import */ var _shown_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5462);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2392);
/* harmony import */ var _mechanics_regular_file_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1430);
/* harmony import */ var _mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(1411);
/**
 * `assets-from` and `files-from`: lists too long for an input, read from files. Every input reaches the action as
 * one environment variable, which Linux refuses over 128 KiB (E2BIG) and Windows over 32,767 characters, so a list
 * of a few thousand URLs or paths can only travel as a file.
 */







/** The most a list file may hold: 1,000,000 paths of 60 characters, read whole. */
const MAX_LIST_BYTES = 64 * 2 ** 20;
/**
 * The most one entry of a list may hold, in bytes: a path is at most 4 KiB on Linux (PATH_MAX), and servers refuse
 * a request line past 8 KiB. A line longer than this is no entry, and is refused as soon as it is read that far.
 */
const MAX_ENTRY_BYTES = 16 * 1024;
/** An entry of a list file longer than MAX_ENTRY_BYTES, found while reading it. */
class OversizedEntry extends Error {
    name = 'OversizedEntry';
    constructor(line) {
        super(`line ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(line)} holds an entry longer than ${MAX_ENTRY_BYTES / 1024} KiB`);
    }
}
/** A list read whole (standard input) held to the same rule as a list file. */
function checkedEntries(bytes, source) {
    try {
        entryMeter()(bytes);
        return bytes;
    }
    catch (error) {
        if (error instanceof OversizedEntry)
            throw oversized(source, error);
        throw error;
    }
}
function oversized(source, error) {
    return new _mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .d(`${source}: ${error.message}, the most one may hold (${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(MAX_ENTRY_BYTES)} bytes); it was refused as soon ` +
        'as read that far. A list holds one path or URL per line, or a JSON array of them: check the step that ' +
        'writes it.');
}
/** How a list file is read: a regular file, links resolved, inside `inside`, watched for an oversized entry. */
function listRule(inside) {
    return { maxBytes: MAX_LIST_BYTES, inside, watch: entryMeter() };
}
/**
 * List files read from the workspace, and only from it (or from the runner's temporary folder, where earlier steps
 * write lists): a regular file, links resolved, of at most MAX_LIST_BYTES. A pull request can commit a list file,
 * and make it a link to anything on the runner.
 */
function listFilesIn(workspace, runnerTemp) {
    const also = runnerTemp === undefined || runnerTemp === '' ? [] : [runnerTemp];
    const name = also.length === 0 ? 'workspace' : "workspace and the runner's temporary folder";
    return (path) => (0,_mechanics_regular_file_js__WEBPACK_IMPORTED_MODULE_2__/* .readRegularBytes */ .Of)(path, listRule({ folder: workspace, also, name }));
}
/**
 * A check of a list's bytes as they are read, piece by piece: it throws OversizedEntry at the first entry longer
 * than MAX_ENTRY_BYTES. An entry ends at a line break or a NUL, and in a JSON array (text that starts with '[') at a
 * ',' too, since an array often stands on one line; a run without them is at least as long as the entry it is in.
 */
function entryMeter() {
    let run = 0;
    let line = 1;
    let json;
    return (piece) => {
        for (let i = 0; i < piece.length; i++) {
            const byte = piece[i] ?? 0;
            if (json === undefined && byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) {
                json = byte === 0x5b; // '['
            }
            if (byte === 0x0a)
                line++;
            if (byte === 0x0a || byte === 0 || (byte === 0x2c && json === true))
                run = 0;
            else if (++run > MAX_ENTRY_BYTES)
                throw new OversizedEntry(line);
        }
    };
}
/**
 * The raw inputs with the text of `assets-from` and `files-from` in `assets` and `files`, as read: the list syntax
 * is parsed once, by settings, which names the input the user set (`assets-from "list.txt"`) in any error.
 */
function withListFiles(raw, read) {
    const assets = listFrom(raw, 'assets', read);
    const files = listFrom(raw, 'files', read);
    return {
        ...raw,
        ...(assets === undefined ? {} : { assets }),
        ...(files === undefined ? {} : { files }),
    };
}
/** A list is given in one place: an input and a file both set would leave a reader unsure which was used. */
function listFrom(raw, inline, read) {
    const name = `${inline}-from`;
    const path = raw[name].trim();
    if (path === '')
        return undefined;
    if (raw[inline].trim() !== '') {
        const what = inline === 'files' ? 'the changed paths' : 'the assets';
        throw new _mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .d(`${name}: is set, and so is ${inline}; give ${what} in one of them.`);
    }
    return listText(readList(name, path, read), `${name} ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_5__/* .quote */ .hD)(path)}`);
}
/**
 * A list's bytes as text. A name is mapped to the URL a browser requests from its UTF-8 bytes, so bytes that are
 * not UTF-8 are refused, shown escaped (`caf\xE9.png`): decoded, they would become a replacement character, a name
 * that no file has, invalidated in place of the real one.
 */
function listText(bytes, source) {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // ASCII reads the same as Latin-1, which Node keeps outside V8's heap once long: the text of a million paths is
    // then not among what V8 copies and counts at its collections.
    if ((0,node_buffer__WEBPACK_IMPORTED_MODULE_0__.isAscii)(bytes))
        return buffer.toString('latin1');
    if ((0,_shown_bytes_js__WEBPACK_IMPORTED_MODULE_1__/* .isUtf8 */ .c)(bytes))
        return buffer.toString('utf8');
    // Entries end at a line break, or at a NUL in a NUL-separated list (whose names may hold line breaks).
    const separator = bytes.includes(0) ? 0 : 0x0a;
    const unit = separator === 0 ? 'entry' : 'line';
    let start = 0;
    for (let index = 1; start <= bytes.length; index++) {
        const end = bytes.indexOf(separator, start);
        const entry = bytes.subarray(start, end < 0 ? bytes.length : end);
        if (!(0,_shown_bytes_js__WEBPACK_IMPORTED_MODULE_1__/* .isUtf8 */ .c)(entry)) {
            throw new _mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .d(`${source}: ${unit} ${(0,_shown_format_js__WEBPACK_IMPORTED_MODULE_3__/* .count */ .U9)(index)}, ${(0,_shown_bytes_js__WEBPACK_IMPORTED_MODULE_1__/* .quoteBytes */ .K)(trimmed(entry))}, is not UTF-8 (a byte that is not is ` +
                "shown as \\xHH); a name is requested by its UTF-8 bytes, so one in another encoding maps to no image's " +
                'URL. A list written in another encoding: write it in UTF-8. A file whose name is not UTF-8 in the ' +
                'repository itself: rename it, or leave it out of the list.');
        }
        if (end < 0)
            break;
        start = end + 1;
    }
    // Every entry is UTF-8 only if the whole is (a separator is ASCII, inside no sequence): not reached.
    throw new _mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .d(`${source}: is not UTF-8; write the list in UTF-8.`);
}
/** Without the line's carriage return and surrounding spaces, as the list syntax reads it. */
function trimmed(entry) {
    let start = 0;
    let end = entry.length;
    while (start < end && (entry[start] === 0x20 || entry[start] === 0x09))
        start++;
    while (end > start && (entry[end - 1] === 0x20 || entry[end - 1] === 0x09 || entry[end - 1] === 0x0d))
        end--;
    return entry.subarray(start, end);
}
function readList(name, path, read) {
    try {
        return read(path);
    }
    catch (error) {
        if (error instanceof OversizedEntry)
            throw oversized(`${name} ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_5__/* .quote */ .hD)(path)}`, error);
        // What the path is, never what it holds: a link may lead to a file of credentials.
        if (error instanceof _mechanics_regular_file_js__WEBPACK_IMPORTED_MODULE_2__/* .UnreadableFile */ .ie) {
            throw new _mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .d(`${name}: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_5__/* .quote */ .hD)(path)} ${error.what}; give the path of a regular file of at most ` +
                `${MAX_LIST_BYTES / 2 ** 20} MiB, written by an earlier step of this job.`);
        }
        const code = error.code ?? (0,_mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_6__/* .errorMessage */ .g)(error);
        throw new _mechanics_input_error_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .d(`${name}: cannot read ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_5__/* .quote */ .hD)(path)} (${code}); give the path of a file in the workspace, relative to it, ` +
            'written by an earlier step of this job.');
    }
}


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
