import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({});
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/publicPath */
/******/ (() => {
/******/ 	var scriptUrl;
/******/ 	if (typeof import.meta.url === "string") scriptUrl = import.meta.url
/******/ 	// When supporting browsers where an automatic publicPath is not supported you must specify an output.publicPath manually via configuration
/******/ 	// or pass an empty string ("") and set the __webpack_public_path__ variable from your code to use your own logic.
/******/ 	if (!scriptUrl) throw new Error("Automatic publicPath is not supported in this browser");
/******/ 	scriptUrl = scriptUrl.replace(/#.*$/, "").replace(/\?.*$/, "").replace(/\/[^\/]+$/, "/");
/******/ 	__nccwpck_require__.p = scriptUrl;
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	__nccwpck_require__.b = new URL("./", import.meta.url);
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
var __webpack_exports__ = {};

;// CONCATENATED MODULE: external "node:worker_threads"
const external_node_worker_threads_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");
;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: external "node:fs/promises"
const promises_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");
;// CONCATENATED MODULE: external "node:module"
const external_node_module_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:module");
;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
;// CONCATENATED MODULE: external "node:url"
const external_node_url_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");
;// CONCATENATED MODULE: ./src/compare/codecs.ts
/**
 * The decoders: Squoosh's codecs compiled to WebAssembly (@jsquash/*) and a pure-JavaScript GIF reader (omggif),
 * so the same bytes run on every runner's system, with no native add-on. Each is imported, and its WebAssembly
 * compiled, the first time an image of its format is decoded: a run that compares nothing loads none of them.
 */





/**
 * Each WebAssembly decoder's file, where its package keeps it. The build copies these into `wasm/` beside the
 * bundle (scripts/build.ts reads this table), since a bundle has no node_modules to find them in.
 */
const WASM_FILES = {
    jpeg: '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm',
    png: '@jsquash/png/codec/pkg/squoosh_png_bg.wasm',
    webp: '@jsquash/webp/codec/dec/webp_dec.wasm',
    avif: '@jsquash/avif/codec/dec/avif_dec.wasm',
};
const loaded = new Map();
/** The decoder of one format, loaded once per process; a failed load is tried again by the next image. */
function decoderFor(format) {
    let decoder = loaded.get(format);
    if (decoder === undefined) {
        decoder = load(format);
        loaded.set(format, decoder);
        decoder.catch(() => loaded.delete(format));
    }
    return decoder;
}
async function load(format) {
    switch (format) {
        case 'jpeg': {
            const codec = await __nccwpck_require__.e(/* import() */ 781).then(__nccwpck_require__.bind(__nccwpck_require__, 781));
            await initWith(codec.init, format);
            return async (bytes) => asRaster(await codec.default(arrayBufferOf(bytes)));
        }
        case 'png': {
            const codec = await __nccwpck_require__.e(/* import() */ 431).then(__nccwpck_require__.bind(__nccwpck_require__, 431));
            await codec.init((await compiled(format)));
            return async (bytes) => asRaster(await codec.decode(arrayBufferOf(bytes)));
        }
        case 'webp': {
            const codec = await __nccwpck_require__.e(/* import() */ 185).then(__nccwpck_require__.bind(__nccwpck_require__, 185));
            await initWith(codec.init, format);
            return async (bytes) => asRaster(await codec.default(arrayBufferOf(bytes)));
        }
        case 'avif': {
            const codec = await __nccwpck_require__.e(/* import() */ 841).then(__nccwpck_require__.bind(__nccwpck_require__, 841));
            await initWith(codec.init, format);
            return async (bytes) => {
                const image = await codec.default(arrayBufferOf(bytes));
                if (image === null)
                    throw new Error('the AVIF decoder returned no image');
                return asRaster(image);
            };
        }
        case 'gif': {
            const { GifReader } = await __nccwpck_require__.e(/* import() */ 676).then(__nccwpck_require__.t.bind(__nccwpck_require__, 676, 19));
            return (bytes) => Promise.resolve(quietly(() => firstGifFrame(new GifReader(bytes))));
        }
        default: {
            const unhandled = format;
            throw new Error(`no decoder for ${String(unhandled)}`);
        }
    }
}
/**
 * The Emscripten codecs fetch their .wasm from beside their script, which Node's fetch cannot do with a file:
 * URL; handed a compiled module instead, they instantiate it as it is (an overload their declared `init` leaves out).
 * Their warnings ("Premature end of JPEG file") would print on the run's log, unfiltered: they are silenced, and a
 * decoder's failure reaches the caller as an error.
 */
async function initWith(init, format) {
    const silent = { print: () => undefined, printErr: () => undefined };
    await init(await compiled(format), silent);
}
const { WebAssembly: wasm } = globalThis;
async function compiled(format) {
    return wasm.compile(await (0,promises_namespaceObject.readFile)(wasmPath(format)));
}
/**
 * In the action's `wasm/` folder (the decoding thread's bundle is in `decode-worker/` beside it), else where Node finds
 * the package (the sources, the npm package).
 */
function wasmPath(format) {
    const specifier = WASM_FILES[format];
    const here = (0,external_node_path_namespaceObject.dirname)((0,external_node_url_namespaceObject.fileURLToPath)(import.meta.url));
    const name = specifier.slice(specifier.lastIndexOf('/') + 1);
    const bundled = [(0,external_node_path_namespaceObject.join)(here, 'wasm', name), (0,external_node_path_namespaceObject.join)(here, '..', 'wasm', name)].find((path) => (0,external_node_fs_namespaceObject.existsSync)(path));
    return bundled ?? (0,external_node_module_namespaceObject.createRequire)(import.meta.url).resolve(specifier);
}
/**
 * omggif warns of a malformed stream with console.log, which would print on the run's log unfiltered. Its decoding
 * is synchronous, so muting the console for the call mutes nothing else.
 */
function quietly(work) {
    const log = console.log;
    console.log = () => undefined;
    try {
        return work();
    }
    finally {
        console.log = log;
    }
}
function firstGifFrame(reader) {
    const data = new Uint8Array(reader.width * reader.height * 4);
    reader.decodeAndBlitFrameRGBA(0, data);
    return { width: reader.width, height: reader.height, data };
}
function asRaster(image) {
    return {
        width: image.width,
        height: image.height,
        data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    };
}
function arrayBufferOf(bytes) {
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

;// CONCATENATED MODULE: ./src/compare/decode-worker.ts
/**
 * The thread that decodes: one image at a time, asked by `decode.ts`, which ends it on a cancel. Its WebAssembly
 * memory grows to the largest image it decoded and never shrinks; ending the thread gives it back.
 */


const port = external_node_worker_threads_namespaceObject.parentPort;
port?.on('message', (request) => {
    void (async () => {
        let reply;
        try {
            const raster = await (await decoderFor(request.format))(request.bytes);
            reply = { width: raster.width, height: raster.height, data: raster.data };
            port.postMessage(reply, [raster.data.buffer]);
        }
        catch (error) {
            reply = { error: String(error) };
            port.postMessage(reply);
        }
    })();
});

