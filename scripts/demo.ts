/**
 * `npm run demo`: the built action (dist/index.js), spawned as the runner spawns it, against the local API emulator.
 * Shows what the service received, what the action logged, and what it output.
 */
import { DEMO_KEYS, startEmulator } from '../test/emulator/server.ts';
import { runAction } from '../test/support/runner.ts';

const rootKey = Object.keys(DEMO_KEYS).find((key) => DEMO_KEYS[key] === 'root') ?? '';
const emulator = await startEmulator();
const assets = Array.from({ length: 230 }, (_, i) => `https://www.example.com/images/photo-${i + 1}.jpg`);
assets.push('5d41402abc4b2a76b9719d911017c592');

// One hiccup, to show a retry: the first invalidation call is answered 503 with Retry-After: 1.
emulator.inject('invalidate/assets', { status: 503, retryAfter: '1' });

const title = (text: string): void => {
  console.log(`\n\x1b[1m== ${text}\x1b[0m`);
};
try {
  title(`Action: ${assets.length} assets, token: true, against ${emulator.url}`);
  const run = await runAction({
    'api-key': rootKey,
    'base-url': emulator.url,
    'service-key': emulator.serviceKey,
    assets: assets.join('\n'),
    token: 'true',
  });
  process.stdout.write(run.stdout.replace(/^::(add-mask|set-output)::.*\n\n?/gm, ''));

  title('What the emulator received');
  for (const request of emulator.requests) {
    const json = request.json as { assets?: unknown[]; domain?: string } | undefined;
    const body = json?.assets !== undefined ? `{"assets": [${json.assets.length} entries]}` : request.body;
    const auth = String(request.headers.authorization ?? '').replace(rootKey, '<Root key>');
    console.log(`${request.method} ${request.path}  ${auth}  ${body}`);
  }

  title('Outputs');
  for (const [name, value] of Object.entries(run.outputs)) {
    console.log(`${name}: ${value.length > 120 ? `${value.slice(0, 117)}...` : value}`);
  }
  title('Job summary (Markdown)');
  console.log(run.summary);
  console.log(`exit code: ${run.exitCode}`);
  process.exitCode = run.exitCode;
} finally {
  await emulator.close();
}
