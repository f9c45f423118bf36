// Generated from action.yml by scripts/generate.ts (npm run generate): do not edit.

// The command reads its defaults and --help from here; the action gets them from the runner.
export const ACTION_INPUTS = {
  'api-key': {
    description:
      "The account's Root API key (Sub keys cannot invalidate). Pass it from a secret, e.g. `secrets.IMAGE_API_KEY`. Needed for every run but a dry run, which sends nothing: a preview runs where secrets are not given, such as pull requests from forks.",
    required: false,
    default: '',
  },
  'base-url': {
    description:
      "The service's dashboard host alone, e.g. `https://dashboard.example.com`: the action adds `/api/<service-key>/v2/cache`. Must be https; plain http is allowed only for loopback hosts, for local testing.",
    required: true,
    default: '',
  },
  'service-key': {
    description: "The service's short name, the path segment in `/api/<service-key>/v2/cache`.",
    required: true,
    default: '',
  },
  scope: {
    description:
      'What to invalidate: `assets` (the images in `assets`), `domain` (every image of `domain`), `all` (every image of the account), or `none` (no invalidation, to request a `token` alone).',
    required: false,
    default: 'assets',
  },
  domain: {
    description:
      "With scope `domain`, the domain whose images to invalidate, e.g. `www.example.com` (a URL of the domain's root is reduced to its host; one with a path or a port is refused, since the whole domain would be cleared: use `assets` or `url-map` for some of its images).",
    required: false,
    default: '',
  },
  assets: {
    description:
      'With scope `assets`, the images to invalidate, as origin image URLs (`https://www.example.com/images/a.jpg`, not the delivery URL `https://img.example.net/w:640/https://www.example.com/images/a.jpg`) or 32-character asset hashes, one per line or as a JSON array of strings; a line holding several is refused. Sent at most 100 per call.',
    required: false,
    default: '',
  },
  'assets-from': {
    description:
      'Path of a file, relative to the workspace, holding the `assets` list: one per line, NUL-separated, or a JSON array; a line holding several is refused. For lists too long for an input: each input reaches the action as one environment variable, which Linux refuses over 128 KiB and Windows over 32,767 characters.',
    required: false,
    default: '',
  },
  files: {
    description:
      'Repository paths of changed files to invalidate as image URLs (through `url-map`), one per line or a JSON array; a name may hold spaces, but a line holding several image paths (separated by spaces or commas, as some changed-files actions print them) is refused. A backslash is read as a folder separator, as tools on Windows print paths: `public\\images\\a.png` is `public/images/a.png`. When both `files` and `assets` are empty and `url-map` is set, the files that the triggering push, pull request or merge group changed are detected instead.',
    required: false,
    default: '',
  },
  'files-from': {
    description:
      'Path of a file, relative to the workspace, holding the `files` list: one path per line, NUL-separated (as `git diff --name-only -z` writes it), or a JSON array (as changed-files actions write it). For lists too long for an input (128 KiB on Linux, 32,767 characters on Windows).',
    required: false,
    default: '',
  },
  paths: {
    description:
      "Patterns selecting which changed files are images, one per line, read as GitHub reads a workflow's `on.<event>.paths`: in order, the last pattern a file matches decides, `!` to exclude. A pattern that selects also takes `{a,b}` and ignores case; a `!` pattern matches case exactly.",
    required: false,
    default: '**/*.{apng,avif,bmp,gif,heic,heif,ico,jfif,jpeg,jpg,jxl,pjp,pjpeg,png,svg,tif,tiff,webp}',
  },
  'url-map': {
    description:
      'Rules mapping repository paths to public image URLs, one per line: `<path prefix> => <URL prefix>`, e.g. `public/images => https://www.example.com/images`. The longest matching prefix wins; a selected file no rule maps is skipped with a warning.',
    required: false,
    default: '',
  },
  site: {
    description:
      "The public URL of the deployed site, e.g. `https://www.example.com/` or `https://<owner>.github.io/<repository>/`: the host its pages put in image URLs, so the one the service caches images of. With `url-map` empty, the map is learned from it: for each folder holding a changed image, the URL under `site` that serves that folder's images is found by trying the file's path with its leading folders removed (`public/images/a.png`: `/public/images/a.png`, `/images/a.png`, `/a.png`) and comparing what is served with the file's new version, its previous version or an unchanged image of the folder, before the deploy lands. Only that host is asked, once per candidate and folder, within `origin-timeout`. A folder no candidate serves, or two serve alike, is not invalidated and is named with what each candidate answered; the learned rules are printed in `url-map` syntax, to paste. An explicit `url-map` always wins. Needs `origin-check: content`.",
    required: false,
    default: '',
  },
  since: {
    description:
      "A commit, tag or branch to compare with instead of the event's base when detecting changed files; needed for events that name no commits (workflow_dispatch, schedule, release…).",
    required: false,
    default: '',
  },
  'github-token': {
    description:
      'Token for the GitHub API: to read and write the record of what each run made fresh (`catch-up`, `record-name`; needs `permissions: { contents: read, deployments: write }`), and to list changed files when git cannot (no checkout of the repository).',
    required: false,
    default: '${{ github.token }}',
  },
  token: {
    description: 'Request a fresh cache token and output it as `token` and `cache-buster`.',
    required: false,
    default: 'false',
  },
  'image-host': {
    description:
      "The account's image delivery host, e.g. `img.example.net`. The job summary shows thumbnails of the invalidated images through it (`https://<image-host>/w:160/<origin image URL>`); with `token: true`, the `image-url-prefix` output is `https://<image-host>/cb:<token>`; `rewrite` sets the cache busters of its URLs. With it, an asset given as a delivery URL (`https://<image-host>/w:640/<origin image URL>`) is invalidated as its origin image URL.",
    required: false,
    default: '',
  },
  rewrite: {
    description:
      'Glob patterns of files in the workspace (built HTML, CSS, JSON, JS), one per line, `!` to exclude, in which every URL on `image-host` gets its `cb:` segment set to the new token (added where it has none). Needs `token: true` and `image-host`.',
    required: false,
    default: '',
  },
  'rewrite-with': {
    description:
      "What `rewrite` sets the `cb:` segment to: `token`, the new token, in every URL on `image-host` (needs `token: true`); or `content`, only in the URLs of the images this run invalidates, a value derived from each image's bytes (the first 12 hex characters of the SHA-256 of the workspace file that `url-map` mapped to it), so that every other URL stays as it was and no token is needed.",
    required: false,
    default: 'token',
  },
  warm: {
    description:
      '`true` to request each invalidated image through `image-host` after the invalidation (and `rewrite`), as a browser would (`Accept: image/avif,image/webp,…`), so that the first visitors get a cached copy: once per variant that the rewritten files or the pages of `pages` name (each set of `w:`, `h:`, `q:`… segments, with the new `cb:` where rewrite wrote one), or at its plain delivery URL (`https://<image-host>/cb:<token>/<origin image URL>`) when no file names it. Needs `image-host`. At most 8 requests in flight and 2,000 per run; no API key, cookie or GitHub token is sent to the image host; a failure is a warning, never a failed step.',
    required: false,
    default: 'false',
  },
  verify: {
    description:
      '`true` to prove, after the invalidation (and `rewrite` and `warm`), that visitors get the new images: each invalidated image that `url-map` mapped from a file is requested through `image-host` as browsers ask for it, once per variant that the rewritten files or the pages of `pages` name (or at its plain delivery URL) and per class of browsers the host keeps a copy for (AVIF, WebP and a plain `image/*` fallback: a host that does not say `Vary: Accept` and answers in the format of the original is asked once, and a class is asked only when the host could give it another format than the one already seen), and its picture is compared with the file in the workspace and with its previous version from git. An image still showing its previous version is invalidated once more and asked again after a short wait; still old then, the step fails, naming the image, the variant, the `Accept` that got it, what it showed and the headers that matter. A placeholder, an error page, a redirect or an answer that is no image fails that image too; two versions that look alike cannot be told, which is a notice. Needs `image-host` and `url-map` (the files to compare with). At most 8 requests in flight, 500 images checked (past that, a sample per host), 32 MiB read per answer and 120 seconds in all; no API key, cookie or GitHub token is sent to the image host.',
    required: false,
    default: 'false',
  },
  pages: {
    description:
      'Glob patterns of built pages in the workspace (HTML, CSS, JSON, JS), one per line, `!` to exclude, read as `rewrite` reads them (e.g. `_site/**/*.html`), from which `warm` and `verify` take the variants the pages use of each invalidated image (each set of `w:`, `h:`, `q:`… segments on `image-host`, as the pages write them), without writing anything: for a site deployed elsewhere, whose built files are not shipped from this job. Needs `image-host` and `warm` or `verify`. A pattern that matches no file is an error, before anything is sent. At most 10,000 pages, 16 MiB each (a larger page is skipped, with a warning) and 256 MiB in all, read within 60 seconds; at most 10,000 variants kept.',
    required: false,
    default: '',
  },
  'dry-run': {
    description:
      'Validate and plan everything, send nothing, and list every call and asset that would have been sent (in the log, the job summary and the report). Needs no `api-key`: a preview can run where secrets are not available, such as pull requests from forks.',
    required: false,
    default: 'false',
  },
  'origin-check': {
    description:
      '`content` (the default) or `off`. With `content`, before an image that `url-map` mapped from a changed file is invalidated, its origin URL is fetched and compared with the file in the workspace (and with its previous version, from git): the image is invalidated once its origin serves the new bytes (a deleted file: 404 or 410), so that the service does not re-fetch and cache the old image while the site is still deploying. An origin that serves the image re-encoded (a build that recompresses images, a CDN that converts them) is told new from old by comparing the pictures; one whose picture is neither version, or whose two versions look alike, cannot be told: its images are invalidated at once, with a notice. An origin that redirects to another host, or to another scheme or port of it (http to https), is a url-map mistake: its images are not invalidated and the step fails, naming the rule to write; so is a host that does not resolve, or one that answers 404 for an image the push did not change (asked once before the wait, it must be served), and the step fails within seconds rather than at `origin-timeout`. Images given in `assets`, and the scopes `domain` and `all`, have no file to compare and are invalidated at once. No API key, cookie or GitHub token is sent to an origin; at most 8 origin requests are in flight and 256 MiB of bodies are read per run.',
    required: false,
    default: 'content',
  },
  'origin-timeout': {
    description:
      'With `origin-check: content`: how long, in seconds (0 to 3600), to wait for the origin to serve the new images. Each origin host is asked one image at a time, each waiting image at least every 6 s, at most 2 requests a second on average plus 2 an image, conditionally (`If-None-Match`, `If-Modified-Since`: an unchanged answer is a 304 with no body); when one image is seen to flip, the others are asked at once, and each is invalidated within about a second of being seen. An image still not served at the end is not invalidated (that would cache the old version again) and the step fails, naming it. 0: do not wait: each image is asked at most once, and the check ends within one `timeout-seconds`; an image its host had no time for is not asked, and fails as not invalidated.',
    required: false,
    default: '300',
  },
  concurrency: {
    description: 'Invalidation calls in flight at once, 1 to 32.',
    required: false,
    default: '4',
  },
  'max-retries': {
    description:
      'Retries of a call after a network failure, a timeout or a 408, 429, 500, 502, 503 or 504 answer, 0 to 10; also of a GitHub API request (the changed files, the record) after a reset or a 5xx answer.',
    required: false,
    default: '5',
  },
  'timeout-seconds': {
    description: 'Time allowed for one request, in seconds (0.1 to 600).',
    required: false,
    default: '30',
  },
  'catch-up': {
    description:
      "`true` (the default) to keep each target's images fresh whatever happened before: on a branch (a push, a deploy event, a dispatch, a schedule), the run reads the target's record (a GitHub deployment per run, on an environment named by `record-name`) and compares the commit its images were last made fresh for with the head, plus every span of commits that failed, cancelled or crashed runs left owed; a rollback, a force-push or any number of commits in between change nothing of that. Three GitHub API requests to read, two to write; a run on a commit already fresh invalidates nothing and writes nothing. With no record yet (a first run), the event's base is used. An explicit `since` adds to what is compared, never replaces the record. Needs `permissions: { contents: read, deployments: write }`; without it, the run says so and catch-up is off. `false`: compare with the event's base alone, and neither read nor write the record.",
    required: false,
    default: 'true',
  },
  'record-name': {
    description:
      "The name of the target's record: the environment of the deployments that record what each run made fresh (its state, the count, a link to the run), as the repository's Environments list shows it. Empty (the default): `Image cache record – <site host> – <deploy-environment> – <service-key> at <base-url host>`, the hosts that `url-map` points at, so that the runs of one target share one record whatever their event, a fix of `url-map` that keeps the host keeps the record and what it owes, and two sites keep apart.",
    required: false,
    default: '',
  },
  'status-context': {
    description:
      'Deprecated: the old name of `record-name`, which it still sets, with a warning. Rename it to `record-name`.',
    required: false,
    default: '',
  },
  'deploy-environment': {
    description:
      "The environment of the deploys this target is for, as the host names it (matched without case, and followed by a spaced dash, `Production – my-site`, never `production-preview`): a `deployment_status` or Vercel `repository_dispatch` of another environment (Netlify's `Deploy Preview`, Vercel's `Preview`, a branch deploy) is skipped with a notice and never touches this target's record. Set it to keep a preview site's images fresh as a target of its own.",
    required: false,
    default: 'production',
  },
} as const;

// Every run, failed or not, sets each of them.
export const ACTION_OUTPUTS = [
  'token',
  'cache-buster',
  'image-url-prefix',
  'invalidated',
  'invalidated-count',
  'invalidated-file',
  'failed',
  'failed-count',
  'failed-file',
  'requests',
  'origin-waited-seconds',
  'verified-count',
  'unverified',
  'report-path',
  'summary-file',
] as const;

export type OutputName = (typeof ACTION_OUTPUTS)[number];
