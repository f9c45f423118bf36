export const id = 363;
export const ids = [363];
export const modules = {

/***/ 2280:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ ascii)
/* harmony export */ });
/** `length` bytes of an image file from `at` as Latin-1 text, for its tags (`RIFF`, `IHDR`, `Exif`); short past the end. */
function ascii(bytes, at, length) {
    return String.fromCharCode(...bytes.subarray(at, at + length));
}


/***/ }),

/***/ 9384:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ sniff)
/* harmony export */ });
/* harmony import */ var _bytes_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2280);
/**
 * What an image's bytes are, read from their first bytes and never from a name or a Content-Type, which a server
 * or a repository may state wrongly; and how many pixels they hold, read from the header before anything is
 * decoded, so that a bomb (a few KiB that decode to gigabytes) is refused unread.
 *
 * The bytes come from outside. Every reader here walks them once, forwards, each step past at least one byte, so its
 * time is at most proportional to their length; none uses a regular expression that could backtrack. A size is read
 * as the decoder will read it (the same markers, chunks and boxes, in the same order), and where the header could
 * say two things the larger is taken: a size that is wrong must only ever be too large, which refuses the image,
 * never too small, which would let the decoder allocate what the size check did not count.
 */

function sniff(bytes) {
    if (startsWith(bytes, [0xff, 0xd8, 0xff]))
        return withSize('jpeg', jpegSize(bytes));
    if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
        return withSize('png', pngSize(bytes));
    if ((0,_bytes_js__WEBPACK_IMPORTED_MODULE_0__/* .ascii */ .a)(bytes, 0, 6) === 'GIF87a' || (0,_bytes_js__WEBPACK_IMPORTED_MODULE_0__/* .ascii */ .a)(bytes, 0, 6) === 'GIF89a')
        return gif(bytes);
    if ((0,_bytes_js__WEBPACK_IMPORTED_MODULE_0__/* .ascii */ .a)(bytes, 0, 4) === 'RIFF' && (0,_bytes_js__WEBPACK_IMPORTED_MODULE_0__/* .ascii */ .a)(bytes, 8, 4) === 'WEBP')
        return withSize('webp', webpSize(bytes));
    if ((0,_bytes_js__WEBPACK_IMPORTED_MODULE_0__/* .ascii */ .a)(bytes, 4, 4) === 'ftyp' && ['avif', 'avis'].includes((0,_bytes_js__WEBPACK_IMPORTED_MODULE_0__/* .ascii */ .a)(bytes, 8, 4)))
        return withSize('avif', avifSize(bytes));
    if (looksLikeSvg(bytes))
        return { format: 'svg' };
    return undefined;
}
function withSize(format, size, pixels) {
    if (size === undefined || size.width === 0 || size.height === 0)
        return { format };
    return { format, size, pixels: Math.max(pixels ?? 0, size.width * size.height) };
}
/**
 * A JPEG's size as libjpeg (the decoder's) reads it: after SOI, each marker in turn, bytes that are not a marker
 * skipped as it skips them (a stuffed FF 00 too), fill bytes (FF FF…) skipped; markers that stand alone (RSTn, TEM)
 * have no length; the first start-of-frame marker (SOF0 to SOF15, less DHT, JPG and DAC) gives the size, wherever it
 * is. Anything libjpeg refuses before a frame (a second SOI, a scan or the end before a frame, a reserved marker, a
 * segment cut short or of a length below 2) gives no size: such a file is not decoded.
 */
function jpegSize(bytes) {
    let at = 2;
    for (;;) {
        // Skip to the next FF, then past fill bytes: the byte after them names the marker.
        while (at < bytes.length && bytes[at] !== 0xff)
            at++;
        while (at < bytes.length && bytes[at] === 0xff)
            at++;
        if (at >= bytes.length)
            return undefined;
        const marker = bytes[at] ?? 0;
        at++;
        // FF 00 is a stuffed byte of entropy-coded data, not a marker.
        if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7))
            continue;
        if (isStartOfFrame(marker)) {
            if (at + 7 > bytes.length)
                return undefined;
            return { height: u16be(bytes, at + 3), width: u16be(bytes, at + 5) };
        }
        if (!hasLength(marker))
            return undefined;
        const length = u16be(bytes, at);
        if (length < 2 || at + length > bytes.length)
            return undefined;
        at += length;
    }
}
function isStartOfFrame(marker) {
    return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}
/** DHT, DAC, DQT, DNL, DRI, APPn, COM: the segments libjpeg reads or skips by their length before a frame. */
function hasLength(marker) {
    return (marker === 0xc4 ||
        marker === 0xcc ||
        marker === 0xdb ||
        marker === 0xdc ||
        marker === 0xdd ||
        (marker >= 0xe0 && marker <= 0xef) ||
        marker === 0xfe);
}
/** IHDR, which must be the first chunk (13 bytes long): anything else is refused by the decoder too. */
function pngSize(bytes) {
    if (u32be(bytes, 8) !== 13 || (0,_bytes_js__WEBPACK_IMPORTED_MODULE_0__/* .ascii */ .a)(bytes, 12, 4) !== 'IHDR' || bytes.length < 33)
        return undefined;
    return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
}
/**
 * A GIF's logical screen (the size of the picture decoded) and every frame's size: the reader decodes a frame
 * whole, then places it on the screen, so a frame of 65535×65535 on a screen of 16×16 is 4 billion pixels of work.
 * The blocks are walked as the reader walks them: extensions and image data are chains of sub-blocks.
 */
function gif(bytes) {
    const screen = { width: u16le(bytes, 6), height: u16le(bytes, 8) };
    const flags = bytes[10] ?? 0;
    let at = 13 + (flags & 0x80 ? 3 << ((flags & 0x07) + 1) : 0);
    let largest = 0;
    let frames = 0;
    while (at < bytes.length) {
        const block = bytes[at];
        if (block === 0x3b)
            break;
        if (block === 0x21) {
            at = afterSubBlocks(bytes, at + 2);
        }
        else if (block === 0x2c) {
            const frame = { width: u16le(bytes, at + 5), height: u16le(bytes, at + 7) };
            largest = Math.max(largest, frame.width * frame.height);
            frames++;
            const local = bytes[at + 9] ?? 0;
            at += 10 + (local & 0x80 ? 3 << ((local & 0x07) + 1) : 0);
            // The LZW minimum code size, then the data's sub-blocks.
            at = afterSubBlocks(bytes, at + 1);
        }
        else {
            break;
        }
    }
    // The reader finds no frame to decode in a file without one: no size, so it is not decoded.
    if (frames === 0)
        return { format: 'gif' };
    return withSize('gif', screen, largest);
}
/** Past a chain of sub-blocks (each a length byte and that many bytes) and its empty terminator. */
function afterSubBlocks(bytes, from) {
    let at = from;
    while (at < bytes.length) {
        const length = bytes[at] ?? 0;
        at += 1 + length;
        if (length === 0)
            break;
    }
    return at;
}
/**
 * A WebP's size: a simple file's from its VP8 or VP8L bitstream header (each checked by its signature), an extended
 * one's (VP8X) from its canvas, and from the first bitstream after it, the larger if they differ (the decoder refuses
 * a still image whose two differ; an animation, which it does not decode, has no single bitstream).
 */
function webpSize(bytes) {
    const first = (0,_bytes_js__WEBPACK_IMPORTED_MODULE_0__/* .ascii */ .a)(bytes, 12, 4);
    if (first !== 'VP8X')
        return bitstreamSize(bytes, 12);
    if (bytes.length < 30)
        return undefined;
    const canvas = { width: 1 + u24le(bytes, 24), height: 1 + u24le(bytes, 27) };
    let at = 12 + 8 + u32le(bytes, 16);
    while (at + 8 <= bytes.length) {
        const type = (0,_bytes_js__WEBPACK_IMPORTED_MODULE_0__/* .ascii */ .a)(bytes, at, 4);
        if (type === 'VP8 ' || type === 'VP8L') {
            const inner = bitstreamSize(bytes, at);
            if (inner === undefined)
                return undefined;
            return { width: Math.max(canvas.width, inner.width), height: Math.max(canvas.height, inner.height) };
        }
        const size = u32le(bytes, at + 4);
        at += 8 + size + (size % 2);
    }
    return canvas;
}
/** The size in a `VP8 ` (lossy) or `VP8L` (lossless) chunk that starts at `at`. */
function bitstreamSize(bytes, at) {
    const type = (0,_bytes_js__WEBPACK_IMPORTED_MODULE_0__/* .ascii */ .a)(bytes, at, 4);
    if (type === 'VP8 ') {
        // A key frame's tag (3 bytes), then its start code 9D 01 2A, then 14 bits of width and of height each.
        if (bytes[at + 11] !== 0x9d || bytes[at + 12] !== 0x01 || bytes[at + 13] !== 0x2a)
            return undefined;
        return { width: u16le(bytes, at + 14) & 0x3fff, height: u16le(bytes, at + 16) & 0x3fff };
    }
    if (type === 'VP8L') {
        if (bytes[at + 8] !== 0x2f || at + 13 > bytes.length)
            return undefined;
        const bits = u32le(bytes, at + 9);
        return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
    }
    return undefined;
}
/**
 * An AVIF's size: its boxes walked as the ISO base media format lays them out (`meta` > `iprp` > `ipco`), and of the
 * image spatial extents (`ispe`) there, the largest width and the largest height: the primary image's, its grid's,
 * its alpha's, whichever the decoder meets. A byte search for `ispe` would take a string inside another box.
 */
function avifSize(bytes) {
    let width = 0;
    let height = 0;
    const walk = (from, to, path) => {
        let at = from;
        while (at + 8 <= to) {
            let size = u32be(bytes, at);
            const type = (0,_bytes_js__WEBPACK_IMPORTED_MODULE_0__/* .ascii */ .a)(bytes, at + 4, 4);
            let header = 8;
            if (size === 1) {
                // A 64-bit size: more than 4 GiB is more than any buffer here holds.
                if (u32be(bytes, at + 8) !== 0)
                    return;
                size = u32be(bytes, at + 12);
                header = 16;
            }
            else if (size === 0) {
                size = to - at;
            }
            if (size < header || at + size > to)
                return;
            const inside = `${path}/${type}`;
            if (inside === '/meta')
                walk(at + header + 4, at + size, inside);
            else if (inside === '/meta/iprp')
                walk(at + header, at + size, inside);
            else if (inside === '/meta/iprp/ipco')
                walk(at + header, at + size, inside);
            else if (inside === '/meta/iprp/ipco/ispe' && size >= header + 12) {
                width = Math.max(width, u32be(bytes, at + header + 4));
                height = Math.max(height, u32be(bytes, at + header + 8));
            }
            at += size;
        }
    };
    walk(0, bytes.length, '');
    return width === 0 || height === 0 ? undefined : { width, height };
}
/**
 * SVG, as a browser would take it: spaces, an XML declaration, comments and a DOCTYPE, then an `<svg` element,
 * within the first 4 KiB. Read forwards once: a comment ends at its first `-->`, and one that does not end is no SVG.
 */
function looksLikeSvg(bytes) {
    const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
    // A byte-order mark is a space to `\s`.
    let at = afterSpaces(head, 0);
    if (startsWithText(head, at, '<?xml')) {
        const end = head.indexOf('>', at);
        if (end < 0)
            return false;
        at = afterSpaces(head, end + 1);
    }
    for (;;) {
        let end;
        if (head.startsWith('<!--', at)) {
            end = head.indexOf('-->', at + 4);
            if (end >= 0)
                end += 2;
        }
        else if (startsWithText(head, at, '<!doctype')) {
            end = head.indexOf('>', at);
        }
        else {
            break;
        }
        if (end < 0)
            return false;
        at = afterSpaces(head, end + 1);
    }
    return startsWithText(head, at, '<svg') && (head.charAt(at + 4) === '>' || isSpace(head.charAt(at + 4)));
}
function afterSpaces(text, from) {
    let at = from;
    while (at < text.length && isSpace(text.charAt(at)))
        at++;
    return at;
}
function isSpace(character) {
    return character !== '' && /\s/.test(character);
}
/** `text` has `prefix` at `at`, letters in either case. */
function startsWithText(text, at, prefix) {
    return text.slice(at, at + prefix.length).toLowerCase() === prefix;
}
function startsWith(bytes, prefix) {
    return prefix.every((byte, index) => bytes[index] === byte);
}
function u16be(bytes, at) {
    return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}
function u16le(bytes, at) {
    return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}
function u24le(bytes, at) {
    return u16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
}
function u32be(bytes, at) {
    return (u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2)) >>> 0;
}
function u32le(bytes, at) {
    return (u16le(bytes, at) + u16le(bytes, at + 2) * 0x10000) >>> 0;
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

/***/ 379:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   j: () => (/* binding */ standsFor),
/* harmony export */   n: () => (/* binding */ pageIn)
/* harmony export */ });
/* harmony import */ var _compare_format_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9384);
/* harmony import */ var _mechanics_headers_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8065);


/** The first bytes read for a page's kind and words: a title sits in the head, a few KiB in at most. */
const HEAD_BYTES = 16 * 1024;
/** Characters of a title or of first words kept: enough to recognise a page by. */
const WORDS_KEPT = 100;
/**
 * The page an answer is, by its Content-Type or its first bytes; undefined when it is not one. Bytes that are an image
 * (any format the sniffer knows, SVG included) are an image whatever the type says: a host may label files wrongly.
 */
function pageIn(contentType, bytes) {
    if ((0,_compare_format_js__WEBPACK_IMPORTED_MODULE_0__/* .sniff */ .Z)(bytes) !== undefined)
        return undefined;
    const type = contentType === undefined ? undefined : (0,_mechanics_headers_js__WEBPACK_IMPORTED_MODULE_1__/* .mediaType */ .JL)(contentType);
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, HEAD_BYTES));
    const kind = kindOfType(type) ?? kindOfText(text, bytes);
    if (kind === undefined)
        return undefined;
    const title = kind === 'html' ? titleOf(text) : undefined;
    return {
        kind,
        type: type === '' ? undefined : type,
        ...(title === undefined ? { words: firstWords(text, kind) } : { title }),
    };
}
/**
 * The page stands where `file` should be: the file is no such text itself (a file of text is told by its bytes
 * alone), and for an SVG, which is XML text itself, only an HTML page does.
 */
function standsFor(page, file) {
    if (pageIn(undefined, file) !== undefined)
        return false;
    return page.kind === 'html' || (0,_compare_format_js__WEBPACK_IMPORTED_MODULE_0__/* .sniff */ .Z)(file)?.format !== 'svg';
}
function kindOfType(type) {
    if (type === undefined || type.startsWith('image/'))
        return undefined;
    if (type === 'text/html' || type === 'application/xhtml+xml')
        return 'html';
    if (type === 'application/json' || type.endsWith('+json'))
        return 'json';
    if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml'))
        return 'xml';
    return type.startsWith('text/') ? 'text' : undefined;
}
// Not a comment: an XML file, an SVG too, may start with one.
const HTML_STARTS = ['<!doctype html', '<html', '<head', '<body', '<title', '<meta'];
function kindOfText(text, bytes) {
    // A byte-order mark is a space to trimStart.
    const start = text.trimStart().slice(0, 32).toLowerCase();
    if (HTML_STARTS.some((prefix) => start.startsWith(prefix)))
        return 'html';
    if (start.startsWith('<?xml'))
        return 'xml';
    if (start.startsWith('{') || start.startsWith('['))
        return 'json';
    return start !== '' && isText(bytes.subarray(0, 512)) ? 'text' : undefined;
}
/** No byte that text does not hold: controls other than tab, line feed, form feed and carriage return, or NUL. */
function isText(bytes) {
    return bytes.every((byte) => byte >= 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d);
}
/** The text of the first `<title>`, read forwards with indexOf: no pattern that could backtrack on a hostile page. */
function titleOf(text) {
    const lower = text.toLowerCase();
    const open = lower.indexOf('<title');
    if (open < 0)
        return undefined;
    const from = lower.indexOf('>', open);
    const to = lower.indexOf('</title', from);
    if (from < 0 || to < 0)
        return undefined;
    const title = squeezed(text.slice(from + 1, to));
    return title === '' ? undefined : title;
}
/** The first words of a page, an HTML page's tags (and its scripts and styles) set aside. */
function firstWords(text, kind) {
    return squeezed(kind === 'html' ? withoutTags(text) : text.slice(0, 4 * WORDS_KEPT));
}
function withoutTags(html) {
    const lower = html.toLowerCase();
    let words = '';
    for (let at = 0; at < html.length && words.length < 4 * WORDS_KEPT;) {
        const open = html.indexOf('<', at);
        words += ` ${html.slice(at, open < 0 ? html.length : open)}`;
        if (open < 0)
            break;
        // A script's or a style's insides are code, not words.
        const element = ['script', 'style'].find((name) => lower.startsWith(name, open + 1));
        const close = element === undefined ? html.indexOf('>', open) : lower.indexOf(`</${element}`, open);
        if (close < 0)
            break;
        at = element === undefined ? close + 1 : Math.max(close + 1, html.indexOf('>', close) + 1);
    }
    return words;
}
function squeezed(text) {
    const words = text.replace(/\s+/g, ' ').trim();
    return words.length > WORDS_KEPT ? `${words.slice(0, WORDS_KEPT)}…` : words;
}


/***/ }),

/***/ 3363:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fr: () => (/* binding */ seenWords),
/* harmony export */   S4: () => (/* binding */ judge),
/* harmony export */   Vj: () => (/* binding */ verdictOf),
/* harmony export */   kR: () => (/* binding */ bodyLimit),
/* harmony export */   r5: () => (/* binding */ isPageFor)
/* harmony export */ });
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2392);
/* harmony import */ var _page_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(379);


function verdictOf(answer, versions) {
    const { status } = answer;
    if (answer.offsite !== undefined)
        return 'other';
    // Unread is not unchanged: with the budget spent the image stays held, and is reported not ready at the timeout.
    if (answer.cut === 'budget')
        return 'previous';
    if (answer.error !== undefined)
        return 'previous';
    if (status === undefined || status >= 500)
        return 'previous';
    // Not modified since the answer whose validators were sent, which was the previous version: only such asks send them.
    if (status === 304)
        return 'previous';
    const gone = status === 404 || status === 410;
    // A bucket that does not let its key be listed answers a missing key with 403 (S3, GCS): for a deleted image, gone.
    const refused = status === 401 || status === 403;
    if (versions.current === undefined) {
        if (gone || refused)
            return 'ready';
        if (isOk(status) && sameBytes(answer.body, versions.previous))
            return 'previous';
        // A page where the deleted image was (a single-page app's fallback): the image is no longer served.
        return isPageFor(answer, versions) ? 'ready' : 'other';
    }
    // A file that is there but not yet at its origin: an added image before its deploy, or a deploy half done.
    // Nor is any other answer that is not the image (a refusal, a 3xx without a place): never taken for a version.
    if (gone || !isOk(status))
        return 'previous';
    if (sameBytes(answer.body, versions.current))
        return 'ready';
    if (sameBytes(answer.body, versions.previous))
        return 'previous';
    // A page where the image should be (a fallback index.html, a "deploying" page): the image is not served yet.
    return isPageFor(answer, versions) ? 'previous' : 'other';
}
/**
 * A page, served for an image known not to be itself such a text (a file of text is told by its bytes alone, and a
 * file of which no version is known yet by nothing).
 */
function isPageFor(answer, versions) {
    const file = versions.current ?? versions.previous;
    if (answer.page === undefined || file === undefined || !(0,_page_js__WEBPACK_IMPORTED_MODULE_0__/* .standsFor */ .j)(answer.page, file))
        return false;
    return !sameBytes(answer.body, versions.current) && !sameBytes(answer.body, versions.previous);
}
/**
 * The verdict of an answer, with the picture looked at when its bytes are neither version: an origin that
 * recompresses or re-encodes its images (an image build step, a CDN in front) serves the new version in other
 * bytes, and is told ready, or still previous, as one that serves the files as they are.
 */
async function judge(answer, versions, signal) {
    const byBytes = verdictOf(answer, versions);
    if (byBytes !== 'other' || answer.body === undefined || answer.status === undefined || !isOk(answer.status))
        return byBytes;
    // Loaded here, by the first answer whose picture is looked at: a run that compares no picture (a dry run, a run
    // whose origins serve the files as they are) never opens the comparison's code. Named, as the proof names it
    // (proof/judge.ts): one chunk for both, though what their own chunks already hold differs.
    const { compareImage } = await __webpack_require__.e(/* import() | compare */ 44).then(__webpack_require__.bind(__webpack_require__, 8770));
    const comparison = await compareImage(answer.body, versions, { signal });
    // Not looked at is not unchanged: as an answer not read, worth asking again, never invalidated on a guess.
    if (comparison.shows === 'cannot-tell' && comparison.doubt === 'cancelled')
        return 'previous';
    return fromPicture(comparison.shows, versions);
}
function fromPicture(shows, versions) {
    switch (shows) {
        // A deleted file is ready when it is gone, not when it looks like anything.
        case 'new':
            return versions.current === undefined ? 'other' : 'ready';
        case 'previous':
            return 'previous';
        case 'cannot-tell':
            return 'other';
        default: {
            const unhandled = shows;
            return unhandled;
        }
    }
}
/**
 * The longest body worth reading: twice the longer version and 64 KiB more. An origin that re-encodes serves other
 * lengths (a PNG as a larger PNG, a JPEG at a higher quality); a body longer than that is no re-encoding of either.
 */
function bodyLimit(versions) {
    return 2 * Math.max(versions.current?.length ?? 0, versions.previous?.length ?? 0) + 64 * 1024;
}
function isOk(status) {
    return status >= 200 && status < 300;
}
function sameBytes(body, version) {
    return body !== undefined && version !== undefined && Buffer.from(body).equals(version);
}
/** What the origin serves, in a few words: `200, 5,120 bytes, ETag "abc"`. The ETag is the origin's text. */
/** An ask the run's byte budget stopped: not read, or not sent at all. */
const BUDGET_SPENT = "not read: the run's origin byte budget (256 MiB) is spent";
function seenWords(answer) {
    if (answer.status === undefined)
        return answer.error ?? (answer.cut === 'budget' ? BUDGET_SPENT : 'no answer');
    const parts = [String(answer.status)];
    if (answer.page?.type !== undefined)
        parts.push(typeShown(answer.page.type));
    if (answer.length !== undefined)
        parts.push(`${answer.length.toLocaleString('en-US')} bytes`);
    if (answer.etag !== undefined)
        parts.push(`ETag ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .etagShown */ .rL)(answer.etag)}`);
    if (answer.offsite !== undefined)
        parts.push(`redirected to ${JSON.stringify(answer.offsite.slice(0, 200))}`);
    if (answer.cut === 'too-long')
        parts.push('longer than any re-encoding of either version');
    if (answer.cut === 'budget')
        parts.push(BUDGET_SPENT);
    if (answer.page !== undefined)
        parts.push(pageWords(answer.page));
    return parts.join(', ');
}
/** A page as the report names it: `a page titled "Acme"`, or `a page that reads "Deploying…"`. Its text is quoted. */
function pageWords(page) {
    if (page.title !== undefined)
        return `a page titled ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(page.title)}`;
    return page.words === undefined || page.words === ''
        ? 'an empty page'
        : `a page that reads ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(page.words)}`;
}
/** A media type as sent, when it is one (`text/html`); anything else the origin wrote there is quoted. */
function typeShown(type) {
    return /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/.test(type) ? type : (0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(type);
}


/***/ })

};
