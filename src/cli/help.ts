import { ACTION_INPUTS } from '../settings/action-contract.ts';
import type { InputName } from '../settings/settings.ts';
import { BOOLEAN_INPUTS, envName, FLAG_INPUTS } from './args.ts';
import { MAX_LISTED_URLS } from '../invalidate/stage.ts';

type FlagInput = Exclude<InputName, 'api-key' | 'github-token'>;

/**
 * Each flag in the command's own terms: flags, variables, standard output. The defaults still come from action.yml,
 * so that the command and the action cannot disagree on them.
 */
const FLAG_WORDS: Record<FlagInput, string> = {
  'base-url':
    "The service's dashboard host alone, e.g. https://dashboard.example.com; the command adds\n" +
    '/api/<service-key>/v2/cache. https, or plain http for a loopback host.',
  'service-key': "The service's short name, the path segment in /api/<service-key>/v2/cache.",
  scope:
    'What to invalidate: assets (those of --assets or --files), domain (every image of --domain),\n' +
    'all (every image of the account), or none (nothing, to get a --token alone).',
  domain: 'With --scope domain, the domain whose images to invalidate, e.g. www.example.com.',
  assets:
    'Image URLs or 32-character asset hashes: repeat the flag for each, or give one per line, or a JSON\n' +
    'array. Sent at most 100 per call.',
  'assets-from':
    'A file holding the --assets list (one per line, NUL-separated, or a JSON array); - for standard input.',
  files:
    'Repository paths of changed files (repeat the flag, one per line, or a JSON array), turned into image\n' +
    'URLs by --url-map; - reads them from standard input. With --url-map and neither --files nor\n' +
    '--assets, the command asks git for the files changed since --since (or, in a CI, by the event that\n' +
    'started the job).',
  'files-from':
    'A file holding the --files list (one per line, NUL-separated, or a JSON array); - for standard input.',
  paths:
    'Patterns selecting which changed files are images (repeat the flag, or one per line), as GitHub reads\n' +
    "a workflow's on.<event>.paths: in order, ! to exclude; a pattern that selects ignores case.",
  'url-map':
    'Rules from repository paths to public image URLs, <path prefix> => <URL prefix> (repeat the flag, or\n' +
    "one per line), e.g. 'public/images => https://www.example.com/images'. The longest matching prefix wins.",
  site:
    "The site's public URL, e.g. https://www.example.com/. With no --url-map, the map is learned from it:\n" +
    'each folder of changed images is matched to the URL under it that serves its files (asking only this\n' +
    'host), and the rules found are printed in --url-map syntax. With --dry-run, see your map: no key needed.',
  since:
    'A commit, tag or branch of the repository in the current folder: the files changed since it are\n' +
    'invalidated, e.g. --since HEAD~1 or --since origin/main.',
  token: 'Also request a fresh cache token, printed with its cache buster (cb:<token>).',
  'image-host':
    "The account's image delivery host, e.g. img.example.net: the host whose URLs --rewrite updates.",
  rewrite:
    'Glob patterns of built files (HTML, CSS, JSON, JS) in the current folder (repeat the flag, or one per\n' +
    'line), ! to exclude, in which each URL on --image-host gets its cb: segment set. Needs --image-host.',
  'rewrite-with':
    'What --rewrite sets the cb: segment to: token (the new token; needs --token) or content (a value\n' +
    "from the bytes of each invalidated image's file, in that image's URLs only).",
  warm:
    'After the invalidation (and --rewrite), request each invalidated image through --image-host as a\n' +
    'browser would, once per variant the rewritten files or --pages name (or at its plain URL). Needs\n' +
    '--image-host.',
  verify:
    'After the invalidation (and --rewrite, --warm), ask for each invalidated image through --image-host\n' +
    'as browsers would (AVIF, WebP, image/*) and compare it with its file: fail if visitors still get the old one.\n' +
    'Needs --image-host and files found by --since or --files with --url-map.',
  pages:
    'Glob patterns of built pages in the current folder (repeat the flag, or one per line), ! to exclude,\n' +
    'from which --warm and --verify take the variants the pages use, read only, never written.',
  'dry-run':
    'Plan everything and send nothing: list every call and URL that would be sent. Needs no API key.',
  concurrency: 'Invalidation calls in flight at once, 1 to 32.',
  'max-retries':
    'Retries of a call after a network failure, a timeout or a 408, 429, 500, 502, 503 or 504, 0 to 10.',
  'origin-check':
    'content: before an image mapped from a changed file is invalidated, wait until its origin URL serves\n' +
    "the file's bytes (a deleted file: 404), so that the service does not cache the old image again; off: at once.",
  'origin-timeout':
    'Seconds to wait for origins to serve the new images; an image still not served is not invalidated\n' +
    'and the command fails, naming it. 0: ask once.',
  'timeout-seconds': 'Time allowed for one request, in seconds (0.1 to 600).',
  'catch-up':
    "In a GitHub Actions job on a branch: compare with the commit the target's images were last made fresh\n" +
    'for, and what earlier runs owe, read from its record, GitHub deployments (--no-catch-up: the event).',
  'record-name':
    "In a GitHub Actions job: the name of the target's record, the deployments' environment (default: Image\n" +
    'cache record – <site host> – <deploy-environment> – <service-key> at <base-url host>, the host url-map\n' +
    "points at, else --site's).",
  'status-context': 'Deprecated: the old name of --record-name, which it still sets, with a warning.',
  'deploy-environment':
    'In a GitHub Actions job after a deploy: the environment of the deploys this target is for (default\n' +
    'production); a deploy event of another is skipped.',
};

/** --help: every flag, its variable and its default, the exit codes, and examples. */
export function helpText(): string {
  const inputs = FLAG_INPUTS.map((name) => {
    const fallback = ACTION_INPUTS[name].default;
    const shownDefault = fallback === '' || fallback.includes('${{') ? '' : ` (default: ${fallback})`;
    const flag = BOOLEAN_INPUTS.has(name) ? `--${name}, --no-${name}` : `--${name} <value>`;
    const words = FLAG_WORDS[name as FlagInput].replace(/\n/g, '\n      ');
    return `  ${flag}${shownDefault}\n      ${words}\n      env: ${envName(name)}`;
  });
  return `image-cache-invalidate: clear an image-optimisation service's cache, from any CI or a terminal.

Usage: image-cache-invalidate [flags]

The API key (a Root key) comes from the environment, IMAGE_CACHE_API_KEY, or from a file with
--api-key-file <path>; never from a flag, since process lists show flags. A dry run needs none.

Flags (each also read from the environment variable shown; a flag wins):
${inputs.join('\n')}
  --api-key-file <path>
      Read the API key from this file.
  --github-token-file <path>
      Read a GitHub token from this file (else from GITHUB_TOKEN): used only in a GitHub Actions job,
      to list the changed files through the GitHub API when git cannot.
  --files -
      Read the changed paths from standard input, one per line (or NUL-separated with -0).
  -0  Standard input holds NUL-separated paths, as git diff -z prints them.
  --json
      Print the report as JSON on standard output, and nothing else there: every URL with its outcome.
  --verbose
      Show every request as it is answered.
  -h, --help     Show this help.
  -v, --version  Show the version.

Standard output lists the URLs invalidated (or, with --dry-run, those that would be), up to
${MAX_LISTED_URLS}, and counts the rest; --json lists every one.

Exit codes: 0 all confirmed; 1 some not confirmed; 2 bad input or a refused key; 130 cancelled
(Ctrl-C, or a CI's cancel): what the service confirmed before it is printed all the same.

Examples:
  # What would the last commit clear? In your clone, no key needed (the service is named, not called):
  image-cache-invalidate --dry-run --since HEAD~1 \\
      --base-url https://dashboard.example.com --service-key my-service \\
      --url-map 'public/images => https://www.example.com/images'
  export IMAGE_CACHE_API_KEY=...  IMAGE_CACHE_BASE_URL=https://dashboard.example.com  IMAGE_CACHE_SERVICE_KEY=...
  image-cache-invalidate --assets https://www.example.com/a.png --assets https://www.example.com/b.png --token
  git diff --name-only -z "$BEFORE" "$AFTER" | image-cache-invalidate --files - -0 \\
      --url-map 'public/images => https://www.example.com/images'
  image-cache-invalidate --scope domain --domain www.example.com --json > report.json
`;
}
