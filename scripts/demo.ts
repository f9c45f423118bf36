/**
 * `npm run demo`: the built action (dist/index.js), spawned as the runner spawns it, against the local API emulator.
 * Shows the step's inputs, the action's log as a runner would show it, what the service received (the image URLs
 * cleared), the outputs and the job summary. Nothing leaves the machine.
 */
import { DEMO_KEYS, startEmulator } from '../test/emulator/server.ts';
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
const assets = Array.from({ length: 230 }, (_, i) => `https://www.example.com/images/photo-${i + 1}.jpg`);
assets.push('5d41402abc4b2a76b9719d911017c592');

// One hiccup, to show a retry: the first invalidation call is answered 503 with Retry-After: 1.
emulator.inject('invalidate/assets', { status: 503, retryAfter: '1' });

const inputs = {
  'api-key': rootKey,
  'base-url': emulator.url,
  'service-key': emulator.serviceKey,
  assets: assets.join('\n'),
  token: 'true',
  'image-host': 'img.example.net',
};

try {
  console.log(
    `The built action (dist/index.js), run as a GitHub runner runs it, against a local emulator of the image\n` +
      `service's API at ${emulator.url}: nothing leaves this machine. The emulator answers the first call with\n` +
      `503 and Retry-After: 1, to show a retry.`,
  );

  title('The step');
  console.log('- uses: image-cache-invalidate/image-cache-invalidate@v1');
  console.log('  with:');
  for (const [name, value] of Object.entries(inputs)) {
    if (name === 'assets') {
      console.log(`    assets: | ${dim(`# ${assets.length} entries: image URLs and one asset hash`)}`);
      for (const entry of firstOf(assets, 3)) console.log(`      ${entry}`);
      console.log(`      ${assets.at(-1) ?? ''}`);
    } else {
      const note =
        name === 'api-key' ? dim("  # the emulator's demo Root key; a workflow passes a secret") : '';
      console.log(`    ${name}: ${value}${note}`);
    }
  }

  const run = await runAction(inputs);

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
  const cleared = new Set(emulator.invalidated.assets);
  console.log(`\nThe image cache was cleared for ${cleared.size} of the ${assets.length} assets:`);
  for (const entry of firstOf(
    assets.filter((asset) => cleared.has(asset)),
    5,
  ))
    console.log(`  ${entry}`);

  title(
    'Outputs, for the steps after it as steps.<id>.outputs.<name> (the files are removed after the demo)',
  );
  for (const [name, value] of Object.entries(run.outputs)) {
    console.log(`${name}: ${value.length > 100 ? `${value.slice(0, 97)}...` : value}`);
  }

  title('Job summary (Markdown, shown on the run page)');
  console.log(run.summary.trim());
  console.log(`\nexit code: ${run.exitCode}`);
  process.exitCode = run.exitCode;
} finally {
  await emulator.close();
}
