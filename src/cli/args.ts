import { ACTION_INPUTS } from '../settings/action-contract.ts';
import { InputError, throwInput } from '../mechanics/input-error.ts';
import { quote } from '../shown/shown.ts';
import { plural } from '../shown/format.ts';
import { checkedEntries, entryMeter, listRule, listText, withListFiles } from '../settings/list-files.ts';
import { UnreadableFile, type ReadRule } from '../mechanics/regular-file.ts';
import { INPUT_NAMES, type InputName, type RawInputs } from '../settings/settings.ts';

/** What the command line asks for, before the inputs are validated as the action validates them. */
export interface CommandLine {
  readonly inputs: Partial<Record<InputName, string>>;
  readonly apiKeyFile?: SecretFile | undefined;
  readonly githubTokenFile?: SecretFile | undefined;
  /** `--files -`: the paths come from standard input. */
  readonly filesFromStdin: boolean;
  /** `-0`: standard input holds NUL-separated paths. */
  readonly nulSeparated: boolean;
  readonly json: boolean;
  readonly verbose: boolean;
  readonly help: boolean;
  readonly version: boolean;
}

/** A secret's file, with where its path stood on the command line, to name it by if it cannot be read. */
export interface SecretFile {
  readonly path: string;
  /** 1 for the first argument. */
  readonly argument: number;
}

export const BOOLEAN_INPUTS: ReadonlySet<InputName> = new Set([
  'token',
  'dry-run',
  'warm',
  'verify',
  'catch-up',
]);

/** Every action input is a flag of the same name: `--scope all`, `--scope=all`, `--dry-run`, `--no-token`. */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const inputs: Partial<Record<InputName, string>> = {};
  const flags = { json: false, verbose: false, help: false, version: false, nulSeparated: false };
  let apiKeyFile: SecretFile | undefined;
  let githubTokenFile: SecretFile | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = splitFlag(arg);
    const value = (): string => inline ?? argv[++i] ?? throwInput(`${flag}: needs a value.`);
    const secretFile = (): SecretFile => ({ path: value(), argument: i + 1 });
    if (flag === '-h' || flag === '--help') flags.help = true;
    else if (flag === '-v' || flag === '--version') flags.version = true;
    else if (flag === '--json') flags.json = true;
    else if (flag === '--verbose') flags.verbose = true;
    else if (flag === '-0') flags.nulSeparated = true;
    else if (flag === '--api-key-file') apiKeyFile = secretFile();
    else if (flag === '--github-token-file') githubTokenFile = secretFile();
    else if (flag === '--api-key') {
      throwInput(
        '--api-key: the key is not accepted as a flag, since process lists show flags to every user of the machine; ' +
          'set IMAGE_CACHE_API_KEY, or put it in a file and pass --api-key-file <path>.',
      );
    } else if (flag === '--github-token') {
      throwInput(
        '--github-token: the token is not accepted as a flag, since process lists show flags to every user of the ' +
          'machine; set GITHUB_TOKEN, or put it in a file and pass --github-token-file <path>.',
      );
    } else if (flag.startsWith('--no-') && BOOLEAN_INPUTS.has(flag.slice(5) as InputName)) {
      inputs[flag.slice(5) as InputName] = 'false';
    } else if (flag.startsWith('--') && isInputName(flag.slice(2))) {
      const name = flag.slice(2) as InputName;
      const given = BOOLEAN_INPUTS.has(name) && inline === undefined ? 'true' : value();
      inputs[name] = LIST_INPUTS.has(name) ? withEntry(name, inputs[name], given) : given;
    } else {
      const meant = nearestFlag(flag);
      throwInput(
        `${unknownArgument(flag, i + 1)} is not a flag of this command; ` +
          (meant === undefined ? 'see --help.' : `did you mean ${meant}?`),
      );
    }
  }
  if (flags.nulSeparated && inputs.files !== '-')
    throwInput(
      '-0: goes with --files - (NUL-separated paths on standard input); --files-from tells NUL-separated lists by itself.',
    );
  return {
    inputs,
    apiKeyFile,
    githubTokenFile,
    filesFromStdin: inputs.files === '-',
    ...flags,
  };
}

/** The inputs that are lists: a flag repeated adds to its list, as `--assets a --assets b` reads. */
const LIST_INPUTS: ReadonlySet<InputName> = new Set([
  'assets',
  'files',
  'paths',
  'url-map',
  'rewrite',
  'pages',
]);

/** A list flag given again: its value becomes the next line, where the one list syntax reads one entry a line. */
function withEntry(name: InputName, list: string | undefined, value: string): string {
  if (list === undefined) return value;
  if (name === 'files' && (list === '-' || value === '-')) {
    return throwInput(
      '--files: - (standard input) is the whole list, so it cannot be given with other --files values; put every ' +
        'path on standard input, or give each with its own --files and no -.',
    );
  }
  return `${list}\n${value}`;
}

/**
 * An argument the command could not read, as an error names it: a flag's name (`--scopes`, never a value after its
 * '='); anything else only by its place and length, since a stray word is often the key itself (`--token <key>`, a
 * key pasted alone).
 */
function unknownArgument(flag: string, argument: number): string {
  return /^(?:--[A-Z][\w-]{0,40}|-[A-Z0-9])$/i.test(flag) ? quote(flag) : argumentShown(argument, flag);
}

/** An argument named without its text: `argument 4 (36 characters, not shown)`. */
function argumentShown(argument: number, text: string): string {
  return `argument ${argument} (${plural(text.length, 'character')}, not shown)`;
}

function splitFlag(arg: string): [string, string | undefined] {
  const equals = arg.indexOf('=');
  return arg.startsWith('--') && equals > 0
    ? [arg.slice(0, equals), arg.slice(equals + 1)]
    : [arg, undefined];
}

function isInputName(name: string): boolean {
  return FLAG_INPUTS.includes(name as InputName);
}

/** The inputs that are flags: the secrets come from the environment or a file, never from the command line. */
export const FLAG_INPUTS: readonly InputName[] = INPUT_NAMES.filter(
  (name) => name !== 'api-key' && name !== 'github-token',
);

/** Every flag the command knows, for guessing what a mistyped one meant. */
const KNOWN_FLAGS: readonly string[] = [
  ...FLAG_INPUTS.map((name) => `--${name}`),
  ...[...BOOLEAN_INPUTS].map((name) => `--no-${name}`),
  ...['--api-key-file', '--github-token-file', '--json', '--verbose', '--help', '--version'],
];

/** The known flag a mistyped one most likely meant: the same but for case, `_` or a letter or two; else none. */
export function nearestFlag(typed: string): string | undefined {
  const bare = (flag: string): string => flag.toLowerCase().replace(/_/g, '-');
  const wanted = bare(typed);
  if (!wanted.startsWith('--')) return undefined;
  let best: { flag: string; distance: number } | undefined;
  for (const flag of KNOWN_FLAGS) {
    const distance = editDistance(wanted, flag);
    if (best === undefined || distance < best.distance) best = { flag, distance };
  }
  // A letter or two wrong in a short flag, up to three in a long one: further than that is another word.
  const allowed = wanted.length > 12 ? 3 : 2;
  return best !== undefined && best.distance <= allowed ? best.flag : undefined;
}

/** Levenshtein distance: insertions, deletions and substitutions of one character each. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** `IMAGE_CACHE_URL_MAP` for `url-map`. */
export function envName(input: InputName): string {
  return `IMAGE_CACHE_${input.toUpperCase().replace(/-/g, '_')}`;
}

export interface Sources {
  readonly env: NodeJS.ProcessEnv;
  /** Reads a regular file's bytes by the rule (regular-file.ts), relative to the current folder. */
  readonly readFile: (path: string, rule: ReadRule) => Uint8Array;
  readonly stdin: () => Uint8Array;
}

/** The raw inputs, as the runner would hand them to the action: flag, else environment, else action.yml's default. */
export function rawInputs(commandLine: CommandLine, sources: Sources): RawInputs {
  const raw = Object.fromEntries(
    INPUT_NAMES.map((name) => [
      name,
      commandLine.inputs[name] ?? sources.env[envName(name)] ?? defaultOf(name),
    ]),
  ) as Record<InputName, string>;
  if (commandLine.apiKeyFile !== undefined) {
    if (sources.env[envName('api-key')] !== undefined) {
      throw new InputError(
        'api-key: given twice, in IMAGE_CACHE_API_KEY and by --api-key-file; give it once.',
      );
    }
    raw['api-key'] = readSecretFile('--api-key-file', commandLine.apiKeyFile, sources);
  }
  raw['github-token'] = githubToken(commandLine, sources);
  if (commandLine.filesFromStdin) {
    const text = listText(checkedEntries(sources.stdin(), 'files'), 'files');
    raw.files = commandLine.nulSeparated ? nulSeparatedFiles(text) : text;
  }
  // `-` for standard input, as with --files -. A file only from the current folder, as the action reads only from
  // the workspace: a checkout may hold a link to anything on the machine.
  return withListFiles(raw, (path) =>
    path === '-'
      ? meteredStdin(sources)
      : sources.readFile(path, listRule({ folder: '.', name: 'current folder' })),
  );
}

/** Standard input as a list file, held to the same rule on entries (read whole, as a pipe has no size to check). */
function meteredStdin(sources: Sources): Uint8Array {
  const bytes = sources.stdin();
  entryMeter()(bytes);
  return bytes;
}

/** GITHUB_TOKEN (or IMAGE_CACHE_GITHUB_TOKEN), or the file of --github-token-file; never a flag's value. */
function githubToken(commandLine: CommandLine, sources: Sources): string {
  const fromEnv = sources.env[envName('github-token')] ?? sources.env.GITHUB_TOKEN;
  if (commandLine.githubTokenFile === undefined) return fromEnv ?? '';
  if (fromEnv !== undefined && fromEnv !== '') {
    throw new InputError(
      'github-token: given twice, in GITHUB_TOKEN (or IMAGE_CACHE_GITHUB_TOKEN) and by --github-token-file; give it once.',
    );
  }
  return readSecretFile('--github-token-file', commandLine.githubTokenFile, sources);
}

/** action.yml's default; an expression such as `${{ github.token }}` means nothing outside a workflow. */
function defaultOf(name: InputName): string {
  const fallback: string = ACTION_INPUTS[name].default;
  return fallback.includes('${{') ? '' : fallback;
}

/** A key or a token is a few dozen characters: a file of more is not a key file. */
export const MAX_KEY_FILE_BYTES = 64 * 1024;

/** Where each secret may come from instead of its file. */
const SECRET_VARIABLE: Readonly<Record<string, string>> = {
  '--api-key-file': 'IMAGE_CACHE_API_KEY',
  '--github-token-file': 'GITHUB_TOKEN',
};

/**
 * A secret's file may lie anywhere (a secrets folder, a mounted secret, which is a link), but it must be a regular
 * file, small, and opened without waiting: a FIFO or a device given by mistake, or committed where the path points,
 * fails at once. Its content is never shown. A secret from a program goes in its environment variable instead.
 */
function readSecretFile(flag: string, file: SecretFile, sources: Sources): string {
  try {
    return Buffer.from(sources.readFile(file.path, { maxBytes: MAX_KEY_FILE_BYTES }))
      .toString('utf8')
      .trim();
  } catch (error) {
    if (error instanceof UnreadableFile) {
      // A path that leads to something is a path, and shown as one.
      const variable = SECRET_VARIABLE[flag] ?? 'its environment variable';
      return throwInput(
        `${flag}: ${quote(file.path)} ${error.what}; give a regular file that holds the secret alone, or pass it in ` +
          `${variable} (e.g. ${variable}="$(your-secret-tool read …)").`,
      );
    }
    // One that leads nowhere may be the secret itself, given where its path goes: named by its place alone.
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    return throwInput(`${flag}: cannot read ${argumentShown(file.argument, file.path)} (${reason}).`);
  }
}

/**
 * `-0`: names as `git diff -z` writes them, which may hold line breaks, travel on as a JSON array, which keeps each
 * whole. Without it, standard input is a list like any other, in the one list syntax (list-syntax.ts).
 */
function nulSeparatedFiles(text: string): string {
  return JSON.stringify(text.split('\0').filter((name) => name !== ''));
}
