import { startEmulator } from '../../test/emulator/server.ts';
import { measureShipped } from './shipped.ts';
const emulator = await startEmulator({ latencyMs: 25 });
try {
  const results = await measureShipped(emulator, (line) => console.log(line));
  for (const r of results) console.log(JSON.stringify({ ...r, spec: `${r.spec.name} ${r.spec.assets} ${r.spec.concurrency}` }));
} finally {
  await emulator.close();
}
