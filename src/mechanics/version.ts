/**
 * The release, as the service sees it in each call's user agent. Written here, not read from package.json, so that
 * the library and the command compile on their own (lib/ holds no package.json); test/version.test.ts keeps it in
 * step with package.json and CHANGELOG.md.
 */
export const VERSION = '1.0.0';
export const USER_AGENT = `image-cache-invalidate/${VERSION}`;
