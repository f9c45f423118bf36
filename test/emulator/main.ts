// Runs the emulator standalone, for the demo and for trying a client by hand:
//   node test/emulator/main.ts [--port N] [--latency MS]
import { parseArgs } from 'node:util';
import { DEMO_KEYS, startEmulator, type EmulatorOptions } from './server.ts';

const { values } = parseArgs({ options: { port: { type: 'string' }, latency: { type: 'string' } } });

const options: EmulatorOptions = {};
if (values.port !== undefined) options.port = wholeNumber('--port', values.port, 65_535);
if (values.latency !== undefined) options.latencyMs = wholeNumber('--latency', values.latency, 600_000);

const emulator = await startEmulator(options);
console.log(`emulator listening on ${emulator.url} (service key: ${emulator.serviceKey})`);
for (const [key, kind] of Object.entries(DEMO_KEYS)) console.log(`  ${kind.padEnd(16)} ${key}`);

// Closing ends every socket; with nothing left on the event loop, the process then exits with 0.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void emulator.close();
  });
}

function wholeNumber(flag: string, text: string, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    console.error(`${flag} must be a whole number from 0 to ${max}, got ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return value;
}
