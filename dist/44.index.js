export const id = 44;
export const ids = [44];
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

/***/ 8770:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  compareImage: () => (/* binding */ compareImage)
});

// UNUSED EXPORTS: SAME_PICTURE, SMALLEST_SIDE, TELLS_APART, THUMBNAIL_SIDE, normalSvg

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(3136);
// EXTERNAL MODULE: external "node:worker_threads"
var external_node_worker_threads_ = __webpack_require__(5919);
;// CONCATENATED MODULE: ./src/compare/decode-thread.ts
/**
 * Decoding off the main thread. A decoder runs synchronously and can take tens of seconds (a 25-megapixel AVIF of
 * noise takes 35 s in the AVIF decoder), and while it runs the main thread hears nothing: not SIGINT, not SIGTERM,
 * which the runner sends 7.5 s later before it kills the step. So every image is decoded in a worker thread, and the
 * main thread stays free to hear the cancel, end the worker (and the decode with it) and publish what the run did.
 *
 * One image is decoded at a time, whatever the number of comparisons in flight, so at most one image's pixels are
 * being decoded at once. The worker is kept for the next image while its memory is small, and ended after an image
 * of more than KEEP_WORKER_PIXELS, which gives back what its WebAssembly memory grew to.
 */



/** A decode the cancel ended before it finished. */
const CANCELLED = Symbol('cancelled');
/** Past this many pixels decoded (16 MiB of RGBA), the worker is ended and its memory given back. */
const KEEP_WORKER_PIXELS = 4_000_000;
const queue = [];
let running;
let idle;
/** Decodes `bytes` in the worker; rejects with the decoder's error; resolves CANCELLED when `signal` ends it first. */
function decodeOffThread(request, signal) {
    if (signal?.aborted === true)
        return Promise.resolve(CANCELLED);
    return new Promise((resolve, reject) => {
        const job = {
            ...request,
            signal,
            settle: (outcome) => {
                signal?.removeEventListener('abort', onAbort);
                if (outcome instanceof Error)
                    reject(outcome);
                else
                    resolve(outcome);
            },
        };
        const onAbort = () => {
            if (running?.job === job) {
                // The decode is synchronous inside the worker: ending the worker is the only way to stop it.
                void running.worker.terminate();
                running = undefined;
                job.settle(CANCELLED);
                next();
                return;
            }
            const at = queue.indexOf(job);
            if (at >= 0)
                queue.splice(at, 1);
            job.settle(CANCELLED);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(job);
        next();
    });
}
function next() {
    if (running !== undefined)
        return;
    let job = queue.shift();
    // Jobs a cancel already ended start no worker: one cancel ends the whole queue, not one worker after another.
    while (job?.signal?.aborted === true) {
        job.settle(CANCELLED);
        job = queue.shift();
    }
    if (job === undefined)
        return;
    const worker = idle ?? startWorker();
    idle = undefined;
    worker.ref();
    running = { job, worker };
    const done = (outcome, keep) => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (running?.worker !== worker)
            return;
        running = undefined;
        if (keep && idle === undefined) {
            // An idle worker never holds the process open.
            worker.unref();
            idle = worker;
        }
        else {
            void worker.terminate();
        }
        job.settle(outcome);
        next();
    };
    // Kept by the size asked, not the size answered: a decode that failed part-way may have grown the memory as much.
    const keep = job.pixels <= KEEP_WORKER_PIXELS;
    const onMessage = (reply) => {
        done('error' in reply ? new Error(reply.error) : reply, keep);
    };
    const onError = (error) => {
        done(error, false);
    };
    const onExit = (code) => {
        done(new Error(`the decoding thread ended (exit code ${code})`), false);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    const { format, bytes } = job;
    // A copy of its own, handed over: the caller keeps its bytes (a Buffer may share its memory with others).
    const copy = new Uint8Array(bytes);
    try {
        worker.postMessage({ format, bytes: copy }, [copy.buffer]);
    }
    catch (error) {
        done(error instanceof Error ? error : new Error(String(error)), false);
    }
}
/**
 * The worker's file: in the action's bundle, `decode-worker/index.js` beside it (scripts/build.ts bundles it there);
 * in the sources (`.ts`, which Node runs with its types stripped) and the npm package (`.js`), the file beside this
 * one. The base is a variable: the bundler would take `new URL('…', import.meta.url)` for a file to copy.
 */
function startWorker() {
    const here = import.meta.url;
    const file =  true
        ? 'decode-worker/index.js'
        : 0;
    const worker = new external_node_worker_threads_.Worker(new URL(file, here));
    // For its whole life, beside each job's own listeners: an idle worker that fails or ends is let go, never given
    // another image (a message to an ended worker gets no answer), and its error never goes unhandled (which would
    // end the run).
    const letGo = () => {
        if (idle === worker)
            idle = undefined;
    };
    worker.on('error', letGo);
    worker.on('exit', letGo);
    return worker;
}

// EXTERNAL MODULE: ./src/compare/format.ts
var compare_format = __webpack_require__(9384);
// EXTERNAL MODULE: ./src/compare/bytes.ts
var compare_bytes = __webpack_require__(2280);
;// CONCATENATED MODULE: ./src/compare/orientation.ts
/**
 * The EXIF orientation tag (TIFF tag 0x0112): how a camera that stored its picture as the sensor saw it says to turn
 * it for showing. Browsers apply it (`image-orientation: from-image` is the default), and image services mostly
 * deliver the picture turned and without the tag. Read from JPEG (an APP1 `Exif` segment), WebP (the `EXIF` chunk
 * of an extended file) and PNG (the `eXIf` chunk). Not read: AVIF and HEIF carry theirs as `irot` and `imir`
 * properties, which the AVIF decoder does not apply either, so such a file is seen as stored; GIF and SVG have none.
 *
 * The bytes come from outside: every read is bounded by the buffer, and whatever is malformed, cut short or out of
 * range is "as stored" (1), never an error.
 */

const AS_STORED = 1;
function orientationOf(bytes, format) {
    switch (format) {
        case 'jpeg':
            return fromTiff(jpegExif(bytes));
        case 'webp':
            return fromTiff(webpExif(bytes));
        case 'png':
            return fromTiff(pngExif(bytes));
        case 'avif':
        case 'gif':
        case 'svg':
            return AS_STORED;
        default: {
            const unhandled = format;
            return unhandled;
        }
    }
}
/** Orientations 5 to 8 turn a quarter: the picture shown is as wide as the stored one is high. */
function turnsAQuarter(orientation) {
    return orientation >= 5;
}
const EXIF_HEADER = 'Exif\0\0';
/** The TIFF block of the first APP1 `Exif` segment before the image data. */
function jpegExif(bytes) {
    let at = 2;
    while (at + 4 <= bytes.length) {
        if (bytes[at] !== 0xff)
            return undefined;
        const marker = bytes[at + 1] ?? 0;
        // Fill bytes, and markers that stand alone (TEM, RSTn) with no length after them.
        if (marker === 0xff) {
            at++;
            continue;
        }
        if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
            at += 2;
            continue;
        }
        // Start of scan or end of image: the metadata is all before.
        if (marker === 0xda || marker === 0xd9)
            return undefined;
        const length = u16(bytes, at + 2, false);
        const end = at + 2 + length;
        if (length < 2 || end > bytes.length)
            return undefined;
        if (marker === 0xe1 && (0,compare_bytes/* ascii */.a)(bytes, at + 4, EXIF_HEADER.length) === EXIF_HEADER)
            return bytes.subarray(at + 4 + EXIF_HEADER.length, end);
        at = end;
    }
    return undefined;
}
/** The `EXIF` chunk of an extended (VP8X) WebP; some writers put JPEG's `Exif\0\0` before its TIFF block. */
function webpExif(bytes) {
    if ((0,compare_bytes/* ascii */.a)(bytes, 0, 4) !== 'RIFF' || (0,compare_bytes/* ascii */.a)(bytes, 8, 4) !== 'WEBP' || (0,compare_bytes/* ascii */.a)(bytes, 12, 4) !== 'VP8X')
        return undefined;
    let at = 12;
    while (at + 8 <= bytes.length) {
        const size = u32(bytes, at + 4, true);
        const end = at + 8 + size;
        if (end > bytes.length)
            return undefined;
        if ((0,compare_bytes/* ascii */.a)(bytes, at, 4) === 'EXIF') {
            const block = bytes.subarray(at + 8, end);
            return (0,compare_bytes/* ascii */.a)(block, 0, EXIF_HEADER.length) === EXIF_HEADER ? block.subarray(EXIF_HEADER.length) : block;
        }
        // Chunks are padded to an even length.
        at = end + (size % 2);
    }
    return undefined;
}
/** The `eXIf` chunk of a PNG, wherever it is before IEND. */
function pngExif(bytes) {
    let at = 8;
    while (at + 8 <= bytes.length) {
        const length = u32(bytes, at, false);
        const type = (0,compare_bytes/* ascii */.a)(bytes, at + 4, 4);
        const end = at + 8 + length;
        if (type === 'IEND' || end > bytes.length)
            return undefined;
        if (type === 'eXIf')
            return bytes.subarray(at + 8, end);
        at = end + 4; // and its CRC
    }
    return undefined;
}
const ORIENTATION_TAG = 0x0112;
const SHORT = 3;
const ENTRY = 12;
/** The orientation entry of IFD0, as browsers read it: a single SHORT of 1 to 8. */
function fromTiff(tiff) {
    if (tiff === undefined || tiff.length < 8)
        return AS_STORED;
    const order = (0,compare_bytes/* ascii */.a)(tiff, 0, 2);
    if (order !== 'II' && order !== 'MM')
        return AS_STORED;
    const little = order === 'II';
    if (u16(tiff, 2, little) !== 42)
        return AS_STORED;
    const ifd = u32(tiff, 4, little);
    if (ifd + 2 > tiff.length)
        return AS_STORED;
    const entries = u16(tiff, ifd, little);
    for (let index = 0; index < entries; index++) {
        const at = ifd + 2 + index * ENTRY;
        if (at + ENTRY > tiff.length)
            return AS_STORED;
        if (u16(tiff, at, little) !== ORIENTATION_TAG)
            continue;
        if (u16(tiff, at + 2, little) !== SHORT || u32(tiff, at + 4, little) !== 1)
            return AS_STORED;
        const value = u16(tiff, at + 8, little);
        return isOrientation(value) ? value : AS_STORED;
    }
    return AS_STORED;
}
function isOrientation(value) {
    return Number.isInteger(value) && value >= 1 && value <= 8;
}
/** Reads past the end give zeros, never an error; every caller checks its bounds before it trusts a value. */
function u16(bytes, at, little) {
    const [a, b] = [bytes[at] ?? 0, bytes[at + 1] ?? 0];
    return little ? a | (b << 8) : (a << 8) | b;
}
function u32(bytes, at, little) {
    const [high, low] = little
        ? [u16(bytes, at + 2, true), u16(bytes, at, true)]
        : [u16(bytes, at, false), u16(bytes, at + 2, false)];
    return high * 0x10000 + low;
}

// EXTERNAL MODULE: ./src/shown/format.ts
var shown_format = __webpack_require__(5462);
;// CONCATENATED MODULE: ./src/compare/decode.ts




/**
 * Most pixels decoded from an image a server delivered: 25 megapixels (100 MB of RGBA, twice that while the decoder
 * hands it over), more than a 6000×4000 camera photograph and than any image a page shows.
 */
const MAX_PIXELS = 25_000_000;
/**
 * Most pixels decoded from a version of a file in the repository: 64 megapixels, so that a camera's original (a
 * 27-megapixel 6000×4500 photo, a 50-megapixel 8688×5792 one, up to 61 megapixels) is compared with what a host
 * delivers of it. A decode holds about 15 bytes a pixel at its peak (the decoder's memory, its RGBA, the copy handed
 * over): about 1 GB at the cap (a 50-megapixel JPEG and its previous version, compared: 0.73 GB, 3.6 s), in a worker
 * that is ended afterwards, which gives its memory back. Larger is "cannot tell", with its size and this cap.
 */
const MAX_VERSION_PIXELS = 64_000_000;
async function decodeImage(bytes, options = {}) {
    const { maxPixels = MAX_PIXELS, signal } = options;
    const sniffed = (0,compare_format/* sniff */.Z)(bytes);
    if (sniffed === undefined)
        return { kind: 'undecodable', reason: 'not an image of a known format' };
    const { format, size, pixels } = sniffed;
    if (format === 'svg')
        return { kind: 'svg', text: new TextDecoder().decode(bytes) };
    // A size the header does not give is no size at all: decoding it could allocate without bound.
    if (size === undefined || pixels === undefined)
        return { kind: 'undecodable', reason: `${format} whose size its header does not give` };
    if (pixels > maxPixels)
        return { kind: 'undecodable', reason: tooManyWords(format, size, pixels, maxPixels) };
    try {
        const raster = await decodeOffThread({ format, bytes, pixels }, signal);
        if (raster === CANCELLED)
            return { kind: 'cancelled' };
        if (raster.width * raster.height === 0)
            return { kind: 'undecodable', reason: `${format} with no pixels` };
        // The header's size is what was checked: a decoder that made more of it is not trusted.
        if (raster.width !== size.width || raster.height !== size.height)
            return {
                kind: 'undecodable',
                reason: `${format} whose header says ${size.width}×${size.height} pixels and whose decoder made ${raster.width}×${raster.height}`,
            };
        return { kind: 'raster', format, raster, orientation: orientationOf(bytes, format) };
    }
    catch (error) {
        return { kind: 'undecodable', reason: `${format} that its decoder refused (${String(error)})` };
    }
}
function tooManyWords(format, size, pixels, maxPixels) {
    const frame = pixels > size.width * size.height ? `, with a frame of ${(0,shown_format/* count */.U9)(pixels)} pixels,` : '';
    return (`${format} of ${size.width}×${size.height} pixels${frame} too many to decode ` +
        `(more than ${(0,shown_format/* count */.U9)(maxPixels)})`);
}

;// CONCATENATED MODULE: ./src/compare/thumbnail.ts
function thumbnailOf(raster, side) {
    const { width, height, data } = raster;
    // Rows first, straight from the bytes: never a copy of the whole image (50 megapixels would take 800 MB as floats).
    const rows = new Float32Array(side * height * 4);
    const spans = areaSpans(width, side);
    let opaque = true;
    for (let y = 0; y < height; y++)
        for (let x = 0; x < side; x++) {
            const target = (y * side + x) * 4;
            for (const [index, weight] of spans[x] ?? []) {
                const at = (y * width + index) * 4;
                const alpha = data[at + 3] ?? 255;
                if (alpha !== 255)
                    opaque = false;
                const scale = (alpha / 255) * weight;
                rows[target] = (rows[target] ?? 0) + (data[at] ?? 0) * scale;
                rows[target + 1] = (rows[target + 1] ?? 0) + (data[at + 1] ?? 0) * scale;
                rows[target + 2] = (rows[target + 2] ?? 0) + (data[at + 2] ?? 0) * scale;
                rows[target + 3] = (rows[target + 3] ?? 0) + alpha * weight;
            }
        }
    return { side, pixels: resampleColumns(rows, side, height, side), opaque };
}
/** A thumbnail brought down to fewer pixels a side, as if made at that size from the image. */
function shrink(thumbnail, side) {
    if (side === thumbnail.side)
        return thumbnail;
    const pixels = resample(thumbnail.pixels, thumbnail.side, thumbnail.side, side);
    return { side, pixels, opaque: thumbnail.opaque };
}
/**
 * A thumbnail as its image is shown once turned by its orientation tag. The thumbnail is square and each of its
 * pixels the mean of an area, so turning it is the thumbnail of the turned image: the full pixels are never turned.
 */
function turned(thumbnail, orientation) {
    if (orientation === 1)
        return thumbnail;
    const { side, pixels: from } = thumbnail;
    const last = side - 1;
    const pixels = new Float32Array(from.length);
    for (let y = 0; y < side; y++)
        for (let x = 0; x < side; x++) {
            const [storedX, storedY] = storedAt(orientation, x, y, last);
            const at = (storedY * side + storedX) * 4;
            pixels.set(from.subarray(at, at + 4), (y * side + x) * 4);
        }
    return { side, pixels, opaque: thumbnail.opaque };
}
/** Where the pixel shown at (x, y) is stored, in a square whose last index is `last`. */
function storedAt(orientation, x, y, last) {
    switch (orientation) {
        case 1:
            return [x, y];
        case 2:
            return [last - x, y];
        case 3:
            return [last - x, last - y];
        case 4:
            return [x, last - y];
        case 5:
            return [y, x];
        case 6:
            return [y, last - x];
        case 7:
            return [last - y, last - x];
        case 8:
            return [last - y, x];
        default: {
            const unhandled = orientation;
            return unhandled;
        }
    }
}
function resample(pixels, width, height, side) {
    return resampleColumns(resampleRows(pixels, width, height, side), side, height, side);
}
/**
 * The root mean square of the channels' differences, 0 (the same) to 255. A thumbnail with transparency compared
 * with an opaque one is laid on white and on black first, and the nearer counts: a service that delivers a
 * transparent image as JPEG flattens it on one of the two.
 */
function distance(a, b) {
    if (a.opaque === b.opaque)
        return rms(a.pixels, b.pixels);
    const [opaque, translucent] = a.opaque ? [a, b] : [b, a];
    return Math.min(rms(opaque.pixels, flattened(translucent.pixels, 255)), rms(opaque.pixels, flattened(translucent.pixels, 0)));
}
function rms(a, b) {
    let sum = 0;
    for (let at = 0; at < a.length; at++) {
        const difference = (a[at] ?? 0) - (b[at] ?? 0);
        sum += difference * difference;
    }
    return Math.sqrt(sum / a.length);
}
function flattened(pixels, background) {
    const out = new Float32Array(pixels.length);
    for (let at = 0; at < pixels.length; at += 4) {
        const uncovered = 1 - (pixels[at + 3] ?? 0) / 255;
        for (let channel = 0; channel < 3; channel++)
            out[at + channel] = (pixels[at + channel] ?? 0) + uncovered * background;
        out[at + 3] = 255;
    }
    return out;
}
/** Each row from `width` pixels to `side`, each output pixel the area-weighted mean of the input it covers. */
function resampleRows(pixels, width, height, side) {
    const out = new Float32Array(side * height * 4);
    const spans = areaSpans(width, side);
    for (let y = 0; y < height; y++)
        for (let x = 0; x < side; x++)
            mix(pixels, out, spans[x] ?? [], (from) => (y * width + from) * 4, (y * side + x) * 4);
    return out;
}
/** Each column from `height` pixels to `side`. */
function resampleColumns(pixels, width, height, side) {
    const out = new Float32Array(side * side * 4);
    const spans = areaSpans(height, side);
    for (let y = 0; y < side; y++)
        for (let x = 0; x < width; x++)
            mix(pixels, out, spans[y] ?? [], (from) => (from * width + x) * 4, (y * side + x) * 4);
    return out;
}
/** For each of `to` output pixels, the input pixels it covers and how much of each, weights adding up to 1. */
function areaSpans(from, to) {
    const scale = from / to;
    return Array.from({ length: to }, (_, index) => {
        const start = index * scale;
        const end = start + scale;
        const span = [];
        for (let at = Math.floor(start); at < Math.min(Math.ceil(end), from); at++) {
            const covered = Math.min(end, at + 1) - Math.max(start, at);
            if (covered > 0)
                span.push([at, covered / scale]);
        }
        return span;
    });
}
function mix(input, output, span, offsetOf, target) {
    for (const [index, weight] of span) {
        const offset = offsetOf(index);
        for (let channel = 0; channel < 4; channel++)
            output[target + channel] = (output[target + channel] ?? 0) + (input[offset + channel] ?? 0) * weight;
    }
}

;// CONCATENATED MODULE: ./src/compare/compare.ts
/**
 * One image comparison: does an image that a server delivered show the new version of a file, the previous one, or
 * can it not be told? Re-encoding, another quality, another format and resizing are seen through; a crop, a change
 * of shape, or a picture near neither version is "cannot tell", never "new". A photo with an orientation tag is
 * matched as stored and as shown turned by it: some hosts deliver the pixels as they are, most turn them and drop
 * the tag. The image delivered is seen as a browser shows it, turned by its own tag.
 */




/**
 * The largest distance that re-encoding, quality, format and resizing made on the measured set, with a margin:
 * at most this far from a version, an image shows it. Measured by scripts/bench/compare.ts (BENCHMARKS.md).
 */
const SAME_PICTURE = 7;
/**
 * Versions nearer than this cannot be told apart. Twice SAME_PICTURE, so that (the distance being a metric) an
 * image within SAME_PICTURE of one version is always farther than SAME_PICTURE from the other.
 */
const TELLS_APART = 2 * SAME_PICTURE;
/** Pixels a side of the thumbnails compared; fewer when the image delivered is smaller. */
const THUMBNAIL_SIDE = 32;
/** Below this many pixels a side, pictures are not told apart. */
const SMALLEST_SIDE = 8;
async function compareImage(delivered, versions, options = {}) {
    const { signal } = options;
    const { current, previous } = versions;
    if (current === undefined && previous === undefined)
        return { shows: 'cannot-tell', doubt: 'neither' };
    // The common case costs no decoding: the server delivers a version's very bytes.
    if (current !== undefined && previous !== undefined && equal(current, previous))
        return { shows: 'cannot-tell', doubt: 'alike', distances: { between: 0 } };
    if (current !== undefined && equal(delivered, current))
        return { shows: 'new' };
    if (previous !== undefined && equal(delivered, previous))
        return { shows: 'previous' };
    const seen = await decodeImage(delivered, { signal });
    if (seen.kind === 'cancelled')
        return { shows: 'cannot-tell', doubt: 'cancelled' };
    if (seen.kind === 'undecodable')
        return { shows: 'cannot-tell', doubt: 'undecodable', detail: seen.reason };
    const [next, before] = await Promise.all([lookOf(current, signal), lookOf(previous, signal)]);
    if (next?.kind === 'cancelled' || before?.kind === 'cancelled')
        return { shows: 'cannot-tell', doubt: 'cancelled' };
    if (next?.kind === 'undecodable')
        return {
            shows: 'cannot-tell',
            doubt: 'version-undecodable',
            detail: `the new version is ${next.reason}`,
        };
    if (before?.kind === 'undecodable')
        return {
            shows: 'cannot-tell',
            doubt: 'version-undecodable',
            detail: `the previous version is ${before.reason}`,
        };
    if (seen.kind === 'svg')
        return compareSvg(seen.text, next, before);
    if (next?.kind === 'svg' || before?.kind === 'svg')
        return { shows: 'cannot-tell', doubt: 'other-kind' };
    return compareRasters(seen, next, before);
}
function compareRasters(seen, next, before) {
    const { width, height } = seen.raster;
    const side = Math.min(THUMBNAIL_SIDE, width, height);
    if (side < SMALLEST_SIDE)
        return { shows: 'cannot-tell', doubt: 'too-small' };
    const shown = shownAs({ width, height, thumbnail: thumbnailOf(seen.raster, side) }, seen.orientation);
    const nextViews = next?.views.map((view) => shrunk(view, side)) ?? [];
    const beforeViews = before?.views.map((view) => shrunk(view, side)) ?? [];
    const distances = {};
    if (nextViews.length > 0 && beforeViews.length > 0) {
        // Nearest over every pair: an image within SAME_PICTURE of a view of one version is then farther than that
        // from every view of the other.
        distances.between = Math.min(...nextViews.flatMap((a) => beforeViews.map((b) => distance(a.thumbnail, b.thumbnail))));
        if (distances.between < TELLS_APART)
            return { shows: 'cannot-tell', doubt: 'alike', distances };
    }
    const nextShaped = nextViews.filter((view) => sameShape(shown, view));
    const beforeShaped = beforeViews.filter((view) => sameShape(shown, view));
    if (nextShaped.length === 0 && beforeShaped.length === 0)
        return { shows: 'cannot-tell', doubt: 'other-shape', distances };
    if (nextShaped.length > 0)
        distances.toNew = nearest(shown, nextShaped);
    if (beforeShaped.length > 0)
        distances.toPrevious = nearest(shown, beforeShaped);
    if (distances.toNew !== undefined && distances.toNew <= SAME_PICTURE)
        return { shows: 'new', distances };
    if (distances.toPrevious !== undefined && distances.toPrevious <= SAME_PICTURE)
        return { shows: 'previous', distances };
    return { shows: 'cannot-tell', doubt: 'neither', distances };
}
/**
 * Width to height within what rounding each side to a whole pixel explains (a service resizing to `w:100` rounds
 * the height), and a hundredth more.
 */
function sameShape(seen, version) {
    const { width, height } = seen;
    const ratio = width / height / (version.width / version.height);
    return Math.abs(Math.log(ratio)) <= 0.01 + 1 / width + 1 / height;
}
/** A view as its orientation tag shows it: turning commutes with the averaging that made the thumbnail. */
function shownAs(stored, orientation) {
    const quarter = turnsAQuarter(orientation);
    return {
        width: quarter ? stored.height : stored.width,
        height: quarter ? stored.width : stored.height,
        thumbnail: turned(stored.thumbnail, orientation),
    };
}
function shrunk(view, side) {
    return { ...view, thumbnail: shrink(view.thumbnail, side) };
}
function nearest(shown, views) {
    return Math.min(...views.map((view) => distance(shown.thumbnail, view.thumbnail)));
}
/** SVG is text: the same drawing is the same text once comments, the XML declaration and spacing are set aside. */
function compareSvg(seen, next, before) {
    if ((next !== undefined && next.kind !== 'svg') || (before !== undefined && before.kind !== 'svg'))
        return { shows: 'cannot-tell', doubt: 'other-kind' };
    const text = normalSvg(seen);
    const nextText = next?.kind === 'svg' ? normalSvg(next.text) : undefined;
    const beforeText = before?.kind === 'svg' ? normalSvg(before.text) : undefined;
    if (nextText !== undefined && nextText === beforeText)
        return { shows: 'cannot-tell', doubt: 'alike' };
    if (text === nextText)
        return { shows: 'new' };
    if (text === beforeText)
        return { shows: 'previous' };
    return { shows: 'cannot-tell', doubt: 'neither' };
}
function normalSvg(text) {
    const bare = text.startsWith('\uFEFF') ? text.slice(1) : text;
    // Once the spaces are one each, `>\s+<` is `> <` and `\s*(\/?>)` is ` ?(\/?>)`: nothing left to rescan.
    return without(without(bare, '<?xml', '?>'), '<!--', '-->')
        .replace(/\s+/g, ' ')
        .replaceAll('> <', '><')
        .replace(/ ?(\/?>)/g, '$1')
        .trim();
}
/**
 * `text` without each span from `open` to the first `close` after it, read forwards once: a lazy expression
 * (`<!--[\s\S]*?-->`) would read to the end from every `<!--` that has no `-->` after it, quadratic in their number.
 */
function without(text, open, close) {
    const kept = [];
    let at = 0;
    for (;;) {
        const start = text.indexOf(open, at);
        if (start < 0)
            break;
        const end = text.indexOf(close, start + open.length);
        // No span ends after this one starts: none that starts later can.
        if (end < 0)
            break;
        kept.push(text.slice(at, start));
        at = end + close.length;
    }
    kept.push(text.slice(at));
    return kept.join('');
}
/**
 * A version's look, kept for the process by its digest: the origin check asks about the same file again and again
 * while it waits, and its versions do not change. Thumbnails only: a few KiB each, where the pixels can be 200 MB.
 */
const looks = new Map();
const LOOKS_KEPT = 256;
function lookOf(bytes, signal) {
    if (bytes === undefined)
        return Promise.resolve(undefined);
    const key = (0,external_node_crypto_.createHash)('sha256').update(bytes).digest('base64');
    let look = looks.get(key);
    if (look === undefined) {
        // A version is the repository's own file: a camera's original is decoded, up to MAX_VERSION_PIXELS.
        look = decodeImage(bytes, { maxPixels: MAX_VERSION_PIXELS, signal }).then((decoded) => {
            if (decoded.kind !== 'raster')
                return decoded;
            const { raster, orientation } = decoded;
            const stored = {
                width: raster.width,
                height: raster.height,
                thumbnail: thumbnailOf(raster, THUMBNAIL_SIDE),
            };
            return { kind: 'raster', views: orientation === 1 ? [stored] : [stored, shownAs(stored, orientation)] };
        });
        if (looks.size >= LOOKS_KEPT)
            looks.delete(looks.keys().next().value ?? '');
        looks.set(key, look);
        // A look the cancel cut short is no look: the next ask decodes it again.
        const cut = look;
        void cut.then((done) => {
            if (done.kind === 'cancelled' && looks.get(key) === cut)
                looks.delete(key);
        });
    }
    return look;
}
function equal(a, b) {
    return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
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


/***/ })

};
