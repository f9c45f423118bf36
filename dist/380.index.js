export const id = 380;
export const ids = [380];
export const modules = {

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


/***/ })

};
