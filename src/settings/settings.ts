import { ACTION_INPUTS } from './action-contract.ts';
import { parseAssetEntries, type AssetRef } from '../domain/refs.ts';
import { parseFileList } from './files-input.ts';
import { checkPatterns, parsePatterns } from './select.ts';
import { imageHostIsOrigin, parseUrlMap, URL_MAP_EXAMPLE, type UrlMapRule } from './url-map.ts';
import { parseList, refuseFlowList } from '../domain/list-syntax.ts';
import { deliveryUrlOf, imageHostOf } from '../domain/urls.ts';
import {
  parseApiKey,
  parseBoolean,
  parseChoice,
  parseDomain,
  parseEndpoint,
  parseSeconds,
  parseSince,
  parseWholeNumber,
} from './inputs.ts';
import { InputError, throwInput } from '../mechanics/input-error.ts';
import { quote } from '../shown/shown.ts';
import { credentialsHidden, credentialsRefusal } from '../domain/credentials.ts';
import { parseDeployEnvironment, parseRecordName, type RecordNameInput } from './record-name.ts';
import { parseSite, SITE_EXAMPLE } from './site.ts';

/** The inputs, by their names in action.yml. Every value is the raw string the runner (or the CLI) hands over. */
export type InputName = keyof typeof ACTION_INPUTS;
export const INPUT_NAMES = Object.keys(ACTION_INPUTS) as InputName[];
export type RawInputs = Readonly<Record<InputName, string>>;

export const SCOPES = ['assets', 'domain', 'all', 'none'] as const;
export const REWRITE_WITH = ['token', 'content'] as const;
export const ORIGIN_CHECKS = ['content', 'off'] as const;
export type OriginCheck = (typeof ORIGIN_CHECKS)[number];
export type RewriteWith = (typeof REWRITE_WITH)[number];
export type Scope = (typeof SCOPES)[number];

/** The scope, with what it needs. */
export type Target =
  | { readonly scope: 'all' }
  | { readonly scope: 'none' }
  /** `domain`: the ASCII, lower-cased host name. */
  | { readonly scope: 'domain'; readonly domain: string }
  /**
   * `assets`: the references, validated, canonical and de-duplicated, in input order (`merged`: how many entries
   * were the same as another), and files to map to more.
   */
  | {
      readonly scope: 'assets';
      readonly assets: readonly AssetRef[];
      readonly merged?: number;
      /** Entries given as image delivery URLs, each taken as the origin image URL it serves. */
      readonly fromDeliveryUrls?: number;
      readonly changes?: ChangesRequest | undefined;
    };

/** Changed files to turn into asset URLs: given in `files`, or detected from the triggering event. */
export interface ChangesRequest {
  /** The paths given in `files` or `files-from`; absent when they are to be detected. */
  readonly files?: readonly string[] | undefined;
  /** Where `files` came from, when a file: `files-from "list.txt"`, and `, which is empty` when it lists none. */
  readonly filesSource?: string;
  /** With detection: the commit, tag or branch to compare with instead of the event's base. */
  readonly since?: string | undefined;
  /** `paths`: which changed files are images. */
  readonly patterns: readonly string[];
  readonly urlMap: readonly UrlMapRule[];
  /** With url-map empty: the site the map is learned from, ending in '/'. */
  readonly site?: string | undefined;
}

/** Everything a run needs, validated once. Defaults live in action.yml, not here. */
export interface Settings {
  /** The account's Root API key. Never logged, never reported. Empty only on a dry run. */
  readonly apiKey: string;
  /** For the GitHub API, when git cannot tell what changed. May be empty. Never logged. */
  readonly githubToken: string;
  /** `{base-url}/api/{service-key}/v2/cache`, without a trailing slash. */
  readonly endpoint: URL;
  /** What to invalidate. */
  readonly target: Target;
  /** Request a fresh cache token after the invalidation. */
  readonly token: boolean;
  /**
   * `site`: the public URL of the deployed site, ending in '/': where, with no url-map, the map is learned from what
   * it serves. Undefined when not given.
   */
  readonly site?: string | undefined;
  /** The image delivery host, for `image-url-prefix` and `rewrite`. */
  readonly imageHost?: string | undefined;
  /** `rewrite`: files whose image URLs get a new cache buster. Empty: rewrite nothing. */
  readonly rewrite: readonly string[];
  /** What `rewrite` writes: the new token in every URL, or each invalidated image's content value in its URLs. */
  readonly rewriteWith: RewriteWith;
  /** After the invalidation (and rewrite), request each invalidated image through the image host. */
  readonly warm: boolean;
  /** After the invalidation (and rewrite, warm-up), prove through the image host that visitors get the new images. */
  readonly verify: boolean;
  /** `pages`: built pages, read only, whose image URLs name the variants the warm-up and the proof ask for. */
  readonly pages: readonly string[];
  readonly dryRun: boolean;
  /** Invalidation calls in flight at once. */
  readonly concurrency: number;
  /** Retries of one call after a retryable failure. */
  readonly maxRetries: number;
  /** Time allowed for one request. */
  readonly timeoutMs: number;
  /** `content`: an image mapped from a file is invalidated once its origin serves that file's bytes. */
  readonly originCheck: OriginCheck;
  /** How long to wait for origins to serve the new images; 0: ask once. */
  readonly originTimeoutMs: number;
  /** `catch-up`: on a branch, detect changes since the newest commit recorded fresh. */
  readonly catchUp: boolean;
  /** `record-name` (or its deprecated name `status-context`), when set: the record's name in place of the default. */
  readonly recordName?: RecordNameInput | undefined;
  /** `deploy-environment`: the deploys this target is for; a deploy event of another is skipped. */
  readonly deployEnvironment: string;
}

/**
 * The setting each input is read into: an input added to action.yml (and `npm run generate`) fails to compile here
 * until parseSettings reads it into a setting, named here; one removed, until its line goes. The inputs only some
 * scopes use are read into the target, and listed by scope in INPUTS_OF_SCOPE. A test gives each input a value of
 * its own and checks that the setting named here changes with it (test/settings/every-input.test.ts).
 */
export const SETTING_OF_INPUT: Readonly<Record<InputName, keyof Settings>> = {
  'api-key': 'apiKey',
  'base-url': 'endpoint',
  'service-key': 'endpoint',
  scope: 'target',
  domain: 'target',
  assets: 'target',
  'assets-from': 'target',
  files: 'target',
  'files-from': 'target',
  paths: 'target',
  'url-map': 'target',
  site: 'site',
  since: 'target',
  'github-token': 'githubToken',
  token: 'token',
  'image-host': 'imageHost',
  rewrite: 'rewrite',
  'rewrite-with': 'rewriteWith',
  warm: 'warm',
  verify: 'verify',
  pages: 'pages',
  'dry-run': 'dryRun',
  'origin-check': 'originCheck',
  'origin-timeout': 'originTimeoutMs',
  concurrency: 'concurrency',
  'max-retries': 'maxRetries',
  'timeout-seconds': 'timeoutMs',
  'catch-up': 'catchUp',
  'record-name': 'recordName',
  'status-context': 'recordName',
  'deploy-environment': 'deployEnvironment',
};

/** Turns the raw inputs into Settings, or throws one InputError that lists every problem found. */
export function parseSettings(raw: RawInputs): Settings {
  const problems: string[] = [];
  // Each parser throws InputError; collect them all so that one run shows every mistake at once. The
  // fallback is never returned to a caller: any problem ends in the throw below.
  const check = <T>(parse: () => T, fallback: T): T => {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      problems.push(error.message);
      return fallback;
    }
  };

  const scope = check(() => parseChoice('scope', raw.scope, SCOPES), undefined);
  const token = check(() => parseBoolean('token', raw.token), false);
  const rewriteWith = check(() => parseChoice('rewrite-with', raw['rewrite-with'], REWRITE_WITH), 'token');
  const dryRun = check(() => parseBoolean('dry-run', raw['dry-run']), false);
  const imageHost = check(() => parseImageHost(raw['image-host']), undefined);
  const site = check(() => parseSite(raw.site, imageHost), undefined);
  const settings: Settings = {
    // A dry run sends nothing, so it needs no key: a preview runs where secrets are not given (forks, Dependabot).
    apiKey: dryRun && raw['api-key'].trim() === '' ? '' : check(() => parseApiKey(raw['api-key']), ''),
    githubToken: raw['github-token'].trim(),
    endpoint: check(() => parseEndpoint(raw['base-url'], raw['service-key']), new URL('https://invalid')),
    target:
      scope === undefined
        ? NO_TARGET
        : check(() => parseTarget(scope, raw, token, { imageHost, site }), NO_TARGET),
    token,
    dryRun,
    concurrency: check(() => parseWholeNumber('concurrency', raw.concurrency, 1, 32), 1),
    maxRetries: check(() => parseWholeNumber('max-retries', raw['max-retries'], 0, 10), 0),
    timeoutMs: check(() => parseSeconds('timeout-seconds', raw['timeout-seconds'], 0.1, 600), 0) * 1000,
    originCheck: check(() => parseChoice('origin-check', raw['origin-check'], ORIGIN_CHECKS), 'off'),
    originTimeoutMs: check(() => parseSeconds('origin-timeout', raw['origin-timeout'], 0, 3600), 0) * 1000,
    imageHost,
    site,
    ...check(() => parseRewrite(raw, token, rewriteWith), { rewrite: [], rewriteWith }),
    warm: check(() => parseBoolean('warm', raw.warm), false),
    verify: check(() => parseBoolean('verify', raw.verify), false),
    pages: check(() => parsePatternInput('pages', raw.pages), []),
    catchUp: check(() => parseBoolean('catch-up', raw['catch-up']), false),
    recordName: check(() => parseRecordName(raw['record-name'], raw['status-context']), undefined),
    deployEnvironment: check(() => parseDeployEnvironment(raw['deploy-environment']), ''),
  };
  if (settings.warm && raw['image-host'].trim() === '') {
    problems.push(
      'warm: true requests the invalidated images through the image host, so it needs image-host (e.g. ' +
        'image-host: img.example.net); set it, or remove warm.',
    );
  }
  if (settings.verify && raw['image-host'].trim() === '') {
    problems.push(
      'verify: true asks for the invalidated images through the image host, so it needs image-host (e.g. ' +
        'image-host: img.example.net); set it, or remove verify.',
    );
  }
  if (settings.pages.length > 0 && !settings.warm && !settings.verify) {
    problems.push(
      'pages: names the pages whose image variants warm and verify ask for, but neither is true; set warm: true ' +
        'or verify: true, or remove pages.',
    );
  } else if (settings.pages.length > 0 && raw['image-host'].trim() === '') {
    problems.push(
      'pages: reads the URLs on image-host from the pages, so it needs image-host (e.g. image-host: ' +
        'img.example.net); set it, or remove pages.',
    );
  }
  // Only when the target itself was read: a refused target already has its own error, which says what to mend.
  const withoutChangedFiles =
    settings.target !== NO_TARGET &&
    (settings.target.scope !== 'assets' || settings.target.changes === undefined);
  if (settings.verify && withoutChangedFiles) {
    problems.push(
      'verify: true compares each invalidated image with its file, so the images must come from changed files ' +
        `mapped by url-map (e.g. url-map: ${URL_MAP_EXAMPLE}), with scope assets, not from assets or ` +
        'assets-from; or remove verify.',
    );
  }
  if (rewriteWith === 'content' && withoutChangedFiles) {
    problems.push(
      'rewrite-with: content gives each changed image a value from its file, so it needs the changed files: set ' +
        `url-map (e.g. url-map: ${URL_MAP_EXAMPLE}), with scope assets.`,
    );
  }
  if (scope !== undefined) problems.push(...unusedInputs(scope, raw));
  if (problems.length > 0) throw new InputError(problems.join('\n'));
  return settings;
}

const NO_TARGET: Target = { scope: 'none' };

/** Glob patterns, one per line; a '!' must stand before a pattern. */
function parsePatternInput(name: 'paths' | 'rewrite' | 'pages', text: string): string[] {
  refuseFlowList(name, text, 'pattern');
  const patterns = parsePatterns(text);
  if (patterns.some((pattern) => pattern.replace(/^!+/, '') === '')) {
    throwInput(`${name}: a line holds '!' alone; write it before the pattern to exclude, e.g. !**/*.svg`);
  }
  // In a glob, '\' escapes the next character: `public\images\*.png` would match nothing, silently.
  const windows = patterns.find((pattern) => /(?:^|[^\\])(?:\\\\)*\\[\w.-]/.test(pattern));
  if (windows !== undefined) {
    throwInput(
      `${name}: ${quote(windows)} separates folders with '\\', which a pattern reads as an escape; write '/', ` +
        `e.g. ${quote(windows.replaceAll('\\', '/'))}.`,
    );
  }
  checkPatterns(name, patterns);
  return patterns;
}

/**
 * What `rewrite` writes: with `rewrite-with: token`, the new token (so it needs token: true); with `content`, the
 * changed images' own values. `image-host` also serves the summary's thumbnails, so it may stand alone.
 */
function parseRewrite(
  raw: RawInputs,
  token: boolean,
  rewriteWith: RewriteWith,
): Pick<Settings, 'rewrite' | 'rewriteWith'> {
  const rewrite = parsePatternInput('rewrite', raw.rewrite);
  if (rewriteWith === 'token' && !token && rewrite.length > 0) {
    throwInput(
      'rewrite: sets the new token in image URLs, so it needs token: true. (With rewrite-with: content, rewrite ' +
        'needs no token.)',
    );
  }
  if (rewriteWith === 'content' && rewrite.length === 0) {
    throwInput(
      'rewrite-with: content sets cache busters in the files of rewrite, which is empty; e.g. rewrite: build/**/*.html',
    );
  }
  if (rewrite.length > 0 && raw['image-host'].trim() === '') {
    throwInput(
      'rewrite: needs image-host, the host whose image URLs get a new cache buster (e.g. image-host: img.example.net).',
    );
  }
  return { rewrite, rewriteWith };
}

function parseImageHost(value: string): string | undefined {
  const host = value.trim();
  if (host === '') return undefined;
  const hidden = credentialsHidden(host);
  if (hidden !== undefined) {
    return throwInput(
      credentialsRefusal('image-host', hidden, 'give the host name alone, e.g. img.example.net'),
    );
  }
  try {
    return imageHostOf(host);
  } catch {
    return throwInput(
      `image-host: ${quote(host)} is not a host name; give the image delivery host, e.g. img.example.net.`,
    );
  }
}

/** Which of `domain` and `assets` the scope needs. */
function parseTarget(
  scope: Scope,
  raw: RawInputs,
  token: boolean,
  hosts: { readonly imageHost: string | undefined; readonly site: string | undefined },
): Target {
  switch (scope) {
    case 'assets': {
      const { refs: assets, merged, fromDeliveryUrls } = parseAssets(raw, hosts.imageHost);
      // A list file given is a list given, empty or not: the changed files are never detected in its place.
      const listed = assets.length > 0 || raw['assets-from'].trim() !== '';
      const changes = parseChanges(raw, listed, hosts);
      return {
        scope,
        assets,
        ...(merged > 0 ? { merged } : {}),
        ...(fromDeliveryUrls > 0 ? { fromDeliveryUrls } : {}),
        changes,
      };
    }
    case 'domain':
      return { scope, domain: parseDomain(raw.domain) };
    case 'all':
      return { scope };
    case 'none':
      if (!token) throwInput("scope: 'none' invalidates nothing, so it is only useful with token: true.");
      return { scope };
  }
}

/**
 * The inputs only some scopes use, by scope: a scope added to `SCOPES` fails to compile here until its own inputs
 * are listed (an empty list: it uses none of them), so that none of them goes unchecked.
 */
const INPUTS_OF_SCOPE = {
  domain: ['domain'],
  assets: ['assets', 'assets-from', 'files', 'files-from', 'url-map', 'site', 'since'],
  all: [],
  none: [],
} as const satisfies Record<Scope, readonly InputName[]>;

/** An input that the scope does not use is a mistake to point out, not a value to ignore. */
function unusedInputs(scope: Scope, raw: RawInputs): string[] {
  const own: readonly InputName[] = INPUTS_OF_SCOPE[scope];
  // A list read from a file arrives in `assets` or `files`: then the input the user set is the `-from` one.
  const readFromFile = (name: string): boolean =>
    (name === 'assets' && raw['assets-from'].trim() !== '') ||
    (name === 'files' && raw['files-from'].trim() !== '');
  const unused = new Map<InputName, string>();
  for (const [user, names] of Object.entries(INPUTS_OF_SCOPE)) {
    for (const name of names) {
      if (own.includes(name) || unused.has(name) || raw[name].trim() === '' || readFromFile(name)) continue;
      unused.set(
        name,
        `${name}: is set, but scope '${scope}' does not use it; it is used only with scope '${user}'.`,
      );
    }
  }
  return [...unused.values()];
}

/** Whether files are given, detected, or neither; and the rules to select and map them. */
function parseChanges(
  raw: RawInputs,
  hasAssets: boolean,
  hosts: { readonly imageHost: string | undefined; readonly site: string | undefined },
): ChangesRequest | undefined {
  // A list read from files-from is named by the input and the file it came from. Empty, it is an empty list: the
  // changed files are what it says, never detected in its place.
  const from = raw['files-from'].trim();
  const source = from === '' ? 'files' : `files-from ${quote(from)}`;
  const files = from === '' && raw.files.trim() === '' ? undefined : parseFileList(raw.files, source);
  const urlMap = parseUrlMap(raw['url-map'], hosts.imageHost);
  // An explicit url-map always wins; without one, the map is learned from the site.
  const site = urlMap.length === 0 ? hosts.site : undefined;
  const maps = urlMap.length > 0 || site !== undefined;
  const since = raw.since.trim() === '' ? undefined : parseSince(raw.since);
  if (files === undefined && (hasAssets || !maps)) {
    // No detection: it happens only when neither assets nor files are given, and needs url-map.
    const assets = raw['assets-from'].trim() === '' ? 'assets' : 'assets-from';
    const detectedOnly = `changed files are detected only when ${assets} and files are both empty`;
    if (since !== undefined) {
      throwInput(
        hasAssets
          ? `since: is set, but ${detectedOnly}.`
          : `since: is set, but detecting changed files also needs url-map or site, e.g. url-map: ${URL_MAP_EXAMPLE}`,
      );
    }
    if (urlMap.length > 0) throwInput(`url-map: is set, but ${detectedOnly}.`);
    if (site !== undefined)
      throwInput(`site: is set, but ${detectedOnly}; the assets are invalidated as given.`);
    if (!hasAssets) throwInput(NOTHING_GIVEN);
    return undefined;
  }
  if (!maps) {
    throwInput(
      `${source}: needs url-map to turn repository paths into image URLs; write one rule per line, ` +
        `<path prefix> => <URL prefix>, e.g. url-map: ${URL_MAP_EXAMPLE}; or give site, the site's public URL ` +
        `(e.g. site: ${SITE_EXAMPLE}), to learn the map from what it serves`,
    );
  }
  if (site !== undefined && raw['origin-check'].trim() === 'off') {
    throwInput(
      `site: learns the map from what ${site} serves, and invalidates each image once it is seen served there, ` +
        'which is the origin check: with origin-check: off, write url-map instead (e.g. url-map: ' +
        `${URL_MAP_EXAMPLE}), or remove origin-check: off.`,
    );
  }
  if (files !== undefined && since !== undefined) {
    throwInput(`since: is set, but ${source} already lists the changed paths; set one or the other.`);
  }
  const patterns = parsePatternInput('paths', raw.paths);
  if (!patterns.some((pattern) => !pattern.startsWith('!'))) {
    throwInput(`paths: ${quote(raw.paths)} selects nothing; give at least one pattern, e.g. **/*.png`);
  }
  return {
    files,
    ...(from === '' ? {} : { filesSource: files?.length === 0 ? `${source}, which is empty` : source }),
    since,
    patterns,
    urlMap,
    ...(site === undefined ? {} : { site }),
  };
}

/** Scope `assets` with nothing to go on: a step that would end green having done nothing. */
const NOTHING_GIVEN: string =
  "assets: scope 'assets' needs to know what to invalidate, but assets, assets-from, files, files-from, " +
  'url-map and site are all empty. Give one of:\n' +
  '  - assets: the image URLs or asset hashes, one per line (or assets-from: a file in the workspace that lists them);\n' +
  `  - url-map: where images are served from, e.g. url-map: ${URL_MAP_EXAMPLE}, to invalidate the images that the ` +
  'triggering push or pull request changed;\n' +
  `  - site: the site's public URL, e.g. site: ${SITE_EXAMPLE}, to learn that map from what the site serves;\n` +
  '  - files: the changed repository paths (or files-from: a file that lists them), with url-map.\n' +
  'To invalidate every image of a domain or of the account, set scope: domain or scope: all; for a token alone, ' +
  'scope: none with token: true.';

/** `assets`, or the list of `assets-from`: errors name the one the user set. */
function parseAssets(
  raw: RawInputs,
  imageHost: string | undefined,
): { refs: AssetRef[]; merged: number; fromDeliveryUrls: number } {
  const from = raw['assets-from'].trim();
  const source = from === '' ? 'assets' : `assets-from ${quote(from)}`;
  const listed = parseList(raw.assets, 'assets', source);
  if (from !== '' && listed.length === 0 && raw['url-map'].trim() === '') {
    throwInput(`${source}: holds no asset, so the step would do nothing; check the step that writes it.`);
  }
  const { entries, fromDeliveryUrls } = originUrls(listed, source, imageHost);
  const { refs, invalid, merged } = parseAssetEntries(entries);
  if (invalid.length === 0) return { refs, merged, fromDeliveryUrls };
  const shown = invalid.slice(0, 20).map((entry) => `  - ${quote(entry.value)}: ${entry.reason}`);
  if (invalid.length > 20) shown.push(`  ... and ${invalid.length - 20} more`);
  const count = invalid.length === 1 ? '1 entry is' : `${invalid.length} entries are`;
  return throwInput(
    `${source}: ${count} neither an absolute http(s) URL nor a 32-character asset hash:\n${shown.join('\n')}`,
  );
}

const URL_HOST = /^https?:\/\/([^/?#]+)/i;

/**
 * The service caches an image by its origin URL, so a delivery URL (`https://{image_host}/w:640/<origin URL>`, the
 * URL a browser shows) stands for its origin URL: taken as it with image-host set, which says what such URLs look
 * like; refused without, naming the origin URL to give, since sent as it is it would clear nothing.
 */
function originUrls(
  entries: readonly string[],
  source: string,
  imageHost: string | undefined,
): { entries: string[]; fromDeliveryUrls: number } {
  let fromDeliveryUrls = 0;
  const origins = entries.map((entry) => {
    const delivery = deliveryUrlOf(entry);
    if (delivery === undefined) {
      // A regular expression, not a URL object per entry: the list may hold a million.
      if (imageHost !== undefined && URL_HOST.exec(entry)?.[1]?.toLowerCase() === imageHost)
        throwInput(imageHostIsOrigin(imageHost, source, 'images', entry));
      return entry;
    }
    const onHost = delivery.host === imageHost;
    if (!onHost && delivery.segments.length === 0) return entry;
    if (imageHost === undefined) {
      return throwInput(
        `${source}: ${quote(entry)} is an image delivery URL; give the origin image URL it serves, ` +
          `${quote(delivery.originUrl)} (or set image-host: ${delivery.host}, and delivery URLs are read so).`,
      );
    }
    fromDeliveryUrls++;
    return delivery.originUrl;
  });
  return { entries: origins, fromDeliveryUrls };
}
