/**
 * The floor of the whole-process benchmark: the least a client can do with the same list, as a plain script. It
 * reads the list file, maps each path to its URL as url-map does, and sends the 100-asset calls with `concurrency`
 * of them in flight over an undici Pool, to the same emulator. No validation, no retries, no report.
 *
 *   node scripts/bench/floor.ts <list file> <endpoint> <concurrency>
 */
import { readFileSync } from 'node:fs';
import { Pool } from 'undici';

const [listFile = '', endpoint = '', concurrency = '4'] = process.argv.slice(2);
const url = new URL(endpoint);
const refs = readFileSync(listFile, 'utf8')
  .split('\n')
  .filter((path) => path !== '')
  .map(
    (path) =>
      `https://www.example.com/images/${path.slice('public/images/'.length).split('/').map(encodeURIComponent).join('/')}`,
  );
const pool = new Pool(url.origin, { connections: Number(concurrency) });
let next = 0;
async function worker(): Promise<void> {
  for (let start = next; start < refs.length; start = next) {
    next += 100;
    const { statusCode, body } = await pool.request({
      path: `${url.pathname}/invalidate/assets`,
      method: 'POST',
      headers: { authorization: 'Bearer root-key-0001', 'content-type': 'application/json' },
      body: JSON.stringify({ assets: refs.slice(start, start + 100) }),
    });
    await body.text();
    if (statusCode !== 200) throw new Error(`HTTP ${statusCode}`);
  }
}
await Promise.all(Array.from({ length: Number(concurrency) }, worker));
await pool.close();
