import { ACTION_INPUTS } from '../action-contract.ts';
import { INPUT_NAMES } from '../settings.ts';
import { BOOLEAN_INPUTS, envName } from './args.ts';

/** --help: every flag, from action.yml's inputs, and examples. */
export function helpText(): string {
  const inputs = INPUT_NAMES.filter((name) => name !== 'api-key').map((name) => {
    const input = ACTION_INPUTS[name];
    const fallback =
      input.default === '' || input.default.includes('${{') ? '' : ` (default: ${input.default})`;
    const flag = BOOLEAN_INPUTS.has(name) ? `--${name}, --no-${name}` : `--${name} <value>`;
    return `  ${flag}${fallback}\n      ${input.description.replace(/`/g, '')}\n      env: ${envName(name)}`;
  });
  return `image-cache-invalidate: clear an image-optimisation service's cache, from any CI or a terminal.

Usage: image-cache-invalidate [flags]

The API key (a Root key) comes from the environment, IMAGE_CACHE_API_KEY, or from a file with
--api-key-file <path>; never from a flag, since process lists show flags.

Flags (each also read from the environment variable shown; a flag wins):
${inputs.join('\n')}
  --api-key-file <path>
      Read the API key from this file.
  --files -
      Read the changed paths from standard input, one per line (or NUL-separated with -0).
  -0  Standard input holds NUL-separated paths, as git diff -z prints them.
  --json
      Print the report as JSON on standard output, and nothing else there.
  --verbose
      Show every request as it is answered.
  -h, --help     Show this help.
  -v, --version  Show the version.

Exit codes: 0 all confirmed; 1 some not confirmed; 2 bad input or a refused key.

Examples:
  export IMAGE_CACHE_API_KEY=...  IMAGE_CACHE_BASE_URL=https://dashboard.example.com  IMAGE_CACHE_SERVICE_KEY=...
  image-cache-invalidate --assets 'https://www.example.com/a.png https://www.example.com/b.png' --token
  git diff --name-only -z "$BEFORE" "$AFTER" | image-cache-invalidate --files - -0 \\
      --url-map 'public/images => https://www.example.com/images'
  image-cache-invalidate --scope domain --domain www.example.com --json > report.json
`;
}
