import { ACTION_INPUTS } from '../action-contract.ts';
import { InputError, quote, throwInput } from '../inputs.ts';
import { MAX_LIST_BYTES, withListFiles } from '../list-files.ts';
import { UnreadableFile, type ReadRule } from '../regular-file.ts';
import { INPUT_NAMES, type InputName, type RawInputs } from '../settings.ts';

/** What the command line asks for, before the inputs are validated as the action validates them. */
export interface CommandLine {
  readonly inputs: Partial<Record<InputName, string>>;
  readonly apiKeyFile?: string;
  /** `--files -`: the paths come from standard input. */
  readonly filesFromStdin: boolean;
  /** `-0`: standard input holds NUL-separated paths. */
  readonly nulSeparated: boolean;
  readonly json: boolean;
  readonly verbose: boolean;
  readonly help: boolean;
  readonly version: boolean;
}

export const BOOLEAN_INPUTS: ReadonlySet<InputName> = new Set(['token', 'dry-run']);

/** Every action input is a flag of the same name: `--scope all`, `--scope=all`, `--dry-run`, `--no-token`. */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const inputs: Partial<Record<InputName, string>> = {};
  const flags = { json: false, verbose: false, help: false, version: false, nulSeparated: false };
  let apiKeyFile: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = splitFlag(arg);
    const value = (): string => inline ?? argv[++i] ?? throwInput(`${flag}: needs a value.`);
    if (flag === '-h' || flag === '--help') flags.help = true;
    else if (flag === '-v' || flag === '--version') flags.version = true;
    else if (flag === '--json') flags.json = true;
    else if (flag === '--verbose') flags.verbose = true;
    else if (flag === '-0') flags.nulSeparated = true;
    else if (flag === '--api-key-file') apiKeyFile = value();
    else if (flag === '--api-key') {
      throwInput(
        '--api-key: the key is not accepted as a flag, since process lists show flags to every user of the machine; ' +
          'set IMAGE_CACHE_API_KEY, or put it in a file and pass --api-key-file <path>.',
      );
    } else if (flag.startsWith('--no-') && BOOLEAN_INPUTS.has(flag.slice(5) as InputName)) {
      inputs[flag.slice(5) as InputName] = 'false';
    } else if (flag.startsWith('--') && isInputName(flag.slice(2))) {
      const name = flag.slice(2) as InputName;
      inputs[name] = BOOLEAN_INPUTS.has(name) && inline === undefined ? 'true' : value();
    } else {
      // The flag alone, never its value: `--apikey=<the key>` must not be printed back.
      throwInput(`${quote(flag)} is not a flag of this command; see --help.`);
    }
  }
  if (flags.nulSeparated && inputs.files !== '-')
    throwInput(
      '-0: goes with --files - (NUL-separated paths on standard input); --files-from tells NUL-separated lists by itself.',
    );
  return {
    inputs,
    ...(apiKeyFile === undefined ? {} : { apiKeyFile }),
    filesFromStdin: inputs.files === '-',
    ...flags,
  };
}

function splitFlag(arg: string): [string, string | undefined] {
  const equals = arg.indexOf('=');
  return arg.startsWith('--') && equals > 0
    ? [arg.slice(0, equals), arg.slice(equals + 1)]
    : [arg, undefined];
}

function isInputName(name: string): boolean {
  return (INPUT_NAMES as string[]).includes(name);
}

/** `IMAGE_CACHE_URL_MAP` for `url-map`. */
export function envName(input: InputName): string {
  return `IMAGE_CACHE_${input.toUpperCase().replace(/-/g, '_')}`;
}

export interface Sources {
  readonly env: NodeJS.ProcessEnv;
  /** Reads a regular file by the rule (regular-file.ts), relative to the current folder. */
  readonly readFile: (path: string, rule: ReadRule) => string;
  readonly stdin: () => string;
}

/** The raw inputs, as the runner would hand them to the action: flag, else environment, else action.yml's default. */
export function rawInputs(commandLine: CommandLine, sources: Sources): RawInputs {
  const raw = Object.fromEntries(
    INPUT_NAMES.map((name) => [
      name,
      commandLine.inputs[name] ?? sources.env[envName(name)] ?? defaultOf(name, sources.env),
    ]),
  ) as Record<InputName, string>;
  if (commandLine.apiKeyFile !== undefined) {
    if (sources.env[envName('api-key')] !== undefined) {
      throw new InputError(
        'api-key: given twice, in IMAGE_CACHE_API_KEY and by --api-key-file; give it once.',
      );
    }
    raw['api-key'] = readKeyFile(commandLine.apiKeyFile, sources);
  }
  if (commandLine.filesFromStdin) raw.files = filesFromStdin(sources.stdin(), commandLine.nulSeparated);
  // `-` for standard input, as with --files -. A file only from the current folder, as the action reads only from
  // the workspace: a checkout may hold a link to anything on the machine.
  const listRule: ReadRule = { maxBytes: MAX_LIST_BYTES, inside: { folder: '.', name: 'current folder' } };
  return withListFiles(raw, (path) => (path === '-' ? sources.stdin() : sources.readFile(path, listRule)));
}

/** action.yml's default; an expression such as `${{ github.token }}` means nothing outside a workflow. */
function defaultOf(name: InputName, env: NodeJS.ProcessEnv): string {
  if (name === 'github-token') return env.GITHUB_TOKEN ?? '';
  const fallback: string = ACTION_INPUTS[name].default;
  return fallback.includes('${{') ? '' : fallback;
}

/** A key is a few dozen characters: a file of more is not a key file. */
export const MAX_KEY_FILE_BYTES = 64 * 1024;

/**
 * The key file may lie anywhere (a secrets folder, a mounted secret, which is a link), but it must be a regular
 * file, small, and opened without waiting: a FIFO or a device given by mistake, or committed where the path points,
 * fails at once. Its content is never shown. A key from a program goes in IMAGE_CACHE_API_KEY instead.
 */
function readKeyFile(path: string, sources: Sources): string {
  try {
    return sources.readFile(path, { maxBytes: MAX_KEY_FILE_BYTES }).trim();
  } catch (error) {
    if (error instanceof UnreadableFile) {
      return throwInput(
        `--api-key-file: ${quote(path)} ${error.what}; give a regular file that holds the key alone, or pass ` +
          'the key in IMAGE_CACHE_API_KEY (e.g. IMAGE_CACHE_API_KEY="$(your-secret-tool read key)").',
      );
    }
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    return throwInput(`--api-key-file: cannot read ${quote(path)} (${reason}).`);
  }
}

/**
 * Names travel on as a JSON array, which `files` accepts: NUL-separated names may hold line breaks, and a first
 * name that starts with '[' must not read as JSON.
 */
function filesFromStdin(text: string, nulSeparated: boolean): string {
  const names = nulSeparated ? text.split('\0') : text.split(/\r?\n/).map((line) => line.trim());
  return JSON.stringify(names.filter((name) => name !== ''));
}
