import { parseAssetList, type AssetRef } from './assets/refs.ts';
import {
  InputError,
  parseApiKey,
  parseBoolean,
  parseChoice,
  parseDomain,
  parseEndpoint,
  parseSeconds,
  parseWholeNumber,
  quote,
  throwInput,
} from './inputs.ts';

export { InputError };

/** The inputs, by their names in action.yml. Every value is the raw string the runner (or the CLI) hands over. */
export const INPUT_NAMES = [
  'api-key',
  'base-url',
  'service-key',
  'scope',
  'domain',
  'assets',
  'files',
  'paths',
  'url-map',
  'since',
  'token',
  'dry-run',
  'concurrency',
  'max-retries',
  'timeout-seconds',
] as const;
export type InputName = (typeof INPUT_NAMES)[number];
export type RawInputs = Readonly<Record<InputName, string>>;

export const SCOPES = ['assets', 'domain', 'all', 'none'] as const;
export type Scope = (typeof SCOPES)[number];

/** The scope, with what it needs. */
export type Target =
  | { readonly scope: 'all' | 'none' }
  /** `domain`: the ASCII, lower-cased host name. */
  | { readonly scope: 'domain'; readonly domain: string }
  /** `assets`: the references, validated and de-duplicated, in input order. */
  | { readonly scope: 'assets'; readonly assets: readonly AssetRef[] };

/** Everything a run needs, validated once. Defaults live in action.yml, not here. */
export interface Settings {
  /** The account's Root API key. Never logged, never reported. */
  readonly apiKey: string;
  /** `{base-url}/api/{service-key}/v2/cache`, without a trailing slash. */
  readonly endpoint: URL;
  /** What to invalidate. */
  readonly target: Target;
  /** Request a fresh cache token after the invalidation. */
  readonly token: boolean;
  readonly dryRun: boolean;
  /** Invalidation calls in flight at once. */
  readonly concurrency: number;
  /** Retries of one call after a retryable failure. */
  readonly maxRetries: number;
  /** Time allowed for one request. */
  readonly timeoutMs: number;
}

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
  const settings: Settings = {
    apiKey: check(() => parseApiKey(raw['api-key']), ''),
    endpoint: check(() => parseEndpoint(raw['base-url'], raw['service-key']), new URL('https://invalid')),
    target: scope === undefined ? NO_TARGET : check(() => parseTarget(scope, raw, token), NO_TARGET),
    token,
    dryRun: check(() => parseBoolean('dry-run', raw['dry-run']), false),
    concurrency: check(() => parseWholeNumber('concurrency', raw.concurrency, 1, 32), 1),
    maxRetries: check(() => parseWholeNumber('max-retries', raw['max-retries'], 0, 10), 0),
    timeoutMs: check(() => parseSeconds('timeout-seconds', raw['timeout-seconds'], 0.1, 600), 0) * 1000,
  };
  if (scope !== undefined) problems.push(...unusedInputs(scope, raw));
  for (const name of ['files', 'paths', 'url-map', 'since'] as const) {
    if (raw[name].trim() !== '') {
      problems.push(
        `${name}: changed-file detection is not available in this version; list the images in 'assets' instead.`,
      );
    }
  }
  if (problems.length > 0) throw new InputError(problems.join('\n'));
  return settings;
}

const NO_TARGET: Target = { scope: 'none' };

/** Which of `domain` and `assets` the scope needs. */
function parseTarget(scope: Scope, raw: RawInputs, token: boolean): Target {
  switch (scope) {
    case 'assets':
      return { scope, assets: parseAssets(raw.assets) };
    case 'domain':
      return { scope, domain: parseDomain(raw.domain) };
    case 'all':
      return { scope };
    case 'none':
      if (!token) throwInput("scope: 'none' invalidates nothing, so it is only useful with token: true.");
      return { scope };
  }
}

/** An input that the scope does not use is a mistake to point out, not a value to ignore. */
function unusedInputs(scope: Scope, raw: RawInputs): string[] {
  const used: Partial<Record<Scope, 'domain' | 'assets'>> = { assets: 'assets', domain: 'domain' };
  return (['domain', 'assets'] as const)
    .filter((name) => name !== used[scope] && raw[name].trim() !== '')
    .map(
      (name) =>
        `${name}: is set, but scope '${scope}' does not use it; it is used only with scope '${name}'.`,
    );
}

function parseAssets(text: string): AssetRef[] {
  const { refs, invalid } = parseAssetList(text);
  if (invalid.length === 0) return refs;
  const shown = invalid.slice(0, 20).map((entry) => `  - ${quote(entry.value)}: ${entry.reason}`);
  if (invalid.length > 20) shown.push(`  ... and ${invalid.length - 20} more`);
  const count = invalid.length === 1 ? '1 entry is' : `${invalid.length} entries are`;
  return throwInput(
    `assets: ${count} neither an absolute http(s) URL nor a 32-character asset hash:\n${shown.join('\n')}`,
  );
}
