/**
 * `npm run demo`: the flow the quick start recommends, on this machine. A push in a temporary git repository (an
 * image added, one changed, one deleted, one renamed, and a page that is not an image), then the built action
 * (dist/index.js), spawned as the runner spawns it for that push, with its `url-map`, against the local API
 * emulator, with a local site that serves the images and deploys 2 s after the push. Shows the push, the step, the
 * action's log as a runner would show it (its wait for the site), the URLs the service cleared, the outputs and the
 * job summary. Nothing leaves the machine.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_KEYS, startEmulator } from '../test/emulator/server.ts';
import { createOrigin, pushPayload, writeEvent } from '../test/support/git-repo.ts';
import { runAction } from '../test/support/runner.ts';
import { runnerCommands } from '../test/support/runner-commands.ts';

const styled = process.stdout.isTTY;
const bold = (text: string): string => (styled ? `\x1b[1m${text}\x1b[0m` : text);
const dim = (text: string): string => (styled ? `\x1b[2m${text}\x1b[0m` : text);
const title = (text: string): void => {
  console.log(`\n${bold(`== ${text}`)}`);
};

/** The first few entries of a long list, then how many more. */
function firstOf(list: readonly string[], shown: number): string[] {
  return list.length <= shown ? [...list] : [...list.slice(0, shown), `… ${list.length - shown} more`];
}

/** Workflow command data, as @actions/core escapes it. */
const unescape = (data: string): string =>
  data.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');

/**
 * The action's standard output as the runner's log shows it: `::group::` a heading, `::notice::` and the like
 * a labelled line, `::debug::` a dim line (shown only with debug logging on), masks and the rest hidden.
 */
function asRunnerShowsIt(stdout: string): string {
  return stdout
    .split('\n')
    .map((line) => {
      const [command] = runnerCommands(line);
      if (command?.form !== '::') return line;
      const data = unescape(command.data);
      switch (command.name) {
        case 'group':
          return bold(`▸ ${data}`);
        case 'endgroup':
          return '';
        case 'debug':
          return dim(`  debug: ${data}`);
        case 'notice':
        case 'warning':
        case 'error':
          return `${command.name}: ${data}`;
        default:
          return undefined;
      }
    })
    .filter((line) => line !== undefined)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const rootKey = Object.keys(DEMO_KEYS).find((key) => DEMO_KEYS[key] === 'root') ?? '';
const emulator = await startEmulator();
const origin = createOrigin('image-cache-demo-');
const work = origin.work;

// The repository before the push, then the push itself.
work
  .write('index.html', '<img src="/images/hero.jpg">\n')
  .write('public/images/hero.jpg', 'hero, first version\n')
  .write('public/images/logo.svg')
  .write('public/images/old-banner.png')
  .write('public/images/team photo.jpg', 'the same bytes before and after the rename\n');
const before = work.commit('Site with images');
work
  .write('public/images/hero.jpg', 'hero, second version\n')
  .write('public/images/sale.webp')
  .remove('public/images/old-banner.png')
  .move('public/images/team photo.jpg', 'public/images/team/photo.jpg')
  .write('public/images/credits.txt')
  .write('index.html', '<img src="/images/sale.webp">\n');
const after = work.commit('Spring sale');
work.push('main');

// One hiccup, to show a retry: the first invalidation call is answered 503 with Retry-After: 1.
emulator.inject('invalidate/assets', { status: 503, retryAfter: '1' });

// The site that serves the images, deployed by something else, 2 s after the push: until then it serves the images
// of the commit before. The action waits for it before it invalidates (origin-check).
const DEPLOY_MS = 2_000;
let deployAt = Number.POSITIVE_INFINITY;
const site = createServer((request, response) => {
  const commit = Date.now() < deployAt ? before : after;
  const path = `public${decodeURIComponent(new URL(request.url ?? '/', 'http://site').pathname)}`;
  try {
    response.end(work.git('show', `${commit}:${path}`));
  } catch {
    response.statusCode = 404;
    response.end();
  }
});
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

const URL_MAP = `public/images => ${siteUrl}/images`;
const inputs = {
  'api-key': rootKey,
  'base-url': emulator.url,
  'service-key': emulator.serviceKey,
  'url-map': URL_MAP,
  'origin-check': 'content',
  token: 'true',
  'image-host': 'img.example.net',
};

try {
  console.log(
    `A push in a temporary git repository, and the built action (dist/index.js) run for it as a GitHub runner\n` +
      `runs it, against a local emulator of the image service's API at ${emulator.url}: nothing leaves this\n` +
      `machine. The site that serves the images deploys ${DEPLOY_MS / 1000} s after the push, so the action waits for it; the\n` +
      `emulator answers the first call with 503 and Retry-After: 1, to show a retry.`,
  );

  title('The push');
  console.log(dim(`git diff --name-status -M ${before.slice(0, 7)} ${after.slice(0, 7)}`));
  console.log(work.git('diff', '--name-status', '-M', before, after).trim());

  title('The step (as in the quick start)');
  console.log('on:\n  push:\n    branches: [main]\n...');
  console.log('- uses: image-cache-invalidate/image-cache-invalidate@v1');
  console.log('  with:');
  for (const [name, value] of Object.entries(inputs)) {
    const notes: Record<string, string> = {
      'api-key': "  # the emulator's demo Root key; a workflow passes a secret",
      'url-map': `  # the demo's site, which deploys ${DEPLOY_MS / 1000} s after the push`,
      'origin-check': '  # the default: each image waits until the site serves its new version',
    };
    const note = dim(notes[name] ?? '');
    console.log(`    ${name}: ${value}${note}`);
  }

  deployAt = Date.now() + DEPLOY_MS;
  const run = await runAction(inputs, {
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: writeEvent(origin.root, pushPayload(before, after)),
    GITHUB_WORKSPACE: work.dir,
    GITHUB_SHA: after,
    GITHUB_REPOSITORY: 'octo-org/octo-site',
    GITHUB_API_URL: 'http://127.0.0.1:9', // git answers: the API is not needed
  });

  title('What the action logged');
  console.log(dim('(as the run page shows it; debug lines show there only with debug logging on)\n'));
  console.log(asRunnerShowsIt(run.stdout));
  if (run.stderr.trim() !== '') console.log(run.stderr.trim());

  title('What the service received');
  const hiccup = emulator.requests.find((request) => request.route === 'invalidate/assets');
  for (const request of emulator.requests) {
    const json = request.json as { assets?: string[] } | undefined;
    const auth = String(request.headers.authorization ?? '').replace(rootKey, '<Root key>');
    const what = json?.assets === undefined ? '' : `, ${json.assets.length} assets`;
    const note = request === hiccup ? dim('  # answered 503, sent again after 1 s') : '';
    console.log(`${request.method} ${request.path}  (${auth}${what})${note}`);
  }
  const cleared = [...new Set(emulator.invalidated.assets)];
  console.log(`\nThe image cache was cleared for ${cleared.length} URLs, the push's images by url-map:`);
  for (const entry of firstOf(cleared, 10)) console.log(`  ${entry}`);

  title(
    'Outputs, for the steps after it as steps.<id>.outputs.<name> (the files are removed after the demo)',
  );
  for (const [name, value] of Object.entries(run.outputs)) {
    console.log(`${name}: ${value.length > 100 ? `${value.slice(0, 97)}...` : value}`);
  }

  title(
    'Job summary (Markdown, shown on the run page; also the file of summary-file, for a pull-request comment)',
  );
  console.log(run.summary.trim());
  console.log(`\nexit code: ${run.exitCode}`);
  process.exitCode = run.exitCode;
} finally {
  await emulator.close();
  site.close();
  origin.dispose();
}
